package codex

import (
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
)

var _ format.PayloadKeyer = codexFormat{}

// payloadFields are the native fields that hold Codex's payload keys, as
// [Protocol.FromPayload] reads them and the payload writer writes them
// (codex §2.2); agent_type is the subagent's on a Subagent row and the
// agent's otherwise. A key not listed lives in Event.Extra.
var payloadFields = map[string]string{
	"session_id": "session_id", "turn_id": "prompt_id", "transcript_path": "transcript_path", "cwd": "cwd",
	"permission_mode": "permission_mode", "tool_name": "tool", "tool_input": "args", "tool_response": "result",
	"tool_use_id": "tool_call_id", "prompt": "prompt", "stop_hook_active": "stop_hook_active",
	"last_assistant_message": "output", "source": "reason", "reason": "reason", "trigger": "reason",
	"agent_type": "agent", "error": "error",
}

// PayloadKeys lists the keys of Codex's payload for e (its row's Keys,
// a subagent's agent_type included) that native fields hold; source with
// its values.
func (codexFormat) PayloadKeys(e settings.Event) []format.PayloadKey {
	row, ok := rowFor(e)
	if !ok {
		return nil
	}
	var out []format.PayloadKey
	for _, k := range row.Keys {
		if k == "+agent" {
			k = "agent_type"
		}
		f, ok := payloadFields[k]
		if !ok {
			continue
		}
		pk := format.PayloadKey{Key: k, Field: f}
		switch {
		case k == "agent_type" && row.Subagent:
			pk.Field = "subagent"
		case k == "source":
			pk.Values = append([][2]string(nil), sessionStartSource...)
		}
		out = append(out, pk)
	}
	return out
}
