package native

import (
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// ModelView is what an agent of the native spec shows the model for the
// native hooks of out, merged as the native protocol merges them
// (runner.Native's Combine):
//   - a blocked pre_tool call's result is the HK-23 tool error
//     {"error":"blocked by pre_tool hook: <reason>"};
//   - a blocked prompt is not sent (HK-24): the reason is for the user;
//   - a stop that continues sends the reason as a new prompt (HK-51);
//   - a post_tool block is feedback with the tool's result (HK-20);
//   - additional_context goes with the tool's result (HK-60) or, on
//     session_start and prompt_submit, with the next prompt (HK-51).
func (nativeFormat) ModelView(out *runner.Outcome, _ *translate.Vocabulary) []format.ModelText {
	var replies []runner.HookReply
	var hooks []string
	for _, t := range out.Hooks {
		if t.Protocol == settings.ProtocolNative && (t.Reply.Outcome == runner.OutcomeSuccess || t.Reply.Outcome == runner.OutcomeBlocking) {
			replies = append(replies, t.Reply)
			hooks = append(hooks, t.Command)
		}
	}
	if len(replies) == 0 {
		return nil
	}
	r := runner.Native().Combine(&out.Event, replies)
	var texts []format.ModelText
	add := func(kind, text, placement string) {
		texts = append(texts, format.ModelText{Protocol: settings.ProtocolNative, Kind: kind, Text: text, Placement: placement,
			Delivery: format.DeliveryNow, Hooks: hooks})
	}
	ev := out.Event.Name
	stops := r.Continue != nil && !*r.Continue
	switch {
	case ev == settings.PreTool && r.Decision.Blocks():
		add("tool_result", string(runner.ToolError(r.Reason)), "tool_result")
	case ev == settings.PromptSubmit && r.Decision.Blocks():
		add("user_text", r.Reason, "user")
		return texts
	case ev == settings.Stop && !stops && (r.Decision.Blocks() || (r.Continue != nil && *r.Continue)) && strings.TrimSpace(r.Reason) != "":
		add("prompt", r.Reason, "continuation")
	case (ev == settings.PostTool || ev == settings.PostToolFailure) && r.Decision.Blocks():
		add("feedback", r.Reason, "tool_result_tail")
	}
	if c := strings.TrimSpace(r.AdditionalContext); c != "" && !stops {
		placement := "tool_result_tail"
		switch {
		case ev == settings.SessionStart || ev == settings.PromptSubmit:
			placement = "first_message"
		case !ev.ToolEvent():
			placement = ""
		}
		add("context", c, placement)
	}
	return texts
}

var _ format.ModelViewer = nativeFormat{}
