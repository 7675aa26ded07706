package format

import (
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// ModelText is one text the model sees because of an event's hooks, in
// the words of the agent whose protocol the hooks speak: a Claude hook's
// <system-reminder>, a native hook's HK-23 tool error, a Phi hook's
// <hook_context> block.
type ModelText struct {
	// Protocol is the protocol of the hooks the text comes from
	// ("claude", "native", "phi", …).
	Protocol string `json:"protocol"`
	// Kind is what the text is: "tool_result" (what the model gets
	// instead of a stopped call's result), "context" (a hook's context),
	// "user_text" (what the user sees instead of a prompt that is not
	// sent; it does not reach the model),
	// "feedback" (a blocking error the model is told about: a
	// post-tool block, a stop continuation), "prompt" (a new user
	// message: a native stop continuation), "notice" (an async hook's
	// system message), "task_notification" (an async hook waking the
	// agent) or "command_output" (a line of a slash command's output).
	Kind string `json:"kind"`
	// Text is the text as the agent sends it.
	Text string `json:"text"`
	// Placement says where the agent puts it: "tool_result" (the call's
	// result, then right after it), "tool_result_tail" (appended to the
	// call's result), "batch_tail" (appended to the last result of the
	// batch), "first_message", "continuation" (a new user message that
	// continues the turn), "subagent_first", "next_request",
	// "later_request", "compaction_result", "user" (user_text) or ""
	// when the agent has no fixed place; an agent with placements of its
	// own keeps its words (Codex: "output" for the call's output item,
	// "before_output", "before_prompt", "after_summary",
	// "after_prompt").
	Placement string `json:"placement,omitempty"`
	// Delivery is DeliveryNow (with the event's own model request) or
	// DeliveryLater (a later request: async hooks).
	Delivery string `json:"delivery"`
	// Hooks are the commands (or URLs) of the hooks the text comes from.
	Hooks []string `json:"hooks,omitempty"`
}

// Deliveries of a [ModelText].
const (
	DeliveryNow   = "now"
	DeliveryLater = "later"
)

// ModelViewer is implemented by formats that can say what the model sees
// of their own hooks' replies to an event (the texts their home agent
// sends), so that an agent running hooks of several formats shows them
// together (package compat's ModelView).
type ModelViewer interface {
	// ModelView returns the texts of out's hooks of the format's protocol,
	// in order; out holds every hook of the event (other protocols' too,
	// whose decisions may matter).
	ModelView(out *runner.Outcome, vocab *translate.Vocabulary) []ModelText
}
