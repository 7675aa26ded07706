package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Default process limits (see the package documentation).
const (
	// DefaultOutputLimit caps captured stderr, and stdout that is not a
	// JSON reply, each, per run (1 MiB); the rest is read and discarded
	// so the hook never blocks.
	DefaultOutputLimit = 1 << 20
	// DefaultReplyLimit caps captured stdout that is a JSON reply (its
	// first byte other than whitespace is '{'), per run: 64 MiB, far
	// above what hooks print (Claude Code reads a reply of any size), and
	// the size of the largest event hookcompat reads. Only a reply longer
	// than this is cut, which makes the hook failed.
	DefaultReplyLimit = 64 << 20
	// DefaultKillGrace is the time between SIGTERM and SIGKILL to a timed
	// out hook's process group.
	DefaultKillGrace = time.Second
	// DefaultDrainDelay bounds how long output pipes are read after the
	// hook's own process exited and everything it wrote was read, so that
	// a background child holding them cannot hold the engine.
	DefaultDrainDelay = 500 * time.Millisecond
	// DefaultMaxParallel caps the hooks of one event that run at once
	// (Options.MaxParallel), so that a config with hundreds of hooks on
	// one event cannot exhaust processes or file descriptors.
	DefaultMaxParallel = 64
	// DefaultMaxProcesses caps the hook runs in flight at once across all
	// of an engine's events (Options.MaxProcesses), so that concurrent
	// Fire calls cannot either.
	DefaultMaxProcesses = 64
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
	// Direct lets the runner start COMMAND of an Argv `SHELL -c COMMAND`
	// (a protocol's shell form: /bin/sh, bash) as the one program it
	// names, without the shell, when COMMAND is one simple command whose
	// words are known without running it (literal or quoted text,
	// variables the shell takes unchanged from Env, a leading ~; no
	// pipe, redirection, glob, builtin or keyword) and nothing the hook
	// sees would differ: its argv, the program found in Env's PATH as the shell
	// finds it, the environment the shell would pass on, the exit status
	// (for dash, which forks the command, 128+n and the shell's message
	// for a command killed by signal n). Whenever that cannot be told, or
	// the program cannot be started as the shell would start it (not
	// found, not executable, a script without #!), the shell runs COMMAND
	// itself and reports in its own words. A shell that forks the command
	// (dash) stays its parent, which no direct run reproduces: set Direct
	// only where that difference is acceptable (the native protocol sets
	// it for bash, which replaces itself with the command).
	Direct bool
	// KillGrace, when non-zero, replaces the engine's grace between
	// SIGTERM and SIGKILL for this run (Options.KillGrace); a negative
	// value sends SIGKILL at the timeout without a SIGTERM first, as
	// agents that kill their hooks outright do (Codex).
	KillGrace time.Duration
	// OutputLimit, when positive, replaces the engine's cap on captured
	// stdout and stderr for this run (Options.OutputLimit), in bytes, for
	// protocols whose agent reads a hook's whole output (Codex).
	OutputLimit int
	// StdoutLimit, when positive, caps captured stdout at this many
	// bytes whatever it holds (a protocol whose agent cuts replies at a
	// size of its own, such as Phi's 1 MiB); zero means the engine's
	// limits (Options.OutputLimit, Options.ReplyLimit).
	StdoutLimit int

	// URL and Headers describe an http hook (HK-62); Argv is empty then.
	URL     string
	Headers map[string]string

	// Event, when set, is the native event Stdin encodes (the native
	// protocol's Prepare sets it). An [InProcessFunc] that would decode
	// Stdin as a native event reads it instead: the engine gives the
	// function a copy of its own, exactly as DecodeEventLenient would
	// decode Stdin (raw values compact, each byte of a string that is not
	// UTF-8 as U+FFFD), so that an event of tens of MiB is not decoded
	// again for every hook that runs in-process. A process never sees it.
	Event *Event
}

// RunResult is the raw result of one run, before a protocol reads it.
type RunResult struct {
	// ExitCode is the process's exit status, or -1 when it did not exit
	// normally (killed by a signal, or never started). For http hooks it
	// is 0 for a 2xx status and 1 otherwise.
	ExitCode int
	// Signal names the signal that ended the process ("TERM", "KILL"), if any.
	Signal string
	// Stdout and Stderr are the captured output: stderr and plain stdout
	// capped at the engine's output limit (1 MiB by default), stdout that
	// is a JSON reply at its reply limit (64 MiB by default), or stdout at
	// Invocation.StdoutLimit when set.
	Stdout, Stderr []byte
	// StdoutTruncated and StderrTruncated report bytes beyond the cap.
	StdoutTruncated, StderrTruncated bool
	// TimedOut reports that the run hit its timeout (from the context, not
	// from the wait status).
	TimedOut bool
	// Cancelled reports that the caller's context ended the run.
	Cancelled bool
	// Lost says which output could not be read: bytes a process that
	// outlived the hook was still writing into its stdout or stderr when
	// the drain delay ended, or a read error. Non-empty means the run
	// failed; protocols treat it as a failure of the hook (its
	// fail_closed applies), never as a reply.
	Lost string
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
// and output worth reading: start error, timeout, cancellation or lost
// output.
func (r *RunResult) Failed() bool {
	return r.StartErr != nil || r.TimedOut || r.Cancelled || r.Lost != ""
}

// procLimits are the engine's process settings.
type procLimits struct {
	outputLimit int
	replyLimit  int
	killGrace   time.Duration
	drainDelay  time.Duration
	// lookPath is Options.LookPath; nil is exec.LookPath.
	lookPath func(string) (string, error)
	// startProcess is os.StartProcess (nil); tests replace it to count
	// the starts the text-busy retry makes.
	startProcess func(string, []string, *os.ProcAttr) (*os.Process, error)
}

// textBusyRetries and textBusyFirstWait bound the retry of a start that
// failed with ETXTBSY ("text file busy"): the executable was still open
// for writing, as when an installer or an editor has just written the
// script, or when another goroutine of the embedding program forked while
// holding the file's descriptor (Go issue 22315). The start is retried
// up to textBusyRetries times, waiting textBusyFirstWait, then twice as
// long each time (at most 31 ms in all); a start still busy after that
// fails as any other start does (the hook has failed; its fail_closed
// applies).
const (
	textBusyRetries   = 5
	textBusyFirstWait = time.Millisecond
)

// startRetryingTextBusy starts a process with start, retrying a start
// that fails with ETXTBSY within the bounds above while ctx lasts.
func startRetryingTextBusy(ctx context.Context, start func(string, []string, *os.ProcAttr) (*os.Process, error), path string, argv []string, attr *os.ProcAttr) (*os.Process, error) {
	if start == nil {
		start = os.StartProcess
	}
	wait := textBusyFirstWait
	for try := 0; ; try++ {
		p, err := start(path, argv, attr)
		if err == nil || !errors.Is(err, syscall.ETXTBSY) || try == textBusyRetries || ctx.Err() != nil {
			return p, err
		}
		time.Sleep(wait)
		wait *= 2
	}
}

// runProcess runs inv as a process in its own process group:
// stdin is written concurrently with reading stdout and stderr and then
// closed (a hook that never reads it is not an error); output is capped
// while still drained; on timeout or cancellation the whole group gets
// SIGTERM, then SIGKILL after the grace period; after the hook's own
// process exits, everything it wrote is read (on Linux: the bytes still
// in its pipes at that moment are counted and read whatever the load),
// then the pipes are read for at most drainDelay more, so that a
// background child holding them cannot hang the engine; bytes such a
// child still had in the pipes at that bound are lost and make the run
// failed (RunResult.Lost). Children of a hook
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
	ctx, cancel, lim, ok := beginRun(ctx, inv, lim, res)
	defer cancel()
	if !ok {
		return res
	}
	env := envWithoutNUL(inv.Env)
	var direct *directPlan
	if inv.Direct {
		direct = planDirect(inv, env)
	}

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
	files := []*os.File{stdinR, outW, errW}
	var proc *os.Process
	spec, startErr := processSpec(inv, env, direct, lim.lookPath)
	startProc := func() error {
		var err error
		proc, err = startRetryingTextBusy(ctx, lim.startProcess, spec.path, spec.argv, &os.ProcAttr{Dir: spec.dir, Env: spec.env, Files: files, Sys: processGroupAttr()})
		return err
	}
	pid := func() int { return proc.Pid }
	var tracked *trackedRun
	if startErr == nil {
		tracked, startErr = startTracked(startProc, pid)
	}
	if startErr != nil && direct != nil {
		// Not startable the way the shell would start it (not executable,
		// no #! line, a missing interpreter, …): the shell runs the command
		// and answers in its own words and exit codes. Nothing ran.
		direct = nil
		if spec, startErr = processSpec(inv, env, nil, lim.lookPath); startErr == nil {
			tracked, startErr = startTracked(startProc, pid)
		}
	}
	defer tracked.done()
	// The child holds its own copies; ours of the child's ends must go so
	// that EOF is seen when the child side closes.
	closeAll(stdinR, outW, errW)
	if startErr != nil {
		closeAll(stdinW, outR, errR)
		res.StartErr = explainStartErr(spec.path, startErr)
		return res
	}
	pgid := proc.Pid

	outBuf, errBuf := runOutputs(inv, lim)
	outRd := newPipeReader(outR, outBuf)
	errRd := newPipeReader(errR, errBuf)

	writerDone := make(chan struct{})
	go func() {
		defer close(writerDone)
		// EPIPE (the hook exited or closed stdin without reading) is fine.
		_, _ = stdinW.Write(inv.Stdin)
		_ = stdinW.Close()
	}()

	exited := make(chan struct{})
	var state *os.ProcessState
	go func() { state, _ = proc.Wait(); close(exited) }()

	sent := "" // the signal the group got while the hook's own process ran
	select {
	case <-exited:
	case <-ctx.Done():
		select {
		case <-exited:
		default:
			sent = "TERM"
			if lim.killGrace < 0 {
				sent = "KILL"
			}
		}
		terminateGroup(pgid, exited, lim.killGrace, tracked)
		// Descendants that left the group are part of the timed-out hook
		// too: those found by parentage, and those that still write into
		// the hook's output.
		tracked.killAll()
		killPipeHolders(outR, errR)
		classifyCtxErr(parent, ctx, res)
	}

	// What the hook itself wrote before it exited is in the pipes now (or
	// already read): it is read whole, however long that takes under load
	// (it is at most a pipe's capacity). Only output of processes that
	// outlived the hook is bounded by the drain delay.
	<-outRd.catchUp()
	<-errRd.catchUp()
	// The drain delay counts from now; its timer is made only for a pipe
	// still open (most hooks' pipes are at EOF by now).
	drainStart := time.Now()
	var drain *time.Timer
	var lost []string
	for _, p := range []struct {
		name string
		r    *pipeReader
	}{{"stdout", outRd}, {"stderr", errRd}} {
		select {
		case <-p.r.done:
		default:
			if drain == nil {
				drain = time.NewTimer(lim.drainDelay - time.Since(drainStart))
				defer drain.Stop()
			}
			select {
			case <-p.r.done:
			case <-drain.C:
				drain.Reset(0) // the delay is over for the other pipe too
				if n := p.r.stop(); n > 0 {
					lost = append(lost, fmt.Sprintf("%s (%d bytes after the hook's own)", p.name, n))
				}
			}
		}
		if err := p.r.readErr(); err != nil {
			lost = append(lost, fmt.Sprintf("%s (read error: %v)", p.name, err))
		}
	}
	if len(lost) > 0 {
		res.Lost = fmt.Sprintf("output lost: a process the hook started was still writing to its %s when reading stopped, %s after the hook exited", strings.Join(lost, " and "), lim.drainDelay)
	}
	closeAll(outR, errR)
	// A hook that never read stdin and whose pipe is full blocks the
	// writer; closing our end releases it.
	_ = stdinW.Close()
	<-writerDone

	res.ExitCode, res.Signal = exitStatus(state)
	if direct != nil && direct.forks {
		direct.asShell(state, res, errBuf, sent)
	}
	res.Stdout, res.StdoutTruncated = outBuf.bytes()
	res.Stderr, res.StderrTruncated = errBuf.bytes()
	return res
}

// procSpec is a process to start: the file, its argv, environment and
// working directory.
type procSpec struct {
	path      string
	argv, env []string
	dir       string
}

// processSpec is the process of inv, started as os/exec starts a
// command: the plan's program when direct is set, else inv.Argv with a
// program name without a slash looked up in this process's PATH
// (exec.Command; the error is exec's) or by lookPath when set, and the
// environment with only the last definition of each variable
// (exec.Cmd.Environ).
func processSpec(inv *Invocation, env []string, direct *directPlan, lookPath func(string) (string, error)) (procSpec, error) {
	if direct != nil {
		return direct.spec(inv.Dir), nil
	}
	path := inv.Argv[0]
	if filepath.Base(path) == path {
		if lookPath == nil {
			lookPath = exec.LookPath
		}
		lp, err := lookPath(path)
		if err != nil {
			return procSpec{path: path}, err
		}
		path = lp
	}
	return procSpec{path: path, argv: inv.Argv, env: dedupEnv(env), dir: inv.Dir}, nil
}

// terminateGroup ends a timed-out or cancelled hook: SIGTERM to its
// process group and to its known descendants outside the group (tracked;
// it looks for new ones every tick), then — once the grace period is over
// and something is still alive — SIGKILL to the group and to them; a
// negative grace SIGKILLs them at once, with no SIGTERM (Invocation
// KillGrace). Escalation is based on observed exits (the hook's own, the
// group being empty, the descendants being gone), never on a signal
// having been sent (a hook may ignore SIGTERM, a descendant may survive
// it). It returns after the hook's own process has exited and the rest is
// gone or was SIGKILLed.
func terminateGroup(pgid int, exited <-chan struct{}, grace time.Duration, tracked *trackedRun) {
	procTracker.refresh(tracked) // a snapshot at the timeout, before any signal
	if grace < 0 {
		_ = signalGroup(pgid, sigKill)
		tracked.killAll()
		<-exited
		return
	}
	_ = signalGroup(pgid, sigTerm)
	tracked.outside(sigTerm, false)
	deadline := time.NewTimer(grace)
	defer deadline.Stop()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	done := exited
	for {
		select {
		case <-done:
			done = nil // exited; now wait for the rest of the group
			if !groupAlive(pgid) && !tracked.alive() {
				return
			}
		case <-tick.C:
			// A TERM trap may start new processes (setsid from a trap).
			procTracker.refresh(tracked)
			tracked.outside(sigTerm, true)
			if done == nil && !groupAlive(pgid) && !tracked.alive() {
				return
			}
		case <-deadline.C:
			_ = signalGroup(pgid, sigKill)
			tracked.killAll()
			<-exited
			return
		}
	}
}

// beginRun starts the bookkeeping of one run of inv, a process's or an
// in-process one: lim with inv's own kill grace and output limit, and a
// context bounded by inv.Timeout (cancel releases it). ok is false, with
// res filled in, when the run must not start: ctx already ended, or a NUL
// byte in the argv.
func beginRun(ctx context.Context, inv *Invocation, lim procLimits, res *RunResult) (run context.Context, cancel context.CancelFunc, l procLimits, ok bool) {
	if inv.KillGrace != 0 {
		lim.killGrace = inv.KillGrace
	}
	if inv.OutputLimit > 0 {
		lim.outputLimit = inv.OutputLimit
	}
	run, cancel = ctx, func() {}
	if inv.Timeout > 0 {
		run, cancel = context.WithTimeout(ctx, inv.Timeout)
	}
	if run.Err() != nil {
		classifyCtxErr(ctx, run, res)
		return run, cancel, lim, false
	}
	if err := argvWithoutNUL(inv); err != nil {
		res.StartErr = err
		return run, cancel, lim, false
	}
	return run, cancel, lim, true
}

// runOutputs are a run's stdout and stderr buffers: stderr and plain
// stdout at the output limit, a JSON reply at the reply limit, or stdout
// at inv.StdoutLimit when set.
func runOutputs(inv *Invocation, lim procLimits) (stdout, stderr *capBuffer) {
	stdout = &capBuffer{limit: lim.outputLimit, replyLimit: lim.replyLimit}
	if inv.StdoutLimit > 0 {
		stdout = &capBuffer{limit: inv.StdoutLimit}
	}
	return stdout, &capBuffer{limit: lim.outputLimit}
}

// classifyCtxErr records why ctx (the run's context, derived from the
// caller's parent) ended: the hook's own timeout, or the caller — whose
// cancellation or deadline is a cancellation of the hook, never its
// timeout (the hook is traced as cancelled; a fail_closed one blocks).
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
// With replyLimit set (stdout), the limit is decided by the first byte
// that is not whitespace or a byte order mark: a '{' starts a JSON reply,
// kept up to replyLimit; anything else is plain output, kept up to limit.
// The buffer grows only as bytes arrive, never past its limit.
type capBuffer struct {
	mu         sync.Mutex
	buf        []byte
	limit      int
	replyLimit int
	decided    bool
	truncated  bool
}

func (c *capBuffer) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.replyLimit > 0 && !c.decided {
		c.decide(p)
	}
	room := c.limit - len(c.buf)
	take := p
	if room < len(p) {
		take = p[:max(room, 0)]
		c.truncated = true
	}
	if len(take) > 0 {
		if need := len(c.buf) + len(take); need > cap(c.buf) {
			grown := make([]byte, len(c.buf), min(max(2*cap(c.buf), need, 4096), c.limit))
			copy(grown, c.buf)
			c.buf = grown
		}
		c.buf = append(c.buf, take...)
	}
	return len(p), nil
}

// decide sets the limit from the first significant byte of what is
// buffered followed by p (while undecided, the buffer holds only
// whitespace, at most limit bytes).
func (c *capBuffer) decide(p []byte) {
	t := append(c.buf[:len(c.buf):len(c.buf)], p...)
	for {
		t = bytes.TrimLeft(t, " \t\r\n\v\f")
		if !bytes.HasPrefix(t, bom) {
			break
		}
		t = t[len(bom):]
	}
	if len(t) == 0 || (len(t) < len(bom) && bytes.HasPrefix(bom, t)) {
		return // only whitespace (or the start of a BOM) so far
	}
	c.decided = true
	if t[0] == '{' {
		c.limit = max(c.limit, c.replyLimit)
	}
}

var bom = []byte("\ufeff")

func (c *capBuffer) bytes() ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf, c.truncated
}

// RunProcess runs inv as an Engine runs a command hook, for callers that
// need a helper process under the same limits outside an engine (the
// Claude protocol evaluates CLAUDE_ENV_FILE this way): its own process
// group; stdout and stderr capped (opts.OutputLimit, opts.ReplyLimit)
// while drained; at inv.Timeout or when ctx ends, SIGTERM to the group,
// SIGKILL after opts.KillGrace, and its descendants killed too. Zero
// fields of opts mean the defaults; the other fields are ignored.
func RunProcess(ctx context.Context, inv *Invocation, opts Options) *RunResult {
	lim := procLimits{outputLimit: opts.OutputLimit, replyLimit: opts.ReplyLimit, killGrace: opts.KillGrace, drainDelay: opts.DrainDelay}
	if lim.outputLimit <= 0 {
		lim.outputLimit = DefaultOutputLimit
	}
	if lim.replyLimit <= 0 {
		lim.replyLimit = DefaultReplyLimit
	}
	if lim.killGrace <= 0 {
		lim.killGrace = DefaultKillGrace
	}
	if lim.drainDelay <= 0 {
		lim.drainDelay = DefaultDrainDelay
	}
	return runProcess(ctx, inv, lim)
}
