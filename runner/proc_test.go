//go:build unix

package runner

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Short limits keep the suite fast; they are not performance claims.
var testLimits = procLimits{outputLimit: 1 << 20, killGrace: 200 * time.Millisecond, drainDelay: 200 * time.Millisecond}

// hangBound only detects hangs; speed is shown by the benchmarks.
const hangBound = 15 * time.Second

// run calls runProcess and fails the test if it does not return within
// hangBound.
func run(t *testing.T, ctx context.Context, inv *Invocation, lim procLimits) *RunResult {
	t.Helper()
	done := make(chan *RunResult, 1)
	go func() { done <- runProcess(ctx, inv, lim) }()
	select {
	case res := <-done:
		return res
	case <-time.After(hangBound):
		t.Fatalf("runProcess(%q) did not return within %s", inv.Argv, hangBound)
		return nil
	}
}

var pidField = regexp.MustCompile(`\b(pid|pgid|child|holder|daemon)=(\d+)`)

// pids reads the "pid=N pgid=N child=N" line a fixture writes to stderr.
func pids(t *testing.T, stderr []byte) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, m := range pidField.FindAllSubmatch(stderr, -1) {
		n, err := strconv.Atoi(string(m[2]))
		require.NoError(t, err)
		out[string(m[1])] = n
	}
	require.NotZero(t, out["pid"], "fixture did not report its pid; stderr: %q", stderr)
	return out
}

// killOnCleanup ends a process this test started (a fixture's grandchild)
// if it is still around when the test ends.
func killOnCleanup(t *testing.T, pid int) {
	if pid > 0 {
		t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) })
	}
}

// liveInGroup lists the processes of group pgid that are still running.
// Zombies do not count: they hold no resources but a process-table slot,
// and orphans are reaped by init (which some sandboxes never do).
func liveInGroup(t *testing.T, pgid int) []int {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	var live []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		state, pgrp, ok := procStat(pid)
		if ok && pgrp == pgid && state != 'Z' && state != 'X' {
			live = append(live, pid)
		}
	}
	return live
}

// alive reports whether pid exists and is not a zombie.
func alive(pid int) bool {
	state, _, ok := procStat(pid)
	return ok && state != 'Z' && state != 'X'
}

// procStat reads a process's state and process group from /proc.
func procStat(pid int) (state byte, pgrp int, ok bool) {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return 0, 0, false
	}
	// pid (comm) state ppid pgrp …; comm may contain spaces and parens.
	rest := data[bytes.LastIndexByte(data, ')')+1:]
	f := strings.Fields(string(rest))
	if len(f) < 3 {
		return 0, 0, false
	}
	pgrp, err = strconv.Atoi(f[2])
	return f[0][0], pgrp, err == nil
}

// requireGroupGone waits (bounded) until nothing of group pgid runs.
func requireGroupGone(t *testing.T, pgid int) {
	t.Helper()
	require.Eventually(t, func() bool { return len(liveInGroup(t, pgid)) == 0 }, 5*time.Second, 10*time.Millisecond,
		"process group %d still has live processes: %v", pgid, liveInGroup(t, pgid))
}

func TestRunProcessExitCode(t *testing.T) {
	for _, code := range []int{0, 1, 2, 3, 127} {
		t.Run(strconv.Itoa(code), func(t *testing.T) {
			res := run(t, context.Background(), fixtureInvocation(t, "exit", strconv.Itoa(code)), testLimits)
			require.NoError(t, res.StartErr)
			assert.Equal(t, code, res.ExitCode)
			assert.Empty(t, res.Signal)
			assert.False(t, res.Failed(), "a process that exited is not a failed run")
			assert.Positive(t, res.Duration)
		})
	}
}

func TestRunProcessSignal(t *testing.T) {
	for _, sig := range []string{"TERM", "KILL", "HUP"} {
		t.Run(sig, func(t *testing.T) {
			res := run(t, context.Background(), fixtureInvocation(t, "signal", sig), testLimits)
			require.NoError(t, res.StartErr)
			assert.Equal(t, -1, res.ExitCode, "a process killed by a signal has no exit code")
			assert.Equal(t, sig, res.Signal)
			assert.False(t, res.TimedOut)
			assert.False(t, res.Cancelled)
		})
	}
}

func TestRunProcessInvalidUTF8Survives(t *testing.T) {
	stdout := "ok \xff\xfe half \xc3 end"
	stderr := "\x80bad\xc0\xaf"
	res := run(t, context.Background(), fixtureInvocation(t, "emit", stdout, stderr, "0"), testLimits)
	require.NoError(t, res.StartErr)
	assert.Equal(t, 0, res.ExitCode)
	assert.Equal(t, []byte(stdout), res.Stdout, "stdout bytes are kept as written")
	assert.Equal(t, []byte(stderr), res.Stderr, "stderr bytes are kept as written")
}

func TestRunProcessSpawnFailure(t *testing.T) {
	tests := []struct {
		name string
		inv  *Invocation
	}{
		{"missing program path", &Invocation{Argv: []string{"/nonexistent/hookcompat-hook"}}},
		{"program not in PATH", &Invocation{Argv: []string{"hookcompat-no-such-program-xyz"}}},
		{"nothing to run", &Invocation{}},
		{"missing working directory", &Invocation{Argv: []string{os.Args[0]}, Dir: "/nonexistent/hookcompat-dir"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := run(t, context.Background(), tt.inv, testLimits)
			require.Error(t, res.StartErr, "a spawn failure must be reported")
			assert.True(t, res.Failed(), "a spawn failure is a failure, never a success")
			assert.Equal(t, -1, res.ExitCode, "no exit code without a process")
			assert.False(t, res.TimedOut)
		})
	}
}

// A hook is the leader of its own process group, so that a timeout can
// signal it and all its descendants at once.
func TestRunProcessOwnProcessGroup(t *testing.T) {
	res := run(t, context.Background(), fixtureInvocation(t, "spawn-grandchild", "10s", "exit"), testLimits)
	require.Equal(t, 0, res.ExitCode, "stderr: %s", res.Stderr)
	p := pids(t, res.Stderr)
	killOnCleanup(t, p["child"])
	assert.Equal(t, p["pid"], p["pgid"], "the hook leads its own process group")
	assert.NotEqual(t, syscall.Getpgrp(), p["pgid"], "the hook is not in the test's process group")
	_, childGroup, ok := procStat(p["child"])
	require.True(t, ok, "grandchild should still exist")
	assert.Equal(t, p["pgid"], childGroup, "the grandchild inherits the hook's group")
}

// PROC (B24): a background child holding stdout after the hook exited
// does not hold the run longer than the drain delay, and what the hook
// wrote still counts.
func TestRunProcessGrandchildHoldingStdout(t *testing.T) {
	reply := `{"decision":"block","reason":"from the hook"}`
	inv := fixtureInvocation(t, "spawn-grandchild", "30s", "exit", reply)
	start := time.Now()
	res := run(t, context.Background(), inv, testLimits)
	elapsed := time.Since(start)
	require.NoError(t, res.StartErr)
	p := pids(t, res.Stderr)
	killOnCleanup(t, p["child"])

	assert.Equal(t, 0, res.ExitCode)
	assert.False(t, res.TimedOut, "the hook exited by itself")
	assert.Equal(t, reply, string(res.Stdout), "the hook's output before it exited is kept")
	assert.GreaterOrEqual(t, res.Duration, testLimits.drainDelay, "the pipes were drained for the drain delay")
	assert.Less(t, elapsed, 5*time.Second, "the grandchild's 30 s must not hold the run")
	// Documented in runProcess: children of a hook that exited normally
	// are left running.
	assert.True(t, alive(p["child"]), "a normally exiting hook keeps its detached children")
}

// PROC: on timeout the whole group gets SIGTERM; a hook that dies from it
// is reported as timed out with signal TERM and nothing of its group
// survives.
func TestRunProcessTimeoutTermsGroup(t *testing.T) {
	inv := fixtureInvocation(t, "spawn-grandchild", "30s", "wait")
	inv.Timeout = 500 * time.Millisecond
	res := run(t, context.Background(), inv, testLimits)
	require.NoError(t, res.StartErr)
	p := pids(t, res.Stderr)
	killOnCleanup(t, p["child"])

	assert.True(t, res.TimedOut, "timeout comes from the context")
	assert.False(t, res.Cancelled)
	assert.True(t, res.Failed())
	assert.Equal(t, -1, res.ExitCode)
	assert.Equal(t, "TERM", res.Signal, "SIGTERM ends a hook that does not ignore it")
	assert.GreaterOrEqual(t, res.Duration, inv.Timeout)
	requireGroupGone(t, p["pgid"])
	assert.False(t, alive(p["child"]), "the grandchild got SIGTERM with the group")
}

// PROC (B26, B27): a hook and a grandchild that ignore SIGTERM are
// SIGKILLed as a group after the grace period.
func TestRunProcessTimeoutKillsAfterGrace(t *testing.T) {
	inv := fixtureInvocation(t, "ignore-term", "with-child")
	inv.Timeout = time.Second // room to start the grandchild under -race
	res := run(t, context.Background(), inv, testLimits)
	require.NoError(t, res.StartErr)
	p := pids(t, res.Stderr)
	killOnCleanup(t, p["child"])
	require.NotZero(t, p["child"])

	assert.Equal(t, "ready\n", string(res.Stdout), "the fixture ignored SIGTERM before the timeout")
	assert.True(t, res.TimedOut)
	assert.Equal(t, "KILL", res.Signal, "a TERM-ignoring hook is SIGKILLed")
	assert.Equal(t, -1, res.ExitCode)
	assert.GreaterOrEqual(t, res.Duration, inv.Timeout+testLimits.killGrace, "SIGKILL comes only after the grace")
	requireGroupGone(t, p["pid"])
	assert.False(t, alive(p["child"]), "the TERM-ignoring grandchild is killed with the group")
}

func TestRunProcessCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	inv := fixtureInvocation(t, "spawn-grandchild", "30s", "wait")
	timer := time.AfterFunc(500*time.Millisecond, cancel)
	defer timer.Stop()
	res := run(t, ctx, inv, testLimits)
	require.NoError(t, res.StartErr)
	p := pids(t, res.Stderr)
	killOnCleanup(t, p["child"])

	assert.True(t, res.Cancelled, "the caller's context ended the run")
	assert.False(t, res.TimedOut, "a cancellation is not a timeout")
	assert.Equal(t, "TERM", res.Signal)
	requireGroupGone(t, p["pgid"])
}

func TestRunProcessAlreadyCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := run(t, ctx, fixtureInvocation(t, "emit", "should not run"), testLimits)
	assert.True(t, res.Cancelled)
	assert.False(t, res.TimedOut)
	assert.Empty(t, res.Stdout, "nothing is started for a cancelled context")
	assert.Equal(t, -1, res.ExitCode)
}

// IN: a hook that never reads a multi-MiB stdin is not an error and does
// not block the run.
func TestRunProcessStdinNeverRead(t *testing.T) {
	payload := bytes.Repeat([]byte("x"), 8<<20)
	for _, tt := range []struct {
		name    string
		fixture string
		arg     string
	}{
		{"exits at once", "exit", "0"},
		{"lives on without reading", "sleep", "200ms"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			inv := fixtureInvocation(t, tt.fixture, tt.arg)
			inv.Stdin = payload
			res := run(t, context.Background(), inv, testLimits)
			require.NoError(t, res.StartErr)
			assert.Equal(t, 0, res.ExitCode)
			assert.False(t, res.Failed())
		})
	}
}

// IN: stdin is written while stdout is read (a hook echoing a payload
// larger than a pipe buffer would deadlock otherwise) and closed after the
// payload (cat sees EOF).
func TestRunProcessStdinConcurrentAndClosed(t *testing.T) {
	payload := make([]byte, 4<<20)
	for i := range payload {
		payload[i] = byte(i*7 + i/251)
	}
	inv := fixtureInvocation(t, "cat")
	inv.Stdin = payload
	lim := testLimits
	lim.outputLimit = 8 << 20
	res := run(t, context.Background(), inv, lim)
	require.NoError(t, res.StartErr)
	assert.False(t, res.TimedOut, "cat must see EOF on stdin")
	assert.Equal(t, 0, res.ExitCode, "stderr: %s", res.Stderr)
	assert.False(t, res.StdoutTruncated)
	assert.True(t, bytes.Equal(payload, res.Stdout), "stdin arrives byte for byte (got %d bytes)", len(res.Stdout))
}

// PROC: output beyond the cap is read and discarded, so the hook never
// blocks on a full pipe, and the result says it was truncated.
func TestRunProcessOutputCap(t *testing.T) {
	const n = 3 << 20
	res := run(t, context.Background(), fixtureInvocation(t, "flood", strconv.Itoa(n)), testLimits)
	require.NoError(t, res.StartErr)
	assert.False(t, res.TimedOut, "a flooding hook is drained, not stalled")
	assert.Equal(t, 0, res.ExitCode, "the hook finished writing all %d bytes", n)
	want := bytes.Repeat([]byte("0123456789abcdef"), (1<<20)/16)
	assert.Len(t, res.Stdout, 1<<20)
	assert.True(t, bytes.Equal(want, res.Stdout), "stdout keeps the first MiB")
	assert.True(t, res.StdoutTruncated)
	assert.Len(t, res.Stderr, 1<<20)
	assert.True(t, bytes.Equal(want, res.Stderr), "stderr keeps the first MiB")
	assert.True(t, res.StderrTruncated)
}

func TestRunProcessOutputUnderCapNotTruncated(t *testing.T) {
	const n = 1 << 20 // exactly the cap
	res := run(t, context.Background(), fixtureInvocation(t, "flood", strconv.Itoa(n)), testLimits)
	require.NoError(t, res.StartErr)
	assert.Len(t, res.Stdout, n)
	assert.False(t, res.StdoutTruncated, "output of exactly the cap is complete")
	assert.False(t, res.StderrTruncated)
}

func TestCapBuffer(t *testing.T) {
	c := &capBuffer{limit: 5}
	for _, p := range []string{"ab", "cd", "efg", "h"} {
		n, err := c.Write([]byte(p))
		require.NoError(t, err, "writes never fail, so the reader keeps draining")
		assert.Equal(t, len(p), n)
	}
	got, truncated := c.bytes()
	assert.Equal(t, "abcde", string(got))
	assert.True(t, truncated)

	c = &capBuffer{limit: 4}
	_, _ = c.Write([]byte("abcd"))
	got, truncated = c.bytes()
	assert.Equal(t, "abcd", string(got))
	assert.False(t, truncated, "exactly the limit is not truncation")
}

// TestRunProcessCallerDeadlineIsCancellation: the caller's deadline ending
// first is a cancellation, not the hook's timeout (so fail_closed does not
// turn an agent-side deadline into a block).
func TestRunProcessCallerDeadlineIsCancellation(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	inv := fixtureInvocation(t, "sleep", "30s")
	inv.Timeout = 20 * time.Second
	res := run(t, ctx, inv, testLimits)
	assert.True(t, res.Cancelled)
	assert.False(t, res.TimedOut)

	inv = fixtureInvocation(t, "sleep", "30s")
	inv.Timeout = 300 * time.Millisecond
	res = run(t, context.Background(), inv, testLimits)
	assert.True(t, res.TimedOut, "the hook's own timeout")
	assert.False(t, res.Cancelled)
}

// PROC (issue class 5): a descendant that left the hook's process group
// (setsid) escapes the group's signals; after a timeout it is killed
// anyway, whether it still holds the hook's output (found through the
// pipes) or sent its output elsewhere (found by parentage): no process
// outlives its hook's timeout.
func TestRunProcessTimeoutKillsEscapedPipeHolders(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("pipe holders are found through /proc")
	}
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid")
	}
	inv := &Invocation{
		Argv: []string{"bash", "-c", `setsid sleep 30 & echo "holder=$!" >&2
setsid sleep 31 >/dev/null 2>&1 </dev/null & echo "daemon=$!" >&2
echo "pid=$$ pgid=$$" >&2; sleep 30`},
		Timeout: 500 * time.Millisecond,
	}
	res := run(t, context.Background(), inv, testLimits)
	require.NoError(t, res.StartErr)
	p := pids(t, res.Stderr)
	killOnCleanup(t, p["holder"])
	killOnCleanup(t, p["daemon"])
	require.NotZero(t, p["holder"])
	require.NotZero(t, p["daemon"])

	assert.True(t, res.TimedOut)
	requireGroupGone(t, p["pgid"])
	assert.Eventually(t, func() bool { return !alive(p["holder"]) }, 2*time.Second, 10*time.Millisecond,
		"the escaped process holding stdout is killed")
	assert.Eventually(t, func() bool { return !alive(p["daemon"]) }, 2*time.Second, 10*time.Millisecond,
		"the escaped process that redirected its output is killed too")
}

// Issue class 1: a background child that keeps writing into the hook's
// stdout after the hook exited is bounded by the drain delay, and what it
// still had in the pipe at the bound is lost output, which makes the run
// failed instead of a reply read from a cut stream.
func TestRunProcessOutputOfOutlivingWriterIsLost(t *testing.T) {
	inv := &Invocation{Argv: []string{"bash", "-c", `yes & echo "child=$!" >&2; echo "pid=$$" >&2; exit 0`}, Timeout: 10 * time.Second}
	res := run(t, context.Background(), inv, testLimits)
	require.NoError(t, res.StartErr)
	p := pids(t, res.Stderr)
	killOnCleanup(t, p["child"])
	assert.Equal(t, 0, res.ExitCode)
	assert.True(t, res.Failed(), "lost output is a failed run")
	assert.Contains(t, res.Lost, "stdout", "%+v", res)
	assert.Eventually(t, func() bool { return !alive(p["child"]) }, 2*time.Second, 10*time.Millisecond,
		"the writer dies of SIGPIPE once the pipe is closed")
}

// Issue class 3: stdout that is a JSON reply is kept up to the reply
// limit, other stdout (and stderr) up to the output limit; the buffer
// decides on the first byte that is not whitespace or a byte order mark.
func TestCapBufferReplyLimit(t *testing.T) {
	for _, tc := range []struct {
		writes    []string
		want      string
		truncated bool
	}{
		{[]string{"  \n", `{"a":`, `"bcdefghij"}`}, "  \n" + `{"a":"bcdefghij"}`, false},
		{[]string{"\ufeff{", strings.Repeat("x", 30)}, "\ufeff{" + strings.Repeat("x", 16), true},
		{[]string{"plain text"}, "plain", true},
		{[]string{"\xef", "\xbb\xbf{", "1234567"}, "\ufeff{1234567", false},
	} {
		c := &capBuffer{limit: 5, replyLimit: 20}
		for _, w := range tc.writes {
			_, _ = c.Write([]byte(w))
		}
		got, truncated := c.bytes()
		assert.Equal(t, tc.want, string(got), "%q", tc.writes)
		assert.Equal(t, tc.truncated, truncated, "%q", tc.writes)
		assert.LessOrEqual(t, cap(got), 20, "the buffer never grows past its limit")
	}
}
