package runner

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// DecodeEventLenient decodes a native event sent by another engine
// implementing the native spec: fields hookcompat does not know are kept
// in Extra (in order) instead of being errors, so that nothing is lost.
// Known fields must still have the right types.
func DecodeEventLenient(data []byte) (Event, error) {
	var all Fields
	if err := json.Unmarshal(bytes.TrimSpace(data), &all); err != nil {
		return Event{}, fmt.Errorf("native event: %w", err)
	}
	var keep, extra Fields
	keys := eventKeys.Get()
	for _, f := range all {
		if keys[f.Key] {
			keep = append(keep, f)
		} else {
			extra = append(extra, f)
		}
	}
	b, err := keep.MarshalJSON()
	if err != nil {
		return Event{}, fmt.Errorf("native event: %w", err)
	}
	var ev Event
	if err := json.Unmarshal(b, &ev); err != nil {
		return Event{}, err
	}
	for _, f := range extra {
		ev.Extra.Set(f.Key, f.Value)
	}
	return ev, nil
}
