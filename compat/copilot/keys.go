package copilot

import (
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
)

var _ format.PayloadKeyer = copilotFormat{}

// nativeFieldOf is the native event field a payload key's value lives
// in, by its row's From, or "" (Extra, a constant).
var nativeFieldOf = map[field]string{
	fTool: "tool", fArgs: "args", fPermInput: "args", fResult: "result", fError: "error", fPrompt: "prompt",
	fReason: "reason", fTranscript: "transcript_path", fStopActive: "stop_hook_active", fOutput: "output",
	fSubagent: "subagent", fMessage: "message", fType: "type",
}

// PayloadKeys lists the keys of Copilot's payload for e that native
// fields hold, in the camelCase dialect and then, where the event has a
// PascalCase payload of its own, in that dialect (session_id, tool_input).
func (copilotFormat) PayloadKeys(e settings.Event) []format.PayloadKey {
	r, ok := rowFor(e)
	if !ok {
		return nil
	}
	out := []format.PayloadKey{{Key: "sessionId", Field: "session_id"}, {Key: "cwd", Field: "cwd"}}
	for _, k := range r.Keys {
		if f := nativeFieldOf[k.From]; f != "" {
			out = append(out, format.PayloadKey{Key: k.Camel, Field: f})
		}
	}
	if r.Pascal == "" || r.Shape != shapeCommon {
		return out
	}
	out = append(out, format.PayloadKey{Key: "session_id", Field: "session_id"})
	for _, k := range r.Keys {
		if f := nativeFieldOf[k.From]; f != "" && k.pascalKey() != k.Camel {
			out = append(out, format.PayloadKey{Key: k.pascalKey(), Field: f})
		}
	}
	return out
}
