package runner

import (
	"bytes"
	"encoding/json"
)

// ReportKey is the key of hookcompat's extension field of a native reply:
//
//	{"decision": …, …, "hookcompat": {"hooks": [{"protocol", "command", "outcome", "exit_code", "error", …}]}}
//
// A hook that runs other hooks on its behalf — the exec shim running a
// converted hook with its own format's protocol — reports their runs
// there, so that a failure inside it stays visible in traces, the audit
// log and the failure log. A plain native engine ignores the field (HK-53
// replies may carry more keys); the decision is always the native
// fields'.
const ReportKey = "hookcompat"

// Report is the value of the [ReportKey] field of a native reply.
type Report struct {
	// Hooks are the runs the reply stands for, in the order they were
	// traced.
	Hooks []InnerRun `json:"hooks"`
}

// InnerRun is one hook run a [Report] names: the trace fields of the hook
// as the reporting hook ran it.
type InnerRun struct {
	Protocol   string      `json:"protocol"`
	Command    string      `json:"command"`
	Outcome    OutcomeKind `json:"outcome"`
	ExitCode   *int        `json:"exit_code"`
	Signal     string      `json:"signal,omitempty"`
	DurationMS float64     `json:"duration_ms"`
	Error      string      `json:"error,omitempty"`
	Decision   string      `json:"decision,omitempty"`
	// Stderr is the failed run's stderr, as in [Trace.Stderr].
	Stderr string `json:"stderr,omitempty"`
}

// failed reports whether the run failed (HK-21): an error, a timeout, a
// hook that could not run, or a block fail_closed made of a failure.
func (r *InnerRun) failed() bool {
	switch r.Outcome {
	case OutcomeError, OutcomeTimeout, OutcomeNotRunnable:
		return true
	}
	return r.Outcome == OutcomeBlocking && r.Error != ""
}

// ReportOf is the report of out's traces, for a hook that answers a
// native engine on their behalf (the exec shim).
func ReportOf(out *Outcome) *Report {
	r := &Report{Hooks: []InnerRun{}}
	for _, t := range out.Hooks {
		r.Hooks = append(r.Hooks, InnerRun{Protocol: t.Protocol, Command: t.Command, Outcome: t.Outcome, ExitCode: t.ExitCode,
			Signal: t.Signal, DurationMS: t.DurationMS, Error: t.Error, Decision: t.Decision, Stderr: t.Stderr})
	}
	return r
}

// readReport returns the runs of the [ReportKey] field of a native JSON
// reply, or nil when there is none or it cannot be read: the field is an
// extension, and a reply is never rejected for it.
func readReport(reply []byte) []InnerRun {
	if !bytes.Contains(reply, []byte(`"`+ReportKey+`"`)) {
		return nil
	}
	var v struct {
		Report *Report `json:"hookcompat"`
	}
	if json.Unmarshal(reply, &v) != nil || v.Report == nil {
		return nil
	}
	for _, h := range v.Report.Hooks {
		switch h.Outcome {
		case OutcomeSuccess, OutcomeBlocking, OutcomeError, OutcomeTimeout, OutcomeCancelled,
			OutcomeSkipped, OutcomeDeduplicated, OutcomeNotRunnable, OutcomeDetached:
		default:
			return nil // not a report this engine wrote
		}
	}
	return v.Report.Hooks
}

// applyReport makes r, the reply of a hook that reported inner runs, show
// the inner run that decides how it went: the only one that ran, or the
// first that failed. Its error, and — when that run failed and the reply
// does not block — its failed outcome become r's, so that the hook fails
// in traces and the failure log exactly as the wrapped hook would; the
// decision stays the reply's.
func applyReport(r *HookReply, runs []InnerRun) {
	r.Inner = runs
	c := r.decisive()
	if c == nil {
		return
	}
	if r.Err == "" {
		r.Err = c.Error
	}
	if c.failed() && !r.Decision.Blocks() && c.Outcome != OutcomeBlocking {
		r.Outcome = c.Outcome
	}
}

// decisive is the inner run r's trace shows (see applyReport), or nil.
func (r *HookReply) decisive() *InnerRun {
	if len(r.Inner) == 1 && r.Inner[0].Outcome.Ran() {
		return &r.Inner[0]
	}
	for i := range r.Inner {
		if r.Inner[i].failed() {
			return &r.Inner[i]
		}
	}
	return nil
}

// exitOf is the exit code and signal a trace shows for reply r of run
// res: the decisive inner run's when r reports inner runs, else the
// process's (nil when it did not exit: not started, killed; an http
// hook's status).
func exitOf(r *HookReply, res *RunResult) (*int, string) {
	if c := r.decisive(); c != nil {
		return c.ExitCode, c.Signal
	}
	if res == nil {
		return nil, ""
	}
	switch {
	case res.HTTPStatus != 0:
		code := res.HTTPStatus
		return &code, res.Signal
	case res.StartErr == nil && res.ExitCode >= 0:
		code := res.ExitCode
		return &code, res.Signal
	}
	return nil, res.Signal
}

// ReportLinePrefix starts the line of a hook's stderr that carries a
// [Report]: the exec shim answering a host agent (Codex, Gemini CLI, …),
// whose reply schema has no room for hookcompat's extension field,
// reports the runs it stands for there, once, as the last line
// "hookcompat-report: {"hooks": [...]}". An engine that reads it
// ([Engine]) shows the wrapped hook's outcome in traces and the failure
// log exactly as for a native reply's [ReportKey] field; the host agent
// itself ignores a successful hook's stderr. It changes no decision.
const ReportLinePrefix = "hookcompat-report: "

// ReportLine is the stderr line carrying rep ([ReportLinePrefix], the
// report as compact JSON, a newline).
func ReportLine(rep *Report) ([]byte, error) {
	b, err := json.Marshal(rep)
	if err != nil {
		return nil, err
	}
	out := append([]byte(ReportLinePrefix), b...)
	return append(out, '\n'), nil
}

// readReportLine returns the runs of the last [ReportLinePrefix] line of
// stderr, or nil when there is none or it cannot be read.
func readReportLine(stderr []byte) []InnerRun {
	i := bytes.LastIndex(stderr, []byte(ReportLinePrefix))
	if i < 0 || (i > 0 && stderr[i-1] != '\n') {
		return nil
	}
	line := stderr[i+len(ReportLinePrefix):]
	if j := bytes.IndexByte(line, '\n'); j >= 0 {
		line = line[:j]
	}
	return readReport(append(append([]byte(`{"`+ReportKey+`":`), line...), '}'))
}
