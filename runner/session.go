package runner

import (
	"context"
	"encoding/json"
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

// Session keeps the per-session state the native spec gives synchronous
// events (HK-51), for an agent that fires them through an [Engine]:
//   - the output of session_start (plain stdout or additional_context) is
//     kept and added to the session's next real prompt;
//   - prompt_submit may block the prompt; its output is added to it;
//   - stop may send the agent back to work: exit 2, a block, or
//     {"continue": true, "reason": …} makes the reason a new prompt, at
//     most MaxStopContinuations times per prompt, and stop hooks see
//     stop_hook_active after the first continuation.
//
// A Session is safe for concurrent use, but the agent calls it in turn
// order.
type Session struct {
	Engine *Engine
	// ID is the session_id of every event.
	ID string
	// Base is copied into every event (workspace, cwd, transcript_path,
	// permission_mode, agent); Name, SessionID and the event's own fields
	// are set by the methods.
	Base Event
	// MaxStopContinuations bounds stop continuations per prompt; zero
	// means DefaultMaxStopContinuations (5).
	MaxStopContinuations int

	mu       sync.Mutex // guards the following
	pending  []string   // session_start output for the next prompt
	promptID string
	stops    int // continuations of the current prompt
}

func (s *Session) event(name settings.Event) Event {
	ev := s.Base.Clone()
	ev.Name, ev.SessionID = name, s.ID
	s.mu.Lock()
	ev.PromptID = s.promptID
	s.mu.Unlock()
	return ev
}

// Start fires session_start with reason (startup, resume or new) and
// keeps its output for the next prompt (HK-51). When ctx ends while hooks
// run, the outcome comes with an error wrapping ctx.Err() and nothing is
// kept.
func (s *Session) Start(ctx context.Context, reason string) (*Outcome, error) {
	ev := s.event(settings.SessionStart)
	ev.Reason = reason
	out, err := s.Engine.Fire(ctx, ev)
	if err != nil {
		return out, err // cancelled: not every hook answered; nothing is kept
	}
	if c := strings.TrimSpace(out.AdditionalContext); c != "" {
		s.mu.Lock()
		s.pending = append(s.pending, c)
		s.mu.Unlock()
	}
	return out, nil
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
	Outcome *Outcome
}

// Prompt fires prompt_submit for a new prompt (promptID identifies it,
// HK-50) and resets the stop continuation count. A blocked prompt keeps
// the session_start output for the next one. When ctx ends while hooks
// run, the error wraps ctx.Err() and the result says only whether the
// prompt is blocked (a fail_closed hook that had not answered blocks):
// the prompt must not be sent.
func (s *Session) Prompt(ctx context.Context, promptID, prompt string) (*PromptResult, error) {
	s.mu.Lock()
	s.promptID, s.stops = promptID, 0
	s.mu.Unlock()
	ev := s.event(settings.PromptSubmit)
	ev.Prompt = prompt
	out, err := s.Engine.Fire(ctx, ev)
	if out == nil {
		return nil, err
	}
	res := &PromptResult{Outcome: out}
	if out.Decision.Blocks() {
		res.Blocked, res.Reason = true, out.Reason
		return res, err
	}
	if err != nil {
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
	return res, nil
}

// StopResult is what [Session.Stop] decided.
type StopResult struct {
	// Continue reports that the agent goes on with Prompt as its next
	// prompt (recorded in the transcript as "(stop hook) …").
	Continue bool
	Prompt   string
	// Capped reports that a hook asked to continue but the prompt had
	// used its continuations up.
	Capped  bool
	Outcome *Outcome
}

// Stop fires stop after a turn, with output as the agent's last message.
// stop_hook_active is true when this stop follows a continuation forced
// by a stop hook. A block (exit 2 or decision block) or continue:true with
// a reason continues the turn with the reason as the new prompt, at most
// MaxStopContinuations times per prompt (HK-51); continue:false always
// ends it.
func (s *Session) Stop(ctx context.Context, output string) (*StopResult, error) {
	ev := s.event(settings.Stop)
	ev.Output = output
	s.mu.Lock()
	ev.StopHookActive = s.stops > 0
	s.mu.Unlock()
	out, err := s.Engine.Fire(ctx, ev)
	if err != nil {
		// Cancelled: the turn ends (no continuation from hooks that did
		// not all answer).
		return &StopResult{Outcome: out}, err
	}
	res := &StopResult{Outcome: out}
	wants := out.Decision.Blocks() || (out.Continue != nil && *out.Continue)
	if out.Continue != nil && !*out.Continue {
		wants = false
	}
	if !wants || strings.TrimSpace(out.Reason) == "" {
		return res, nil
	}
	limit := s.MaxStopContinuations
	if limit <= 0 {
		limit = DefaultMaxStopContinuations
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stops >= limit {
		res.Capped = true
		return res, nil
	}
	s.stops++
	res.Continue, res.Prompt = true, out.Reason
	return res, nil
}

// ToolError is what the model gets instead of a pre_tool call's result
// when a hook blocked it (HK-23): {"error":"blocked by pre_tool hook: <reason>"}.
func ToolError(reason string) json.RawMessage {
	b, _ := json.Marshal(map[string]string{"error": "blocked by pre_tool hook: " + reason})
	return b
}
