package cursor

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// TestReadHostEvent: a converted Claude hook gets Claude's view of
// Cursor's payload: no Cursor-only fields (cursor_version would make a
// dual-mode script answer in Cursor's schema), Claude's own extras filled
// in, Bash's tool_response shape.
func TestReadHostEvent(t *testing.T) {
	t.Setenv("CURSOR_PROJECT_DIR", "")
	f := cursorFormat{}
	ev, err := f.ReadHostEvent([]byte(samples["preToolUse"]), "/wd", claudeName)
	require.NoError(t, err)
	assert.Equal(t, "shell", ev.Tool)
	assert.Equal(t, "c-1", ev.SessionID)
	assert.Equal(t, "/w", ev.Workspace)
	for _, k := range []string{"cursor_version", "workspace_roots", "user_email", "model", "generation_id"} {
		_, has := ev.Extra.Get(k)
		assert.False(t, has, "%s must not reach a Claude hook", k)
	}
	step, _ := ev.Extra.Get(markerKey)
	assert.Equal(t, `"preToolUse"`, string(step), "the step is kept for the reply")

	ev, err = f.ReadHostEvent([]byte(sample("postToolUse", `"tool_name":"Shell","tool_input":{"command":"ls"},"tool_output":"{\"output\":\"a\\n\",\"exitCode\":0}","duration":12.6,"tool_use_id":"u","cwd":"/w",`)), "/wd", claudeName)
	require.NoError(t, err)
	assert.JSONEq(t, `{"stdout":"a\n","stderr":"","interrupted":false,"isImage":false}`, string(ev.Result))
	d, _ := ev.Extra.Get("duration_ms")
	assert.Equal(t, "13", string(d))

	ev, err = f.ReadHostEvent([]byte(samples["subagentStop"]), "/wd", claudeName)
	require.NoError(t, err)
	id, _ := ev.Extra.Get("agent_id")
	assert.Equal(t, `"s-1"`, string(id))
	ev, err = f.ReadHostEvent([]byte(samples["sessionEnd"]), "/wd", claudeName)
	require.NoError(t, err)
	assert.Equal(t, "exit", ev.Reason, "user_close is Claude's prompt_input_exit")
	ev, err = f.ReadHostEvent([]byte(samples["sessionStart"]), "/wd", claudeName)
	require.NoError(t, err)
	m, _ := ev.Extra.Get("model")
	assert.Equal(t, `"composer-2.5-fast"`, string(m))
	assert.Equal(t, "startup", ev.Reason)

	ev, err = f.ReadHostEvent([]byte(samples["sessionStart"]), "/wd", "phi")
	require.NoError(t, err)
	assert.Len(t, ev.Extra, 1, "another protocol gets the native fields only")

	t.Setenv("CURSOR_PROJECT_DIR", "/proj")
	ev, err = f.ReadHostEvent([]byte(`{"hook_event_name":"stop","conversation_id":"c","status":"completed","loop_count":0}`), "/wd", claudeName)
	require.NoError(t, err)
	assert.Equal(t, "/proj", ev.Workspace, "CURSOR_PROJECT_DIR when the payload has no workspace_roots")
}

// TestHostReply: what the shim answers Cursor for each kind of outcome
// (cursor §11); always one JSON object and exit 0.
func TestHostReply(t *testing.T) {
	p := NewProtocol(nil)
	outcome := func(ev runner.Event, r runner.Reply) *runner.Outcome { return &runner.Outcome{Reply: r, Event: ev} }
	pre := runner.Event{Name: settings.PreTool, Tool: "shell"}
	goOn := true
	for _, tc := range []struct {
		step string
		out  *runner.Outcome
		want string
	}{
		{"preToolUse", outcome(pre, runner.Reply{Decision: runner.DecisionDeny, Reason: "no"}), `{"permission":"deny","user_message":"no"}`},
		{"preToolUse", outcome(pre, runner.Reply{Decision: runner.DecisionAsk, Reason: "sure?"}), `{"permission":"deny","user_message":"sure?"}`},
		{"preToolUse", outcome(pre, runner.Reply{Decision: runner.DecisionAllow}), `{"permission":"allow"}`},
		{"preToolUse", outcome(pre, runner.Reply{}), `{}`},
		{"preToolUse", outcome(pre, runner.Reply{UpdatedArgs: json.RawMessage(`{"command":"ls","timeout_ms":5}`), AdditionalContext: "c"}), `{"updated_input":{"command":"ls","timeout":5},"additional_context":"c"}`},
		{"preToolUse", outcome(pre, runner.Reply{Decision: runner.DecisionDeny}), `{"permission":"deny","user_message":"Blocked by a hook"}`},
		{"beforeShellExecution", outcome(pre, runner.Reply{Decision: runner.DecisionAsk, Reason: "q"}), `{"permission":"ask","user_message":"q"}`},
		{"beforeSubmitPrompt", outcome(runner.Event{Name: settings.PromptSubmit}, runner.Reply{Decision: runner.DecisionBlock, Reason: "secret"}), `{"continue":false,"user_message":"secret"}`},
		{"beforeSubmitPrompt", outcome(runner.Event{Name: settings.PromptSubmit}, runner.Reply{AdditionalContext: "ctx"}), `{"continue":true}`}, // no context field in Cursor's documentation
		{"sessionStart", outcome(runner.Event{Name: settings.SessionStart}, runner.Reply{AdditionalContext: "hello"}), `{"additional_context":"hello"}`},
		{"stop", outcome(runner.Event{Name: settings.Stop}, runner.Reply{Decision: runner.DecisionBlock, Reason: "tests fail", Continue: &goOn}), `{"followup_message":"tests fail"}`},
		{"stop", outcome(runner.Event{Name: settings.Stop}, runner.Reply{}), `{}`},
		{"postToolUse", outcome(runner.Event{Name: settings.PostTool, Tool: "edit"}, runner.Reply{Decision: runner.DecisionBlock, Reason: "lint failed", AdditionalContext: "ctx"}), `{"additional_context":"ctx\n\nlint failed"}`},
		{"postToolUse", outcome(runner.Event{Name: settings.PostTool, Tool: "mcp__a__b"}, runner.Reply{UpdatedResult: json.RawMessage(`{"x":1}`)}), `{"updated_mcp_tool_output":{"x":1}}`},
		{"preCompact", outcome(runner.Event{Name: settings.PreCompact}, runner.Reply{SystemMessage: "saving"}), `{"user_message":"saving"}`},
		{"sessionEnd", outcome(runner.Event{Name: settings.SessionEnd}, runner.Reply{Decision: runner.DecisionBlock}), `{}`},
	} {
		assert.Equal(t, tc.want, string(p.HostReply(stepNamed(tc.step), tc.out)), "%s %+v", tc.step, tc.out.Reply)
	}
	ev := runner.Event{Name: settings.PreTool}
	ev.Extra.Set(markerKey, json.RawMessage(`"beforeShellExecution"`))
	stdout, stderr, code := cursorFormat{}.WriteReply(outcome(pre, runner.Reply{Decision: runner.DecisionAsk, Reason: "q"}), &ev)
	assert.Equal(t, "{\"permission\":\"ask\",\"user_message\":\"q\"}\n", string(stdout), "the step the payload was for")
	assert.Empty(t, stderr)
	assert.Equal(t, 0, code)
}

// TestHostReplyMessageIsBounded: a converted hook's huge reason (a
// Claude hook's exit-2 stderr of 50 MB) is written once, in user_message,
// cut to MaxReplyMessage bytes with a note of what was left out: the
// reply stays small.
func TestHostReplyMessageIsBounded(t *testing.T) {
	p := NewProtocol(nil)
	pre := runner.Event{Name: settings.PreTool, Tool: "shell", Args: json.RawMessage(`{"command":"rm -rf /"}`)}
	outcome := func(ev runner.Event, r runner.Reply) *runner.Outcome { return &runner.Outcome{Reply: r, Event: ev} }
	huge := strings.Repeat("é", 25<<20) // 50 MB of two-byte characters
	for _, step := range []string{"preToolUse", "beforeShellExecution", "beforeSubmitPrompt"} {
		ev := pre
		if step == "beforeSubmitPrompt" {
			ev = runner.Event{Name: settings.PromptSubmit}
		}
		reply := p.HostReply(stepNamed(step), outcome(ev, runner.Reply{Decision: runner.DecisionDeny, Reason: huge}))
		assert.Less(t, len(reply), MaxReplyMessage+200, step)
		var got map[string]any
		require.NoError(t, json.Unmarshal(reply, &got), step)
		msg, _ := got["user_message"].(string)
		assert.True(t, strings.HasPrefix(msg, strings.Repeat("é", 1000)), step)
		assert.Contains(t, msg, "more bytes of the hook's message left out by hookcompat", step)
		assert.True(t, utf8.ValidString(msg), step)
		assert.NotContains(t, got, "agent_message", "%s: the reason is written once", step)
	}
	short := p.HostReply(stepNamed("preToolUse"), outcome(pre, runner.Reply{Decision: runner.DecisionDeny, Reason: "no"}))
	assert.Equal(t, `{"permission":"deny","user_message":"no"}`, string(short))
}
