package cursor

import (
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// Awaits reports whether Cursor waits for its hooks of native event e and
// applies their replies: when one of the event's steps (stepTable) is a
// permission step or honours a reply field (postToolUse's
// additional_context and updated_mcp_tool_output, subagentStop's
// followup_message, preCompact's user_message, …). Such hooks must be
// fired; the hooks of events whose steps are all observe-only may be
// queued.
func (*Protocol) Awaits(e settings.Event) bool {
	for i := range stepTable {
		s := &stepTable[i]
		if s.Event == e && (s.Permission || len(s.Outputs) > 0) {
			return true
		}
	}
	return false
}

var _ runner.Awaiter = (*Protocol)(nil)
