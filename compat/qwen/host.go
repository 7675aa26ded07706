package qwen

import (
	"strings"

	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// WriteReply answers Qwen Code for a shim hook (`hookcompat exec --host
// qwen …`): exit 0 and one JSON object on stdout in Qwen's (Claude-shaped)
// reply schema — never an exit code, never a top-level decision beside
// permissionDecision (a sibling's allow would override it):
//   - PreToolUse deny or ask: hookSpecificOutput.permissionDecision with
//     permissionDecisionReason;
//   - PermissionRequest allow or deny: hookSpecificOutput.decision
//     {behavior, updatedInput (Qwen's argument names), message};
//   - a block elsewhere: {"decision":"block","reason":r}; on an event
//     whose decisions Qwen ignores but whose context it shows
//     (PostToolUse, PostToolUseFailure), the reason is context instead,
//     before the hooks' own;
//   - continue:false only where Qwen stops as the hook's agent does (a
//     prompt is not sent): not on PreToolUse, where Qwen would block the
//     call (Claude Code runs it, then stops), nor on PostToolUse (Qwen
//     would replace the result), Stop and SubagentStop (Qwen would
//     continue the turn): {"continue":false,"stopReason":r};
//   - context: hookSpecificOutput.additionalContext; a system message:
//     systemMessage.
func (qwenFormat) WriteReply(out *runner.Outcome, ev *runner.Event) ([]byte, []byte, int) {
	r, ok := agent.ForNative(ev.Name)
	o := jsonwire.NewObject(jsonwire.JSRoundTrip)
	if !ok {
		return geminicore.ReplyLine(o)
	}
	spec := jsonwire.NewObject(jsonwire.JSRoundTrip)
	spec.Str("hookEventName", r.Name)
	hasSpec := false
	switch r.Block {
	case geminicore.ToolBlocked:
		if out.Decision.Blocks() || out.Decision == runner.DecisionAsk {
			d := "deny"
			if out.Decision == runner.DecisionAsk {
				d = "ask"
			}
			spec.Str("permissionDecision", d)
			spec.Str("permissionDecisionReason", out.Reason)
			hasSpec = true
		}
	case geminicore.Permission:
		dec := jsonwire.NewObject(jsonwire.JSRoundTrip)
		switch {
		case out.Decision.Blocks():
			dec.Str("behavior", "deny")
			dec.Str("message", out.Reason)
		case out.Decision == runner.DecisionAllow:
			dec.Str("behavior", "allow")
			if out.UpdatedArgs != nil {
				vocab := translate.DefaultVocabulary
				dec.Raw("updatedInput", vocab.Args(translate.Native, Dialect, out.Event.Tool, out.UpdatedArgs))
			}
		}
		if dec.Len() > 0 {
			b, _ := dec.Bytes()
			spec.Raw("decision", b)
			hasSpec = true
		}
	default:
		if out.Decision.Blocks() && r.Block != geminicore.Ignored {
			o.Str("decision", "block")
			o.Str("reason", out.Reason)
		}
	}
	ctx := out.AdditionalContext
	if out.Decision.Blocks() && r.Block == geminicore.Ignored && r.Context != geminicore.NoContext && strings.TrimSpace(out.Reason) != "" {
		// Qwen Code ignores the event's decisions but shows a hook's
		// context: a block's feedback reaches the model that way.
		ctx = joinContext(out.Reason, ctx)
	}
	// continue:false where Qwen Code stops as the hook's agent does (the
	// prompt is not sent, the agent stops); where it would block the call
	// or replace its result instead, the call goes on as in Claude Code
	// and only the stop is lost (a convert warning).
	if r.Stop == geminicore.NoRequest || r.Stop == geminicore.AgentStops {
		geminicore.ReplyStop(o, out)
	}
	if ctx != "" && r.Context != geminicore.NoContext {
		spec.Str("additionalContext", ctx)
		hasSpec = true
	}
	if hasSpec {
		b, _ := spec.Bytes()
		o.Raw("hookSpecificOutput", b)
	}
	if out.SystemMessage != "" {
		o.Str("systemMessage", out.SystemMessage)
	}
	return geminicore.ReplyLine(o)
}

// joinContext joins two texts for the model with a blank line.
func joinContext(a, b string) string {
	switch {
	case strings.TrimSpace(a) == "":
		return b
	case strings.TrimSpace(b) == "":
		return a
	}
	return a + "\n\n" + b
}
