package phi

import (
	"path/filepath"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// PermissionReadonly is the permission_mode of an event fired in Phi's
// readonly mode: only fail_closed hooks run (phi §7, pre, post and async
// alike).
const PermissionReadonly = "readonly"

// phiProtocol is Phi's hook protocol (phi §3–§7; recordings of Phi's runs
// win where they and the code's reading differ). It is registered with
// the runner as "phi".
//
// Deliberate differences from Phi (docs/decisions/007):
//   - process lifecycle follows docs/decisions/003: on timeout the hook's
//     whole process group gets SIGTERM, then SIGKILL after the engine's
//     grace (Phi SIGKILLs the direct child at once), and a grandchild
//     that keeps stdout open does not hold hookcompat past the timeout
//     plus the drain delay (in Phi it holds the call until it exits);
//   - a post hook's stop is reported as decision "block" (Phi computes
//     it, but its executor ignores it at the recorded commit).
//
// Its tool vocabulary is fixed at construction (newProtocol); it is
// safe for concurrent use.
type phiProtocol struct {
	vocab *translate.Vocabulary
}

// newProtocol returns the Phi protocol translating tool and argument
// names with vocab (nil means translate.DefaultVocabulary).
func newProtocol(vocab *translate.Vocabulary) *phiProtocol {
	if vocab == nil {
		vocab = translate.DefaultVocabulary
	}
	return &phiProtocol{vocab: vocab}
}

// Name returns "phi".
func (*phiProtocol) Name() string { return Name }

// Selects applies Phi's match (phi §3): "*" or "" select every tool,
// anything else must equal the Phi name of the event's tool exactly
// (case-sensitive, no glob). In readonly permission mode only fail_closed
// hooks are selected. A hand-written hook with protocol "phi" and another
// match syntax, or on an event Phi has no hooks for, is matched the
// native way.
func (p *phiProtocol) Selects(h *settings.Hook, ev *runner.Event) bool {
	if ev.PermissionMode == PermissionReadonly && !h.FailClosed {
		return false
	}
	if h.Match == "" || h.Match == "*" {
		return true
	}
	if eventOf(ev.Name) == nil || h.EffectiveMatchSyntax() != settings.MatchExact {
		return format.SelectsNative(p.vocab, h, ev)
	}
	return h.Match == p.vocab.Name(translate.Native, Dialect, ev.Tool)
}

// Encode is what every Phi hook gets for ev: stdin requestBytes, the
// environment hookEnv. An input that cannot be encoded fails every hook
// before it starts, as in Phi.
func (p *phiProtocol) Encode(ev *runner.Event, base []string) (*runner.Payload, error) {
	stdin, err := p.request(ev)
	if err != nil {
		return nil, &requestError{err}
	}
	return &runner.Payload{Stdin: stdin, Env: hookEnv(base, ev)}, nil
}

// Prepare builds one run of a Phi hook (phi §4): argv is the resolved
// run path alone (no shell, no argument splitting; a hand-written hook
// with a command runs that text as one file name), the working directory
// is the hook directory, the environment and stdin are the shared
// payload's, and the timeout is the hook's (5 s when unset).
func (*phiProtocol) Prepare(h *settings.Hook, ev *runner.Event, pl *runner.Payload) (*runner.Invocation, error) {
	inv := &runner.Invocation{
		Env:     pl.Env,
		Stdin:   pl.Stdin,
		Timeout: timeoutOf(h),
		Dir:     h.Dir,
		// Phi keeps the first 1 MiB of stdout, JSON or not (phi §4): a
		// longer reply is cut and fails to parse there too.
		StdoutLimit: OutputCap,
	}
	switch {
	case len(h.Args) > 0:
		inv.Argv = append([]string(nil), h.Args...)
	case h.Command != "":
		inv.Argv = []string{h.Command}
	}
	if inv.Dir == "" && len(inv.Argv) > 0 && filepath.IsAbs(inv.Argv[0]) {
		inv.Dir = filepath.Dir(inv.Argv[0])
	}
	return inv, nil
}

// requestError is a request that could not be encoded; Phi reports it
// without the "hook <name>:" prefix of start failures.
type requestError struct{ err error }

func (e *requestError) Error() string { return e.err.Error() }
func (e *requestError) Unwrap() error { return e.err }

// timeoutOf is h's timeout, or Phi's default of 5 s when it is unset.
func timeoutOf(h *settings.Hook) time.Duration {
	if h.Timeout > 0 {
		return h.Timeout
	}
	return DefaultTimeout
}

// Schedule runs pre_tool hooks one after another in configured (name)
// order, the first deny stopping the rest and each modify reaching the
// hooks after it; post hooks run all at once (phi §7).
func (*phiProtocol) Schedule(ev *runner.Event) runner.Schedule {
	if row := eventOf(ev.Name); row != nil {
		return row.schedule
	}
	return runner.Schedule{Parallel: true}
}

// Detached reports whether h runs fire-and-forget: an async post hook
// (phi §7). It is started with the event and not awaited; its result
// is ignored, its own timeout still applies.
func (*phiProtocol) Detached(h *settings.Hook, ev *runner.Event) bool {
	row := eventOf(ev.Name)
	return h.Async && row != nil && row.async
}

// Awaits reports that Phi waits for its hooks of every event it has:
// pre_tool decides the call, and the sync post_tool hooks are awaited
// together, their output replacing the tool's result and their stop
// ending the turn (phi §7); so both must be fired. Async post_tool hooks
// run detached whatever the caller does (phiProtocol.Detached).
func (*phiProtocol) Awaits(settings.Event) bool { return true }

var (
	_ runner.Protocol = (*phiProtocol)(nil)
	_ runner.Detacher = (*phiProtocol)(nil)
	_ runner.Awaiter  = (*phiProtocol)(nil)
)
