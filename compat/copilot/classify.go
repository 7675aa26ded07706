package copilot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Detail is what the Copilot protocol records about one hook run beyond
// its native reply ([runner.HookReply.Detail]); the combiner, the
// renderer and the shim's host read it.
type Detail struct {
	// Errored: the hook failed (a non-zero exit other than 2, a command
	// that could not start, unreadable output); Why is Copilot's error
	// ("Error: Hook command failed with code 1"). On a fail-closed event
	// (preToolUse, permissionRequest) it denies.
	Errored bool
	Why     string
	// TimedOut: the hook was stopped at its timeout (Copilot lets the
	// action proceed).
	TimedOut bool
	// Exit2 is an exit status 2; Stderr the hook's stderr.
	Exit2  bool
	Stderr string
	// Source names the hooks file in Copilot's messages
	// (".github/hooks/oracle.json", "global settings").
	Source string
	// Decision is the hook's permissionDecision (preToolUse) or behavior
	// (permissionRequest) or decision (block) as written and honoured;
	// Reason its reason or message.
	Decision, Reason string
	// Interrupt is permissionRequest's interrupt: true with a deny.
	Interrupt bool
	// Context is the hook's additionalContext; HasContext tells an empty
	// one from none.
	Context    string
	HasContext bool
	// Args is a modifiedArgs (or updatedInput) as written, in Copilot's
	// names: it replaces the call's whole argument object, whatever its
	// type.
	Args json.RawMessage
	// Result is a postToolUse modifiedResult object as written; its
	// textResultForLlm replaces what the model gets.
	Result json.RawMessage
	// Prompt is a userPromptSubmitted modifiedPrompt; Transformed a
	// userPromptTransformed modifiedTransformedPrompt.
	Prompt, Transformed string
	HasPrompt           bool
	HasTransformed      bool
}

// source is how Copilot names h's hooks file in its messages: the path
// relative to the repository root for the repository's files, "global
// settings" for ~/.copilot/settings.json, the file's path otherwise.
func source(h *settings.Hook, ev *runner.Event) string {
	switch h.Source.Scope {
	case ScopeSettings:
		return "global settings"
	}
	f := h.Source.File
	if f == "" {
		return "hooks"
	}
	if ev.Workspace != "" {
		if rel, err := filepath.Rel(ev.Workspace, f); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return f
}

// Classify reads one finished Copilot hook run as Copilot 1.0.102 does
// (recorded hc_pre_*, hc_post_*, hc_perm_*, a, c, g, k, x):
//   - a timeout lets the action proceed (the hook got SIGTERM);
//   - exit 2 has the event's exit-2 effect (the table's Exit2; stdout is
//     not read): preToolUse denies ("hook exited with code 2"),
//     permissionRequest denies, postToolUseFailure takes stderr as the
//     hook's context, other events only log a warning;
//   - any other non-zero exit, a command that cannot start (missing
//     program, missing cwd) and unreadable output are failures: on
//     preToolUse and permissionRequest they deny (Copilot is fail-closed
//     there), elsewhere they are ignored;
//   - on exit 0 stdout is read as one JSON object (anything else,
//     invalid JSON included, has no effect), in the flat shape or with
//     Claude Code's hookSpecificOutput (preToolUse's
//     permissionDecision, permissionDecisionReason, updatedInput), with
//     the fields the event honours.
//
// A hook given fail_closed in native TOML also blocks on a timeout
// (hookcompat's rule). The Detail is a *Detail.
func (p *Protocol) Classify(h *settings.Hook, ev *runner.Event, res *runner.RunResult) runner.HookReply {
	r, _ := rowFor(ev.Name)
	d := &Detail{Stderr: string(bytes.ToValidUTF8(res.Stderr, []byte("\uFFFD"))), Source: source(h, ev)}
	out := p.classify(r, h, ev, res, d)
	out.Detail = d
	if (out.Outcome == runner.OutcomeError || out.Outcome == runner.OutcomeTimeout) && h.FailClosed && r.failsClosed() {
		out.Decision, out.Outcome = r.denial(), runner.OutcomeBlocking
		out.Reason = fmt.Sprintf("hook %s failed and is fail_closed: %s", h.Label(), out.Err)
		d.Errored, d.Why = true, out.Err
	}
	return out
}

// failsClosed reports whether a failure of the event's hook can block
// something (the events with a decision).
func (r *row) failsClosed() bool {
	switch r.Reply {
	case replyGate, replyApproval, replyResult, replyPrompt, replyContinue:
		return true
	}
	return false
}

// denial is the native decision a blocking reply of the event carries.
func (r *row) denial() runner.Decision {
	if r.Reply == replyGate || r.Reply == replyApproval {
		return runner.DecisionDeny
	}
	return runner.DecisionBlock
}

func (p *Protocol) classify(r *row, h *settings.Hook, ev *runner.Event, res *runner.RunResult, d *Detail) runner.HookReply {
	fail := func(why string) runner.HookReply {
		d.Why = why
		if r.FailClosed {
			d.Errored = true
			reply := runner.HookReply{Outcome: runner.OutcomeBlocking, Err: why, Reply: runner.Reply{Decision: runner.DecisionDeny}}
			if r.Reply == replyApproval {
				reply.Reason, d.Decision, d.Reason = permissionFailed, "deny", permissionFailed
			} else {
				reply.Reason = fmt.Sprintf("Denied by %s hook from %q (hook errored)", r.Camel, d.Source)
			}
			return reply
		}
		return runner.HookReply{Outcome: runner.OutcomeError, Err: why}
	}
	switch {
	case res.Cancelled:
		return runner.HookReply{Outcome: runner.OutcomeCancelled, Err: "cancelled"}
	case res.TimedOut:
		d.TimedOut = true
		t := h.Timeout
		if t <= 0 {
			t = DefaultTimeout
		}
		return runner.HookReply{Outcome: runner.OutcomeTimeout, Err: fmt.Sprintf("HookTimeoutError: Hook command timed out after %s seconds: %s", trimFloat(t.Seconds()), h.ConfigLabel())}
	case res.StartErr != nil:
		return fail(fmt.Sprintf("Error: spawn %s: %v", firstWord(h), res.StartErr))
	case res.Lost != "":
		return fail("hook output could not be read: " + res.Lost)
	case res.Signal != "" || res.ExitCode < 0:
		return fail("Error: Hook command was terminated by a signal")
	case res.StdoutTruncated:
		return fail("stdout exceeded hookcompat's output limit; the reply cannot be read whole")
	}
	if res.ExitCode == 2 {
		d.Exit2 = true
		return p.exit2(r, d)
	}
	if res.ExitCode != 0 {
		why := fmt.Sprintf("Error: Hook command failed with code %d", res.ExitCode)
		if s := strings.TrimSpace(d.Stderr); s != "" && !r.FailClosed {
			why += "\nStderr: " + s
		}
		return fail(why)
	}
	rep, ok := parseReply(res.Stdout)
	if !ok {
		return runner.HookReply{Outcome: runner.OutcomeSuccess}
	}
	return p.apply(r, ev, rep, d)
}

// permissionFailed is the message of a failed permissionRequest hook.
const permissionFailed = "Permission request hook failed"

// permissionByExit2 is the message of a permissionRequest hook's exit 2.
const permissionByExit2 = "Permission denied by hook."

// exit2Reason is preToolUse's reason for an exit 2.
const exit2Reason = "hook exited with code 2"

func (p *Protocol) exit2(r *row, d *Detail) runner.HookReply {
	switch r.Exit2 {
	case exit2Deny:
		d.Decision, d.Reason = "deny", exit2Reason
		return runner.HookReply{Outcome: runner.OutcomeBlocking, Reply: runner.Reply{Decision: runner.DecisionDeny, Reason: exit2Reason}}
	case exit2Refuse:
		d.Decision, d.Reason = "deny", permissionByExit2
		return runner.HookReply{Outcome: runner.OutcomeBlocking, Reply: runner.Reply{Decision: runner.DecisionDeny, Reason: permissionByExit2}}
	case exit2Context:
		ctx := strings.TrimSpace(d.Stderr)
		if ctx == "" {
			return runner.HookReply{Outcome: runner.OutcomeSuccess}
		}
		d.Context, d.HasContext = ctx, true
		return runner.HookReply{Outcome: runner.OutcomeSuccess, Reply: runner.Reply{AdditionalContext: ctx}}
	}
	// Copilot logs "Hook warning: <stderr>" and goes on.
	return runner.HookReply{Outcome: runner.OutcomeSuccess}
}

// reply is a decoded hook reply: its top-level fields and those of
// hookSpecificOutput.
type reply struct {
	top, hso map[string]json.RawMessage
}

// parseReply reads stdout as one JSON object; ok is false for anything
// else (Copilot ignores it).
func parseReply(stdout []byte) (*reply, bool) {
	out := bytes.TrimSpace(stdout)
	if len(out) == 0 || out[0] != '{' {
		return nil, false
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(out, &top) != nil {
		return nil, false
	}
	r := &reply{top: top}
	if raw, ok := top["hookSpecificOutput"]; ok {
		var hso map[string]json.RawMessage
		if json.Unmarshal(raw, &hso) == nil {
			r.hso = hso
		}
	}
	return r, true
}

// str returns a string field of the top level.
func (r *reply) str(k string) (string, bool) { return strField(r.top, k) }

// hsoStr returns a string field of hookSpecificOutput.
func (r *reply) hsoStr(k string) (string, bool) { return strField(r.hso, k) }

func strField(m map[string]json.RawMessage, k string) (string, bool) {
	v, ok := m[k]
	if !ok {
		return "", false
	}
	var s string
	if json.Unmarshal(v, &s) != nil {
		return "", false
	}
	return s, true
}

func (r *reply) raw(k string) (json.RawMessage, bool) {
	v, ok := r.top[k]
	if !ok || string(bytes.TrimSpace(v)) == "null" {
		return nil, false
	}
	return v, true
}

// apply gives a reply its effect on the event.
func (p *Protocol) apply(r *row, ev *runner.Event, rep *reply, d *Detail) runner.HookReply {
	out := runner.HookReply{Outcome: runner.OutcomeSuccess}
	if c, ok := rep.str("additionalContext"); ok && r.Reply != replyApproval && r.Reply != replyNone {
		d.Context, d.HasContext = c, true
		out.AdditionalContext = c
	}
	switch r.Reply {
	case replyGate:
		dec, ok := rep.str("permissionDecision")
		if !ok {
			dec, _ = rep.hsoStr("permissionDecision")
		}
		reason, ok := rep.str("permissionDecisionReason")
		if !ok {
			reason, _ = rep.hsoStr("permissionDecisionReason")
		}
		args, hasArgs := rep.raw("modifiedArgs")
		if !hasArgs {
			if v, ok := rep.hso["updatedInput"]; ok && string(bytes.TrimSpace(v)) != "null" {
				args, hasArgs = v, true
			}
		}
		switch dec {
		case "deny":
			if reason == "" {
				reason = "No reason provided"
			}
			d.Decision, d.Reason = dec, reason
			out.Outcome, out.Decision, out.Reason = runner.OutcomeBlocking, runner.DecisionDeny, reason
			return out
		case "ask":
			if reason == "" {
				reason = "No reason provided"
			}
			d.Decision, d.Reason = dec, reason
			out.Decision, out.Reason = runner.DecisionAsk, reason
		case "allow":
			d.Decision = dec
			out.Decision = runner.DecisionAllow
		}
		if hasArgs {
			d.Args = args
			out.UpdatedArgs = p.vocab.Args(Dialect, translate.Native, p.toolName(ev.Tool), args)
		}
	case replyApproval:
		beh, _ := rep.str("behavior")
		msg, _ := rep.str("message")
		switch beh {
		case "deny":
			if msg == "" {
				msg = permissionByExit2
			}
			d.Decision, d.Reason = beh, msg
			if v, ok := rep.top["interrupt"]; ok && string(bytes.TrimSpace(v)) == "true" {
				d.Interrupt = true
			}
			out.Outcome, out.Decision, out.Reason = runner.OutcomeBlocking, runner.DecisionDeny, msg
		case "allow":
			d.Decision = beh
			out.Decision = runner.DecisionAllow
		}
	case replyResult:
		if dec, _ := rep.str("decision"); dec == "block" {
			reason, _ := rep.str("reason")
			d.Decision, d.Reason = dec, reason
			out.Outcome, out.Decision, out.Reason = runner.OutcomeBlocking, runner.DecisionBlock, reason
			return out
		}
		if v, ok := rep.raw("modifiedResult"); ok && bytes.HasPrefix(bytes.TrimSpace(v), []byte("{")) {
			var m map[string]json.RawMessage
			if json.Unmarshal(v, &m) == nil {
				if _, ok := strField(m, "textResultForLlm"); ok {
					d.Result = v
					out.UpdatedResult = v
				}
			}
		}
	case replyPrompt:
		if dec, _ := rep.str("decision"); dec == "block" {
			reason, _ := rep.str("reason")
			d.Decision, d.Reason = dec, reason
			out.Outcome, out.Decision, out.Reason = runner.OutcomeBlocking, runner.DecisionBlock, reason
			return out
		}
		if s, ok := rep.str("modifiedPrompt"); ok {
			d.Prompt, d.HasPrompt = s, true
		}
	case replyTransformed:
		if s, ok := rep.str("modifiedTransformedPrompt"); ok {
			d.Transformed, d.HasTransformed = s, true
		}
	case replyContinue:
		switch dec, _ := rep.str("decision"); dec {
		case "block":
			reason, _ := rep.str("reason")
			d.Decision, d.Reason = dec, reason
			goOn := true
			out.Outcome, out.Decision, out.Reason, out.Continue = runner.OutcomeBlocking, runner.DecisionBlock, reason, &goOn
		case "allow":
			// A later hook's allow overrides an earlier block (recorded
			// hc_stop_block_then_allow): the decision is kept for Combine.
			d.Decision = dec
		}
	}
	return out
}

func trimFloat(f float64) string {
	s := fmt.Sprintf("%g", f)
	return s
}

func firstWord(h *settings.Hook) string {
	if len(h.Args) > 0 {
		return h.Args[0]
	}
	if h.Shell == shellPowerShell {
		return PowerShell
	}
	return Shell
}
