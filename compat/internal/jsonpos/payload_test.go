package jsonpos

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPayload: one JSON object with a string hook_event_name, or an
// error naming the agent and what is wrong.
func TestPayload(t *testing.T) {
	root, event, err := Payload("acme", []byte(` {"hook_event_name":"PreToolUse","tool_name":"Bash"} `))
	require.NoError(t, err)
	assert.Equal(t, "PreToolUse", event)
	assert.Equal(t, "Bash", root.Get("tool_name").Str)
	for in, want := range map[string]string{
		`{"a":`:                    "acme payload: 1:6: ",
		`[1]`:                      "acme payload: want a JSON object, got an array",
		`"x"`:                      "acme payload: want a JSON object, got a string",
		`{}`:                       "acme payload: missing hook_event_name",
		`{"hook_event_name":1}`:    "acme payload: missing hook_event_name",
		`{"hook_event_name":"a"}x`: "acme payload: ",
	} {
		_, _, err := Payload("acme", []byte(in))
		require.Error(t, err, "%s", in)
		assert.Contains(t, err.Error(), want, "%s", in)
	}
}
