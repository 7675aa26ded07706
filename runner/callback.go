package runner

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"time"
)

// The engine calls code of the embedding agent — a [Judge], an
// [MCPCaller], an [Observer], Options.OnBackground and Options.Warn. None
// of it may take the agent down or hold a Fire past its deadline:
//
//   - a callback that panics has failed: a judge's or MCP caller's hook
//     is failed (its fail_closed applies; the panic value and where it
//     happened are in the trace's error); an observer's run goes on
//     unobserved; a panic of OnBackground (on the queue's goroutine)
//     or of Warn is logged;
//   - a judge or MCP caller that ignores its context is abandoned when
//     the context ends (the hook's timeout, or the caller's
//     cancellation): its hook is timed out or cancelled, as a process
//     that had to be stopped, and its goroutine is left to return on its
//     own (a goroutine cannot be stopped);
//   - an observer call that does not return within [ObserverTimeout] (or
//     by the end of the caller's context) is abandoned: the run goes on
//     without it, and until that call returns the observer is not called
//     again (one warning through Options.Warn says so).

// ObserverTimeout bounds each call of an [Observer]'s HookStarted and of
// the function it returned (1 s): an observer records metrics and must
// not delay hooks; a call still going at the bound is abandoned, and
// the observer is skipped until it returns.
const ObserverTimeout = time.Second

// CallbackPanic is the error of an embedder's callback (a [Judge] or an
// [MCPCaller]) that panicked: the hook failed, as a process that crashed.
type CallbackPanic struct {
	// Callback names what panicked ("judge", "mcp_tool caller").
	Callback string
	// Value is the value passed to panic.
	Value any
	// At names the function that panicked (package path and name), ""
	// when unknown.
	At string
}

// Error implements error: "judge panicked: VALUE (in FUNCTION)".
func (p *CallbackPanic) Error() string {
	s := fmt.Sprintf("%s panicked: %v", p.Callback, p.Value)
	if p.At != "" {
		s += " (in " + p.At + ")"
	}
	return s
}

// panicSite returns the function that panicked: the first frame below
// the panic that is not the runtime's. It must be called from the
// deferred function that recovers.
func panicSite() string {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	seenPanic := false
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, "runtime.") {
			seenPanic = seenPanic || f.Function == "runtime.gopanic" || strings.HasPrefix(f.Function, "runtime.panic")
		} else if seenPanic {
			return f.Function
		}
		if !more {
			return ""
		}
	}
}

// callGuarded calls f(ctx) on a goroutine of its own and waits until it
// returns or ctx ends. A panic of f is returned as a *CallbackPanic
// naming what; when ctx ends first the call is abandoned and the error is
// ctx's (f's goroutine returns whenever it does; its result is dropped).
func callGuarded[T any](ctx context.Context, what string, f func(context.Context) (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		var r result
		defer func() {
			if p := recover(); p != nil {
				r = result{err: &CallbackPanic{Callback: what, Value: p, At: panicSite()}}
			}
			done <- r
		}()
		r.v, r.err = f(ctx)
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		select {
		case r := <-done: // it returned at the same moment
			return r.v, r.err
		default:
		}
		var zero T
		return zero, ctx.Err()
	}
}

// observerGuard runs an engine's observer calls under ObserverTimeout.
type observerGuard struct {
	stuck  atomic.Int32 // abandoned calls that have not returned yet
	warned atomic.Bool  // the one warning about a stuck observer was given
	panics atomic.Bool  // the one warning about a panicking observer was given
}

// call runs f for the observer unless an abandoned call has not
// returned yet, and waits until f returns, ctx ends or
// ObserverTimeout passes; it reports whether f returned without a panic. A panic or an
// abandoned call is warned about once per engine (warn) and logged (log)
// each time.
func (g *observerGuard) call(ctx context.Context, f func(), warn func(string), log func(string)) bool {
	if g.stuck.Load() > 0 {
		return false
	}
	const running, returned, abandoned = 0, 1, 2
	var state atomic.Int32
	done := make(chan bool, 1)
	go func() {
		ok := false
		defer func() {
			if p := recover(); p != nil {
				msg := fmt.Sprintf("hook observer panicked: %v (in %s); the run goes on unobserved", p, panicSite())
				log(msg)
				if !g.panics.Swap(true) {
					warn(msg)
				}
			}
			if !state.CompareAndSwap(running, returned) {
				g.stuck.Add(-1) // an abandoned call came back
			}
			done <- ok
		}()
		f()
		ok = true
	}()
	bound := time.NewTimer(ObserverTimeout)
	defer bound.Stop()
	select {
	case ok := <-done:
		return ok
	case <-ctx.Done():
	case <-bound.C:
	}
	if !state.CompareAndSwap(running, abandoned) {
		return <-done // it returned at the same moment
	}
	g.stuck.Add(1)
	msg := fmt.Sprintf("hook observer did not return within %s; it is not called again until it does", ObserverTimeout)
	if ctx.Err() != nil {
		msg = "hook observer had not returned when the caller's context ended; it is not called again until it does"
	}
	log(msg)
	if !g.warned.Swap(true) {
		warn(msg)
	}
	return false
}

// safeCall runs f, an embedder's function that returns nothing the
// engine needs (Options.Warn), and logs a panic
// instead of letting it end the process.
func safeCall(what string, f func(), log func(string)) {
	defer func() {
		if p := recover(); p != nil {
			log(fmt.Sprintf("%s panicked: %v (in %s)", what, p, panicSite()))
		}
	}()
	f()
}
