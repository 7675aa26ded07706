// Package jsonedit edits JSON files — and JSON with // and /* */ comments,
// as Gemini CLI and Qwen Code read their settings — the way a careful
// editor does: it parses a document keeping the byte span of every value,
// member and comment, and rewrites only the spans it is asked to, so that
// every other byte (comments, white space, key order, duplicate keys,
// escapes, number spellings, bytes that are not UTF-8, a byte order mark,
// CRLF line ends) stays as it was.
//
// [Parse] reads a document; [Doc.List] rewrites the content of one array
// or object — items removed, items replaced, items appended — keeping the
// comments that sat among them; [Apply] splices edits into the bytes.
// [Doc.Canon] gives a value's compact form without comments, to compare
// values.
package jsonedit

import (
	"bytes"
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// Kind is the kind of a JSON value.
type Kind int

// Kinds of [Node].
const (
	Object Kind = iota + 1
	Array
	String
	Number
	Bool
	Null
)

func (k Kind) String() string {
	switch k {
	case Object:
		return "an object"
	case Array:
		return "an array"
	case String:
		return "a string"
	case Number:
		return "a number"
	case Bool:
		return "a boolean"
	case Null:
		return "null"
	}
	return "nothing"
}

// Node is one value of a document, with its byte span [Start, End) in
// [Doc.Data].
type Node struct {
	Kind       Kind
	Start, End int
	// Members of an object, in order, duplicates kept.
	Members []Member
	// Items of an array.
	Items []*Node
	// Str is a string's decoded value (bytes that are not UTF-8 kept as
	// they are).
	Str string
}

// Member is one member of an object: its key's span and decoded text, and
// its value. The member's span is [KeyStart, Value.End).
type Member struct {
	Key              string
	KeyStart, KeyEnd int
	Value            *Node
}

// Get returns the value of the last member named key (the one
// JSON.parse keeps), or nil.
func (n *Node) Get(key string) *Node {
	if n == nil || n.Kind != Object {
		return nil
	}
	for i := len(n.Members) - 1; i >= 0; i-- {
		if n.Members[i].Key == key {
			return n.Members[i].Value
		}
	}
	return nil
}

// Span is a byte range [Start, End).
type Span struct{ Start, End int }

// Doc is a parsed document.
type Doc struct {
	Data []byte
	Root *Node
	// Comments are the spans of every comment, in order (a line comment
	// ends before its line's end).
	Comments []Span
	// BOM reports a UTF-8 byte order mark before the value (skipped).
	BOM bool
}

// Options controls [Parse].
type Options struct {
	// Comments accepts // and /* */ comments between tokens.
	Comments bool
}

// SyntaxError is a document that does not parse, with the 1-based line
// and column (in bytes) of the offending byte.
type SyntaxError struct {
	Line, Col int
	Offset    int
	Msg       string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// Parse parses data: one JSON value (any kind) with optional white space
// and — with opts.Comments — comments around and inside it. A leading
// UTF-8 byte order mark is skipped (Doc.BOM). Strings are strict JSON
// strings (no raw control characters); bytes that are not UTF-8 are kept.
func Parse(data []byte, opts Options) (*Doc, error) {
	p := &parser{data: data, comments: opts.Comments}
	d := &Doc{Data: data}
	if bytes.HasPrefix(data, []byte("\ufeff")) {
		d.BOM = true
		p.pos = 3
	}
	p.space()
	if p.err != nil {
		return nil, p.err
	}
	root := p.value(0)
	if p.err != nil {
		return nil, p.err
	}
	p.space()
	if p.err != nil {
		return nil, p.err
	}
	if p.pos < len(data) {
		return nil, p.fail(p.pos, "unexpected %s after the top-level value", p.what(p.pos))
	}
	d.Root, d.Comments = root, p.spans
	return d, nil
}

// maxDepth bounds nesting, so that a hostile file cannot exhaust the
// stack.
const maxDepth = 1000

type parser struct {
	data     []byte
	pos      int
	comments bool
	spans    []Span
	err      error
}

func (p *parser) fail(off int, format string, args ...any) error {
	if p.err == nil {
		line, col := Position(p.data, off)
		p.err = &SyntaxError{Line: line, Col: col, Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	return p.err
}

func (p *parser) what(off int) string {
	if off >= len(p.data) {
		return "end of file"
	}
	c := p.data[off]
	if c < 0x20 || c >= 0x7f {
		return fmt.Sprintf("byte 0x%02x", c)
	}
	return strconv.QuoteRune(rune(c))
}

// space skips white space and comments.
func (p *parser) space() {
	for p.pos < len(p.data) {
		switch c := p.data[p.pos]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.pos++
		case c == '/' && p.comments && p.pos+1 < len(p.data) && p.data[p.pos+1] == '/':
			start := p.pos
			for p.pos < len(p.data) && p.data[p.pos] != '\n' {
				p.pos++
			}
			end := p.pos
			if end > start && p.data[end-1] == '\r' {
				end--
			}
			p.spans = append(p.spans, Span{start, end})
		case c == '/' && p.comments && p.pos+1 < len(p.data) && p.data[p.pos+1] == '*':
			start := p.pos
			end := bytes.Index(p.data[p.pos+2:], []byte("*/"))
			if end < 0 {
				p.fail(start, "unterminated /* comment")
				return
			}
			p.pos += 2 + end + 2
			p.spans = append(p.spans, Span{start, p.pos})
		default:
			return
		}
	}
}

func (p *parser) value(depth int) *Node {
	if depth > maxDepth {
		p.fail(p.pos, "nested more than %d levels deep", maxDepth)
		return nil
	}
	if p.pos >= len(p.data) {
		p.fail(p.pos, "unexpected end of file, want a value")
		return nil
	}
	start := p.pos
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		s, ok := p.str()
		if !ok {
			return nil
		}
		return &Node{Kind: String, Start: start, End: p.pos, Str: s}
	case c == '-' || c >= '0' && c <= '9':
		if !p.number() {
			return nil
		}
		return &Node{Kind: Number, Start: start, End: p.pos}
	case bytes.HasPrefix(p.data[p.pos:], []byte("true")):
		p.pos += 4
		return &Node{Kind: Bool, Start: start, End: p.pos}
	case bytes.HasPrefix(p.data[p.pos:], []byte("false")):
		p.pos += 5
		return &Node{Kind: Bool, Start: start, End: p.pos}
	case bytes.HasPrefix(p.data[p.pos:], []byte("null")):
		p.pos += 4
		return &Node{Kind: Null, Start: start, End: p.pos}
	}
	p.fail(p.pos, "unexpected %s, want a value", p.what(p.pos))
	return nil
}

func (p *parser) object(depth int) *Node {
	n := &Node{Kind: Object, Start: p.pos}
	p.pos++
	p.space()
	if p.err != nil {
		return nil
	}
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		n.End = p.pos
		return n
	}
	for {
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			p.fail(p.pos, "unexpected %s, want a member name in quotes", p.what(p.pos))
			return nil
		}
		ks := p.pos
		key, ok := p.str()
		if !ok {
			return nil
		}
		m := Member{Key: key, KeyStart: ks, KeyEnd: p.pos}
		p.space()
		if p.err != nil {
			return nil
		}
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			p.fail(p.pos, "unexpected %s after member name %q, want ':'", p.what(p.pos), key)
			return nil
		}
		p.pos++
		p.space()
		if p.err != nil {
			return nil
		}
		m.Value = p.value(depth + 1)
		if p.err != nil {
			return nil
		}
		n.Members = append(n.Members, m)
		p.space()
		if p.err != nil {
			return nil
		}
		if p.pos < len(p.data) && p.data[p.pos] == ',' {
			p.pos++
			p.space()
			if p.err != nil {
				return nil
			}
			continue
		}
		if p.pos < len(p.data) && p.data[p.pos] == '}' {
			p.pos++
			n.End = p.pos
			return n
		}
		p.fail(p.pos, "unexpected %s in an object, want ',' or '}'", p.what(p.pos))
		return nil
	}
}

func (p *parser) array(depth int) *Node {
	n := &Node{Kind: Array, Start: p.pos}
	p.pos++
	p.space()
	if p.err != nil {
		return nil
	}
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		n.End = p.pos
		return n
	}
	for {
		v := p.value(depth + 1)
		if p.err != nil {
			return nil
		}
		n.Items = append(n.Items, v)
		p.space()
		if p.err != nil {
			return nil
		}
		if p.pos < len(p.data) && p.data[p.pos] == ',' {
			p.pos++
			p.space()
			if p.err != nil {
				return nil
			}
			continue
		}
		if p.pos < len(p.data) && p.data[p.pos] == ']' {
			p.pos++
			n.End = p.pos
			return n
		}
		p.fail(p.pos, "unexpected %s in an array, want ',' or ']'", p.what(p.pos))
		return nil
	}
}

// str reads a string at p.pos and returns its decoded value.
func (p *parser) str() (string, bool) {
	start := p.pos
	p.pos++
	var b []byte
	for {
		if p.pos >= len(p.data) {
			p.fail(start, "unterminated string")
			return "", false
		}
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			return string(b), true
		case c < 0x20:
			p.fail(p.pos, "control character 0x%02x in a string (write it as \\u%04x)", c, c)
			return "", false
		case c == '\\':
			if p.pos+1 >= len(p.data) {
				p.fail(p.pos, "unterminated string")
				return "", false
			}
			e := p.data[p.pos+1]
			p.pos += 2
			switch e {
			case '"', '\\', '/':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				r, ok := p.hex4()
				if !ok {
					return "", false
				}
				if utf16.IsSurrogate(r) {
					r2 := rune(-1)
					if p.pos+1 < len(p.data) && p.data[p.pos] == '\\' && p.data[p.pos+1] == 'u' {
						save := p.pos
						p.pos += 2
						var ok2 bool
						r2, ok2 = p.hex4()
						if !ok2 {
							return "", false
						}
						if utf16.DecodeRune(r, r2) == utf8.RuneError {
							p.pos = save
							r2 = -1
						}
					}
					if r2 >= 0 {
						r = utf16.DecodeRune(r, r2)
					} else {
						r = utf8.RuneError
					}
				}
				b = utf8.AppendRune(b, r)
			default:
				p.fail(p.pos-2, "invalid escape \\%c in a string", e)
				return "", false
			}
		default:
			b = append(b, c)
			p.pos++
		}
	}
}

func (p *parser) hex4() (rune, bool) {
	if p.pos+4 > len(p.data) {
		p.fail(p.pos, "short \\u escape")
		return 0, false
	}
	v, err := strconv.ParseUint(string(p.data[p.pos:p.pos+4]), 16, 32)
	if err != nil {
		p.fail(p.pos, "invalid \\u escape")
		return 0, false
	}
	p.pos += 4
	return rune(v), true
}

// number reads a JSON number at p.pos.
func (p *parser) number() bool {
	start := p.pos
	if p.data[p.pos] == '-' {
		p.pos++
	}
	digits := func() int {
		n := 0
		for p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	if p.pos < len(p.data) && p.data[p.pos] == '0' {
		p.pos++
	} else if digits() == 0 {
		p.fail(start, "invalid number")
		return false
	}
	if p.pos < len(p.data) && p.data[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			p.fail(start, "invalid number")
			return false
		}
	}
	if p.pos < len(p.data) && (p.data[p.pos] == 'e' || p.data[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.data) && (p.data[p.pos] == '+' || p.data[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			p.fail(start, "invalid number")
			return false
		}
	}
	return true
}

// Position is the 1-based line and byte column of offset off in data.
func Position(data []byte, off int) (line, col int) {
	if off > len(data) {
		off = len(data)
	}
	line = 1 + bytes.Count(data[:off], []byte("\n"))
	col = off - (bytes.LastIndexByte(data[:off], '\n') + 1) + 1
	return line, col
}

// Canon is n's value in compact form: its bytes without white space and
// comments between tokens (strings and numbers as written). Two values
// with the same Canon are the same JSON, spelled the same.
func (d *Doc) Canon(n *Node) []byte {
	var b []byte
	d.canon(&b, n)
	return b
}

func (d *Doc) canon(b *[]byte, n *Node) {
	switch n.Kind {
	case Object:
		*b = append(*b, '{')
		for i, m := range n.Members {
			if i > 0 {
				*b = append(*b, ',')
			}
			*b = append(*b, d.Data[m.KeyStart:m.KeyEnd]...)
			*b = append(*b, ':')
			d.canon(b, m.Value)
		}
		*b = append(*b, '}')
	case Array:
		*b = append(*b, '[')
		for i, it := range n.Items {
			if i > 0 {
				*b = append(*b, ',')
			}
			d.canon(b, it)
		}
		*b = append(*b, ']')
	default:
		*b = append(*b, d.Data[n.Start:n.End]...)
	}
}
