package qwen

import (
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
//   - a block elsewhere: {"decision":"block","reason":r};
//   - continue:false (not on Stop and SubagentStop, where Qwen would
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
	if r.Block != geminicore.Continuation {
		geminicore.ReplyStop(o, out)
	}
	if out.AdditionalContext != "" && r.Context != geminicore.NoContext {
		spec.Str("additionalContext", out.AdditionalContext)
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
