package gemini_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/gemini"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// chatFile is a Gemini CLI 0.61.0 chat recording (the shape recorded
// with --keep-tmp): metadata, the session context, the prompt (with a
// SessionStart context), a tool call updated with its result, its
// functionResponse, an answer, a continuation and a second answer.
const chatFile = `{"sessionId":"s-1","projectHash":"h","startTime":"2026-12-02T02:10:46.452Z","lastUpdated":"2026-12-02T02:10:46.452Z","kind":"main"}
{"$set":{"messages":[{"id":"m0","timestamp":"2026-12-02T02:10:46.497Z","type":"user","content":[{"text":"<session_context>\nThis is the Gemini CLI.\n</session_context>"}]}]}}
{"id":"m1","timestamp":"2026-12-02T02:10:46.740Z","type":"user","content":[{"text":"<hook_context>SS-CTX</hook_context>\n\ndo it"}]}
{"id":"m2","timestamp":"2026-12-02T02:10:48.799Z","type":"gemini","content":"","model":"gemini-2.5-pro"}
{"id":"m2","timestamp":"2026-12-02T02:10:48.799Z","type":"gemini","content":"","model":"gemini-2.5-pro","toolCalls":[{"id":"c1","name":"run_shell_command","args":{"command":"echo T-OUT"},"status":"success"}]}
{"id":"m3","timestamp":"2026-12-02T02:10:52.335Z","type":"user","content":[{"functionResponse":{"id":"c1","name":"run_shell_command","response":{"output":"<untrusted_context>\nOutput: T-OUT\nProcess Group PGID: 3791\n</untrusted_context>\n\n<hook_context>POST-CTX</hook_context>"}}}]}
{"id":"m4","timestamp":"2026-12-02T02:10:52.727Z","type":"gemini","content":"first"}
{"id":"m5","timestamp":"2026-12-02T02:10:53.000Z","type":"user","content":[{"text":"CONTINUE-PLEASE"}]}
{"id":"m6","timestamp":"2026-12-02T02:10:54.000Z","type":"gemini","content":"second"}
`

func geminiPayload(event, transcript, extra string) []byte {
	return []byte(fmt.Sprintf(`{"session_id":"s-1","transcript_path":%q,"cwd":"/p","hook_event_name":%q,"timestamp":"2026-12-02T02:10:46.452Z"%s}`, transcript, event, extra))
}

// TestGeminiHostWorld: BeforeAgent for the continuation an AfterAgent
// block forced is not a person's prompt (the shim remembered the reason
// when it answered the block), a person's prompt loses the SessionStart
// context, AfterAgent's cumulative prompt_response becomes the last
// answer, a shell call that exited non-zero is a failure, the chat is a
// transcript.
func TestGeminiHostWorld(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	hw := gemini.Format.(format.HostWorld)
	host := gemini.Format.(format.Host)
	chat := filepath.Join(t.TempDir(), "session-2026-12-02T02-10-s1.jsonl")
	require.NoError(t, os.WriteFile(chat, []byte(chatFile), 0o644))

	call, err := hw.HostCall(geminiPayload("BeforeAgent", chat, `,"prompt":"<hook_context>SS-CTX</hook_context>\n\ndo it"`), "/w", []string{"GEMINI_PROJECT_DIR=/p"}, "claude")
	require.NoError(t, err)
	assert.Empty(t, call.Skip)
	assert.Equal(t, "do it", call.Event.Prompt)
	assert.Equal(t, "/p", call.Event.Workspace)

	stop, err := hw.HostCall(geminiPayload("AfterAgent", chat, `,"prompt":"do it","prompt_response":"first","stop_hook_active":false`), "/w", nil, "claude")
	require.NoError(t, err)
	out := &runner.Outcome{Event: stop.Event, Reply: runner.Reply{Decision: runner.DecisionBlock, Reason: "CONTINUE-PLEASE"}}
	stdout, _, _ := host.WriteReply(out, &stop.Event)
	assert.JSONEq(t, `{"decision":"deny","reason":"CONTINUE-PLEASE"}`, string(stdout))

	call, err = hw.HostCall(geminiPayload("BeforeAgent", chat, `,"prompt":"CONTINUE-PLEASE"`), "/w", nil, "claude")
	require.NoError(t, err)
	assert.Contains(t, call.Skip, "continuation")
	call, err = hw.HostCall(geminiPayload("BeforeAgent", chat, `,"prompt":"CONTINUE-PLEASE"`), "/w", nil, "claude")
	require.NoError(t, err)
	assert.Empty(t, call.Skip, "the person types the same words again: a prompt")

	call, err = hw.HostCall(geminiPayload("AfterAgent", chat, `,"prompt":"do it","prompt_response":"first\nsecond","stop_hook_active":true`), "/w", nil, "claude")
	require.NoError(t, err)
	assert.Equal(t, "second", call.Event.Output, "the last answer, as Claude Code's last_assistant_message")
	require.NotNil(t, call.Transcript)
	var got []string
	for _, e := range call.Transcript.Entries {
		s := e.Role + ":" + e.Text
		if e.Meta {
			s += " (meta)"
		}
		for _, u := range e.ToolUses {
			s += " " + u.Tool + string(u.Args)
		}
		got = append(got, s)
	}
	assert.Equal(t, []string{"user:do it", `assistant: shell{"command":"echo T-OUT"}`, "tool:T-OUT", "assistant:first", "user:CONTINUE-PLEASE (meta)", "assistant:second"}, got)

	failed, err := hw.HostCall(geminiPayload("AfterTool", chat, `,"tool_name":"run_shell_command","tool_input":{"command":"exit 3"},"tool_response":{"llmContent":"<untrusted_context>\nOutput: oops\nExit Code: 3\nProcess Group PGID: 9\n</untrusted_context>","returnDisplay":"oops"}`), "/w", nil, "claude")
	require.NoError(t, err)
	assert.Equal(t, settings.PostToolFailure, failed.Event.Name)
	require.NotNil(t, failed.Outcome.ExitCode)
	assert.Equal(t, 3, *failed.Outcome.ExitCode)
	assert.Equal(t, "oops", failed.Outcome.Output)

	wrote, err := hw.HostCall(geminiPayload("AfterTool", chat, `,"tool_name":"replace","tool_input":{"file_path":"/p/a.txt","old_string":"world","new_string":"there","instruction":"x"},"tool_response":{"llmContent":"Successfully modified file","returnDisplay":{"fileName":"a.txt","filePath":"/p/a.txt","originalContent":"hello world\n","newContent":"hello there\n"}}`), "/w", nil, "claude")
	require.NoError(t, err)
	assert.Equal(t, settings.PostTool, wrote.Event.Name)
	assert.JSONEq(t, `{"path":"/p/a.txt","old_string":"world","new_string":"there"}`, string(wrote.Event.Args), "instruction is Gemini's own")
	require.NotNil(t, wrote.Outcome.Original)
	assert.Equal(t, "hello world\n", *wrote.Outcome.Original)
	assert.Equal(t, "hello there\n", *wrote.Outcome.Content)

	read, err := hw.HostCall(geminiPayload("BeforeTool", chat, `,"tool_name":"read_file","tool_input":{"file_path":"/p/a.txt","start_line":3,"end_line":6}`), "/w", nil, "claude")
	require.NoError(t, err)
	var args map[string]any
	require.NoError(t, json.Unmarshal(read.Event.Args, &args))
	assert.Equal(t, map[string]any{"path": "/p/a.txt", "offset": 3.0, "limit": 4.0}, args)
	assert.False(t, strings.Contains(string(read.Event.Args), "start_line"))
}

// TestGeminiAfterToolBlockAsContext: a PostToolUse block under Gemini CLI
// is the reason as context after the tool's result (Gemini's own deny
// would replace the result; Claude Code shows both); continue:false on
// AfterTool stops the agent after the call, as in Claude Code.
func TestGeminiAfterToolBlockAsContext(t *testing.T) {
	host := gemini.Format.(format.Host)
	ev := runner.Event{Name: settings.PostTool, Tool: "shell"}
	f := false
	for _, tc := range []struct {
		out  runner.Reply
		want string
	}{
		{runner.Reply{Decision: runner.DecisionBlock, Reason: "POST-FEEDBACK"}, `{"hookSpecificOutput":{"additionalContext":"POST-FEEDBACK","hookEventName":"AfterTool"}}`},
		{runner.Reply{Decision: runner.DecisionBlock, Reason: "R", AdditionalContext: "C"}, `{"hookSpecificOutput":{"additionalContext":"R\n\nC","hookEventName":"AfterTool"}}`},
		{runner.Reply{Continue: &f, StopReason: "halt"}, `{"continue":false,"stopReason":"halt"}`},
	} {
		stdout, _, code := host.WriteReply(&runner.Outcome{Event: ev, Reply: tc.out}, &ev)
		assert.Equal(t, 0, code)
		assert.Equal(t, tc.want+"\n", string(stdout))
	}
}
