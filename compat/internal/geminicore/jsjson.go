package geminicore

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Gemini CLI and Qwen Code are JavaScript programs: a hook's stdin is
// JSON.stringify of the payload object. The writers here produce the same
// bytes from Go: compact, keys in the given order, strings escaped only
// where JSON.stringify escapes them ('"', '\\' and control characters; no
// HTML escaping; U+2028 and U+2029 literal), numbers in JavaScript's
// shortest form.

// Object builds one JSON object in key order, the way JSON.stringify
// writes it. The zero value is an empty object.
type Object struct {
	buf bytes.Buffer
	n   int
	err error
}

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

// Raw adds a member whose value is raw JSON, re-serialised the
// JSON.stringify way ([Canon]); an empty value is skipped. A value that
// is not JSON makes [Object.Bytes] fail.
func (o *Object) Raw(k string, v json.RawMessage) {
	if len(bytes.TrimSpace(v)) == 0 {
		return
	}
	c, err := Canon(v)
	if err != nil {
		if o.err == nil {
			o.err = fmt.Errorf("field %s: %w", k, err)
		}
		return
	}
	o.key(k)
	o.buf.Write(c)
}

// Len is the number of members written.
func (o *Object) Len() int { return o.n }

// Bytes returns the object's JSON.
func (o *Object) Bytes() ([]byte, error) {
	if o.err != nil {
		return nil, o.err
	}
	if o.n == 0 {
		return []byte("{}"), nil
	}
	out := append([]byte(nil), o.buf.Bytes()...)
	return append(out, '}'), nil
}

// WriteString writes s as JSON.stringify writes a string. Invalid UTF-8
// bytes become U+FFFD (a JavaScript string cannot hold them).
func WriteString(b *bytes.Buffer, s string) {
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
			fmt.Fprintf(b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// Quote returns s as a JSON.stringify string literal.
func Quote(s string) string {
	var b bytes.Buffer
	WriteString(&b, s)
	return b.String()
}

// Canon re-serialises one JSON value the JSON.stringify way: compact,
// keys in their original order (a duplicate key keeps its first position
// and its last value, as JSON.parse does), strings re-escaped, numbers in
// JavaScript's shortest form.
func Canon(raw []byte) ([]byte, error) {
	var w bytes.Buffer
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := decodeValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("trailing data after JSON value")
	}
	writeValue(&w, v)
	return w.Bytes(), nil
}

// ordered is a decoded JSON object with its key order.
type ordered struct {
	keys []string
	vals map[string]any
}

func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := &ordered{vals: map[string]any{}}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k := kt.(string)
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				if _, dup := o.vals[k]; !dup {
					o.keys = append(o.keys, k)
				}
				o.vals[k] = v
			}
			_, err := dec.Token()
			return o, err
		case '[':
			var arr []any
			for dec.More() {
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			_, err := dec.Token()
			if arr == nil {
				arr = []any{}
			}
			return arr, err
		}
		return nil, fmt.Errorf("unexpected %v", t)
	default:
		return t, nil
	}
}

func writeValue(w *bytes.Buffer, v any) {
	switch t := v.(type) {
	case *ordered:
		w.WriteByte('{')
		for i, k := range t.keys {
			if i > 0 {
				w.WriteByte(',')
			}
			WriteString(w, k)
			w.WriteByte(':')
			writeValue(w, t.vals[k])
		}
		w.WriteByte('}')
	case []any:
		w.WriteByte('[')
		for i, x := range t {
			if i > 0 {
				w.WriteByte(',')
			}
			writeValue(w, x)
		}
		w.WriteByte(']')
	case string:
		WriteString(w, t)
	case json.Number:
		w.WriteString(JSNumber(t))
	case bool:
		w.WriteString(strconv.FormatBool(t))
	case nil:
		w.WriteString("null")
	}
}

// JSNumber writes a JSON number as JavaScript's Number.prototype.toString
// would after JSON.parse: 1.0 is "1", 1e21 is "1e+21", 1.5e-7 is
// "1.5e-7", 0.00005 is "0.00005". A number too large for a double is written as JavaScript
// would print Infinity in JSON: "null".
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
