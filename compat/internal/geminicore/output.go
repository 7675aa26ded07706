package geminicore

import (
	"encoding/json"
	"strings"
	"unicode"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/runner"
)

// Output is a hook's reply object as Gemini CLI and Qwen Code read it
// (DefaultHookOutput: continue, stopReason, suppressOutput,
// systemMessage, decision, reason, hookSpecificOutput; Qwen also
// terminalSequence). It holds the parsed JSON value: an object, or an
// array, whose fields are all undefined.
type Output struct {
	// JSON is the value, re-serialised (a duplicate key keeps its last
	// value, as JSON.parse does).
	JSON json.RawMessage
}

// NewOutput wraps one JSON object or array.
func NewOutput(raw []byte) *Output {
	c, err := jsonwire.JSRoundTrip.Canon(raw)
	if err != nil {
		c = raw
	}
	return &Output{JSON: c}
}

func (o *Output) get(path string) gjson.Result {
	if o == nil || len(o.JSON) == 0 || o.JSON[0] != '{' {
		return gjson.Result{}
	}
	return gjson.GetBytes(o.JSON, gjson.Escape(path))
}

// Has reports whether the object has key (any value).
func (o *Output) Has(key string) bool { return o.get(key).Exists() }

// Value returns key's raw value, or nil.
func (o *Output) Value(key string) json.RawMessage {
	r := o.get(key)
	if !r.Exists() {
		return nil
	}
	return json.RawMessage(r.Raw)
}

// ContinueFalse reports output.continue === false.
func (o *Output) ContinueFalse() bool {
	r := o.get("continue")
	return r.Type == gjson.False
}

// Text returns key as JavaScript would show a truthy value (String(v)),
// and whether it is truthy; a falsy value ("" , 0, false, null, absent)
// gives "", false.
func (o *Output) Text(key string) (string, bool) { return JSText(o.get(key)) }

// Truthy reports whether key is truthy in JavaScript.
func (o *Output) Truthy(key string) bool { _, ok := JSText(o.get(key)); return ok }

// StringField returns key when it is a JSON string (typeof v === "string").
func (o *Output) StringField(key string) (string, bool) {
	r := o.get(key)
	if r.Type != gjson.String {
		return "", false
	}
	return r.Str, true
}

// Specific returns hookSpecificOutput's members in order, or nil when it
// is not an object (an array or a primitive spreads to nothing useful).
func (o *Output) Specific() runner.Fields {
	r := o.get("hookSpecificOutput")
	if !r.IsObject() {
		return nil
	}
	var f runner.Fields
	_ = f.UnmarshalJSON([]byte(r.Raw))
	return f
}

// JSText is String(v) of a truthy JSON value and true, or "" and false
// for a falsy one.
func JSText(r gjson.Result) (string, bool) {
	switch r.Type {
	case gjson.String:
		return r.Str, r.Str != ""
	case gjson.Number:
		if r.Num == 0 {
			return "", false
		}
		return jsonwire.JSNumber(json.Number(r.Raw)), true
	case gjson.True:
		return "true", true
	case gjson.JSON:
		if r.IsArray() {
			var parts []string
			for _, it := range r.Array() {
				if it.Type == gjson.Null {
					parts = append(parts, "")
					continue
				}
				s, _ := JSText(it)
				if it.Type == gjson.String {
					s = it.Str
				}
				parts = append(parts, s)
			}
			return strings.Join(parts, ","), true
		}
		return "[object Object]", true
	}
	return "", false
}

// TrimJS trims what String.prototype.trim trims: Unicode white space,
// line terminators and U+FEFF.
func TrimJS(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '\ufeff' || r == '\u00a0' })
}

// EscapeContext escapes a context string as both agents do before they
// wrap it in a tag: "<" becomes "&lt;" and ">" "&gt;" ("&" and quotes are
// kept).
func EscapeContext(s string) string {
	return strings.NewReplacer("<", "&lt;", ">", "&gt;").Replace(s)
}

// JSRegexSyntaxOK reports whether pattern passes the group syntax of a
// JavaScript RegExp (no flags): after "(?" only ":", "=", "!", "<=", "<!"
// or a named group "<name>" may follow. Go's ECMAScript-mode regex
// library accepts .NET forms such as the inline flags "(?i)", which
// new RegExp rejects; both agents then fall back to their non-regex
// rule, so such a pattern must not be compiled.
func JSRegexSyntaxOK(pattern string) bool {
	inClass := false
	for i := 0; i < len(pattern); i++ {
		switch c := pattern[i]; {
		case c == '\\':
			i++
		case inClass:
			if c == ']' {
				inClass = false
			}
		case c == '[':
			inClass = true
		case c == '(' && i+1 < len(pattern) && pattern[i+1] == '?':
			rest := pattern[i+2:]
			switch {
			case strings.HasPrefix(rest, ":"), strings.HasPrefix(rest, "="), strings.HasPrefix(rest, "!"),
				strings.HasPrefix(rest, "<="), strings.HasPrefix(rest, "<!"):
			case strings.HasPrefix(rest, "<"):
				end := strings.IndexByte(rest, '>')
				if end < 2 {
					return false
				}
			default:
				return false
			}
		}
	}
	return true
}
