package claude

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

func preToolEvent() *runner.Event {
	return &runner.Event{Name: settings.PreTool, Tool: "shell", Args: json.RawMessage(`{"command":"ls"}`)}
}

// TestClassifyOutcomeMatrix is claude §6.3 (exit code × stdout kind) on
// PreToolUse, with the oracle's corrections: exit 2 ignores stdout JSON
// and uses stderr (oracle a, "Exit codes and output").
func TestClassifyOutcomeMatrix(t *testing.T) {
	deny := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"R"}}`
	allow := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`
	cases := []struct {
		name     string
		exit     int
		stdout   string
		stderr   string
		decision runner.Decision
		reason   string
		outcome  runner.OutcomeKind
	}{
		{"claude §6.3 exit 0 valid JSON applies fields", 0, deny, "", runner.DecisionDeny, "R", runner.OutcomeBlocking},
		{"claude §6.3 exit 0 invalid JSON is a non-blocking error", 0, `{not json}`, "", "", "", runner.OutcomeError},
		{"claude §6.3 exit 0 plain text is success without decision (oracle r)", 0, "PRE-PLAIN-STDOUT\n", "", "", "", runner.OutcomeSuccess},
		{"claude §6.3 exit 0 empty is success", 0, "", "", "", "", runner.OutcomeSuccess},
		{"claude §6.3 exit 2 valid JSON still blocks with stderr (oracle)", 2, allow, "stop it\n", runner.DecisionDeny, "stop it", runner.OutcomeBlocking},
		{"claude §6.3 exit 2 invalid JSON blocks with stderr", 2, `{bad`, "no\n", runner.DecisionDeny, "no", runner.OutcomeBlocking},
		{"claude §6.3 exit 2 plain blocks with stderr (oracle a)", 2, "some stdout\n", "BLOCKED\n", runner.DecisionDeny, "BLOCKED", runner.OutcomeBlocking},
		{"claude §6.3 exit 2 empty stderr still blocks (B01)", 2, "", "", runner.DecisionDeny, noStderr, runner.OutcomeBlocking},
		{"claude §6.3 other exit valid JSON is honoured (B08)", 1, deny, "", runner.DecisionDeny, "R", runner.OutcomeBlocking},
		{"claude §6.3 other exit invalid JSON is a non-blocking error", 3, `{x`, "", "", "", runner.OutcomeError},
		{"claude §6.3 other exit plain is a non-blocking error (oracle m)", 1, "EXIT1-STDOUT\n", "EXIT1-STDERR\n", "", "", runner.OutcomeError},
		{"claude §6.3 exit 127 is non-blocking (B39)", 127, "", "sh: 1: x: not found\n", "", "", runner.OutcomeError},
	}
	h := &settings.Hook{Event: settings.PreTool, Protocol: Name, Command: "hook.sh"}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := NewProtocol(nil).Classify(h, preToolEvent(), &runner.RunResult{ExitCode: c.exit, Stdout: []byte(c.stdout), Stderr: []byte(c.stderr)})
			assert.Equal(t, c.decision, r.Decision)
			assert.Equal(t, c.reason, r.Reason)
			assert.Equal(t, c.outcome, r.Outcome)
		})
	}
}

// TestClassifyFailures covers timeouts, start failures and onFailure
// "block" (claude §6.12, §7.5; oracle h).
func TestClassifyFailures(t *testing.T) {
	base := settings.Hook{Event: settings.PreTool, Protocol: Name, Command: "hook.sh", Timeout: time.Second}
	t.Run("claude §7.5 timeout has no effect (oracle h)", func(t *testing.T) {
		r := NewProtocol(nil).Classify(&base, preToolEvent(), &runner.RunResult{ExitCode: -1, Signal: "TERM", TimedOut: true,
			Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}`)})
		assert.Equal(t, runner.DecisionNone, r.Decision)
		assert.Equal(t, runner.OutcomeTimeout, r.Outcome)
	})
	t.Run("claude §6.12 onFailure block turns a timeout into a deny", func(t *testing.T) {
		h := base
		h.FailClosed = true
		r := NewProtocol(nil).Classify(&h, preToolEvent(), &runner.RunResult{ExitCode: -1, TimedOut: true})
		assert.Equal(t, runner.DecisionDeny, r.Decision)
		assert.Contains(t, r.Reason, `blocking because onFailure is "block"`)
	})
	t.Run("claude §6.12 onFailure block discards an allow JSON with exit 1", func(t *testing.T) {
		h := base
		h.FailClosed = true
		r := NewProtocol(nil).Classify(&h, preToolEvent(), &runner.RunResult{ExitCode: 1,
			Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`)})
		assert.Equal(t, runner.DecisionDeny, r.Decision)
	})
	t.Run("claude §6.12 onFailure has no effect on Stop", func(t *testing.T) {
		h := base
		h.Event, h.FailClosed = settings.Stop, true
		r := NewProtocol(nil).Classify(&h, &runner.Event{Name: settings.Stop}, &runner.RunResult{ExitCode: -1, TimedOut: true})
		assert.Equal(t, runner.DecisionNone, r.Decision)
	})
	t.Run("start failure is a failure, not a success", func(t *testing.T) {
		r := NewProtocol(nil).Classify(&base, preToolEvent(), &runner.RunResult{ExitCode: -1, StartErr: errors.New("no such file")})
		assert.Equal(t, runner.OutcomeError, r.Outcome)
	})
}

// TestClassifyPerEvent is claude §6.4/§6.5/§6.8 for the events of the
// first cut.
func TestClassifyPerEvent(t *testing.T) {
	type row struct {
		name     string
		event    settings.Event
		exit     int
		stdout   string
		stderr   string
		decision runner.Decision
		reason   string
		context  string
		cont     *bool
	}
	f, tr := false, true
	rows := []row{
		{"claude §6.4 PermissionRequest ignores exit 2", settings.PermissionRequest, 2, "", "x\n", "", "", "", nil},
		{"claude §6.4 UserPromptSubmit exit 2 blocks (oracle p)", settings.PromptSubmit, 2, "", "nope\n", runner.DecisionBlock, "nope", "", nil},
		{"claude §6.4 Stop exit 2 forces continuation (HK-51 continue)", settings.Stop, 2, "", "go on\n", runner.DecisionBlock, "go on", "", &tr},
		{"claude §6.4 Stop exit 2 for a missing script does not loop", settings.Stop, 2, "", "python3: can't open file 'x.py': [Errno 2] No such file or directory\n", "", "", "", nil},
		{"claude §6.4 PostToolUse exit 2 is feedback (B07)", settings.PostTool, 2, "", "fix it\n", runner.DecisionBlock, "fix it", "", nil},
		{"claude §6.4 SessionStart exit 2 is not blocking", settings.SessionStart, 2, "", "warn\n", "", "", "", nil},
		{"claude §6.4 Notification exit 2 is ignored", settings.Notification, 2, "", "warn\n", "", "", "", nil},
		{"claude §6.5 UserPromptSubmit plain stdout is context (oracle e)", settings.PromptSubmit, 0, "UPS-PLAIN\n", "", "", "", "UPS-PLAIN", nil},
		{"claude §6.5 SessionStart plain stdout is context (B11)", settings.SessionStart, 0, "<ctx>\nx\n</ctx>\n", "", "", "", "<ctx>\nx\n</ctx>", nil},
		{"claude §6.5 PostToolUse plain stdout is not context", settings.PostTool, 0, "hello\n", "", "", "", "", nil},
		{"claude §6.8 UserPromptSubmit decision block (oracle p2)", settings.PromptSubmit, 0, `{"decision":"block","reason":"R"}`, "", runner.DecisionBlock, "R", "", nil},
		{"claude §6.8 UserPromptSubmit additionalContext (oracle e2)", settings.PromptSubmit, 0, `{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"C"}}`, "", "", "", "C", nil},
		{"claude §6.8 PostToolUse decision block with context (B36)", settings.PostTool, 0, `{"decision":"block","reason":"R","hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"C"}}`, "", runner.DecisionBlock, "R", "C", nil},
		{"claude §6.8 Stop decision block (oracle f; HK-51 continue)", settings.Stop, 0, `{"decision":"block","reason":"R"}`, "", runner.DecisionBlock, "R", "", &tr},
		{"claude §4.3 PreModelSwitch timeout blocks the switch", settings.PreModelSwitch, -1, "", "", runner.DecisionBlock, "", "", nil},
		{"claude §6.2 a BOM before the JSON is trimmed like whitespace", settings.PreTool, 0, "\ufeff{\"decision\":\"block\",\"reason\":\"bom\"}", "", runner.DecisionDeny, "bom", "", nil},
		{"claude §6.8 legacy approve is allow", settings.PreTool, 0, `{"decision":"approve","reason":"ok"}`, "", runner.DecisionAllow, "ok", "", nil},
		{"claude §6.8 legacy block is deny", settings.PreTool, 0, `{"decision":"block","reason":"no"}`, "", runner.DecisionDeny, "no", "", nil},
		{"claude §6.8 PermissionRequest deny with message (oracle k2)", settings.PermissionRequest, 0, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"M"}}}`, "", runner.DecisionDeny, "M", "", nil},
		{"claude §6.8 PermissionRequest allow (oracle k)", settings.PermissionRequest, 0, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}`, "", runner.DecisionAllow, "", "", nil},
		{"claude §6.7 continue false stops (stopReason)", settings.PreTool, 0, `{"continue":false,"stopReason":"S"}`, "", "", "", "", &f},
		{"claude §6.2 hookEventName of another event is a validation error", settings.PreTool, 0, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","permissionDecision":"deny"}}`, "", "", "", "", nil},
		{"B15 missing hookEventName: a deny is not lost", settings.PreTool, 0, `{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"ro"}}`, "", runner.DecisionDeny, "ro", "", nil},
		{"B14 unknown output fields are tolerated", settings.PostTool, 0, `{"x-vendor":1,"continue":true,"suppressOutput":true,"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"C"}}`, "", "", "", "C", nil},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			h := &settings.Hook{Event: r.event, Protocol: Name, Command: "hook.sh"}
			ev := &runner.Event{Name: r.event, Tool: "shell", Args: json.RawMessage(`{"command":"ls"}`)}
			res := &runner.RunResult{ExitCode: r.exit, Stdout: []byte(r.stdout), Stderr: []byte(r.stderr)}
			if r.exit < 0 {
				res.TimedOut = true
			}
			got := NewProtocol(nil).Classify(h, ev, res)
			assert.Equal(t, r.decision, got.Decision)
			if r.reason != "" || r.exit >= 0 {
				assert.Equal(t, r.reason, got.Reason)
			}
			assert.Equal(t, r.context, got.AdditionalContext)
			assert.Equal(t, r.cont, got.Continue)
		})
	}
}

// TestUpdatedInputRenamesArgs: Claude's updatedInput replaces the whole
// input (oracle c) and comes back in native argument names.
func TestUpdatedInputRenamesArgs(t *testing.T) {
	h := &settings.Hook{Event: settings.PreTool, Protocol: Name, Command: "x"}
	ev := &runner.Event{Name: settings.PreTool, Tool: "write", Args: json.RawMessage(`{"path":"/a","content":"x"}`)}
	out := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"file_path":"/b","content":"y"}}}`
	r := NewProtocol(nil).Classify(h, ev, &runner.RunResult{Stdout: []byte(out)})
	require.Equal(t, runner.DecisionAllow, r.Decision)
	assert.JSONEq(t, `{"path":"/b","content":"y"}`, string(r.UpdatedArgs))
}

// TestAsyncHookHasNoDecision: async hooks' decision fields have no effect
// (claude §7.6); their context counts.
func TestAsyncHookHasNoDecision(t *testing.T) {
	h := &settings.Hook{Event: settings.PreTool, Protocol: Name, Command: "x", Async: true}
	out := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","additionalContext":"C"}}`
	r := NewProtocol(nil).Classify(h, preToolEvent(), &runner.RunResult{Stdout: []byte(out)})
	assert.Equal(t, runner.DecisionNone, r.Decision)
	assert.Equal(t, "C", r.AdditionalContext)
}

func TestClassifyStdout(t *testing.T) {
	cases := []struct {
		in   string
		want StdoutKind
	}{
		{"", StdoutEmpty},
		{"  \n", StdoutEmpty},
		{`{"a":1}`, StdoutJSON},
		{"  {\"a\":1}\n", StdoutJSON},
		{`{"a":1} trailing`, StdoutPlain},
		{`["a"]`, StdoutPlain},
		{`"str"`, StdoutPlain},
		{`{not json}`, StdoutInvalid},
		{"{\"a\":1}\n{\"b\":2}", StdoutPlain},
		{"{\"a\":1}\n{\"decision\":\"block\"}", StdoutInvalid},
	}
	for _, c := range cases {
		got, _ := classifyStdout([]byte(c.in))
		assert.Equal(t, c.want, got, "claude §6.2 %q", c.in)
	}
}

// TestCombinePrecedence is claude §6.9: deny > defer > ask > allow; every
// context kept; updatedInput of hooks that ended together: the last in
// configured order.
func TestCombinePrecedence(t *testing.T) {
	mk := func(d runner.Decision, claudeDecision, reason string) runner.HookReply {
		return runner.HookReply{Reply: runner.Reply{Decision: d, Reason: reason}, Detail: &Detail{Decision: claudeDecision}}
	}
	ev := preToolEvent()
	got := NewProtocol(nil).Combine(ev, []runner.HookReply{mk(runner.DecisionAllow, "allow", "A"), mk(runner.DecisionDeny, "deny", "D")})
	assert.Equal(t, runner.DecisionDeny, got.Decision, "oracle g: deny wins over allow")
	assert.Equal(t, "D", got.Reason)
	got = NewProtocol(nil).Combine(ev, []runner.HookReply{mk(runner.DecisionAsk, "ask", "Q"), mk(runner.DecisionAsk, "defer", "F")})
	assert.Equal(t, "F", got.Reason, "defer outranks ask")
	got = NewProtocol(nil).Combine(ev, []runner.HookReply{mk(runner.DecisionAllow, "allow", ""), mk(runner.DecisionAsk, "ask", "Q")})
	assert.Equal(t, runner.DecisionAsk, got.Decision, "ask outranks allow")

	one := runner.HookReply{Reply: runner.Reply{Decision: runner.DecisionAllow, UpdatedArgs: json.RawMessage(`{"command":"one"}`), AdditionalContext: "c1"}}
	two := runner.HookReply{Reply: runner.Reply{Decision: runner.DecisionAllow, UpdatedArgs: json.RawMessage(`{"command":"two"}`), AdditionalContext: "c2"}}
	silent := runner.HookReply{}
	got = NewProtocol(nil).Combine(ev, []runner.HookReply{one, two, silent})
	assert.JSONEq(t, `{"command":"two"}`, string(got.UpdatedArgs), "ended together: the last in configured order; a silent sibling wipes nothing (B30)")
	assert.Equal(t, "c1\nc2", got.AdditionalContext, "PreToolUse joins its contexts into one reminder (the event table)")
}

// TestJSONKeysAreCaseSensitive: Claude Code reads hook JSON with
// JSON.parse, which is case-sensitive and keeps the last duplicate; a
// differently cased key must not override (or erase) a decision.
func TestJSONKeysAreCaseSensitive(t *testing.T) {
	h := &settings.Hook{Event: settings.PreTool, Protocol: Name, Command: "x"}
	for _, c := range []struct {
		out  string
		want runner.Decision
	}{
		{`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","PermissionDecision":"allow"}}`, runner.DecisionDeny},
		{`{"decision":"block","reason":"r","DECISION":"approve"}`, runner.DecisionDeny},
		{`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"},"hookspecificoutput":null}`, runner.DecisionDeny},
		{`{"Decision":"block"}`, runner.DecisionNone},
		{`{"decision":"approve","decision":"block","reason":"last wins"}`, runner.DecisionDeny},
	} {
		r := NewProtocol(nil).Classify(h, preToolEvent(), &runner.RunResult{Stdout: []byte(c.out)})
		assert.Equal(t, c.want, r.Decision, c.out)
	}
}

// A reply cut at the output cap is a failure (fail_closed applies), never
// plain text whose decision silently disappears.
func TestTruncatedStdoutIsAFailure(t *testing.T) {
	h := &settings.Hook{Event: settings.PreTool, Protocol: Name, Command: "x", FailClosed: true}
	r := NewProtocol(nil).Classify(h, preToolEvent(), &runner.RunResult{Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","additionalContext":"aaaa`), StdoutTruncated: true})
	assert.Equal(t, runner.DecisionDeny, r.Decision, "fail_closed blocks")
	assert.Contains(t, r.Err, "64 MiB")
}

// A timeout too large for time.Duration keeps the default with a warning
// instead of overflowing into a negative timeout that fails the file.
func TestHugeTimeoutKeepsDefault(t *testing.T) {
	cfg, warns, err := translator{}.Translate(translate.Source{Path: "s.json", Data: []byte(
		`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"x","timeout":1e12}]}]}}`)})
	require.NoError(t, err)
	require.NoError(t, cfg.Validate())
	assert.Equal(t, 600*time.Second, cfg.Hooks[0].Timeout)
	require.Len(t, warns, 1)
	assert.Contains(t, warns[0].Message, "too large")
}
