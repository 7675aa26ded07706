package compat

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// readEventDecoder is ReadEvent as encoding/json's decoder reads one
// value (what ReadEvent did before its one-pass reading), without the
// look at a file's unread bytes: the reference of the differential test.
func readEventDecoder(r io.Reader) ([]byte, error) {
	lr := &io.LimitedReader{R: r, N: MaxEventBytes + 1}
	dec := json.NewDecoder(lr)
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		if lr.N <= 0 {
			return nil, fmt.Errorf("too big")
		}
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("no event")
		}
		return nil, err
	}
	buffered, _ := io.ReadAll(dec.Buffered())
	if err := trailing(buffered, dec.InputOffset()); err != nil {
		return nil, err
	}
	return raw, nil
}

var readSeeds = []string{
	`{"event":"pre_tool"}`, " \n{\"a\":\"}\\\"{\"} \n", `[1,[2,{"x":"]"}]]`, `"just a string"`, `123`, `123 `, `tru`,
	`{"a":1} {"b":2}`, `{"a":1}garbage`, `{"a":`, ``, `   `, `}`, `{"a":"\\"}`, `{"a":"\\\"}`, "\ufeff{}", `nul`,
	`{"a":[1,2,]}`, `{"a" 1}`, `-0.5e3`, `{"deep":` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `}`,
}

// checkRead compares ReadEvent with the decoder's reading on data, read
// whole and one byte at a time (then nothing follows the value in what
// was read): the same value, an error exactly when the decoder fails.
func checkRead(t *testing.T, data []byte) {
	for _, reader := range []func() io.Reader{
		func() io.Reader { return bytes.NewReader(data) },
		func() io.Reader { return iotest.OneByteReader(bytes.NewReader(data)) },
	} {
		if _, ok := reader().(*bytes.Reader); !ok {
			if t := bytes.TrimLeft(data, " \t\r\n"); len(t) == 0 || (t[0] != '{' && t[0] != '[') {
				// A scalar: the decoder reads one byte past its end to
				// know it ended, and then finds it follows the value.
				continue
			}
		}
		want, wantErr := readEventDecoder(reader())
		got, err := ReadEvent(reader())
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("%q: decoder error %v, ReadEvent error %v", data, wantErr, err)
		}
		if err == nil && !bytes.Equal(got, want) {
			t.Fatalf("%q: decoder %q, ReadEvent %q", data, want, got)
		}
	}
}

func TestReadEventIsTheDecoders(t *testing.T) {
	for _, s := range readSeeds {
		checkRead(t, []byte(s))
	}
}

// FuzzReadEvent: whatever stdin holds, ReadEvent reads the value the
// decoder reads, and fails where it fails.
func FuzzReadEvent(f *testing.F) {
	for _, s := range readSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkRead(t, data) })
}
