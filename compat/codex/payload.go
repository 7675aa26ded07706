package codex

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// The Codex payload (codex §2.2, §2.3): compact JSON without a trailing
// newline, keys in the order of the event's row. Native fields fill the
// keys they have (session_id, turn_id ← prompt_id, transcript_path, cwd,
// permission_mode, tool_name/tool_input/tool_response/tool_use_id,
// prompt, stop_hook_active, last_assistant_message ← output, source /
// reason / trigger ← reason, agent_type ← subagent or agent, error);
// Codex-only fields (model, agent_id, agent_transcript_path, status,
// token_usage, and the raw tool_input of an apply_patch call) travel in
// Event.Extra under their own names, so that a payload read from Codex
// and written again is byte-identical.

// Extra keys the payload reader stores and the writer reads.
const (
	extraModel     = "model"
	extraAgentID   = "agent_id"
	extraToolInput = "tool_input" // the Codex tool_input when the native args are derived from it
)

// sessionStartSource maps Codex's SessionStart source to the native reason
// and back (clear is native "new"; compact, fork pass through).
var sessionStartSource = [][2]string{{"startup", "startup"}, {"resume", "resume"}, {"clear", "new"}}

// codexToolName is the Codex name of a native tool (codex §5): shell →
// Bash, edit/write/multi_edit → apply_patch, agent → spawn_agent, ask_user
// → request_user_input; others (MCP, built-in) unchanged.
func (p *Protocol) codexToolName(native string) string {
	switch native {
	case "write", "multi_edit", "edit":
		return "apply_patch"
	}
	return p.vocab.Name(translate.Native, Dialect, native)
}

// toolAliases are the names a Codex matcher tests for a tool.
func toolAliases(codexTool string) []string {
	if codexTool == "apply_patch" {
		return []string{"apply_patch", "Edit", "Write"}
	}
	return []string{codexTool}
}

// nativeTool reads a Codex tool call as a native one.
func (p *Protocol) nativeTool(codexTool string, input json.RawMessage, cwd string) (string, json.RawMessage) {
	if codexTool == "apply_patch" {
		var in struct {
			Command *string `json:"command"`
		}
		if json.Unmarshal(input, &in) == nil && in.Command != nil {
			return nativePatchArgs(*in.Command, cwd)
		}
		return "edit", input
	}
	native := p.vocab.Name(Dialect, translate.Native, codexTool)
	return native, p.vocab.Args(Dialect, translate.Native, codexTool, input)
}

// codexInput is the tool_input Codex shows hooks for a native call (Bash:
// {"command"} only, and on PermissionRequest the description too;
// apply_patch: {"command": <patch>}).
func (p *Protocol) codexInput(ev *runner.Event, row *eventRow) (json.RawMessage, error) {
	args := ev.Args
	if len(bytes.TrimSpace(args)) == 0 {
		args = json.RawMessage("{}")
	}
	tool := p.codexToolName(ev.Tool)
	if raw, ok := ev.Extra.Get(extraToolInput); ok {
		// The input as Codex wrote it, when the native args are still the
		// ones read from it.
		_, derived := p.nativeTool(tool, raw, ev.Cwd)
		if canonical(derived) == canonical(args) {
			return raw, nil
		}
	}
	switch tool {
	case "Bash":
		var a map[string]json.RawMessage
		if json.Unmarshal(args, &a) != nil {
			return args, nil
		}
		o := jsonwire.NewObject(jsonwire.Serde)
		if c, ok := a["command"]; ok {
			o.Raw("command", c)
		} else {
			o.Str("command", "")
		}
		if d, ok := a["description"]; ok && row.Description {
			o.Raw("description", d)
		}
		return o.Bytes()
	case "apply_patch":
		patch, ok := patchFromNative(ev.Tool, args, ev.Cwd, false)
		if !ok {
			return args, nil
		}
		o := jsonwire.NewObject(jsonwire.Serde)
		o.Str("command", patch)
		return o.Bytes()
	}
	return p.vocab.Args(translate.Native, Dialect, ev.Tool, args), nil
}

// payload builds the stdin bytes of a Codex hook for ev.
func (p *Protocol) payload(ev *runner.Event) ([]byte, error) {
	row, ok := rowFor(ev.Name)
	if !ok {
		return nil, fmt.Errorf("codex payload: event %q has no Codex event", ev.Name)
	}
	used := map[string]bool{}
	o := jsonwire.NewObject(jsonwire.Serde)
	extra := func(k string) (json.RawMessage, bool) { return ev.Extra.Get(k) }
	strOrExtra := func(k, v string, nullIfEmpty bool) {
		switch {
		case v != "":
			o.Str(k, v)
		default:
			if raw, ok := extra(k); ok {
				o.Raw(k, raw)
			} else if nullIfEmpty {
				o.Raw(k, json.RawMessage("null"))
			} else {
				o.Str(k, "")
			}
		}
	}
	agentInside := ev.Agent != ""
	if _, ok := extra(extraAgentID); ok && !row.Subagent {
		agentInside = true
	}
	var put func(k string) error
	put = func(k string) error {
		if used[k] {
			return nil
		}
		used[k] = true
		switch k {
		case "+agent":
			if agentInside {
				if err := put("agent_id"); err != nil {
					return err
				}
				return put("agent_type")
			}
			return nil
		case "session_id":
			o.Str(k, ev.SessionID)
		case "turn_id":
			strOrExtra(k, ev.PromptID, false)
		case "transcript_path":
			strOrExtra(k, ev.TranscriptPath, true)
		case "cwd":
			cwd := ev.Cwd
			if cwd == "" {
				cwd = ev.Workspace
			}
			o.Str(k, cwd)
		case "hook_event_name":
			o.Str(k, row.Codex)
		case "model":
			strOrExtra(k, "", false)
		case "permission_mode":
			mode := ev.PermissionMode
			if mode == "" {
				mode = "default"
			}
			o.Str(k, mode)
		case "tool_name":
			name := p.codexToolName(ev.Tool)
			if raw, ok := extra("tool_name"); ok {
				var s string
				if json.Unmarshal(raw, &s) == nil {
					if n, _ := p.nativeTool(s, json.RawMessage("{}"), ""); n == ev.Tool {
						name = s
					}
				}
			}
			o.Str(k, name)
		case "tool_input":
			in, err := p.codexInput(ev, row)
			if err != nil {
				return err
			}
			o.Raw(k, in)
		case "tool_response":
			switch {
			case len(bytes.TrimSpace(ev.Result)) > 0:
				o.Raw(k, ev.Result)
			case ev.Error != "":
				o.Str(k, ev.Error)
			default:
				o.Str(k, "")
			}
		case "tool_use_id":
			o.Str(k, ev.ToolCallID)
		case "prompt":
			o.Str(k, ev.Prompt)
		case "stop_hook_active":
			o.Bool(k, ev.StopHookActive)
		case "last_assistant_message":
			strOrExtra(k, ev.Output, true)
		case "source":
			src := hookkit.MapValue(sessionStartSource, ev.Reason, false)
			if src == "" {
				src = "startup"
			}
			o.Str(k, src)
		case "reason":
			r := ev.Reason
			switch r {
			case "", "new", "load", "exit":
				r = "other" // the only SessionEnd reason of Codex 0.169.0
			}
			o.Str(k, r)
		case "trigger":
			t := ev.Reason
			if t == "" {
				t = "auto"
			}
			o.Str(k, t)
		case "agent_type":
			v := ev.Agent
			if row.Subagent {
				v = ev.Subagent
			}
			strOrExtra(k, v, false)
		case "error":
			if ev.Error != "" {
				o.Str(k, ev.Error)
			} else if raw, ok := extra(k); ok {
				o.Raw(k, raw)
			} else {
				o.Raw(k, json.RawMessage("null"))
			}
		case "status":
			strOrExtra(k, "", false)
		case "token_usage", "agent_transcript_path":
			if raw, ok := extra(k); ok {
				o.Raw(k, raw)
			} else {
				o.Raw(k, json.RawMessage("null"))
			}
		default:
			if raw, ok := extra(k); ok {
				o.Raw(k, raw)
			} else {
				used[k] = false
			}
		}
		return nil
	}
	for _, k := range row.Keys {
		if err := put(k); err != nil {
			return nil, fmt.Errorf("codex payload: %w", err)
		}
	}
	used[extraToolInput] = true
	for _, kv := range ev.Extra {
		if !used[kv.Key] && !has(row.Keys, kv.Key) {
			used[kv.Key] = true
			o.Raw(kv.Key, kv.Value)
		}
	}
	b, err := o.Bytes()
	if err != nil {
		return nil, fmt.Errorf("codex payload: %w", err)
	}
	return b, nil
}

// FromPayload reads a Codex hook payload (what Codex writes to a hook's
// stdin) as a native event; workspace is the project directory, which the
// payload does not carry (cwd fills it when empty). Fields without a
// native counterpart are kept in Event.Extra, in order. Errors: not a JSON
// object, no hook_event_name, an event Codex does not have, a field of
// the wrong type.
func (p *Protocol) FromPayload(data []byte, workspace string) (runner.Event, error) {
	root, event, err := jsonpos.Payload(Name, data)
	if err != nil {
		return runner.Event{}, err
	}
	row, ok := events.Get().byCodex[event]
	if !ok {
		return runner.Event{}, fmt.Errorf("codex payload: unknown hook_event_name %q (Codex events: %s)", event, strings.Join(eventNames(), ", "))
	}
	ev := runner.Event{Name: row.Native, Workspace: workspace}
	sub := row.Subagent
	var codexTool string
	var toolInput json.RawMessage
	for _, m := range root.Members {
		raw := append(json.RawMessage(nil), m.Value.Raw...)
		str := func() (string, error) {
			if m.Value.Kind != jsonpos.String {
				return "", fmt.Errorf("codex payload: %s: want a string, got %s", m.Key, m.Value.Kind)
			}
			return m.Value.Str, nil
		}
		var s string
		switch m.Key {
		case "hook_event_name":
			continue
		case "session_id", "cwd", "permission_mode", "tool_name", "tool_use_id", "prompt":
			if s, err = str(); err != nil {
				return runner.Event{}, err
			}
			switch m.Key {
			case "session_id":
				ev.SessionID = s
			case "cwd":
				ev.Cwd = s
			case "permission_mode":
				ev.PermissionMode = s
			case "tool_name":
				codexTool = s
			case "tool_use_id":
				ev.ToolCallID = s
			case "prompt":
				ev.Prompt = s
			}
			continue
		case "turn_id", "transcript_path", "last_assistant_message":
			if m.Value.Kind == jsonpos.String && m.Value.Str != "" {
				switch m.Key {
				case "turn_id":
					ev.PromptID = m.Value.Str
				case "transcript_path":
					ev.TranscriptPath = m.Value.Str
				case "last_assistant_message":
					ev.Output = m.Value.Str
				}
				continue
			}
		case "source", "reason", "trigger":
			if m.Value.Kind == jsonpos.String {
				s = m.Value.Str
				if m.Key == "source" {
					s = hookkit.MapValue(sessionStartSource, s, true)
				}
				ev.Reason = s
				continue
			}
		case "agent_type":
			if m.Value.Kind == jsonpos.String && m.Value.Str != "" {
				if sub {
					ev.Subagent = m.Value.Str
				} else {
					ev.Agent = m.Value.Str
				}
				continue
			}
		case "stop_hook_active":
			if m.Value.Kind != jsonpos.Bool {
				return runner.Event{}, fmt.Errorf("codex payload: stop_hook_active: want a boolean, got %s", m.Value.Kind)
			}
			ev.StopHookActive = m.Value.Bool
			continue
		case "tool_input":
			toolInput = raw
			continue
		case "tool_response":
			ev.Result = raw
			continue
		case "error":
			if m.Value.Kind == jsonpos.String {
				ev.Error = m.Value.Str
				continue
			}
		}
		ev.Extra.Set(m.Key, raw)
	}
	if ev.Workspace == "" {
		ev.Workspace = ev.Cwd
	}
	if codexTool != "" || toolInput != nil {
		if toolInput == nil {
			toolInput = json.RawMessage("{}")
		}
		ev.Tool, ev.Args = p.nativeTool(codexTool, toolInput, ev.Cwd)
		if canonical(ev.Args) != canonical(toolInput) || codexTool != p.codexToolName(ev.Tool) {
			ev.Extra.Set(extraToolInput, toolInput)
		}
		if codexTool != p.codexToolName(ev.Tool) {
			// A tool name the vocabulary does not give back: keep it.
			ev.Extra.Set("tool_name", jsonwire.RawString(codexTool))
		}
	}
	return ev, nil
}
