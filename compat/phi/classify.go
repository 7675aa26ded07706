package phi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Phi's fixed texts (phi §10) and the context cap (phi §7).
const (
	// DefaultDenyReason is the reason of an exit-2 pre deny or post stop
	// whose first stdout line has no reason.
	DefaultDenyReason = "hook denied (exit 2)"
	// ContextCap bounds the joined pre contexts and, separately, the
	// joined post contexts, in bytes.
	ContextCap = 4096
	// OutputCap is how much of a hook's stdout Phi keeps (phi §4); the
	// rest is discarded, so a longer reply fails to parse.
	OutputCap = 1 << 20
)

// wirePreOut and wirePostOut are the replies as Phi decodes them; their
// type names appear in encoding/json's type errors, which are Phi's
// messages too ("Go struct field wirePostOut.output of type string").
type wirePreOut struct {
	Action  string          `json:"action"`
	Reason  string          `json:"reason"`
	Context string          `json:"context"`
	Input   json.RawMessage `json:"input"`
}

type wirePostOut struct {
	Context string `json:"context"`
	Output  string `json:"output"`
	Stop    bool   `json:"stop"`
	Reason  string `json:"reason"`
}

// Classify reads one finished run of a Phi hook as Phi's manager does
// (phi §4, §6). Only the first stdout line counts, trimmed; a blank first
// line is an empty reply; JSON keys match case-insensitively and a field
// of the wrong type makes the reply invalid; stderr is never used.
//
// pre_tool:
//   - exit 2 denies: reason from the body if it parses and has one, else
//     "hook denied (exit 2)"; context from the body; its action ignored;
//   - exit 0: empty is allow; else action (trimmed, any case) "" or
//     allow (reason dropped, context kept), deny (reason, else "tool
//     execution denied by hook <name>"), modify (input replaces the tool
//     input, "input": null included; a missing input is a failure: "hook
//     <name> modify returned empty input", which fail_closed turns into a
//     deny with that text), anything else the error `hook <name>: unknown
//     action "<raw>"`; a line that is not JSON the error "hook <name>
//     invalid json: <decoder message>";
//
// post_tool (and post_tool_failure):
//   - exit 2 is a stop (decision block): reason from the body or "hook
//     denied (exit 2)", context from the body, its output ignored;
//   - exit 0: context, output (the updated_result, a JSON string), stop
//     (decision block) with reason; invalid JSON is an error.
//
// Other exits ("hook <name> exited <code>", -1 for a signal), timeouts
// ("hook <name> timed out after <d>"), start failures ("hook <name>:
// fork/exec …") and an input that cannot be encoded are errors: ignored,
// or with fail_closed a deny (pre) or stop (post) with the reason "hook
// <name> failed (fail_closed): <error>". A failure keeps its outcome
// (error, timeout) in the trace; its decision says whether it blocks.
// The reply's updated_args are in native terms (argument names renamed
// back through the protocol's vocabulary).
func (p *phiProtocol) Classify(h *settings.Hook, ev *runner.Event, res *runner.RunResult) runner.HookReply {
	name := hookName(h)
	row := eventOf(ev.Name)
	pre := row != nil && row.gate
	fail := func(outcome runner.OutcomeKind, msg string) runner.HookReply {
		r := runner.HookReply{Outcome: outcome, Err: msg}
		if h.FailClosed {
			r.Decision = stopDecision(pre)
			r.Reason = fmt.Sprintf("hook %s failed (fail_closed): %s", name, msg)
		}
		return r
	}
	var reqErr *requestError
	switch {
	case res.Cancelled:
		return runner.HookReply{Outcome: runner.OutcomeCancelled, Err: "cancelled"}
	case errors.As(res.StartErr, &reqErr):
		return fail(runner.OutcomeError, reqErr.Error())
	case res.StartErr != nil:
		return fail(runner.OutcomeError, fmt.Sprintf("hook %s: %v", name, res.StartErr))
	case res.TimedOut:
		return fail(runner.OutcomeTimeout, fmt.Sprintf("hook %s timed out after %s", name, timeoutOf(h)))
	case res.ExitCode != 0 && res.ExitCode != 2:
		return fail(runner.OutcomeError, fmt.Sprintf("hook %s exited %d", name, res.ExitCode))
	case res.Lost != "" && res.ExitCode != 2:
		// Phi waits for its pipes to close; what hookcompat stopped
		// reading may hold the reply.
		return fail(runner.OutcomeError, fmt.Sprintf("hook %s: %s", name, res.Lost))
	}
	line := firstLine(res.Stdout)
	if res.ExitCode == 2 {
		r := runner.HookReply{Reply: runner.Reply{Decision: stopDecision(pre), Reason: DefaultDenyReason}, Outcome: runner.OutcomeBlocking}
		// The body counts only when it parses (as the event's reply type);
		// its action (pre) and output (post) never count.
		var reason, context string
		if pre {
			var body wirePreOut
			if len(line) > 0 && json.Unmarshal(line, &body) == nil {
				reason, context = body.Reason, body.Context
			}
		} else {
			var body wirePostOut
			if len(line) > 0 && json.Unmarshal(line, &body) == nil {
				reason, context = body.Reason, body.Context
			}
		}
		if reason != "" {
			r.Reason = reason
		}
		r.AdditionalContext = context
		return r
	}
	if len(line) == 0 {
		return runner.HookReply{Outcome: runner.OutcomeSuccess}
	}
	if !pre {
		var out wirePostOut
		if err := json.Unmarshal(line, &out); err != nil {
			return fail(runner.OutcomeError, fmt.Sprintf("hook %s invalid json: %v", name, err))
		}
		r := runner.HookReply{Reply: runner.Reply{AdditionalContext: out.Context}, Outcome: runner.OutcomeSuccess}
		if out.Output != "" {
			r.UpdatedResult = jsonString(out.Output)
		}
		if out.Stop {
			r.Decision, r.Reason, r.Outcome = runner.DecisionBlock, out.Reason, runner.OutcomeBlocking
		}
		return r
	}
	var out wirePreOut
	if err := json.Unmarshal(line, &out); err != nil {
		return fail(runner.OutcomeError, fmt.Sprintf("hook %s invalid json: %v", name, err))
	}
	r := runner.HookReply{Reply: runner.Reply{AdditionalContext: out.Context}, Outcome: runner.OutcomeSuccess}
	switch strings.ToLower(strings.TrimSpace(out.Action)) {
	case "", "allow":
	case "deny":
		r.Decision, r.Reason, r.Outcome = runner.DecisionDeny, out.Reason, runner.OutcomeBlocking
		if r.Reason == "" {
			r.Reason = "tool execution denied by hook " + name
		}
	case "modify":
		if out.Input == nil {
			msg := fmt.Sprintf("hook %s modify returned empty input", name)
			f := runner.HookReply{Outcome: runner.OutcomeError, Err: msg}
			if h.FailClosed {
				f.Decision, f.Reason = runner.DecisionDeny, msg
			}
			return f
		}
		var c bytes.Buffer
		_ = json.Compact(&c, out.Input) // it parsed
		tool := p.vocab.Name(translate.Native, Dialect, ev.Tool)
		r.UpdatedArgs = p.vocab.Args(Dialect, translate.Native, tool, c.Bytes())
	default:
		return fail(runner.OutcomeError, fmt.Sprintf("hook %s: unknown action %q", name, out.Action))
	}
	return r
}

// Combine merges the replies of the Phi hooks of one event, given in
// configured (name) order, as Phi's manager does (phi §7).
//
// pre_tool: the first deny wins (its reason; later replies are not
// considered, the chain stopped there); the input after the last modify
// before it is the updated_args, also alongside a deny; the contexts of
// the hooks that did not fail are joined with a blank line and capped at
// [ContextCap] bytes.
//
// post_tool: contexts joined and capped the same way (separately from
// the pre ones, so a model can get two capped blocks per tool call); the
// output is the last non-empty one (not capped) as updated_result; stop
// is any hook's, as decision "block", with the non-empty reasons joined by
// "; ". Phi's executor ignores stop at the recorded commit (phi §8);
// hookcompat reports it, and an agent that follows Phi exactly ignores a
// post_tool block.
func (*phiProtocol) Combine(ev *runner.Event, replies []runner.HookReply) runner.Reply {
	var out runner.Reply
	var ctxs []string
	if row := eventOf(ev.Name); row != nil && row.gate {
		for i := range replies {
			r := &replies[i]
			if r.AdditionalContext != "" {
				ctxs = append(ctxs, r.AdditionalContext)
			}
			if r.UpdatedArgs != nil {
				out.UpdatedArgs = append([]byte(nil), r.UpdatedArgs...)
			}
			if r.Decision.Blocks() {
				out.Decision, out.Reason = runner.DecisionDeny, r.Reason
				break
			}
		}
		out.AdditionalContext = capContext(strings.Join(ctxs, "\n\n"))
		return out
	}
	var reasons []string
	output := ""
	for i := range replies {
		r := &replies[i]
		if r.AdditionalContext != "" {
			ctxs = append(ctxs, r.AdditionalContext)
		}
		if s := resultString(r.UpdatedResult); s != "" {
			output = s
		}
		if r.Decision.Blocks() {
			out.Decision = runner.DecisionBlock
			if r.Reason != "" {
				reasons = append(reasons, r.Reason)
			}
		}
	}
	out.Reason = strings.Join(reasons, "; ")
	out.AdditionalContext = capContext(strings.Join(ctxs, "\n\n"))
	if output != "" {
		out.UpdatedResult = jsonString(output)
	}
	return out
}

// capContext applies Phi's cap (phi §7): a string longer than
// [ContextCap] bytes is cut to ContextCap bytes, then bytes are dropped
// from the end until it is valid UTF-8. There is no ellipsis.
func capContext(s string) string {
	if len(s) <= ContextCap {
		return s
	}
	s = s[:ContextCap]
	for len(s) > 0 && !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}

// stopDecision is how a Phi hook's stop shows in the native reply: deny
// for a pre_tool hook, block (feedback, the tool has run) for a post one.
func stopDecision(pre bool) runner.Decision {
	if pre {
		return runner.DecisionDeny
	}
	return runner.DecisionBlock
}

func hookName(h *settings.Hook) string {
	if h.Name != "" {
		return h.Name
	}
	return h.ConfigLabel()
}

// firstLine is stdout up to the first newline, trimmed (phi §6).
func firstLine(stdout []byte) []byte {
	if i := bytes.IndexByte(stdout, '\n'); i >= 0 {
		stdout = stdout[:i]
	}
	return bytes.TrimSpace(stdout)
}

// jsonString encodes s as a JSON string (without HTML escaping).
func jsonString(s string) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return bytes.TrimRight(b.Bytes(), "\n")
}

// resultString is the text of an updated_result that is a JSON string.
func resultString(r json.RawMessage) string {
	var s string
	if len(r) == 0 || json.Unmarshal(r, &s) != nil {
		return ""
	}
	return s
}
