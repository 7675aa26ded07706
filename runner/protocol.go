package runner

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/hookcompat/hookcompat/settings"
)

// Protocol is how the hooks of one agent family talk: what a hook receives
// (stdin payload, environment, working directory, argv) and how its exit
// code and output become a native reply. The engine keeps format-specific
// code out of itself by going through the hook's protocol for every step;
// package runner provides "native", and compat/claude and compat/phi
// register theirs with [RegisterProtocol].
type Protocol interface {
	// Name is the value of settings.Hook.Protocol this protocol serves.
	Name() string
	// Selects reports whether h runs for ev, by h's match in h's match
	// syntax (the engine has already checked the event name and the if
	// rule).
	Selects(h *settings.Hook, ev *Event) bool
	// Prepare builds one run of h for ev: argv, working directory,
	// environment (base is the engine's, "KEY=value"), stdin and timeout.
	// An error is a failure of that hook (it is reported, never dropped).
	Prepare(h *settings.Hook, ev *Event, base []string) (*Invocation, error)
	// Classify turns the raw result of one run into h's reply.
	Classify(h *settings.Hook, ev *Event, res *RunResult) HookReply
	// Schedule says how the protocol's selected hooks for ev run together.
	Schedule(ev *Event) Schedule
	// Combine merges the replies of the protocol's hooks for one event,
	// given in configured order, into the reply the protocol's agent would
	// act on.
	Combine(ev *Event, replies []HookReply) Reply
}

// SelectWarner is implemented by protocols whose selection can fail to
// decide, such as a regular-expression matcher that exceeds its
// evaluation bound on a value. SelectWarn reports whether h runs for ev,
// as Selects does, and a warning when it could not tell: a matcher that
// cannot be evaluated must never skip a guard silently, so such a hook is
// selected (it runs) and the warning goes to its trace (its error text)
// and audit record. The engine calls SelectWarn instead of Selects when a
// protocol implements it.
type SelectWarner interface {
	SelectWarn(h *settings.Hook, ev *Event) (selected bool, warning string)
}

// Detacher is implemented by protocols some of whose hooks run detached:
// started and not awaited, their result ignored (Phi's async post_tool
// hooks). [Engine.Close] waits for them.
type Detacher interface {
	Detached(h *settings.Hook, ev *Event) bool
}

// Schedule is how a protocol runs its selected hooks for one event.
type Schedule struct {
	// Parallel runs all hooks at once and waits for all; otherwise they
	// run one after another in configured order.
	Parallel bool
	// StopOnBlock (serial only) skips the remaining hooks once one blocks.
	StopOnBlock bool
	// ChainArgs (serial only) gives the next hook the updated_args of the
	// previous ones, so later hooks see them (HK-60, Phi's modify chain).
	ChainArgs bool
	// DedupKey, if set, runs hooks with equal non-empty keys once (the
	// first in configured order); the others are traced as deduplicated.
	DedupKey func(h *settings.Hook) string
}

var (
	protoMu   sync.RWMutex
	protocols = map[string]Protocol{}
)

// RegisterProtocol makes p available to engines for hooks whose Protocol
// is p.Name(). It panics when the name is taken.
func RegisterProtocol(p Protocol) {
	protoMu.Lock()
	defer protoMu.Unlock()
	if _, dup := protocols[p.Name()]; dup {
		panic("runner: protocol registered twice: " + p.Name())
	}
	protocols[p.Name()] = p
	settings.RegisterProtocol(p.Name())
}

// LookupProtocol returns the protocol registered under name.
func LookupProtocol(name string) (Protocol, bool) {
	protoMu.RLock()
	defer protoMu.RUnlock()
	p, ok := protocols[name]
	return p, ok
}

// ProtocolNames returns the registered protocol names, sorted.
func ProtocolNames() []string {
	protoMu.RLock()
	defer protoMu.RUnlock()
	names := make([]string, 0, len(protocols))
	for n := range protocols {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func unknownProtocol(name string) error {
	return fmt.Errorf("unknown hook protocol %q (known: %s)", name, strings.Join(ProtocolNames(), ", "))
}
