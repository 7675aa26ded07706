package claude

import (
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
)

var _ format.PayloadKeyer = claudeFormat{}

// PayloadKeys lists the keys of Claude Code's payload for e that native
// fields hold (the row's head and fields, by [event.nativeField]), the
// reason's with the row's values.
func (claudeFormat) PayloadKeys(e settings.Event) []format.PayloadKey {
	row := eventOf(e)
	if row == nil {
		return nil
	}
	var out []format.PayloadKey
	for _, k := range append(append([]string(nil), row.head...), row.fields...) {
		f := row.nativeField(k)
		if f == "" {
			continue
		}
		pk := format.PayloadKey{Key: k, Field: f}
		if f == "reason" && len(row.values) > 0 {
			pk.Values = append([][2]string(nil), row.values...)
		}
		out = append(out, pk)
	}
	return out
}
