package runner

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hookcompat/hookcompat/settings"
)

// Protocol is how the hooks of one agent family talk: what a hook receives
// (stdin payload, environment, working directory, argv) and how its exit
// code and output become a native reply. The engine keeps format-specific
// code out of itself by going through the hook's protocol for every step.
// Package runner provides the native protocol ([Native]); the formats of
// package compat provide theirs, and an engine speaks the protocols of its
// [Options.Protocols].
//
// A protocol value is fixed when the engine is built (its tool
// vocabulary, for example) and must be safe for concurrent use.
type Protocol interface {
	// Name is the value of settings.Hook.Protocol this protocol serves.
	Name() string
	// Selects reports whether h runs for ev, by h's match in h's match
	// syntax (the engine has already checked the event name; the if rule
	// is checked after, see [RuleProtocol]).
	Selects(h *settings.Hook, ev *Event) bool
	// Encode builds what every hook of this protocol receives for ev: the
	// stdin bytes and the environment (base is the engine's, "KEY=value",
	// plus the event's own variables). It is called once per event and
	// protocol group — again only when a serial schedule changed the
	// event's args — and its result is shared, read-only, by the group's
	// hooks. An error fails every hook of the group (it is reported, and
	// fail_closed applies; it is never dropped).
	Encode(ev *Event, base []string) (*Payload, error)
	// Prepare builds one run of h for ev from the shared payload: argv,
	// working directory, environment (p.Env, plus h's own variables),
	// stdin (p.Stdin) and timeout. An error is a failure of that hook.
	Prepare(h *settings.Hook, ev *Event, p *Payload) (*Invocation, error)
	// Classify turns the raw result of one run into h's reply.
	Classify(h *settings.Hook, ev *Event, res *RunResult) HookReply
	// Schedule says how the protocol's selected hooks for ev run together.
	Schedule(ev *Event) Schedule
	// Combine merges the replies of the protocol's hooks for one event,
	// given in configured order (each with when it ended,
	// [HookReply.Ended], for agents that order by completion), into the
	// reply the protocol's agent would act on.
	Combine(ev *Event, replies []HookReply) Reply
}

// Payload is what every hook of one protocol receives for one event,
// built once by [Protocol.Encode] and shared by the hooks: it must not be
// modified.
type Payload struct {
	// Stdin is written to each hook's stdin (or POSTed as an http hook's
	// body).
	Stdin []byte
	// Env is the environment of each hook before the hook's own
	// variables ("KEY=value").
	Env []string
	// Hooks are the hooks of the group that run for the event, in
	// configured order (deduplicated and detached ones left out), set by
	// the engine after Encode: a protocol whose hooks get their position
	// (Claude's CLAUDE_ENV_FILE names it) finds it in Prepare.
	Hooks []*settings.Hook
	// Variants are further stdin bytes for hooks of the group that
	// receive another form of the same event, keyed by the protocol
	// (Cursor's tool-specific steps: a beforeShellExecution hook gets
	// {command, cwd, …} where a preToolUse hook gets {tool_name,
	// tool_input, …}); Prepare picks a hook's. Nil when every hook gets
	// Stdin.
	Variants map[string][]byte
}

// Validator is implemented by protocols that can check a hook before it
// is used: compile its matcher, parse its rule. [Engine.Replace] rejects a
// config with a hook that fails it, naming the hook's source. A matcher
// that does not compile should be reported as a [*settings.MatcherError]
// and a rule that does not parse as a [*settings.RuleError]; the engine
// fills in the hook's position when the error has none.
type Validator interface {
	Validate(h *settings.Hook) error
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
	// Phase, if set, splits the hooks into phases that run one after
	// another, lowest first, each phase by the rules above: once the
	// protocol's combined reply of the phases so far blocks, the hooks
	// of later phases are skipped, and a later phase sees the args that
	// combined reply updated (Cursor runs a call's preToolUse hooks
	// before its beforeShellExecution hooks). Nil means one phase.
	Phase func(h *settings.Hook) int
	// Serial, if set, makes a parallel schedule serial when it is true for
	// any selected hook (Gemini CLI and Qwen Code run the whole plan one
	// by one when one matching group says "sequential": true).
	Serial func(h *settings.Hook) bool
}

// Chainer is implemented by protocols whose serial schedules pass more
// than updated args from one hook to the next (Gemini CLI's sequential
// hooks: a hook's additionalContext is appended to the next hook's
// prompt, its tool_input merged into the next hook's tool_input). With
// ChainArgs, the engine gives the next hook the event Chain returns after
// each hook (changed false: unchanged) instead of the combined updated
// args; the event the group's combined reply applies to is not changed.
type Chainer interface {
	Chain(ev *Event, r *HookReply) (next Event, changed bool)
}

// protocolSet is the protocols of one engine, by name.
type protocolSet map[string]Protocol

func newProtocolSet(extra []Protocol) (protocolSet, error) {
	s := protocolSet{settings.ProtocolNative: Native()}
	for _, p := range extra {
		if p == nil {
			continue
		}
		if _, dup := s[p.Name()]; dup && p.Name() != settings.ProtocolNative {
			return nil, fmt.Errorf("engine: protocol %q given twice", p.Name())
		}
		s[p.Name()] = p
	}
	return s, nil
}

func (s protocolSet) names() []string {
	names := make([]string, 0, len(s))
	for n := range s {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (s protocolSet) unknown(name string) error {
	return fmt.Errorf("unknown hook protocol %q (this engine speaks: %s)", name, strings.Join(s.names(), ", "))
}
