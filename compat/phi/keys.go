package phi

import (
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
)

var _ format.PayloadKeyer = phiFormat{}

// PayloadKeys lists the keys of Phi's request for e (phi §5) that native
// fields fill: output (the result as text) and error on the events whose
// row is not a gate.
func (phiFormat) PayloadKeys(e settings.Event) []format.PayloadKey {
	row := eventOf(e)
	if row == nil {
		return nil
	}
	out := []format.PayloadKey{{Key: "session_id", Field: "session_id"}, {Key: "cwd", Field: "cwd"},
		{Key: "tool", Field: "tool"}, {Key: "tool_use_id", Field: "tool_call_id"}, {Key: "input", Field: "args"}}
	if !row.gate {
		out = append(out, format.PayloadKey{Key: "output", Field: "result"}, format.PayloadKey{Key: "error", Field: "error"})
	}
	return out
}
