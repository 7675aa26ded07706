package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// maxEventBytes bounds the event read from stdin (64 MiB): an event is a
// tool call and its result, and a runaway producer must not grow the
// shim's memory without end.
const maxEventBytes = 64 << 20

// readEvent reads ONE JSON value from r and stops there: a host that
// writes the event and keeps stdin open must not hang run or the exec
// shim (bug class IN, B16). A value longer than maxEventBytes is an error.
func readEvent(r io.Reader) ([]byte, error) {
	lr := &io.LimitedReader{R: r, N: maxEventBytes + 1}
	var raw json.RawMessage
	if err := json.NewDecoder(lr).Decode(&raw); err != nil {
		if lr.N <= 0 {
			return nil, fmt.Errorf("reading the event: stdin holds more than %d MiB before the end of one JSON value", maxEventBytes>>20)
		}
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("no event on stdin: give one JSON object (a native event or a Claude Code payload)")
		}
		return nil, fmt.Errorf("reading the event: stdin is not JSON: %w", err)
	}
	return raw, nil
}
