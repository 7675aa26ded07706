package jsonwire

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// writeStringRef is WriteString written the plain way, rune by rune: the
// reference the fast one must match byte for byte.
func writeStringRef(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			const hex = "0123456789abcdef"
			b.WriteString(`\u00`)
			b.WriteByte(hex[r>>4])
			b.WriteByte(hex[r&0xf])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

var stringSeeds = []string{
	"", "plain", "a\"b\\c", "\b\f\n\r\t\x00\x01\x1f\x7f", "héllo 世界 😀", "\xff\xfe", "a\xc3", "\xef\xbf\xbd",
	"\u2028\u2029", `\u00e9`, "mixed \xe2\x82 x",
}

var literalSeeds = []string{
	`""`, `"plain"`, `"a\"b\\c\/d"`, `"\b\f\n\r\t"`, `"\u0000\u001f\u007f\u00e9\u00E9"`, `"\ud83d\ude00"`,
	`"\ud800"`, `"\udc00"`, `"\ud800\ud800"`, `"\ud800\u0041"`, `"\ud800x"`, `"\ud83d\ude00\ud83d"`,
	`"\u0022\u005c\u002f"`, "\"raw \xff bytes\"", "\"\xe2\x82\"", `"\u2028"`,
}

// checkString compares WriteString with the reference, and the
// transcoding of a literal with WriteString of encoding/json's unquoting.
func checkString(t *testing.T, s string) {
	var got, want bytes.Buffer
	WriteString(&got, s)
	writeStringRef(&want, s)
	if got.String() != want.String() {
		t.Fatalf("WriteString(%q) = %q, want %q", s, got.String(), want.String())
	}
}

func checkLiteral(t *testing.T, lit []byte) {
	var str string
	if json.Unmarshal(lit, &str) != nil || len(lit) < 2 || lit[0] != '"' {
		return // not one string literal
	}
	var got, want bytes.Buffer
	transcodeString(&got, lit)
	WriteString(&want, str)
	if got.String() != want.String() {
		t.Fatalf("transcodeString(%q) = %q, want %q", lit, got.String(), want.String())
	}
}

func TestFastStringWriters(t *testing.T) {
	for _, s := range stringSeeds {
		checkString(t, s)
		b, _ := json.Marshal(s)
		checkLiteral(t, b)
	}
	for _, l := range literalSeeds {
		checkLiteral(t, []byte(l))
	}
}

// FuzzStringWriters: the fast WriteString is the rune-by-rune one, and
// transcoding a string literal is WriteString of its unquoting.
func FuzzStringWriters(f *testing.F) {
	for _, s := range stringSeeds {
		f.Add(s)
	}
	for _, l := range literalSeeds {
		f.Add(l)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkString(t, s)
		checkLiteral(t, []byte(s))
		b, _ := json.Marshal(s)
		checkLiteral(t, b)
	})
}

// FuzzCompact: on valid JSON, the in-place compaction writes what the
// decoding writer does in the styles that use it (JS, Serde).
func FuzzCompact(f *testing.F) {
	for _, s := range []string{`{"a": "x\ny", "b": [1, 2.50, "\u00e9"], "a": null}`, `"\ud800"`, ` [ true , false ] `, "\"\xff\""} {
		f.Add([]byte(s))
	}
	for _, l := range literalSeeds {
		f.Add([]byte(l))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if !json.Valid(raw) {
			return
		}
		for _, st := range []Style{JS, Serde} {
			var fast, slow bytes.Buffer
			compact(&fast, raw)
			if err := st.decode(&slow, raw); err != nil {
				return // deeper than encoding/json reads
			}
			if fast.String() != slow.String() {
				t.Fatalf("%s: compact(%q) = %q, decode writes %q", st, raw, fast.String(), slow.String())
			}
		}
	})
}
