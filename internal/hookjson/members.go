package hookjson

import (
	"bytes"
	"unicode/utf8"

	"github.com/tidwall/gjson"
)

// EachMember calls f for each member of the JSON object obj, in order,
// without decoding the values: key is the string the key holds (a key
// with escapes is unescaped as gjson unescapes it), keyRaw its literal,
// value the member's raw bytes without surrounding white space. It stops
// when f returns false. obj must be valid JSON ([Valid], or
// json.Valid; on other input it stops somewhere, without panicking); f
// is never called when obj is not an object. Values are
// skipped with bytes.IndexByte between quotes, so a member holding a
// whole file costs one pass over it and no copy, where gjson's ForEach
// unescapes every string value it passes.
func EachMember(obj []byte, f func(key string, keyRaw, value []byte) bool) {
	i := skipWS(obj, 0)
	if i >= len(obj) || obj[i] != '{' {
		return
	}
	i = skipWS(obj, i+1)
	for i < len(obj) && obj[i] == '"' {
		kEnd := skipString(obj, i)
		keyRaw := obj[i:kEnd]
		i = skipWS(obj, kEnd)
		if len(keyRaw) < 2 || i >= len(obj) || obj[i] != ':' {
			return // not valid JSON: no more members
		}
		i = skipWS(obj, i+1)
		vStart := i
		i = skipValue(obj, i)
		if !f(keyString(keyRaw), keyRaw, obj[vStart:i]) {
			return
		}
		i = skipWS(obj, i)
		if i < len(obj) && obj[i] == ',' {
			i = skipWS(obj, i+1)
			continue
		}
		return
	}
}

// keyString is the string a key literal holds.
func keyString(lit []byte) string {
	body := lit[1 : len(lit)-1]
	if bytes.IndexByte(body, '\\') < 0 && utf8.Valid(body) {
		return string(body)
	}
	return gjson.ParseBytes(lit).Str
}

func skipWS(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index after the string literal at data[i] (a
// '"' of valid JSON).
func skipString(data []byte, i int) int {
	for j := i + 1; ; {
		q := bytes.IndexByte(data[j:], '"')
		if q < 0 {
			return len(data)
		}
		j += q
		// Escaped when an odd number of backslashes precede it.
		n := 0
		for k := j - 1; k > i && data[k] == '\\'; k-- {
			n++
		}
		if n%2 == 0 {
			return j + 1
		}
		j++
	}
}

// skipValue returns the index after the value at data[i] (valid JSON).
func skipValue(data []byte, i int) int {
	if i >= len(data) {
		return i
	}
	switch data[i] {
	case '"':
		return skipString(data, i)
	case '{', '[':
		depth := 0
		for i < len(data) {
			switch data[i] {
			case '"':
				i = skipString(data, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return i
	}
	for i < len(data) {
		switch data[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i
		}
		i++
	}
	return i
}
