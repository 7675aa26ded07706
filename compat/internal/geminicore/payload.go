package geminicore

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// FromPayload translates one of the agent's hook payloads (the JSON it
// writes to a hook's stdin) into a native event: each key goes to the
// native field its row says ([Row.Keys], [Agent.Keys]) — tool and argument
// names through vocab (nil: translate.DefaultVocabulary), reason values
// through the row's Values —, every other key to Extra in its order.
// workspace is the project directory when the payload's cwd is empty.
// Errors: not a JSON object, no hook_event_name, an event the agent does
// not have, or a field of the wrong type.
func (a *Agent) FromPayload(data []byte, workspace string, vocab *translate.Vocabulary) (runner.Event, error) {
	if vocab == nil {
		vocab = translate.DefaultVocabulary
	}
	root, event, err := jsonpos.Payload(a.Proto, bytes.TrimPrefix(data, []byte("\ufeff")))
	if err != nil {
		return runner.Event{}, err
	}
	r, ok := a.Event(event)
	if !ok {
		return runner.Event{}, fmt.Errorf("%s payload: unknown hook_event_name %q (%s has %s)", a.Proto, event, a.Title, strings.Join(a.EventNames(), ", "))
	}
	ev := runner.Event{Name: r.Native, Workspace: workspace}
	agentTool := ""
	for _, m := range Members(root) {
		if m.Key == "hook_event_name" {
			continue
		}
		f := a.field(r, m.Key)
		raw := append(json.RawMessage(nil), m.Value.Raw...)
		switch f {
		case FieldExtra, FieldTimestamp, FieldToolUseID:
			ev.Extra.Set(m.Key, raw)
			continue
		case FieldArgs:
			ev.Args = raw
			continue
		case FieldResult:
			ev.Result = raw
			continue
		case FieldStopHookActive:
			if m.Value.Kind != jsonpos.Bool {
				return runner.Event{}, fmt.Errorf("%s payload: stop_hook_active: want a boolean, got %s", a.Proto, m.Value.Kind)
			}
			ev.StopHookActive = m.Value.Bool
			continue
		}
		if m.Value.Kind == jsonpos.Null && f == FieldPrompt && a.NullPrompt {
			continue
		}
		if m.Value.Kind != jsonpos.String {
			return runner.Event{}, fmt.Errorf("%s payload: %s: want a string, got %s", a.Proto, m.Key, m.Value.Kind)
		}
		s := m.Value.Str
		switch f {
		case FieldSessionID:
			ev.SessionID = s
		case FieldTranscriptPath:
			ev.TranscriptPath = s
		case FieldCwd:
			ev.Cwd = s
		case FieldPermissionMode:
			ev.PermissionMode = hookkit.MapValue(a.PermissionModes, s, true)
		case FieldPromptID:
			ev.PromptID = s
		case FieldReason:
			ev.Reason = hookkit.MapValue(r.Values, s, true)
		case FieldPrompt:
			ev.Prompt = s
		case FieldOutput:
			ev.Output = s
		case FieldTool:
			agentTool = s
			ev.Tool = vocab.Name(a.Vocab, translate.Native, s)
		case FieldToolCallID:
			ev.ToolCallID = s
		case FieldError:
			ev.Error = s
		case FieldType:
			ev.Type = s
		case FieldMessage:
			ev.Message = s
		case FieldSubagent:
			ev.Subagent = s
		}
	}
	if a.AfterRead != nil {
		a.AfterRead(r, &ev)
	}
	if ev.Args != nil && agentTool != "" {
		ev.Args = vocab.Args(a.Vocab, translate.Native, agentTool, ev.Args)
	}
	if ev.Workspace == "" {
		ev.Workspace = ev.Cwd
	}
	return ev, nil
}

// CwdOf is the event's cwd, else its workspace.
func CwdOf(ev *runner.Event) string {
	if ev.Cwd != "" {
		return ev.Cwd
	}
	return ev.Workspace
}

// value is one payload value: a string, a boolean or raw JSON (nil raw
// and not set: the key is left out).
type value struct {
	set, isStr, isBool, b bool
	str                   string
	raw                   json.RawMessage
}

func str(s string) value               { return value{set: true, isStr: true, str: s} }
func rawValue(v json.RawMessage) value { return value{set: true, raw: v} }

// value is what the agent writes for payload key of r's event ev (base is
// the engine's environment).
func (a *Agent) value(r *Row, ev *runner.Event, key string, vocab *translate.Vocabulary, base []string) value {
	if key == "hook_event_name" {
		return str(r.Name)
	}
	f := a.field(r, key)
	dflt := a.emptyDefault(r, key)
	orDefault := func(s string) value {
		if s == "" && a.index().omit[f] {
			return value{}
		}
		if s == "" && dflt != "" {
			return rawValue(json.RawMessage(dflt))
		}
		return str(s)
	}
	switch f {
	case FieldExtra, FieldTimestamp, FieldToolUseID:
		if v, ok := ev.Extra.Get(key); ok {
			return rawValue(v)
		}
		switch {
		case f == FieldTimestamp:
			return str(time.Now().UTC().Format("2006-01-02T15:04:05.000Z"))
		case f == FieldToolUseID && ev.ToolCallID != "":
			return str(ev.ToolCallID)
		case dflt != "":
			return rawValue(json.RawMessage(dflt))
		}
		return value{}
	case FieldSessionID:
		return orDefault(ev.SessionID)
	case FieldTranscriptPath:
		p := ev.TranscriptPath
		if p == "" && a.Transcript != nil {
			p = a.Transcript(ev, base)
		}
		return orDefault(p)
	case FieldCwd:
		return orDefault(CwdOf(ev))
	case FieldPermissionMode:
		return orDefault(hookkit.MapValue(a.PermissionModes, ev.PermissionMode, false))
	case FieldPromptID:
		return orDefault(ev.PromptID)
	case FieldReason:
		return orDefault(hookkit.MapValue(r.Values, ev.Reason, false))
	case FieldPrompt:
		return orDefault(ev.Prompt)
	case FieldOutput:
		return orDefault(ev.Output)
	case FieldStopHookActive:
		return value{set: true, isBool: true, b: ev.StopHookActive}
	case FieldTool:
		return orDefault(a.toolName(vocab, ev.Tool))
	case FieldArgs:
		args := ev.Args
		if len(bytes.TrimSpace(args)) == 0 {
			args = json.RawMessage("{}")
		}
		return rawValue(vocab.Args(translate.Native, a.Vocab, ev.Tool, args))
	case FieldResult:
		if len(bytes.TrimSpace(ev.Result)) > 0 {
			return rawValue(ev.Result)
		}
		if a.EmptyResult != nil {
			return rawValue(a.EmptyResult(ev))
		}
		return value{}
	case FieldToolCallID:
		return orDefault(ev.ToolCallID)
	case FieldError:
		return orDefault(ev.Error)
	case FieldType:
		return orDefault(ev.Type)
	case FieldMessage:
		return orDefault(ev.Message)
	case FieldSubagent:
		return orDefault(ev.Subagent)
	}
	return value{}
}

// Payload builds the stdin bytes one of the agent's hooks receives for ev
// as JSON.stringify writes it (compact, no trailing newline): the
// agent's Head keys, hook_event_name, its Tail keys, then the event's
// Fields in the agent's order (an Optional one only when the event
// carries it), then any other Extra key in its order. A key whose native
// value is empty gets the row's (or the agent's) default, a timestamp is
// now (ISO 8601, milliseconds, UTC) unless the event carries one. base is
// the engine's environment (for paths the agent derives from it).
// Errors: the agent has no event for ev, or an Extra value is not JSON.
func (a *Agent) Payload(ev *runner.Event, vocab *translate.Vocabulary, base []string) ([]byte, error) {
	if vocab == nil {
		vocab = translate.DefaultVocabulary
	}
	r, ok := a.ForNative(ev.Name)
	if !ok {
		return nil, fmt.Errorf("%s payload: %s has no event for %s", a.Proto, a.Title, ev.Name)
	}
	used := map[string]bool{}
	o := jsonwire.NewObject(jsonwire.JSRoundTrip)
	put := func(key string) {
		if used[key] {
			return
		}
		used[key] = true
		v := a.value(r, ev, key, vocab, base)
		switch {
		case !v.set:
		case v.isStr:
			o.Str(key, v.str)
		case v.isBool:
			o.Bool(key, v.b)
		default:
			o.Raw(key, v.raw)
		}
	}
	for _, k := range a.Head {
		if !r.HasField(k) {
			put(k)
		}
	}
	put("hook_event_name")
	for _, k := range a.Tail {
		if !r.HasField(k) {
			put(k)
		}
	}
	for _, k := range r.Fields {
		if r.optional(k) {
			if _, ok := ev.Extra.Get(k); !ok {
				continue
			}
		}
		put(k)
	}
	for _, kv := range ev.Extra {
		put(kv.Key)
	}
	b, err := o.Bytes()
	if err != nil {
		return nil, fmt.Errorf("%s payload: %w", a.Proto, err)
	}
	return b, nil
}

// Subject is the text a MatchValue matcher of r is compared with for ev:
// the string the payload holds under the row's MatchKey ("" when it
// holds none).
func (a *Agent) Subject(r *Row, ev *runner.Event, vocab *translate.Vocabulary) string {
	if vocab == nil {
		vocab = translate.DefaultVocabulary
	}
	v := a.value(r, ev, r.MatchKey, vocab, nil)
	switch {
	case v.isStr:
		return v.str
	case v.raw != nil:
		return gjson.ParseBytes(v.raw).String()
	}
	return ""
}

// AgentTool is the agent's name of ev's tool.
func (a *Agent) AgentTool(vocab *translate.Vocabulary, ev *runner.Event) string {
	if vocab == nil {
		vocab = translate.DefaultVocabulary
	}
	return a.toolName(vocab, ev.Tool)
}
