package codex

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// want is one expected classification.
type want struct {
	outcome  runner.OutcomeKind
	decision runner.Decision
	reason   string
	context  *string
	status   Status
	feedback *string
	prompt   *string
	stop     bool
	rewrite  string // command of the rewritten args
	bad      bool
}

func str(s string) *string { return &s }

// The classifier per event, row by row (codex §3.1–§3.7, each row a
// recorded case).
func TestCodexClassifierRows(t *testing.T) {
	shell := func(name settings.Event) *runner.Event {
		return &runner.Event{Name: name, Tool: "shell", Args: json.RawMessage(`{"command":"ls","timeout_ms":9}`), Cwd: "/p"}
	}
	mcp := &runner.Event{Name: settings.PreTool, Tool: "mcp__demo__echo", Args: json.RawMessage(`{"text":"hi"}`)}
	ev := func(name settings.Event) *runner.Event { return &runner.Event{Name: name} }
	hso := func(event, body string) string {
		return `{"hookSpecificOutput":{"hookEventName":"` + event + `"` + body + `}}`
	}
	rows := []struct {
		name   string
		ev     *runner.Event
		exit   int
		stdout string
		stderr string
		want   want
	}{
		// Every event: exit codes and stdout shapes (codex §3.1).
		{"exit 0, nothing", shell(settings.PreTool), 0, "  \n", "ignored on exit 0", want{outcome: runner.OutcomeSuccess, status: StatusCompleted}},
		{"exit 2 + stderr blocks, stdout ignored", shell(settings.PreTool), 2, hso("PreToolUse", `,"permissionDecision":"allow","updatedInput":{"command":"x"}`), "  NO\nREALLY  \n",
			want{outcome: runner.OutcomeBlocking, decision: runner.DecisionDeny, reason: "NO\nREALLY", status: StatusBlocked}},
		{"exit 2, blank stderr: failed", shell(settings.PreTool), 2, hso("PreToolUse", `,"permissionDecision":"deny","permissionDecisionReason":"R"`), " \n", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"exit 1 with deny JSON: failed", shell(settings.PreTool), 1, hso("PreToolUse", `,"permissionDecision":"deny","permissionDecisionReason":"R"`), "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"invalid JSON", shell(settings.PreTool), 0, `{"x":`, "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"JSON array", shell(settings.PreTool), 0, `[1]`, "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"two objects", shell(settings.PreTool), 0, `{} {}`, "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"text then JSON is plain text", shell(settings.PreTool), 0, `x {"decision":"block","reason":"R"}`, "", want{outcome: runner.OutcomeSuccess, status: StatusCompleted}},
		{"BOM then JSON is plain text", ev(settings.PromptSubmit), 0, "\ufeff" + hso("UserPromptSubmit", `,"additionalContext":"C"`), "",
			want{outcome: runner.OutcomeSuccess, status: StatusCompleted, context: str("\ufeff" + hso("UserPromptSubmit", `,"additionalContext":"C"`))}},
		{"a number is plain text", ev(settings.PromptSubmit), 0, "42", "", want{outcome: runner.OutcomeSuccess, status: StatusCompleted, context: str("42")}},
		// PreToolUse (codex §3.3).
		{"deny", shell(settings.PreTool), 0, hso("PreToolUse", `,"permissionDecision":"deny","permissionDecisionReason":"  PADDED  \n"`), "",
			want{outcome: runner.OutcomeBlocking, decision: runner.DecisionDeny, reason: "PADDED", status: StatusBlocked}},
		{"deny without reason: invalid", shell(settings.PreTool), 0, hso("PreToolUse", `,"permissionDecision":"deny"`), "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"deny with updatedInput: invalid", shell(settings.PreTool), 0, hso("PreToolUse", `,"permissionDecision":"deny","permissionDecisionReason":"R","updatedInput":{"command":"x"}`), "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"legacy block", shell(settings.PreTool), 0, `{"decision":"block","reason":"LEGACY"}`, "", want{outcome: runner.OutcomeBlocking, decision: runner.DecisionDeny, reason: "LEGACY", status: StatusBlocked}},
		{"legacy block and hso deny: hso wins", shell(settings.PreTool), 0, `{"decision":"block","reason":"L","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"H"}}`, "",
			want{outcome: runner.OutcomeBlocking, decision: runner.DecisionDeny, reason: "H", status: StatusBlocked}},
		{"legacy approve: invalid", shell(settings.PreTool), 0, `{"decision":"approve","reason":"A"}`, "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"reason alone: invalid", shell(settings.PreTool), 0, `{"reason":"R"}`, "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"allow + updatedInput rewrites the command only", shell(settings.PreTool), 0, hso("PreToolUse", `,"permissionDecision":"allow","updatedInput":{"command":"echo NEW","workdir":"/tmp"}`), "",
			want{outcome: runner.OutcomeSuccess, status: StatusCompleted, rewrite: "echo NEW"}},
		{"allow + updatedInput without command: the call fails", shell(settings.PreTool), 0, hso("PreToolUse", `,"permissionDecision":"allow","updatedInput":{"cmd":"x"}`), "",
			want{outcome: runner.OutcomeSuccess, status: StatusCompleted, bad: true}},
		{"allow alone: invalid", shell(settings.PreTool), 0, hso("PreToolUse", `,"permissionDecision":"allow","permissionDecisionReason":"R"`), "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"allow + null updatedInput: invalid", shell(settings.PreTool), 0, hso("PreToolUse", `,"permissionDecision":"allow","updatedInput":null`), "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"ask: invalid, its context too", shell(settings.PreTool), 0, hso("PreToolUse", `,"permissionDecision":"ask","additionalContext":"C"`), "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"updatedInput alone: invalid", shell(settings.PreTool), 0, hso("PreToolUse", `,"updatedInput":{"command":"x"}`), "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"continue:false: invalid", shell(settings.PreTool), 0, `{"continue":false}`, "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"stopReason: invalid", shell(settings.PreTool), 0, `{"stopReason":"S"}`, "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"suppressOutput with deny: invalid", shell(settings.PreTool), 0, `{"suppressOutput":true,"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"R"}}`, "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"continue:true and systemMessage with deny: fine", shell(settings.PreTool), 0, `{"continue":true,"systemMessage":"S","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"R"}}`, "",
			want{outcome: runner.OutcomeBlocking, decision: runner.DecisionDeny, reason: "R", status: StatusBlocked}},
		{"unknown top-level field: invalid", shell(settings.PreTool), 0, `{"x":1,"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"R"}}`, "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"unknown hso field: invalid", shell(settings.PreTool), 0, hso("PreToolUse", `,"permissionDecision":"deny","permissionDecisionReason":"R","extra":1`), "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"hookEventName of another event: fine", shell(settings.PreTool), 0, hso("PostToolUse", `,"permissionDecision":"deny","permissionDecisionReason":"R"`), "",
			want{outcome: runner.OutcomeBlocking, decision: runner.DecisionDeny, reason: "R", status: StatusBlocked}},
		{"bogus hookEventName: invalid", shell(settings.PreTool), 0, hso("Bogus", `,"permissionDecision":"deny","permissionDecisionReason":"R"`), "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"no hookEventName: invalid", shell(settings.PreTool), 0, `{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"R"}}`, "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"DENY (case): invalid", shell(settings.PreTool), 0, hso("PreToolUse", `,"permissionDecision":"DENY","permissionDecisionReason":"R"`), "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"null fields are absent", shell(settings.PreTool), 0, `{"continue":null,"decision":null,"reason":null}`, "", want{outcome: runner.OutcomeSuccess, status: StatusCompleted}},
		{"duplicate keys: the last wins", shell(settings.PreTool), 0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecision":"deny","permissionDecisionReason":"R"}}`, "",
			want{outcome: runner.OutcomeBlocking, decision: runner.DecisionDeny, reason: "R", status: StatusBlocked}},
		{"context, even blank", shell(settings.PreTool), 0, hso("PreToolUse", `,"additionalContext":"  "`), "", want{outcome: runner.OutcomeSuccess, status: StatusCompleted, context: str("  ")}},
		{"MCP rewrite replaces the arguments", mcp, 0, hso("PreToolUse", `,"permissionDecision":"allow","updatedInput":{"text":"new"}`), "", want{outcome: runner.OutcomeSuccess, status: StatusCompleted}},
		// PermissionRequest (codex §3.4).
		{"perm allow", shell(settings.PermissionRequest), 0, hso("PermissionRequest", `,"decision":{"behavior":"allow","interrupt":false}`), "", want{outcome: runner.OutcomeSuccess, decision: runner.DecisionAllow, status: StatusCompleted}},
		{"perm deny, blank message: default", shell(settings.PermissionRequest), 0, hso("PermissionRequest", `,"decision":{"behavior":"deny","message":"  "}`), "",
			want{outcome: runner.OutcomeBlocking, decision: runner.DecisionDeny, reason: permissionDenied, status: StatusBlocked}},
		{"perm exit 2 denies", shell(settings.PermissionRequest), 2, "", "NO", want{outcome: runner.OutcomeBlocking, decision: runner.DecisionDeny, reason: "NO", status: StatusBlocked}},
		{"perm ask: invalid", shell(settings.PermissionRequest), 0, hso("PermissionRequest", `,"decision":{"behavior":"ask"}`), "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"perm updatedInput: invalid", shell(settings.PermissionRequest), 0, hso("PermissionRequest", `,"decision":{"behavior":"allow","updatedInput":{"command":"x"}}`), "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"perm interrupt:true: invalid", shell(settings.PermissionRequest), 0, hso("PermissionRequest", `,"decision":{"behavior":"deny","message":"M","interrupt":true}`), "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"perm Claude-style: invalid", shell(settings.PermissionRequest), 0, hso("PermissionRequest", `,"permissionDecision":"allow"`), "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"perm continue:false: invalid", shell(settings.PermissionRequest), 0, `{"continue":false,"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}`, "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		// PostToolUse (codex §3.5).
		{"post block: verbatim feedback", shell(settings.PostTool), 0, `{"decision":"block","reason":"\n  R  \n"}`, "",
			want{outcome: runner.OutcomeBlocking, decision: runner.DecisionBlock, reason: "\n  R  \n", status: StatusBlocked, feedback: str("\n  R  \n")}},
		{"post exit 2: trimmed feedback", shell(settings.PostTool), 2, "", " FB \n", want{outcome: runner.OutcomeBlocking, decision: runner.DecisionBlock, reason: "FB", status: StatusBlocked, feedback: str("FB")}},
		{"post continue:false: reason, else stopReason", shell(settings.PostTool), 0, `{"continue":false,"stopReason":"S","decision":"block","reason":"R"}`, "",
			want{outcome: runner.OutcomeBlocking, decision: runner.DecisionBlock, reason: "R", status: StatusStopped, feedback: str("R"), stop: true}},
		{"post continue:false alone: Codex's text", shell(settings.PostTool), 0, `{"continue":false}`, "",
			want{outcome: runner.OutcomeBlocking, decision: runner.DecisionBlock, reason: "PostToolUse hook stopped execution", status: StatusStopped, feedback: str("PostToolUse hook stopped execution"), stop: true}},
		{"post suppressOutput: invalid", shell(settings.PostTool), 0, `{"suppressOutput":true,"decision":"block","reason":"R"}`, "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"post updatedMCPToolOutput: invalid", shell(settings.PostTool), 0, hso("PostToolUse", `,"updatedMCPToolOutput":{"ok":true},"additionalContext":"C"`), "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"post approve: invalid", shell(settings.PostTool), 0, `{"decision":"approve","reason":"R"}`, "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"post plain text: nothing", shell(settings.PostTool), 0, "text", "", want{outcome: runner.OutcomeSuccess, status: StatusCompleted}},
		// UserPromptSubmit, SessionStart, Stop (codex §3.6).
		{"ups continue:false drops the prompt", ev(settings.PromptSubmit), 0, `{"continue":false,"stopReason":"S"}`, "",
			want{outcome: runner.OutcomeBlocking, decision: runner.DecisionBlock, reason: "S", status: StatusStopped, stop: true}},
		{"ups block", ev(settings.PromptSubmit), 0, `{"decision":"block","reason":"B"}`, "", want{outcome: runner.OutcomeBlocking, decision: runner.DecisionBlock, reason: "B", status: StatusBlocked}},
		{"ups plain text is trimmed context", ev(settings.PromptSubmit), 0, "\n  ctx line\n\n", "", want{outcome: runner.OutcomeSuccess, status: StatusCompleted, context: str("ctx line")}},
		{"ups approve: invalid", ev(settings.PromptSubmit), 0, `{"decision":"approve"}`, "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"session start exit 2: nothing", ev(settings.SessionStart), 2, hso("SessionStart", `,"additionalContext":"C"`), "E", want{outcome: runner.OutcomeSuccess, status: StatusBlocked}},
		{"session start block: invalid", ev(settings.SessionStart), 0, `{"decision":"block","reason":"R"}`, "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"session start continue:false", ev(settings.SessionStart), 0, `{"continue":false}`, "", want{outcome: runner.OutcomeSuccess, status: StatusStopped, stop: true}},
		{"stop block: trimmed prompt", ev(settings.Stop), 0, `{"decision":"block","reason":" GO ON "}`, "",
			want{outcome: runner.OutcomeBlocking, decision: runner.DecisionBlock, reason: "GO ON", status: StatusBlocked, prompt: str("GO ON")}},
		{"stop exit 2", ev(settings.Stop), 2, "", "MORE\n", want{outcome: runner.OutcomeBlocking, decision: runner.DecisionBlock, reason: "MORE", status: StatusBlocked, prompt: str("MORE")}},
		{"stop with hookSpecificOutput: invalid", ev(settings.Stop), 0, hso("Stop", `,"additionalContext":"C"`), "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"stop continue:false", ev(settings.Stop), 0, `{"continue":false,"decision":"block","reason":"R"}`, "", want{outcome: runner.OutcomeSuccess, status: StatusStopped, stop: true}},
		{"stop suppressOutput + block continues", ev(settings.Stop), 0, `{"suppressOutput":true,"decision":"block","reason":"R"}`, "",
			want{outcome: runner.OutcomeBlocking, decision: runner.DecisionBlock, reason: "R", status: StatusBlocked, prompt: str("R")}},
		// Events whose replies Codex never reads.
		{"PreModelRequest exit 2: nothing", ev(settings.BeforeModel), 2, "", "E", want{outcome: runner.OutcomeSuccess, status: StatusBlocked}},
		{"PostModelRequest block: nothing", ev(settings.AfterModel), 0, `{"decision":"block","reason":"R"}`, "", want{outcome: runner.OutcomeSuccess, status: StatusCompleted}},
		{"SessionEnd JSON: nothing", ev(settings.SessionEnd), 0, `{"continue":false}`, "", want{outcome: runner.OutcomeSuccess, status: StatusCompleted}},
		{"Interrupt plain text: failed", ev(settings.Interrupt), 0, "text", "", want{outcome: runner.OutcomeError, status: StatusFailed}},
		{"invalid UTF-8 becomes U+FFFD", shell(settings.PreTool), 2, "", "bad \xff\xfe end", want{outcome: runner.OutcomeBlocking, decision: runner.DecisionDeny, reason: "bad \ufffd\ufffd end", status: StatusBlocked}},
	}
	p := NewProtocol(nil)
	h := &settings.Hook{Protocol: Name, Command: "x", Timeout: time.Second}
	for _, tc := range rows {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Classify(h, tc.ev, &runner.RunResult{ExitCode: tc.exit, Stdout: []byte(tc.stdout), Stderr: []byte(tc.stderr)})
			d := r.Detail.(*Detail)
			assert.Equal(t, tc.want.outcome, r.Outcome, "outcome (%s)", r.Err)
			assert.Equal(t, tc.want.decision, r.Decision, "decision")
			assert.Equal(t, tc.want.reason, r.Reason, "reason")
			assert.Equal(t, tc.want.status, d.Status, "Codex status")
			if tc.want.context != nil {
				assert.True(t, d.HasContext, "context")
				assert.Equal(t, *tc.want.context, d.Context)
			} else {
				assert.False(t, d.HasContext, "no context: %q", d.Context)
			}
			if tc.want.feedback != nil {
				assert.Equal(t, *tc.want.feedback, d.Feedback)
			} else {
				assert.False(t, d.HasFeedback)
			}
			if tc.want.prompt != nil {
				assert.Equal(t, *tc.want.prompt, d.Prompt)
			} else {
				assert.False(t, d.HasPrompt)
			}
			assert.Equal(t, tc.want.stop, d.Stop, "continue:false")
			assert.Equal(t, tc.want.bad, d.BadRewrite, "bad rewrite")
			if tc.want.rewrite != "" {
				assert.JSONEq(t, `{"command":"`+tc.want.rewrite+`","timeout_ms":9}`, string(r.UpdatedArgs))
			}
		})
	}
}

// Failures: a timeout, a signal, a start error, a cut reply (codex §3.1
// row 1; hookcompat's own output cap); Codex has no fail closed.
func TestCodexClassifierFailures(t *testing.T) {
	p := NewProtocol(nil)
	pre := &runner.Event{Name: settings.PreTool, Tool: "shell"}
	h := &settings.Hook{Protocol: Name, Command: "x", Timeout: 2 * time.Second}
	r := p.Classify(h, pre, &runner.RunResult{ExitCode: -1, Signal: "KILL", TimedOut: true})
	assert.Equal(t, runner.OutcomeTimeout, r.Outcome)
	assert.Equal(t, "hook timed out after 2s", r.Err)
	assert.Equal(t, runner.DecisionNone, r.Decision, "no fail closed")
	r = p.Classify(h, pre, &runner.RunResult{ExitCode: -1, Signal: "KILL"})
	assert.Equal(t, "hook exited without a status code", r.Err)
	r = p.Classify(h, pre, &runner.RunResult{Stdout: []byte(`{"decision":"block","reason":"R"}`), StdoutTruncated: true})
	assert.Equal(t, runner.OutcomeError, r.Outcome, "a reply cut by the output cap is a failure, never read in part")
	// A native TOML hook of protocol codex with fail_closed still blocks.
	fc := *h
	fc.FailClosed = true
	r = p.Classify(&fc, pre, &runner.RunResult{ExitCode: 1})
	assert.Equal(t, runner.DecisionDeny, r.Decision)
	assert.True(t, r.Failed())
	// An async hook's reply never decides.
	as := *h
	as.Async = true
	r = p.Classify(&as, pre, &runner.RunResult{ExitCode: 2, Stderr: []byte("NO")})
	assert.Equal(t, runner.DecisionNone, r.Decision)
}

// The combiner (codex §4).
func TestCodexCombine(t *testing.T) {
	p := NewProtocol(nil)
	h := &settings.Hook{Protocol: Name, Command: "x", Timeout: time.Minute}
	pre := &runner.Event{Name: settings.PreTool, Tool: "shell", Args: json.RawMessage(`{"command":"ls"}`)}
	run := func(ev *runner.Event, exit int, stdout, stderr string, d time.Duration) runner.HookReply {
		return p.Classify(h, ev, &runner.RunResult{ExitCode: exit, Stdout: []byte(stdout), Stderr: []byte(stderr), Duration: d})
	}
	rw := func(cmd string, d time.Duration) runner.HookReply {
		return run(pre, 0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"`+cmd+`"}}}`, "", d)
	}
	ctx := func(ev *runner.Event, event, c string) runner.HookReply {
		return run(ev, 0, `{"hookSpecificOutput":{"hookEventName":"`+event+`","additionalContext":"`+c+`"}}`, "", 0)
	}

	out := p.Combine(pre, []runner.HookReply{run(pre, 2, "", "FIRST", time.Second), run(pre, 2, "", "SECOND", 0), rw("x", 2*time.Second)})
	assert.Equal(t, runner.DecisionDeny, out.Decision)
	assert.Equal(t, "FIRST", out.Reason, "the first block in display order, not the first to finish")
	assert.Nil(t, out.UpdatedArgs, "a block wins over a rewrite")

	out = p.Combine(pre, []runner.HookReply{rw("A", 600*time.Millisecond), rw("B", 10*time.Millisecond)})
	assert.JSONEq(t, `{"command":"A"}`, string(out.UpdatedArgs), "the rewrite that finished last")
	out = p.Combine(pre, []runner.HookReply{rw("A", 10*time.Millisecond), rw("B", 600*time.Millisecond)})
	assert.JSONEq(t, `{"command":"B"}`, string(out.UpdatedArgs))
	out = p.Combine(pre, []runner.HookReply{rw("A", time.Second), rw("B", time.Second)})
	assert.JSONEq(t, `{"command":"B"}`, string(out.UpdatedArgs), "equal durations: the later in display order")
	bad := run(pre, 0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{}}}`, "", time.Second)
	out = p.Combine(pre, []runner.HookReply{rw("A", 0), bad})
	assert.Equal(t, outputT3, out.Reason, "a winning rewrite without a command fails the call")
	out = p.Combine(pre, []runner.HookReply{ctx(pre, "PreToolUse", "C1"), run(pre, 1, "", "", 0), ctx(pre, "PreToolUse", "C2")})
	assert.Equal(t, "C1\n\nC2", out.AdditionalContext)

	perm := &runner.Event{Name: settings.PermissionRequest, Tool: "shell"}
	allow := run(perm, 0, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}`, "", 0)
	deny := func(m string) runner.HookReply { return run(perm, 2, "", m, 0) }
	out = p.Combine(perm, []runner.HookReply{allow, deny("A"), deny("B")})
	assert.Equal(t, runner.DecisionDeny, out.Decision)
	assert.Equal(t, "A", out.Reason)
	assert.Equal(t, runner.DecisionAllow, p.Combine(perm, []runner.HookReply{allow}).Decision)

	post := &runner.Event{Name: settings.PostTool, Tool: "shell"}
	out = p.Combine(post, []runner.HookReply{run(post, 2, "", "FB-A", 0), run(post, 0, `{"decision":"block","reason":"BLOCK-B"}`, "", 0), ctx(post, "PostToolUse", "CTX-C")})
	assert.Equal(t, "FB-A\n\nBLOCK-B", out.Reason, "feedback texts joined in display order")
	assert.Equal(t, "CTX-C", out.AdditionalContext)

	ups := &runner.Event{Name: settings.PromptSubmit}
	out = p.Combine(ups, []runner.HookReply{run(ups, 2, "", "NO", 0), ctx(ups, "UserPromptSubmit", "C")})
	assert.Equal(t, runner.DecisionBlock, out.Decision)
	assert.Empty(t, out.AdditionalContext, "a dropped prompt discards the other hooks' contexts")

	stop := &runner.Event{Name: settings.Stop}
	out = p.Combine(stop, []runner.HookReply{run(stop, 0, `{"decision":"block","reason":"A"}`, "", 0), run(stop, 2, "", "B", 0)})
	assert.Equal(t, "A\n\nB", out.Reason)
	assert.True(t, *out.Continue)
	out = p.Combine(stop, []runner.HookReply{run(stop, 0, `{"decision":"block","reason":"A"}`, "", 0), run(stop, 0, `{"continue":false}`, "", 0)})
	assert.False(t, *out.Continue, "continue:false in any hook suppresses the continuation")
	assert.Equal(t, runner.DecisionNone, out.Decision)
}

// spillText (codex §3.9): the recorded 100 011-byte context with a 121-byte
// spill path.
func TestCodexSpill(t *testing.T) {
	text := strings.Repeat("y", 100011)
	footer := "\n\nFull hook output saved to: " + strings.Repeat("p", 121)
	assert.Equal(t, 150, len(footer))
	got := formattedTruncate(text, defaultContextLimit-tokens(len(footer)))
	assert.True(t, strings.HasPrefix(got, "Warning: truncated output (original token count: 25003)\nTotal output lines: 1\n\n"))
	body := strings.TrimPrefix(got, "Warning: truncated output (original token count: 25003)\nTotal output lines: 1\n\n")
	head, tail, ok := strings.Cut(body, "…22541 tokens truncated…")
	assert.True(t, ok, body[:100])
	assert.Len(t, head, 4924)
	assert.Len(t, tail, 4924)
	// Exactly 10 000 bytes pass, 10 001 are cut.
	assert.Equal(t, strings.Repeat("x", 10000), spillText(strings.Repeat("x", 10000), 0, "s"))
	assert.Contains(t, spillText(strings.Repeat("x", 10001), 0, "s"), "Full hook output saved to: ")
	// Character boundaries: 2-byte characters are not split.
	utf := formattedTruncate(strings.Repeat("é", 6000), 2000)
	assert.True(t, strings.Contains(utf, "…"), utf[:80])
	assert.NotContains(t, utf, "\ufffd")
}

// T4: Rust's Debug applied twice (codex §3.4, recorded).
func TestCodexPermissionRejectedText(t *testing.T) {
	assert.Equal(t, `exec_command failed: CreateProcess { message: "Rejected(\"say \\\"no\\\" \\\\ now\\nline2\")" }`,
		permissionRejected("Bash", "say \"no\" \\ now\nline2"))
}
