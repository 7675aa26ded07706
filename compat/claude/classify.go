package claude

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hookcompat/hookcompat/internal/hookjson"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// StdoutKind is how Claude Code reads a hook's stdout (claude §6.2).
type StdoutKind string

// Kinds of stdout.
const (
	StdoutEmpty   StdoutKind = "empty"
	StdoutPlain   StdoutKind = "plain"   // not JSON: plain text
	StdoutJSON    StdoutKind = "json"    // a JSON object
	StdoutInvalid StdoutKind = "invalid" // looked like JSON ({…}) but does not parse
)

// ClassifyStdout applies Claude Code's JSON rule (claude §6.2): after
// trimming whitespace, stdout is JSON only when it starts with '{' and
// ends with '}'. Several lines that each parse on their own (JSONL) are
// plain text unless one sets a known output field, which makes the
// output invalid. It returns the kind and, for StdoutJSON, the object.
// Like JSON.parse, it reads objects nested to any depth (encoding/json
// stops at 10,000 levels); its memory is bounded by stdout's size, which
// the engine caps (runner.DefaultReplyLimit).
func ClassifyStdout(stdout []byte) (StdoutKind, []byte) {
	// String.prototype.trim also strips a byte order mark (U+FEFF).
	t := bytes.TrimSpace(bytes.TrimPrefix(bytes.TrimSpace(stdout), []byte("\ufeff")))
	switch {
	case len(t) == 0:
		return StdoutEmpty, nil
	case t[0] != '{' || t[len(t)-1] != '}':
		return StdoutPlain, nil
	}
	if ok, _ := hookjson.Valid(t); ok {
		return StdoutJSON, t
	}
	lines := bytes.Split(t, []byte("\n"))
	if len(lines) > 1 {
		allJSON, setsField := true, false
		for _, l := range lines {
			l = bytes.TrimSpace(l)
			if len(l) == 0 {
				continue
			}
			if ok, _ := hookjson.Valid(l); !ok {
				allJSON = false
				break
			}
			if l[0] == '{' {
				for _, m := range hookjson.Members(l) {
					if knownOutputFields[m.Key] {
						setsField = true
					}
				}
			}
		}
		if allJSON && !setsField {
			return StdoutPlain, nil
		}
	}
	return StdoutInvalid, nil
}

var knownOutputFields = map[string]bool{
	"continue": true, "stopReason": true, "suppressOutput": true, "systemMessage": true,
	"terminalSequence": true, "decision": true, "reason": true, "hookSpecificOutput": true,
}

// Events whose exit-2 stderr and JSON decisions have an effect (claude §6.4).
var (
	blockOnExit2 = map[string]bool{
		"PreToolUse": true, "UserPromptSubmit": true, "UserPromptExpansion": true, "Stop": true,
		"SubagentStop": true, "TeammateIdle": true, "TaskCreated": true, "TaskCompleted": true,
		"ConfigChange": true, "PostToolUse": true, "PostToolUseFailure": true, "PostToolBatch": true,
		"PreCompact": true, "PreModelSwitch": true, "Elicitation": true, "ElicitationResult": true,
		"WorktreeCreate": true, "WorktreeRemove": true,
	}
	// plainContextEvents take a successful hook's plain stdout as context (claude §6.5).
	plainContextEvents = map[string]bool{
		"UserPromptSubmit": true, "UserPromptExpansion": true, "SessionStart": true, "PostModelSwitch": true,
	}
	// onFailureIgnored: onFailure "block" has no effect here (claude §6.12).
	onFailureIgnored = map[string]bool{"Stop": true, "SubagentStop": true, "TaskCompleted": true, "TeammateIdle": true}
	// continueIgnored: a continue:false is discarded on these events (claude §6.7).
	continueIgnored = map[string]bool{
		"TaskCreated": true, "Setup": true, "Notification": true, "ConfigChange": true, "CwdChanged": true,
		"FileChanged": true, "DirectoryAdded": true, "MessageDisplay": true, "WorktreeCreate": true,
		"WorktreeRemove": true, "PreCompact": true, "PostCompact": true, "SessionEnd": true,
		"InstructionsLoaded": true, "StopFailure": true, "Elicitation": true, "ElicitationResult": true,
	}
	// outputIgnored: nothing a hook prints or returns has an effect (claude §6.8.1).
	outputIgnored = map[string]bool{
		"Setup": true, "Notification": true, "SessionEnd": true, "PostCompact": true,
		"InstructionsLoaded": true, "StopFailure": true,
	}
)

// noStderr is Claude Code's stand-in for an empty stderr in a blocking
// error.
const noStderr = "No stderr output"

// Classify reads one finished Claude hook run the way Claude Code does
// (claude §6.3 outcome matrix, §6.4, §6.8, §6.12; oracle "Exit codes and
// output"):
//   - exit 2 is a blocking error whose reason is stderr (JSON on stdout is
//     ignored, as recorded); its effect depends on the event;
//   - exit 0 reads stdout: a JSON object is applied, plain text is context
//     on the four context events, invalid JSON is a non-blocking error;
//   - any other exit is a non-blocking error unless stdout holds valid
//     hook JSON, which is then honoured as if the exit were 0;
//   - a timeout cancels the hook without effect, a start failure is a
//     non-blocking error; with onFailure "block" (fail_closed) these
//     failures act like exit 2, except on Stop, SubagentStop,
//     TaskCompleted and TeammateIdle;
//   - an async hook's decisions have no effect (only its context and
//     system message count).
//
// The result's Detail is a *[Detail] for the combiner and [Render].
func (p *Protocol) Classify(h *settings.Hook, ev *runner.Event, res *runner.RunResult) runner.HookReply {
	event, _ := translate.ClaudeEvent(ev.Name)
	r := p.classify(event, h, ev, res)
	d, _ := r.Detail.(*Detail)
	if d == nil {
		d = &Detail{}
		r.Detail = d
	}
	d.Stderr = string(res.Stderr)
	if h.Async {
		r.Decision, r.Reason, r.Continue, r.StopReason = runner.DecisionNone, "", nil, ""
		r.UpdatedArgs, r.UpdatedResult = nil, nil
		if r.Outcome == runner.OutcomeBlocking {
			r.Outcome = runner.OutcomeSuccess
		}
	}
	return r
}

// Detail is what the Claude protocol records about one hook run beyond
// its native reply ([runner.HookReply.Detail]): what Claude Code's
// renderer and combiner need.
type Detail struct {
	// Stderr is the hook's stderr as written.
	Stderr string
	// Exit2 reports a blocking error by exit code 2.
	Exit2 bool
	// StdoutKind is how stdout was read (claude §6.2).
	StdoutKind StdoutKind
	// Decision is the permissionDecision (PreToolUse) or decision.behavior
	// (PermissionRequest) as written ("allow", "deny", "ask", "defer"),
	// or "".
	Decision string
	// MissingHookEventName reports a hookSpecificOutput without
	// hookEventName (honoured: a deny must not be lost).
	MissingHookEventName bool
}

func (p *Protocol) classify(event string, h *settings.Hook, ev *runner.Event, res *runner.RunResult) runner.HookReply {
	failClosed := h.FailClosed && !onFailureIgnored[event]
	failure := func(outcome runner.OutcomeKind, why string) runner.HookReply {
		if failClosed {
			r := blockingError(event, fmt.Sprintf("[%s]: %s; blocking because onFailure is \"block\"", h.Label(), why))
			r.Err = why
			return r
		}
		return runner.HookReply{Outcome: outcome, Err: why}
	}
	switch {
	case res.Cancelled:
		return runner.HookReply{Outcome: runner.OutcomeCancelled, Err: "cancelled"}
	case res.TimedOut && event == "PreModelSwitch":
		// A PreModelSwitch timeout blocks the switch (claude §4.3, §7.5).
		r := blockingError(event, fmt.Sprintf("[%s]: timed out after %s", h.Label(), h.EffectiveTimeout()))
		r.Outcome, r.Err = runner.OutcomeTimeout, "timed out"
		return r
	case res.TimedOut:
		return failure(runner.OutcomeTimeout, fmt.Sprintf("timed out after %s", h.EffectiveTimeout()))
	case res.StartErr != nil:
		return failure(runner.OutcomeError, res.StartErr.Error())
	}
	isHTTP := res.HTTPStatus != 0
	if isHTTP && (res.HTTPStatus < 200 || res.HTTPStatus > 299) {
		return failure(runner.OutcomeError, fmt.Sprintf("http status %d", res.HTTPStatus))
	}
	if !isHTTP && res.ExitCode == 2 {
		stderr := strings.TrimRight(string(res.Stderr), "\r\n")
		if (event == "Stop" || event == "SubagentStop" || event == "TaskCompleted") &&
			len(bytes.TrimSpace(res.Stdout)) == 0 && strings.Contains(stderr, "No such file or directory") {
			// A broken path must not loop the agent forever (claude §6.4).
			return runner.HookReply{Outcome: runner.OutcomeError, Err: "exit 2 for a missing file: " + stderr}
		}
		if stderr == "" {
			stderr = noStderr
		}
		r := blockingError(event, stderr)
		r.Detail = &Detail{Exit2: true}
		return r
	}
	if res.Lost != "" {
		// Output was cut after the hook exited: what is left would be
		// read as a reply it is not.
		return failure(runner.OutcomeError, res.Lost)
	}
	if res.StdoutTruncated {
		// Cut at the cap, the reply cannot be read whole: reading what is
		// left as plain text would drop its decision silently.
		return failure(runner.OutcomeError, "stdout exceeded hookcompat's output cap (64 MiB for a JSON reply, 1 MiB for plain text by default); the reply cannot be read whole")
	}
	kind, obj := ClassifyStdout(res.Stdout)
	detail := &Detail{StdoutKind: kind}
	if isHTTP && kind == StdoutPlain {
		// An http hook's 2xx body must be empty or a JSON object (claude §6.6).
		r := failure(runner.OutcomeError, "http response body is not a JSON object")
		r.Detail = detail
		return r
	}
	if kind == StdoutJSON {
		r, err := p.applyJSON(event, ev, obj, detail)
		if err != nil {
			r = failure(runner.OutcomeError, "hook JSON output validation failed: "+err.Error())
		} else if res.ExitCode != 0 && failClosed && !r.Decision.Blocks() {
			r = failure(runner.OutcomeError, fmt.Sprintf("exited %d", res.ExitCode))
		}
		r.Detail = detail
		return r
	}
	if res.ExitCode != 0 {
		why := fmt.Sprintf("Failed with non-blocking status code: %s", hookkit.FirstLine(res.Stderr))
		if res.Signal != "" {
			why = "killed by SIG" + res.Signal
		}
		r := failure(runner.OutcomeError, why)
		r.Detail = detail
		return r
	}
	if kind == StdoutInvalid {
		r := failure(runner.OutcomeError, "hook JSON output validation failed: stdout is not valid JSON")
		r.Detail = detail
		return r
	}
	r := runner.HookReply{Outcome: runner.OutcomeSuccess, Detail: detail}
	if kind == StdoutPlain && plainContextEvents[event] {
		r.AdditionalContext = strings.TrimSpace(string(res.Stdout))
	}
	return r
}

// blockingError is the effect of exit 2 (or a failing onFailure "block"
// hook) on event, with reason as the message (claude §6.4).
func blockingError(event, reason string) runner.HookReply {
	if !blockOnExit2[event] {
		// Not blocking here: at most a notice to the user.
		return runner.HookReply{Outcome: runner.OutcomeError, Err: "exit 2 (not blocking on " + event + "): " + reason}
	}
	d := runner.DecisionBlock
	if event == "PreToolUse" {
		d = runner.DecisionDeny
	}
	r := runner.HookReply{Reply: runner.Reply{Decision: d, Reason: reason}, Outcome: runner.OutcomeBlocking}
	if event == "Stop" || event == "SubagentStop" {
		// Blocking a stop means going on: say it the native way too
		// ({"continue": true, "reason"}, HK-51).
		goOn := true
		r.Continue = &goOn
	}
	return r
}

// output is the JSON a Claude hook may print (claude §6.7, §6.8).
type output struct {
	Continue           *bool           `json:"continue"`
	StopReason         *string         `json:"stopReason"`
	SuppressOutput     *bool           `json:"suppressOutput"`
	SystemMessage      *string         `json:"systemMessage"`
	Decision           *string         `json:"decision"`
	Reason             *string         `json:"reason"`
	HookSpecificOutput json.RawMessage `json:"hookSpecificOutput"`
}

type specific struct {
	HookEventName            *string         `json:"hookEventName"`
	PermissionDecision       *string         `json:"permissionDecision"`
	PermissionDecisionReason *string         `json:"permissionDecisionReason"`
	UpdatedInput             json.RawMessage `json:"updatedInput"`
	AdditionalContext        *string         `json:"additionalContext"`
	UpdatedToolOutput        json.RawMessage `json:"updatedToolOutput"`
	UpdatedMCPToolOutput     json.RawMessage `json:"updatedMCPToolOutput"`
	Decision                 json.RawMessage `json:"decision"`
}

// permissionDecision is PermissionRequest's hookSpecificOutput.decision.
type permissionDecision struct {
	Behavior     string          `json:"behavior"`
	UpdatedInput json.RawMessage `json:"updatedInput"`
	Message      *string         `json:"message"`
	Interrupt    *bool           `json:"interrupt"`
}

// unmarshalExact decodes a JSON object (valid, at any depth) into the
// struct v points to, reading only the members named by its json tags,
// spelled exactly, the last of duplicate names winning — as JSON.parse
// reads them. (encoding/json matches names case-insensitively, so
// {"permissionDecision":"deny","PermissionDecision":"allow"} would
// otherwise become an allow that Claude Code never sees.)
func unmarshalExact(obj []byte, v any) error {
	return hookjson.Decode(obj, v, hookjson.Exact)
}

// applyJSON applies a hook's JSON object for event. Unknown keys are
// tolerated; a known key of the wrong type, a
// hookSpecificOutput for another event, or an unknown decision value is a
// validation error. A hookSpecificOutput without hookEventName is honoured
// (a deny must not be lost).
func (p *Protocol) applyJSON(event string, ev *runner.Event, obj []byte, d *Detail) (runner.HookReply, error) {
	var o output
	if err := unmarshalExact(obj, &o); err != nil {
		return runner.HookReply{}, err
	}
	r := runner.HookReply{Outcome: runner.OutcomeSuccess}
	if outputIgnored[event] {
		return r, nil
	}
	if o.Continue != nil && !*o.Continue && !continueIgnored[event] {
		stop := false
		r.Continue = &stop
		if o.StopReason != nil {
			r.StopReason = *o.StopReason
		}
	}
	if o.SystemMessage != nil {
		r.SystemMessage = *o.SystemMessage
	}
	var hs specific
	if len(o.HookSpecificOutput) > 0 && string(o.HookSpecificOutput) != "null" {
		if err := unmarshalExact(o.HookSpecificOutput, &hs); err != nil {
			return r, fmt.Errorf("hookSpecificOutput: %w", err)
		}
		if hs.HookEventName == nil {
			d.MissingHookEventName = true
		} else if *hs.HookEventName != event {
			return r, fmt.Errorf("hookSpecificOutput.hookEventName is %q, want %q", *hs.HookEventName, event)
		}
	}
	reason := ""
	if o.Reason != nil {
		reason = *o.Reason
	}
	if hs.AdditionalContext != nil {
		r.AdditionalContext = *hs.AdditionalContext
	}
	switch event {
	case "PreToolUse":
		decision := ""
		if o.Decision != nil {
			switch *o.Decision {
			case "approve":
				decision = "allow"
			case "block":
				decision = "deny"
			case "":
			default:
				return r, fmt.Errorf("decision %q (want approve or block)", *o.Decision)
			}
		}
		if hs.PermissionDecision != nil {
			decision = *hs.PermissionDecision
			reason = ""
			if hs.PermissionDecisionReason != nil {
				reason = *hs.PermissionDecisionReason
			}
		}
		switch decision {
		case "":
		case "allow":
			r.Decision = runner.DecisionAllow
		case "deny":
			r.Decision = runner.DecisionDeny
		case "ask", "defer":
			r.Decision = runner.DecisionAsk
		default:
			return r, fmt.Errorf("permissionDecision %q (want allow, deny, ask or defer)", decision)
		}
		d.Decision = decision
		r.Reason = reason
		if decision != "defer" {
			if err := p.setUpdatedInput(&r, ev, hs.UpdatedInput); err != nil {
				return r, err
			}
		}
	case "PermissionRequest":
		if len(hs.Decision) > 0 && string(hs.Decision) != "null" {
			var pd permissionDecision
			if err := unmarshalExact(hs.Decision, &pd); err != nil {
				return r, fmt.Errorf("hookSpecificOutput.decision: %w", err)
			}
			switch pd.Behavior {
			case "allow":
				r.Decision = runner.DecisionAllow
				if err := p.setUpdatedInput(&r, ev, pd.UpdatedInput); err != nil {
					return r, err
				}
			case "deny":
				r.Decision = runner.DecisionDeny
				if pd.Message != nil {
					r.Reason = *pd.Message
				}
				if pd.Interrupt != nil && *pd.Interrupt {
					stop := false
					r.Continue = &stop
				}
			default:
				return r, fmt.Errorf("decision.behavior %q (want allow or deny)", pd.Behavior)
			}
			d.Decision = pd.Behavior
		}
	case "PreModelSwitch":
		if hs.PermissionDecision != nil {
			switch *hs.PermissionDecision {
			case "allow":
				r.Decision = runner.DecisionAllow
			case "deny":
				r.Decision = runner.DecisionDeny
			case "ask":
				r.Decision = runner.DecisionAsk
			default:
				return r, fmt.Errorf("permissionDecision %q (want allow, deny or ask)", *hs.PermissionDecision)
			}
			if hs.PermissionDecisionReason != nil {
				r.Reason = *hs.PermissionDecisionReason
			}
		}
		fallthrough
	default:
		// "approve" on other events is the old way of saying "no block"
		// (claude §8.2: accepted, no effect).
		if o.Decision != nil && *o.Decision != "" && *o.Decision != "approve" {
			if *o.Decision != "block" {
				return r, fmt.Errorf("decision %q (the only value is \"block\")", *o.Decision)
			}
			if blockOnExit2[event] {
				r.Decision = runner.DecisionBlock
				r.Reason = reason
				if (event == "Stop" || event == "SubagentStop") && r.Continue == nil {
					goOn := true // blocking a stop is going on (HK-51)
					r.Continue = &goOn
				}
			}
		}
		if event == "PostToolUse" {
			out := hs.UpdatedToolOutput
			if len(out) == 0 {
				out = hs.UpdatedMCPToolOutput
			}
			if len(out) > 0 && string(out) != "null" {
				if _, depth := hookjson.Valid(out); depth > maxUpdatedInputDepth {
					return r, fmt.Errorf("updatedToolOutput is nested %d levels deep (hookcompat passes on at most %d)", depth, maxUpdatedInputDepth)
				}
				r.UpdatedResult = append(json.RawMessage(nil), out...)
			}
		}
	}
	if r.Decision.Blocks() {
		r.Outcome = runner.OutcomeBlocking
	}
	return r, nil
}

// maxUpdatedInputDepth bounds the nesting of an updatedInput (or
// updatedToolOutput) hookcompat passes on: encoding/json, which encodes
// the native reply, stops at 10,000 levels.
const maxUpdatedInputDepth = 10000

// setUpdatedInput records a Claude updatedInput (which replaces the whole
// tool input) as native updated_args, renaming argument names.
func (p *Protocol) setUpdatedInput(r *runner.HookReply, ev *runner.Event, in json.RawMessage) error {
	t := bytes.TrimSpace(in)
	if len(t) == 0 || string(t) == "null" {
		return nil
	}
	if t[0] != '{' {
		return fmt.Errorf("updatedInput must be an object")
	}
	if _, depth := hookjson.Valid(t); depth > maxUpdatedInputDepth {
		// Tool inputs are shallow; one this deep cannot be passed on
		// (encoding it again would fail).
		return fmt.Errorf("updatedInput is nested %d levels deep (hookcompat passes on at most %d)", depth, maxUpdatedInputDepth)
	}
	claudeTool := p.vocab.Name(translate.Native, translate.Claude, ev.Tool)
	r.UpdatedArgs = p.vocab.Args(translate.Claude, translate.Native, claudeTool, append(json.RawMessage(nil), t...))
	return nil
}

// Combine merges Claude hooks' replies for one event (claude §6.9): a
// continue:false anywhere stops; decisions by precedence deny > defer >
// ask > allow (blocks first on other events), reasons of the winning rank
// joined with newlines in configured order; every context and system
// message kept, in configured order; updatedInput and updatedToolOutput:
// the last in configured order wins (Claude Code takes the last hook to
// finish, which is racy; we are deterministic, docs/decisions/004).
func (*Protocol) Combine(ev *runner.Event, replies []runner.HookReply) runner.Reply {
	var out runner.Reply
	best := 0
	var reasons, ctx, sys []string
	for i := range replies {
		r := &replies[i]
		switch rk := claudeRank(r); {
		case rk > best:
			best, reasons, out.Decision = rk, nil, r.Decision
			fallthrough
		case rk == best && rk > 0:
			if strings.TrimSpace(r.Reason) != "" {
				reasons = append(reasons, r.Reason)
			}
		}
		switch {
		case r.Continue != nil && !*r.Continue && (out.Continue == nil || *out.Continue):
			stop := false // continue:false wins over everything (claude §6.9)
			out.Continue = &stop
			out.StopReason = r.StopReason
		case r.Continue != nil && *r.Continue && out.Continue == nil:
			goOn := true
			out.Continue = &goOn
		}
		if c := strings.TrimSpace(r.AdditionalContext); c != "" {
			ctx = append(ctx, c)
		}
		if s := strings.TrimSpace(r.SystemMessage); s != "" {
			sys = append(sys, s)
		}
		if r.UpdatedArgs != nil && !r.Decision.Blocks() {
			out.UpdatedArgs = r.UpdatedArgs
		}
		if r.UpdatedResult != nil {
			out.UpdatedResult = r.UpdatedResult
		}
	}
	out.Reason = strings.Join(reasons, "\n")
	out.AdditionalContext = strings.Join(ctx, "\n\n")
	out.SystemMessage = strings.Join(sys, "\n")
	if out.Decision.Blocks() {
		out.UpdatedArgs = nil
	}
	return out
}

// claudeRank orders a reply's decision: deny/block 4 > defer 3 > ask 2 >
// allow 1 > none 0.
func claudeRank(r *runner.HookReply) int {
	switch r.Decision {
	case runner.DecisionBlock, runner.DecisionDeny:
		return 4
	case runner.DecisionAsk:
		if d, ok := r.Detail.(*Detail); ok && d.Decision == "defer" {
			return 3
		}
		return 2
	case runner.DecisionAllow:
		return 1
	}
	return 0
}
