package cli

import (
	"io"
	"strings"
	"testing"

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
	got, err := readEvent(io.MultiReader(strings.NewReader(`{"a":1} trailing garbage never read`), &endless{}))
	require.NoError(t, err)
	assert.JSONEq(t, `{"a":1}`, string(got), "B16 class: one value, the rest of stdin is not awaited")

	_, err = readEvent(&endless{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "more than 64 MiB")

	_, err = readEvent(strings.NewReader(""))
	assert.ErrorContains(t, err, "no event on stdin")
	_, err = readEvent(strings.NewReader("{nope"))
	assert.ErrorContains(t, err, "stdin is not JSON")
}
