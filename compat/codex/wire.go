package codex

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// Codex is a Rust program: it writes hook payloads with serde_json
// (to_string): compact, keys in struct order, strings escaped only for
// '"', '\\' and control characters (\b \f \n \r \t by name, the rest as
// \u00xx in lower-case hex), everything else literal (no HTML escaping,
// U+2028/U+2029 literal), numbers as they were read.

// serdeObject builds one JSON object in key order.
type serdeObject struct {
	buf bytes.Buffer
	n   int
	err error
}

func (o *serdeObject) key(k string) {
	if o.n == 0 {
		o.buf.WriteByte('{')
	} else {
		o.buf.WriteByte(',')
	}
	o.n++
	writeSerdeString(&o.buf, k)
	o.buf.WriteByte(':')
}

func (o *serdeObject) str(k, v string) {
	o.key(k)
	writeSerdeString(&o.buf, v)
}

func (o *serdeObject) boolean(k string, v bool) {
	o.key(k)
	o.buf.WriteString(strconv.FormatBool(v))
}

// raw writes a JSON value re-serialised the serde_json way.
func (o *serdeObject) raw(k string, v json.RawMessage) {
	var b bytes.Buffer
	if err := canonSerde(&b, v); err != nil {
		if o.err == nil {
			o.err = fmt.Errorf("field %s: %w", k, err)
		}
		return
	}
	o.key(k)
	o.buf.Write(b.Bytes())
}

func (o *serdeObject) bytes() ([]byte, error) {
	if o.err != nil {
		return nil, o.err
	}
	if o.n == 0 {
		return []byte("{}"), nil
	}
	return append(o.buf.Bytes(), '}'), nil
}

// writeSerdeString writes s as serde_json does; invalid UTF-8 becomes
// U+FFFD (a Rust String cannot hold it).
func writeSerdeString(b *bytes.Buffer, s string) {
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

// serdeString is s as a serde_json string.
func serdeString(s string) json.RawMessage {
	var b bytes.Buffer
	writeSerdeString(&b, s)
	return b.Bytes()
}

// canonSerde re-serialises one JSON value compactly, keys in their order,
// strings re-escaped, numbers as written.
func canonSerde(w *bytes.Buffer, raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := canonValue(w, dec); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("trailing data after JSON value")
	}
	return nil
}

func canonValue(w *bytes.Buffer, dec *json.Decoder) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			w.WriteByte('{')
			for i := 0; dec.More(); i++ {
				if i > 0 {
					w.WriteByte(',')
				}
				kt, err := dec.Token()
				if err != nil {
					return err
				}
				writeSerdeString(w, kt.(string))
				w.WriteByte(':')
				if err := canonValue(w, dec); err != nil {
					return err
				}
			}
			w.WriteByte('}')
		case '[':
			w.WriteByte('[')
			for i := 0; dec.More(); i++ {
				if i > 0 {
					w.WriteByte(',')
				}
				if err := canonValue(w, dec); err != nil {
					return err
				}
			}
			w.WriteByte(']')
		}
		_, err := dec.Token()
		return err
	case string:
		writeSerdeString(w, t)
	case json.Number:
		w.WriteString(t.String())
	case bool:
		w.WriteString(strconv.FormatBool(t))
	case nil:
		w.WriteString("null")
	}
	return nil
}

// canonical returns v re-serialised (for comparisons), or v itself when
// it is not JSON.
func canonical(v json.RawMessage) string {
	var b bytes.Buffer
	if err := canonSerde(&b, v); err != nil {
		return string(v)
	}
	return b.String()
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
