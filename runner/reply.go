package runner

import (
	"encoding/json"
	"time"
)

// Decision is the decision field of a native reply (HK-53, HK-60).
type Decision string

// Native decisions. Block and Deny both stop the action (a pre_tool call,
// a prompt) or, on stop, force the agent to continue (HK-51); on post
// events a block is feedback for the model, the action having happened.
const (
	DecisionNone  Decision = ""
	DecisionBlock Decision = "block"
	DecisionDeny  Decision = "deny"
	DecisionAsk   Decision = "ask"
	DecisionAllow Decision = "allow"
)

// Blocks reports whether d stops the action (block or deny).
func (d Decision) Blocks() bool { return d == DecisionBlock || d == DecisionDeny }

// rank orders decisions for merging: block/deny > ask > allow > none.
func (d Decision) rank() int {
	switch d {
	case DecisionBlock, DecisionDeny:
		return 3
	case DecisionAsk:
		return 2
	case DecisionAllow:
		return 1
	}
	return 0
}

// Reply is the native reply schema (HK-20, HK-53, HK-60, HK-61): what one
// hook answered, or what several hooks answered together after [Merge].
//
// Its JSON form is the public contract of `hookcompat run`: decision
// (""|block|allow|deny|ask), reason, continue (null when no hook set it),
// additional_context, updated_args (null when unchanged), system_message,
// plus the extensions stop_reason (the message of a continue:false) and
// updated_result (a rewrite of the tool result, from Phi's post_tool
// output or Claude's updatedToolOutput), present only when set.
type Reply struct {
	Decision          Decision        `json:"decision"`
	Reason            string          `json:"reason"`
	Continue          *bool           `json:"continue"`
	AdditionalContext string          `json:"additional_context"`
	UpdatedArgs       json.RawMessage `json:"updated_args"`
	SystemMessage     string          `json:"system_message"`
	StopReason        string          `json:"stop_reason,omitempty"`
	UpdatedResult     json.RawMessage `json:"updated_result,omitempty"`
}

// Outcome kinds of one hook run, as reported in traces.
const (
	OutcomeSuccess      = "success"      // ran; its reply (possibly empty) counts
	OutcomeBlocking     = "blocking"     // ran and blocked or denied
	OutcomeError        = "error"        // failed: exit code, bad output, spawn failure; ignored unless fail_closed
	OutcomeTimeout      = "timeout"      // killed at its timeout; ignored unless fail_closed
	OutcomeCancelled    = "cancelled"    // the caller's context ended first
	OutcomeSkipped      = "skipped"      // not run: an earlier hook blocked (serial protocols)
	OutcomeDeduplicated = "deduplicated" // identical to an earlier hook of this event; ran once
	OutcomeNotRunnable  = "not_runnable" // a handler type nothing here can run (prompt hook without a judge)
	OutcomeDetached     = "detached"     // started in the background; its result is not awaited
)

// HookReply is what one hook contributed: its reply in native terms and
// how its run went.
type HookReply struct {
	Reply
	// Outcome is one of the Outcome* constants.
	Outcome string
	// Err describes a failure (Outcome error, timeout, not_runnable), or a
	// non-fatal problem such as unparsable output.
	Err string
	// Extra holds protocol-specific facts for renderers (for example
	// Claude's raw stderr or the kind of stdout); nil when none.
	Extra map[string]any
}

// Trace records one hook run of a fired event (HK-22): where the hook came
// from, what it ran, how it ended and how long it took.
type Trace struct {
	Source     string  `json:"source"`
	Protocol   string  `json:"protocol"`
	Command    string  `json:"command"`
	Outcome    string  `json:"outcome"`
	ExitCode   *int    `json:"exit_code"`
	Signal     string  `json:"signal,omitempty"`
	DurationMS float64 `json:"duration_ms"`
	Error      string  `json:"error,omitempty"`
	Decision   string  `json:"decision,omitempty"`
}

func durationMS(d time.Duration) float64 {
	return float64(d.Microseconds()) / 1000
}
