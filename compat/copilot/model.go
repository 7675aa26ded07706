package copilot

import (
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// ModelView is what Copilot shows the model for the Copilot hooks of
// out, combined as Copilot combines them ([Protocol.Combine]) and
// rendered as [Protocol.Render] renders them, each text as a
// format.ModelText with Copilot's placement words: a denied or blocked
// call's result ("tool_result"), a replaced result ("feedback"), the
// contexts (after the result, appended to it, before or appended to the
// prompt, or as a new user message: "context"), a stop's continuation
// ("prompt") and a blocked prompt's reason, shown to the user
// ("user_text"). Copilot waits for its hooks, so every text is
// delivered now. Hooks of other protocols count only through the event
// they saw.
func (copilotFormat) ModelView(out *runner.Outcome, vocab *translate.Vocabulary) []format.ModelText {
	p := NewProtocol(vocab)
	own := &runner.Outcome{Event: out.Event}
	var replies []runner.HookReply
	for _, t := range out.Hooks {
		if t.Hook == nil || t.Hook.EffectiveProtocol() != Name {
			continue
		}
		own.Hooks = append(own.Hooks, t)
		if t.Reply.Outcome.Ran() {
			replies = append(replies, t.Reply)
		}
	}
	if len(replies) == 0 {
		return nil
	}
	own.Reply = p.Combine(&out.Event, replies)
	var texts []format.ModelText
	for _, t := range p.Render(own).Texts {
		texts = append(texts, format.ModelText{Protocol: Name, Kind: t.Kind, Text: t.Text,
			Placement: t.Placement, Delivery: format.DeliveryNow, Hooks: t.hooks})
	}
	return texts
}

// Awaits reports whether Copilot waits for its hooks of native event e
// and applies their replies (every event whose replies decide or add
// something: the table's reply kind); hooks of the observe-only events
// (sessionEnd, errorOccurred, preCompact) may be queued. A hook on an
// event Copilot does not have is awaited.
func (*Protocol) Awaits(e settings.Event) bool {
	r, ok := rowFor(e)
	return !ok || r.Reply != replyNone
}

var _ runner.Awaiter = (*Protocol)(nil)
