package geminicore

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Protocol is the runner.Protocol of one agent of the family, driven by
// its [Agent]: the payload and environment every hook gets, how a run is
// prepared, scheduled, read, merged and chained. Each format's Protocol
// embeds one. Its tool vocabulary is fixed at construction; it is safe
// for concurrent use.
type Protocol struct {
	// Agent is the agent the protocol runs; Vocab its tool vocabulary.
	Agent *Agent
	Vocab *translate.Vocabulary

	once sync.Map // first runs, FirstRun
}

// NewProtocol returns a's protocol translating tool and argument names
// with vocab (nil: translate.DefaultVocabulary).
func NewProtocol(a *Agent, vocab *translate.Vocabulary) *Protocol {
	if vocab == nil {
		vocab = translate.DefaultVocabulary
	}
	return &Protocol{Agent: a, Vocab: vocab}
}

var (
	_ runner.Protocol     = (*Protocol)(nil)
	_ runner.Chainer      = (*Protocol)(nil)
	_ runner.SelectWarner = (*Protocol)(nil)
	_ runner.Detacher     = (*Protocol)(nil)
	_ runner.Awaiter      = (*Protocol)(nil)
)

// Name returns the agent's protocol name.
func (p *Protocol) Name() string { return p.Agent.Proto }

// Selects applies h's matcher to ev ([Protocol.SelectWarn]).
func (p *Protocol) Selects(h *settings.Hook, ev *runner.Event) bool {
	ok, _ := p.SelectWarn(h, ev)
	return ok
}

// SelectWarn is Selects with a warning when the hook's matcher could not
// be evaluated on ev (a regex that exceeds its evaluation bound): the hook
// is then selected — it might have matched, and a guard must never be
// skipped silently — and the warning goes to its trace
// (runner.SelectWarner). A hook on an event the agent has no row for is
// not selected; one whose matcher is of another match syntax (a native
// TOML hook of this protocol) is selected by the native rules.
func (p *Protocol) SelectWarn(h *settings.Hook, ev *runner.Event) (bool, string) {
	r, ok := p.Agent.ForNative(ev.Name)
	if !ok {
		return false, ""
	}
	if h.Match == "" {
		return true, ""
	}
	ok, err := p.Agent.Select(p, r, h, ev)
	if err != nil {
		return true, err.Error()
	}
	return ok, ""
}

// Encode builds what every hook of the agent gets for ev: stdin = the
// agent's payload ([Agent.Payload]), the environment the agent gives its
// hooks ([Agent.Env]).
func (p *Protocol) Encode(ev *runner.Event, base []string) (*runner.Payload, error) {
	stdin, err := p.Agent.Payload(ev, p.Vocab, base)
	if err != nil {
		return nil, err
	}
	return &runner.Payload{Stdin: stdin, Env: p.Agent.Env(p, ev, base)}, nil
}

// Prepare builds one run of a hook: in the payload's cwd (the workspace
// when that is not a folder; the hook's dir when it has one), with the
// hook's env merged last. A hook converted from the agent's file (option
// expand_vars) gets the agent's load-time $VAR expansion here, with the
// engine's environment. An http hook is prepared by the agent's rules, a
// hook with argv runs it as it is, a command as the agent runs it
// ([Agent.Argv]).
func (p *Protocol) Prepare(h *settings.Hook, ev *runner.Event, pl *runner.Payload) (*runner.Invocation, error) {
	dir := CwdOf(ev)
	if st, err := os.Stat(dir); dir == "" || err != nil || !st.IsDir() {
		dir = ev.Workspace
	}
	if h.Dir != "" {
		dir = h.Dir
	}
	hookEnv := h.Env
	cmd := h.Command
	if h.Options["expand_vars"] == "true" {
		x := p.Agent.LaunchExpander(pl.Env)
		cmd = x.Expand(cmd)
		if len(hookEnv) > 0 {
			hookEnv = map[string]string{}
			for k, v := range h.Env {
				hookEnv[k] = x.Expand(v)
			}
		}
	}
	inv := &runner.Invocation{Dir: dir, Env: hookkit.WithEnv(pl.Env, hookEnv), Stdin: pl.Stdin, Timeout: h.EffectiveTimeout(), URL: h.URL}
	if h.EffectiveType() == settings.TypeHTTP {
		if p.Agent.HTTP == nil {
			inv.Headers = hookkit.ExpandHeaders(h.Headers, h.AllowedEnvVars, inv.Env, false)
			return inv, nil
		}
		if err := p.Agent.HTTP(p, h, ev, inv); err != nil {
			return nil, err
		}
		return inv, nil
	}
	if len(h.Args) > 0 {
		inv.Argv = append([]string(nil), h.Args...)
		return inv, nil
	}
	inv.Argv = p.Agent.Argv(p, h, ev, cmd, pl.Env)
	return inv, nil
}

// FirstRun reports whether key is seen for the first time by this
// protocol (an http hook with once: true).
func (p *Protocol) FirstRun(key string) bool {
	_, seen := p.once.LoadOrStore(key, true)
	return !seen
}

// Schedule runs the plan in parallel unless a selected hook's group says
// "sequential": true (then one by one in plan order, each successful
// hook's output passed on, [Protocol.Chain]); hooks with the same
// identity ([Agent.DedupKey]) run once (hookPlanner.deduplicateHooks).
func (p *Protocol) Schedule(*runner.Event) runner.Schedule {
	return runner.Schedule{
		Parallel: true, ChainArgs: true, DedupKey: p.Agent.DedupKey,
		Serial: func(h *settings.Hook) bool { return h.Options["sequential"] == "true" },
	}
}

// Detached reports the hooks the agent does not wait for: every hook of
// a Detached row and, for an agent with AsyncDetached, async command
// hooks.
func (p *Protocol) Detached(h *settings.Hook, ev *runner.Event) bool {
	if p.Agent.AsyncDetached && h.Async && h.EffectiveType() == settings.TypeCommand {
		return true
	}
	r, ok := p.Agent.ForNative(ev.Name)
	return ok && r.Detached
}

// Awaits reports whether the agent waits for its hooks of native event e
// and applies their replies before it goes on (runner.Awaiter): every
// event whose row is not Queued. An event without a row follows the
// native spec.
func (p *Protocol) Awaits(e settings.Event) bool {
	if r, ok := p.Agent.ForNative(e); ok {
		return !r.Queued
	}
	return !e.Background()
}

// Detail is what the protocol records of one hook run
// (runner.HookReply.Detail).
type Detail struct {
	// Output is the reply object the agent read (from JSON, or made of
	// plain text), nil when it read none.
	Output *Output
	// Source is where it came from: "json" or "text" (Gemini CLI),
	// "stdout", "stderr", "http" or "prompt" (Qwen Code), "" for none.
	Source string
	// Success is the agent's success: the hook exited 0 (an http hook
	// answered 2xx); a timeout, a spawn error or a signal is not.
	Success bool
	// ExitCode is the exit status (-1 when killed by a signal or never
	// started).
	ExitCode int
	// Error is the agent's error message of a failed run, or "".
	Error string
}

// Classify reads one finished run the way the agent does: a cancelled,
// timed-out or unstarted run, or one whose output was cut at the engine's
// limit, is a failure without output (no decision is read from half a
// reply); otherwise the agent reads the output ([Agent.Read]), and the
// run blocks when its output does ([Agent.Blocks]) and failed when it was
// not a success. A failure of a fail_closed hook blocks, as if it had
// denied; the reply is what the agent makes of the output
// ([Agent.Reply]).
func (p *Protocol) Classify(h *settings.Hook, ev *runner.Event, res *runner.RunResult) runner.HookReply {
	a := p.Agent
	d := &Detail{ExitCode: res.ExitCode}
	rep := runner.HookReply{Detail: d}
	r, known := a.ForNative(ev.Name)
	switch {
	case res.Cancelled:
		rep.Outcome, rep.Err = runner.OutcomeCancelled, "the run was cancelled"
	case res.TimedOut:
		d.Error = a.TimeoutText(h.EffectiveTimeout())
		rep.Outcome, rep.Err = runner.OutcomeTimeout, d.Error
	case res.StartErr != nil:
		d.Error = res.StartErr.Error()
		rep.Outcome, rep.Err = runner.OutcomeError, d.Error
	case res.StdoutTruncated || res.StderrTruncated:
		d.Error = "the hook's output exceeded the engine's limit and was cut; its reply is not read"
		rep.Outcome, rep.Err = runner.OutcomeError, d.Error
	default:
		if !known {
			r = nil
		}
		a.Read(h, r, res, d)
		switch {
		case d.Output != nil && a.Blocks(r, d.Output):
			rep.Outcome = runner.OutcomeBlocking
		case !d.Success || d.Error != "":
			rep.Outcome, rep.Err = runner.OutcomeError, d.Error
			if rep.Err == "" {
				if res.Signal != "" {
					rep.Err = "killed by SIG" + res.Signal
				} else {
					rep.Err = fmt.Sprintf("exit status %d", res.ExitCode)
				}
			}
		default:
			rep.Outcome = runner.OutcomeSuccess
		}
	}
	if rep.Outcome.Failed() && h.FailClosed {
		// A failure of a fail_closed hook blocks: as if it had denied.
		o := jsonwire.NewObject(jsonwire.JSRoundTrip)
		o.Str("decision", a.FailDecision)
		o.Str("reason", fmt.Sprintf("hook %s failed and is fail_closed: %s", h.Label(), rep.Err))
		b, _ := o.Bytes()
		d.Output = NewOutput(b)
		rep.Outcome = runner.OutcomeBlocking
	}
	if known && d.Output != nil {
		rep.Reply = a.Reply(p, r, ev, d.Output)
		if a.OwnReply != nil {
			a.OwnReply(&rep.Reply, d.Output)
		}
	}
	return rep
}

// Combine merges the outputs of the protocol's hooks for ev as the agent
// does (the row's Merge, [Agent.Merge]; outputs of failed hooks count,
// timed-out ones have none) and says in native terms what the agent then
// does ([Agent.Reply]).
func (p *Protocol) Combine(ev *runner.Event, replies []runner.HookReply) runner.Reply {
	r, ok := p.Agent.ForNative(ev.Name)
	if !ok {
		return runner.Reply{}
	}
	m := p.Agent.Merge(r, OutputsOf(replies))
	if m == nil {
		return runner.Reply{}
	}
	return p.Agent.Reply(p, r, ev, m)
}

// OutputsOf are the outputs the protocol read from replies, in order.
func OutputsOf(replies []runner.HookReply) []*Output {
	var outs []*Output
	for i := range replies {
		if d, ok := replies[i].Detail.(*Detail); ok && d.Output != nil {
			outs = append(outs, d.Output)
		}
	}
	return outs
}

// Own returns the row of out's event and the outputs of the outcome's
// hooks of the agent's protocol that ran, in configured order (hooks of
// other protocols count through the outcome's merged native reply only).
func (p *Protocol) Own(out *runner.Outcome) (*Row, []*Output, bool) {
	r, ok := p.Agent.ForNative(out.Event.Name)
	if !ok {
		return nil, nil, false
	}
	var outs []*Output
	for i := range out.Hooks {
		tr := &out.Hooks[i]
		if tr.Hook == nil || tr.Hook.EffectiveProtocol() != p.Agent.Proto || !tr.Outcome.Ran() {
			continue
		}
		if d, ok := tr.Reply.Detail.(*Detail); ok && d.Output != nil {
			outs = append(outs, d.Output)
		}
	}
	return r, outs, true
}

// Chain is applyHookOutputToInput: after a successful hook (exit 0, with
// output) of a sequential plan, the next hook's input changes by the
// row's Chain: the prompt gets "\n\n" + the hook's additionalContext (raw,
// or sanitized for ChainExpansion), the tool_input the hook's tool_input
// merged in (key by key), the llm_request the hook's llm_request merged
// in.
func (p *Protocol) Chain(ev *runner.Event, rep *runner.HookReply) (runner.Event, bool) {
	d, ok := rep.Detail.(*Detail)
	if !ok || !d.Success || d.Output == nil {
		return runner.Event{}, false
	}
	r, ok := p.Agent.ForNative(ev.Name)
	if !ok {
		return runner.Event{}, false
	}
	next := ev.Clone()
	switch r.Chain {
	case ChainPrompt, ChainExpansion:
		c, ok := SpecificString(d.Output, "additionalContext")
		if !ok {
			return runner.Event{}, false
		}
		if r.Chain == ChainExpansion {
			c = SanitizeExpansion(c)
		}
		next.Prompt += "\n\n" + c
	case ChainToolInput:
		ti := SpecificObject(d.Output, "tool_input")
		if ti == nil {
			return runner.Event{}, false
		}
		tool := p.Agent.toolName(p.Vocab, ev.Tool)
		cur := p.Vocab.Args(translate.Native, p.Agent.Vocab, ev.Tool, ev.Args)
		next.Args = p.Vocab.Args(p.Agent.Vocab, translate.Native, tool, Spread(cur, ti))
	case ChainLLMRequest:
		lr := SpecificObject(d.Output, "llm_request")
		if lr == nil {
			return runner.Event{}, false
		}
		cur, _ := ev.Extra.Get("llm_request")
		next.Extra.Set("llm_request", Spread(cur, lr))
	default:
		return runner.Event{}, false
	}
	return next, true
}

// Spread is {...a, ...b} of two JSON objects (a may be empty or not an
// object): a's keys in order with b's values, then b's new keys.
func Spread(a, b json.RawMessage) json.RawMessage {
	var fa, fb runner.Fields
	if gjson.ParseBytes(a).IsObject() {
		_ = fa.UnmarshalJSON(a)
	}
	_ = fb.UnmarshalJSON(b)
	for _, kv := range fb {
		fa.Set(kv.Key, kv.Value)
	}
	out, _ := fa.MarshalJSON()
	return out
}

// MaxText is the agents' cap, in characters, of an http reply's strings
// and of a sanitized expansion context.
const MaxText = 10000

// SanitizeExpansion is sanitizeUserPromptExpansionAdditionalContext: & <
// > escaped, at most [MaxText] characters, no half entity at the end.
func SanitizeExpansion(s string) string {
	s = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
	if rs := []rune(s); len(rs) > MaxText {
		s = string(rs[:MaxText])
	}
	return halfEntity.Get().ReplaceAllString(s, "")
}

// OwnOutcome is out with only the hooks of the agent's protocol, their
// replies combined by the agent's rules (a decision of another
// protocol's hook is not the agent's text), or nil when none of them ran.
// A model view renders it.
func (p *Protocol) OwnOutcome(out *runner.Outcome) *runner.Outcome {
	own := &runner.Outcome{Event: out.Event}
	var replies []runner.HookReply
	for _, t := range out.Hooks {
		if t.Hook == nil || t.Hook.EffectiveProtocol() != p.Agent.Proto {
			continue
		}
		own.Hooks = append(own.Hooks, t)
		if t.Reply.Outcome.Ran() {
			replies = append(replies, t.Reply)
		}
	}
	if len(replies) == 0 {
		return nil
	}
	own.Reply = p.Combine(&out.Event, replies)
	return own
}

// HookCommands are the commands (or URLs) of the hooks of out that ran.
func HookCommands(out *runner.Outcome) []string {
	var hooks []string
	for _, t := range out.Hooks {
		if t.Reply.Outcome.Ran() {
			hooks = append(hooks, t.Command)
		}
	}
	return hooks
}
