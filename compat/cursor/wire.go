package cursor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// Cursor is an Electron (JavaScript) program: it writes hook payloads
// with JSON.stringify. object builds such JSON from Go: compact, keys in
// the order given, strings escaped as JSON.stringify escapes them (only
// '"', '\\' and control characters; everything else literal).
type object struct {
	buf bytes.Buffer
	n   int
	err error
}

func (o *object) key(k string) {
	if o.n == 0 {
		o.buf.WriteByte('{')
	} else {
		o.buf.WriteByte(',')
	}
	o.n++
	jsString(&o.buf, k)
	o.buf.WriteByte(':')
}

func (o *object) str(k, v string) {
	o.key(k)
	jsString(&o.buf, v)
}

func (o *object) boolean(k string, v bool) {
	o.key(k)
	o.buf.WriteString(strconv.FormatBool(v))
}

// raw writes a JSON value re-serialised the JSON.stringify way; an empty
// value is skipped.
func (o *object) raw(k string, v json.RawMessage) {
	if len(bytes.TrimSpace(v)) == 0 {
		return
	}
	var b bytes.Buffer
	if err := canon(&b, v); err != nil {
		if o.err == nil {
			o.err = fmt.Errorf("field %s: %w", k, err)
		}
		return
	}
	o.key(k)
	o.buf.Write(b.Bytes())
}

func (o *object) bytes() ([]byte, error) {
	if o.err != nil {
		return nil, o.err
	}
	if o.n == 0 {
		return []byte("{}"), nil
	}
	return append(o.buf.Bytes(), '}'), nil
}

// jsString writes s as JSON.stringify does; invalid UTF-8 becomes U+FFFD.
func jsString(b *bytes.Buffer, s string) {
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

// jsQuote is s as a JSON.stringify string.
func jsQuote(s string) json.RawMessage {
	var b bytes.Buffer
	jsString(&b, s)
	return b.Bytes()
}

// canonJSON is raw re-serialised the JSON.stringify way (compact, keys in
// order, numbers as written).
func canonJSON(raw []byte) ([]byte, error) {
	var b bytes.Buffer
	if err := canon(&b, raw); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func canon(w *bytes.Buffer, raw []byte) error {
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
		open, close := byte('{'), byte('}')
		if t == '[' {
			open, close = '[', ']'
		}
		w.WriteByte(open)
		for i := 0; dec.More(); i++ {
			if i > 0 {
				w.WriteByte(',')
			}
			if t == '{' {
				kt, err := dec.Token()
				if err != nil {
					return err
				}
				jsString(w, kt.(string))
				w.WriteByte(':')
			}
			if err := canonValue(w, dec); err != nil {
				return err
			}
		}
		w.WriteByte(close)
		_, err := dec.Token()
		return err
	case string:
		jsString(w, t)
	case json.Number:
		w.WriteString(t.String())
	case bool:
		w.WriteString(strconv.FormatBool(t))
	case nil:
		w.WriteString("null")
	}
	return nil
}
