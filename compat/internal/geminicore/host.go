package geminicore

import (
	"encoding/json"

	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/runner"
)

// ReplyLine is a shim's answer to its host agent: o as one JSON line on
// stdout and exit status 0 (never an exit code: the agents block on a
// non-JSON exit of 2 or more, which a wrapped hook's own exit code must
// not trigger). An o that cannot be written answers {} and says why on
// stderr.
func ReplyLine(o *jsonwire.Object) ([]byte, []byte, int) {
	b, err := o.Line()
	if err != nil {
		return []byte("{}\n"), []byte("hookcompat exec: " + err.Error() + "\n"), 0
	}
	return b, nil, 0
}

// ReplyStop adds continue:false and its stopReason (out's stop reason,
// else its reason) to o when the hooks stopped the agent.
func ReplyStop(o *jsonwire.Object, out *runner.Outcome) {
	if out.Continue == nil || *out.Continue {
		return
	}
	o.Raw("continue", json.RawMessage("false"))
	reason := out.StopReason
	if reason == "" {
		reason = out.Reason
	}
	if reason != "" {
		o.Str("stopReason", reason)
	}
}
