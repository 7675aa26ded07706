package claude

import (
	"encoding/json"
	"strings"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// Combine merges Claude hooks' replies for one event into the reply
// Claude Code acts on (claude §6.9; recorded). Claude starts every
// matching hook at once (claude §7.2) and reads their results as they
// finish, so the replies are taken in completion order (by
// [runner.HookReply.Ended]), hooks that ended within [TieWindow] of each
// other in configured order (deterministic; instant hooks keep
// configured order):
//   - decisions by precedence deny/block > defer > ask > allow; the reason
//     is the last one of the winning rank (Claude shows one deny reason:
//     that of the hook that finished last), except on the events that
//     feed every block back with the tool's result, where all blocking
//     reasons are joined with a newline, in completion order;
//   - continue:false (on the events that honour it) wins: on events whose
//     loop it ends nothing of the event reaches the model (contexts and
//     feedback dropped, a deny still stops the call); on Stop it ends the
//     turn even over a block;
//   - contexts in completion order, joined with "\n" on the events that
//     join them into one reminder, else with a blank line; on the events
//     that continue a turn a context alone continues it (continue true,
//     reason: the last context);
//   - updatedInput and updatedToolOutput: the last to finish wins; an
//     updatedInput that fails the tool's input schema makes Claude reject
//     the call: a deny whose reason is Claude's schema error; unknown
//     keys are stripped; it is kept with an ask (the user is asked
//     about the rewritten call) and dropped with a block or deny.
func (p *Protocol) Combine(ev *runner.Event, replies []runner.HookReply) runner.Reply {
	row := eventOf(ev.Name)
	var out runner.Reply
	if row == nil {
		return out
	}
	best := 0
	var ctx, later, sys, feedback []string
	lastCtx := ""
	var input *runner.HookReply
	replies = inCompletionOrder(replies)
	for i := range replies {
		r := &replies[i]
		if rk := claudeRank(r); rk > best {
			best, out.Decision, out.Reason = rk, r.Decision, ""
			if strings.TrimSpace(r.Reason) != "" {
				out.Reason = r.Reason
			}
		} else if rk == best && rk > 0 && strings.TrimSpace(r.Reason) != "" {
			out.Reason = r.Reason
		}
		if r.Decision.Blocks() && strings.TrimSpace(r.Reason) != "" {
			feedback = append(feedback, r.Reason)
		}
		switch {
		case r.Continue != nil && !*r.Continue && (out.Continue == nil || *out.Continue):
			stop := false // continue:false wins over everything (claude §6.9)
			out.Continue, out.StopReason = &stop, r.StopReason
		case r.Continue != nil && *r.Continue && out.Continue == nil:
			goOn := true
			out.Continue = &goOn
		}
		if c := r.AdditionalContext; strings.TrimSpace(c) != "" {
			if detail(r).Async {
				later = append(later, c) // delivered after the others
			} else {
				ctx, lastCtx = append(ctx, c), c
			}
		}
		if s := strings.TrimSpace(r.SystemMessage); s != "" {
			sys = append(sys, s)
		}
		if r.UpdatedArgs != nil && !r.Decision.Blocks() {
			out.UpdatedArgs, input = r.UpdatedArgs, r
		}
		if r.UpdatedResult != nil {
			out.UpdatedResult = r.UpdatedResult
		}
	}
	if row.exit2 == exit2Feedback && out.Decision.Blocks() {
		// Every hook's feedback reaches the model (one reminder each).
		out.Reason = strings.Join(feedback, "\n")
	}
	sep := "\n\n"
	if row.join {
		sep = "\n"
	}
	out.AdditionalContext = strings.Join(append(ctx, later...), sep)
	out.SystemMessage = strings.Join(sys, "\n")
	if out.Decision.Blocks() {
		out.UpdatedArgs = nil
	} else if input != nil {
		// With ask too: the user is asked about the rewritten call, and it
		// is the rewritten call that runs when they allow it (recorded:
		// hc_perm_ask_updated_input_sdk's can_use_tool request and
		// hc_perm_ask_updated_input's permission_denials carry it).
		p.checkInput(row, ev, detail(input).UpdatedInput, &out)
	}
	stopped := out.Continue != nil && !*out.Continue
	switch {
	case stopped && row.cont == contEndsTurn:
		// The turn ends, even over a block (recorded).
		out.Decision, out.Reason, out.AdditionalContext = runner.DecisionNone, "", ""
	case stopped && (row.cont == contEndsLoop || row.cont == contStopsTurn):
		// Nothing of the event reaches the model; a deny still stops the
		// call (recorded).
		out.AdditionalContext = ""
		if out.Decision == runner.DecisionBlock && row.exit2 == exit2Feedback {
			out.Decision, out.Reason = runner.DecisionNone, ""
		}
	case !stopped && row.exit2 == exit2Continue && !out.Decision.Blocks() && lastCtx != "":
		// A context alone continues the turn (recorded), with the text
		// Claude sends (a preview when it is saved to a file).
		goOn := true
		out.Continue, out.Reason = &goOn, lastCtx
		if preview, _, ok := persistOutput(row, ev, lastCtx, "additionalContext"); ok && row.persist {
			out.Reason = preview
		}
	}
	if row.blockCap {
		p.capStops(ev, &out)
	}
	return out
}

// checkInput validates the winning updatedInput (Claude argument names)
// against the tool's schema: unknown keys are stripped; a missing or
// mistyped field makes Claude reject the call with its schema error.
func (p *Protocol) checkInput(row *event, ev *runner.Event, in json.RawMessage, out *runner.Reply) {
	if in == nil {
		return
	}
	tool := p.vocab.Name(translate.Native, Dialect, ev.Tool)
	kept, issues := validateInput(tool, in)
	if len(issues) > 0 {
		out.Decision, out.Reason, out.UpdatedArgs = runner.DecisionDeny, schemaError(row.name, tool, issues), nil
		return
	}
	out.UpdatedArgs = p.vocab.Args(Dialect, translate.Native, tool, kept)
}

// claudeRank orders a reply's decision: deny/block 4 > defer 3 > ask 2 >
// allow 1 > none 0.
func claudeRank(r *runner.HookReply) int {
	switch r.Decision {
	case runner.DecisionBlock, runner.DecisionDeny:
		return 4
	case runner.DecisionAsk:
		if detail(r).Decision == "defer" {
			return 3
		}
		return 2
	case runner.DecisionAllow:
		return 1
	}
	return 0
}
