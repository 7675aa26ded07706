package tomlpos

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Quote renders s as a TOML basic string: '"' and '\' escaped, the
// control characters (below U+0020 and U+007F) as their short escapes or
// \uXXXX, a byte that is not UTF-8 as \uFFFD (TOML strings must be valid
// UTF-8; the byte stays visible), every other character as it is. It is
// what settings' encoder and the in-place TOML writers write.
func Quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteString(`\uFFFD`)
			i++
			continue
		}
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if r < 0x20 || r == 0x7f {
				fmt.Fprintf(&b, `\u%04X`, r)
			} else {
				b.WriteRune(r)
			}
		}
		i += size
	}
	b.WriteByte('"')
	return b.String()
}
