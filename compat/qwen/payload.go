package qwen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// Value maps between Qwen Code's (Claude Code's) words and the native
// spec's; values not listed pass through.
var (
	sessionStartSource = [][2]string{{"startup", "startup"}, {"resume", "resume"}, {"clear", "new"}}
	sessionEndReason   = [][2]string{{"clear", "new"}, {"resume", "load"}, {"prompt_input_exit", "exit"}}
)

func reasonMap(r *Row) [][2]string {
	switch r.Name {
	case "SessionStart":
		return sessionStartSource
	case "SessionEnd":
		return sessionEndReason
	}
	return nil
}

// nativeField says which native field holds a payload key of the row's
// event; "" means Event.Extra.
func nativeField(r *Row, key string) string {
	switch key {
	case "session_id", "transcript_path", "cwd", "permission_mode", "prompt_id":
		return key
	case "source":
		if r.Name == "SessionStart" {
			return "reason"
		}
	case "reason":
		if r.Name == "SessionEnd" {
			return "reason"
		}
	case "trigger":
		if r.Name == "PreCompact" || r.Name == "PostCompact" {
			return "reason"
		}
	case "prompt":
		if r.Name == "UserPromptSubmit" || r.Name == "UserPromptExpansion" {
			return "prompt"
		}
	case "custom_instructions":
		return "prompt"
	case "stop_hook_active":
		return "stop_hook_active"
	case "last_assistant_message":
		if r.Name == "Stop" || r.Name == "SubagentStop" {
			return "output"
		}
	case "compact_summary":
		return "output"
	case "tool_name":
		if r.Name != "PostToolBatch" {
			return "tool"
		}
	case "tool_input":
		return "args"
	case "tool_response":
		return "result"
	case "tool_call_id":
		return "tool_call_id"
	case "error":
		if r.Name == "PostToolUseFailure" {
			return "error"
		}
	case "notification_type":
		return "type"
	case "message":
		if r.Name == "Notification" {
			return "message"
		}
	case "agent_type":
		if r.Name == "SubagentStart" || r.Name == "SubagentStop" {
			return "subagent"
		}
	}
	return ""
}

// FromPayload translates a Qwen Code hook payload into a native event:
// tool and argument names through vocab, the session source and end
// reason mapped to the native reasons, keys without a native field kept
// in Extra in their order (timestamp, tool_use_id, duration_ms,
// background_tasks, …). Errors: not a JSON object, no hook_event_name, an
// event Qwen Code does not have, or a field of the wrong type.
func FromPayload(data []byte, workspace string, vocab *translate.Vocabulary) (runner.Event, error) {
	if vocab == nil {
		vocab = translate.DefaultVocabulary
	}
	root, err := jsonpos.Parse(bytes.TrimPrefix(data, []byte("\ufeff")))
	if err != nil {
		return runner.Event{}, fmt.Errorf("qwen payload: %w", err)
	}
	if root.Kind != jsonpos.Object {
		return runner.Event{}, fmt.Errorf("qwen payload: want a JSON object, got %s", root.Kind)
	}
	name := root.Get("hook_event_name")
	if name == nil || name.Kind != jsonpos.String {
		return runner.Event{}, fmt.Errorf("qwen payload: missing hook_event_name")
	}
	r, ok := Event(name.Str)
	if !ok {
		return runner.Event{}, fmt.Errorf("qwen payload: unknown hook_event_name %q (Qwen Code has %s)", name.Str, strings.Join(EventNames(), ", "))
	}
	ev := runner.Event{Name: r.Native, Workspace: workspace}
	qwenTool := ""
	for _, m := range geminicore.Members(root) {
		if m.Key == "hook_event_name" {
			continue
		}
		f := nativeField(r, m.Key)
		raw := append(json.RawMessage(nil), m.Value.Raw...)
		switch f {
		case "":
			ev.Extra.Set(m.Key, raw)
			continue
		case "args":
			ev.Args = raw
			continue
		case "result":
			ev.Result = raw
			continue
		case "stop_hook_active":
			if m.Value.Kind != jsonpos.Bool {
				return runner.Event{}, fmt.Errorf("qwen payload: stop_hook_active: want a boolean, got %s", m.Value.Kind)
			}
			ev.StopHookActive = m.Value.Bool
			continue
		}
		if m.Value.Kind == jsonpos.Null && f == "prompt" {
			continue
		}
		if m.Value.Kind != jsonpos.String {
			return runner.Event{}, fmt.Errorf("qwen payload: %s: want a string, got %s", m.Key, m.Value.Kind)
		}
		s := m.Value.Str
		switch f {
		case "session_id":
			ev.SessionID = s
		case "transcript_path":
			ev.TranscriptPath = s
		case "cwd":
			ev.Cwd = s
		case "permission_mode":
			ev.PermissionMode = s
		case "prompt_id":
			ev.PromptID = s
		case "reason":
			ev.Reason = hookkit.MapValue(reasonMap(r), s, true)
		case "prompt":
			ev.Prompt = s
		case "output":
			ev.Output = s
		case "tool":
			qwenTool = s
			ev.Tool = vocab.Name(Dialect, translate.Native, s)
		case "tool_call_id":
			ev.ToolCallID = s
		case "error":
			ev.Error = s
		case "type":
			ev.Type = s
		case "message":
			ev.Message = s
		case "subagent":
			ev.Subagent = s
		}
	}
	if ev.Args != nil && qwenTool != "" {
		ev.Args = vocab.Args(Dialect, translate.Native, qwenTool, ev.Args)
	}
	if ev.Workspace == "" {
		ev.Workspace = ev.Cwd
	}
	return ev, nil
}

// baseHead and baseTail are the common keys around hook_event_name
// (hookEventHandler.createBaseInput): source_type, source_id and
// agent_id appear only when set, prompt_id during a turn.
var (
	baseHead = []string{"session_id", "source_type", "source_id", "transcript_path", "cwd"}
	baseTail = []string{"timestamp", "permission_mode", "agent_id", "prompt_id"}
)

// Payload builds the stdin bytes a Qwen Code hook receives for ev:
// JSON.stringify of the payload (compact, no trailing newline), the common
// keys first, then the event's keys in Qwen's order, then any other Extra
// key. Fields the native event lacks get Qwen's values: timestamp now
// (ISO 8601, milliseconds, UTC) unless the event carries one,
// permission_mode "default", transcript_path
// <qwen home>/projects/<project slug>/chats/<session>.jsonl, SessionStart's
// source "startup", Stop's last_assistant_message "" and background_tasks
// and crons [].
func Payload(ev *runner.Event, vocab *translate.Vocabulary, base []string) ([]byte, error) {
	if vocab == nil {
		vocab = translate.DefaultVocabulary
	}
	r, ok := ForNative(ev.Name)
	if !ok {
		return nil, fmt.Errorf("qwen payload: Qwen Code has no event for %s", ev.Name)
	}
	own := map[string]bool{}
	for _, k := range r.Fields {
		own[k] = true
	}
	used := map[string]bool{}
	o := jsonwire.NewObject(jsonwire.JSRoundTrip)
	cwd := cwdOf(ev)
	put := func(key string) {
		if used[key] {
			return
		}
		used[key] = true
		f := nativeField(r, key)
		extra := func(def string) {
			if v, ok := ev.Extra.Get(key); ok {
				o.Raw(key, v)
			} else if def != "" {
				o.Raw(key, json.RawMessage(def))
			}
		}
		switch {
		case key == "hook_event_name":
			o.Str(key, r.Name)
			return
		case key == "timestamp":
			if v, ok := ev.Extra.Get(key); ok {
				o.Raw(key, v)
			} else {
				o.Str(key, time.Now().UTC().Format("2006-01-02T15:04:05.000Z"))
			}
			return
		case key == "tool_use_id":
			if v, ok := ev.Extra.Get(key); ok {
				o.Raw(key, v)
			} else if ev.ToolCallID != "" {
				o.Str(key, ev.ToolCallID)
			}
			return
		case f == "":
			switch key {
			case "background_tasks", "crons":
				if r.Name == "Stop" || r.Name == "SubagentStop" {
					extra("[]")
					return
				}
			case "is_interrupt":
				extra("false")
				return
			}
			extra("")
			return
		}
		switch f {
		case "session_id":
			o.Str(key, ev.SessionID)
		case "transcript_path":
			p := ev.TranscriptPath
			if p == "" && ev.SessionID != "" {
				p = filepath.Join(projectDir(ev, base), "chats", ev.SessionID+".jsonl")
			}
			o.Str(key, p)
		case "cwd":
			o.Str(key, cwd)
		case "permission_mode":
			m := ev.PermissionMode
			if m == "" {
				m = "default"
			}
			o.Str(key, m)
		case "prompt_id":
			if ev.PromptID != "" {
				o.Str(key, ev.PromptID)
			}
		case "reason":
			v := hookkit.MapValue(reasonMap(r), ev.Reason, false)
			if v == "" && r.Name == "SessionStart" {
				v = "startup"
			}
			o.Str(key, v)
		case "prompt":
			if key == "custom_instructions" && ev.Prompt == "" {
				o.Raw(key, json.RawMessage("null"))
			} else {
				o.Str(key, ev.Prompt)
			}
		case "output":
			o.Str(key, ev.Output)
		case "stop_hook_active":
			o.Bool(key, ev.StopHookActive)
		case "tool":
			o.Str(key, vocab.Name(translate.Native, Dialect, ev.Tool))
		case "args":
			args := ev.Args
			if len(bytes.TrimSpace(args)) == 0 {
				args = json.RawMessage("{}")
			}
			o.Raw(key, vocab.Args(translate.Native, Dialect, ev.Tool, args))
		case "result":
			if len(bytes.TrimSpace(ev.Result)) > 0 {
				o.Raw(key, ev.Result)
			} else {
				o.Raw(key, json.RawMessage(`{"llmContent":"","returnDisplay":""}`))
			}
		case "tool_call_id":
			if ev.ToolCallID != "" {
				o.Str(key, ev.ToolCallID)
			}
		case "error":
			o.Str(key, ev.Error)
		case "type":
			o.Str(key, ev.Type)
		case "message":
			o.Str(key, ev.Message)
		case "subagent":
			o.Str(key, ev.Subagent)
		}
	}
	for _, k := range baseHead {
		if !own[k] {
			put(k)
		}
	}
	put("hook_event_name")
	for _, k := range baseTail {
		if !own[k] {
			put(k)
		}
	}
	for _, k := range r.Fields {
		if optionalField(r, k) {
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
		return nil, fmt.Errorf("qwen payload: %w", err)
	}
	return b, nil
}

// optionalField reports payload keys Qwen sends only when it has them.
func optionalField(r *Row, key string) bool {
	switch key {
	case "submitted_prompt", "model", "agent_type", "context_usage", "context_limit", "input_tokens",
		"permission_suggestions", "trigger_file_path", "parent_file_path", "duration_ms", "error_details":
		return !(key == "agent_type" && (r.Name == "SubagentStart" || r.Name == "SubagentStop"))
	}
	return false
}

func cwdOf(ev *runner.Event) string {
	if ev.Cwd != "" {
		return ev.Cwd
	}
	return ev.Workspace
}

var nonAlnum = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`[^a-zA-Z0-9]`) }}

// qwenHome is Qwen Code's user folder: $QWEN_HOME, else ~/.qwen.
func qwenHome(getenv func(string) string, home string) string {
	if h := getenv("QWEN_HOME"); h != "" {
		return h
	}
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	return filepath.Join(home, ".qwen")
}

// projectDir is QWEN_CODE_PROJECT_DIR for ev: <qwen home>/projects/<slug>,
// the slug taken from the payload's transcript_path when it lies there,
// else the project path with every character but letters and digits a
// dash (sanitizeCwd).
func projectDir(ev *runner.Event, base []string) string {
	if p := filepath.ToSlash(ev.TranscriptPath); p != "" {
		if i := strings.Index(p, "/projects/"); i >= 0 {
			if rest, _, ok := strings.Cut(p[i+len("/projects/"):], "/"); ok && rest != "" {
				return filepath.FromSlash(p[:i+len("/projects/")] + rest)
			}
		}
	}
	qh := qwenHome(func(k string) string { return hookkit.EnvValue(base, k) }, hookkit.EnvValue(base, "HOME"))
	return filepath.Join(qh, "projects", nonAlnum.Get().ReplaceAllString(cwdOf(ev), "-"))
}
