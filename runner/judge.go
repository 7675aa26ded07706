package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hookcompat/hookcompat/internal/hookjson"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/settings"
)

// Judge evaluates prompt and agent hooks for the embedding agent (HK-63):
// it asks a model whether the event meets the hook's criteria and answers
// with a [Verdict]. The contract is the same for every protocol: the
// engine builds the request (the prompt with the event substituted, per
// the hook's protocol) and applies the protocol's rules to the verdict (a
// Claude prompt hook's {"ok": false} becomes a block of its event, a
// native one's decision its reply). A Judge must be safe for concurrent
// use; it should return when ctx ends (the hook's timeout, or the
// caller's cancellation). One that does not is abandoned then (its hook
// timed out or cancelled, its goroutine left to return on its own); one
// that panics has failed (a [*CallbackPanic] in the hook's trace, its
// fail_closed applies): neither stops the agent or holds the event.
type Judge interface {
	Judge(ctx context.Context, req *JudgeRequest) (Verdict, error)
}

// JudgeFunc adapts a function to the [Judge] interface.
type JudgeFunc func(ctx context.Context, req *JudgeRequest) (Verdict, error)

// Judge calls f.
func (f JudgeFunc) Judge(ctx context.Context, req *JudgeRequest) (Verdict, error) { return f(ctx, req) }

// JudgeRequest is what a [Judge] is asked for one prompt or agent hook.
// It is read-only.
type JudgeRequest struct {
	// Hook is the hook being judged: its Type (settings.TypePrompt or
	// settings.TypeAgent), its Prompt as written and its Model ("" lets
	// the agent choose, as Claude Code's small fast model or the native
	// spec's session model).
	Hook *settings.Hook
	// Event is the event as the engine fired it (a copy).
	Event *Event
	// Protocol is the hook's protocol ("native", "claude", …).
	Protocol string
	// Prompt is the text to ask the model: the hook's prompt with
	// $ARGUMENTS replaced by Arguments, or Arguments appended when the
	// prompt has no placeholder, "\$" a literal dollar (Claude Code's
	// rule, claude §2.2), with whatever framing the protocol adds
	// (Claude Code asks Stop hooks whether the stopping condition is
	// satisfied).
	Prompt string
	// Arguments is the event as the hook's protocol encodes it: a native
	// hook's event JSON, a Claude hook's hook input JSON.
	Arguments json.RawMessage
}

// Verdict is a judge's answer for one hook, independent of the hook's
// protocol; the protocol maps it to the hook's reply.
type Verdict struct {
	// Decision is the answer: DecisionNone when the criteria do not apply
	// or are met (the action goes ahead; Claude's {"ok": true});
	// DecisionBlock or DecisionDeny when they are not met (Claude's
	// {"ok": false}: the event's blocking effect — a pre_tool call is
	// denied, a stop continues the turn with Reason); DecisionAllow and
	// DecisionAsk answer a pre_tool call or a permission request where
	// the hook's protocol has those decisions (native).
	Decision Decision
	// Reason explains a block (it becomes the block's reason, the
	// prompt of a continued stop) or another decision.
	Reason string
	// Impossible reports a condition that can never be met (Claude's
	// "impossible"): on stop and subagent_stop the agent then stops
	// instead of being sent back to work.
	Impossible bool
	// Context is additional context for the model (native
	// additional_context); protocols whose prompt hooks carry none
	// (Claude's) ignore it.
	Context string
	// SystemMessage is shown to the user (native system_message);
	// protocols whose prompt hooks carry none ignore it.
	SystemMessage string
}

// ParseVerdict reads a model's JSON answer as a [Verdict], for judges
// whose model answers in one of the shapes hooks know: the native reply
// ({"decision": "block"|"deny"|"allow"|"ask"|"", "reason",
// "additional_context", "system_message"}, HK-63), Claude Code's prompt
// hook answer ({"ok": true|false, "reason", "impossible"}, claude §6.11)
// or its older {"decision": "approve"|"block", "reason"}. Unknown keys
// are ignored. An answer that is not a JSON object, a known key of the
// wrong type, or a decision that is none of these is an error.
func ParseVerdict(data []byte) (Verdict, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || data[0] != '{' {
		return Verdict{}, errors.New("verdict: not a JSON object")
	}
	if ok, _ := hookjson.Valid(data); !ok {
		return Verdict{}, errors.New("verdict: not valid JSON")
	}
	var a struct {
		OK                *bool   `json:"ok"`
		Decision          *string `json:"decision"`
		Reason            string  `json:"reason"`
		Impossible        bool    `json:"impossible"`
		AdditionalContext string  `json:"additional_context"`
		SystemMessage     string  `json:"system_message"`
	}
	if err := json.Unmarshal(data, &a); err != nil {
		return Verdict{}, fmt.Errorf("verdict: %w", err)
	}
	v := Verdict{Reason: a.Reason, Impossible: a.Impossible, Context: a.AdditionalContext, SystemMessage: a.SystemMessage}
	switch {
	case a.OK != nil:
		if !*a.OK {
			v.Decision = DecisionBlock
		}
	case a.Decision != nil:
		switch d := Decision(*a.Decision); d {
		case DecisionNone, DecisionBlock, DecisionDeny, DecisionAsk, DecisionAllow:
			v.Decision = d
		case "approve":
		default:
			return Verdict{}, fmt.Errorf("verdict: unknown decision %q", *a.Decision)
		}
	}
	return v, nil
}

// valid reports whether v's decision is one the engine knows.
func (v *Verdict) valid() error {
	switch v.Decision {
	case DecisionNone, DecisionBlock, DecisionDeny, DecisionAsk, DecisionAllow:
		return nil
	}
	return fmt.Errorf("the judge answered an unknown decision %q", v.Decision)
}

// JudgeProtocol is implemented by protocols whose prompt and agent hooks
// follow rules of their own (Claude Code's, claude §6.11). A protocol
// without it gets the native rules: the prompt is the hook's prompt with
// the encoded event in place of $ARGUMENTS, or appended after
// "ARGUMENTS: " (compat/format's PromptWithArguments), and the verdict is the
// hook's native reply (its decision, reason, context and system
// message; a block without a reason is "blocked by prompt hook").
type JudgeProtocol interface {
	// JudgePrompt returns the text a judge asks about h for ev, where
	// arguments is the event as the protocol encodes it.
	JudgePrompt(h *settings.Hook, ev *Event, arguments []byte) string
	// ApplyVerdict turns a judge's verdict for h into h's reply, with the
	// protocol's rules for ev's event.
	ApplyVerdict(h *settings.Hook, ev *Event, v Verdict) HookReply
}

// nativeVerdict is the native rule for a verdict (HK-63): the judge
// answers like a hook reply.
func nativeVerdict(h *settings.Hook, v Verdict) HookReply {
	r := HookReply{Reply: Reply{Decision: v.Decision, Reason: v.Reason, AdditionalContext: v.Context, SystemMessage: v.SystemMessage}, Outcome: OutcomeSuccess}
	if v.Decision.Blocks() {
		r.Outcome = OutcomeBlocking
		if r.Reason == "" {
			r.Reason = "blocked by " + h.EffectiveType() + " hook"
		}
	}
	return r
}

// notRunnable is the reply of a hook whose handler type needs something
// the engine was not given (a judge, an MCP caller): it cannot run, and
// when fail_closed it blocks.
func notRunnable(h *settings.Hook, why string) HookReply {
	r := HookReply{Outcome: OutcomeNotRunnable, Err: why}
	if h.FailClosed {
		r.Decision = DecisionBlock
		r.Reason = fmt.Sprintf("hook %s failed and is fail_closed: %s", h.Label(), why)
		r.Outcome = OutcomeBlocking
	}
	return r
}

// runJudge evaluates a prompt or agent hook through the configured Judge
// (HK-63): the request carries the event as h's protocol encodes it, and
// the protocol applies its rules to the verdict ([JudgeProtocol]). A
// judge that fails, panics, times out or is cancelled is classified by
// the protocol like a command hook that did; one that does not return
// when its context ends is abandoned then.
func (e *Engine) runJudge(ctx context.Context, p Protocol, h *settings.Hook, ev *Event, shared func() (*Payload, error)) (HookReply, *RunResult) {
	if e.opts.Judge == nil {
		return notRunnable(h, fmt.Sprintf("no judge configured for %s hooks", h.EffectiveType())), nil
	}
	start := time.Now()
	res := &RunResult{ExitCode: -1}
	args, err := hookStdin(p, h, ev, shared)
	if err != nil {
		res.StartErr = err
		res.Duration = time.Since(start)
		return p.Classify(h, ev, res), res
	}
	evc := ev.Clone()
	req := &JudgeRequest{Hook: h, Event: &evc, Protocol: p.Name(), Arguments: args}
	if jp, ok := p.(JudgeProtocol); ok {
		req.Prompt = jp.JudgePrompt(h, ev, args)
	} else {
		req.Prompt = hookkit.PromptWithArguments(h.Prompt, args)
	}
	jctx, cancel := context.WithTimeout(ctx, h.EffectiveTimeout())
	defer cancel()
	// Guarded (callback.go): a panic fails the hook, a judge that
	// ignores jctx is abandoned when it ends.
	v, err := callGuarded(jctx, "judge", func(ctx context.Context) (Verdict, error) { return e.opts.Judge.Judge(ctx, req) })
	res.Duration = time.Since(start)
	if err == nil {
		err = v.valid()
	}
	switch {
	case jctx.Err() != nil:
		classifyCtxErr(ctx, jctx, res)
		return p.Classify(h, ev, res), res
	case err != nil:
		res.StartErr = fmt.Errorf("judge: %w", err)
		return p.Classify(h, ev, res), res
	}
	res.ExitCode = 0
	if jp, ok := p.(JudgeProtocol); ok {
		return jp.ApplyVerdict(h, ev, v), res
	}
	return nativeVerdict(h, v), res
}

// hookStdin is what h would receive on stdin for ev: the protocol's
// shared payload, as its Prepare picks it for h (a protocol with payload
// variants gives each hook its own), without surrounding whitespace.
func hookStdin(p Protocol, h *settings.Hook, ev *Event, shared func() (*Payload, error)) ([]byte, error) {
	pl, err := shared()
	if err != nil {
		return nil, err
	}
	inv, err := p.Prepare(h, ev, pl)
	if err != nil {
		return nil, err
	}
	return bytes.TrimSpace(inv.Stdin), nil
}
