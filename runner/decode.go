package runner

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/hookcompat/hookcompat/internal/hookjson"
)

// DecodeEventLenient decodes a native event sent by another engine
// implementing the native spec: fields hookcompat does not know are kept
// in Extra (in order) instead of being errors, so that nothing is lost.
// Known fields must still have the right types.
//
// Like [DecodeEvent] it reads a large event in one pass besides its
// validation, and leaves what the pass does not handle exactly to
// encoding/json.
func DecodeEventLenient(data []byte) (Event, error) {
	if trimmed := bytes.TrimSpace(data); hookjson.StdValid(trimmed) {
		if ev, ok := decodeEventFast(trimmed, true); ok {
			return ev, nil
		}
	}
	return decodeEventLenientSlow(data)
}

// decodeEventLenientSlow is DecodeEventLenient by encoding/json alone.
func decodeEventLenientSlow(data []byte) (Event, error) {
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
