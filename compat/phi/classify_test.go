package phi

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// reply is the part of a HookReply the tables compare.
type reply struct {
	Decision runner.Decision
	Reason   string
	Context  string
	Args     string // updated_args; "-" when none
	Result   string // updated_result; "-" when none
	Outcome  runner.OutcomeKind
	Err      string
}

func summary(r runner.HookReply) reply {
	s := reply{Decision: r.Decision, Reason: r.Reason, Context: r.AdditionalContext, Args: "-", Result: "-", Outcome: r.Outcome, Err: r.Err}
	if r.UpdatedArgs != nil {
		s.Args = string(r.UpdatedArgs)
	}
	if r.UpdatedResult != nil {
		s.Result = string(r.UpdatedResult)
	}
	return s
}

func TestClassifyPre(t *testing.T) {
	const (
		deny    = runner.DecisionDeny
		success = runner.OutcomeSuccess
		block   = runner.OutcomeBlocking
		failed  = runner.OutcomeError
	)
	tests := []struct {
		name       string
		failClosed bool
		res        runner.RunResult
		want       reply
	}{
		{"exit 0, no stdout: allow", false, runner.RunResult{}, reply{Args: "-", Result: "-", Outcome: success}},
		{"allow drops reason, keeps context", false, out(0, `{"action":"allow","reason":"r","context":"c"}`),
			reply{Context: "c", Args: "-", Result: "-", Outcome: success}},
		{"missing action is allow", false, out(0, `{"context":"no action"}`), reply{Context: "no action", Args: "-", Result: "-", Outcome: success}},
		{"action trimmed, any case", false, out(0, `{"action":"  DENY ","reason":"upper"}`),
			reply{Decision: deny, Reason: "upper", Args: "-", Result: "-", Outcome: block}},
		{"reply keys any case", false, out(0, `{"Action":"deny","REASON":"caps"}`),
			reply{Decision: deny, Reason: "caps", Args: "-", Result: "-", Outcome: block}},
		{"deny without reason", false, out(0, `{"action":"deny"}`),
			reply{Decision: deny, Reason: "tool execution denied by hook h", Args: "-", Result: "-", Outcome: block}},
		{"deny keeps context", false, out(0, `{"action":"deny","reason":"r","context":"c"}`),
			reply{Decision: deny, Reason: "r", Context: "c", Args: "-", Result: "-", Outcome: block}},
		{"modify", false, out(0, `{"action":"modify","input":{ "command" : "ls -1" },"context":"c"}`),
			reply{Context: "c", Args: `{"command":"ls -1"}`, Result: "-", Outcome: success}},
		{"modify to null", false, out(0, `{"action":"modify","input":null}`), reply{Args: "null", Result: "-", Outcome: success}},
		{"modify to a string", false, out(0, `{"action":"modify","input":"just a string"}`),
			reply{Args: `"just a string"`, Result: "-", Outcome: success}},
		{"modify without input fails", false, out(0, `{"action":"modify"}`),
			reply{Args: "-", Result: "-", Outcome: failed, Err: "hook h modify returned empty input"}},
		{"modify without input, fail_closed: deny with that text", true, out(0, `{"action":"modify"}`),
			reply{Decision: deny, Reason: "hook h modify returned empty input", Args: "-", Result: "-", Outcome: failed, Err: "hook h modify returned empty input"}},
		{"unknown action", false, out(0, `{"action":"ask"}`),
			reply{Args: "-", Result: "-", Outcome: failed, Err: `hook h: unknown action "ask"`}},
		{"unknown action, fail_closed", true, out(0, `{"action":" Ask"}`),
			reply{Decision: deny, Reason: `hook h failed (fail_closed): hook h: unknown action " Ask"`, Args: "-", Result: "-", Outcome: failed, Err: `hook h: unknown action " Ask"`}},
		{"not JSON", true, out(0, "deny please"),
			reply{Decision: deny, Reason: "hook h failed (fail_closed): hook h invalid json: invalid character 'd' looking for beginning of value", Args: "-", Result: "-", Outcome: failed,
				Err: "hook h invalid json: invalid character 'd' looking for beginning of value"}},
		{"wrong type invalidates the reply", false, out(0, `{"action":"deny","reason":5}`),
			reply{Args: "-", Result: "-", Outcome: failed, Err: "hook h invalid json: json: cannot unmarshal number into Go struct field wirePreOut.reason of type string"}},
		{"only the first line counts", false, out(0, "{\"action\":\"allow\"}\n{\"action\":\"deny\"}\n"), reply{Args: "-", Result: "-", Outcome: success}},
		{"a blank first line is an empty reply", false, out(0, "\n{\"action\":\"deny\",\"reason\":\"line two\"}\n"), reply{Args: "-", Result: "-", Outcome: success}},
		{"CRLF and spaces trimmed", false, out(0, "  {\"action\":\"deny\"}\r\n"),
			reply{Decision: deny, Reason: "tool execution denied by hook h", Args: "-", Result: "-", Outcome: block}},
		{"pretty JSON fails", true, out(0, "{\n  \"action\": \"deny\"\n}\n"),
			reply{Decision: deny, Reason: "hook h failed (fail_closed): hook h invalid json: unexpected end of JSON input", Args: "-", Result: "-", Outcome: failed, Err: "hook h invalid json: unexpected end of JSON input"}},
		{"exit 2 empty", false, out(2, ""), reply{Decision: deny, Reason: "hook denied (exit 2)", Args: "-", Result: "-", Outcome: block}},
		{"exit 2 ignores the action, takes reason and context", false, out(2, `{"action":"allow","reason":"from body","context":"ctx"}`),
			reply{Decision: deny, Reason: "from body", Context: "ctx", Args: "-", Result: "-", Outcome: block}},
		{"exit 2 with a body that is not JSON", true, out(2, "this is not json"),
			reply{Decision: deny, Reason: "hook denied (exit 2)", Args: "-", Result: "-", Outcome: block}},
		{"exit 2 ignores stderr", false, runner.RunResult{ExitCode: 2, Stderr: []byte("stderr reason")},
			reply{Decision: deny, Reason: "hook denied (exit 2)", Args: "-", Result: "-", Outcome: block}},
		{"exit 1 is a failure, stdout ignored", false, out(1, `{"action":"deny"}`),
			reply{Args: "-", Result: "-", Outcome: failed, Err: "hook h exited 1"}},
		{"exit 3 fail_closed", true, out(3, ""),
			reply{Decision: deny, Reason: "hook h failed (fail_closed): hook h exited 3", Args: "-", Result: "-", Outcome: failed, Err: "hook h exited 3"}},
		{"signal is exit -1", true, runner.RunResult{ExitCode: -1, Signal: "KILL"},
			reply{Decision: deny, Reason: "hook h failed (fail_closed): hook h exited -1", Args: "-", Result: "-", Outcome: failed, Err: "hook h exited -1"}},
		{"timeout whatever was printed", true, runner.RunResult{ExitCode: -1, TimedOut: true, Stdout: []byte(`{"action":"allow"}`)},
			reply{Decision: deny, Reason: "hook h failed (fail_closed): hook h timed out after 1.5s", Args: "-", Result: "-", Outcome: runner.OutcomeTimeout, Err: "hook h timed out after 1.5s"}},
		{"start failure", true, runner.RunResult{ExitCode: -1, StartErr: errors.New("fork/exec /x/nope.sh: no such file or directory")},
			reply{Decision: deny, Reason: "hook h failed (fail_closed): hook h: fork/exec /x/nope.sh: no such file or directory", Args: "-", Result: "-", Outcome: failed, Err: "hook h: fork/exec /x/nope.sh: no such file or directory"}},
		{"unencodable input", true, runner.RunResult{ExitCode: -1, StartErr: &requestError{errors.New("json: error calling MarshalJSON")}},
			reply{Decision: deny, Reason: "hook h failed (fail_closed): json: error calling MarshalJSON", Args: "-", Result: "-", Outcome: failed, Err: "json: error calling MarshalJSON"}},
		{"cancelled never blocks", true, runner.RunResult{ExitCode: -1, Cancelled: true},
			reply{Args: "-", Result: "-", Outcome: runner.OutcomeCancelled, Err: "cancelled"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := &settings.Hook{Event: settings.PreTool, Protocol: "phi", Name: "h", FailClosed: tt.failClosed, Timeout: 1500 * time.Millisecond}
			got := newProtocol(nil).Classify(h, &runner.Event{Name: settings.PreTool, Tool: "shell"}, &tt.res)
			assert.Equal(t, tt.want, summary(got))
		})
	}
}

func TestClassifyPost(t *testing.T) {
	const (
		block   = runner.DecisionBlock
		success = runner.OutcomeSuccess
		stopped = runner.OutcomeBlocking
		failed  = runner.OutcomeError
	)
	tests := []struct {
		name       string
		failClosed bool
		res        runner.RunResult
		want       reply
	}{
		{"empty", false, out(0, ""), reply{Args: "-", Result: "-", Outcome: success}},
		{"context and output", false, out(0, `{"context":"c","output":"rewritten <x>"}`),
			reply{Context: "c", Args: "-", Result: `"rewritten <x>"`, Outcome: success}},
		{"reason only with stop", false, out(0, `{"reason":"r"}`), reply{Args: "-", Result: "-", Outcome: success}},
		{"stop", false, out(0, `{"stop":true,"reason":"first"}`), reply{Decision: block, Reason: "first", Args: "-", Result: "-", Outcome: stopped}},
		{"exit 2 is a stop, output ignored", false, out(2, `{"output":"ignored","context":"ctx","reason":"halt"}`),
			reply{Decision: block, Reason: "halt", Context: "ctx", Args: "-", Result: "-", Outcome: stopped}},
		{"exit 2 empty", false, out(2, ""), reply{Decision: block, Reason: "hook denied (exit 2)", Args: "-", Result: "-", Outcome: stopped}},
		{"wrong type", false, out(0, `{"output":{"lines":2},"context":"lost too"}`),
			reply{Args: "-", Result: "-", Outcome: failed, Err: "hook h invalid json: json: cannot unmarshal object into Go struct field wirePostOut.output of type string"}},
		{"crash fail_closed is a stop", true, out(1, `{"context":"never read"}`),
			reply{Decision: block, Reason: "hook h failed (fail_closed): hook h exited 1", Args: "-", Result: "-", Outcome: failed, Err: "hook h exited 1"}},
		{"not JSON fail-open", false, out(0, "not json"),
			reply{Args: "-", Result: "-", Outcome: failed, Err: "hook h invalid json: invalid character 'o' in literal null (expecting 'u')"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := &settings.Hook{Event: settings.PostTool, Protocol: "phi", Name: "h", FailClosed: tt.failClosed}
			for _, e := range []settings.Event{settings.PostTool, settings.PostToolFailure} {
				got := newProtocol(nil).Classify(h, &runner.Event{Name: e, Tool: "shell"}, &tt.res)
				assert.Equal(t, tt.want, summary(got), "%s", e)
			}
		})
	}
}

func TestClassifyModifyRenamesArgsBack(t *testing.T) {
	// Phi's read tool takes path, as the native one; Claude-only renames
	// do not apply. Unknown tools keep their arguments.
	h := &settings.Hook{Event: settings.PreTool, Protocol: "phi", Name: "h"}
	r := newProtocol(nil).Classify(h, &runner.Event{Name: settings.PreTool, Tool: "read"}, ptr(out(0, `{"action":"modify","input":{"path":"b"}}`)))
	assert.JSONEq(t, `{"path":"b"}`, string(r.UpdatedArgs))
}

func TestCombinePre(t *testing.T) {
	allow := func(ctx string) runner.HookReply {
		return runner.HookReply{Reply: runner.Reply{AdditionalContext: ctx}, Outcome: runner.OutcomeSuccess}
	}
	modify := func(args, ctx string) runner.HookReply {
		return runner.HookReply{Reply: runner.Reply{UpdatedArgs: json.RawMessage(args), AdditionalContext: ctx}, Outcome: runner.OutcomeSuccess}
	}
	deny := func(reason, ctx string) runner.HookReply {
		return runner.HookReply{Reply: runner.Reply{Decision: runner.DecisionDeny, Reason: reason, AdditionalContext: ctx}, Outcome: runner.OutcomeBlocking}
	}
	failOpen := runner.HookReply{Outcome: runner.OutcomeError, Err: "hook x exited 1"}
	ev := &runner.Event{Name: settings.PreTool}
	p := newProtocol(nil)

	got := p.Combine(ev, []runner.HookReply{modify(`{"command":"echo A"}`, ""), failOpen, modify(`{"command":"echo B"}`, "b rewrote")})
	assert.Equal(t, runner.Reply{UpdatedArgs: json.RawMessage(`{"command":"echo B"}`), AdditionalContext: "b rewrote"}, got, "modifies chain: the last wins")

	got = p.Combine(ev, []runner.HookReply{allow("a"), modify(`{"c":1}`, "m"), deny("first", "d"), deny("second", "never")})
	assert.Equal(t, runner.Reply{Decision: runner.DecisionDeny, Reason: "first", UpdatedArgs: json.RawMessage(`{"c":1}`), AdditionalContext: "a\n\nm\n\nd"}, got,
		"first deny wins; the modified input comes with it; contexts of the hooks up to it")

	got = p.Combine(ev, []runner.HookReply{modify(`null`, "")})
	assert.Equal(t, json.RawMessage("null"), got.UpdatedArgs, "a rewrite to null is a rewrite")

	big := strings.Repeat("p", 5000)
	got = p.Combine(ev, []runner.HookReply{allow(big)})
	assert.Equal(t, strings.Repeat("p", ContextCap), got.AdditionalContext)
}

func TestCombinePost(t *testing.T) {
	r := func(ctx, output string, stop bool, reason string) runner.HookReply {
		h := runner.HookReply{Reply: runner.Reply{AdditionalContext: ctx, Reason: reason}, Outcome: runner.OutcomeSuccess}
		if output != "" {
			h.UpdatedResult = jsonString(output)
		}
		if stop {
			h.Decision, h.Outcome = runner.DecisionBlock, runner.OutcomeBlocking
		}
		return h
	}
	ev := &runner.Event{Name: settings.PostTool}
	got := newProtocol(nil).Combine(ev, []runner.HookReply{
		r("", "", true, "first"), r("b ctx", "b output", true, "second"), r("", "", true, ""), r("c ctx", "", false, ""),
		{Outcome: runner.OutcomeError, Err: "ignored"},
	})
	assert.Equal(t, runner.Reply{Decision: runner.DecisionBlock, Reason: "first; second", AdditionalContext: "b ctx\n\nc ctx",
		UpdatedResult: json.RawMessage(`"b output"`)}, got, "stop is any; reasons joined; an empty output never resets it")

	got = newProtocol(nil).Combine(ev, []runner.HookReply{r("", "one", false, ""), r("", "two", false, "")})
	assert.Equal(t, json.RawMessage(`"two"`), got.UpdatedResult, "last non-empty output in name order")
	assert.Equal(t, runner.DecisionNone, got.Decision)

	long := strings.Repeat("o", 10000)
	got = newProtocol(nil).Combine(ev, []runner.HookReply{r("", long, false, "")})
	assert.Equal(t, `"`+long+`"`, string(got.UpdatedResult), "output is not capped")
}

func TestCapContext(t *testing.T) {
	a := strings.Repeat("a", 3001) + "\n\n" + strings.Repeat("é", 1000)
	got := capContext(a)
	assert.Len(t, got, 4095, "cut at 4096 bytes, then back to a whole character")
	assert.Equal(t, a[:4095], got)
	assert.Equal(t, "short", capContext("short"))
	exact := strings.Repeat("x", ContextCap)
	assert.Equal(t, exact, capContext(exact))
}

func out(code int, stdout string) runner.RunResult {
	return runner.RunResult{ExitCode: code, Stdout: []byte(stdout)}
}

func ptr(r runner.RunResult) *runner.RunResult { return &r }
