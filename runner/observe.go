package runner

import (
	"context"
	"time"

	"github.com/hookcompat/hookcompat/settings"
)

// Observer is told about every hook run of an engine, so that a host can
// record metrics or trace spans (OpenTelemetry, Prometheus, …) without
// hookcompat depending on them. It must be safe for concurrent use: the
// hooks of one event may run in parallel, and background and detached
// hooks run on other goroutines. It must return at once: each call is
// waited for at most [ObserverTimeout] (HookStarted also only until its
// ctx ends); a call that overruns is abandoned and the observer is not
// called again until it returns, and a call that panics leaves that run
// unobserved (one warning through Options.Warn for each). The hooks run
// and answer whatever the observer does.
//
// A run is one hook started for one event, whatever its type (command,
// http, prompt, agent, mcp_tool), including one that could not start or
// was not runnable; hooks that were skipped, deduplicated or only traced
// as detached are not runs (a detached hook is observed when it runs).
type Observer interface {
	// HookStarted is called when a run starts, before it waits for one
	// of the engine's process slots (Options.MaxProcesses). ctx is the
	// context the run is under: the caller's for [Engine.Fire], the
	// engine's own for background and detached runs. The function it
	// returns, unless nil, is called once when the run ends.
	HookStarted(ctx context.Context, run HookRun) (ended func(HookEnd))
}

// HookRun describes one hook run as it starts.
type HookRun struct {
	// Event is the event the hook runs for (read-only).
	Event *Event
	// Hook is the hook's definition (read-only).
	Hook *settings.Hook
	// Protocol is the hook's protocol ("native", "claude", …).
	Protocol string
	// Start is when the run started.
	Start time.Time
}

// HookEnd describes how a hook run ended.
type HookEnd struct {
	// Reply is the hook's own reply: its Outcome (success, blocking,
	// error, timeout, cancelled, not_runnable), Decision, Reason and Err.
	Reply HookReply
	// Duration is the time from HookStarted to the end, waiting for a
	// process slot included.
	Duration time.Duration
	// ExitCode is the hook process's exit status or the http status of
	// an http hook — the wrapped hook's when the reply reports it
	// (ReportKey) —; nil when there is none (never started, killed by a
	// signal, a judged hook).
	ExitCode *int
}

// observe starts observing one run; the returned function ends it. Both
// observer calls are guarded (callback.go): HookStarted is waited for
// until it returns, ctx ends or ObserverTimeout passes, the function it
// returned until it returns or ObserverTimeout passes (the run has
// ended: the caller's context no longer bounds it); a panic or an
// abandoned call leaves the run unobserved.
func (e *Engine) observe(ctx context.Context, p Protocol, h *settings.Hook, ev *Event) func(HookReply, *RunResult) {
	if e.opts.Observer == nil {
		return func(HookReply, *RunResult) {}
	}
	start := time.Now()
	var ended func(HookEnd)
	run := HookRun{Event: ev, Hook: h, Protocol: p.Name(), Start: start}
	if !e.obs.call(ctx, func() { ended = e.opts.Observer.HookStarted(ctx, run) }, e.warn, e.logWarn) || ended == nil {
		return func(HookReply, *RunResult) {}
	}
	return func(r HookReply, res *RunResult) {
		code, _ := exitOf(&r, res) // the trace's: a wrapped hook's through the exec shim
		end := HookEnd{Reply: r, Duration: time.Since(start), ExitCode: code}
		e.obs.call(context.Background(), func() { ended(end) }, e.warn, e.logWarn)
	}
}
