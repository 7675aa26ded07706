package cursor

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// hookOf is a Cursor hook of step name.
func hookOf(name string) *settings.Hook {
	s := stepNamed(name)
	h := &settings.Hook{Event: s.Event, Protocol: Name, Command: "hook.sh", Timeout: DefaultTimeout}
	if s.Specific() {
		h.Options = map[string]string{OptionStep: name}
	}
	return h
}

// eventOf is a native event of step name (a shell call for tool steps).
func eventOf(name string) *runner.Event {
	s := stepNamed(name)
	ev := &runner.Event{Name: s.Event, Workspace: "/w"}
	switch s.Tools {
	case toolsAll, toolsShell:
		ev.Tool, ev.Args = "shell", json.RawMessage(`{"command":"ls"}`)
	case toolsMCP:
		ev.Tool, ev.Args = "mcp__gh__issue", json.RawMessage(`{}`)
	case toolsRead:
		ev.Tool, ev.Args = "read", json.RawMessage(`{"path":"a"}`)
	case toolsEdit:
		ev.Tool, ev.Args = "edit", json.RawMessage(`{"path":"a","old_string":"x","new_string":"y"}`)
	}
	return ev
}

type classifyCase struct {
	name     string
	step     string
	exit     int
	stdout   string
	stderr   string
	fail     bool // the hook is failClosed
	decision runner.Decision
	reason   string
	outcome  runner.OutcomeKind
}

func runClassify(t *testing.T, cases []classifyCase) {
	t.Helper()
	p := NewProtocol(nil)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := hookOf(c.step)
			h.FailClosed = c.fail
			r := p.Classify(h, eventOf(c.step), &runner.RunResult{ExitCode: c.exit, Stdout: []byte(c.stdout), Stderr: []byte(c.stderr)})
			assert.Equal(t, c.decision, r.Decision, "decision")
			if c.reason != "" {
				assert.Equal(t, c.reason, r.Reason, "reason")
			}
			assert.Equal(t, c.outcome, r.Outcome, "outcome")
			d, ok := r.Detail.(*Detail)
			require.True(t, ok)
			assert.Equal(t, c.step, d.Step)
		})
	}
}

// TestClassifyPermissionSteps is cursor §5.1/§5.2 on each permission
// step: the permission field, exit 2, and a reply that is empty, not
// JSON or invalid, which denies even without failClosed.
func TestClassifyPermissionSteps(t *testing.T) {
	deny := `{"permission":"deny","user_message":"U","agent_message":"A"}`
	var cases []classifyCase
	for _, step := range []string{"preToolUse", "beforeShellExecution", "beforeMCPExecution", "beforeReadFile", "subagentStart", "beforeTabFileRead"} {
		denied := "U"
		if step == "beforeTabFileRead" {
			denied = textDenied // Tab's read takes no message
		}
		cases = append(cases,
			classifyCase{step + " deny with user_message", step, 0, deny, "", false, runner.DecisionDeny, denied, runner.OutcomeBlocking},
			classifyCase{step + " allow", step, 0, `{"permission":"allow"}`, "", false, runner.DecisionAllow, "", runner.OutcomeSuccess},
			classifyCase{step + " {} decides nothing", step, 0, `{}`, "", false, "", "", runner.OutcomeSuccess},
			classifyCase{step + " empty stdout denies (I4)", step, 0, "", "", false, runner.DecisionDeny, "Hook " + step + " returned no output. The action was blocked for safety.", runner.OutcomeBlocking},
			classifyCase{step + " text denies (I3)", step, 0, "ok\n", "", false, runner.DecisionDeny, "Hook " + step + " returned stdout that is not valid JSON. The action was blocked for safety.", runner.OutcomeBlocking},
			classifyCase{step + " a bad permission denies", step, 0, `{"permission":"maybe"}`, "", false, runner.DecisionDeny, "", runner.OutcomeBlocking},
			classifyCase{step + " exit 2 with stdout: raw stdout", step, 2, deny, "err", false, runner.DecisionDeny, deny, runner.OutcomeBlocking},
			classifyCase{step + " exit 2 with stderr", step, 2, "", "nope\n", false, runner.DecisionDeny, "Hook blocked with message: nope", runner.OutcomeBlocking},
			classifyCase{step + " bare exit 2", step, 2, "", "", false, runner.DecisionDeny, textExit2None, runner.OutcomeBlocking},
			classifyCase{step + " exit 1 is a failure, stdout not read", step, 1, deny, "boom", false, "", "", runner.OutcomeError},
			classifyCase{step + " exit 1 fail-closed blocks", step, 1, "", "boom", true, runner.DecisionDeny, "", runner.OutcomeBlocking},
		)
	}
	cases = append(cases,
		classifyCase{"preToolUse ask is not enforced", "preToolUse", 0, `{"permission":"ask","user_message":"sure?"}`, "", false, "", "", runner.OutcomeSuccess},
		classifyCase{"beforeShellExecution ask asks", "beforeShellExecution", 0, `{"permission":"ask","user_message":"sure?"}`, "", false, runner.DecisionAsk, "sure?", runner.OutcomeSuccess},
		classifyCase{"beforeMCPExecution ask asks", "beforeMCPExecution", 0, `{"permission":"ask"}`, "", false, runner.DecisionAsk, "", runner.OutcomeSuccess},
		classifyCase{"subagentStart ask denies", "subagentStart", 0, `{"permission":"ask","user_message":"no"}`, "", false, runner.DecisionDeny, "no", runner.OutcomeBlocking},
		classifyCase{"beforeReadFile ask is invalid: deny", "beforeReadFile", 0, `{"permission":"ask"}`, "", false, runner.DecisionDeny, "", runner.OutcomeBlocking},
		classifyCase{"agent_message when no user_message", "preToolUse", 0, `{"permission":"deny","agent_message":"A"}`, "", false, runner.DecisionDeny, "A", runner.OutcomeBlocking},
		classifyCase{"deny without message", "preToolUse", 0, `{"permission":"deny"}`, "", false, runner.DecisionDeny, textDenied, runner.OutcomeBlocking},
		classifyCase{"Claude-style reply normalised on preToolUse", "preToolUse", 0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"R"}}`, "", false, runner.DecisionDeny, "R", runner.OutcomeBlocking},
		classifyCase{"Claude-style reply ignored on beforeShellExecution", "beforeShellExecution", 0, `{"hookSpecificOutput":{"permissionDecision":"deny"}}`, "", false, "", "", runner.OutcomeSuccess},
		classifyCase{"1.7 camelCase fields are ignored", "beforeShellExecution", 0, `{"permission":"deny","userMessage":"old"}`, "", false, runner.DecisionDeny, textDenied, runner.OutcomeBlocking},
		classifyCase{"user_message of the wrong type denies", "preToolUse", 0, `{"permission":"allow","user_message":3}`, "", false, runner.DecisionDeny, "", runner.OutcomeBlocking},
		classifyCase{"JSON array denies", "preToolUse", 0, `[]`, "", false, runner.DecisionDeny, "", runner.OutcomeBlocking},
	)
	runClassify(t, cases)
}

// TestClassifyOtherSteps: beforeSubmitPrompt's continue, stop's
// followup_message, the observe steps, and the "must print JSON" rule
// off the permission steps (a failure, B11: not context).
func TestClassifyOtherSteps(t *testing.T) {
	runClassify(t, []classifyCase{
		{"beforeSubmitPrompt continue false blocks", "beforeSubmitPrompt", 0, `{"continue":false,"user_message":"secret"}`, "", false, runner.DecisionBlock, "secret", runner.OutcomeBlocking},
		{"beforeSubmitPrompt continue true", "beforeSubmitPrompt", 0, `{"continue":true}`, "", false, "", "", runner.OutcomeSuccess},
		{"beforeSubmitPrompt exit 2 blocks", "beforeSubmitPrompt", 2, "", "no", false, runner.DecisionBlock, "Hook blocked with message: no", runner.OutcomeBlocking},
		{"beforeSubmitPrompt text is a failure", "beforeSubmitPrompt", 0, "hello", "", false, "", "", runner.OutcomeError},
		{"beforeSubmitPrompt text fail-closed blocks", "beforeSubmitPrompt", 0, "hello", "", true, runner.DecisionBlock, "", runner.OutcomeBlocking},
		{"beforeSubmitPrompt empty fail-closed blocks (E1 §12)", "beforeSubmitPrompt", 0, "", "", true, runner.DecisionBlock, "", runner.OutcomeBlocking},
		{"beforeSubmitPrompt empty is nothing", "beforeSubmitPrompt", 0, "", "", false, "", "", runner.OutcomeSuccess},
		{"beforeSubmitPrompt continue of the wrong type is a failure", "beforeSubmitPrompt", 0, `{"continue":"no"}`, "", false, "", "", runner.OutcomeError},
		{"stop followup continues", "stop", 0, `{"followup_message":"run the tests"}`, "", false, runner.DecisionBlock, "run the tests", runner.OutcomeBlocking},
		{"stop ignores permission deny (I7)", "stop", 0, `{"permission":"deny"}`, "", false, "", "", runner.OutcomeSuccess},
		{"stop Claude-style block becomes a follow-up", "stop", 0, `{"decision":"block","reason":"again"}`, "", false, runner.DecisionBlock, "again", runner.OutcomeBlocking},
		{"stop exit 2 has no effect", "stop", 2, "", "x", false, "", "", runner.OutcomeError},
		{"stop fail-closed failure has no effect", "stop", 1, "", "x", true, "", "", runner.OutcomeError},
		{"subagentStop followup continues", "subagentStop", 0, `{"followup_message":"more"}`, "", false, runner.DecisionBlock, "more", runner.OutcomeBlocking},
		{"sessionStart plain text is a failure (B11)", "sessionStart", 0, "<session-context>\n", "", false, "", "", runner.OutcomeError},
		{"sessionStart continue false is not enforced", "sessionStart", 0, `{"continue":false}`, "", false, "", "", runner.OutcomeSuccess},
		{"sessionStart exit 2 has no effect", "sessionStart", 2, "", "", false, "", "", runner.OutcomeError},
		{"afterFileEdit reply ignored", "afterFileEdit", 0, `{"permission":"deny"}`, "", false, "", "", runner.OutcomeSuccess},
		{"afterShellExecution exit 2 has no effect", "afterShellExecution", 2, "stop", "", false, "", "", runner.OutcomeError},
		{"postToolUse context", "postToolUse", 0, `{"additional_context":"note"}`, "", false, "", "", runner.OutcomeSuccess},
		{"preCompact cannot block", "preCompact", 2, "", "x", false, "", "", runner.OutcomeError},
	})
	p := NewProtocol(nil)
	// beforeSubmitPrompt has no context field in Cursor's documentation:
	// an additional_context is accepted (the reply is valid) and ignored.
	r := p.Classify(hookOf("beforeSubmitPrompt"), eventOf("beforeSubmitPrompt"), &runner.RunResult{Stdout: []byte(`{"continue":true,"additional_context":"ctx"}`)})
	assert.Equal(t, runner.OutcomeSuccess, r.Outcome)
	assert.Empty(t, r.AdditionalContext, "beforeSubmitPrompt's additional_context does not reach the model")
	r = p.Classify(hookOf("sessionStart"), eventOf("sessionStart"), &runner.RunResult{Stdout: []byte(`{"env":{"A":"1"},"additional_context":"hello"}`)})
	assert.Equal(t, "hello", r.AdditionalContext)
	assert.Equal(t, map[string]string{"A": "1"}, r.Detail.(*Detail).Env)
	r = p.Classify(hookOf("sessionStart"), eventOf("sessionStart"), &runner.RunResult{Stdout: []byte(`{"env":{"A":1}}`)})
	assert.Equal(t, runner.OutcomeError, r.Outcome, "env must be strings")
	r = p.Classify(hookOf("preCompact"), eventOf("preCompact"), &runner.RunResult{Stdout: []byte(`{"user_message":"saving"}`)})
	assert.Equal(t, "saving", r.SystemMessage)
	// subagentStop's follow-up counts only when the subagent completed.
	ev := eventOf("subagentStop")
	ev.Extra.Set("status", json.RawMessage(`"error"`))
	r = p.Classify(hookOf("subagentStop"), ev, &runner.RunResult{Stdout: []byte(`{"followup_message":"more"}`)})
	assert.Equal(t, runner.DecisionNone, r.Decision)
	// updated_input replaces the input, in native names.
	r = p.Classify(hookOf("preToolUse"), eventOf("preToolUse"), &runner.RunResult{Stdout: []byte(`{"permission":"allow","updated_input":{"command":"ls -a","timeout":100}}`)})
	assert.JSONEq(t, `{"command":"ls -a","timeout_ms":100}`, string(r.UpdatedArgs))
	r = p.Classify(hookOf("preToolUse"), eventOf("preToolUse"), &runner.RunResult{Stdout: []byte(`{"updated_input":"ls"}`)})
	assert.Equal(t, runner.DecisionDeny, r.Decision, "updated_input must be an object")
	// updated_mcp_tool_output rewrites an MCP tool's result only.
	mcp := eventOf("postToolUse")
	mcp.Tool = "mcp__gh__issue"
	r = p.Classify(hookOf("postToolUse"), mcp, &runner.RunResult{Stdout: []byte(`{"updated_mcp_tool_output":{"x":1}}`)})
	assert.JSONEq(t, `{"x":1}`, string(r.UpdatedResult))
	r = p.Classify(hookOf("postToolUse"), eventOf("postToolUse"), &runner.RunResult{Stdout: []byte(`{"updated_mcp_tool_output":{"x":1}}`)})
	assert.Nil(t, r.UpdatedResult)
}

// TestClassifyFailures: timeouts and start failures are failures;
// fail-closed makes them block where Cursor honours failClosed; a
// cancelled run is cancelled, never an allow.
func TestClassifyFailures(t *testing.T) {
	p := NewProtocol(nil)
	h := hookOf("preToolUse")
	r := p.Classify(h, eventOf("preToolUse"), &runner.RunResult{ExitCode: -1, TimedOut: true})
	assert.Equal(t, runner.OutcomeTimeout, r.Outcome)
	assert.Equal(t, runner.DecisionNone, r.Decision)
	h.FailClosed = true
	r = p.Classify(h, eventOf("preToolUse"), &runner.RunResult{ExitCode: -1, TimedOut: true})
	assert.Equal(t, runner.DecisionDeny, r.Decision)
	assert.True(t, r.Failed(), "a fail-closed block is a failure")
	assert.Contains(t, r.Reason, `Tool blocked because this hook is configured to fail closed (block when it fails). Hook "hook.sh" failed: timed out after 1m0s`)
	r = p.Classify(h, eventOf("preToolUse"), &runner.RunResult{ExitCode: -1, StartErr: errors.New("no such file")})
	assert.Equal(t, runner.DecisionDeny, r.Decision)
	r = p.Classify(h, eventOf("preToolUse"), &runner.RunResult{ExitCode: -1, Cancelled: true})
	assert.Equal(t, runner.OutcomeCancelled, r.Outcome)
	r = p.Classify(h, eventOf("preToolUse"), &runner.RunResult{Stdout: []byte(`{"permission":"allow"}`), StdoutTruncated: true})
	assert.Equal(t, runner.DecisionDeny, r.Decision, "a reply cut at the cap is not read")
}

// TestCombine is cursor §5.3 over successful responses in source order.
func TestCombine(t *testing.T) {
	p := NewProtocol(nil)
	ok := func(d runner.Decision, reason string) runner.HookReply {
		r := runner.HookReply{Outcome: runner.OutcomeSuccess, Reply: runner.Reply{Decision: d, Reason: reason}, Detail: &Detail{Step: "preToolUse"}}
		if d.Blocks() {
			r.Outcome = runner.OutcomeBlocking
		}
		return r
	}
	pre := eventOf("preToolUse")
	for _, tc := range []struct {
		name    string
		replies []runner.HookReply
		want    runner.Decision
		reason  string
	}{
		{"deny beats ask and allow", []runner.HookReply{ok(runner.DecisionAllow, ""), ok(runner.DecisionAsk, "q"), ok(runner.DecisionDeny, "d")}, runner.DecisionDeny, "d"},
		{"ask beats allow", []runner.HookReply{ok(runner.DecisionAllow, ""), ok(runner.DecisionAsk, "q")}, runner.DecisionAsk, "q"},
		{"messages of several denies are joined", []runner.HookReply{ok(runner.DecisionDeny, "a"), ok(runner.DecisionDeny, "b")}, runner.DecisionDeny, "a\n---\nb"},
		{"a failed hook has no response", []runner.HookReply{{Outcome: runner.OutcomeError, Reply: runner.Reply{Decision: runner.DecisionDeny}}, ok(runner.DecisionAllow, "")}, runner.DecisionAllow, ""},
		{"nothing", nil, "", ""},
	} {
		got := p.Combine(pre, tc.replies)
		assert.Equal(t, tc.want, got.Decision, tc.name)
		assert.Equal(t, tc.reason, got.Reason, tc.name)
	}
	a := ok("", "")
	a.UpdatedArgs = json.RawMessage(`{"command":"a"}`)
	a.AdditionalContext = "one"
	b := ok("", "")
	b.UpdatedArgs = json.RawMessage(`{"command":"b"}`)
	b.AdditionalContext = "two"
	got := p.Combine(pre, []runner.HookReply{a, b})
	assert.JSONEq(t, `{"command":"b"}`, string(got.UpdatedArgs), "the later updated_input overwrites")
	assert.Equal(t, "one\n\ntwo", got.AdditionalContext, "preToolUse joins contexts")

	goOn := true
	f1 := runner.HookReply{Outcome: runner.OutcomeBlocking, Reply: runner.Reply{Decision: runner.DecisionBlock, Reason: "first", Continue: &goOn}, Detail: &Detail{Step: "stop"}}
	f2 := f1
	f2.Reason = "second"
	got = p.Combine(eventOf("stop"), []runner.HookReply{f1, f2})
	assert.Equal(t, "second", got.Reason, "the later followup_message overwrites")
	assert.True(t, *got.Continue)
}
