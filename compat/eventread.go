package compat

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
)

// MaxEventBytes bounds the event [ReadEvent] reads (64 MiB): an event is
// a tool call and its result, and a runaway producer must not grow the
// memory of hookcompat run or of the exec shim without end.
const MaxEventBytes = 64 << 20

// ReadEvent reads ONE JSON value from r (stdin of hookcompat run, the
// exec shim's stdin, or the stdin an engine gives a shim it runs
// in-process) and stops there: a host that writes the event and keeps
// stdin open must not hang run or the exec shim. A value longer than
// MaxEventBytes is an error,
// and so is anything but whitespace after the value that stdin already
// holds (a second event would otherwise be dropped silently): what was
// read with the value, and — when r is a pipe, file or terminal — what can
// be read without waiting.
func ReadEvent(r io.Reader) ([]byte, error) {
	lr := &io.LimitedReader{R: r, N: MaxEventBytes + 1}
	dec := json.NewDecoder(lr)
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		if lr.N <= 0 {
			return nil, fmt.Errorf("reading the event: stdin holds more than %d MiB before the end of one JSON value", MaxEventBytes>>20)
		}
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("no event on stdin: give one JSON object (a native event or a Claude Code payload)")
		}
		return nil, fmt.Errorf("reading the event: stdin is not JSON: %w", err)
	}
	offset := dec.InputOffset()
	buffered, _ := io.ReadAll(dec.Buffered())
	if err := trailing(buffered, offset); err != nil {
		return nil, err
	}
	if f, ok := r.(*os.File); ok {
		offset += int64(len(buffered))
		left := MaxEventBytes - offset
		for left > 0 {
			chunk, more := readReady(f, min(left, 64<<10))
			if err := trailing(chunk, offset); err != nil {
				return nil, err
			}
			if !more {
				break
			}
			offset += int64(len(chunk))
			left -= int64(len(chunk))
		}
	}
	return raw, nil
}

// trailing reports data after the event other than JSON whitespace.
func trailing(data []byte, offset int64) error {
	t := bytes.TrimLeft(data, " \t\r\n")
	if len(t) == 0 {
		return nil
	}
	at := offset + int64(len(data)-len(t))
	if len(t) > 40 {
		t = append(t[:40:40], "…"...)
	}
	return fmt.Errorf("reading the event: stdin holds more than one JSON value: %q follows the event at byte %d (give one event per run)", t, at)
}
