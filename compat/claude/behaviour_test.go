package claude

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// These tests pin the Claude Code 2.1.332 behaviours of the event table
// one by one (the recordings named are in testdata/recordings/claude and
// are also replayed whole by golden's TestClaudeReplay).

// run is one synthetic hook run for [fire].
type run struct {
	cmd    string
	exit   int
	stdout string
	stderr string
	async  bool
	rewake bool
	ended  time.Duration // when the run ended, since the group started
}

// fire classifies and combines synthetic runs of Claude hooks for ev and
// renders the outcome, as the engine would.
func fire(t *testing.T, ev *runner.Event, runs ...run) (*runner.Outcome, Rendering) {
	t.Helper()
	p := NewProtocol(nil)
	out := &runner.Outcome{Event: *ev}
	var replies []runner.HookReply
	for _, r := range runs {
		h := &settings.Hook{Event: ev.Name, Protocol: Name, Command: r.cmd, Timeout: time.Minute, Async: r.async, Rewake: r.rewake}
		rep := p.Classify(h, ev, &runner.RunResult{ExitCode: r.exit, Stdout: []byte(r.stdout), Stderr: []byte(r.stderr)})
		rep.Ended = r.ended
		replies = append(replies, rep)
		out.Hooks = append(out.Hooks, runner.Trace{Protocol: Name, Command: r.cmd, Outcome: rep.Outcome, Hook: h, Reply: rep})
	}
	out.Reply = p.Combine(ev, replies)
	return out, p.Render(out)
}

func bashPre() *runner.Event {
	return &runner.Event{Name: settings.PreTool, SessionID: "s", Tool: "shell", ToolCallID: "toolu_1", Args: json.RawMessage(`{"command":"ls","description":"d"}`)}
}

func ctxJSON(event, ctx string) string {
	return fmt.Sprintf(`{"hookSpecificOutput":{"hookEventName":%q,"additionalContext":%q}}`, event, ctx)
}

// TestBOMRuns: stdout is trimmed like JavaScript's trim(), which strips any
// run of byte order marks and white space (hc_bom_post_context,
// hc_bom_pre_deny_two, hc_bom_ups_plain).
func TestBOMRuns(t *testing.T) {
	for _, prefix := range []string{"\ufeff", "\ufeff\ufeff", "\ufeff\ufeff\ufeff", " \ufeff", "\ufeff  \n"} {
		kind, obj := classifyStdout([]byte(prefix + `{"a":1}` + "\n"))
		assert.Equal(t, StdoutJSON, kind, "%q", prefix)
		assert.Equal(t, `{"a":1}`, string(obj))
	}
	ev := &runner.Event{Name: settings.PromptSubmit, Prompt: "p"}
	_, r := fire(t, ev, run{cmd: "a", stdout: "\ufeffBOM-PLAIN-TEXT\n"}, run{cmd: "b", stdout: "MID\ufeffBOM\n"})
	assert.Equal(t, []string{reminder("UserPromptSubmit hook success: BOM-PLAIN-TEXT"), reminder("UserPromptSubmit hook success: MID\ufeffBOM")}, r.ModelText)
}

// TestMatcherIsJavaScript: a pattern JavaScript rejects never matches
// and warns at load (hc_matcher_forms_pre: "(?i)bash").
func TestMatcherIsJavaScript(t *testing.T) {
	for m, want := range map[string]bool{"(?i)bash": false, "^Bash$": true, "Bash ": true, "Bash,Read": true, "Read | Bash": true, "Bash|": true,
		"bash": false, "Ba": false, "^(?!Read).*": true, `\w+`: true, "[": false, "B.*": true} {
		assert.Equal(t, want, compileMatcher("PreToolUse", m).Match("Bash"), "%q", m)
	}
	assert.Error(t, compileMatcher("PreToolUse", "(?i)bash").Err())
	_, warns, err := translator{}.Translate(translate.Source{Path: "s.json", Data: []byte(`{"hooks":{"PreToolUse":[{"matcher":"(?i)bash","hooks":[{"type":"command","command":"x"}]}]}}`)})
	require.NoError(t, err)
	require.Len(t, warns, 1)
	assert.Equal(t, translate.CodeInvalidMatcher, warns[0].Code)
	assert.Contains(t, warns[0].Message, "not a valid JavaScript regular expression")
}

// TestDefaultTexts: Claude's texts when a hook gives no reason
// (hc_dec_deny_no_reason, hc_dec_deny_empty_reason, hc_dec_block_legacy_no_reason,
// hc_dec_ask_default_no_reason, hc_exit_permreq_deny_no_message,
// hc_stop_block_no_reason).
func TestDefaultTexts(t *testing.T) {
	for _, out := range []string{
		`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}`,
		`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":""}}`,
		`{"decision":"block"}`,
	} {
		rep, r := fire(t, bashPre(), run{cmd: "h", stdout: out})
		assert.Equal(t, "Blocked by hook", rep.Reason, out)
		assert.Equal(t, []string{"PreToolUse:Bash hook error: Blocked by hook"}, r.ModelText, out)
	}
	rep, r := fire(t, bashPre(), run{cmd: "h", stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"}}`})
	assert.Equal(t, "Hook PreToolUse:Bash asked for confirmation for this tool", rep.Reason)
	assert.Equal(t, []string{"Hook PreToolUse:Bash asked for confirmation for this tool"}, r.ModelText)
	perm := &runner.Event{Name: settings.PermissionRequest, Tool: "shell", Args: json.RawMessage(`{"command":"ls"}`)}
	rep, r = fire(t, perm, run{cmd: "h", stdout: `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny"}}}`})
	assert.Equal(t, "Permission denied by hook", rep.Reason)
	assert.Equal(t, []string{"Permission denied by hook"}, r.ModelText)
	_, r = fire(t, &runner.Event{Name: settings.Stop}, run{cmd: "s.sh", stdout: `{"decision":"block"}`})
	assert.Equal(t, []string{reminder(`Stop hook blocking error from command: "s.sh": Blocked by hook`) + "\n",
		reminder(stopPreamble + "\nStop hook feedback:\nBlocked by hook")}, r.ModelText)
}

// TestExit2ReadsJSON: exit 2 still reads stdout JSON — its reason replaces
// stderr on PreToolUse, its context and continue apply
// (hc_exit_pre_2_json_deny_reason, hc_exit_post_2_with_context, hc_cf_pre_exit2).
func TestExit2ReadsJSON(t *testing.T) {
	rep, r := fire(t, bashPre(), run{cmd: "h", exit: 2, stderr: "STDERR-REASON\n",
		stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"JSON-REASON"}}`})
	assert.Equal(t, runner.DecisionDeny, rep.Decision)
	assert.Equal(t, "JSON-REASON", rep.Reason)
	assert.Equal(t, []string{"PreToolUse:Bash hook error: JSON-REASON"}, r.ModelText)

	post := &runner.Event{Name: settings.PostTool, Tool: "shell", ToolCallID: "toolu_1", Args: json.RawMessage(`{"command":"ls"}`)}
	rep, r = fire(t, post, run{cmd: "hk.sh", exit: 2, stderr: "POST-E2\n", stdout: ctxJSON("PostToolUse", "CTX-WITH-EXIT2")})
	assert.Equal(t, "CTX-WITH-EXIT2", rep.AdditionalContext)
	assert.Equal(t, []string{reminder("PostToolUse:Bash hook blocking error from command: \"hk.sh\": [hk.sh]: POST-E2\n"),
		reminder("PostToolUse:Bash hook additional context: CTX-WITH-EXIT2")}, r.ModelText)

	rep, r = fire(t, bashPre(), run{cmd: "h", exit: 2, stderr: "CF-EXIT2\n", stdout: `{"continue":false,"stopReason":"S"}`})
	require.NotNil(t, rep.Continue)
	assert.False(t, *rep.Continue)
	assert.Empty(t, r.ModelText, "the loop ends: nothing of the call reaches the model")
	assert.Equal(t, "hook_stopped", r.LoopEnds)

	_, r = fire(t, bashPre(), run{cmd: "h", exit: 2, stderr: "  \n\n"})
	assert.Equal(t, []string{"PreToolUse:Bash hook error: [h]:   \n\n"}, r.ModelText, "white-space stderr is kept (hc_exit_pre_2_stderr_ws)")
}

// TestContinueFalsePerEvent: continue:false ends the loop on PreToolUse,
// PostToolUse, PostToolBatch and Stop, stops UserPromptSubmit, and is
// ignored on SessionStart, SubagentStart, SubagentStop, PermissionRequest
// and PostToolUseFailure (hc_cf_*, hc_sub_*, hc_exit_permreq_cf).
func TestContinueFalsePerEvent(t *testing.T) {
	cf := `{"continue":false,"stopReason":"R"}`
	for _, e := range []settings.Event{settings.SessionStart, settings.SubagentStart, settings.SubagentStop, settings.PermissionRequest, settings.PostToolFailure} {
		rep, _ := fire(t, &runner.Event{Name: e, Tool: "shell"}, run{cmd: "h", stdout: cf})
		assert.Nil(t, rep.Continue, "%s ignores continue:false", e)
	}
	for _, e := range []settings.Event{settings.PreTool, settings.PostTool, settings.PostToolBatch, settings.Stop, settings.PromptSubmit} {
		rep, _ := fire(t, &runner.Event{Name: e, Tool: "shell"}, run{cmd: "h", stdout: cf})
		require.NotNil(t, rep.Continue, "%s honours continue:false", e)
		assert.False(t, *rep.Continue)
	}
	rep, r := fire(t, &runner.Event{Name: settings.Stop}, run{cmd: "h", stdout: `{"continue":false,"decision":"block","reason":"B"}`})
	assert.Equal(t, runner.DecisionNone, rep.Decision, "Stop continue:false beats a block (hc_stop_continue_false_with_block)")
	assert.Empty(t, r.ModelText)
	assert.Equal(t, "stop_hook_prevented", r.LoopEnds)
	_, r = fire(t, &runner.Event{Name: settings.PromptSubmit, Prompt: "p"}, run{cmd: "h", stdout: `{"continue":false,"stopReason":"STOP-UPS","hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"C"}}`})
	assert.Equal(t, "Operation stopped by hook: STOP-UPS", r.UserText)
	assert.Empty(t, r.ModelText)
}

// TestStopContextContinues: a Stop (SubagentStop) context continues the
// turn, one reminder per hook, no preamble (hc_stop_additional_context,
// hc_stop_two_contexts, hc_sub_stop_context); several outputs are
// assembled per hook, then one feedback block per blocking hook
// (hc_stop_two_blockers, hc_stop_context_and_block); SubagentStop's
// feedback says "Stop hook feedback:" (hc_sub_stop_block).
func TestStopContextContinues(t *testing.T) {
	rep, r := fire(t, &runner.Event{Name: settings.Stop}, run{cmd: "a", stdout: ctxJSON("Stop", "CTX-A")}, run{cmd: "b", stdout: ctxJSON("Stop", "CTX-B")})
	require.NotNil(t, rep.Continue)
	assert.True(t, *rep.Continue)
	assert.Equal(t, "CTX-B", rep.Reason)
	assert.Equal(t, []string{reminder("Stop hook additional context: CTX-A"), reminder("Stop hook additional context: CTX-B")}, r.ModelText)

	_, r = fire(t, &runner.Event{Name: settings.Stop},
		run{cmd: "b1", stdout: `{"decision":"block","reason":"REASON-ONE"}`},
		run{cmd: "b2", exit: 2, stderr: "EXIT2-TWO\n"},
		run{cmd: "c3", stdout: ctxJSON("Stop", "CTX-THREE")})
	assert.Equal(t, []string{
		reminder(`Stop hook blocking error from command: "b1": REASON-ONE`),
		reminder("Stop hook additional context: CTX-THREE") + "\n",
		reminder(stopPreamble + "\nStop hook feedback:\nREASON-ONE"),
		reminder(stopPreamble + "\nStop hook feedback:\n[b2]: EXIT2-TWO\n"),
	}, r.ModelText)

	_, r = fire(t, &runner.Event{Name: settings.SubagentStop}, run{cmd: "s", stdout: `{"decision":"block","reason":"R"}`})
	assert.Equal(t, reminder(stopPreamble+"\nStop hook feedback:\nR"), r.ModelText[1])
}

// TestJoinedContexts: SessionStart, PreToolUse, SubagentStart and
// PostModelSwitch join their hooks' contexts into one reminder; the
// others give each hook its own (claude §7 of the findings).
func TestJoinedContexts(t *testing.T) {
	_, r := fire(t, bashPre(), run{cmd: "a", stdout: ctxJSON("PreToolUse", "C1")}, run{cmd: "b", stdout: ctxJSON("PreToolUse", "C2")})
	assert.Equal(t, []string{reminder("PreToolUse:Bash hook additional context: C1\nC2")}, r.ModelText)
	_, r = fire(t, &runner.Event{Name: settings.SubagentStart, Subagent: "general-purpose"}, run{cmd: "a", stdout: ctxJSON("SubagentStart", "S1")}, run{cmd: "b", stdout: "plain is not delivered\n"}, run{cmd: "c", stdout: ctxJSON("SubagentStart", "S2")})
	assert.Equal(t, []string{reminder("SubagentStart hook additional context: S1\nS2")}, r.ModelText)
	_, r = fire(t, &runner.Event{Name: settings.PostModelSwitch}, run{cmd: "a", stdout: "POST-MS-STDOUT\n"}, run{cmd: "b", stdout: ctxJSON("PostModelSwitch", "POST-MS-CTX")})
	assert.Equal(t, []string{reminder("PostModelSwitch hook additional context: POST-MS-STDOUT\nPOST-MS-CTX")}, r.ModelText)
	_, r = fire(t, &runner.Event{Name: settings.SessionStart, Reason: "startup"}, run{cmd: "a", stdout: ctxJSON("SessionStart", "J1")}, run{cmd: "b", stdout: "PLAIN\n"}, run{cmd: "c", stdout: ctxJSON("SessionStart", "J2")})
	assert.Equal(t, []string{reminder("SessionStart:startup hook success: PLAIN"), reminder("SessionStart hook additional context: J1\nJ2")}, r.ModelText,
		"plain stdout blocks come before the joined context")
	_, r = fire(t, &runner.Event{Name: settings.PostToolBatch}, run{cmd: "a", stdout: ctxJSON("PostToolBatch", "X1")}, run{cmd: "b", stdout: ctxJSON("PostToolBatch", "X2")})
	assert.Equal(t, []string{reminder("PostToolBatch hook additional context: X1"), reminder("PostToolBatch hook additional context: X2")}, r.ModelText)
	assert.Equal(t, "batch_tail", r.Texts[0].Placement)
}

// TestPostToolBatchEndsTheLoop: a PostToolBatch block or exit 2 ends the
// loop like continue:false, and its reason is shown nowhere
// (hc_batch_block, hc_batch_exit2).
func TestPostToolBatchEndsTheLoop(t *testing.T) {
	for _, r := range []run{{cmd: "b", stdout: `{"decision":"block","reason":"R"}`}, {cmd: "b", exit: 2, stderr: "E\n"}} {
		rep, rd := fire(t, &runner.Event{Name: settings.PostToolBatch}, r, run{cmd: "c", stdout: ctxJSON("PostToolBatch", "C")})
		require.NotNil(t, rep.Continue)
		assert.False(t, *rep.Continue)
		assert.Empty(t, rd.ModelText)
		assert.Equal(t, "hook_stopped", rd.LoopEnds)
	}
}

// TestAsyncTexts: an async hook's decision and exit code have no effect;
// its systemMessage and context reach the model later, prefix-less
// (hc_async_post_context, hc_async_post_exit2, hc_async_pre_deny); with
// asyncRewake an exit 2 is a task notification and its context is dropped
// (hc_async_and_rewake_exit2, hc_async_and_rewake_context); asyncRewake
// alone is synchronous (hc_async_rewake_exit2).
func TestAsyncTexts(t *testing.T) {
	post := &runner.Event{Name: settings.PostTool, Tool: "shell", ToolCallID: "toolu_1", Args: json.RawMessage(`{"command":"ls"}`)}
	rep, r := fire(t, post, run{cmd: "a", async: true, stdout: `{"systemMessage":"ASYNC-SYSMSG","hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"ASYNC-CTX"}}`})
	assert.Equal(t, runner.DecisionNone, rep.Decision)
	assert.Equal(t, "ASYNC-CTX", rep.AdditionalContext)
	assert.Equal(t, []string{reminder("ASYNC-SYSMSG"), reminder("ASYNC-CTX")}, r.ModelText)
	assert.Equal(t, "later", r.Texts[0].Delivery)
	_, r = fire(t, post, run{cmd: "a", async: true, exit: 2, stderr: "X\n"})
	assert.Empty(t, r.ModelText)
	rep, r = fire(t, bashPre(), run{cmd: "a", async: true, stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","additionalContext":"C"}}`})
	assert.Equal(t, runner.DecisionNone, rep.Decision)
	assert.True(t, *r.ToolRuns)
	rep, r = fire(t, post, run{cmd: "a", async: true, rewake: true, exit: 2, stderr: "ASYNC-REWAKE-STDERR\n"})
	assert.Equal(t, runner.DecisionNone, rep.Decision)
	require.Len(t, r.ModelText, 1)
	assert.Contains(t, r.ModelText[0], "<summary>Stop hook feedback</summary>")
	assert.Contains(t, r.ModelText[0], "Stop hook blocking error from command \"PostToolUse:Bash\": ASYNC-REWAKE-STDERR\n\n&lt;/system-reminder&gt;")
	rep, r = fire(t, post, run{cmd: "a", async: true, rewake: true, stdout: ctxJSON("PostToolUse", "C")})
	assert.Empty(t, rep.AdditionalContext)
	assert.Empty(t, r.ModelText)

	cfg, warns, err := translator{}.Translate(translate.Source{Path: "s.json", Data: []byte(`{"hooks":{"PostToolUse":[{"hooks":[
		{"type":"command","command":"a","asyncRewake":true},{"type":"command","command":"b","async":true,"asyncRewake":true}]}]}}`)})
	require.NoError(t, err)
	require.Len(t, cfg.Hooks, 2)
	assert.False(t, cfg.Hooks[0].Async, "asyncRewake alone is synchronous")
	assert.True(t, cfg.Hooks[1].Async && cfg.Hooks[1].Rewake)
	require.Len(t, warns, 1)
}

// TestPersistedOutput: a context over 10,000 UTF-16 units is saved to a
// file and shown as a 2,000-unit preview (hc_big_post_context_10000,
// _10001, _12000, _unicode, hc_big_session_start).
func TestPersistedOutput(t *testing.T) {
	assert.Equal(t, "11.7KB", sizeLabel(12000))
	assert.Equal(t, "9.8KB", sizeLabel(10001))
	assert.Equal(t, "10.7KB", sizeLabel(10999))
	assert.Equal(t, "10.3KB", sizeLabel(10500), "half up, like toFixed")
	var lines strings.Builder
	for i := 0; lines.Len() < 12000; i++ {
		fmt.Fprintf(&lines, "L%05d abcdefghijklmnopqrstuvwxyz0123456789\n", i)
	}
	big := strings.TrimSpace(lines.String())
	preview := persistPreview(big, "/p")
	body := strings.TrimSuffix(strings.SplitN(preview, "Preview (first 2KB):\n", 2)[1], "\n...\n</persisted-output>")
	assert.Len(t, body, 1979, "cut back to the last line break before 2,000")
	assert.Len(t, strings.SplitN(persistPreview(strings.Repeat("x", 12000), "/p"), "Preview (first 2KB):\n", 2)[1], 2000+len("\n...\n</persisted-output>"))

	home := t.TempDir()
	post := &runner.Event{Name: settings.PostTool, SessionID: "s", Tool: "shell", ToolCallID: "toolu_9", Args: json.RawMessage(`{"command":"ls"}`),
		TranscriptPath: filepath.Join(home, ".claude", "projects", "-p", "s.jsonl")}
	_, r := fire(t, post, run{cmd: "a", stdout: ctxJSON("PostToolUse", big)})
	require.Len(t, r.Persisted, 1)
	assert.Regexp(t, `/\.claude/projects/-p/s/tool-results/hook-toolu_9-PostToolUse-[0-9a-f]{32}-additionalContext\.txt$`, r.Persisted[0].Path)
	data, err := os.ReadFile(r.Persisted[0].Path)
	require.NoError(t, err)
	assert.Equal(t, big, string(data), "the full text, as Claude saves it")
	assert.True(t, strings.HasPrefix(r.ModelText[0], reminder("PostToolUse:Bash hook additional context: <persisted-output>\nOutput too large (11.7KB). Full output saved to: " + r.Persisted[0].Path)[:60]))
	_, r = fire(t, post, run{cmd: "a", stdout: ctxJSON("PostToolUse", strings.Repeat("x", 10000))})
	assert.Empty(t, r.Persisted, "10,000 is shown whole")
	_, r = fire(t, post, run{cmd: "a", stdout: ctxJSON("PostToolUse", strings.Repeat("é", 6000))})
	assert.Empty(t, r.Persisted, "measured in UTF-16 units, not bytes")
}

// TestUpdatedInputSchema: an updatedInput is validated against the tool's
// schema: unknown keys stripped; a missing or mistyped field rejects the
// call with Claude's text (hc_ui_*).
func TestUpdatedInputSchema(t *testing.T) {
	allow := func(in string) string {
		return `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":` + in + `}}`
	}
	rep, r := fire(t, bashPre(), run{cmd: "h", stdout: allow(`{"description":"gone"}`)})
	want := "PreToolUse hook for Bash returned updatedInput that failed schema validation: Bash failed due to the following issue:\nThe required parameter `command` is missing\nThe tool input from the model was valid; the hook's rewrite of it was not."
	assert.Equal(t, runner.DecisionDeny, rep.Decision)
	assert.Equal(t, want, rep.Reason)
	assert.Equal(t, []string{want}, r.ModelText)
	assert.False(t, *r.ToolRuns)
	rep, _ = fire(t, bashPre(), run{cmd: "h", stdout: allow(`{"command":42}`)})
	assert.Contains(t, rep.Reason, "The parameter `command` type is expected as `string` but provided as `number`")
	rep, r = fire(t, bashPre(), run{cmd: "h", stdout: allow(`{"command":"echo REWRITTEN","bogus_key":true}`)})
	assert.Equal(t, runner.DecisionAllow, rep.Decision)
	assert.JSONEq(t, `{"command":"echo REWRITTEN"}`, string(rep.UpdatedArgs))
	assert.True(t, *r.ToolRuns)
	rep, _ = fire(t, bashPre(), run{cmd: "h", stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","updatedInput":{}}}`})
	assert.Equal(t, "Blocked by hook", rep.Reason, "a deny wins over the rewrite (hc_ui_with_deny)")
}

// TestUpdatedToolOutputShape: updatedToolOutput must fit the tool's
// output, else Claude keeps the tool's own (hc_uto_*, hc_umcp_on_bash,
// hc_mcp_updated_*).
func TestUpdatedToolOutputShape(t *testing.T) {
	for out, fits := range map[string]bool{
		`{"stdout":"R","stderr":"","interrupted":false}`:           true,
		`{"stdout":"R","stderr":"","interrupted":false,"bogus":1}`: true,
		`"a string"`:     false,
		`{"stdout":"R"}`: false,
		`{"foo":"bar"}`:  false,
		`{"stdout":42,"stderr":"","interrupted":false}`: false,
		`null`: false,
	} {
		assert.Equal(t, fits, outputFits("Bash", json.RawMessage(out)), out)
	}
	assert.False(t, outputFits("Write", json.RawMessage(`"x"`)))
	assert.True(t, outputFits("mcp__fake__echo_text", json.RawMessage(`"x"`)))
	assert.True(t, outputFits("mcp__fake__echo_text", json.RawMessage(`[{"type":"text","text":"x"}]`)))
	post := &runner.Event{Name: settings.PostTool, Tool: "shell", Args: json.RawMessage(`{"command":"ls"}`)}
	rep, _ := fire(t, post, run{cmd: "h", stdout: `{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedMCPToolOutput":"X"}}`})
	assert.Nil(t, rep.UpdatedResult, "updatedMCPToolOutput is for MCP tools only")
}

// TestHookEventNameMissing: Claude discards a reply whose
// hookSpecificOutput lacks hookEventName (hc_dec_event_missing); the
// native reply still denies (bug-log B15: a deny is never lost).
func TestHookEventNameMissing(t *testing.T) {
	rep, r := fire(t, bashPre(), run{cmd: "h", stdout: `{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"NO-EVENT-NAME-DENY","additionalContext":"C"}}`})
	assert.Equal(t, runner.DecisionDeny, rep.Decision)
	assert.Empty(t, rep.AdditionalContext)
	assert.True(t, *r.ToolRuns, "Claude runs the tool")
	assert.Empty(t, r.ModelText)
}

// TestEnvFilePerEvent: CLAUDE_ENV_FILE is set for SessionStart, Setup,
// CwdChanged and FileChanged, one file per hook by its position
// (hc_env_file_two_sessionstart, hc_env_setup_init, hc_env_cwd_changed,
// hc_env_file_changed), and for no other event (hc_env_file_other_events).
func TestEnvFilePerEvent(t *testing.T) {
	home := t.TempDir()
	p := NewProtocol(nil)
	for _, e := range []settings.Event{settings.SessionStart, settings.Setup, settings.CwdChanged, settings.FileChanged, settings.PromptSubmit, settings.PreTool, settings.Stop} {
		ev := &runner.Event{Name: e, SessionID: "sid", Workspace: home, Cwd: home}
		a, b := &settings.Hook{Event: e, Command: "a"}, &settings.Hook{Event: e, Command: "b"}
		pl, err := p.Encode(ev, []string{"HOME=" + home})
		require.NoError(t, err)
		pl.Hooks = []*settings.Hook{a, b}
		inv, err := p.Prepare(b, ev, pl)
		require.NoError(t, err)
		got := hookkit.EnvValue(inv.Env, "CLAUDE_ENV_FILE")
		switch e {
		case settings.SessionStart, settings.Setup, settings.CwdChanged, settings.FileChanged:
			name := strings.ToLower(eventOf(e).name)
			assert.Equal(t, filepath.Join(home, ".claude", "session-env", "sid", name+"-hook-1.sh"), got, e)
		default:
			assert.Empty(t, got, e)
		}
	}
}

// TestDedupKey: identical handlers run once; the key is the shell ("bash"
// and none alike), the command, the args and the if rule — not the
// timeout (hc_settings_dedup_variants).
func TestDedupKey(t *testing.T) {
	base := settings.Hook{Command: "x", Timeout: time.Second}
	other := base
	other.Timeout = time.Minute
	assert.Equal(t, dedupKey(&base), dedupKey(&other), "timeout is not part of the key")
	withIf := base
	withIf.If = "Bash(echo *)"
	assert.NotEqual(t, dedupKey(&base), dedupKey(&withIf))
	cfg, _, err := translator{}.Translate(translate.Source{Path: "s.json", Data: []byte(`{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"x"},{"type":"command","command":"x","shell":"bash"}]}]}}`)})
	require.NoError(t, err)
	assert.Equal(t, dedupKey(&cfg.Hooks[0]), dedupKey(&cfg.Hooks[1]), `shell "bash" is the default`)
}

// TestInvalidGroupDropsTheFile: a group without a hooks array or a hook
// of unknown type makes Claude drop every hook of the file
// (hc_settings_invalid_group_no_hooks, hc_settings_invalid_hook_type); an
// unknown event alone does not (hc_settings_invalid_unknown_event). The
// warning counts every handler the file holds, the invalid one included.
func TestInvalidGroupDropsTheFile(t *testing.T) {
	for bad, dropped := range map[string]string{
		`{"matcher":"Bash"}`:                         "(1 hook(s) dropped;",
		`{"hooks":[{"type":"nope","command":"y"}]}`:  "(2 hook(s) dropped;",
		`{"hooks":{"type":"command","command":"y"}}`: "(2 hook(s) dropped;",
	} {
		cfg, warns, err := translator{}.Translate(translate.Source{Path: "s.json", Data: []byte(`{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"ok"}]},` + bad + `]}}`)})
		require.NoError(t, err)
		assert.Empty(t, cfg.Hooks, bad)
		assert.Equal(t, CodeInvalidHooks, warns[len(warns)-1].Code)
		assert.Contains(t, warns[len(warns)-1].Message, dropped, bad)
	}
	cfg, _, err := translator{}.Translate(translate.Source{Path: "s.json", Data: []byte(`{"hooks":{"NotAnEvent":[{"hooks":[]}],"PreToolUse":[{"hooks":[{"type":"command","command":"ok"}]}]}}`)})
	require.NoError(t, err)
	assert.Len(t, cfg.Hooks, 1)
}

// TestInvalidHandlerFieldDropsTheFile: a handler field of the wrong type
// or value fails Claude's validation of the whole file, like an unknown
// handler type: a string or non-positive timeout, a string async, a
// number where a string belongs (hc_settings_invalid_timeout_string,
// hc_settings_invalid_timeout_zero, hc_settings_invalid_timeout_other_hook,
// hc_settings_invalid_async_string, hc_settings_invalid_status_number).
func TestInvalidHandlerFieldDropsTheFile(t *testing.T) {
	for _, field := range []string{`"timeout":"10"`, `"timeout":0`, `"timeout":-5`, `"timeout":1e400`, `"async":"yes"`, `"statusMessage":5`, `"if":true`} {
		cfg, warns, err := translator{}.Translate(translate.Source{Path: "s.json", Data: []byte(
			`{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"ok"}]},{"matcher":"Bash","hooks":[{"type":"command","command":"x",` + field + `}]}]}}`)})
		require.NoError(t, err)
		assert.Empty(t, cfg.Hooks, field)
		require.NotEmpty(t, warns, field)
		last := warns[len(warns)-1]
		assert.Equal(t, CodeInvalidHooks, last.Code, field)
		assert.Equal(t, 1, last.Line, field)
		assert.Contains(t, last.Message, "(2 hook(s) dropped;", field)
	}
	cfg, _, err := translator{}.Translate(translate.Source{Path: "s.json", Data: []byte(`{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"ok","timeout":10,"async":false,"statusMessage":"s"}]}]}}`)})
	require.NoError(t, err)
	require.Len(t, cfg.Hooks, 1)
	assert.Equal(t, 10*time.Second, cfg.Hooks[0].Timeout)
}

// TestStopBlockCap: the 9th consecutive blocking Stop is overridden
// (hc_stop_block_cap); the count starts again with a fresh turn.
func TestStopBlockCap(t *testing.T) {
	home := t.TempDir()
	p := NewProtocol(nil)
	block := []runner.HookReply{{Reply: runner.Reply{Decision: runner.DecisionBlock, Reason: "KEEP-GOING"}, Outcome: runner.OutcomeBlocking, Detail: &Detail{Block: true}}}
	stopAt := 0
	for i := 1; i <= 12; i++ {
		ev := &runner.Event{Name: settings.Stop, SessionID: "cap", StopHookActive: i > 1}
		_, err := p.Encode(ev, []string{"HOME=" + home})
		require.NoError(t, err)
		if out := p.Combine(ev, block); out.Decision != runner.DecisionBlock && stopAt == 0 {
			stopAt = i
			assert.Contains(t, out.SystemMessage, "9 consecutive times")
		}
	}
	assert.Equal(t, DefaultStopBlockCap, stopAt)
	ev := &runner.Event{Name: settings.Stop, SessionID: "cap"}
	_, _ = p.Encode(ev, []string{"HOME=" + home})
	assert.Equal(t, runner.DecisionBlock, p.Combine(ev, block).Decision, "a new turn counts from zero")
}

// TestWholePlainOutputIsRead: Claude Code reads a hook's whole output, so
// 1.2 MB of UserPromptSubmit plain stdout is context (a persisted preview
// labelled 1.1MB), not a hook whose output was cut (pr_big_ups_plain_1mb);
// 1.5 MB of exit-2 stderr reaches the block reason whole.
func TestWholePlainOutputIsRead(t *testing.T) {
	if testing.Short() {
		t.Skip("runs processes")
	}
	p := NewProtocol(nil)
	ev := &runner.Event{Name: settings.PromptSubmit, SessionID: "s", Prompt: "p", Workspace: t.TempDir()}
	ev.Cwd = ev.Workspace
	for _, tc := range []struct {
		cmd  string
		exit int
	}{
		{`head -c 1200000 /dev/zero | tr '\0' x`, 0},
		{`head -c 1500000 /dev/zero | tr '\0' y >&2; exit 2`, 2},
	} {
		h := &settings.Hook{Event: ev.Name, Protocol: Name, Command: tc.cmd, Timeout: time.Minute}
		inv, err := p.Prepare(h, ev, &runner.Payload{Stdin: []byte("{}\n"), Env: []string{"PATH=" + os.Getenv("PATH")}})
		require.NoError(t, err)
		res := runner.RunProcess(context.Background(), inv, runner.Options{})
		require.Equal(t, tc.exit, res.ExitCode, tc.cmd)
		assert.False(t, res.StdoutTruncated || res.StderrTruncated, "%s: output cut at the engine's 1 MiB cap", tc.cmd)
		rep := p.Classify(h, ev, res)
		out := &runner.Outcome{Event: *ev, Hooks: []runner.Trace{{Protocol: Name, Command: h.Command, Outcome: rep.Outcome, Hook: h, Reply: rep}}}
		out.Reply = p.Combine(ev, []runner.HookReply{rep})
		if tc.exit == 0 {
			assert.Equal(t, runner.OutcomeSuccess, rep.Outcome, rep.Err)
			assert.Len(t, rep.AdditionalContext, 1200000)
			r := p.Render(out)
			require.Len(t, r.ModelText, 1)
			assert.Contains(t, r.ModelText[0], "UserPromptSubmit hook success: <persisted-output>\nOutput too large (1.1MB).")
		} else {
			assert.True(t, out.Reply.Decision.Blocks())
			assert.Contains(t, out.Reply.Reason, strings.Repeat("y", 1500000))
		}
	}
}

// TestExit2WithJSONBlock: a hook that exits 2 with {"decision":"block",
// "reason":R} on stdout is read as that JSON block, stderr or not, on
// every event with exit-2 feedback (recorded: hc_e2json_stop,
// hc_e2json_stop_stderr, hc_e2json_post, hc_e2json_post_stderr,
// hc_e2json_postfail, hc_e2json_ups, hc_e2json_substop, hc_e2json_task);
// JSON that does not block leaves exit 2's stderr feedback
// (hc_e2json_stop_context).
func TestExit2WithJSONBlock(t *testing.T) {
	const cmd = `"$CLAUDE_PROJECT_DIR"/.claude/hooks/h.sh`
	block := `{"decision":"block","reason":"FAILURES: 2 tests"}`
	stop := &runner.Event{Name: settings.Stop, SessionID: "e2json"}
	for _, stderr := range []string{"", "some stderr\n"} {
		out, r := fire(t, stop, run{cmd: cmd, exit: 2, stdout: block, stderr: stderr})
		assert.Equal(t, runner.DecisionBlock, out.Decision)
		assert.Equal(t, []string{
			reminder("Stop hook blocking error from command: \""+cmd+"\": FAILURES: 2 tests") + "\n",
			reminder(stopPreamble + "\nStop hook feedback:\nFAILURES: 2 tests"),
		}, r.ModelText, "stderr %q", stderr)
	}
	post := &runner.Event{Name: settings.PostTool, SessionID: "e2json", Tool: "shell", ToolCallID: "t", Args: json.RawMessage(`{"command":"ls"}`), Result: json.RawMessage(`{"stdout":"","stderr":"","interrupted":false}`)}
	_, r := fire(t, post, run{cmd: cmd, exit: 2, stdout: block})
	assert.Equal(t, []string{reminder("PostToolUse:Bash hook blocking error from command: \"" + cmd + "\": FAILURES: 2 tests")}, r.ModelText)
	ups := &runner.Event{Name: settings.PromptSubmit, SessionID: "e2json", Prompt: "do it"}
	_, r = fire(t, ups, run{cmd: cmd, exit: 2, stdout: block})
	assert.Equal(t, "UserPromptSubmit operation blocked by hook:\nFAILURES: 2 tests\n\nOriginal prompt: do it", r.UserText)
	_, r = fire(t, stop, run{cmd: cmd, exit: 2, stdout: `{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"CTX"}}`})
	assert.Contains(t, r.ModelText[len(r.ModelText)-1], "Stop hook feedback:\n["+cmd+"]: No stderr output")
}

// TestAskKeepsUpdatedInput: permissionDecision "ask" with updatedInput
// carries the rewrite in the native reply, so that a host that asks the
// user shows, and then runs, the rewritten call (recorded:
// hc_perm_ask_updated_input_sdk's can_use_tool request carries the
// rewritten input; hc_perm_ask_updated_input's denial too).
func TestAskKeepsUpdatedInput(t *testing.T) {
	ask := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"confirm the dry run","updatedInput":{"command":"git push --dry-run","description":"dry"}}}`
	out, _ := fire(t, bashPre(), run{cmd: "h", stdout: ask})
	assert.Equal(t, runner.DecisionAsk, out.Decision)
	assert.Equal(t, "confirm the dry run", out.Reason)
	assert.JSONEq(t, `{"command":"git push --dry-run","description":"dry"}`, string(out.UpdatedArgs))
	deny := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","updatedInput":{"command":"x"}}}`
	out, _ = fire(t, bashPre(), run{cmd: "h", stdout: deny})
	assert.Nil(t, out.UpdatedArgs, "a deny runs nothing")
}
