package cli

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// endless is a stdin that opens a JSON string and never ends it.
type endless struct{ started bool }

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	if !e.started {
		n = copy(p, `{"tool_input":"`)
		e.started = true
	}
	for i := n; i < len(p); i++ {
		p[i] = 'x'
	}
	return len(p), nil
}

func TestReadEventOneValueAndBounded(t *testing.T) {
	got, err := readEvent(strings.NewReader("{\"a\":1}\n"))
	require.NoError(t, err)
	assert.JSONEq(t, `{"a":1}`, string(got))

	_, err = readEvent(&endless{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "more than 64 MiB")

	_, err = readEvent(strings.NewReader(""))
	assert.ErrorContains(t, err, "no event on stdin")
	_, err = readEvent(strings.NewReader("{nope"))
	assert.ErrorContains(t, err, "stdin is not JSON")
}

// TestSmallerHolesTrailingDataOnStdin (issue class 7): anything but
// whitespace after the one event is an error (a second event would be
// dropped silently), whether it came with the event or is waiting in the
// pipe; a host that writes the event and keeps stdin open is still not
// waited for (B16).
func TestSmallerHolesTrailingDataOnStdin(t *testing.T) {
	_, err := readEvent(io.MultiReader(strings.NewReader(`{"a":1} {"b":2}`), &endless{}))
	require.Error(t, err, "trailing data read with the event")
	assert.Contains(t, err.Error(), `"{\"b\":2}`)
	assert.Contains(t, err.Error(), "at byte 8")

	// A pipe kept open after the event: no error, no wait.
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	defer w.Close()
	_, _ = w.WriteString("{\"a\":1}\n")
	done := make(chan error, 1)
	go func() { _, err := readEvent(r); done <- err }()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("readEvent waited for a stdin kept open (B16)")
	}

	// A second value waiting in the pipe, or in a file after a large
	// first one (past what the decoder reads at once).
	big := `{"a":"` + strings.Repeat("x", 100_000) + `"}`
	for _, tc := range []struct {
		name, input string
		pipe, ok    bool
	}{
		{"second value in the pipe", `{"a":1}` + "\n\n" + `{"event":"stop"}`, true, false},
		{"whitespace in the pipe", `{"a":1}` + " \r\n\t\n", true, true},
		{"second value in a file", big + "\n" + `{"event":"stop"}`, false, false},
		{"whitespace in a file", big + "\n\n", false, true},
	} {
		var f *os.File
		if tc.pipe {
			r, w, err := os.Pipe()
			require.NoError(t, err)
			_, _ = w.WriteString(tc.input) // fits in the pipe
			w.Close()
			f = r
		} else {
			p := filepath.Join(t.TempDir(), "event.json")
			require.NoError(t, os.WriteFile(p, []byte(tc.input), 0o600))
			f, err = os.Open(p)
			require.NoError(t, err)
		}
		_, err = readEvent(f)
		f.Close()
		if tc.ok {
			assert.NoError(t, err, tc.name)
		} else {
			assert.ErrorContains(t, err, "more than one JSON value", tc.name)
		}
	}
}
