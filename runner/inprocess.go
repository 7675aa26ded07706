package runner

import (
	"context"
	"fmt"
	"time"
)

// InProcessFunc runs a command hook's invocation inside the engine's own
// process, as the program inv.Argv names would run if started: it reads
// inv.Stdin, runs with inv.Env as its whole environment and inv.Dir as
// its working directory, writes what the program would write on its
// stdout and stderr, and returns the exit status the program would exit
// with. It must return soon after ctx ends (the hook's timeout, or the
// caller's cancellation), as the program would after SIGTERM.
type InProcessFunc func(ctx context.Context, inv *Invocation, stdout, stderr *Output) (exitCode int)

// Output is where an [InProcessFunc] writes a stream: the engine's caps
// apply to it as to a process's pipe (stderr and plain stdout at
// Options.OutputLimit, a JSON reply on stdout at Options.ReplyLimit, or
// Invocation.StdoutLimit). Writes never fail; bytes beyond the cap are
// counted and make the stream truncated, as for a process.
type Output struct{ buf *capBuffer }

// Write keeps p within the stream's cap. It never fails.
func (o *Output) Write(p []byte) (int, error) { return o.buf.Write(p) }

// NoInProcess, as [Options].InProcess, starts every command hook as a
// process.
func NoInProcess(*Invocation) InProcessFunc { return nil }

// runInProcess runs inv through f under the limits a process gets:
// inv.Timeout and ctx bound it (a run still going when they end is timed
// out or cancelled, classified as a process's), stdout and stderr are
// capped, and a panic of f is a failure to start, never a reply.
func runInProcess(ctx context.Context, inv *Invocation, f InProcessFunc, lim procLimits) (res *RunResult) {
	start := time.Now()
	res = &RunResult{ExitCode: -1}
	defer func() { res.Duration = time.Since(start) }()
	parent := ctx
	ctx, cancel, lim, ok := beginRun(ctx, inv, lim, res)
	defer cancel()
	if !ok {
		return res
	}
	outBuf, errBuf := runOutputs(inv, lim)
	run := *inv
	run.Env = dedupEnv(envWithoutNUL(inv.Env))
	if inv.Event != nil {
		ev := nativeDecoded(inv.Event)
		run.Event = &ev
	}
	type result struct {
		code     int
		panicked any
	}
	done := make(chan result, 1)
	go func() {
		var r result
		defer func() {
			r.panicked = recover()
			done <- r
		}()
		r.code = f(ctx, &run, &Output{outBuf}, &Output{errBuf})
	}()
	var r result
	select {
	case r = <-done:
	case <-ctx.Done():
		// As a process gets its kill grace after SIGTERM, and the drain
		// delay for its output: a run that has not returned by then is
		// left behind (a goroutine cannot be killed), timed out or
		// cancelled, and its output so far read.
		bound := time.NewTimer(max(lim.killGrace, 0) + lim.drainDelay)
		defer bound.Stop()
		select {
		case r = <-done:
		case <-bound.C:
			classifyCtxErr(parent, ctx, res)
			res.Lost = fmt.Sprintf("output lost: the in-process run of %s did not return within %s of its end", inv.Argv[0], max(lim.killGrace, 0)+lim.drainDelay)
			res.Stdout, res.StdoutTruncated = outBuf.bytes()
			res.Stderr, res.StderrTruncated = errBuf.bytes()
			return res
		}
	}
	if r.panicked != nil {
		res.StartErr = fmt.Errorf("%s: in-process run failed: %v", inv.Argv[0], r.panicked)
		return res
	}
	if ctx.Err() != nil {
		classifyCtxErr(parent, ctx, res)
	}
	res.ExitCode = r.code
	res.Stdout, res.StdoutTruncated = outBuf.bytes()
	res.Stderr, res.StderrTruncated = errBuf.bytes()
	return res
}
