package claude

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"

	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// Payload field layout per event (claude §4, oracle hook_runs[].stdin):
// the common fields come first, then hook_event_name, then the event's
// own fields in Claude's order. Fields the native event keeps in Extra
// are placed by name; extras not listed here follow at the end in their
// original order.
var commonHead = []string{"session_id", "transcript_path", "cwd", "prompt_id", "permission_mode", "effort", "scratchpad_dir", "agent_id", "agent_type"}

var eventFields = map[string][]string{
	"SessionStart":        {"source", "model", "session_title", "seconds_since_last_response", "context_tokens", "prompt_cache_likely_expired", "estimated_cache_write_usd"},
	"Setup":               {"trigger"},
	"InstructionsLoaded":  {"file_path", "memory_type", "load_reason", "globs", "trigger_file_path", "parent_file_path"},
	"UserPromptSubmit":    {"prompt", "session_title"},
	"UserPromptExpansion": {"expansion_type", "command_name", "command_args", "command_source", "prompt"},
	"MessageDisplay":      {"turn_id", "message_id", "index", "final", "delta"},
	"PreToolUse":          {"tool_name", "tool_input", "tool_use_id", "mcp_server"},
	"PermissionRequest":   {"tool_name", "tool_input", "permission_suggestions", "mcp_server"},
	"PermissionDenied":    {"tool_name", "tool_input", "tool_use_id", "reason", "mcp_server"},
	"PostToolUse":         {"tool_name", "tool_input", "tool_response", "tool_use_id", "duration_ms", "mcp_server"},
	"PostToolUseFailure":  {"tool_name", "tool_input", "tool_use_id", "error", "is_interrupt", "duration_ms", "mcp_server"},
	"PostToolBatch":       {"tool_calls"},
	"Notification":        {"message", "title", "notification_type"},
	"SubagentStart":       {"agent_id", "agent_type"},
	"SubagentStop":        {"stop_hook_active", "agent_id", "agent_type", "agent_transcript_path", "last_assistant_message", "background_tasks", "session_crons"},
	"Stop":                {"stop_hook_active", "last_assistant_message", "background_tasks", "session_crons"},
	"PreCompact":          {"trigger", "custom_instructions"},
	"PostCompact":         {"trigger", "compact_summary"},
	"SessionEnd":          {"reason"},
}

// permissionModeEvents are the events whose payload carries
// permission_mode (claude §4.1, oracle probe_all_events).
var permissionModeEvents = map[string]bool{
	"PreToolUse": true, "PostToolUse": true, "PostToolUseFailure": true, "PermissionRequest": true,
	"PermissionDenied": true, "UserPromptSubmit": true, "UserPromptExpansion": true, "Stop": true,
	"SubagentStop": true, "PostToolBatch": true, "TaskCompleted": true, "TeammateIdle": true,
}

// Value maps between Claude's and the native spec's words (HK-51, HK-52).
// Values not listed pass through unchanged in both directions.
var (
	sessionStartSource = [][2]string{{"startup", "startup"}, {"resume", "resume"}, {"clear", "new"}}
	sessionEndReason   = [][2]string{{"clear", "new"}, {"resume", "load"}, {"prompt_input_exit", "exit"}}
)

func mapValue(table [][2]string, v string, toNative bool) string {
	for _, p := range table {
		from, to := p[0], p[1]
		if !toNative {
			from, to = to, from
		}
		if v == from {
			return to
		}
	}
	return v
}

// nativeField reports which native field holds a Claude payload field of
// event, or "" when the field lives in Extra.
func nativeField(event, key string) string {
	switch key {
	case "session_id", "transcript_path", "cwd", "prompt_id", "permission_mode":
		return key
	case "agent_type":
		if event == "SubagentStart" || event == "SubagentStop" {
			return "subagent"
		}
		return "agent"
	case "tool_name":
		if event != "PostToolBatch" {
			return "tool"
		}
	case "tool_input":
		return "args"
	case "tool_response":
		return "result"
	case "tool_use_id":
		return "tool_call_id"
	case "error":
		if event == "PostToolUseFailure" {
			return "error"
		}
	case "prompt":
		if event == "UserPromptSubmit" || event == "UserPromptExpansion" {
			return "prompt"
		}
	case "custom_instructions":
		if event == "PreCompact" {
			return "prompt"
		}
	case "source":
		if event == "SessionStart" {
			return "reason"
		}
	case "reason":
		if event == "SessionEnd" {
			return "reason"
		}
	case "trigger":
		if event == "PreCompact" || event == "PostCompact" {
			return "reason"
		}
	case "stop_hook_active":
		return "stop_hook_active"
	case "last_assistant_message":
		if event == "Stop" || event == "SubagentStop" {
			return "output"
		}
	case "compact_summary":
		return "output"
	case "notification_type":
		return "type"
	case "message":
		if event == "Notification" {
			return "message"
		}
	}
	return ""
}

// FromPayload translates a Claude Code hook payload (the JSON Claude
// writes to a hook's stdin) into a native event with the default tool
// vocabulary; see [Protocol.FromPayload].
func FromPayload(payload []byte, workspace string) (runner.Event, error) {
	return NewProtocol(nil).FromPayload(payload, workspace)
}

// FromPayload translates a Claude Code hook payload (the JSON Claude
// writes to a hook's stdin) into a native event. workspace is the project
// directory (Claude's CLAUDE_PROJECT_DIR), which the payload does not
// carry. Tool names and argument names go through the protocol's
// vocabulary; fields without a native counterpart are kept in Event.Extra
// in their order. Errors: the payload is not a JSON object, lacks
// hook_event_name, names an unknown event, or has a field of the wrong
// type.
func (p *Protocol) FromPayload(payload []byte, workspace string) (runner.Event, error) {
	root, err := jsonpos.Parse(payload)
	if err != nil {
		return runner.Event{}, fmt.Errorf("claude payload: %w", err)
	}
	if root.Kind != jsonpos.Object {
		return runner.Event{}, fmt.Errorf("claude payload: want a JSON object, got %s", root.Kind)
	}
	name := root.Get("hook_event_name")
	if name == nil || name.Kind != jsonpos.String {
		return runner.Event{}, fmt.Errorf("claude payload: missing hook_event_name")
	}
	event := name.Str
	native, ok := translate.NativeEvent(event)
	if !ok {
		return runner.Event{}, fmt.Errorf("claude payload: unknown hook_event_name %q (known: %v)", event, translate.ClaudeEventNames())
	}
	ev := runner.Event{Name: native, Workspace: workspace}
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
		var s string
		switch f := nativeField(event, m.Key); f {
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
		case "prompt":
			if m.Value.Kind == jsonpos.Null && event == "PreCompact" {
				continue // custom_instructions: null
			}
			fallthrough
		default:
			if s, err = str(m); err != nil {
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
				ev.Tool = p.vocab.Name(translate.Claude, translate.Native, s)
			case "tool_call_id":
				ev.ToolCallID = s
			case "error":
				ev.Error = s
			case "prompt":
				ev.Prompt = s
			case "reason":
				switch event {
				case "SessionStart":
					s = mapValue(sessionStartSource, s, true)
				case "SessionEnd":
					s = mapValue(sessionEndReason, s, true)
				}
				ev.Reason = s
			case "output":
				ev.Output = s
			case "type":
				ev.Type = s
			case "message":
				ev.Message = s
			}
		}
	}
	if ev.Args != nil && claudeTool != "" {
		ev.Args = p.vocab.Args(translate.Claude, translate.Native, claudeTool, ev.Args)
	}
	return ev, nil
}

// Payload builds the stdin bytes a Claude Code hook receives for ev:
// compact JSON written the way JSON.stringify writes it, keys in Claude's
// order, plus one trailing newline (oracle: hook_runs[].stdin). Fields the
// native event lacks get documented defaults: transcript_path is
// ~/.claude/projects/<cwd with every non-alphanumeric byte as '-'>/<session_id>.jsonl
// (empty without a session id); permission_mode appears only on the
// events that carry it, "default" when the native event has none;
// PreCompact's custom_instructions is null when there is no prompt.
func Payload(ev *runner.Event) ([]byte, error) {
	home, _ := os.UserHomeDir()
	return NewProtocol(nil).payload(ev, home)
}

// payload is [Payload] with the protocol's vocabulary and the user's
// home directory given.
func (p *Protocol) payload(ev *runner.Event, home string) ([]byte, error) {
	event, ok := translate.ClaudeEvent(ev.Name)
	if !ok {
		return nil, fmt.Errorf("claude payload: event %q has no Claude name", ev.Name)
	}
	claudeTool := p.vocab.Name(translate.Native, translate.Claude, ev.Tool)
	used := map[string]bool{}
	var o jsObject
	put := func(key string) {
		if used[key] {
			return
		}
		f := nativeField(event, key)
		if f == "" {
			if v, ok := ev.Extra.Get(key); ok {
				used[key] = true
				o.raw(key, v)
			}
			return
		}
		used[key] = true
		switch f {
		case "session_id":
			o.str(key, ev.SessionID)
		case "transcript_path":
			o.str(key, transcriptPath(ev, home))
		case "cwd":
			cwd := ev.Cwd
			if cwd == "" {
				cwd = ev.Workspace
			}
			o.str(key, cwd)
		case "prompt_id":
			if ev.PromptID != "" {
				o.str(key, ev.PromptID)
			}
		case "permission_mode":
			if permissionModeEvents[event] {
				mode := ev.PermissionMode
				if mode == "" {
					mode = "default" // Claude's mode when nothing else is set
				}
				o.str(key, mode)
			}
		case "agent":
			if ev.Agent != "" {
				o.str(key, ev.Agent)
			}
		case "subagent":
			o.str(key, ev.Subagent)
		case "tool":
			o.str(key, claudeTool)
		case "args":
			args := ev.Args
			if len(bytes.TrimSpace(args)) == 0 {
				args = json.RawMessage("{}")
			}
			o.raw(key, p.vocab.Args(translate.Native, translate.Claude, ev.Tool, args))
		case "result":
			o.raw(key, ev.Result)
		case "tool_call_id":
			if ev.ToolCallID != "" {
				o.str(key, ev.ToolCallID)
			}
		case "error":
			o.str(key, ev.Error)
		case "prompt":
			if event == "PreCompact" && ev.Prompt == "" {
				o.raw(key, json.RawMessage("null"))
			} else {
				o.str(key, ev.Prompt)
			}
		case "reason":
			r := ev.Reason
			switch event {
			case "SessionStart":
				r = mapValue(sessionStartSource, r, false)
			case "SessionEnd":
				r = mapValue(sessionEndReason, r, false)
			}
			o.str(key, r)
		case "stop_hook_active":
			o.boolean(key, ev.StopHookActive)
		case "output":
			if ev.Output != "" || event == "Stop" || event == "SubagentStop" {
				o.str(key, ev.Output)
			}
		case "type":
			o.str(key, ev.Type)
		case "message":
			o.str(key, ev.Message)
		}
	}
	own := eventFields[event]
	ownSet := map[string]bool{}
	for _, k := range own {
		ownSet[k] = true
	}
	for _, k := range commonHead {
		if !ownSet[k] {
			put(k)
		}
	}
	used["hook_event_name"] = true
	o.str("hook_event_name", event)
	for _, k := range own {
		put(k)
	}
	for _, kv := range ev.Extra {
		put(kv.Key)
	}
	b, err := o.bytes()
	if err != nil {
		return nil, fmt.Errorf("claude payload: %w", err)
	}
	return append(b, '\n'), nil
}

var nonAlnum = regexp.MustCompile(`[^A-Za-z0-9]`)

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
	return filepath.Join(home, ".claude", "projects", nonAlnum.ReplaceAllString(cwd, "-"), ev.SessionID+".jsonl")
}
