// Package hookjson reads the JSON replies hooks print without a depth
// limit: a reply nested 100,000 levels deep is a reply (JavaScript's
// JSON.parse, which Claude Code uses, reads it), where encoding/json stops
// at 10,000 levels and a recursive reader could exhaust the stack. The
// validator keeps one byte per open container, so its memory is bounded
// by the input's size, and members are found with gjson, which skips
// nested values without recursion.
package hookjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// Valid reports whether data is exactly one JSON value (RFC 8259, as
// JSON.parse and encoding/json accept it: any bytes other than control
// characters inside strings, escapes \" \\ \/ \b \f \n \r \t \uXXXX),
// optionally surrounded by JSON whitespace (space, tab, newline, carriage
// return), at any depth. It also returns the deepest nesting (0 for a
// scalar).
func Valid(data []byte) (ok bool, depth int) {
	var stack []byte // '{' or '[' per open container
	i, n := 0, len(data)
	skipWS := func() {
		for i < n && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
			i++
		}
	}
	// The parser's states: a value is expected (at the start, after '[',
	// ',' in an array, or ':'); a key or '}' (after '{'); a key (after ','
	// in an object); ',' or the end of the container (after a value).
	const (
		wantValue = iota
		wantKeyOrEnd
		wantKey
		wantCommaOrEnd
	)
	state := wantValue
	for {
		skipWS()
		switch state {
		case wantValue:
			if i >= n {
				return false, 0
			}
			c := data[i]
			switch {
			case c == '{':
				stack = append(stack, '{')
				depth = max(depth, len(stack))
				i++
				state = wantKeyOrEnd
				continue
			case c == '[':
				stack = append(stack, '[')
				depth = max(depth, len(stack))
				i++
				skipWS()
				if i < n && data[i] == ']' {
					stack = stack[:len(stack)-1]
					i++
					state = wantCommaOrEnd
					continue
				}
				state = wantValue
				continue
			case c == '"':
				j, ok := scanString(data, i)
				if !ok {
					return false, 0
				}
				i = j
			case c == '-' || (c >= '0' && c <= '9'):
				j, ok := scanNumber(data, i)
				if !ok {
					return false, 0
				}
				i = j
			case c == 't':
				if !bytes.HasPrefix(data[i:], []byte("true")) {
					return false, 0
				}
				i += 4
			case c == 'f':
				if !bytes.HasPrefix(data[i:], []byte("false")) {
					return false, 0
				}
				i += 5
			case c == 'n':
				if !bytes.HasPrefix(data[i:], []byte("null")) {
					return false, 0
				}
				i += 4
			default:
				return false, 0
			}
			state = wantCommaOrEnd
		case wantKeyOrEnd, wantKey:
			if i < n && data[i] == '}' && state == wantKeyOrEnd {
				stack = stack[:len(stack)-1]
				i++
				state = wantCommaOrEnd
				continue
			}
			if i >= n || data[i] != '"' {
				return false, 0
			}
			j, ok := scanString(data, i)
			if !ok {
				return false, 0
			}
			i = j
			skipWS()
			if i >= n || data[i] != ':' {
				return false, 0
			}
			i++
			state = wantValue
		case wantCommaOrEnd:
			if len(stack) == 0 {
				return i == n, depth
			}
			if i >= n {
				return false, 0
			}
			top := stack[len(stack)-1]
			switch {
			case data[i] == ',':
				i++
				if top == '{' {
					state = wantKey
				} else {
					state = wantValue
				}
			case (data[i] == '}' && top == '{') || (data[i] == ']' && top == '['):
				stack = stack[:len(stack)-1]
				i++
			default:
				return false, 0
			}
		}
	}
}

// scanString returns the index after the string starting at data[i] ('"').
func scanString(data []byte, i int) (int, bool) {
	i++
	for i < len(data) {
		c := data[i]
		switch {
		case c == '"':
			return i + 1, true
		case c < 0x20:
			return 0, false
		case c == '\\':
			if i+1 >= len(data) {
				return 0, false
			}
			switch data[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(data) {
					return 0, false
				}
				for _, h := range data[i+2 : i+6] {
					if !isHex(h) {
						return 0, false
					}
				}
				i += 6
			default:
				return 0, false
			}
		default:
			i++
		}
	}
	return 0, false
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// scanNumber returns the index after the number starting at data[i].
func scanNumber(data []byte, i int) (int, bool) {
	n := len(data)
	if data[i] == '-' {
		i++
	}
	switch {
	case i < n && data[i] == '0':
		i++
	case i < n && data[i] >= '1' && data[i] <= '9':
		for i < n && data[i] >= '0' && data[i] <= '9' {
			i++
		}
	default:
		return 0, false
	}
	if i < n && data[i] == '.' {
		i++
		if i >= n || data[i] < '0' || data[i] > '9' {
			return 0, false
		}
		for i < n && data[i] >= '0' && data[i] <= '9' {
			i++
		}
	}
	if i < n && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < n && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if i >= n || data[i] < '0' || data[i] > '9' {
			return 0, false
		}
		for i < n && data[i] >= '0' && data[i] <= '9' {
			i++
		}
	}
	return i, true
}

// Match says how member names are compared with a struct's json tags.
type Match int

const (
	// Exact compares names byte for byte, as JSON.parse reads them; the
	// last of duplicate names wins.
	Exact Match = iota
	// Fold matches names case-insensitively, as encoding/json does; the
	// last matching member wins.
	Fold
)

// Members returns the members of the JSON object obj, in order, with
// their keys unescaped and their values as raw JSON. obj must be valid
// ([Valid]); nested values are not decoded.
func Members(obj []byte) []Member {
	var out []Member
	EachMember(obj, func(key string, _, value []byte) bool {
		out = append(out, Member{Key: key, Value: value})
		return true
	})
	return out
}

// Member is one member of a JSON object.
type Member struct {
	Key   string
	Value json.RawMessage
}

// Decode decodes the JSON object obj (valid per [Valid], at any depth)
// into the struct v points to: members are matched with the fields' json
// tags per m; a json.RawMessage field takes the member's raw bytes as
// they are (so it may hold any depth); the other fields are decoded with
// encoding/json, whose type errors name the field ("json: cannot
// unmarshal number into Go struct field output.continue of type bool").
// Members without a field are ignored. A value of null for a
// json.RawMessage field is kept as null.
func Decode(obj []byte, v any, m Match) error {
	t := bytes.TrimSpace(obj)
	if len(t) == 0 || t[0] != '{' {
		return fmt.Errorf("json: cannot unmarshal %s into Go value of type %T", kindOf(t), v)
	}
	rv := reflect.ValueOf(v).Elem()
	rt := rv.Type()
	type field struct {
		index int
		name  string
		raw   bool
	}
	var fields []field
	rawType := reflect.TypeFor[json.RawMessage]()
	for i := range rt.NumField() {
		f := rt.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" || !f.IsExported() {
			continue
		}
		fields = append(fields, field{index: i, name: name, raw: f.Type == rawType})
	}
	find := func(key string) *field {
		for i := range fields {
			if fields[i].name == key {
				return &fields[i]
			}
		}
		if m == Fold {
			for i := range fields {
				if strings.EqualFold(fields[i].name, key) {
					return &fields[i]
				}
			}
		}
		return nil
	}
	last := map[int]json.RawMessage{}
	var order []int
	for _, mem := range Members(t) {
		f := find(mem.Key)
		if f == nil {
			continue
		}
		if _, seen := last[f.index]; !seen {
			order = append(order, f.index)
		}
		last[f.index] = mem.Value
	}
	var small bytes.Buffer
	small.WriteByte('{')
	for _, idx := range order {
		var f *field
		for i := range fields {
			if fields[i].index == idx {
				f = &fields[i]
			}
		}
		if f.raw {
			rv.Field(idx).Set(reflect.ValueOf(append(json.RawMessage(nil), last[idx]...)))
			continue
		}
		if small.Len() > 1 {
			small.WriteByte(',')
		}
		k, _ := json.Marshal(f.name)
		small.Write(k)
		small.WriteByte(':')
		small.Write(last[idx])
	}
	small.WriteByte('}')
	return json.Unmarshal(small.Bytes(), v)
}

func kindOf(t []byte) string {
	if len(t) == 0 {
		return "nothing"
	}
	switch t[0] {
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "bool"
	case 'n':
		return "null"
	}
	return "number"
}

// StdValid reports exactly what json.Valid reports, in one faster pass:
// [Valid] decides for values nested less than 9,000 levels deep (where
// the two agree), json.Valid for deeper ones (it stops at 10,000).
func StdValid(data []byte) bool {
	ok, depth := Valid(data)
	if !ok {
		return false
	}
	if depth < 9000 {
		return true
	}
	return json.Valid(data)
}
