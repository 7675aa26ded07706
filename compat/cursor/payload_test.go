package cursor

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

const (
	head = `"conversation_id":"c-1","generation_id":"g-1","model":"composer-2.5-fast",`
	tail = `"session_id":"c-1","hook_event_name":"%s","cursor_version":"3.5.38","workspace_roots":["/w"],"user_email":"dev@example.com","transcript_path":"/h/.cursor/projects/w/agent-transcripts/c-1/c-1.jsonl"`
)

func sample(step, fields string) string {
	return "{" + head + fields + mustSprintf(tail, step) + "}"
}

func mustSprintf(f, a string) string {
	out := []byte{}
	for i := 0; i < len(f); i++ {
		if f[i] == '%' && i+1 < len(f) && f[i+1] == 's' {
			out = append(out, a...)
			i++
			continue
		}
		out = append(out, f[i])
	}
	return string(out)
}

// samples are Cursor payloads of every step in Cursor's field order
// (cursor §3.2, §3.3), as the research's captures show them.
var samples = map[string]string{
	"sessionStart":         sample("sessionStart", `"is_background_agent":false,"composer_mode":"agent",`),
	"sessionEnd":           sample("sessionEnd", `"reason":"user_close","duration_ms":5120,"is_background_agent":false,"final_status":"completed",`),
	"beforeSubmitPrompt":   sample("beforeSubmitPrompt", `"prompt":"fix the tests","attachments":[{"type":"file","file_path":"/w/a.go"}],"composer_mode":"agent",`),
	"preToolUse":           sample("preToolUse", `"tool_name":"Shell","tool_input":{"command":"git status","cwd":"","timeout":30000},"tool_use_id":"6f7e","cwd":"",`),
	"postToolUse":          sample("postToolUse", `"tool_name":"Read","tool_input":{"file_path":"/w/a.go"},"tool_output":"{\"file_path\":\"/w/a.go\",\"content_length\":12}","duration":12.5,"tool_use_id":"toolu_1","cwd":"/w",`),
	"postToolUseFailure":   sample("postToolUseFailure", `"tool_name":"Shell","tool_input":{"command":"false"},"error_message":"exit 1","failure_type":"error","duration":3,"tool_use_id":"u2","is_interrupt":false,"cwd":"/w",`),
	"subagentStart":        sample("subagentStart", `"subagent_id":"s-1","subagent_type":"general-purpose","task":"look around","parent_conversation_id":"c-1","tool_call_id":"t-9","subagent_model":"fast","is_parallel_worker":false,`),
	"subagentStop":         sample("subagentStop", `"subagent_id":"s-1","subagent_type":"general-purpose","status":"completed","duration_ms":900,"parent_conversation_id":"c-1","message_count":4,"tool_call_count":2,"loop_count":0,"task":"look around","description":"explore","summary":"found it","agent_transcript_path":"/h/t.jsonl",`),
	"beforeShellExecution": sample("beforeShellExecution", `"command":"rm -rf build","cwd":"","sandbox":false,`),
	"afterShellExecution":  sample("afterShellExecution", `"command":"ls","output":"a\nb\n","duration":41.2,"sandbox":true,`),
	"beforeMCPExecution":   sample("beforeMCPExecution", `"tool_name":"create_issue","tool_input":"{\"title\":\"x\"}","mcp_server_name":"github","command":"github",`),
	"afterMCPExecution":    sample("afterMCPExecution", `"tool_name":"create_issue","tool_input":"{\"title\":\"x\"}","result_json":"{\"ok\":true}","duration":470.617,"mcp_server_name":"github",`),
	"beforeReadFile":       sample("beforeReadFile", `"content":"package a\n","file_path":"/w/a.go","attachments":[],`),
	"afterFileEdit":        sample("afterFileEdit", `"file_path":"/w/a.go","edits":[{"old_string":"a","new_string":"b"}],`),
	"afterAgentResponse":   sample("afterAgentResponse", `"text":"Done.",`),
	"afterAgentThought":    sample("afterAgentThought", `"text":"thinking","duration_ms":120,`),
	"stop":                 sample("stop", `"status":"completed","loop_count":1,`),
	"preCompact":           sample("preCompact", `"trigger":"auto","context_usage_percent":91,"context_tokens":182000,"context_window_size":200000,"message_count":40,"messages_to_compact":30,"is_first_compaction":true,`),
	"beforeTabFileRead":    sample("beforeTabFileRead", `"file_path":"/w/.env","content":"K=V\n",`),
	"afterTabFileEdit":     sample("afterTabFileEdit", `"file_path":"/w/a.go","edits":[{"old_string":"a","new_string":"b","range":{"start_line_number":1,"start_column":1,"end_line_number":1,"end_column":2},"old_line":"a","new_line":"b"}],`),
	"workspaceOpen":        `{"hook_event_name":"workspaceOpen","cursor_version":"3.6.21","workspace_roots":["/w"],"user_email":null}`,
}

// TestPayloadRoundTrip: every step's payload, read into a native event
// and written again for the same step, is byte-identical.
func TestPayloadRoundTrip(t *testing.T) {
	p := NewProtocol(nil)
	for _, s := range stepTable {
		t.Run(s.Name, func(t *testing.T) {
			in, ok := samples[s.Name]
			require.True(t, ok, "no sample for %s", s.Name)
			require.True(t, json.Valid([]byte(in)))
			ev, step, err := p.FromPayload([]byte(in), "/elsewhere")
			require.NoError(t, err)
			assert.Equal(t, s.Name, step.Name)
			assert.Equal(t, s.Event, ev.Name)
			out, err := p.payload(step, &ev)
			require.NoError(t, err)
			assert.Equal(t, in, string(out))
		})
	}
}

// TestFromPayload: what each step's fields become in the native event.
func TestFromPayload(t *testing.T) {
	p := NewProtocol(nil)
	read := func(step string) runner.Event {
		ev, _, err := p.FromPayload([]byte(samples[step]), "/elsewhere")
		require.NoError(t, err)
		return ev
	}
	ev := read("preToolUse")
	assert.Equal(t, "c-1", ev.SessionID)
	assert.Equal(t, "g-1", ev.PromptID)
	assert.Equal(t, "/w", ev.Workspace, "the first workspace root wins over the default")
	assert.Equal(t, "", ev.Cwd, "Cursor's empty cwd stays empty (the engine uses the workspace)")
	assert.Equal(t, "shell", ev.Tool)
	assert.JSONEq(t, `{"command":"git status","cwd":"","timeout_ms":30000}`, string(ev.Args), "Shell's timeout is milliseconds")
	assert.Equal(t, "6f7e", ev.ToolCallID)

	ev = read("beforeShellExecution")
	assert.Equal(t, settings.PreTool, ev.Name)
	assert.Equal(t, "shell", ev.Tool)
	assert.JSONEq(t, `{"command":"rm -rf build"}`, string(ev.Args))

	ev = read("beforeMCPExecution")
	assert.Equal(t, "mcp__github__create_issue", ev.Tool, "the server comes from mcp_server_name")
	assert.JSONEq(t, `{"title":"x"}`, string(ev.Args), "tool_input is a JSON string")

	ev = read("beforeReadFile")
	assert.Equal(t, "read", ev.Tool)
	assert.JSONEq(t, `{"path":"/w/a.go"}`, string(ev.Args))

	ev = read("afterFileEdit")
	assert.Equal(t, settings.PostTool, ev.Name)
	assert.Equal(t, "edit", ev.Tool)
	assert.JSONEq(t, `{"path":"/w/a.go","old_string":"a","new_string":"b"}`, string(ev.Args))

	ev = read("postToolUse")
	assert.Equal(t, "read", ev.Tool)
	assert.JSONEq(t, `{"file_path":"/w/a.go","content_length":12}`, string(ev.Result), "tool_output is a JSON string")

	ev = read("postToolUseFailure")
	assert.Equal(t, "exit 1", ev.Error)

	ev = read("stop")
	assert.True(t, ev.StopHookActive, "loop_count 1")
	ev = read("sessionStart")
	assert.Equal(t, "startup", ev.Reason)
	ev = read("subagentStart")
	assert.Equal(t, "general-purpose", ev.Subagent)
	assert.Equal(t, "look around", ev.Prompt)
	ev = read("subagentStop")
	assert.Equal(t, "found it", ev.Output)
	ev = read("preCompact")
	assert.Equal(t, "auto", ev.Reason)
	ev = read("afterAgentResponse")
	assert.Equal(t, "Done.", ev.Output)

	_, _, err := p.FromPayload([]byte(`{"hook_event_name":"PreToolUse"}`), "/w")
	assert.ErrorContains(t, err, "unknown hook_event_name")
	_, _, err = p.FromPayload([]byte(`{"hook_event_name":"stop","conversation_id":7}`), "/w")
	assert.ErrorContains(t, err, "conversation_id: want a string")
}

// TestPayloadFromNativeEvent: a native event (from another agent) gets
// every step's fields with Cursor's defaults, in Cursor's order; a shell
// call gives the preToolUse hooks and the beforeShellExecution hooks
// their own payloads (the variant).
func TestPayloadFromNativeEvent(t *testing.T) {
	p := NewProtocol(nil)
	ev := runner.Event{Name: settings.PreTool, SessionID: "s", PromptID: "p", Workspace: "/w", Cwd: "/w/sub",
		Tool: "shell", ToolCallID: "t1", Args: json.RawMessage(`{"command":"ls","timeout_ms":5000}`)}
	pl, err := p.Encode(&ev, []string{"PATH=/bin", "CURSOR_PROJECT_DIR=/old"})
	require.NoError(t, err)
	assert.Equal(t, `{"conversation_id":"s","generation_id":"p","model":"default","tool_name":"Shell","tool_input":{"command":"ls","timeout":5000},"tool_use_id":"t1","cwd":"/w/sub","session_id":"s","hook_event_name":"preToolUse","cursor_version":"`+DefaultCursorVersion+`","workspace_roots":["/w"],"user_email":null,"transcript_path":null}`, string(pl.Stdin))
	assert.Equal(t, `{"conversation_id":"s","generation_id":"p","model":"default","command":"ls","cwd":"/w/sub","sandbox":false,"session_id":"s","hook_event_name":"beforeShellExecution","cursor_version":"`+DefaultCursorVersion+`","workspace_roots":["/w"],"user_email":null,"transcript_path":null}`, string(pl.Variants["beforeShellExecution"]))
	assert.Len(t, pl.Variants, 1, "no read or MCP step for a shell call")
	assert.Contains(t, pl.Env, "CURSOR_PROJECT_DIR=/w")
	assert.NotContains(t, pl.Env, "CURSOR_PROJECT_DIR=/old")
	assert.Contains(t, pl.Env, "CLAUDE_PROJECT_DIR=/w")
	assert.Contains(t, pl.Env, "CURSOR_VERSION="+DefaultCursorVersion)

	// beforeReadFile gets the file's text, read by hookcompat.
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.txt"), []byte("hello\n"), 0o644))
	ev = runner.Event{Name: settings.PreTool, SessionID: "s", Workspace: dir, Tool: "read", Args: json.RawMessage(`{"path":"a.txt"}`)}
	pl, err = p.Encode(&ev, nil)
	require.NoError(t, err)
	assert.Contains(t, string(pl.Variants["beforeReadFile"]), `"content":"hello\n","file_path":"a.txt","attachments":[]`)
	assert.Contains(t, string(pl.Stdin), `"tool_name":"Read","tool_input":{"file_path":"a.txt"}`)

	// A stop after a continuation has loop_count 1.
	ev = runner.Event{Name: settings.Stop, SessionID: "s", Workspace: "/w", StopHookActive: true}
	pl, err = p.Encode(&ev, nil)
	require.NoError(t, err)
	assert.Contains(t, string(pl.Stdin), `"status":"completed","loop_count":1,"session_id"`)

	// Payloads of an event read from another step get none of its
	// foreign fields (beforeShellExecution's sandbox on preToolUse).
	ev, _, err = p.FromPayload([]byte(samples["beforeShellExecution"]), "/w")
	require.NoError(t, err)
	pl, err = p.Encode(&ev, nil)
	require.NoError(t, err)
	assert.NotContains(t, string(pl.Stdin), "sandbox")
	assert.Equal(t, samples["beforeShellExecution"], string(pl.Variants["beforeShellExecution"]))
}

// TestToolNames: Cursor's names of native tools and back, MCP included.
func TestToolNames(t *testing.T) {
	p := NewProtocol(nil)
	for native, cursor := range map[string]string{"shell": "Shell", "read": "Read", "write": "Write", "edit": "StrReplace",
		"grep": "Grep", "agent": "Task", "delete": "Delete", "mcp__github__create_issue": "MCP:create_issue", "custom": "custom"} {
		assert.Equal(t, cursor, p.CursorTool(native), native)
	}
	assert.Equal(t, "edit", p.NativeTool("Edit", ""), "an alias Cursor users write")
	assert.Equal(t, "agent", p.NativeTool("Subagent", ""))
	assert.Equal(t, "MCP:x", p.NativeTool("MCP:x", ""), "no server known")
	assert.Equal(t, "mcp__s__x", p.NativeTool("MCP:x", "s"))
	assert.Equal(t, "c:/Users/me", nativePath("/c:/Users/me"))
}
