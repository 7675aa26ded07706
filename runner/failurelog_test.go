package runner_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// failingOutcome is the outcome of one run in which n hooks failed.
func failingOutcome(n, run int) *runner.Outcome {
	out := &runner.Outcome{Event: runner.Event{Name: settings.PreTool}}
	for i := range n {
		h := &settings.Hook{Event: settings.PreTool, Command: fmt.Sprintf("hook-%d", i), Source: settings.Source{File: "f.json", Line: i + 1}}
		msg := fmt.Sprintf("run %d failed with a long enough message to fill the log quickly", run)
		out.Hooks = append(out.Hooks, runner.Trace{Outcome: runner.OutcomeError, Error: msg, Hook: h,
			Reply: runner.HookReply{Outcome: runner.OutcomeError, Err: msg}})
	}
	return out
}

// TestSmallerHolesFailureLog (issue class 7): the failure log stays under
// its bound however many runs fail, keeps each hook's last five failures,
// and HOOKCOMPAT_FAILURE_LOG=off turns it off.
func TestSmallerHolesFailureLog(t *testing.T) {
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	t.Setenv(runner.FailureLogEnv, "")
	path := filepath.Join(state, "hookcompat", "failures.jsonl")
	log := runner.DefaultFailureLog(nil)
	require.NotNil(t, log)
	assert.Equal(t, path, log.Path)
	for run := range 2000 {
		log.Record(failingOutcome(5, run))
	}
	st, err := os.Stat(path)
	require.NoError(t, err)
	assert.LessOrEqual(t, st.Size(), int64(runner.DefaultFailureLogBytes), "the log is bounded")
	logged := log.Read()
	require.Len(t, logged, 5, "every hook is still listed")
	for _, fails := range logged {
		require.Len(t, fails, runner.MaxFailures)
		assert.Equal(t, "run 1999 failed with a long enough message to fill the log quickly", fails[len(fails)-1].Error, "the newest failure is kept")
	}

	off := t.TempDir()
	t.Setenv("XDG_STATE_HOME", off)
	t.Setenv(runner.FailureLogEnv, "off")
	assert.Nil(t, runner.DefaultFailureLog(nil), "no log when it is off")
	runner.DefaultFailureLog(nil).Record(failingOutcome(1, 0)) // a nil log records nothing
	_, err = os.Stat(filepath.Join(off, "hookcompat", "failures.jsonl"))
	assert.True(t, os.IsNotExist(err), "no log when it is off")
	assert.Empty(t, runner.DefaultFailureLog(nil).Read())
	t.Setenv(runner.FailureLogEnv, filepath.Join(off, "named.jsonl"))
	assert.Equal(t, filepath.Join(off, "named.jsonl"), runner.DefaultFailureLog(nil).Path, "another value names the file")
}
