package runner

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/hookcompat/hookcompat/internal/hookjson"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
)

// Event is one native hook event: the JSON object a native hook receives on
// stdin (HK-10, HK-50). Every event carries event, session_id, workspace,
// cwd, prompt_id, transcript_path, permission_mode and agent (HK-50; empty
// strings when unknown); the other fields appear as applicable.
//
// Fields beyond the native spec are hookcompat extensions that translation
// needs: tool_call_id (the tool call's id, Claude's tool_use_id), reason
// (session_start: startup|resume|new; session_end: new|load|exit;
// pre_compact/post_compact: manual|rewind; foreign values pass through),
// stop_hook_active (stop, subagent_stop), subagent and output
// (subagent_start/subagent_stop; output also carries stop's last assistant
// message), type and message (notification), and extra: foreign fields that
// have no native counterpart, kept in their original order and spelling so
// that a foreign payload rebuilt from the event is byte-identical.
type Event struct {
	Name           settings.Event  `json:"event"`
	SessionID      string          `json:"session_id"`
	Workspace      string          `json:"workspace"`
	Cwd            string          `json:"cwd"`
	PromptID       string          `json:"prompt_id"`
	TranscriptPath string          `json:"transcript_path"`
	PermissionMode string          `json:"permission_mode"`
	Agent          string          `json:"agent"`
	Tool           string          `json:"tool,omitempty"`
	ToolCallID     string          `json:"tool_call_id,omitempty"`
	Args           json.RawMessage `json:"args,omitempty"`
	Result         json.RawMessage `json:"result,omitempty"`
	Error          string          `json:"error,omitempty"`
	Prompt         string          `json:"prompt,omitempty"`
	Reason         string          `json:"reason,omitempty"`
	StopHookActive bool            `json:"stop_hook_active,omitempty"`
	Subagent       string          `json:"subagent,omitempty"`
	Output         string          `json:"output,omitempty"`
	Type           string          `json:"type,omitempty"`
	Message        string          `json:"message,omitempty"`
	Extra          Fields          `json:"extra,omitempty"`
}

// MarshalJSON encodes the event as a native hook sees it: the HK-50 fields
// always, stop_hook_active always on stop and subagent_stop, the rest only
// when set, in the order of the struct's fields.
func (e Event) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	// Room for every field once, so that the buffer grows at most once.
	b.Grow(256 + len(e.SessionID) + 2*len(e.Workspace) + len(e.Cwd) + len(e.PromptID) + len(e.TranscriptPath) +
		len(e.Tool) + len(e.ToolCallID) + len(e.Args) + len(e.Result) + len(e.Error) + len(e.Prompt) +
		len(e.Reason) + len(e.Subagent) + len(e.Output) + len(e.Type) + len(e.Message))
	w := objectWriter{buf: &b}
	w.str("event", string(e.Name), true)
	w.str("session_id", e.SessionID, true)
	w.str("workspace", e.Workspace, true)
	w.str("cwd", e.Cwd, true)
	w.str("prompt_id", e.PromptID, true)
	w.str("transcript_path", e.TranscriptPath, true)
	w.str("permission_mode", e.PermissionMode, true)
	w.str("agent", e.Agent, true)
	w.str("tool", e.Tool, false)
	w.str("tool_call_id", e.ToolCallID, false)
	w.raw("args", e.Args)
	w.raw("result", e.Result)
	w.str("error", e.Error, false)
	w.str("prompt", e.Prompt, false)
	w.str("reason", e.Reason, false)
	if e.StopHookActive || e.Name == settings.Stop || e.Name == settings.SubagentStop {
		w.boolean("stop_hook_active", e.StopHookActive)
	}
	w.str("subagent", e.Subagent, false)
	w.str("output", e.Output, false)
	w.str("type", e.Type, false)
	w.str("message", e.Message, false)
	if len(e.Extra) > 0 {
		extra, err := e.Extra.MarshalJSON()
		if err != nil {
			return nil, err
		}
		w.raw("extra", extra)
	}
	if w.err != nil {
		return nil, w.err
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON decodes a native event strictly: unknown keys — also keys
// that differ from a field's name only in case — are errors, so that a
// misspelt field is not silently lost.
func (e *Event) UnmarshalJSON(data []byte) error {
	var keys Fields
	if err := json.Unmarshal(data, &keys); err != nil {
		return fmt.Errorf("native event: %w", err)
	}
	for _, f := range keys {
		if !eventKeys.Get()[f.Key] {
			return fmt.Errorf("native event: unknown field %q", f.Key)
		}
	}
	type plain Event
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var p plain
	if err := dec.Decode(&p); err != nil {
		return fmt.Errorf("native event: %w", err)
	}
	*e = Event(p)
	return nil
}

// eventKeys are the JSON names of Event's fields, spelled exactly (read
// from the struct on first use).
var eventKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	t := reflect.TypeOf(Event{})
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		m[name] = true
	}
	return m
}}

// Clone returns a deep copy of e (raw JSON and extra fields are copied).
func (e *Event) Clone() Event {
	c := *e
	c.Args = cloneRaw(e.Args)
	c.Result = cloneRaw(e.Result)
	c.Extra = e.Extra.Clone()
	return c
}

func cloneRaw(r json.RawMessage) json.RawMessage {
	if r == nil {
		return nil
	}
	return append(json.RawMessage(nil), r...)
}

// Field is one key and raw JSON value of a [Fields] object.
type Field struct {
	Key   string
	Value json.RawMessage
}

// Fields is a JSON object that keeps its keys in order. It holds the
// foreign fields of an [Event] that have no native counterpart.
type Fields []Field

// Get returns the raw value of key and whether it is present.
func (f Fields) Get(key string) (json.RawMessage, bool) {
	for _, kv := range f {
		if kv.Key == key {
			return kv.Value, true
		}
	}
	return nil, false
}

// Set replaces the value of key, or appends key when it is absent.
func (f *Fields) Set(key string, v json.RawMessage) {
	for i := range *f {
		if (*f)[i].Key == key {
			(*f)[i].Value = v
			return
		}
	}
	*f = append(*f, Field{key, v})
}

// Clone returns a deep copy.
func (f Fields) Clone() Fields {
	if f == nil {
		return nil
	}
	out := make(Fields, len(f))
	for i, kv := range f {
		out[i] = Field{kv.Key, cloneRaw(kv.Value)}
	}
	return out
}

// MarshalJSON writes the object with keys in order.
func (f Fields) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	w := objectWriter{buf: &b}
	for _, kv := range f {
		w.raw(kv.Key, kv.Value)
	}
	if w.err != nil {
		return nil, w.err
	}
	if b.Len() == 0 {
		return []byte("{}"), nil
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads an object, keeping key order. Duplicate keys keep
// the last value at the first position. Values are kept as raw bytes,
// in one pass over them (hookjson.EachMember), so that an object holding
// a whole file is not scanned and copied again.
func (f *Fields) UnmarshalJSON(data []byte) error {
	if hookjson.StdValid(data) {
		return f.unmarshalValid(data)
	}
	return f.unmarshalDecoder(data)
}

// unmarshalValid is UnmarshalJSON of valid JSON data.
func (f *Fields) unmarshalValid(data []byte) error {
	t := bytes.TrimLeft(data, " \t\r\n")
	if len(t) == 0 || t[0] != '{' {
		return fmt.Errorf("want a JSON object, got %s", bytes.TrimSpace(data))
	}
	var out Fields
	var err error
	hookjson.EachMember(t, func(key string, keyRaw, v []byte) bool {
		if bytes.IndexByte(keyRaw, '\\') >= 0 || !utf8.Valid(keyRaw) {
			// encoding/json's unquoting (U+FFFD for a lone surrogate or
			// a byte that is not UTF-8).
			if err = json.Unmarshal(keyRaw, &key); err != nil {
				return false
			}
		}
		out.Set(key, cloneRaw(v))
		return true
	})
	if err != nil {
		return err
	}
	*f = out
	return nil
}

// unmarshalDecoder is UnmarshalJSON by encoding/json's decoder, which
// words the error of data that is not valid JSON.
func (f *Fields) unmarshalDecoder(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return fmt.Errorf("want a JSON object, got %s", bytes.TrimSpace(data))
	}
	var out Fields
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return err
		}
		out.Set(kt.(string), cloneRaw(v))
	}
	if _, err := dec.Token(); err != nil {
		return err
	}
	*f = out
	return nil
}

// objectWriter appends "key":value pairs to a JSON object under
// construction; the caller writes the closing brace.
type objectWriter struct {
	buf *bytes.Buffer
	n   int
	err error
}

func (w *objectWriter) key(k string) {
	if w.n == 0 {
		w.buf.WriteByte('{')
	} else {
		w.buf.WriteByte(',')
	}
	w.n++
	writeJSONString(w.buf, k)
	w.buf.WriteByte(':')
}

func (w *objectWriter) str(k, v string, always bool) {
	if v == "" && !always {
		return
	}
	w.key(k)
	writeJSONString(w.buf, v)
}

// writeJSONString writes s as a JSON string without HTML escaping (a hook
// reading the event sees "<", not "\u003c").
func writeJSONString(b *bytes.Buffer, s string) {
	if plainJSON(s) {
		b.WriteByte('"')
		b.WriteString(s)
		b.WriteByte('"')
		return
	}
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	b.Truncate(b.Len() - 1) // Encode's newline
}

// plainJSON reports whether s is written in JSON as it is, between
// quotes: printable ASCII but for the quote and the backslash.
func plainJSON(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

func (w *objectWriter) boolean(k string, v bool) {
	w.key(k)
	if v {
		w.buf.WriteString("true")
	} else {
		w.buf.WriteString("false")
	}
}

func (w *objectWriter) raw(k string, v json.RawMessage) {
	if len(v) == 0 {
		return
	}
	mark, n := w.buf.Len(), w.n
	w.key(k)
	// Compact appends nothing when v is not valid JSON.
	if err := json.Compact(w.buf, v); err != nil {
		w.buf.Truncate(mark)
		w.n = n
		if w.err == nil {
			w.err = fmt.Errorf("field %s: %w", k, err)
		}
	}
}
