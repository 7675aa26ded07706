package claude

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// Claude Code is a JavaScript program: its hook payloads are written by
// JSON.stringify. These helpers produce byte-identical JSON from Go:
// compact, keys in the given order, and strings escaped the way
// JSON.stringify escapes them — only '"', '\\' and control characters
// (\b \f \n \r \t by name, the rest as \u00xx), everything else literal
// (no HTML escaping, U+2028/U+2029 literal).

// jsObject builds one JSON object in key order.
type jsObject struct {
	buf bytes.Buffer
	n   int
	err error
}

func (o *jsObject) key(k string) {
	if o.n == 0 {
		o.buf.WriteByte('{')
	} else {
		o.buf.WriteByte(',')
	}
	o.n++
	writeJSString(&o.buf, k)
	o.buf.WriteByte(':')
}

func (o *jsObject) str(k, v string) {
	o.key(k)
	writeJSString(&o.buf, v)
}

func (o *jsObject) boolean(k string, v bool) {
	o.key(k)
	o.buf.WriteString(strconv.FormatBool(v))
}

// raw writes a raw JSON value re-serialised the JSON.stringify way; an
// empty value is skipped.
func (o *jsObject) raw(k string, v json.RawMessage) {
	if len(bytes.TrimSpace(v)) == 0 {
		return
	}
	var b bytes.Buffer
	if err := canonJS(&b, v); err != nil {
		if o.err == nil {
			o.err = fmt.Errorf("field %s: %w", k, err)
		}
		return
	}
	o.key(k)
	o.buf.Write(b.Bytes())
}

func (o *jsObject) bytes() ([]byte, error) {
	if o.err != nil {
		return nil, o.err
	}
	if o.n == 0 {
		return []byte("{}"), nil
	}
	return append(o.buf.Bytes(), '}'), nil
}

// writeJSString writes s as JSON.stringify would. Invalid UTF-8 bytes
// become U+FFFD (a JavaScript string cannot hold them).
func writeJSString(b *bytes.Buffer, s string) {
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

// canonJS re-serialises one JSON value the JSON.stringify way: compact,
// keys in their original order, strings re-escaped, numbers as written
// (a value Claude sends was produced by JavaScript, so its numbers are
// already in JavaScript's form).
func canonJS(w *bytes.Buffer, raw []byte) error {
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
				writeJSString(w, kt.(string))
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
		_, err := dec.Token() // closing delimiter
		return err
	case string:
		writeJSString(w, t)
	case json.Number:
		w.WriteString(t.String())
	case bool:
		w.WriteString(strconv.FormatBool(t))
	case nil:
		w.WriteString("null")
	}
	return nil
}
