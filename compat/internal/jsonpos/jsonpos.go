// Package jsonpos parses JSON into a tree that remembers where every value
// and key starts, so that foreign config decoders can name file:line:col in
// their diagnostics. It accepts what encoding/json accepts; a syntax error
// is returned as a *SyntaxError with line and column.
package jsonpos

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Kind is a JSON value kind.
type Kind int

// Kinds of [Node].
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

// String implements fmt.Stringer.
func (k Kind) String() string {
	return [...]string{"null", "a boolean", "a number", "a string", "an array", "an object"}[k]
}

// Node is one JSON value with its position.
type Node struct {
	Kind    Kind
	Offset  int // byte offset of the value's first byte
	Bool    bool
	Number  json.Number
	Str     string
	Items   []*Node   // Array
	Members []*Member // Object, in document order (duplicates kept)
	Raw     json.RawMessage
}

// Member is one key of an object with its value.
type Member struct {
	Key       string
	KeyOffset int
	Value     *Node
}

// Get returns the value of the last member named key (JSON.parse keeps
// the last duplicate), or nil.
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

// SyntaxError is a JSON syntax error with its position.
type SyntaxError struct {
	Line, Col int
	Msg       string
}

// Error implements error.
func (e *SyntaxError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// Parse parses data (one JSON value, optionally surrounded by whitespace).
func Parse(data []byte) (*Node, error) {
	p := &parser{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	p.dec.UseNumber()
	n, err := p.value()
	if err != nil {
		return nil, p.wrap(err)
	}
	if _, err := p.dec.Token(); err != io.EOF {
		off := int(p.dec.InputOffset())
		line, col := Position(data, p.skip(off))
		return nil, &SyntaxError{Line: line, Col: col, Msg: "unexpected data after the top-level value"}
	}
	return n, nil
}

type parser struct {
	data []byte
	dec  *json.Decoder
}

func (p *parser) wrap(err error) error {
	var se *json.SyntaxError
	off := int(p.dec.InputOffset())
	msg := err.Error()
	if errors.As(err, &se) {
		off = int(se.Offset)
		msg = se.Error()
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		off = len(p.data)
		msg = "unexpected end of JSON input"
	}
	line, col := Position(p.data, off)
	return &SyntaxError{Line: line, Col: col, Msg: strings.TrimPrefix(msg, "json: ")}
}

// skip moves off past whitespace, commas and colons to the next token.
func (p *parser) skip(off int) int {
	for off < len(p.data) {
		switch p.data[off] {
		case ' ', '\t', '\n', '\r', ',', ':':
			off++
		default:
			return off
		}
	}
	return off
}

func (p *parser) value() (*Node, error) {
	start := p.skip(int(p.dec.InputOffset()))
	tok, err := p.dec.Token()
	if err != nil {
		return nil, err
	}
	return p.valueFrom(tok, start)
}

func (p *parser) valueFrom(tok json.Token, start int) (*Node, error) {
	n := &Node{Offset: start}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			n.Kind = Object
			for p.dec.More() {
				koff := p.skip(int(p.dec.InputOffset()))
				kt, err := p.dec.Token()
				if err != nil {
					return nil, err
				}
				key, ok := kt.(string)
				if !ok {
					return nil, fmt.Errorf("object key is not a string")
				}
				v, err := p.value()
				if err != nil {
					return nil, err
				}
				n.Members = append(n.Members, &Member{Key: key, KeyOffset: koff, Value: v})
			}
			if _, err := p.dec.Token(); err != nil {
				return nil, err
			}
		case '[':
			n.Kind = Array
			for p.dec.More() {
				v, err := p.value()
				if err != nil {
					return nil, err
				}
				n.Items = append(n.Items, v)
			}
			if _, err := p.dec.Token(); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("unexpected %q", t)
		}
	case bool:
		n.Kind, n.Bool = Bool, t
	case json.Number:
		n.Kind, n.Number = Number, t
	case string:
		n.Kind, n.Str = String, t
	case nil:
		n.Kind = Null
	}
	end := int(p.dec.InputOffset())
	if end >= start && end <= len(p.data) {
		n.Raw = json.RawMessage(p.data[start:end])
	}
	return n, nil
}

// Position converts a byte offset of data to a 1-based line and column
// (columns count bytes).
func Position(data []byte, off int) (line, col int) {
	if off > len(data) {
		off = len(data)
	}
	line = 1 + bytes.Count(data[:off], []byte("\n"))
	col = off - bytes.LastIndexByte(data[:off], '\n')
	return line, col
}

// Lines indexes the line starts of one document, so that many positions
// in a large file cost a binary search each instead of a scan.
type Lines struct {
	n      int   // len(data)
	starts []int // byte offset of each line's first byte
}

// NewLines indexes data's lines.
func NewLines(data []byte) *Lines {
	l := &Lines{n: len(data), starts: []int{0}}
	for i, c := range data {
		if c == '\n' {
			l.starts = append(l.starts, i+1)
		}
	}
	return l
}

// Position is [Position] for the indexed data.
func (l *Lines) Position(off int) (line, col int) {
	if off > l.n {
		off = l.n
	}
	i := sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > off }) - 1
	return i + 1, off - l.starts[i] + 1
}

// Duplicate is a member of an object that a later member with the same
// key overrides: JSON.parse — and so every agent written in JavaScript —
// keeps the last value only.
type Duplicate struct {
	Key        string
	KeyOffset  int // the overridden member's key
	LastOffset int // the key of the member whose value is kept
}

// Duplicates returns, in document order, the members of root named key
// that a later one overrides, and the overridden members of every object
// inside the value that is kept (root.Get(key)).
func Duplicates(root *Node, key string) []Duplicate {
	if root == nil || root.Kind != Object {
		return nil
	}
	var out []Duplicate
	last := -1
	for i := len(root.Members) - 1; i >= 0; i-- {
		if m := root.Members[i]; m.Key == key {
			if last < 0 {
				last = m.KeyOffset
				continue
			}
			out = append(out, Duplicate{Key: key, KeyOffset: m.KeyOffset, LastOffset: last})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].KeyOffset < out[j].KeyOffset })
	return append(out, DuplicatesIn(root.Get(key))...)
}

// DuplicatesIn returns, in document order, the overridden members of n
// and of every object inside it (a member overridden is not looked into:
// its value is not read).
func DuplicatesIn(n *Node) []Duplicate {
	var out []Duplicate
	var walk func(n *Node)
	walk = func(n *Node) {
		switch n.Kind {
		case Array:
			for _, it := range n.Items {
				walk(it)
			}
		case Object:
			lastAt := map[string]int{}
			for _, m := range n.Members {
				lastAt[m.Key] = m.KeyOffset
			}
			for _, m := range n.Members {
				if at := lastAt[m.Key]; at != m.KeyOffset {
					out = append(out, Duplicate{Key: m.Key, KeyOffset: m.KeyOffset, LastOffset: at})
					continue // its value is not read
				}
				walk(m.Value)
			}
		}
	}
	if n != nil {
		walk(n)
	}
	return out
}

// Unique returns an object's members as JSON.parse keeps them: a key
// given twice has its last value, at its first position (JavaScript keeps
// a key where it was first set).
func Unique(n *Node) []*Member {
	if n == nil || n.Kind != Object {
		return nil
	}
	seen := map[string]int{}
	var out []*Member
	for _, m := range n.Members {
		if i, ok := seen[m.Key]; ok {
			cp := *out[i]
			cp.Value = m.Value
			out[i] = &cp
			continue
		}
		seen[m.Key] = len(out)
		out = append(out, m)
	}
	return out
}
