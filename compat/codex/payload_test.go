package codex

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// Each event's payload, built from a native event, byte for byte (codex
// §2.2: compact, no trailing newline, Codex's key order), and read back
// into the same event.
func TestCodexPayloadPerEvent(t *testing.T) {
	base := func(name settings.Event) runner.Event {
		ev := runner.Event{Name: name, SessionID: "s1", PromptID: "t1", TranscriptPath: "/h/.codex/sessions/r.jsonl",
			Workspace: "/p", Cwd: "/p", PermissionMode: "bypassPermissions"}
		ev.Extra.Set("model", json.RawMessage(`"gpt-5.5"`))
		return ev
	}
	head := `"session_id":"s1","turn_id":"t1","transcript_path":"/h/.codex/sessions/r.jsonl","cwd":"/p","hook_event_name":`
	tests := []struct {
		name string
		ev   func() runner.Event
		want string
	}{
		{"PreToolUse", func() runner.Event {
			ev := base(settings.PreTool)
			ev.Tool, ev.Args, ev.ToolCallID = "shell", json.RawMessage(`{"command":"ls <a>","timeout_ms":5}`), "call_1"
			return ev
		}, `{` + head + `"PreToolUse","model":"gpt-5.5","permission_mode":"bypassPermissions","tool_name":"Bash","tool_input":{"command":"ls <a>"},"tool_use_id":"call_1"}`},
		{"PermissionRequest", func() runner.Event {
			ev := base(settings.PermissionRequest)
			ev.Tool, ev.Args = "shell", json.RawMessage(`{"command":"ls","description":"why"}`)
			return ev
		}, `{` + head + `"PermissionRequest","model":"gpt-5.5","permission_mode":"bypassPermissions","tool_name":"Bash","tool_input":{"command":"ls","description":"why"}}`},
		{"PostToolUse", func() runner.Event {
			ev := base(settings.PostTool)
			ev.Tool, ev.Args, ev.Result, ev.ToolCallID = "shell", json.RawMessage(`{"command":"ls"}`), json.RawMessage(`"a\nb\n"`), "call_1"
			return ev
		}, `{` + head + `"PostToolUse","model":"gpt-5.5","permission_mode":"bypassPermissions","tool_name":"Bash","tool_input":{"command":"ls"},"tool_response":"a\nb\n","tool_use_id":"call_1"}`},
		{"UserPromptSubmit", func() runner.Event {
			ev := base(settings.PromptSubmit)
			ev.Prompt = "héllo \"x\"\n\t\u2028"
			return ev
		}, `{` + head + `"UserPromptSubmit","model":"gpt-5.5","permission_mode":"bypassPermissions","prompt":"héllo \"x\"\n\t` + "\u2028" + `"}`},
		{"Stop", func() runner.Event {
			ev := base(settings.Stop)
			ev.StopHookActive, ev.Output = true, "done"
			return ev
		}, `{` + head + `"Stop","model":"gpt-5.5","permission_mode":"bypassPermissions","stop_hook_active":true,"last_assistant_message":"done"}`},
		{"Stop without an answer", func() runner.Event { return base(settings.Stop) },
			`{` + head + `"Stop","model":"gpt-5.5","permission_mode":"bypassPermissions","stop_hook_active":false,"last_assistant_message":null}`},
		{"SessionStart", func() runner.Event {
			ev := base(settings.SessionStart)
			ev.PromptID, ev.Reason = "", "new"
			return ev
		}, `{"session_id":"s1","transcript_path":"/h/.codex/sessions/r.jsonl","cwd":"/p","hook_event_name":"SessionStart","model":"gpt-5.5","permission_mode":"bypassPermissions","source":"clear"}`},
		{"SessionEnd", func() runner.Event {
			ev := base(settings.SessionEnd)
			ev.Reason = "exit"
			return ev
		}, `{"session_id":"s1","transcript_path":"/h/.codex/sessions/r.jsonl","cwd":"/p","hook_event_name":"SessionEnd","reason":"other","model":"gpt-5.5"}`},
		{"PreCompact", func() runner.Event {
			ev := base(settings.PreCompact)
			ev.Reason = "auto"
			return ev
		}, `{` + head + `"PreCompact","model":"gpt-5.5","trigger":"auto"}`},
		{"PostCompact", func() runner.Event { return base(settings.PostCompact) },
			`{` + head + `"PostCompact","model":"gpt-5.5","trigger":"auto"}`},
		{"PreModelRequest", func() runner.Event { return base(settings.BeforeModel) },
			`{"session_id":"s1","turn_id":"t1","cwd":"/p","transcript_path":"/h/.codex/sessions/r.jsonl","model":"gpt-5.5","hook_event_name":"PreModelRequest"}`},
		{"PostModelRequest", func() runner.Event {
			ev := base(settings.AfterModel)
			ev.Extra.Set("status", json.RawMessage(`"failed"`))
			ev.Error = "boom"
			return ev
		}, `{"session_id":"s1","turn_id":"t1","cwd":"/p","transcript_path":"/h/.codex/sessions/r.jsonl","model":"gpt-5.5","hook_event_name":"PostModelRequest","status":"failed","error":"boom","token_usage":null}`},
		{"SubagentStart", func() runner.Event {
			ev := base(settings.SubagentStart)
			ev.Subagent = "default"
			ev.Extra.Set("agent_id", json.RawMessage(`"a1"`))
			return ev
		}, `{` + head + `"SubagentStart","model":"gpt-5.5","permission_mode":"bypassPermissions","agent_id":"a1","agent_type":"default"}`},
		{"SubagentStop", func() runner.Event {
			ev := base(settings.SubagentStop)
			ev.Subagent, ev.Output = "default", "sub done"
			ev.Extra.Set("agent_id", json.RawMessage(`"a1"`))
			ev.Extra.Set("agent_transcript_path", json.RawMessage(`"/h/sub.jsonl"`))
			return ev
		}, `{"session_id":"s1","turn_id":"t1","transcript_path":"/h/.codex/sessions/r.jsonl","agent_transcript_path":"/h/sub.jsonl","cwd":"/p","hook_event_name":"SubagentStop","model":"gpt-5.5","permission_mode":"bypassPermissions","stop_hook_active":false,"agent_id":"a1","agent_type":"default","last_assistant_message":"sub done"}`},
		{"UserPromptSubmit in a subagent", func() runner.Event {
			ev := base(settings.PromptSubmit)
			ev.Agent, ev.Prompt = "default", "say hi"
			ev.Extra.Set("agent_id", json.RawMessage(`"a1"`))
			return ev
		}, `{"session_id":"s1","turn_id":"t1","agent_id":"a1","agent_type":"default","transcript_path":"/h/.codex/sessions/r.jsonl","cwd":"/p","hook_event_name":"UserPromptSubmit","model":"gpt-5.5","permission_mode":"bypassPermissions","prompt":"say hi"}`},
		{"Interrupt", func() runner.Event { return base(settings.Interrupt) },
			`{` + head + `"Interrupt","model":"gpt-5.5","permission_mode":"bypassPermissions"}`},
		{"apply_patch from a native write", func() runner.Event {
			ev := base(settings.PreTool)
			ev.Tool, ev.Args, ev.ToolCallID = "write", json.RawMessage(`{"path":"/p/a.txt","content":"x\ny\n"}`), "call_2"
			return ev
		}, `{` + head + `"PreToolUse","model":"gpt-5.5","permission_mode":"bypassPermissions","tool_name":"apply_patch","tool_input":{"command":"*** Begin Patch\n*** Add File: a.txt\n+x\n+y\n*** End Patch"},"tool_use_id":"call_2"}`},
		{"MCP arguments unchanged", func() runner.Event {
			ev := base(settings.PreTool)
			ev.Tool, ev.Args, ev.ToolCallID = "mcp__demo__echo", json.RawMessage(`{"text":"hi","n":1.50}`), "call_3"
			return ev
		}, `{` + head + `"PreToolUse","model":"gpt-5.5","permission_mode":"bypassPermissions","tool_name":"mcp__demo__echo","tool_input":{"text":"hi","n":1.50},"tool_use_id":"call_3"}`},
	}
	p := NewProtocol(nil)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ev := tc.ev()
			got, err := p.Payload(&ev)
			require.NoError(t, err)
			assert.Equal(t, tc.want, string(got))
			back, err := p.FromPayload(got, "/p")
			require.NoError(t, err)
			again, err := p.Payload(&back)
			require.NoError(t, err)
			assert.Equal(t, string(got), string(again), "read back and written again: byte-identical")
		})
	}
}

// A Codex apply_patch call reads as the native file change it makes, and
// is written back with the patch text as Codex sent it.
func TestCodexApplyPatchReadsAsNativeEdit(t *testing.T) {
	p := NewProtocol(nil)
	cases := []struct{ patch, tool, args string }{
		{"*** Begin Patch\n*** Add File: a.txt\n+hello\n*** End Patch\n", "write", `{"path":"/p/a.txt","content":"hello\n"}`},
		{"*** Begin Patch\n*** Update File: a.txt\n@@\n-old\n+new\n*** End Patch", "edit", `{"path":"/p/a.txt","old_string":"old","new_string":"new"}`},
		{"*** Begin Patch\n*** Update File: a.txt\n@@\n keep\n-x\n+y\n@@\n-z\n+w\n*** End Patch", "multi_edit", `{"path":"/p/a.txt","edits":[{"old_string":"keep\nx","new_string":"keep\ny"},{"old_string":"z","new_string":"w"}]}`},
		{"*** Begin Patch\n*** Delete File: gone.txt\n*** Add File: b.txt\n+b\n*** End Patch", "edit", `{"path":"/p/gone.txt","patch":"*** Begin Patch\n*** Delete File: gone.txt\n*** Add File: b.txt\n+b\n*** End Patch"}`},
	}
	for _, tc := range cases {
		in, _ := json.Marshal(map[string]string{"command": tc.patch})
		payload := `{"session_id":"s","turn_id":"t","transcript_path":"/x","cwd":"/p","hook_event_name":"PreToolUse","model":"m","permission_mode":"default","tool_name":"apply_patch","tool_input":` + string(in) + `,"tool_use_id":"c"}`
		ev, err := p.FromPayload([]byte(payload), "/p")
		require.NoError(t, err)
		assert.Equal(t, tc.tool, ev.Tool)
		assert.JSONEq(t, tc.args, string(ev.Args))
		again, err := p.Payload(&ev)
		require.NoError(t, err)
		assert.Equal(t, payload, string(again))
	}
}

// TestNullTranscriptPathIsCodex: a session without a transcript has
// "transcript_path": null in every payload (codex §2.2); Claude Code
// always writes a path, so such a payload is read as Codex's (score 2,
// above Claude's 1) on every event — SessionEnd, whose keys are also
// Claude's, included — and its hooks run.
func TestNullTranscriptPathIsCodex(t *testing.T) {
	p := NewProtocol(nil)
	for _, name := range eventNames() {
		native, _ := nativeEventOf(name)
		ev := runner.Event{Name: native, SessionID: "s1", Workspace: "/p", Cwd: "/p"}
		if native.ToolEvent() {
			ev.Tool, ev.Args = "shell", json.RawMessage(`{"command":"ls"}`)
		}
		data, err := p.Payload(&ev)
		require.NoError(t, err, name)
		require.Contains(t, string(data), `"transcript_path":null`, name)
		got, score, err := Format.(codexFormat).ReadEvent(data, "/p", nil)
		require.NoError(t, err, name)
		assert.Equal(t, 2, score, "%s with a null transcript_path is Codex's payload", name)
		assert.Equal(t, native, got.Name, name)
		assert.Empty(t, got.TranscriptPath, name)
	}
}

// TestRecordedSessionEndIsCodex: Codex 0.169.0's SessionEnd has Claude
// Code's keys (session_id, transcript_path, cwd, hook_event_name,
// reason; recorded: hc_event_sessionend) and no turn_id; its transcript
// is a rollout file under $CODEX_HOME/sessions, which tells it apart
// (score 2). Claude's SessionEnd, with its own transcript path, stays
// Claude's (score 0 here).
func TestRecordedSessionEndIsCodex(t *testing.T) {
	codexEnd := `{"session_id":"0198e5e5-5e55-7e55-8e55-5e55e55e5e55","transcript_path":"/h/.codex/sessions/2026/03/04/rollout-2026-03-04T05-06-07-0198e5e5-5e55-7e55-8e55-5e55e55e5e55.jsonl","cwd":"/p","hook_event_name":"SessionEnd","reason":"other"}`
	ev, score, err := Format.(codexFormat).ReadEvent([]byte(codexEnd), "/p", nil)
	require.NoError(t, err)
	assert.Equal(t, 2, score, "Codex's SessionEnd is Codex's payload")
	assert.Equal(t, settings.SessionEnd, ev.Name)
	assert.Equal(t, "other", ev.Reason)
	claudeEnd := `{"session_id":"9b1f6c2e-3d4a-4f7b-8e21-5a6c7d8e9f01","transcript_path":"/home/dev/.claude/projects/-home-dev-acme-api/9b1f6c2e-3d4a-4f7b-8e21-5a6c7d8e9f01.jsonl","cwd":"/home/dev/acme-api","hook_event_name":"SessionEnd","reason":"prompt_input_exit"}`
	_, score, err = Format.(codexFormat).ReadEvent([]byte(claudeEnd), "/p", nil)
	require.NoError(t, err)
	assert.Equal(t, 0, score, "Claude Code's SessionEnd is not Codex's")
}
