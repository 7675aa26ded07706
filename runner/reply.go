package runner

import (
	"encoding/json"
	"time"

	"github.com/hookcompat/hookcompat/settings"
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

// OutcomeKind is how one hook run of a fired event ended, as reported in
// traces and the audit log. Its string form is part of the public JSON of
// `hookcompat run` ("outcome").
type OutcomeKind string

// Outcome kinds of one hook run.
const (
	OutcomeSuccess      OutcomeKind = "success"      // ran; its reply (possibly empty) counts
	OutcomeBlocking     OutcomeKind = "blocking"     // ran and blocked or denied
	OutcomeError        OutcomeKind = "error"        // failed: exit code, bad output, spawn failure; ignored unless fail_closed
	OutcomeTimeout      OutcomeKind = "timeout"      // killed at its timeout; ignored unless fail_closed
	OutcomeCancelled    OutcomeKind = "cancelled"    // the caller's context ended first
	OutcomeSkipped      OutcomeKind = "skipped"      // not run: an earlier hook blocked (serial protocols)
	OutcomeDeduplicated OutcomeKind = "deduplicated" // identical to an earlier hook of this event; ran once
	OutcomeNotRunnable  OutcomeKind = "not_runnable" // a handler type nothing here can run (prompt hook without a judge)
	OutcomeDetached     OutcomeKind = "detached"     // started in the background; its result is not awaited
)

// Failed reports whether the kind is a failure of the hook: it errored,
// timed out, was cancelled or could not run (HK-21, HK-66). A blocking
// outcome is a failure too when the block came from fail_closed; see
// [HookReply.Failed].
func (k OutcomeKind) Failed() bool {
	switch k {
	case OutcomeError, OutcomeTimeout, OutcomeCancelled, OutcomeNotRunnable:
		return true
	}
	return false
}

// Ran reports whether the hook was started for this event (it may still
// have failed), as opposed to skipped, deduplicated or detached.
func (k OutcomeKind) Ran() bool {
	switch k {
	case OutcomeSkipped, OutcomeDeduplicated, OutcomeDetached:
		return false
	}
	return true
}

// HookReply is what one hook contributed: its reply in native terms and
// how its run went.
type HookReply struct {
	Reply
	// Outcome is how the run ended.
	Outcome OutcomeKind
	// Err describes a failure (Outcome error, timeout, not_runnable, or a
	// blocking outcome that fail_closed made of a failure), or a
	// non-fatal problem such as unparsable output.
	Err string
	// Detail holds the protocol's own facts about the run, typed by the
	// protocol (for example the Claude protocol's raw stderr, kind of
	// stdout and decision as written), for its combiner and renderer; nil
	// when none.
	Detail any
	// Inner are the runs the hook reported making on its behalf (the
	// [ReportKey] field of a native reply: the exec shim's wrapped hook),
	// or nil.
	Inner []InnerRun
	// Ended is when the hook's run ended (answered, failed, timed out,
	// was cancelled or was found not runnable), as a duration since its
	// protocol group of the fired event started (monotonic clock; a
	// [time.Duration], so nanoseconds). The engine sets it after the
	// protocol's Classify, for every hook that ran; it is zero for hooks
	// that did not run in this fire (skipped, deduplicated, detached).
	// Protocols whose agent orders results by completion (Claude Code)
	// use it in Combine; in a serial group it grows in configured order.
	Ended time.Duration
}

// Failed reports whether the hook failed (HK-21, HK-66): an error,
// timeout, cancellation or not-runnable outcome, or a block that
// fail_closed made of a failure (Err is set then).
func (r *HookReply) Failed() bool {
	return r.Outcome.Failed() || (r.Outcome == OutcomeBlocking && r.Err != "")
}

// Trace records one hook of a fired event (HK-22): where the hook came
// from, what it ran, how it ended and how long it took, with the hook's
// definition and its own reply for renderers and hosts. Its JSON form
// (without Hook and Reply) is part of the public reply of `hookcompat run`.
type Trace struct {
	Source     string      `json:"source"`
	Protocol   string      `json:"protocol"`
	Command    string      `json:"command"`
	Outcome    OutcomeKind `json:"outcome"`
	ExitCode   *int        `json:"exit_code"`
	Signal     string      `json:"signal,omitempty"`
	DurationMS float64     `json:"duration_ms"`
	Error      string      `json:"error,omitempty"`
	Decision   string      `json:"decision,omitempty"`
	// Stderr is what a hook that failed (an error, a timeout, a failure
	// fail_closed turned into a block) wrote on stderr, whole up to
	// [MaxTraceStderr] bytes (a longer one is cut there and says so); for
	// a hook that reports inner runs, the decisive inner run's. Empty for
	// a hook that did not fail.
	Stderr string `json:"stderr,omitempty"`
	// Inner are the runs the hook reported making on its behalf (the exec
	// shim's wrapped hook, [ReportKey]); the trace's outcome, exit code
	// and error are then the decisive inner run's.
	Inner []InnerRun `json:"inner,omitempty"`

	// Hook is the hook's definition.
	Hook *settings.Hook `json:"-"`
	// Reply is the hook's own reply before merging, with its protocol's
	// Detail.
	Reply HookReply `json:"-"`
}

func durationMS(d time.Duration) float64 {
	return float64(d.Microseconds()) / 1000
}
