package cursor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// DefaultCursorVersion is the cursor_version (and CURSOR_VERSION) a hook
// gets when the event does not say which Cursor sent it: the newest
// build whose hook behaviour the research this format follows saw.
const DefaultCursorVersion = "3.14.7"

// ContentLimit caps the file text a beforeReadFile or beforeTabFileRead
// payload carries when hookcompat reads the file itself (the event came
// from another agent); a longer file is cut there and the payload says
// so with "content_truncated": true, never with a cut-off JSON document.
const ContentLimit = 16 << 20

// optional are the payload fields Cursor sends only sometimes; the others
// are always written, with Cursor's default when the event does not
// carry them.
var optional = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"agent_message": true, "git_branch": true, "modified_files": true,
		"mcp_server_url": true, "url": true, "input_tokens": true, "output_tokens": true,
		"cache_read_tokens": true, "cache_write_tokens": true, "model_id": true, "model_params": true,
	}
}}

// payload builds the stdin bytes a hook of step s receives for ev:
// JSON.stringify-style compact JSON, the common head, the step's own
// fields and the common tail in Cursor's order (cursor §3.2, §3.3).
// Fields the native event has no place for come from its Extra (kept
// when the event was read from a Cursor payload) or get Cursor's
// default; foreign fields of an event read from this very step follow at
// the end in their order. Tool names and argument names go through the
// vocabulary (Shell, file_path).
func (p *Protocol) payload(s *stepRow, ev *runner.Event) ([]byte, error) {
	o := jsonwire.NewObject(jsonwire.JS)
	used := map[string]bool{}
	extra := func(k string) (json.RawMessage, bool) { return ev.Extra.Get(k) }
	or := func(k string, def json.RawMessage) json.RawMessage {
		if v, ok := extra(k); ok {
			return v
		}
		return def
	}
	cursorTool := p.CursorTool(ev.Tool)
	args := p.cursorArgs(ev)
	put := func(k string) {
		if used[k] {
			return
		}
		used[k] = true
		if optional.Get()[k] || contains(s.Optional, k) {
			if v, ok := extra(k); ok {
				o.Raw(k, v)
			}
			return
		}
		switch k {
		case "conversation_id":
			o.Str(k, ev.SessionID)
		case "generation_id":
			o.Str(k, ev.PromptID)
		case "model":
			o.Raw(k, or(k, jsonwire.RawString("default")))
		case "session_id":
			o.Raw(k, or(k, jsonwire.RawString(ev.SessionID)))
		case "hook_event_name":
			o.Str(k, s.Name)
		case "cursor_version":
			o.Raw(k, or(k, jsonwire.RawString(DefaultCursorVersion)))
		case "workspace_roots":
			def := json.RawMessage("[]")
			if ev.Workspace != "" {
				def = json.RawMessage("[" + string(jsonwire.RawString(ev.Workspace)) + "]")
			}
			o.Raw(k, or(k, def))
		case "user_email":
			o.Raw(k, or(k, json.RawMessage("null")))
		case "transcript_path":
			if ev.TranscriptPath != "" {
				o.Str(k, ev.TranscriptPath)
			} else {
				o.Raw(k, or(k, json.RawMessage("null")))
			}
		case "tool_name":
			if s.Tools == toolsMCP {
				_, tool := mcpParts(ev.Tool)
				o.Str(k, tool)
			} else {
				o.Str(k, cursorTool)
			}
		case "tool_input":
			if s.Tools == toolsMCP {
				// A JSON-encoded string (cursor §3.3).
				c, err := jsonwire.JS.Canon(orEmpty(ev.Args))
				if err != nil {
					c = orEmpty(ev.Args)
				}
				o.Str(k, string(c))
			} else {
				o.Raw(k, orEmpty(args))
			}
		case "tool_use_id":
			o.Str(k, ev.ToolCallID)
		case "cwd":
			if v, ok := extra(k); ok {
				o.Raw(k, v)
			} else {
				o.Str(k, firstOf(ev.Cwd, ev.Workspace))
			}
		case "tool_output", "result_json":
			o.Str(k, resultString(ev.Result))
		case "output":
			o.Str(k, shellOutput(ev.Result))
		case "duration":
			o.Raw(k, or(k, json.RawMessage("0")))
		case "error_message":
			switch {
			case s.ErrorMessage != errorExtra && ev.Error != "":
				o.Str(k, ev.Error)
			case s.ErrorMessage == errorAlways:
				o.Raw(k, or(k, jsonwire.RawString("")))
			default:
				if v, ok := extra(k); ok {
					o.Raw(k, v)
				}
			}
		case "failure_type":
			o.Raw(k, or(k, jsonwire.RawString("error")))
		case "is_interrupt", "sandbox", "is_background_agent", "is_parallel_worker", "is_first_compaction":
			o.Raw(k, or(k, json.RawMessage("false")))
		case "command":
			if s.Tools == toolsShell {
				o.Str(k, gjson.GetBytes(ev.Args, "command").String())
			} else if v, ok := extra(k); ok {
				o.Raw(k, v)
			}
		case "mcp_server_name":
			server, _ := mcpParts(ev.Tool)
			o.Raw(k, or(k, jsonwire.RawString(server)))
		case "content":
			if v, ok := extra(k); ok {
				o.Raw(k, v)
				return
			}
			text, cut := readContent(firstOf(argPath(args, ev.Args), stringField(ev, "file_path")), firstOf(ev.Cwd, ev.Workspace))
			o.Str(k, text)
			if cut {
				o.Bool("content_truncated", true)
			}
		case "file_path":
			if s.Tools != toolsNone {
				o.Str(k, argPath(args, ev.Args))
			} else {
				o.Raw(k, or(k, jsonwire.RawString("")))
			}
		case "attachments", "modified_files":
			o.Raw(k, or(k, json.RawMessage("[]")))
		case "edits":
			if v, ok := extra(k); ok {
				o.Raw(k, v)
			} else {
				o.Raw(k, editsOf(ev.Args))
			}
		case "prompt":
			o.Str(k, ev.Prompt)
		case "composer_mode":
			o.Raw(k, or(k, jsonwire.RawString("agent")))
		case "reason":
			o.Str(k, sessionEndReason(ev.Reason))
		case "final_status", "status":
			o.Raw(k, or(k, jsonwire.RawString("completed")))
		case "duration_ms", "message_count", "tool_call_count", "context_usage_percent", "context_tokens",
			"context_window_size", "messages_to_compact":
			o.Raw(k, or(k, json.RawMessage("0")))
		case "subagent_type":
			o.Str(k, ev.Subagent)
		case "task":
			if s.Event == "subagent_start" {
				o.Str(k, ev.Prompt)
			} else {
				o.Raw(k, or(k, jsonwire.RawString("")))
			}
		case "parent_conversation_id":
			o.Raw(k, or(k, jsonwire.RawString(ev.SessionID)))
		case "tool_call_id":
			o.Raw(k, or(k, jsonwire.RawString(ev.ToolCallID)))
		case "loop_count":
			n := "0"
			if ev.StopHookActive {
				n = "1"
			}
			o.Raw(k, or(k, json.RawMessage(n)))
		case "summary":
			if ev.Output != "" {
				o.Str(k, ev.Output)
			} else if v, ok := extra(k); ok {
				o.Raw(k, v)
			}
		case "text":
			o.Str(k, ev.Output)
		case "trigger":
			o.Str(k, firstOf(ev.Reason, "auto"))
		default:
			// subagent_id, subagent_model, description,
			// agent_transcript_path: Cursor's own facts.
			o.Raw(k, or(k, jsonwire.RawString("")))
		}
	}
	if s.Bare {
		for _, k := range bareFields {
			put(k)
		}
	} else {
		for _, k := range commonHead {
			put(k)
		}
		for _, k := range s.Fields {
			put(k)
		}
		for _, k := range commonTail {
			put(k)
		}
	}
	// The event's other foreign fields (token counters, fields of newer
	// builds) follow, when the event was read from this step.
	if name, ok := ev.Extra.Get(markerKey); !ok || gjson.ParseBytes(name).String() == s.Name {
		for _, kv := range ev.Extra {
			if kv.Key != markerKey && !used[kv.Key] && !nativeKeys.Get()[kv.Key] {
				used[kv.Key] = true
				o.Raw(kv.Key, kv.Value)
			}
		}
	}
	b, err := o.Bytes()
	if err != nil {
		return nil, fmt.Errorf("cursor payload: %w", err)
	}
	return b, nil
}

// markerKey is the Extra field that records which step a native event
// was read from: its hook_event_name.
const markerKey = "hook_event_name"

// nativeKeys are payload fields of some step that a native event always
// holds in its own fields: never appended as foreign fields.
var nativeKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"conversation_id": true, "generation_id": true, "tool_name": true, "tool_input": true,
		"tool_use_id": true, "tool_output": true, "result_json": true, "output": true, "prompt": true,
		"subagent_type": true, "text": true, "trigger": true, "command": true, "file_path": true,
	}
}}

func orEmpty(r json.RawMessage) json.RawMessage {
	if len(bytes.TrimSpace(r)) == 0 {
		return json.RawMessage("{}")
	}
	return r
}

func firstOf(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// argPath is the file a tool call is about: its Cursor file_path, or the
// native path.
func argPath(cursorArgs, nativeArgs json.RawMessage) string {
	return firstOf(gjson.GetBytes(cursorArgs, "file_path").String(), gjson.GetBytes(nativeArgs, "path").String())
}

func stringField(ev *runner.Event, k string) string {
	v, _ := ev.Extra.Get(k)
	return gjson.ParseBytes(v).String()
}

// resultString is a tool result as Cursor's tool_output and result_json
// carry it: a JSON string holding the result's JSON (a string result as
// it is).
func resultString(r json.RawMessage) string {
	t := bytes.TrimSpace(r)
	if len(t) == 0 {
		return ""
	}
	if t[0] == '"' {
		return gjson.ParseBytes(t).String()
	}
	if c, err := jsonwire.JS.Canon(t); err == nil {
		return string(c)
	}
	return string(t)
}

// shellOutput is afterShellExecution's output: the result's output (or
// stdout) when it is an object, the result itself when it is a string.
func shellOutput(r json.RawMessage) string {
	res := gjson.ParseBytes(bytes.TrimSpace(r))
	switch {
	case res.IsObject() && res.Get("output").Exists():
		return res.Get("output").String()
	case res.IsObject() && res.Get("stdout").Exists():
		return res.Get("stdout").String()
	case res.Type == gjson.String:
		return res.String()
	}
	return resultString(r)
}

// editsOf rebuilds afterFileEdit's edits from native edit args: their
// edits array, or one {old_string, new_string}, or none (a new file).
func editsOf(args json.RawMessage) json.RawMessage {
	a := gjson.ParseBytes(args)
	if e := a.Get("edits"); e.IsArray() {
		return json.RawMessage(e.Raw)
	}
	if a.Get("old_string").Exists() || a.Get("new_string").Exists() {
		o := jsonwire.NewObject(jsonwire.JS)
		o.Str("old_string", a.Get("old_string").String())
		o.Str("new_string", a.Get("new_string").String())
		b, _ := o.Bytes()
		return json.RawMessage("[" + string(b) + "]")
	}
	return json.RawMessage("[]")
}

// sessionEndReason is a native session_end reason in Cursor's words.
func sessionEndReason(r string) string {
	switch r {
	case "completed", "aborted", "error", "window_close", "user_close":
		return r
	case "exit":
		return "user_close"
	}
	return "completed"
}

// readContent reads the file a read hook is about, relative paths from
// dir, up to ContentLimit bytes; "" when it cannot be read.
func readContent(path, dir string) (string, bool) {
	if path == "" {
		return "", false
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	f, err := os.Open(path)
	if err != nil {
		return "", false
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, ContentLimit+1))
	if err != nil {
		return "", false
	}
	if len(b) > ContentLimit {
		return string(b[:ContentLimit]), true
	}
	return string(b), false
}

// CursorTool is Cursor's name of a native tool: the vocabulary's
// (Shell for shell), "MCP:<tool>" for an MCP tool (mcp__server__tool),
// or the name itself.
func (p *Protocol) CursorTool(native string) string {
	if strings.HasPrefix(native, "mcp__") {
		_, tool := mcpParts(native)
		return "MCP:" + tool
	}
	return p.vocab.Name(translate.Native, Dialect, native)
}

// cursorAliases are names Cursor (or its users' matchers) also use for a
// tool the vocabulary names otherwise (cursor §4, §10.3).
var cursorAliases = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"Edit": "edit", "Subagent": "agent", "MultiEdit": "multi_edit"}
}}

// NativeTool is the native name of a Cursor tool: the vocabulary's, an
// alias's (Edit is edit), mcp__<server>__<tool> for "MCP:<tool>" when the
// server is known, or the name itself.
func (p *Protocol) NativeTool(cursor, server string) string {
	if t, ok := strings.CutPrefix(cursor, "MCP:"); ok {
		if server != "" {
			return "mcp__" + server + "__" + t
		}
		return cursor
	}
	if n, ok := cursorAliases.Get()[cursor]; ok {
		return n
	}
	return p.vocab.Name(Dialect, translate.Native, cursor)
}

// mcpParts splits a native MCP tool name into server and tool
// (mcp__github__create_issue; MCP:create_issue without a server).
func mcpParts(native string) (server, tool string) {
	if t, ok := strings.CutPrefix(native, "MCP:"); ok {
		return "", t
	}
	rest, ok := strings.CutPrefix(native, "mcp__")
	if !ok {
		return "", native
	}
	if i := strings.Index(rest, "__"); i >= 0 {
		return rest[:i], rest[i+2:]
	}
	return "", rest
}

// cursorArgs are the event's args in Cursor's argument names.
func (p *Protocol) cursorArgs(ev *runner.Event) json.RawMessage {
	if len(ev.Args) == 0 {
		return nil
	}
	return p.vocab.Args(translate.Native, Dialect, ev.Tool, ev.Args)
}

// FromPayload reads a Cursor hook payload (the JSON Cursor writes to a
// hook's stdin) into a native event and returns the step it is for.
// workspace fills the workspace when the payload has no workspace_roots.
// Tool and argument names go through the vocabulary; fields without a
// native counterpart stay in Extra in their order (after the step's
// hook_event_name, kept there so that the step's payload rebuilt from
// the event is the same). Errors: not a JSON object, no or an unknown
// hook_event_name, a field of the wrong type.
func (p *Protocol) FromPayload(data []byte, workspace string) (runner.Event, *stepRow, error) {
	root, event, err := jsonpos.Payload(Name, bytes.TrimPrefix(data, []byte("\ufeff")))
	if err != nil {
		return runner.Event{}, nil, err
	}
	s := stepNamed(event)
	if s == nil {
		return runner.Event{}, nil, fmt.Errorf("cursor payload: unknown hook_event_name %q (Cursor's steps: %s)", event, strings.Join(stepNames(), ", "))
	}
	ev := runner.Event{Name: s.Event, Workspace: workspace}
	ev.Extra.Set(markerKey, jsonwire.RawString(s.Name))
	str := func(m *jsonpos.Member) (string, error) {
		if m.Value.Kind != jsonpos.String {
			return "", fmt.Errorf("cursor payload: %s: want a string, got %s", m.Key, m.Value.Kind)
		}
		return m.Value.Str, nil
	}
	keep := func(m *jsonpos.Member) { ev.Extra.Set(m.Key, append(json.RawMessage(nil), m.Value.Raw...)) }
	server := ""
	if v := root.Get("mcp_server_name"); v != nil && v.Kind == jsonpos.String {
		server = v.Str
	}
	var cursorTool string
	var args json.RawMessage
	for _, m := range root.Members {
		var err error
		set := func(dst *string) {
			var v string
			if v, err = str(m); err == nil {
				*dst = v
			}
		}
		switch k := m.Key; {
		case k == "hook_event_name":
		case k == "conversation_id":
			set(&ev.SessionID)
		case k == "generation_id":
			set(&ev.PromptID)
		case k == "session_id":
			// Cursor's session_id is the conversation's id unless the
			// caller chose another.
			if c := root.Get("conversation_id"); c == nil || c.Kind != jsonpos.String || c.Str != m.Value.Str {
				keep(m)
			}
			if ev.SessionID == "" && m.Value.Kind == jsonpos.String && root.Get("conversation_id") == nil {
				ev.SessionID = m.Value.Str
			}
		case k == "workspace_roots":
			keep(m)
			if len(m.Value.Items) > 0 && m.Value.Items[0].Kind == jsonpos.String && m.Value.Items[0].Str != "" {
				ev.Workspace = nativePath(m.Value.Items[0].Str)
			}
		case k == "transcript_path" && m.Value.Kind == jsonpos.Null:
			keep(m)
		case k == "transcript_path":
			set(&ev.TranscriptPath)
		case k == "tool_name" && s.Tools != toolsNone:
			set(&cursorTool)
			if s.Tools == toolsMCP {
				cursorTool = "MCP:" + cursorTool
			}
		case k == "tool_input" && s.Tools == toolsMCP:
			if m.Value.Kind == jsonpos.String && json.Valid([]byte(m.Value.Str)) {
				args = json.RawMessage(m.Value.Str)
			} else {
				args = append(json.RawMessage(nil), m.Value.Raw...)
			}
		case k == "tool_input" && s.Tools != toolsNone:
			args = append(json.RawMessage(nil), m.Value.Raw...)
		case k == "tool_use_id":
			set(&ev.ToolCallID)
		case k == "cwd":
			if m.Value.Kind == jsonpos.String && m.Value.Str == "" {
				keep(m)
			} else {
				set(&ev.Cwd)
			}
		case k == "command" && s.Tools == toolsShell:
			var c string
			set(&c)
			cursorTool = "Shell"
			o := jsonwire.NewObject(jsonwire.JS)
			o.Str("command", c)
			args, _ = o.Bytes()
		case (k == "tool_output" || k == "result_json") && s.Tools != toolsNone:
			if m.Value.Kind == jsonpos.String && json.Valid([]byte(m.Value.Str)) {
				ev.Result = json.RawMessage(m.Value.Str)
			} else {
				ev.Result = append(json.RawMessage(nil), m.Value.Raw...)
			}
		case k == "output" && s.Tools == toolsShell:
			var out string
			set(&out)
			o := jsonwire.NewObject(jsonwire.JS)
			o.Str("output", out)
			ev.Result, _ = o.Bytes()
		case k == "error_message" && s.ErrorMessage != errorExtra:
			set(&ev.Error)
		case k == "prompt":
			set(&ev.Prompt)
		case k == "file_path" && s.Tools != toolsNone:
			var fp string
			set(&fp)
			o := jsonwire.NewObject(jsonwire.JS)
			o.Str("file_path", fp)
			args, _ = o.Bytes()
			cursorTool = "Read"
			if s.Tools == toolsEdit {
				cursorTool = "Write"
			}
		case k == "edits" && s.Tools == toolsEdit:
			keep(m)
		case k == "subagent_type":
			set(&ev.Subagent)
		case k == "task" && s.TaskPrompt:
			set(&ev.Prompt)
		case k == "summary" && m.Value.Kind == jsonpos.String:
			set(&ev.Output)
		case k == "text":
			set(&ev.Output)
		case k == s.ReasonField:
			set(&ev.Reason)
		case k == "loop_count":
			keep(m)
			if f, e := m.Value.Number.Float64(); e == nil && f > 0 {
				ev.StopHookActive = true
			}
		default:
			keep(m)
		}
		if err != nil {
			return runner.Event{}, nil, err
		}
	}
	if s.Reason != "" {
		ev.Reason = s.Reason // sessionStart: Cursor has no resume or clear source
	}
	if s.Tools == toolsEdit {
		cursorTool, args = editTool(args, ev.Extra)
	}
	if cursorTool != "" {
		ev.Tool = p.NativeTool(cursorTool, server)
		if len(args) > 0 {
			canonical := p.vocab.Name(translate.Native, Dialect, ev.Tool)
			ev.Args = p.vocab.Args(Dialect, translate.Native, canonical, args)
		}
	} else if len(args) > 0 {
		ev.Args = args
	}
	return ev, s, nil
}

// editTool is the Cursor tool and args an afterFileEdit payload stands
// for: StrReplace with the edit's old_string and new_string (one edit),
// or its edits (several), or Write for a new file (no edits).
func editTool(args json.RawMessage, extra runner.Fields) (string, json.RawMessage) {
	fp := gjson.GetBytes(args, "file_path").String()
	raw, _ := extra.Get("edits")
	edits := gjson.ParseBytes(raw).Array()
	o := jsonwire.NewObject(jsonwire.JS)
	o.Str("file_path", fp)
	switch len(edits) {
	case 0:
		b, _ := o.Bytes()
		return "Write", b
	case 1:
		o.Str("old_string", edits[0].Get("old_string").String())
		o.Str("new_string", edits[0].Get("new_string").String())
	default:
		o.Raw("edits", json.RawMessage(gjson.ParseBytes(raw).Raw))
	}
	b, _ := o.Bytes()
	return "StrReplace", b
}

// nativePath turns Cursor's Windows form of a path (/c:/Users/…) into
// the platform's (c:/Users/…); other paths are kept.
func nativePath(p string) string {
	if len(p) >= 4 && p[0] == '/' && p[2] == ':' && p[3] == '/' {
		return p[1:]
	}
	return p
}

// durationMS rounds a Cursor duration (milliseconds, a float) to whole
// milliseconds.
func durationMS(raw json.RawMessage) (int64, bool) {
	f := gjson.ParseBytes(raw)
	if f.Type != gjson.Number {
		return 0, false
	}
	return int64(math.Round(f.Float())), true
}
