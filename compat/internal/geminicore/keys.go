package geminicore

import (
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
)

var _ format.PayloadKeyer = (*Agent)(nil)

// PayloadKeys lists the keys of the agent's payload for native event e
// (Head, the row's Fields, Tail) that native fields hold, by the row's
// Keys and the agent's: the reason with the row's Values, the
// permission_mode with PermissionModes. Keys kept in Extra (timestamp,
// Qwen Code's tool_use_id) are not listed.
func (a *Agent) PayloadKeys(e settings.Event) []format.PayloadKey {
	r, ok := a.ForNative(e)
	if !ok {
		return nil
	}
	var out []format.PayloadKey
	seen := map[string]bool{}
	for _, list := range [][]string{a.Head, r.Fields, a.Tail} {
		for _, k := range list {
			if seen[k] {
				continue
			}
			seen[k] = true
			f := a.field(r, k)
			switch f {
			case FieldExtra, FieldTimestamp, FieldToolUseID:
				continue
			}
			pk := format.PayloadKey{Key: k, Field: string(f)}
			switch f {
			case FieldReason:
				pk.Values = append([][2]string(nil), r.Values...)
			case FieldPermissionMode:
				pk.Values = append([][2]string(nil), a.PermissionModes...)
			}
			if len(pk.Values) == 0 {
				pk.Values = nil
			}
			out = append(out, pk)
		}
	}
	return out
}
