package qwen_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/qwen"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// qwenChat is a Qwen Code 0.24.4 chat file (the shape recorded with
// --keep-tmp): a person's prompt, a tool call, its result, an answer.
const qwenChat = `{"uuid":"u1","parentUuid":null,"sessionId":"s-1","timestamp":"2026-12-02T02:10:12.764Z","type":"user","provenance":"real_user","cwd":"/p","version":"0.24.4","message":{"role":"user","parts":[{"text":"do it"}]}}
{"uuid":"u2","parentUuid":"u1","sessionId":"s-1","timestamp":"2026-12-02T02:10:13.024Z","type":"system","provenance":"system","cwd":"/p","version":"0.24.4","subtype":"attribution_snapshot","systemPayload":{}}
{"uuid":"u3","parentUuid":"u2","sessionId":"s-1","timestamp":"2026-12-02T02:10:22.966Z","type":"assistant","provenance":"assistant_output","cwd":"/p","version":"0.24.4","model":"fake-model","message":{"role":"model","parts":[{"functionCall":{"id":"call_0_0","name":"run_shell_command","args":{"command":"echo T-OUT"}}}]}}
{"uuid":"u4","parentUuid":"u3","sessionId":"s-1","timestamp":"2026-12-02T02:10:28.527Z","type":"tool_result","provenance":"tool_result","cwd":"/p","version":"0.24.4","message":{"role":"user","parts":[{"functionResponse":{"id":"call_0_0","name":"run_shell_command","response":{"output":"Command: echo T-OUT\nDirectory: (root)\nOutput: T-OUT\nError: (none)\nExit Code: 0\nSignal: (none)\nProcess Group PGID: (none)"}}}]}}
{"uuid":"u5","parentUuid":"u4","sessionId":"s-1","timestamp":"2026-12-02T02:10:29.774Z","type":"assistant","provenance":"assistant_output","cwd":"/p","version":"0.24.4","model":"fake-model","message":{"role":"model","parts":[{"text":"ok"}]}}
`

func qwenPayload(event, transcript, extra string) []byte {
	return []byte(fmt.Sprintf(`{"session_id":"s-1","transcript_path":%q,"cwd":"/p","hook_event_name":%q,"timestamp":"2026-12-02T02:10:46.452Z","permission_mode":"yolo"%s}`, transcript, event, extra))
}

// TestQwenHostWorld: UserPromptSubmit without submitted_prompt (the
// tool-result and Stop continuations) is not a person's prompt, a
// person's is the prompt as typed; the chat file is a transcript; a shell
// call's result is its output.
func TestQwenHostWorld(t *testing.T) {
	hw := qwen.Format.(format.HostWorld)
	chat := filepath.Join(t.TempDir(), "s-1.jsonl")
	require.NoError(t, os.WriteFile(chat, []byte(qwenChat), 0o644))

	call, err := hw.HostCall(qwenPayload("UserPromptSubmit", chat, `,"prompt":"do it\n\nCTX-A","submitted_prompt":"do it"`), "/w", []string{"QWEN_PROJECT_DIR=/p"}, "claude")
	require.NoError(t, err)
	assert.Empty(t, call.Skip)
	assert.Equal(t, "do it", call.Event.Prompt)
	assert.Equal(t, "/p", call.Event.Workspace)
	_, has := call.Event.Extra.Get("submitted_prompt")
	assert.False(t, has, "Claude Code has no submitted_prompt")

	for _, p := range []string{`,"prompt":""`, `,"prompt":"STOP-REASON"`} {
		call, err = hw.HostCall(qwenPayload("UserPromptSubmit", chat, p), "/w", nil, "claude")
		require.NoError(t, err)
		assert.Contains(t, call.Skip, "continuation", p)
	}

	call, err = hw.HostCall(qwenPayload("PostToolUse", chat, `,"tool_name":"run_shell_command","tool_input":{"command":"echo T-OUT"},"tool_response":{"llmContent":"Command: echo T-OUT\nDirectory: (root)\nOutput: T-OUT\nERR\nError: (none)\nExit Code: 0\nSignal: (none)\nProcess Group PGID: (none)","returnDisplay":"T-OUT"},"tool_use_id":"toolu_1","tool_call_id":"call_0_0"`), "/w", nil, "claude")
	require.NoError(t, err)
	require.NotNil(t, call.Outcome)
	assert.Equal(t, "T-OUT\nERR", call.Outcome.Output)
	require.NotNil(t, call.Transcript)
	var got []string
	for _, e := range call.Transcript.Entries {
		s := e.Role + ":" + e.Text
		for _, u := range e.ToolUses {
			s += " " + u.ID + " " + u.Tool + string(u.Args)
		}
		got = append(got, s)
	}
	assert.Equal(t, []string{"user:do it", `assistant: call_0_0 shell{"command":"echo T-OUT"}`, "tool:T-OUT", "assistant:ok"}, got)
}

// TestQwenHostReplyWorld: Qwen Code shows a PostToolUse block's feedback
// as context (it ignores the decision); continue:false on PreToolUse is
// not written (Qwen would block the call, Claude Code runs it).
func TestQwenHostReplyWorld(t *testing.T) {
	host := qwen.Format.(format.Host)
	f := false
	for _, tc := range []struct {
		ev   runner.Event
		out  runner.Reply
		want string
	}{
		{runner.Event{Name: settings.PostTool}, runner.Reply{Decision: runner.DecisionBlock, Reason: "POST-FEEDBACK"}, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"POST-FEEDBACK"}}`},
		{runner.Event{Name: settings.PostTool}, runner.Reply{Decision: runner.DecisionBlock, Reason: "R", AdditionalContext: "C"}, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"R\n\nC"}}`},
		{runner.Event{Name: settings.PreTool}, runner.Reply{Continue: &f, StopReason: "halt"}, `{}`},
		{runner.Event{Name: settings.PromptSubmit}, runner.Reply{Continue: &f, StopReason: "halt"}, `{"continue":false,"stopReason":"halt"}`},
	} {
		out := &runner.Outcome{Reply: tc.out, Event: tc.ev}
		stdout, _, code := host.WriteReply(out, &tc.ev)
		assert.Equal(t, 0, code)
		assert.Equal(t, tc.want+"\n", string(stdout), "%s %+v", tc.ev.Name, tc.out)
	}
}

// TestQwenStopTranscriptHasLastAnswer: Qwen Code writes a turn's last
// answer to its chat file after the Stop hooks ran (recorded: the
// cross-agent case x_world_reads, where a ralph-loop Stop hook found the
// answer only one Stop later), so the answer Qwen names in
// last_assistant_message ends the translated transcript, as in Claude
// Code's; an answer already written is not repeated.
func TestQwenStopTranscriptHasLastAnswer(t *testing.T) {
	hw := qwen.Format.(format.HostWorld)
	chat := filepath.Join(t.TempDir(), "s-1.jsonl")
	require.NoError(t, os.WriteFile(chat, []byte(qwenChat), 0o644))
	last := func(extra string) []string {
		call, err := hw.HostCall(qwenPayload("Stop", chat, extra), "/w", nil, "claude")
		require.NoError(t, err)
		require.NotNil(t, call.Transcript)
		var got []string
		for _, e := range call.Transcript.Entries {
			if e.Role == format.RoleAssistant && e.Text != "" {
				got = append(got, e.Text)
			}
		}
		return got
	}
	assert.Equal(t, []string{"ok", "all finished PROMISE-COMPLETE"}, last(`,"stop_hook_active":true,"last_assistant_message":"all finished PROMISE-COMPLETE"`))
	assert.Equal(t, []string{"ok"}, last(`,"stop_hook_active":false,"last_assistant_message":"ok"`))
}
