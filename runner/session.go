package runner

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"

	"github.com/hookcompat/hookcompat/settings"
)

// DefaultMaxStopContinuations is how often stop hooks may send the agent
// back to work for one prompt (HK-51).
const DefaultMaxStopContinuations = 5

// ExitPromptBlocked is the exit status of a one-shot run whose prompt a
// prompt_submit hook blocked (HK-24).
const ExitPromptBlocked = 4

// ErrNoEngine is returned by the methods of a [Session] that has no
// Engine (a zero Session).
var ErrNoEngine = errors.New("runner: session has no engine")

// Session is one agent session's side of the hooks: it builds every
// event of the session ([Session.Event]: session_id, prompt_id and the
// fields of Base) and fires it the way the agents of its hooks expect
// ([Engine.Dispatch]: the hooks whose protocol awaits the event answer
// before the method returns, the others run on the background queue),
// and keeps the state the native spec gives synchronous events (HK-51):
//   - the output of session_start (plain stdout or additional_context) is
//     kept and added to the session's next real prompt;
//   - prompt_submit may block the prompt; its output is added to it;
//   - stop (and subagent_stop) may send the agent back to work: exit 2, a
//     block, or {"continue": true, "reason": …} makes the reason a new
//     prompt, at most MaxStopContinuations times per prompt, and stop
//     hooks see stop_hook_active after the first continuation.
//
// The methods follow the session's life: [Session.Start], then per
// prompt [Session.Prompt], per tool call [Session.PreTool] (and
// [Session.PermissionRequest] before asking the user), the call, then
// [Session.PostTool] or [Session.PostToolFailure]; [Session.Stop] after
// the turn; [Session.SubagentStart] and [Session.SubagentStop],
// [Session.PreCompact] and [Session.PostCompact], [Session.Notify] as they
// happen; [Session.End] last. The engine's Close waits for the queued
// hooks.
//
// When ctx ends while hooks run, a method returns an error wrapping
// ctx.Err() together with a result that says only whether the action is
// blocked (a fail_closed hook that had not answered blocks): the action
// must not go ahead as if hooks had allowed it.
//
// Set Engine, ID and Base before the first call; change Base later only
// through [Session.Update]. A Session is safe for concurrent use, but the
// agent calls it in turn order. A zero Session's methods return
// [ErrNoEngine].
type Session struct {
	Engine *Engine
	// ID is the session_id of every event.
	ID string
	// Base is copied into every event: workspace and cwd (empty: the
	// engine's workspace), transcript_path, permission_mode and agent
	// (HK-50); Name, SessionID, PromptID and the event's own fields are
	// set by the methods.
	Base Event
	// MaxStopContinuations bounds stop continuations per prompt (and
	// subagent_stop continuations per subagent run); zero means
	// DefaultMaxStopContinuations (5).
	MaxStopContinuations int

	mu       sync.Mutex // guards Base after the first call, and the following
	pending  []string   // session_start output for the next prompt
	promptID string
	stops    int            // continuations of the current prompt
	subStops map[string]int // continuations per subagent run
}

// Event returns a new event named name with the session's fields:
// session_id, the current prompt_id (set by [Session.Prompt]) and Base's
// workspace, cwd, transcript_path, permission_mode and agent. The
// methods fire events built this way; an agent that fires an event the
// methods do not cover builds it here too.
func (s *Session) Event(name settings.Event) Event {
	if s == nil {
		return Event{Name: name}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ev := s.Base.Clone()
	ev.Name, ev.SessionID, ev.PromptID = name, s.ID, s.promptID
	if s.Engine != nil {
		if ev.Workspace == "" {
			ev.Workspace = s.Engine.Workspace()
		}
		if ev.Cwd == "" {
			ev.Cwd = ev.Workspace
		}
	}
	return ev
}

// Update changes the fields every later event carries, under the
// session's lock: the cwd after the agent changed directory, the
// permission_mode after a mode switch.
func (s *Session) Update(f func(base *Event)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f(&s.Base)
}

// dispatch fires ev through the engine per [Engine.Dispatch].
func (s *Session) dispatch(ctx context.Context, ev Event) (*Outcome, error) {
	if s == nil || s.Engine == nil {
		return nil, ErrNoEngine
	}
	return s.Engine.Dispatch(ctx, ev)
}

// ready reports a session that cannot fire.
func (s *Session) ready() error {
	if s == nil || s.Engine == nil {
		return ErrNoEngine
	}
	return nil
}

// Start fires session_start with reason (startup, resume or new) and
// keeps its output for the next prompt (HK-51). When ctx ends while hooks
// run, the outcome comes with an error wrapping ctx.Err() and nothing is
// kept.
func (s *Session) Start(ctx context.Context, reason string) (*Outcome, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	ev := s.Event(settings.SessionStart)
	ev.Reason = reason
	out, err := s.dispatch(ctx, ev)
	if err != nil && !errors.Is(err, ErrDropped) {
		return out, err // cancelled: not every hook answered; nothing is kept
	}
	if c := strings.TrimSpace(out.AdditionalContext); c != "" {
		s.mu.Lock()
		s.pending = append(s.pending, c)
		s.mu.Unlock()
	}
	return out, err
}

// PromptResult is what [Session.Prompt] decided.
type PromptResult struct {
	// Blocked reports that a hook blocked the prompt: it must be neither
	// recorded nor sent (HK-24); Reason says why.
	Blocked bool
	Reason  string
	// Context is the text to add to the prompt: the kept session_start
	// output, then prompt_submit's output, joined by blank lines.
	Context string
	// SystemMessage is for the user (HK-61).
	SystemMessage string
	// Stop reports a hook's continue:false (a Claude hook's "continue":
	// false, which Claude Code honours on UserPromptSubmit): the agent
	// stops — the prompt is not sent, even when nothing blocked it, and
	// the turn ends — showing StopReason to the user. Like a block, it
	// keeps the session_start output for the next prompt.
	Stop       bool
	StopReason string
	Outcome    *Outcome
}

// Prompt fires prompt_submit for a new prompt (promptID identifies it,
// HK-50: every later event of the prompt carries it) and resets the stop
// continuation count. A blocked prompt keeps the session_start output for
// the next one. When ctx ends while hooks run, the error wraps ctx.Err()
// and the result says only whether the prompt is blocked (a fail_closed
// hook that had not answered blocks): the prompt must not be sent.
func (s *Session) Prompt(ctx context.Context, promptID, prompt string) (*PromptResult, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.promptID, s.stops = promptID, 0
	s.mu.Unlock()
	ev := s.Event(settings.PromptSubmit)
	ev.Prompt = prompt
	out, err := s.dispatch(ctx, ev)
	if out == nil {
		return nil, err
	}
	res := &PromptResult{Outcome: out, SystemMessage: out.SystemMessage}
	res.Stop, res.StopReason = halts(out)
	if out.Decision.Blocks() {
		res.Blocked, res.Reason = true, out.Reason
	}
	if res.Blocked || res.Stop {
		return res, err
	}
	if err != nil && !errors.Is(err, ErrDropped) {
		return res, err
	}
	s.mu.Lock()
	parts := append(s.pending, strings.TrimSpace(out.AdditionalContext))
	s.pending = nil
	s.mu.Unlock()
	var keep []string
	for _, p := range parts {
		if p != "" {
			keep = append(keep, p)
		}
	}
	res.Context = strings.Join(keep, "\n\n")
	return res, err
}

// ToolCall is one tool call of the agent: the tool's native name (the
// host's own, as the engine's vocabulary knows it), its arguments (a JSON
// object) and the call's id (tool_call_id).
type ToolCall struct {
	ID   string
	Tool string
	Args json.RawMessage
}

func (s *Session) toolEvent(name settings.Event, call ToolCall) Event {
	ev := s.Event(name)
	ev.Tool, ev.ToolCallID, ev.Args = call.Tool, call.ID, cloneRaw(call.Args)
	return ev
}

// PreToolResult is what [Session.PreTool] decided about a tool call
// (HK-23, HK-60).
type PreToolResult struct {
	// Decision is the merged decision: block or deny (Blocked), ask (put
	// the call to the user first, with Reason), allow (let it through
	// the approvals it would ask for, never past a deny rule), or none.
	Decision Decision
	// Blocked reports that the call must not run: the model gets
	// [ToolError](Reason) as its result.
	Blocked bool
	Reason  string
	// Args are the arguments to run the call with: a hook's updated_args,
	// or the call's own.
	Args json.RawMessage
	// Context goes to the model with the tool's result (hook_context).
	Context string
	// SystemMessage is for the user (HK-61).
	SystemMessage string
	// Stop reports a hook's continue:false (a Claude PreToolUse hook's
	// "continue": false): the agent stops after this call — it runs,
	// unless Blocked, and the loop then ends without another request to
	// the model — showing StopReason to the user. It is no allow: a call
	// whose Decision is none and Stop set still ends the turn.
	Stop       bool
	StopReason string
	Outcome    *Outcome
}

// PreTool fires pre_tool for a tool call before it runs (HK-60). When ctx
// ends while hooks run, the error wraps ctx.Err() and the call must not
// run (Blocked is set when a fail_closed hook had not answered).
func (s *Session) PreTool(ctx context.Context, call ToolCall) (*PreToolResult, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	out, err := s.dispatch(ctx, s.toolEvent(settings.PreTool, call))
	if out == nil {
		return nil, err
	}
	res := &PreToolResult{
		Decision: out.Decision, Blocked: out.Decision.Blocks(), Reason: out.Reason,
		Args: cloneRaw(call.Args), Context: out.AdditionalContext, SystemMessage: out.SystemMessage, Outcome: out,
	}
	res.Stop, res.StopReason = halts(out)
	if out.UpdatedArgs != nil {
		res.Args = cloneRaw(out.UpdatedArgs)
	}
	return res, err
}

// EventResult is what the hooks of an event answered, for the events
// whose replies inform the agent rather than decide an action of their
// own (post_tool, post_tool_failure, permission_request, subagent_start,
// pre_compact, post_compact, notification, session_end).
type EventResult struct {
	// Decision is the merged decision of the hooks that answered now; a
	// blocking one (Blocked) on post_tool is feedback for the model with
	// the tool's result (Reason), on pre_compact it stops the compaction
	// (Claude's PreCompact), on permission_request it denies (and allow
	// allows) instead of the user (HK-51).
	Decision Decision
	Blocked  bool
	Reason   string
	// Result is what the model gets as the tool's result on post_tool: a
	// hook's replacement (Claude's updatedToolOutput, Phi's output), or
	// the tool's own; nil on other events.
	Result json.RawMessage
	// Context goes to the model (with the tool's result on post_tool, to
	// the subagent on subagent_start).
	Context string
	// SystemMessage is for the user (HK-61).
	SystemMessage string
	// Stop reports a hook's continue:false: the agent stops after this
	// step, StopReason saying why.
	Stop       bool
	StopReason string
	// Queued reports that hooks whose protocol does not await the event
	// were put on the background queue (their outcomes go to
	// Options.OnBackground).
	Queued bool
	// Outcome is the outcome of the hooks that answered now.
	Outcome *Outcome
}

func eventResult(out *Outcome) *EventResult {
	if out == nil {
		return nil
	}
	r := &EventResult{
		Decision: out.Decision, Blocked: out.Decision.Blocks(), Reason: out.Reason,
		Context: out.AdditionalContext, SystemMessage: out.SystemMessage,
		StopReason: out.StopReason, Queued: out.Queued, Outcome: out,
	}
	r.Stop, _ = halts(out)
	return r
}

// halts reports a merged continue:false and its stop_reason.
func halts(out *Outcome) (bool, string) {
	if out.Continue != nil && !*out.Continue {
		return true, out.StopReason
	}
	return false, ""
}

// PostTool fires post_tool after a tool call ran, with the tool's result
// (a JSON value). Hooks whose protocol awaits post_tool (Claude Code's
// PostToolUse, Phi's post_tool) answer before PostTool returns: their
// feedback, context and replacement of the result are in the result;
// native post_tool hooks never delay the agent (HK-30) and run on the
// background queue.
func (s *Session) PostTool(ctx context.Context, call ToolCall, result json.RawMessage) (*EventResult, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	ev := s.toolEvent(settings.PostTool, call)
	ev.Result = cloneRaw(result)
	out, err := s.dispatch(ctx, ev)
	r := eventResult(out)
	if r != nil {
		r.Result = cloneRaw(result)
		if out.UpdatedResult != nil {
			r.Result = cloneRaw(out.UpdatedResult)
		}
	}
	return r, err
}

// PostToolFailure fires post_tool_failure after a tool call failed, with
// the error's text (HK-52; Claude Code awaits its PostToolUseFailure
// hooks).
func (s *Session) PostToolFailure(ctx context.Context, call ToolCall, errText string) (*EventResult, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	ev := s.toolEvent(settings.PostToolFailure, call)
	ev.Error = errText
	out, err := s.dispatch(ctx, ev)
	return eventResult(out), err
}

// PermissionRequest fires permission_request just before the user would
// be asked about a tool call (HK-51): a Decision of allow or deny answers
// instead of the user (audited hook-allow or hook-deny); none leaves the
// question to the user.
func (s *Session) PermissionRequest(ctx context.Context, call ToolCall) (*EventResult, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	out, err := s.dispatch(ctx, s.toolEvent(settings.PermissionRequest, call))
	return eventResult(out), err
}

// SubagentStart fires subagent_start when a subagent starts (HK-52):
// subagent names it (its type), prompt is its task. Context is for the
// subagent (Claude Code's SubagentStart additionalContext). It resets the
// subagent's stop continuations.
func (s *Session) SubagentStart(ctx context.Context, subagent, prompt string) (*EventResult, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	delete(s.subStops, subagent)
	s.mu.Unlock()
	ev := s.Event(settings.SubagentStart)
	ev.Subagent, ev.Prompt = subagent, prompt
	out, err := s.dispatch(ctx, ev)
	return eventResult(out), err
}

// StopResult is what [Session.Stop] and [Session.SubagentStop] decided.
type StopResult struct {
	// Continue reports that the agent (or subagent) goes on with Prompt
	// as its next prompt (recorded in the transcript as "(stop hook) …").
	Continue bool
	Prompt   string
	// Capped reports that a hook asked to continue but the prompt had
	// used its continuations up.
	Capped bool
	// SystemMessage is for the user (HK-61).
	SystemMessage string
	Outcome       *Outcome
}

// Stop fires stop after a turn, with output as the agent's last message.
// stop_hook_active is true when this stop follows a continuation forced
// by a stop hook. A block (exit 2 or decision block) or continue:true with
// a reason continues the turn with the reason as the new prompt, at most
// MaxStopContinuations times per prompt (HK-51); continue:false always
// ends it. When ctx ends while hooks run, the turn ends (no continuation
// from hooks that did not all answer) and the error wraps ctx.Err().
func (s *Session) Stop(ctx context.Context, output string) (*StopResult, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	ev := s.Event(settings.Stop)
	ev.Output = output
	s.mu.Lock()
	ev.StopHookActive = s.stops > 0
	s.mu.Unlock()
	out, err := s.dispatch(ctx, ev)
	return s.continuation(out, err, func(limit int) bool {
		if s.stops >= limit {
			return false
		}
		s.stops++
		return true
	})
}

// SubagentStop fires subagent_stop when a subagent finishes, with its
// last message (HK-52). Where the hooks' protocol lets them (Claude
// Code's SubagentStop), a block or continue:true with a reason sends the
// subagent back to work with the reason as its prompt, at most
// MaxStopContinuations times per subagent run ([Session.SubagentStart]
// resets the count); the subagent's later stops see stop_hook_active.
func (s *Session) SubagentStop(ctx context.Context, subagent, output string) (*StopResult, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	ev := s.Event(settings.SubagentStop)
	ev.Subagent, ev.Output = subagent, output
	s.mu.Lock()
	ev.StopHookActive = s.subStops[subagent] > 0
	s.mu.Unlock()
	out, err := s.dispatch(ctx, ev)
	return s.continuation(out, err, func(limit int) bool {
		if s.subStops[subagent] >= limit {
			return false
		}
		if s.subStops == nil {
			s.subStops = map[string]int{}
		}
		s.subStops[subagent]++
		return true
	})
}

// continuation decides a stop's outcome; take reports (under s.mu)
// whether a continuation is left and counts it.
func (s *Session) continuation(out *Outcome, err error, take func(limit int) bool) (*StopResult, error) {
	if out == nil {
		return nil, err
	}
	res := &StopResult{Outcome: out, SystemMessage: out.SystemMessage}
	if err != nil && !errors.Is(err, ErrDropped) {
		return res, err
	}
	wants := out.Decision.Blocks() || (out.Continue != nil && *out.Continue)
	if out.Continue != nil && !*out.Continue {
		wants = false
	}
	if !wants || strings.TrimSpace(out.Reason) == "" {
		return res, err
	}
	limit := s.MaxStopContinuations
	if limit <= 0 {
		limit = DefaultMaxStopContinuations
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !take(limit) {
		res.Capped = true
		return res, err
	}
	res.Continue, res.Prompt = true, out.Reason
	return res, err
}

// PreCompact fires pre_compact before the conversation is compacted
// (HK-52): reason is manual or rewind (or the agent's own, as Claude
// Code's auto), focus the user's instructions for the summary. Where the
// hooks' protocol lets them (Claude Code's PreCompact), Blocked stops the
// compaction.
func (s *Session) PreCompact(ctx context.Context, reason, focus string) (*EventResult, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	ev := s.Event(settings.PreCompact)
	ev.Reason, ev.Prompt = reason, focus
	out, err := s.dispatch(ctx, ev)
	return eventResult(out), err
}

// PostCompact fires post_compact after a compaction (HK-52).
func (s *Session) PostCompact(ctx context.Context, reason string) (*EventResult, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	ev := s.Event(settings.PostCompact)
	ev.Reason = reason
	out, err := s.dispatch(ctx, ev)
	return eventResult(out), err
}

// Notify fires notification (HK-52): typ is permission_prompt, question,
// turn_finished or the agent's own, message the text shown.
func (s *Session) Notify(ctx context.Context, typ, message string) (*EventResult, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	ev := s.Event(settings.Notification)
	ev.Type, ev.Message = typ, message
	out, err := s.dispatch(ctx, ev)
	return eventResult(out), err
}

// End fires session_end (HK-52) with reason new (another session
// starts), load (another session becomes active) or exit (the agent
// closes). Its hooks are queued unless a protocol awaits them; close the
// engine ([Engine.Close]) after End to let them finish.
func (s *Session) End(ctx context.Context, reason string) (*EventResult, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	ev := s.Event(settings.SessionEnd)
	ev.Reason = reason
	out, err := s.dispatch(ctx, ev)
	return eventResult(out), err
}

// ToolError is what the model gets instead of a pre_tool call's result
// when a hook blocked it (HK-23): {"error":"blocked by pre_tool hook: <reason>"}.
func ToolError(reason string) json.RawMessage {
	b, _ := json.Marshal(map[string]string{"error": "blocked by pre_tool hook: " + reason})
	return b
}
