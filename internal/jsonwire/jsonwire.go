package jsonwire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/hookcompat/hookcompat/internal/hookjson"
)

// Style is how a runtime writes a value it received as raw JSON; the
// package documentation compares the three. The zero Style is [JS].
type Style uint8

const (
	// JS is JSON.stringify of a value already in JavaScript's form (Claude
	// Code, Cursor): members in their order, duplicates kept, numbers as
	// written; an empty raw member is left out.
	JS Style = iota
	// JSRoundTrip is JSON.stringify(JSON.parse(raw)) (Gemini CLI, Qwen
	// Code): a duplicate key keeps its first position and its last value,
	// numbers are written by [JSNumber]; an empty raw member is left out.
	JSRoundTrip
	// Serde is serde_json::to_string (Codex): members in their order,
	// duplicates kept, numbers as written; an empty raw member is an error.
	Serde
)

// String names the style ("js", "js-roundtrip", "serde").
func (s Style) String() string {
	switch s {
	case JS:
		return "js"
	case JSRoundTrip:
		return "js-roundtrip"
	case Serde:
		return "serde"
	}
	return "Style(" + strconv.Itoa(int(s)) + ")"
}

// Object builds one JSON object member by member, in the order the
// members are added, as the object's [Style] writes it. Build one with
// [NewObject]; the zero value is an empty [JS] object.
type Object struct {
	style Style
	buf   bytes.Buffer
	n     int
	err   error
}

// NewObject returns an empty object written in style s.
func NewObject(s Style) *Object { return &Object{style: s} }

func (o *Object) key(k string) {
	if o.n == 0 {
		o.buf.WriteByte('{')
	} else {
		o.buf.WriteByte(',')
	}
	o.n++
	WriteString(&o.buf, k)
	o.buf.WriteByte(':')
}

// Str adds a string member.
func (o *Object) Str(k, v string) {
	o.key(k)
	WriteString(&o.buf, v)
}

// Bool adds a boolean member.
func (o *Object) Bool(k string, v bool) {
	o.key(k)
	o.buf.WriteString(strconv.FormatBool(v))
}

// Raw adds a member whose value is raw JSON, re-written by the object's
// style ([Style.Canon]). An empty (or all white-space) value is left out
// in the JavaScript styles and fails in [Serde]. A value that cannot be
// read makes [Object.Bytes] fail with "field <k>: <reason>" (the first
// such member only); the member is not written.
func (o *Object) Raw(k string, v json.RawMessage) {
	if o.style != Serde && len(bytes.TrimSpace(v)) == 0 {
		return
	}
	start := o.buf.Len()
	o.key(k)
	if err := o.style.canon(&o.buf, v); err != nil {
		o.buf.Truncate(start)
		o.n--
		if o.err == nil {
			o.err = fmt.Errorf("field %s: %w", k, err)
		}
	}
}

// Reset empties o and makes it an object of style s, keeping its buffer
// (for an Object reused through a sync.Pool).
func (o *Object) Reset(s Style) {
	o.style, o.n, o.err = s, 0, nil
	o.buf.Reset()
}

// Len is the number of members written.
func (o *Object) Len() int { return o.n }

// Bytes returns the object's JSON ("{}" when it has no members) in a new
// slice, or the error of the first [Object.Raw] value that could not be
// read.
func (o *Object) Bytes() ([]byte, error) {
	if o.err != nil {
		return nil, o.err
	}
	if o.n == 0 {
		return []byte("{}"), nil
	}
	out := make([]byte, 0, o.buf.Len()+1)
	out = append(out, o.buf.Bytes()...)
	return append(out, '}'), nil
}

// Line is [Object.Bytes] followed by one newline, in one new slice.
func (o *Object) Line() ([]byte, error) {
	if o.err != nil {
		return nil, o.err
	}
	if o.n == 0 {
		return []byte("{}\n"), nil
	}
	out := make([]byte, 0, o.buf.Len()+2)
	out = append(out, o.buf.Bytes()...)
	return append(out, '}', '\n'), nil
}

// WriteString writes s to b as a JSON string, escaped as both
// JSON.stringify and serde_json escape it: '"', '\\', \b \f \n \r \t by
// name, other characters below U+0020 as \u00xx (lower-case hex), the
// rest literal. Each byte of s that is not part of valid UTF-8 is written
// as U+FFFD.
func WriteString(b *bytes.Buffer, s string) {
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	run := 0 // start of the bytes written as they are
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < utf8.RuneSelf && c != '"' && c != '\\' {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r != utf8.RuneError || size != 1 {
				i += size // valid UTF-8 (U+FFFD itself included): as it is
				continue
			}
			b.WriteString(s[run:i])
			b.WriteRune(utf8.RuneError)
			i++
			run = i
			continue
		}
		b.WriteString(s[run:i])
		writeEscape(b, rune(c))
		i++
		run = i
	}
	b.WriteString(s[run:])
	b.WriteByte('"')
}

// writeEscape writes the escape WriteString writes for r, one of '"',
// '\\' and the characters below U+0020.
func writeEscape(b *bytes.Buffer, r rune) {
	switch r {
	case '"':
		b.WriteString(`\"`)
	case '\\':
		b.WriteString(`\\`)
	case '\b':
		b.WriteString(`\b`)
	case '\f':
		b.WriteString(`\f`)
	case '\n':
		b.WriteString(`\n`)
	case '\r':
		b.WriteString(`\r`)
	case '\t':
		b.WriteString(`\t`)
	default:
		const hex = "0123456789abcdef"
		b.WriteString(`\u00`)
		b.WriteByte(hex[r>>4])
		b.WriteByte(hex[r&0xf])
	}
}

// writeRune writes one decoded character as WriteString writes it.
func writeRune(b *bytes.Buffer, r rune) {
	if r < 0x20 || r == '"' || r == '\\' {
		writeEscape(b, r)
		return
	}
	b.WriteRune(r)
}

// transcodeString appends the JSON string literal lit (quotes included;
// valid JSON, with escapes or bytes that are not UTF-8) to w as
// WriteString writes the string encoding/json unquotes from it, without
// unquoting it first: plain runs are copied, each escape is turned into
// WriteString's form of its character. Like encoding/json, a \u escape
// of a surrogate that is not half of a valid pair is U+FFFD, and so is
// each byte that is not part of valid UTF-8.
func transcodeString(w *bytes.Buffer, lit []byte) {
	s := lit[1 : len(lit)-1]
	w.Grow(len(lit))
	w.WriteByte('"')
	run := 0
	flush := func(i int) { w.Write(s[run:i]) }
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\':
			flush(i)
			switch e := s[i+1]; e {
			case '"', '\\':
				w.WriteByte('\\')
				w.WriteByte(e)
				i += 2
			case '/':
				w.WriteByte('/')
				i += 2
			case 'b', 'f', 'n', 'r', 't':
				w.WriteByte('\\')
				w.WriteByte(e)
				i += 2
			case 'u':
				r := hex4(s[i+2 : i+6])
				i += 6
				if utf16.IsSurrogate(r) {
					r2 := rune(-1)
					if i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
						r2 = hex4(s[i+2 : i+6])
					}
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						r = dec
						i += 6
					} else {
						r = utf8.RuneError
					}
				}
				writeRune(w, r)
			}
			run = i
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRune(s[i:])
			if r == utf8.RuneError && size == 1 {
				flush(i)
				w.WriteRune(utf8.RuneError)
				i++
				run = i
				continue
			}
			i += size
		}
	}
	flush(len(s))
	w.WriteByte('"')
}

// hex4 reads four hex digits (of a \u escape of valid JSON).
func hex4(h []byte) rune {
	var r rune
	for _, c := range h {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		default:
			c = c - 'A' + 10
		}
		r = r<<4 | rune(c)
	}
	return r
}

// Quote returns s as a JSON string literal ([WriteString]).
func Quote(s string) string {
	var b bytes.Buffer
	WriteString(&b, s)
	return b.String()
}

// RawString returns s as a JSON string literal ([WriteString]), ready to
// be used as a raw JSON value.
func RawString(s string) json.RawMessage {
	var b bytes.Buffer
	WriteString(&b, s)
	return b.Bytes()
}

// Canon re-writes one JSON value (white space around it allowed) as style
// s writes it: compact, members in their order, strings re-escaped by
// [WriteString]; duplicate keys and numbers as the style says. It fails
// with encoding/json's error when raw is not JSON (io.EOF when it is
// empty) and with "trailing data after JSON value" when more follows the
// value.
func (s Style) Canon(raw []byte) ([]byte, error) {
	var b bytes.Buffer
	if err := s.canon(&b, raw); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// canon appends raw re-written to w; on error w holds a partial value.
// Valid JSON in the styles that keep members and numbers as written is
// compacted in place ([compact]); everything else goes through
// encoding/json's decoder ([Style.decode]), which also words the errors.
func (s Style) canon(w *bytes.Buffer, raw []byte) error {
	if s != JSRoundTrip && hookjson.StdValid(raw) {
		compact(w, raw)
		return nil
	}
	return s.decode(w, raw)
}

// compact appends valid JSON raw to w as [Style.decode] writes it in
// [JS] and [Serde], without decoding it: white space between tokens is
// dropped, numbers and literals are copied, and a string is copied as it
// stands when it has no escape and is valid UTF-8 (then [WriteString]
// would write it unchanged), else transcoded to what [WriteString] writes
// of encoding/json's unquoting of it (transcodeString).
func compact(w *bytes.Buffer, raw []byte) {
	w.Grow(len(raw))
	for i := 0; i < len(raw); {
		switch c := raw[i]; c {
		case ' ', '\t', '\n', '\r':
			i++
		case '"':
			end, plain := stringEnd(raw, i)
			if plain {
				w.Write(raw[i:end])
			} else {
				transcodeString(w, raw[i:end])
			}
			i = end
		default:
			w.WriteByte(c)
			i++
		}
	}
}

// stringEnd returns the index just past the JSON string that starts at
// raw[start] (a '"'; raw is valid JSON), and whether the string is
// plain: no escape, and valid UTF-8.
func stringEnd(raw []byte, start int) (end int, plain bool) {
	for j := start + 1; ; {
		q := bytes.IndexByte(raw[j:], '"')
		if q < 0 {
			return len(raw), false // not reached on valid JSON
		}
		j += q
		n := 0 // backslashes before the quote: escaped when odd
		for k := j - 1; k > start && raw[k] == '\\'; k-- {
			n++
		}
		if n%2 == 0 {
			body := raw[start+1 : j]
			return j + 1, bytes.IndexByte(body, '\\') < 0 && utf8.Valid(body)
		}
		j++
	}
}

// decode appends raw re-written to w by reading it with encoding/json's
// decoder; on error w holds a partial value.
func (s Style) decode(w *bytes.Buffer, raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := s.value(w, dec); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("trailing data after JSON value")
	}
	return nil
}

// member is one object member written to a buffer: its key and where its
// value's bytes start and end.
type member struct {
	key        string
	start, end int
}

// value writes the next JSON value of dec to w.
func (s Style) value(w *bytes.Buffer, dec *json.Decoder) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch t := tok.(type) {
	case json.Delim:
		if t == '[' {
			w.WriteByte('[')
			for i := 0; dec.More(); i++ {
				if i > 0 {
					w.WriteByte(',')
				}
				if err := s.value(w, dec); err != nil {
					return err
				}
			}
			w.WriteByte(']')
			_, err := dec.Token()
			return err
		}
		return s.object(w, dec)
	case string:
		WriteString(w, t)
	case json.Number:
		if s == JSRoundTrip {
			w.WriteString(JSNumber(t))
		} else {
			w.WriteString(t.String())
		}
	case bool:
		w.WriteString(strconv.FormatBool(t))
	case nil:
		w.WriteString("null")
	}
	return nil
}

// object writes the members of the object whose '{' dec has just read.
// In JSRoundTrip, when a key repeats, the object is written again from
// the recorded members: each key once, at its first position, with its
// last value (JSON.parse's rule).
func (s Style) object(w *bytes.Buffer, dec *json.Decoder) error {
	start := w.Len()
	w.WriteByte('{')
	var members []member
	var seen map[string]bool
	dup := false
	for i := 0; dec.More(); i++ {
		if i > 0 {
			w.WriteByte(',')
		}
		kt, err := dec.Token()
		if err != nil {
			return err
		}
		k := kt.(string)
		WriteString(w, k)
		w.WriteByte(':')
		vstart := w.Len()
		if err := s.value(w, dec); err != nil {
			return err
		}
		if s == JSRoundTrip {
			if seen == nil {
				seen = map[string]bool{}
			}
			dup = dup || seen[k]
			seen[k] = true
			members = append(members, member{k, vstart - start, w.Len() - start})
		}
	}
	if dup {
		body := bytes.Clone(w.Bytes()[start:])
		w.Truncate(start)
		last := make(map[string]member, len(seen))
		for _, m := range members {
			last[m.key] = m
		}
		w.WriteByte('{')
		n := 0
		for _, m := range members {
			l, ok := last[m.key]
			if !ok {
				continue // written already
			}
			delete(last, m.key)
			if n > 0 {
				w.WriteByte(',')
			}
			n++
			WriteString(w, m.key)
			w.WriteByte(':')
			w.Write(body[l.start:l.end])
		}
	}
	w.WriteByte('}')
	_, err := dec.Token() // '}'
	return err
}

// JSNumber spells a JSON number as JavaScript prints it after JSON.parse
// (Number.prototype.toString): the shortest digits that read back as the
// same double, positional notation for magnitudes in [1e-6, 1e21) and
// exponent notation outside it: 1.0 is "1", -0 is "0", 1e21 is "1e+21",
// 1.5e-7 is "1.5e-7", 0.00005 is "0.00005". A number beyond the range of
// a double becomes Infinity, which JSON.stringify writes as "null".
func JSNumber(n json.Number) string {
	f, err := strconv.ParseFloat(n.String(), 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return "null"
	}
	if f == 0 {
		return "0" // also -0
	}
	abs := math.Abs(f)
	if abs >= 1e-6 && abs < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	s := strconv.FormatFloat(f, 'e', -1, 64)
	mant, exp, _ := strings.Cut(s, "e")
	sign := exp[0]
	digits := strings.TrimLeft(exp[1:], "0")
	if digits == "" {
		digits = "0"
	}
	return mant + "e" + string(sign) + digits
}
