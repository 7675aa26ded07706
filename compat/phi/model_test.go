package phi

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// TestPhiModelView: what Phi's executor gives the model for its hooks
// (phi §8): a denied call's reason with the context block, a context
// block after the tool's result, and a post hook's output, which replaces
// the tool's result, with the block after it.
func TestPhiModelView(t *testing.T) {
	trace := func(r runner.Reply, k runner.OutcomeKind) runner.Trace {
		return runner.Trace{Protocol: Name, Command: "/h/run.sh", Reply: runner.HookReply{Reply: r, Outcome: k}}
	}
	view := func(ev settings.Event, ts ...runner.Trace) []format.ModelText {
		return phiFormat{}.ModelView(&runner.Outcome{Event: runner.Event{Name: ev, Tool: "shell"}, Hooks: ts}, nil)
	}
	deny := view(settings.PreTool, trace(runner.Reply{Decision: runner.DecisionDeny, Reason: "no", AdditionalContext: "why"}, runner.OutcomeBlocking))
	assert.Equal(t, []format.ModelText{{Protocol: "phi", Kind: "tool_result", Text: "no\n\n<hook_context>\nwhy\n</hook_context>", Placement: "tool_result", Delivery: "now", Hooks: []string{"/h/run.sh"}}}, deny)

	ctx := view(settings.PostTool, trace(runner.Reply{AdditionalContext: "a </hook_context> b"}, runner.OutcomeSuccess))
	assert.Equal(t, []format.ModelText{{Protocol: "phi", Kind: "context", Text: "<hook_context>\na </hook_context\u200b> b\n</hook_context>", Placement: "tool_result_tail", Delivery: "now", Hooks: []string{"/h/run.sh"}}}, ctx)

	out := view(settings.PostTool,
		trace(runner.Reply{UpdatedResult: json.RawMessage(`"first"`)}, runner.OutcomeSuccess),
		trace(runner.Reply{UpdatedResult: json.RawMessage(`"redacted"`), AdditionalContext: "scrubbed"}, runner.OutcomeSuccess))
	assert.Equal(t, []format.ModelText{{Protocol: "phi", Kind: "tool_result", Text: "redacted\n\n<hook_context>\nscrubbed\n</hook_context>", Placement: "tool_result", Delivery: "now", Hooks: []string{"/h/run.sh", "/h/run.sh"}}}, out)

	assert.Empty(t, view(settings.PostTool, trace(runner.Reply{UpdatedResult: json.RawMessage(`"x"`)}, runner.OutcomeDetached)), "an async hook's output is ignored")
}
