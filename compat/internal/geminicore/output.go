package geminicore

import (
	"encoding/json"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/internal/lazy"
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

// SpecificString returns hookSpecificOutput[key] when it is a string.
func SpecificString(m *Output, key string) (string, bool) {
	v, ok := m.Specific().Get(key)
	if !ok {
		return "", false
	}
	r := gjson.ParseBytes(v)
	if r.Type != gjson.String {
		return "", false
	}
	return r.Str, true
}

// SpecificObject returns hookSpecificOutput[key] when it is a JSON
// object (not an array), else nil.
func SpecificObject(m *Output, key string) json.RawMessage {
	v, ok := m.Specific().Get(key)
	if !ok || !gjson.ParseBytes(v).IsObject() {
		return nil
	}
	return v
}

// EffectiveReason is getEffectiveReason: stopReason || reason || "No
// reason provided".
func EffectiveReason(m *Output) string {
	if s, ok := m.Text("stopReason"); ok {
		return s
	}
	if s, ok := m.Text("reason"); ok {
		return s
	}
	return "No reason provided"
}

// ObjectFields returns the members of a JSON object (nil for anything
// else: an array output spreads to nothing).
func ObjectFields(raw json.RawMessage) runner.Fields {
	if !gjson.ParseBytes(raw).IsObject() {
		return nil
	}
	var f runner.Fields
	_ = f.UnmarshalJSON(raw)
	return f
}

// TruthyJSON reports whether a raw JSON value is truthy in JavaScript.
func TruthyJSON(v json.RawMessage) bool {
	_, ok := JSText(gjson.ParseBytes(v))
	return ok
}

// ToJSString is Buffer.toString() of output bytes: invalid UTF-8 becomes
// U+FFFD.
func ToJSString(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	return strings.ToValidUTF8(string(b), "\ufffd")
}

// ErrorResponse is {"error": msg}, the functionResponse of a failed call.
func ErrorResponse(msg string) json.RawMessage {
	o := jsonwire.NewObject(jsonwire.JSRoundTrip)
	o.Str("error", msg)
	b, _ := o.Bytes()
	return b
}

var halfEntity = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`&(?:a(?:mp?)?|lt?|gt?)?$`) }}
