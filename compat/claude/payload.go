package claude

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// nativeField reports which native field holds payload key of e, or ""
// when the key lives in Extra (the event table's head, fields and
// nativeKeys; claude §4).
func (e *event) nativeField(key string) string {
	if f, ok := e.nativeKeys[key]; ok {
		return f
	}
	switch key {
	case "session_id", "transcript_path", "cwd", "prompt_id":
		return key
	case "permission_mode":
		if e.carries("permission_mode") {
			return key
		}
	case "agent_type":
		return "agent"
	}
	return ""
}

// carries reports whether key is in the event's head.
func (e *event) carries(key string) bool {
	for _, k := range e.head {
		if k == key {
			return true
		}
	}
	return false
}

// mapValue maps a Claude reason value to the native one (and back with
// toNative false), by the event's value table.
func (e *event) mapValue(v string, toNative bool) string {
	return hookkit.MapValue(e.values, v, toNative)
}

// fromPayload translates a Claude Code hook payload (the JSON Claude
// writes to a hook's stdin) into a native event with the default tool
// vocabulary; see [Protocol.FromPayload].
func fromPayload(payload []byte, workspace string) (runner.Event, error) {
	return NewProtocol(nil).FromPayload(payload, workspace)
}

// FromPayload translates a Claude Code hook payload (the JSON Claude
// writes to a hook's stdin) into a native event. workspace is the project
// directory (Claude's CLAUDE_PROJECT_DIR), which the payload does not
// carry. Tool names and argument names go through the protocol's
// vocabulary; fields without a native counterpart (per the event table)
// are kept in Event.Extra in their order. Errors: the payload is not a
// JSON object, lacks hook_event_name, names an unknown event, or has a
// field of the wrong type.
func (p *Protocol) FromPayload(payload []byte, workspace string) (runner.Event, error) {
	root, event, err := jsonpos.Payload(Name, payload)
	if err != nil {
		return runner.Event{}, err
	}
	row := eventNamed(event)
	if row == nil {
		return runner.Event{}, fmt.Errorf("claude payload: unknown hook_event_name %q (known: %v)", event, eventNames())
	}
	ev := runner.Event{Name: row.native, Workspace: workspace}
	str := func(m *jsonpos.Member) (string, error) {
		if m.Value.Kind != jsonpos.String {
			return "", fmt.Errorf("claude payload: %s: want a string, got %s", m.Key, m.Value.Kind)
		}
		return m.Value.Str, nil
	}
	claudeTool := ""
	for _, m := range root.Members {
		if m.Key == "hook_event_name" {
			continue
		}
		f := row.nativeField(m.Key)
		if def, ok := row.empty[m.Key]; ok && string(m.Value.Raw) == def && def != `""` {
			continue // the value Claude writes for an empty field (null)
		}
		switch f {
		case "":
			ev.Extra.Set(m.Key, append(json.RawMessage(nil), m.Value.Raw...))
			continue
		case "args", "result":
			raw := append(json.RawMessage(nil), m.Value.Raw...)
			if f == "args" {
				ev.Args = raw
			} else {
				ev.Result = raw
			}
			continue
		case "stop_hook_active":
			if m.Value.Kind != jsonpos.Bool {
				return runner.Event{}, fmt.Errorf("claude payload: stop_hook_active: want a boolean, got %s", m.Value.Kind)
			}
			ev.StopHookActive = m.Value.Bool
			continue
		}
		s, err := str(m)
		if err != nil {
			return runner.Event{}, err
		}
		switch f {
		case "session_id":
			ev.SessionID = s
		case "transcript_path":
			ev.TranscriptPath = s
		case "cwd":
			ev.Cwd = s
		case "prompt_id":
			ev.PromptID = s
		case "permission_mode":
			ev.PermissionMode = s
		case "agent":
			ev.Agent = s
		case "subagent":
			ev.Subagent = s
		case "tool":
			claudeTool = s
			ev.Tool = p.vocab.Name(Dialect, translate.Native, s)
		case "tool_call_id":
			ev.ToolCallID = s
		case "error":
			ev.Error = s
		case "prompt":
			ev.Prompt = s
		case "reason":
			ev.Reason = row.mapValue(s, true)
		case "output":
			ev.Output = s
		case "type":
			ev.Type = s
		case "message":
			ev.Message = s
		}
	}
	if ev.Args != nil && claudeTool != "" {
		ev.Args = p.vocab.Args(Dialect, translate.Native, claudeTool, ev.Args)
	}
	return ev, nil
}

// payloadBytes builds the stdin bytes a Claude Code hook receives for ev:
// compact JSON written the way JSON.stringify writes it, keys in Claude's
// order (the event table's head, hook_event_name, its fields, then any
// other fields the event carries in their order), plus one trailing
// newline (oracle: hook_runs[].stdin). Fields the native event lacks get
// documented defaults: transcript_path is
// ~/.claude/projects/<cwd with every non-alphanumeric byte as '-'>/<session_id>.jsonl
// (empty without a session id); permission_mode appears only on the
// events that carry it, "default" when the native event has none;
// PreCompact's custom_instructions is null when there is no prompt, a
// stop's last_assistant_message "" when there is none.
func payloadBytes(ev *runner.Event) ([]byte, error) {
	home, _ := os.UserHomeDir()
	return NewProtocol(nil).payload(ev, home)
}

// payload is payloadBytes with the protocol's vocabulary and the user's
// home directory given.
func (p *Protocol) payload(ev *runner.Event, home string) ([]byte, error) {
	row := eventOf(ev.Name)
	if row == nil {
		return nil, fmt.Errorf("claude payload: event %q has no Claude name", ev.Name)
	}
	claudeTool := p.vocab.Name(translate.Native, Dialect, ev.Tool)
	var usedKeys [16]string
	used := usedKeys[:0] // the keys written so far: a handful
	o := payloadObjects.Get().(*jsonwire.Object)
	o.Reset(jsonwire.JS)
	put := func(key string) {
		if slices.Contains(used, key) {
			return
		}
		used = append(used, key)
		f := row.nativeField(key)
		if f == "" {
			if v, ok := ev.Extra.Get(key); ok {
				o.Raw(key, v)
			}
			return
		}
		s, set := "", false
		switch f {
		case "session_id":
			s, set = ev.SessionID, true
		case "transcript_path":
			s, set = transcriptPath(ev, home), true
		case "cwd":
			s, set = ev.Cwd, true
			if s == "" {
				s = ev.Workspace
			}
		case "permission_mode":
			s, set = ev.PermissionMode, true
			if s == "" {
				s = "default" // Claude's mode when nothing else is set
			}
		case "subagent":
			s, set = ev.Subagent, true
		case "tool":
			s, set = claudeTool, true
		case "args":
			args := ev.Args
			if len(bytes.TrimSpace(args)) == 0 {
				args = json.RawMessage("{}")
			}
			o.Raw(key, p.vocab.Args(translate.Native, Dialect, ev.Tool, args))
			return
		case "result":
			o.Raw(key, ev.Result)
			return
		case "stop_hook_active":
			o.Bool(key, ev.StopHookActive)
			return
		case "reason":
			s, set = row.mapValue(ev.Reason, false), true
		case "prompt_id":
			s = ev.PromptID
		case "agent":
			s = ev.Agent
		case "tool_call_id":
			s = ev.ToolCallID
		case "error":
			s, set = ev.Error, true
		case "prompt":
			s, set = ev.Prompt, true
		case "output":
			s = ev.Output
		case "type":
			s, set = ev.Type, true
		case "message":
			s, set = ev.Message, true
		}
		if def, ok := row.empty[key]; ok && s == "" {
			o.Raw(key, json.RawMessage(def))
		} else if s != "" || set {
			o.Str(key, s)
		}
	}
	for _, k := range row.head {
		put(k)
	}
	used = append(used, "hook_event_name")
	o.Str("hook_event_name", row.name)
	for _, k := range row.fields {
		put(k)
	}
	for _, kv := range ev.Extra {
		put(kv.Key)
	}
	b, err := o.Line()
	if len(b) <= 64<<10 {
		payloadObjects.Put(o) // a huge payload's buffer is left to the collector
	}
	if err != nil {
		return nil, fmt.Errorf("claude payload: %w", err)
	}
	return b, nil
}

// payloadObjects holds the objects payloads are built in, so that the
// buffer is not grown anew for every event.
var payloadObjects = sync.Pool{New: func() any { return new(jsonwire.Object) }}

// dashed is s with each character other than an ASCII letter or digit
// replaced by '-', as the regular expression [^A-Za-z0-9] replaces it: one
// dash per character (a multi-byte one included), and per byte of s that
// is not valid UTF-8.
func dashed(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
			b.WriteByte(byte(r))
		} else {
			b.WriteByte('-')
		}
		i += size
	}
	return b.String()
}

// transcriptPath is the event's transcript_path, or Claude Code's layout
// under the user's home when the native event has none.
func transcriptPath(ev *runner.Event, home string) string {
	if ev.TranscriptPath != "" || ev.SessionID == "" {
		return ev.TranscriptPath // no session, no transcript
	}
	cwd := ev.Workspace
	if cwd == "" {
		cwd = ev.Cwd
	}
	return filepath.Join(home, ".claude", "projects", dashed(cwd), ev.SessionID+".jsonl")
}
