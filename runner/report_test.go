//go:build unix

package runner

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
)

// TestNativeReportExtension: the report a hook's native reply carries
// (hookcompat's extension field, written by the exec shim) puts the
// wrapped hook's outcome, exit code and error into the trace, the audit
// record and the failures — and never changes the decision: a failed
// inner run of a hook that did not block stays no block, a fail_closed
// inner block stays a block; a report that cannot be read is ignored.
func TestNativeReportExtension(t *testing.T) {
	const failed = `{"decision":"","hookcompat":{"hooks":[{"protocol":"claude","command":"guard.sh","outcome":"error","exit_code":127,"duration_ms":1,"error":"exited 127: guard.sh: not found"}]}}`
	const blocked = `{"decision":"block","reason":"hook guard.sh failed and is fail_closed","hookcompat":{"hooks":[{"protocol":"claude","command":"guard.sh","outcome":"blocking","exit_code":1,"error":"exited 1","decision":"block"}]}}`
	const fine = `{"decision":"allow","hookcompat":{"hooks":[{"protocol":"claude","command":"ok.sh","outcome":"success","exit_code":0}]}}`
	const garbage = `{"decision":"","hookcompat":{"hooks":[{"outcome":"exploded","exit_code":9}]}}`
	const notObject = `{"decision":"","hookcompat":"nope"}`
	cfg := ""
	for _, reply := range []string{failed, blocked, fine, garbage, notObject} {
		cfg += "[[hooks.post_tool]]\nargs = [\"printf\", \"%s\", " + tomlQuote(reply) + "]\n"
	}
	var audit bytes.Buffer
	e := newEngine(t, cfg, Options{Logger: slog.New(slog.NewTextHandler(&audit, nil))})
	out := fire(t, e, Event{Name: settings.PostTool, Tool: "shell", Args: json.RawMessage(`{}`)})
	require.Len(t, out.Hooks, 5)

	tr := out.Hooks[0]
	assert.Equal(t, OutcomeError, tr.Outcome, "the wrapped hook's failure")
	require.NotNil(t, tr.ExitCode)
	assert.Equal(t, 127, *tr.ExitCode)
	assert.Equal(t, "exited 127: guard.sh: not found", tr.Error)
	assert.Empty(t, tr.Decision)
	require.Len(t, tr.Inner, 1)
	assert.Equal(t, "guard.sh", tr.Inner[0].Command)
	fails := e.Failures(tr.Hook)
	require.Len(t, fails, 1, "recorded as a failure (HK-66)")
	assert.Equal(t, 127, *fails[0].ExitCode)
	assert.Contains(t, audit.String(), `exit_code=127`)
	assert.Contains(t, audit.String(), `error="exited 127: guard.sh: not found"`)

	tr = out.Hooks[1]
	assert.Equal(t, OutcomeBlocking, tr.Outcome)
	assert.Equal(t, "block", tr.Decision, "the decision is the native fields'")
	assert.Equal(t, "exited 1", tr.Error)
	assert.Len(t, e.Failures(tr.Hook), 1, "a fail_closed block is a failure")

	tr = out.Hooks[2]
	assert.Equal(t, OutcomeSuccess, tr.Outcome)
	assert.Equal(t, "allow", tr.Decision)
	assert.Empty(t, e.Failures(tr.Hook))

	for _, tr := range out.Hooks[3:] {
		assert.Equal(t, OutcomeSuccess, tr.Outcome, "an unreadable report is ignored")
		assert.Nil(t, tr.Inner)
		assert.Equal(t, 0, *tr.ExitCode)
	}
	assert.Equal(t, DecisionBlock, out.Decision, "the merged decision is the native fields'")
}

func tomlQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
