package runner

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/hookcompat/hookcompat/settings"
)

// Options configures an [Engine]. The zero value is usable.
type Options struct {
	// Workspace is the directory native hooks run in (HK-02) and the
	// default of an event's workspace and cwd. Empty means the process's
	// working directory.
	Workspace string
	// Env is the base environment of every hook ("KEY=value"). Nil means
	// os.Environ(): hooks are the user's own code and get the user's
	// environment (HK-02); protocols add or remove variables.
	Env []string
	// OutputLimit caps captured stderr, and stdout that is not a JSON
	// reply, per run, in bytes. Zero means DefaultOutputLimit (1 MiB).
	OutputLimit int
	// ReplyLimit caps captured stdout that is a JSON reply (its first
	// byte other than whitespace or a byte order mark is '{'), per run,
	// in bytes; a longer reply is cut and the hook failed. Zero means
	// DefaultReplyLimit (64 MiB). The response body of an http hook has
	// the same cap.
	ReplyLimit int
	// KillGrace is the time between SIGTERM and SIGKILL to a timed-out
	// hook's process group. Zero means DefaultKillGrace (1 s).
	KillGrace time.Duration
	// DrainDelay bounds reading a hook's output after its process exited
	// and what it wrote itself was read: output of processes that outlive
	// the hook. Bytes still unread at the bound make the run failed
	// (RunResult.Lost). Zero means DefaultDrainDelay (500 ms).
	DrainDelay time.Duration
	// MaxParallel caps how many hooks of one event's parallel group run at
	// once; the rest start as slots free up, in configured order, each
	// with its own full timeout. Zero means DefaultMaxParallel (64);
	// negative means no cap, as Claude Code itself (which starts every
	// matching hook at once).
	MaxParallel int
	// MaxProcesses caps the hook runs (command processes and http
	// requests) in flight at once across every Fire call, the background
	// queue and detached hooks of this engine, so that concurrent events
	// cannot exhaust memory, processes or file descriptors: a hook waits
	// for a slot before its payload is built, and its timeout starts when
	// it gets one (the caller's context bounds the wait). Zero means
	// DefaultMaxProcesses (64); negative means no cap. Memory is then
	// bounded by about MaxProcesses × (the largest payload + ReplyLimit +
	// OutputLimit) beyond the events themselves (docs/performance.md).
	MaxProcesses int
	// TimeoutReserve stops each command and http hook this much before
	// its timeout (at most half of it), while traces and messages still
	// name the configured timeout. The exec shim uses it: the engine
	// running the shim gives it exactly the hook's timeout, counted from
	// the shim's start, and the shim must still answer after stopping the
	// hook. Zero reserves nothing.
	TimeoutReserve time.Duration
	// Logger receives one audit record per hook run (HK-22): message
	// "hook <event>" with the source, command, outcome, exit code,
	// duration and decision. Nil discards them.
	Logger *slog.Logger
	// HTTPClient sends http hooks' requests (HK-62). Nil means a client
	// without its own timeout (the hook's timeout applies).
	HTTPClient *http.Client
	// Judge runs prompt and agent hooks (HK-63). Nil means such hooks are
	// not runnable: they are traced as not_runnable and, when fail_closed,
	// block.
	Judge Judge
	// MCP calls the MCP tools of mcp_tool hooks (Claude's mcp_tool
	// handlers). Nil means such hooks are not runnable, as prompt hooks
	// without a judge.
	MCP MCPCaller
	// Permissions is the permission layer of the agent whose hooks run,
	// for hosts without one of their own (see [Permissions]); nil, the
	// default, leaves every decision to the hooks.
	Permissions Permissions
	// Observer is told when each hook run starts and ends (event, hook,
	// protocol, duration, outcome), for metrics or tracing; nil observes
	// nothing. See [Observer].
	Observer Observer
	// MaxTimeout caps every hook's timeout (command, http, prompt, agent
	// and mcp_tool hooks alike): a hook whose own timeout is longer is
	// stopped at MaxTimeout and its trace names that timeout. Zero means
	// no cap: each hook keeps the timeout its format gives it (Claude
	// Code's default is 600 s, a native hook's 30 s, HK-02).
	MaxTimeout time.Duration
	// ToolKinds maps the tool names of the events fired (native tool
	// names: the host agent's own) to their native rule kind
	// (settings.RuleShell, RuleRead, RuleWrite, RuleDelete, RuleWeb,
	// RuleSkill, RuleAgent), so that a native if rule such as
	// shell(git push *) selects the calls of every tool of that kind
	// (HK-64). Nil means [DefaultToolKinds]. Package compat's NewEngine
	// sets it from the load's tool vocabulary. The map is copied.
	ToolKinds map[string]string
	// QueueSize bounds the background queue of [Engine.Enqueue]. Zero
	// means DefaultQueueSize (256, HK-31).
	QueueSize int
	// DrainTimeout is how long [Engine.Close] lets queued and detached
	// hooks finish before killing them. Zero means DefaultDrainTimeout
	// (5 s, HK-33).
	DrainTimeout time.Duration
	// OnBackground receives the outcome of every background event (HK-30),
	// also of one that Close cut short (its unanswered hooks traced as
	// cancelled); nil discards them (each hook run is still audited
	// through Logger).
	OnBackground func(*Outcome)
	// Warn receives terminal warnings for the user, such as the single
	// "falling behind" warning of a full background queue (HK-31); nil
	// drops them (they are logged too).
	Warn func(msg string)
	// Protocols are the hook protocols the engine speaks besides the
	// native one ([Native]), each fixed for the engine's life; a hook
	// whose protocol is not among them makes [New] and [Engine.Replace]
	// fail. Package compat's NewEngine fills it from every registered
	// format.
	Protocols []Protocol
	// InProcess, when set, is asked about every command hook's
	// invocation before it is started: a non-nil [InProcessFunc] runs it
	// inside this process instead, under the same timeout, caps and
	// classification as the process it stands for. Package compat's
	// NewEngine sets it, unless set, to run the exec shim of converted
	// TOML (`hookcompat exec …`) without a second process;
	// [NoInProcess] starts every hook as a process. Nil starts every hook
	// as a process.
	InProcess func(inv *Invocation) InProcessFunc
	// LookPath, when set, finds the program of an invocation whose
	// Argv[0] has no slash, as [os/exec.LookPath] does (its path, or an
	// error of type *exec.Error), in place of exec.LookPath, which
	// searches this process's PATH. The exec shim's engine sets it to
	// search the shim's own environment, so that it finds what the shim
	// process would whether it runs as a process or inside another engine
	// whose Env is not its process's.
	LookPath func(file string) (string, error)
}

// Engine fires events through a set of hooks. It is safe for concurrent
// use; [Engine.Replace] swaps the hooks atomically while Fire calls in
// flight keep the set they started with.
type Engine struct {
	opts   Options
	lim    procLimits
	protos protocolSet
	kinds  map[string]string // ToolKinds, copied

	mu    sync.RWMutex // guards hooks and sel
	hooks []settings.Hook
	sel   *selection // hooks indexed by event, matcher answers cached (select.go)

	procSlots chan struct{} // MaxProcesses; nil when uncapped

	fails    failures           // last failures per hook (failures.go)
	obs      observerGuard      // Observer calls (callback.go)
	queue    queue              // background events (queue.go)
	detached sync.WaitGroup     // detached hook runs still going
	bgCtx    context.Context    // context of background and detached runs
	bgCancel context.CancelFunc // kills them (Close after the drain timeout)
}

// New returns an engine for cfg (nil: no hooks yet, see
// [Engine.Replace]). It returns an error when a hook names a protocol
// the engine does not speak or fails validation, as Replace does.
func New(cfg *settings.Config, opts Options) (*Engine, error) {
	protos, err := newProtocolSet(opts.Protocols)
	if err != nil {
		return nil, err
	}
	e := &Engine{opts: opts, protos: protos, kinds: DefaultToolKinds()}
	if opts.ToolKinds != nil {
		e.kinds = maps.Clone(opts.ToolKinds)
	}
	e.bgCtx, e.bgCancel = context.WithCancel(context.Background())
	if e.opts.Workspace == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("engine workspace: %w", err)
		}
		e.opts.Workspace = wd
	}
	if e.opts.Env == nil {
		e.opts.Env = os.Environ()
	}
	e.lim = procLimits{outputLimit: opts.OutputLimit, replyLimit: opts.ReplyLimit, killGrace: opts.KillGrace, drainDelay: opts.DrainDelay, lookPath: opts.LookPath}
	if e.lim.outputLimit <= 0 {
		e.lim.outputLimit = DefaultOutputLimit
	}
	if e.lim.replyLimit <= 0 {
		e.lim.replyLimit = DefaultReplyLimit
	}
	if e.lim.killGrace <= 0 {
		e.lim.killGrace = DefaultKillGrace
	}
	if e.lim.drainDelay <= 0 {
		e.lim.drainDelay = DefaultDrainDelay
	}
	switch {
	case opts.MaxProcesses == 0:
		e.procSlots = make(chan struct{}, DefaultMaxProcesses)
	case opts.MaxProcesses > 0:
		e.procSlots = make(chan struct{}, opts.MaxProcesses)
	}
	if err := e.Replace(cfg); err != nil {
		return nil, err
	}
	return e, nil
}

// Replace swaps the engine's hooks for cfg's, atomically. Every hook must
// validate, name a protocol the engine speaks and pass that protocol's
// [Validator]; on error the previous hooks stay in place. Errors are
// positioned by the hook's Source; errors.As finds a
// [*settings.UnknownEventError], [*settings.MatcherError] or
// [*settings.RuleError] among them.
func (e *Engine) Replace(cfg *settings.Config) error {
	var hooks []settings.Hook
	if cfg != nil {
		if err := cfg.Validate(); err != nil {
			return err
		}
		for i := range cfg.Hooks {
			h := &cfg.Hooks[i]
			p, ok := e.protos[h.EffectiveProtocol()]
			if !ok {
				return fmt.Errorf("%s: %w", h.Source, e.protos.unknown(h.Protocol))
			}
			if v, ok := p.(Validator); ok {
				if err := v.Validate(h); err != nil {
					return positionedError(h, err)
				}
			}
		}
		hooks = append(hooks, cfg.Hooks...)
	}
	sel := newSelection(hooks, e.protos)
	e.mu.Lock()
	e.hooks, e.sel = hooks, sel
	e.mu.Unlock()
	return nil
}

// Hooks returns a copy of the engine's hooks in configured order.
func (e *Engine) Hooks() []settings.Hook {
	e.mu.RLock()
	defer e.mu.RUnlock()
	return append([]settings.Hook(nil), e.hooks...)
}

// Workspace returns the engine's workspace directory.
func (e *Engine) Workspace() string { return e.opts.Workspace }

// Outcome is the result of firing one event: the merged native reply and
// a trace of every hook that was considered for it, in configured order.
type Outcome struct {
	Reply
	// Hooks traces each selected hook — ran, deduplicated, skipped,
	// detached or not runnable — with its definition and its own reply
	// (for renderers that need more than the merge, such as the Claude
	// model-visible text).
	Hooks []Trace `json:"hooks"`
	// Event is the event as the hooks received it, with the final args
	// (after updated_args) when a hook rewrote them.
	Event Event `json:"-"`
	// Queued reports that [Engine.Dispatch] put the event on the
	// background queue for hooks whose protocol does not await it; their
	// outcome goes to Options.OnBackground.
	Queued bool `json:"-"`
	// Permission is what Options.Permissions decided about the tool call
	// (nil without a permission layer, or on other events); the reply
	// already carries it.
	Permission *Permission `json:"-"`
}

// Fire runs the hooks selected for ev and merges their replies. Hooks are
// selected by event name, by their protocol's matcher and by their if
// rule (HK-64); they are grouped by protocol (groups in the order of their
// first hook), each group runs per its protocol's [Schedule] and is
// combined by the protocol; the groups' replies are merged by [Merge].
// A later group sees the args an earlier group updated; once a group
// blocks, later groups are skipped.
//
// Fire waits for every hook it started (or its timeout), except hooks
// their protocol runs detached (a Phi async post_tool hook): those are
// traced as "detached" and awaited by [Engine.Close]. It never leaves a
// timed-out hook's process behind. Hook failures are outcomes, not
// errors.
//
// Cancellation is never an allow: when ctx ends while hooks run (or
// before they could start), the hooks that had not answered are stopped
// (their process groups terminated) and traced as "cancelled"; one that
// is fail_closed blocks, as a failed hook does. Fire then returns the
// outcome (never nil) together with an error wrapping ctx.Err(): the
// caller must not act on a reply that does not block, since hooks did not
// all answer. Fire returns a nil outcome and an error only for an event
// it cannot fire (unknown event name) or after Close ([ErrClosed]).
func (e *Engine) Fire(ctx context.Context, ev Event) (*Outcome, error) {
	if e.closed() {
		return nil, ErrClosed
	}
	return e.fire(ctx, ev, partAll)
}

// part selects which of an event's hooks fire runs: all of them (Fire),
// or those whose protocol awaits the event and the others ([Engine.Dispatch]).
type part int

const (
	partAll part = iota
	partAwaited
	partQueued
)

// in reports whether a hook of protocol p belongs to part x of an event.
func (x part) in(p Protocol, e settings.Event) bool {
	return x == partAll || awaits(p, e) == (x == partAwaited)
}

func (e *Engine) fire(ctx context.Context, ev Event, which part) (*Outcome, error) {
	if !ev.Name.Known() {
		return nil, &settings.UnknownEventError{Event: ev.Name}
	}
	if ev.Workspace == "" {
		ev.Workspace = e.opts.Workspace
	}
	if ev.Cwd == "" {
		ev.Cwd = ev.Workspace
	}
	e.mu.RLock()
	sel := e.sel
	e.mu.RUnlock()
	// The hooks see a copy: their updated args never reach the caller's
	// event. It is the outcome's, which reports it as the hooks left it.
	out := &Outcome{Event: ev.Clone()}
	cur := &out.Event
	if which != partQueued && e.permitBefore(cur, out) {
		return out, nil
	}

	type group struct {
		proto Protocol
		hooks []*settings.Hook
	}
	var groups []*group
	// Matchers (with their selection warnings, SelectWarner) come from
	// the engine's index; if rules are checked for those candidates only.
	cands, warnings := sel.candidates(cur)
	for _, c := range cands {
		if !which.in(c.p, cur.Name) || !ifSelects(c.p, c.h, cur, e.kinds) {
			continue
		}
		var g *group
		for _, x := range groups {
			if x.proto.Name() == c.p.Name() {
				g = x
				break
			}
		}
		if g == nil {
			g = &group{proto: c.p}
			groups = append(groups, g)
		}
		g.hooks = append(g.hooks, c.h)
	}

	var groupReplies []Reply
	blocked, cancelled := false, false
	for _, g := range groups {
		if blocked {
			for _, h := range g.hooks {
				out.add(h, HookReply{Outcome: OutcomeSkipped, Err: "an earlier hook blocked"}, nil)
			}
			continue
		}
		replies, groupCancelled := e.runGroup(ctx, g.proto, g.hooks, cur, out, warnings)
		cancelled = cancelled || groupCancelled
		gr := g.proto.Combine(cur, replies)
		groupReplies = append(groupReplies, gr)
		if gr.UpdatedArgs != nil {
			cur.Args = cloneRaw(gr.UpdatedArgs)
		}
		if gr.Decision.Blocks() {
			blocked = true
		}
	}
	out.Reply = Merge(groupReplies)
	if which != partQueued && !cancelled {
		e.permitAfter(out)
	}
	if cancelled {
		return out, fmt.Errorf("fire %s: hooks did not all answer: %w", ev.Name, ctx.Err())
	}
	return out, nil
}

func (o *Outcome) add(h *settings.Hook, r HookReply, res *RunResult) {
	t := Trace{
		Source:   h.Source.String(),
		Protocol: h.EffectiveProtocol(),
		Command:  h.Label(),
		Outcome:  r.Outcome,
		Error:    r.Err,
		Decision: string(r.Decision),
		Inner:    r.Inner,
		Hook:     h,
		Reply:    r,
	}
	if res != nil {
		t.ExitCode, t.Signal = exitOf(&r, res)
		t.DurationMS = durationMS(res.Duration)
	}
	t.Stderr = failedStderr(&r, res)
	o.Hooks = append(o.Hooks, t)
}

// MaxTraceStderr bounds the stderr a trace and the audit record show of a
// failed hook (bytes).
const MaxTraceStderr = 4096

// failedStderr is the stderr a trace shows for reply r of run res: the
// decisive inner run's, else the process's, when the hook failed; at
// most MaxTraceStderr bytes.
func failedStderr(r *HookReply, res *RunResult) string {
	failed := r.Outcome == OutcomeError || r.Outcome == OutcomeTimeout || r.Outcome == OutcomeNotRunnable ||
		r.Outcome == OutcomeBlocking && r.Err != ""
	if !failed {
		return ""
	}
	if c := r.decisive(); c != nil && c.Stderr != "" {
		return c.Stderr
	}
	if res == nil {
		return ""
	}
	s := strings.TrimRight(string(res.Stderr), "\n")
	if len(s) > MaxTraceStderr {
		cut := MaxTraceStderr
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + fmt.Sprintf("\n… (%d more bytes)", len(s)-cut)
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// maxParallel returns the cap on concurrently running hooks of one group;
// zero or less means none.
func (e *Engine) maxParallel() int {
	switch {
	case e.opts.MaxParallel == 0:
		return DefaultMaxParallel
	case e.opts.MaxParallel < 0:
		return 0
	}
	return e.opts.MaxParallel
}

// runGroup runs one protocol's hooks for ev per the protocol's schedule,
// records their traces in out (configured order) and returns their replies
// in configured order, deduplicated hooks excluded, and whether the
// caller's context cancelled any of them.
func (e *Engine) runGroup(ctx context.Context, p Protocol, hooks []*settings.Hook, ev *Event, out *Outcome, warnings map[*settings.Hook]string) ([]HookReply, bool) {
	sched := p.Schedule(ev)
	if sched.Serial != nil && sched.Parallel {
		// One selected hook asking for a serial run makes the whole plan
		// serial (Gemini CLI's and Qwen Code's "sequential" groups).
		for _, h := range hooks {
			if sched.Serial(h) {
				sched.Parallel = false
				break
			}
		}
	}
	var detach func(*settings.Hook, *Event) bool
	if d, ok := p.(Detacher); ok {
		detach = d.Detached
	}
	dup := make([]bool, len(hooks))
	if sched.DedupKey != nil {
		seen := map[string]bool{}
		for i, h := range hooks {
			if k := sched.DedupKey(h); k != "" {
				dup[i] = seen[k]
				seen[k] = true
			}
		}
	}
	replies := make([]HookReply, len(hooks))
	results := make([]*RunResult, len(hooks))
	ran := make([]bool, len(hooks))
	detached := make([]bool, len(hooks))
	var running []*settings.Hook // the hooks that run, for Payload.Hooks
	for i, h := range hooks {
		if !dup[i] && (detach == nil || !detach(h, ev)) {
			running = append(running, h)
		}
	}
	// The payload is built once for the group and shared by its hooks.
	shared := e.payloadOnce(p, ev, running)
	for i, h := range hooks {
		if dup[i] || detach == nil || !detach(h, ev) {
			continue
		}
		detached[i] = true
		e.detached.Add(1)
		evCopy := ev.Clone()
		go func() {
			defer e.detached.Done()
			e.runOne(e.bgCtx, p, h, &evCopy, shared, warnings[h], time.Now())
		}()
	}
	// The hooks to run, per phase (one phase unless the schedule has
	// phases), in configured order.
	phases := [][]int{nil}
	if sched.Phase != nil {
		phases = nil
		byPhase := map[int][]int{}
		var keys []int
		for i, h := range hooks {
			if dup[i] || detached[i] {
				continue
			}
			k := sched.Phase(h)
			if _, seen := byPhase[k]; !seen {
				keys = append(keys, k)
			}
			byPhase[k] = append(byPhase[k], i)
		}
		sort.Ints(keys)
		for _, k := range keys {
			phases = append(phases, byPhase[k])
		}
	} else {
		for i := range hooks {
			if !dup[i] && !detached[i] {
				phases[0] = append(phases[0], i)
			}
		}
	}
	// The hooks see the group's event (already the Fire's own copy)
	// until a phase updates the args; the args are replaced, never
	// written into, so a shallow copy leaves the group's event as it was.
	// One parallel phase changes nothing: its hooks share the event.
	local := ev
	if len(phases) > 1 || !sched.Parallel {
		c := *ev
		local = &c
	}
	start := time.Now() // HookReply.Ended counts from here
	for pi, idx := range phases {
		if pi > 0 {
			// What the protocol would act on after the earlier phases.
			var so []HookReply
			for i := range hooks {
				if ran[i] {
					so = append(so, replies[i])
				}
			}
			c := p.Combine(local, so)
			if c.Decision.Blocks() {
				for _, i := range idx {
					replies[i] = HookReply{Outcome: OutcomeSkipped, Err: "an earlier hook blocked"}
				}
				continue
			}
			if c.UpdatedArgs != nil && string(c.UpdatedArgs) != string(local.Args) {
				local.Args = cloneRaw(c.UpdatedArgs)
				shared = e.payloadOnce(p, local, running)
			}
		}
		e.runPhase(ctx, p, sched, hooks, idx, local, &shared, running, warnings, replies, results, ran, start)
	}
	// The replies that count are gathered in place: replies[i] is read
	// before any later index is written.
	counted := replies[:0]
	cancelled := false
	for i, h := range hooks {
		if results[i] != nil && results[i].Cancelled {
			cancelled = true
		}
		switch {
		case dup[i]:
			out.add(h, HookReply{Outcome: OutcomeDeduplicated, Err: "identical to an earlier hook of this event"}, nil)
		case detached[i]:
			out.add(h, HookReply{Outcome: OutcomeDetached}, nil)
		default:
			out.add(h, replies[i], results[i])
			if ran[i] {
				counted = append(counted, replies[i])
			}
		}
	}
	return counted, cancelled
}

// runPhase runs the hooks of hooks at idx for ev per sched (in parallel,
// or one after another with its StopOnBlock and ChainArgs), writing their
// replies, results and whether each ran at their index; their Ended
// counts from start.
func (e *Engine) runPhase(ctx context.Context, p Protocol, sched Schedule, hooks []*settings.Hook, idx []int, ev *Event, shared *func() (*Payload, error), running []*settings.Hook, warnings map[*settings.Hook]string, replies []HookReply, results []*RunResult, ran []bool, start time.Time) {
	if sched.Parallel && len(idx) == 1 {
		// Nothing to run beside it: no goroutine, no slot.
		i := idx[0]
		ran[i] = true
		replies[i], results[i] = e.runOne(ctx, p, hooks[i], ev, *shared, warnings[hooks[i]], start)
		return
	}
	if sched.Parallel {
		var wg sync.WaitGroup
		var slots chan struct{}
		if n := e.maxParallel(); n > 0 {
			slots = make(chan struct{}, n)
		}
		payload := *shared
		for _, i := range idx {
			h := hooks[i]
			ran[i] = true
			if slots != nil {
				slots <- struct{}{}
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				if slots != nil {
					defer func() { <-slots }()
				}
				replies[i], results[i] = e.runOne(ctx, p, h, ev, payload, warnings[h], start)
			}()
		}
		wg.Wait()
		return
	}
	blocked := false
	var done []HookReply
	for _, i := range idx {
		h := hooks[i]
		if blocked {
			replies[i] = HookReply{Outcome: OutcomeSkipped, Err: "an earlier hook blocked"}
			continue
		}
		ran[i] = true
		replies[i], results[i] = e.runOne(ctx, p, h, ev, *shared, warnings[h], start)
		done = append(done, replies[i])
		if ch, ok := p.(Chainer); ok && sched.ChainArgs {
			// The protocol says what the next hook sees (Gemini CLI's
			// sequential hooks pass on a context or merged arguments).
			if next, changed := ch.Chain(ev, &replies[i]); changed {
				*ev = next
				*shared = e.payloadOnce(p, ev, running)
			}
		} else if sched.ChainArgs && replies[i].UpdatedArgs != nil {
			// Later hooks see the args the protocol would act on so
			// far (native: the first hook's win, HK-60), not merely
			// the latest hook's.
			if args := p.Combine(ev, done).UpdatedArgs; args != nil {
				ev.Args = cloneRaw(args)
				*shared = e.payloadOnce(p, ev, running)
			}
		}
		if sched.StopOnBlock && replies[i].Decision.Blocks() {
			blocked = true
		}
	}
}

// payloadOnce returns a function that encodes ev for p's hooks on first
// use and returns the same result to every later caller; the payload
// names the hooks that run (Payload.Hooks).
func (e *Engine) payloadOnce(p Protocol, ev *Event, hooks []*settings.Hook) func() (*Payload, error) {
	return sync.OnceValues(func() (*Payload, error) {
		pl, err := p.Encode(ev, e.opts.Env)
		if pl != nil {
			pl.Hooks = hooks
		}
		return pl, err
	})
}

// runOne prepares, runs and classifies one hook, and writes its audit
// record (HK-22). A selection warning is added to the audit record and to
// the hook's trace (its error text), after the failure bookkeeping: it
// does not make the run a failure. A hook whose timeout exceeds
// Options.MaxTimeout runs, and is classified, with MaxTimeout. The
// reply's Ended is the time since start when the run was classified.
func (e *Engine) runOne(ctx context.Context, p Protocol, h *settings.Hook, ev *Event, shared func() (*Payload, error), warning string, start time.Time) (HookReply, *RunResult) {
	ended := e.observe(ctx, p, h, ev)
	run := h
	if limit := e.opts.MaxTimeout; limit > 0 && h.EffectiveTimeout() > limit {
		capped := *h
		capped.Timeout = limit
		run = &capped
	}
	var res *RunResult
	var reply HookReply
	switch run.EffectiveType() {
	case settings.TypePrompt, settings.TypeAgent:
		reply, res = e.runJudge(ctx, p, run, ev, shared)
	case settings.TypeMCPTool:
		reply, res = e.runMCP(ctx, p, run, ev, shared)
	default:
		if !e.acquire(ctx) {
			// Cancelled while waiting for a slot: the hook never started.
			res = &RunResult{ExitCode: -1, Cancelled: true}
			reply = p.Classify(run, ev, res)
			break
		}
		defer e.release()
		var inv *Invocation
		pl, err := shared()
		if err == nil {
			inv, err = p.Prepare(run, ev, pl)
		}
		if err == nil && e.opts.TimeoutReserve > 0 && inv.Timeout > 0 {
			inv.Timeout -= min(e.opts.TimeoutReserve, inv.Timeout/2)
		}
		if err != nil {
			res = &RunResult{ExitCode: -1, StartErr: err}
		} else if run.EffectiveType() == settings.TypeHTTP {
			res = e.runHTTP(ctx, run, inv)
		} else {
			if inv.Dir == "" {
				inv.Dir = e.opts.Workspace
			}
			res = e.runCommand(ctx, inv)
		}
		reply = p.Classify(run, ev, res)
		if reply.Inner == nil {
			// The exec shim answering a host agent reports the runs it
			// stands for on stderr (ReportLinePrefix).
			if runs := readReportLine(res.Stderr); runs != nil {
				applyReport(&reply, runs)
			}
		}
	}
	if res != nil && res.Cancelled {
		reply = cancelledReply(h, reply)
	}
	reply.Ended = time.Since(start)
	e.audit(h, ev, reply, res, warning)
	e.fails.record(h, ev, reply, res)
	if warning != "" {
		if reply.Err != "" {
			reply.Err += "; "
		}
		reply.Err += warning
	}
	ended(reply, res)
	return reply, res
}

// runCommand runs a command hook's invocation: in this process when
// Options.InProcess has a function for it, else as a process.
func (e *Engine) runCommand(ctx context.Context, inv *Invocation) *RunResult {
	if e.opts.InProcess != nil {
		if f := e.opts.InProcess(inv); f != nil {
			return runInProcess(ctx, inv, f, e.lim)
		}
	}
	return runProcess(ctx, inv, e.lim)
}

// acquire takes one of the engine's process slots (MaxProcesses), or
// reports false when ctx ends first.
func (e *Engine) acquire(ctx context.Context) bool {
	if e.procSlots == nil {
		return true
	}
	select {
	case e.procSlots <- struct{}{}:
		return true
	default:
	}
	select {
	case e.procSlots <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

func (e *Engine) release() {
	if e.procSlots != nil {
		<-e.procSlots
	}
}

// selects applies p's selection to h, with its warning when p is a
// [SelectWarner].
func selects(p Protocol, h *settings.Hook, ev *Event) (bool, string) {
	if w, ok := p.(SelectWarner); ok {
		return w.SelectWarn(h, ev)
	}
	return p.Selects(h, ev), ""
}

// cancelledReply is the reply of a hook the caller's context stopped
// before it answered: whatever its protocol made of the cut run, it is
// "cancelled", with no decision, and a fail_closed hook blocks, since a
// hook whose run was cancelled has failed (a cancelled guard must never
// read as an allow).
func cancelledReply(h *settings.Hook, r HookReply) HookReply {
	out := HookReply{Outcome: OutcomeCancelled, Err: "cancelled", Detail: r.Detail}
	if h.FailClosed {
		out.Decision = DecisionBlock
		out.Reason = fmt.Sprintf("hook %s was cancelled before it answered and is fail_closed", h.Label())
	}
	return out
}

func (e *Engine) audit(h *settings.Hook, ev *Event, r HookReply, res *RunResult, warning string) {
	if e.opts.Logger == nil {
		return
	}
	attrs := []any{
		slog.String("source", h.Source.String()),
		slog.String("protocol", h.EffectiveProtocol()),
		slog.String("command", h.Label()),
		slog.String("outcome", string(r.Outcome)),
		slog.String("decision", string(r.Decision)),
	}
	if res != nil {
		code := res.ExitCode
		if c, _ := exitOf(&r, res); c != nil {
			code = *c
		}
		attrs = append(attrs, slog.Int("exit_code", code), slog.Duration("duration", res.Duration))
	}
	if r.Err != "" {
		attrs = append(attrs, slog.String("error", r.Err))
	}
	if s := failedStderr(&r, res); s != "" {
		attrs = append(attrs, slog.String("stderr", s))
	}
	level := slog.LevelInfo
	if warning != "" {
		attrs = append(attrs, slog.String("warning", warning))
		level = slog.LevelWarn
	}
	if r.Outcome == OutcomeError || r.Outcome == OutcomeTimeout {
		level = slog.LevelWarn
	}
	e.opts.Logger.Log(context.Background(), level, "hook "+string(ev.Name), attrs...)
}

// positionedError gives a protocol's validation error for h the hook's
// position: a [*settings.MatcherError] or [*settings.RuleError] without
// one gets h's Source, another error is prefixed with it.
func positionedError(h *settings.Hook, err error) error {
	var me *settings.MatcherError
	if errors.As(err, &me) && me.File == "" {
		c := *me
		c.File, c.Line, c.Col = h.Source.File, h.Source.Line, h.Source.Col
		if c.Field == "" {
			c.Field = "hooks." + string(h.Event) + ".match"
		}
		return &c
	}
	var re *settings.RuleError
	if errors.As(err, &re) && re.File == "" {
		c := *re
		c.File, c.Line, c.Col = h.Source.File, h.Source.Line, h.Source.Col
		if c.Field == "" {
			c.Field = "hooks." + string(h.Event) + ".if"
		}
		return &c
	}
	return fmt.Errorf("%s: %w", h.Source, err)
}
