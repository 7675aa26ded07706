package cursor

import (
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// ModelView is what Cursor shows for the Cursor hooks of out, combined as
// Cursor combines them ([Protocol.Combine]) and rendered as
// [Protocol.Render] renders them, as format.ModelTexts in that order:
//   - a denied tool call's message, which the model reads as the tool's
//     error (kind "tool_result", placement "tool_result"; a denied shell
//     command reads "Command execution was blocked by a hook: …");
//   - additional_context (kind "context"; Cursor gives it no fixed
//     place);
//   - what the user is shown instead of a blocked prompt, or preCompact's
//     user_message (kind "user_text", placement "user");
//   - a stop or subagentStop follow-up, submitted as the next user
//     message (kind "prompt", placement "continuation").
//
// Every text is delivered now (Cursor waits for its hooks). Hooks of
// other protocols count only through the event they saw.
func (cursorFormat) ModelView(out *runner.Outcome, vocab *translate.Vocabulary) []format.ModelText {
	p := NewProtocol(vocab)
	own := &runner.Outcome{Event: out.Event}
	var replies []runner.HookReply
	var hooks []string
	for _, t := range out.Hooks {
		if t.Hook == nil || t.Hook.EffectiveProtocol() != Name {
			continue
		}
		own.Hooks = append(own.Hooks, t)
		if t.Reply.Outcome.Ran() {
			replies = append(replies, t.Reply)
			hooks = append(hooks, t.Command)
		}
	}
	if len(replies) == 0 {
		return nil
	}
	own.Reply = p.Combine(&out.Event, replies)
	r := p.Render(own)
	var texts []format.ModelText
	add := func(kind, text, placement string) {
		texts = append(texts, format.ModelText{Protocol: Name, Kind: kind, Text: text,
			Placement: placement, Delivery: format.DeliveryNow, Hooks: hooks})
	}
	model := r.ModelText
	if r.ToolRuns != nil && own.Decision.Blocks() && len(model) > 0 {
		add("tool_result", model[0], "tool_result")
		model = model[1:]
	}
	for _, c := range model {
		add("context", c, "")
	}
	if r.UserText != "" {
		add("user_text", r.UserText, "user")
	}
	if r.FollowupMessage != "" {
		add("prompt", r.FollowupMessage, "continuation")
	}
	return texts
}

var _ format.ModelViewer = cursorFormat{}
