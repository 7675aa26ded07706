package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// readEvent reads ONE JSON value from r and stops there: a host that
// writes the event and keeps stdin open must not hang run or the exec
// shim (bug class IN, B16).
func readEvent(r io.Reader) ([]byte, error) {
	var raw json.RawMessage
	if err := json.NewDecoder(r).Decode(&raw); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("no event on stdin: give one JSON object (a native event or a Claude Code payload)")
		}
		return nil, fmt.Errorf("reading the event: stdin is not JSON: %w", err)
	}
	return raw, nil
}
