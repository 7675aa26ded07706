package gemini

import (
	"strings"

	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// WriteReply answers Gemini CLI for a shim hook (`hookcompat exec --host
// gemini …`): always exit 0 and one JSON object on stdout, in Gemini's
// reply schema (never an exit code: Gemini blocks on a non-JSON exit of 2
// or more, which a wrapped hook's own exit code must not trigger):
//   - a block or deny: {"decision":"deny","reason":r} (BeforeTool: the
//     call is blocked; AfterAgent: the turn continues with r; BeforeAgent:
//     the prompt is not sent) — but on AfterTool, whose deny would replace
//     the tool's result, the reason is context after the result, as the
//     model sees both in the hook's own agent; an ask: {"decision":"ask",…};
//   - continue:false: {"continue":false,"stopReason":r};
//   - context where Gemini uses it (AfterTool, BeforeAgent, SessionStart):
//     hookSpecificOutput.additionalContext;
//   - updated args on BeforeTool: hookSpecificOutput.tool_input, the whole
//     object in Gemini's argument names (Gemini replaces the arguments);
//   - a system message: systemMessage.
//
// ev is the event as Gemini sent it, out.Event as the hooks left it.
func (f geminiFormat) WriteReply(out *runner.Outcome, ev *runner.Event) ([]byte, []byte, int) {
	r, ok := agent.ForNative(ev.Name)
	o := jsonwire.NewObject(jsonwire.JSRoundTrip)
	if !ok {
		return geminicore.ReplyLine(o)
	}
	if r.Stop != geminicore.Ignored {
		geminicore.ReplyStop(o, out)
	}
	ctx := out.AdditionalContext
	switch {
	case out.Decision.Blocks() && r.Block == geminicore.ResultReplaced && strings.TrimSpace(out.Reason) != "" && r.Context != geminicore.NoContext:
		// Claude Code shows the model the tool's result and a block's
		// reason; Gemini CLI's deny would replace the result: the reason
		// goes as context, after the result.
		if strings.TrimSpace(ctx) != "" {
			ctx = out.Reason + "\n\n" + ctx
		} else {
			ctx = out.Reason
		}
	case out.Decision.Blocks() && r.Block != geminicore.Ignored:
		o.Str("decision", "deny")
		o.Str("reason", out.Reason)
		if r.Block == geminicore.Continuation {
			// Gemini CLI fires BeforeAgent again with the reason as the
			// prompt: not a person's (HostCall).
			agent.RememberContinuation(ev.SessionID, out.Reason)
		}
	case out.Decision == runner.DecisionAsk && r.Ask:
		o.Str("decision", "ask")
		if out.Reason != "" {
			o.Str("reason", out.Reason)
		}
	}
	spec := jsonwire.NewObject(jsonwire.JSRoundTrip)
	if ctx != "" && r.Context != geminicore.NoContext {
		spec.Str("additionalContext", ctx)
	}
	if out.UpdatedArgs != nil && r.Chain == geminicore.ChainToolInput && !out.Decision.Blocks() {
		vocab := translate.DefaultVocabulary
		spec.Raw("tool_input", vocab.Args(translate.Native, Dialect, out.Event.Tool, out.UpdatedArgs))
	}
	if spec.Len() > 0 {
		spec.Str("hookEventName", r.Name)
		b, err := spec.Bytes()
		if err == nil {
			o.Raw("hookSpecificOutput", b)
		}
	}
	if out.SystemMessage != "" {
		o.Str("systemMessage", out.SystemMessage)
	}
	return geminicore.ReplyLine(o)
}
