package runner

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"
)

// Default process limits (DESIGN §4).
const (
	// DefaultOutputLimit caps captured stdout and stderr, each, per run
	// (1 MiB); the rest is read and discarded so the hook never blocks.
	DefaultOutputLimit = 1 << 20
	// DefaultKillGrace is the time between SIGTERM and SIGKILL to a timed
	// out hook's process group.
	DefaultKillGrace = time.Second
	// DefaultDrainDelay bounds how long output pipes are read after the
	// hook's own process exited, so that a background child holding them
	// cannot hold the engine (bug class PROC, B24).
	DefaultDrainDelay = 500 * time.Millisecond
	// DefaultMaxParallel caps the hooks of one event that run at once
	// (Options.MaxParallel), so that a config with hundreds of hooks on
	// one event cannot exhaust processes or file descriptors.
	DefaultMaxParallel = 64
)

// Invocation is one prepared run of a hook: a process (Argv) or an HTTP
// request (URL), with the bytes it receives.
type Invocation struct {
	// Argv is the program and its arguments; Argv[0] is looked up in PATH
	// when it has no slash.
	Argv []string
	// Dir is the working directory; empty means the engine's.
	Dir string
	// Env is the complete environment ("KEY=value").
	Env []string
	// Stdin is written to the process (or POSTed as the body of an http
	// hook), then stdin is closed.
	Stdin []byte
	// Timeout bounds the run; zero means no bound besides the context.
	Timeout time.Duration

	// URL and Headers describe an http hook (HK-62); Argv is empty then.
	URL     string
	Headers map[string]string
}

// RunResult is the raw result of one run, before a protocol reads it.
type RunResult struct {
	// ExitCode is the process's exit status, or -1 when it did not exit
	// normally (killed by a signal, or never started). For http hooks it
	// is 0 for a 2xx status and 1 otherwise.
	ExitCode int
	// Signal names the signal that ended the process ("TERM", "KILL"), if any.
	Signal string
	// Stdout and Stderr are the captured output, each capped at the
	// engine's output limit (1 MiB by default).
	Stdout, Stderr []byte
	// StdoutTruncated and StderrTruncated report bytes beyond the cap.
	StdoutTruncated, StderrTruncated bool
	// TimedOut reports that the run hit its timeout (from the context, not
	// from the wait status).
	TimedOut bool
	// Cancelled reports that the caller's context ended the run.
	Cancelled bool
	// StartErr is why the process could not be started, or the network
	// error of an http hook; a start failure is a failure, never a success.
	StartErr error
	// HTTPStatus is the response status of an http hook, HTTPContentType
	// its Content-Type header (protocols that read JSON only from JSON
	// responses need it).
	HTTPStatus      int
	HTTPContentType string
	// Duration is the wall time of the run.
	Duration time.Duration
}

// Failed reports whether the run failed before producing an exit status
// worth reading: start error, timeout or cancellation.
func (r *RunResult) Failed() bool { return r.StartErr != nil || r.TimedOut || r.Cancelled }

// procLimits are the engine's process settings.
type procLimits struct {
	outputLimit int
	killGrace   time.Duration
	drainDelay  time.Duration
}

// runProcess runs inv as a process in its own process group (DESIGN §4):
// stdin is written concurrently with reading stdout and stderr and then
// closed (a hook that never reads it is not an error); output is capped
// while still drained; on timeout or cancellation the whole group gets
// SIGTERM, then SIGKILL after the grace period; after the hook's own
// process exits, its pipes are read for at most drainDelay, so that a
// background child holding them cannot hang the engine. Children of a hook
// that exited normally are left running (a hook may start detached work,
// as Claude Code allows); on timeout the whole group is killed, and so are
// processes outside it that still hold the hook's stdout or stderr.
func runProcess(ctx context.Context, inv *Invocation, lim procLimits) *RunResult {
	start := time.Now()
	res := &RunResult{ExitCode: -1}
	defer func() { res.Duration = time.Since(start) }()
	if len(inv.Argv) == 0 {
		res.StartErr = errors.New("nothing to run")
		return res
	}
	parent := ctx
	if inv.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, inv.Timeout)
		defer cancel()
	}
	if err := ctx.Err(); err != nil {
		classifyCtxErr(parent, ctx, res)
		return res
	}

	cmd := exec.Command(inv.Argv[0], inv.Argv[1:]...)
	cmd.Dir = inv.Dir
	cmd.Env = inv.Env
	setProcessGroup(cmd)

	stdinR, stdinW, err := os.Pipe()
	if err != nil {
		res.StartErr = err
		return res
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(stdinR, stdinW)
		res.StartErr = err
		return res
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(stdinR, stdinW, outR, outW)
		res.StartErr = err
		return res
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdinR, outW, errW
	startErr := cmd.Start()
	// The child holds its own copies; ours of the child's ends must go so
	// that EOF is seen when the child side closes.
	closeAll(stdinR, outW, errW)
	if startErr != nil {
		closeAll(stdinW, outR, errR)
		res.StartErr = startErr
		return res
	}
	pgid := cmd.Process.Pid

	var wg sync.WaitGroup
	outBuf := &capBuffer{limit: lim.outputLimit}
	errBuf := &capBuffer{limit: lim.outputLimit}
	readersDone := make(chan struct{})
	wg.Add(2)
	go func() { defer wg.Done(); _, _ = io.Copy(outBuf, outR) }()
	go func() { defer wg.Done(); _, _ = io.Copy(errBuf, errR) }()
	go func() { wg.Wait(); close(readersDone) }()

	writerDone := make(chan struct{})
	go func() {
		defer close(writerDone)
		// EPIPE (the hook exited or closed stdin without reading) is fine.
		_, _ = stdinW.Write(inv.Stdin)
		_ = stdinW.Close()
	}()

	exited := make(chan struct{})
	var waitErr error
	go func() { waitErr = cmd.Wait(); close(exited) }()

	select {
	case <-exited:
	case <-ctx.Done():
		terminateGroup(pgid, exited, lim.killGrace)
		// Descendants that left the group but still write into the
		// hook's output are part of the timed-out hook too.
		killPipeHolders(outR, errR)
		classifyCtxErr(parent, ctx, res)
	}

	drain := time.NewTimer(lim.drainDelay)
	select {
	case <-readersDone:
	case <-drain.C:
		// A descendant still holds the pipes: stop reading (B24).
		closeAll(outR, errR)
		<-readersDone
	}
	drain.Stop()
	closeAll(outR, errR)
	// A hook that never read stdin and whose pipe is full blocks the
	// writer; closing our end releases it.
	_ = stdinW.Close()
	<-writerDone

	res.Stdout, res.StdoutTruncated = outBuf.bytes()
	res.Stderr, res.StderrTruncated = errBuf.bytes()
	res.ExitCode, res.Signal = exitStatus(cmd, waitErr)
	return res
}

// terminateGroup ends a timed-out or cancelled hook: SIGTERM to its
// process group, then — once the grace period is over and something of
// the group is still alive — SIGKILL to the group. Escalation is based on
// observed exits (the hook's own, and the group being empty), never on a
// signal having been sent (B26, B27). It returns after the hook's own
// process has exited and the group is gone or was SIGKILLed.
func terminateGroup(pgid int, exited <-chan struct{}, grace time.Duration) {
	_ = signalGroup(pgid, sigTerm)
	deadline := time.NewTimer(grace)
	defer deadline.Stop()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	done := exited
	for {
		select {
		case <-done:
			done = nil // exited; now wait for the rest of the group
			if !groupAlive(pgid) {
				return
			}
		case <-tick.C:
			if done == nil && !groupAlive(pgid) {
				return
			}
		case <-deadline.C:
			_ = signalGroup(pgid, sigKill)
			<-exited
			return
		}
	}
}

// classifyCtxErr records why ctx (the run's context, derived from the
// caller's parent) ended: the hook's own timeout, or the caller — whose
// cancellation or deadline is a cancellation of the hook, never its
// timeout (so fail_closed does not turn it into a block).
func classifyCtxErr(parent, ctx context.Context, res *RunResult) {
	if parent.Err() == nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		res.TimedOut = true
	} else {
		res.Cancelled = true
	}
}

func closeAll(fs ...*os.File) {
	for _, f := range fs {
		_ = f.Close()
	}
}

// capBuffer keeps the first limit bytes written to it and counts, but
// discards, the rest. Writes never fail, so the writer keeps draining.
type capBuffer struct {
	mu        sync.Mutex
	buf       []byte
	limit     int
	truncated bool
}

func (c *capBuffer) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	room := c.limit - len(c.buf)
	if room >= len(p) {
		c.buf = append(c.buf, p...)
	} else {
		if room > 0 {
			c.buf = append(c.buf, p[:room]...)
		}
		c.truncated = true
	}
	return len(p), nil
}

func (c *capBuffer) bytes() ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf, c.truncated
}
