package compat

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/hookcompat/hookcompat/internal/hookjson"
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
//
// The value's end is found by one pass over its bytes as they arrive
// (strings skipped to their closing quote), and the value is then
// validated once: an event holding a whole file is not scanned and
// copied again, as encoding/json's decoder would.
func ReadEvent(r io.Reader) ([]byte, error) {
	var s valueScanner
	buf := make([]byte, 0, 64<<10)
	end := -1
	for end < 0 {
		if len(buf) == cap(buf) {
			grown := make([]byte, len(buf), min(2*cap(buf), MaxEventBytes+1))
			copy(grown, buf)
			buf = grown
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		end = s.scan(buf, false)
		if end < 0 && len(buf) > MaxEventBytes {
			return nil, fmt.Errorf("reading the event: stdin holds more than %d MiB before the end of one JSON value", MaxEventBytes>>20)
		}
		if err != nil {
			if end < 0 {
				end = s.scan(buf, true) // a number or literal that ends the input
			}
			if end >= 0 {
				break
			}
			if errors.Is(err, io.EOF) {
				if !s.started {
					return nil, fmt.Errorf("no event on stdin: give one JSON object (a native event or a Claude Code payload)")
				}
				return nil, fmt.Errorf("reading the event: stdin is not JSON: %w", io.ErrUnexpectedEOF)
			}
			return nil, fmt.Errorf("reading the event: %w", err)
		}
	}
	if end > MaxEventBytes {
		return nil, fmt.Errorf("reading the event: stdin holds more than %d MiB before the end of one JSON value", MaxEventBytes>>20)
	}
	raw := buf[s.start:end]
	if !hookjson.StdValid(raw) {
		var v any
		err := json.Unmarshal(raw, &v)
		if err == nil {
			err = errors.New("invalid JSON")
		}
		return nil, fmt.Errorf("reading the event: stdin is not JSON: %w", err)
	}
	offset := int64(end)
	if err := trailing(buf[end:], offset); err != nil {
		return nil, err
	}
	if f, ok := r.(*os.File); ok {
		offset = int64(len(buf))
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

// valueScanner finds where the first JSON value of a growing buffer ends,
// resuming where it stopped: it tracks only nesting and strings (the
// value is validated once its end is known).
type valueScanner struct {
	pos     int  // next byte to look at
	started bool // the value's first byte was seen
	start   int  // its index
	depth   int  // open containers
	scalar  bool // the value is a number or a literal
	inStr   bool // inside a string
	strAt   int  // where that string started (its quote)
}

// scan looks at buf from where it stopped and returns the index just past
// the first value, or -1 when buf does not hold all of it yet; atEOF
// ends a number or literal that reaches the end of buf.
func (s *valueScanner) scan(buf []byte, atEOF bool) int {
	i := s.pos
	defer func() { s.pos = i }()
	for i < len(buf) {
		if s.inStr {
			q := bytes.IndexByte(buf[i:], '"')
			if q < 0 {
				i = len(buf)
				return -1
			}
			i += q
			n := 0 // backslashes before the quote, within the string
			for k := i - 1; k > s.strAt && buf[k] == '\\'; k-- {
				n++
			}
			i++
			if n%2 == 1 {
				continue // an escaped quote
			}
			s.inStr = false
			if s.depth == 0 {
				return i // a string was the whole value
			}
			continue
		}
		c := buf[i]
		if !s.started {
			switch c {
			case ' ', '\t', '\n', '\r':
				i++
				continue
			}
			s.started, s.start = true, i
			switch c {
			case '{', '[':
			case '"':
			default:
				s.scalar = true
			}
		}
		if s.scalar {
			switch c {
			case ' ', '\t', '\n', '\r', ',', ']', '}', '{', '[', '"', ':':
				return i
			}
			i++
			continue
		}
		switch c {
		case '"':
			s.inStr, s.strAt = true, i
		case '{', '[':
			s.depth++
		case '}', ']':
			s.depth--
			if s.depth <= 0 {
				return i + 1
			}
		}
		i++
	}
	if s.scalar && atEOF {
		return len(buf)
	}
	return -1
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
