//go:build unix

package runner

import (
	"context"
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A negative Invocation.KillGrace SIGKILLs the group at the timeout, with
// no SIGTERM first (Codex kills its hooks outright): a hook that would
// exit on SIGTERM is reported killed by KILL, and no grace is waited.
func TestRunProcessNegativeKillGraceKillsAtOnce(t *testing.T) {
	inv := fixtureInvocation(t, "spawn-grandchild", "30s", "wait")
	inv.Timeout = 300 * time.Millisecond
	inv.KillGrace = -1
	lim := testLimits
	lim.killGrace = 10 * time.Second // would show if it were waited
	res := run(t, context.Background(), inv, lim)
	require.NoError(t, res.StartErr)
	p := pids(t, res.Stderr)
	killOnCleanup(t, p["child"])
	assert.True(t, res.TimedOut)
	assert.Equal(t, "KILL", res.Signal, "no SIGTERM: the hook could not exit on its own")
	assert.Less(t, res.Duration, lim.killGrace, "the engine's grace is not waited")
	requireGroupGone(t, p["pgid"])
}

// A positive Invocation.KillGrace replaces the engine's grace.
func TestRunProcessKillGraceOverride(t *testing.T) {
	inv := fixtureInvocation(t, "ignore-term")
	inv.Timeout = 3 * time.Second // room to start the fixture under -race
	inv.KillGrace = 100 * time.Millisecond
	lim := testLimits
	lim.killGrace = 10 * time.Second
	res := run(t, context.Background(), inv, lim)
	require.NoError(t, res.StartErr)
	assert.Equal(t, "ready\n", string(res.Stdout), "the fixture ignored SIGTERM before the timeout")
	assert.Equal(t, "KILL", res.Signal)
	assert.Less(t, res.Duration, lim.killGrace, "the invocation's shorter grace applies")
}

// Invocation.OutputLimit replaces the engine's output cap for one run.
func TestRunProcessOutputLimitOverride(t *testing.T) {
	const n = 3 << 20
	inv := fixtureInvocation(t, "flood", strconv.Itoa(n))
	inv.OutputLimit = 4 << 20
	res := run(t, context.Background(), inv, testLimits)
	require.NoError(t, res.StartErr)
	assert.Len(t, res.Stdout, n, "all of stdout under the larger cap")
	assert.False(t, res.StdoutTruncated)
}

// A start that fails with ETXTBSY (the script still open for writing
// somewhere) is retried within its bound: a script busy for fewer starts
// than the bound runs; one busy for every start fails, after exactly
// 1+textBusyRetries starts of the script, and names the cause.
func TestRunProcessRetriesTextBusyStarts(t *testing.T) {
	busyStarts := func(busy int) (procLimits, *int) {
		starts := 0
		lim := testLimits
		lim.startProcess = func(path string, argv []string, attr *os.ProcAttr) (*os.Process, error) {
			starts++
			if starts <= busy {
				return nil, &os.PathError{Op: "fork/exec", Path: path, Err: syscall.ETXTBSY}
			}
			return os.StartProcess(path, argv, attr)
		}
		return lim, &starts
	}
	t.Run("busy a while", func(t *testing.T) {
		lim, starts := busyStarts(textBusyRetries)
		res := run(t, context.Background(), fixtureInvocation(t, "exit", "0"), lim)
		require.NoError(t, res.StartErr)
		assert.Equal(t, 0, res.ExitCode)
		assert.Equal(t, textBusyRetries+1, *starts, "retried until the start succeeded")
	})
	t.Run("busy throughout", func(t *testing.T) {
		lim, starts := busyStarts(1 << 30)
		inv := fixtureInvocation(t, "exit", "0")
		res := run(t, context.Background(), inv, lim)
		require.Error(t, res.StartErr, "a start that never succeeds has failed")
		assert.ErrorIs(t, res.StartErr, syscall.ETXTBSY)
		assert.Equal(t, textBusyRetries+1, *starts, "no start beyond the bound")
	})
	t.Run("other errors are not retried", func(t *testing.T) {
		starts := 0
		lim := testLimits
		lim.startProcess = func(path string, argv []string, attr *os.ProcAttr) (*os.Process, error) {
			starts++
			return nil, &os.PathError{Op: "fork/exec", Path: path, Err: syscall.EACCES}
		}
		res := run(t, context.Background(), fixtureInvocation(t, "exit", "0"), lim)
		require.Error(t, res.StartErr)
		assert.Equal(t, 1, starts)
	})
}
