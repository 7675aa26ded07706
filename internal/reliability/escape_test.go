//go:build linux

package reliability

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// escapes are hooks that leave processes behind in every way a process
// can leave its hook's process group, each followed by the hook running
// past its timeout (the hooks print nothing; the protocol is native).
var escapes = []struct{ name, command string }{
	{"setsid_escape_output_redirected", `setsid sleep 100 >/dev/null 2>&1 </dev/null & sleep 100`},
	{"setsid_escape_holding_output", `setsid sleep 100 & sleep 100`},
	{"setpgrp_escape_job_control", `bash -mc 'sleep 100 >/dev/null 2>&1 </dev/null & sleep 100'`},
	{"daemonizing_double_fork", `( setsid sh -c 'sleep 100' >/dev/null 2>&1 </dev/null & ) ; sleep 100`},
	{"setsid_from_term_trap", `trap 'setsid sleep 100 >/dev/null 2>&1 </dev/null & exit 0' TERM; sleep 100 & wait`},
	{"sigterm_ignoring", `trap '' TERM; sleep 100 & sleep 100`},
	{"sigterm_ignoring_escape", `trap '' TERM; setsid sleep 100 >/dev/null 2>&1 </dev/null & sleep 100`},
}

// TestNoProcessOutlivesItsHooksTimeout (issue class 5): at its timeout a
// hook is stopped with everything it started — its process group, and the
// descendants that left the group (setsid, a job-control shell's own
// groups, a double-forked daemon with its output sent to /dev/null, a
// setsid from a TERM trap), found by parentage while it ran and at the
// timeout, and as re-parented orphans of this process (the subreaper);
// TERM-ignoring ones are SIGKILLed after the grace. The hook is reported
// as timed out (a fail_closed one blocks), Fire returns within timeout +
// grace, and no process carrying the hook's marker is left.
func TestNoProcessOutlivesItsHooksTimeout(t *testing.T) {
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid")
	}
	const timeout = time.Second
	for _, tc := range escapes {
		t.Run(tc.name, func(t *testing.T) {
			marker := newMarker(t)
			eng := nativeEngine(t, []settings.Hook{{Event: settings.PreTool, Command: tc.command, Timeout: timeout, FailClosed: true}}, marker, runner.Options{})
			out, took, err := fireWithin(t, context.Background(), eng, preToolBash("ls"), timeout+killGrace+slack)
			require.NoError(t, err)
			require.Len(t, out.Hooks, 1)
			assert.Equal(t, runner.OutcomeBlocking, out.Hooks[0].Outcome)
			assert.Equal(t, runner.DecisionBlock, out.Decision, "the fail_closed hook timed out: %+v", out.Hooks[0])
			assert.Contains(t, out.Hooks[0].Error, "timed out")
			assert.GreaterOrEqual(t, took, timeout)
			assert.Less(t, took, timeout+killGrace+slack)
			requireNoneLeft(t, marker)
		})
	}

	// The same through the command line, whose process is the subreaper.
	bin := hookcompatBinary(t)
	for _, tc := range escapes {
		t.Run("cli_"+tc.name, func(t *testing.T) {
			marker := newMarker(t)
			dir := t.TempDir()
			cmd := exec.Command(bin, "exec", "--protocol", "claude", "--event", "PreToolUse", "--fail-closed", "--timeout", "1", "--", tc.command)
			cmd.Dir = dir
			cmd.Env = markedEnv(marker)
			cmd.Stdin = strings.NewReader(`{"event":"pre_tool","tool":"shell","args":{"command":"ls"},"workspace":"` + dir + `"}`)
			start := time.Now()
			out, err := cmd.Output()
			took := time.Since(start)
			require.NoError(t, err)
			assert.Contains(t, string(out), `"decision":"deny"`, "the fail_closed Claude hook timed out")
			assert.Less(t, took, timeout+killGrace+slack)
			requireNoneLeft(t, marker)
		})
	}
}

// A hook that finished in time keeps what it started (B24, decision 003):
// the daemon is still running after Fire, and only the test's cleanup
// ends it.
func TestNoProcessOutlivesItsHooksTimeoutFinishedHookKeepsDaemon(t *testing.T) {
	marker := newMarker(t)
	eng := nativeEngine(t, []settings.Hook{{Event: settings.SessionStart, Timeout: 10 * time.Second,
		Command: `( setsid sh -c 'sleep 100' >/dev/null 2>&1 </dev/null & ) ; echo started`}}, marker, runner.Options{})
	out, _, err := fireWithin(t, context.Background(), eng, runner.Event{Name: settings.SessionStart, Reason: "startup"}, 10*time.Second+slack)
	require.NoError(t, err)
	assert.Equal(t, "started", out.AdditionalContext)
	// The daemon's shell may not have exec'ed sleep yet: one or two
	// processes, but not none. A process in the middle of execve shows an
	// empty environ for an instant, so look a few times before deciding.
	var alive []int
	for try := 0; try < 20 && len(alive) == 0; try++ {
		if try > 0 {
			time.Sleep(10 * time.Millisecond)
		}
		alive = markedProcesses(marker)
	}
	assert.NotEmpty(t, alive, "the daemon of a hook that exited in time keeps running")
}
