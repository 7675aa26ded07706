package codex

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"

	"github.com/hookcompat/hookcompat/internal/jsonwire"
)

// Codex is a Rust program: it writes hook payloads with serde_json
// (to_string), which jsonwire's Serde style reproduces. What follows is
// what Codex's wire needs besides.

// canonical returns v re-serialised (for comparisons), or v itself when
// it is not JSON.
func canonical(v json.RawMessage) string {
	c, err := jsonwire.Serde.Canon(v)
	if err != nil {
		return string(v)
	}
	return string(c)
}

// marshalNoHTML encodes v compactly without HTML escaping.
func marshalNoHTML(v any) (json.RawMessage, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// lossy decodes bytes as Rust's String::from_utf8_lossy does: each
// maximal invalid subsequence becomes one U+FFFD.
func lossy(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var out bytes.Buffer
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || size > 1 {
			out.WriteRune(r)
			i += size
			continue
		}
		// An invalid sequence: consume the longest prefix of a valid
		// multi-byte sequence (a "maximal subpart"), at least one byte.
		n := maximalSubpart(b[i:])
		out.WriteRune(utf8.RuneError)
		i += n
	}
	return out.String()
}

// maximalSubpart is the length of the maximal subpart of an ill-formed
// UTF-8 sequence at the start of b (Unicode §3.9, U+FFFD substitution).
func maximalSubpart(b []byte) int {
	c := b[0]
	var need int
	lo, hi := byte(0x80), byte(0xBF)
	switch {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case c >= 0xE1 && c <= 0xEC, c == 0xEE, c == 0xEF:
		need = 2
	case c == 0xED:
		need, hi = 2, 0x9F
	case c == 0xF0:
		need, lo = 3, 0x90
	case c >= 0xF1 && c <= 0xF3:
		need = 3
	case c == 0xF4:
		need, hi = 3, 0x8F
	default:
		return 1
	}
	n := 1
	for k := 0; k < need && n < len(b); k++ {
		x := b[n]
		if k == 0 {
			if x < lo || x > hi {
				return n
			}
		} else if x < 0x80 || x > 0xBF {
			return n
		}
		n++
	}
	return n
}
