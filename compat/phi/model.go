package phi

import (
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// ModelView is what Phi's executor shows the model for the Phi hooks of
// out, merged as Phi merges them (phi §7, §8): a denied call's result is
// the reason, followed — when hooks gave context — by a blank line and
// "<hook_context>\n…\n</hook_context>"; otherwise the context block is
// appended to the tool's result after a blank line; a post_tool hook's
// output replaces the tool's result (the last non-empty one), the block
// after it, as one "tool_result" text. A literal
// "</hook_context>" inside a context gets a zero-width space before its
// ">". A post_tool stop is not shown (Phi's executor ignores it).
func (phiFormat) ModelView(out *runner.Outcome, vocab *translate.Vocabulary) []format.ModelText {
	var replies []runner.HookReply
	var hooks []string
	for _, t := range out.Hooks {
		if t.Protocol == Name && t.Reply.Outcome.Ran() {
			replies = append(replies, t.Reply)
			hooks = append(hooks, t.Command)
		}
	}
	if len(replies) == 0 {
		return nil
	}
	r := newProtocol(vocab).Combine(&out.Event, replies)
	block := ""
	if c := strings.TrimSpace(r.AdditionalContext); c != "" {
		block = "<hook_context>\n" + strings.ReplaceAll(c, "</hook_context>", "</hook_context\u200b>") + "\n</hook_context>"
	}
	text := func(kind, s, placement string) []format.ModelText {
		return []format.ModelText{{Protocol: Name, Kind: kind, Text: s, Placement: placement, Delivery: format.DeliveryNow, Hooks: hooks}}
	}
	row := eventOf(out.Event.Name)
	switch {
	case row != nil && row.gate && r.Decision.Blocks():
		s := r.Reason
		if block != "" {
			s += "\n\n" + block
		}
		return text("tool_result", s, "tool_result")
	case r.UpdatedResult != nil:
		// A post hook's output replaces the tool's result the model gets
		// (phi §8), the context block after it.
		s := resultText(r.UpdatedResult)
		if block != "" {
			s += "\n\n" + block
		}
		return text("tool_result", s, "tool_result")
	case block != "":
		return text("context", block, "tool_result_tail")
	}
	return nil
}

var _ format.ModelViewer = phiFormat{}
