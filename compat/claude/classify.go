package claude

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/hookcompat/hookcompat/internal/hookjson"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/lazy"
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

// jsTrim is String.prototype.trim: it strips, from both ends, any run of
// JavaScript white space and line terminators, which include U+FEFF (the
// byte order mark) and the Unicode space separators (recorded: one, two
// or three BOMs, " \uFEFF", "\uFEFF  \n" before a reply).
func jsTrim(b []byte) []byte {
	isSpace := func(r rune) bool {
		switch r {
		case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
			return true
		}
		return r >= 0x2000 && r <= 0x200a
	}
	return bytes.TrimFunc(b, isSpace)
}

// classifyStdout applies Claude Code's JSON rule (claude §6.2): after
// trimming as JavaScript's trim() does (white space and any run of byte
// order marks), stdout is JSON only when it starts with '{' and ends with
// '}'. Several lines that each parse on their own (JSONL) are plain text
// unless one sets a known output field, which makes the output invalid.
// It returns the kind and, for StdoutJSON, the object. Like JSON.parse,
// it reads objects nested to any depth (encoding/json stops at 10,000
// levels); its memory is bounded by stdout's size, which the engine caps
// (runner.DefaultReplyLimit).
func classifyStdout(stdout []byte) (StdoutKind, []byte) {
	t := jsTrim(stdout)
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
					if knownOutputFields.Get()[m.Key] {
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

var knownOutputFields = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"continue": true, "stopReason": true, "suppressOutput": true, "systemMessage": true,
		"terminalSequence": true, "decision": true, "reason": true, "hookSpecificOutput": true,
	}
}}

// noStderr is Claude Code's stand-in for an empty stderr in a blocking
// error.
const noStderr = "No stderr output"

// blockedByHook is Claude's reason for a deny or block given without one.
const blockedByHook = "Blocked by hook"

// Detail is what the Claude protocol records about one hook run beyond
// its native reply ([runner.HookReply.Detail]): what Claude Code itself
// takes from the run, for the combiner and the renderer.
type Detail struct {
	// Stderr is the hook's stderr as written (invalid UTF-8 replaced).
	Stderr string
	// Exit2 reports a blocking error by exit code 2.
	Exit2 bool
	// StdoutKind is how stdout was read (claude §6.2); Stdout is stdout
	// trimmed as Claude trims it (invalid UTF-8 replaced).
	StdoutKind StdoutKind
	Stdout     string
	// Decision is the permissionDecision (PreToolUse, PreModelSwitch) or
	// decision.behavior (PermissionRequest) as Claude reads it ("allow",
	// "deny", "ask", "defer"; a legacy approve is "allow", a legacy block
	// "deny"), or "".
	Decision string
	// Judged is the type of a prompt or agent hook whose verdict this
	// is ("prompt", "agent"), else "".
	Judged string
	// MissingHookEventName reports a hookSpecificOutput without
	// hookEventName: Claude Code discards such a reply (Voided), while
	// hookcompat's native reply still denies when it says deny (a deny
	// must never be lost).
	MissingHookEventName bool
	// Voided reports a reply Claude Code discards whole (invalid JSON, a
	// field of the wrong type or value, a hookSpecificOutput without or
	// with another hookEventName): nothing of it reaches the model.
	Voided bool
	// Plain is the trimmed plain stdout Claude uses as context (the
	// events whose plain stdout is context), else "".
	Plain string
	// Context is the additionalContext Claude uses, else "".
	Context string
	// Block reports a blocking JSON reply (decision "block", a PreToolUse
	// deny by legacy block) or an exit 2 on an event where it blocks.
	Block bool
	// Reason is the reason of a JSON block or deny as written ("" when
	// none was given: texts then show Claude's default); for an exit 2 on
	// PreToolUse a JSON reason that replaces stderr.
	Reason string
	// StopLoop reports a continue:false the event honours; StopReason its
	// stopReason.
	StopLoop   bool
	StopReason string
	// SystemMessage is the reply's systemMessage.
	SystemMessage string
	// Async reports a hook Claude Code does not wait for (async: true):
	// its exit code and decisions have no effect, its context and system
	// message reach the model later. Rewake reports async with
	// asyncRewake: its exit 2 wakes the agent with a task notification,
	// its other output is dropped.
	Async, Rewake bool
	// Interrupt is PermissionRequest's deny with interrupt: true.
	Interrupt bool
	// SuppressPrompt is UserPromptSubmit's suppressOriginalPrompt.
	SuppressPrompt bool
	// InitialUserMessage and DisplayContent are SessionStart's and
	// MessageDisplay's replacement texts, when given.
	InitialUserMessage *string
	DisplayContent     *string
	// UpdatedInput is the updatedInput as written (Claude's argument
	// names), before schema validation.
	UpdatedInput json.RawMessage
	// UpdatedOutput is an updatedToolOutput (or, for an MCP tool,
	// updatedMCPToolOutput) that fits the tool's output; OutputRejected
	// reports one that did not, which Claude ignores.
	UpdatedOutput  json.RawMessage
	OutputRejected bool
}

// Classify reads one finished Claude hook run the way Claude Code does
// (claude §6.3 outcome matrix, §6.4, §6.8, §6.12; the recordings win
// where they differ), by the event's row of the event table:
//   - exit 2 is a blocking error whose message is stderr; its effect is
//     the row's exit2 column; a valid JSON reply on stdout still counts
//     (its context, continue and system message; on PreToolUse its
//     reason replaces stderr);
//   - exit 0 reads stdout: a JSON object is applied by the row's output
//     columns, plain text by its plain column, invalid JSON is a
//     non-blocking error;
//   - any other exit is a non-blocking error unless stdout holds valid
//     hook JSON, which is then honoured as if the exit were 0;
//   - a timeout cancels the hook without effect (it blocks on the rows
//     that say so), a start failure is a non-blocking error; with
//     onFailure "block" (fail_closed) these failures act like exit 2,
//     except on the rows marked failOpen;
//   - an async hook's decisions and exit code have no effect (its context
//     and system message count, delivered later); async with asyncRewake
//     keeps only its exit 2, as a notification.
//
// The result's Detail is a *[Detail] for the combiner and renderDefault.
func (p *Protocol) Classify(h *settings.Hook, ev *runner.Event, res *runner.RunResult) runner.HookReply {
	row := eventOf(ev.Name)
	if row == nil {
		return runner.HookReply{Outcome: runner.OutcomeError, Err: fmt.Sprintf("event %q has no Claude name", ev.Name)}
	}
	d := &Detail{Stderr: strings.ToValidUTF8(string(res.Stderr), "\ufffd"), Async: h.Async, Rewake: h.Async && h.Rewake}
	r := p.classify(row, h, ev, res, d)
	r.Detail = d
	if d.Async {
		// Not awaited: nothing decides; the context and system message
		// arrive later (a rewake hook's only effect is its exit 2).
		r.Decision, r.Reason, r.Continue, r.StopReason = runner.DecisionNone, "", nil, ""
		r.UpdatedArgs, r.UpdatedResult = nil, nil
		d.Block, d.StopLoop, d.UpdatedInput, d.UpdatedOutput, d.Decision = false, false, nil, nil, ""
		if d.Rewake {
			r.AdditionalContext, r.SystemMessage, d.Context, d.SystemMessage = "", "", "", ""
		}
		if r.Outcome == runner.OutcomeBlocking {
			r.Outcome = runner.OutcomeSuccess
		}
	}
	return r
}

func (p *Protocol) classify(row *event, h *settings.Hook, ev *runner.Event, res *runner.RunResult, d *Detail) runner.HookReply {
	failClosed := h.FailClosed && !row.failOpen
	failure := func(outcome runner.OutcomeKind, why string) runner.HookReply {
		if failClosed {
			r := blockingError(row, fmt.Sprintf("[%s]: %s; blocking because onFailure is \"block\"", h.ConfigLabel(), why))
			r.Err = why
			return r
		}
		return runner.HookReply{Outcome: outcome, Err: why}
	}
	switch {
	case res.Cancelled:
		return runner.HookReply{Outcome: runner.OutcomeCancelled, Err: "cancelled"}
	case res.TimedOut && row.blockOnTimeout:
		// A timeout blocks the operation here (claude §4.3, §7.5).
		r := blockingError(row, fmt.Sprintf("[%s]: timed out after %s", h.ConfigLabel(), h.EffectiveTimeout()))
		r.Outcome, r.Err = runner.OutcomeTimeout, "timed out"
		return r
	case res.TimedOut:
		// Killed at its timeout: whatever it printed is dropped (recorded).
		return failure(runner.OutcomeTimeout, fmt.Sprintf("timed out after %s", h.EffectiveTimeout()))
	case res.StartErr != nil:
		return failure(runner.OutcomeError, res.StartErr.Error())
	}
	isHTTP := res.HTTPStatus != 0
	if isHTTP && (res.HTTPStatus < 200 || res.HTTPStatus > 299) {
		return failure(runner.OutcomeError, fmt.Sprintf("http status %d", res.HTTPStatus))
	}
	kind, obj := classifyStdout(res.Stdout)
	whole := res.Lost == "" && !res.StdoutTruncated // stdout can be read as a reply
	d.StdoutKind, d.Stdout = kind, strings.ToValidUTF8(string(jsTrim(res.Stdout)), "\ufffd")
	exit2 := !isHTTP && res.ExitCode == 2
	if exit2 {
		if row.missingFileGuard(h) && len(bytes.TrimSpace(res.Stdout)) == 0 && strings.Contains(d.Stderr, "No such file or directory") {
			// A broken path must not loop the agent forever (claude §6.4).
			return runner.HookReply{Outcome: runner.OutcomeError, Err: "exit 2 for a missing file: " + strings.TrimRight(d.Stderr, "\r\n")}
		}
		d.Exit2 = true
		r := blockingError(row, exit2Reason(h, d.Stderr))
		if row.exit2.blocks() {
			d.Block = true
		}
		if kind == StdoutJSON && whole {
			// The JSON still counts: its reason replaces stderr (recorded
			// on PreToolUse), its context, continue and system message
			// apply; its decision cannot undo the block.
			var j runner.HookReply
			err := p.applyJSON(row, ev, obj, d, &j)
			if err == nil && !d.Voided && j.Decision.Blocks() && d.Reason != "" {
				// A JSON block with its reason is read as it would be at
				// exit 0, stderr or not: "<Event> hook blocking error from
				// command: …: <reason>", the Stop feedback, the prompt's
				// block (recorded on every event with exit-2 feedback:
				// hc_e2json_*).
				d.Exit2 = false
				return j
			}
			if err == nil && !d.Voided {
				if row.out.has(outPermission) && d.Reason != "" {
					r.Reason = d.Reason
				}
				r.AdditionalContext, r.SystemMessage = j.AdditionalContext, j.SystemMessage
				r.Continue, r.StopReason = j.Continue, j.StopReason
				if r.Continue == nil && row.exit2 == exit2Continue {
					goOn := true
					r.Continue = &goOn
				}
			} else {
				d.Voided = false // stderr still speaks
				d.Context, d.SystemMessage, d.StopLoop = "", "", false
			}
			if !row.out.has(outPermission) {
				d.Reason = ""
			}
		}
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
		return failure(runner.OutcomeError, "stdout exceeded hookcompat's output cap for a Claude hook (64 MiB); the reply cannot be read whole")
	}
	if isHTTP && kind == StdoutPlain {
		// An http hook's 2xx body must be empty or a JSON object (claude §6.6).
		return failure(runner.OutcomeError, "http response body is not a JSON object")
	}
	if kind == StdoutJSON {
		r := runner.HookReply{Outcome: runner.OutcomeSuccess}
		if err := p.applyJSON(row, ev, obj, d, &r); err != nil {
			return failure(runner.OutcomeError, "hook JSON output validation failed: "+err.Error())
		}
		if res.ExitCode != 0 && failClosed && !r.Decision.Blocks() {
			return failure(runner.OutcomeError, fmt.Sprintf("exited %d", res.ExitCode))
		}
		return r
	}
	if res.ExitCode != 0 {
		why := fmt.Sprintf("Failed with non-blocking status code: %s", hookkit.FirstLine(res.Stderr))
		if res.Signal != "" {
			why = "killed by SIG" + res.Signal
		}
		return failure(runner.OutcomeError, why)
	}
	if kind == StdoutInvalid {
		d.Voided = true
		return failure(runner.OutcomeError, "hook JSON output validation failed: stdout is not valid JSON")
	}
	r := runner.HookReply{Outcome: runner.OutcomeSuccess}
	if kind == StdoutPlain && row.plain != plainIgnored {
		d.Plain = d.Stdout
		r.AdditionalContext = d.Plain
	}
	return r
}

// missingFileGuard reports whether an exit 2 that names a missing file is
// downgraded to a non-blocking error on this row (claude §6.4: Stop,
// SubagentStop, TaskCompleted, and a plugin's UserPromptSubmit hook).
func (e *event) missingFileGuard(h *settings.Hook) bool {
	switch e.missingFile {
	case guardAll:
		return true
	case guardPlugin:
		return h.Env["CLAUDE_PLUGIN_ROOT"] != ""
	}
	return false
}

// exit2Reason is the native reason of an exit 2: stderr without its final
// line break, "No stderr output" when stderr is empty, and Claude's text
// "[<cmd>]:" when stderr is only white space.
func exit2Reason(h *settings.Hook, stderr string) string {
	switch {
	case stderr == "":
		return noStderr
	case strings.TrimSpace(stderr) == "":
		return "[" + commandLabel(h) + "]:"
	}
	return strings.TrimRight(stderr, "\r\n")
}

// blockingError is the native reply of a blocking error (exit 2, a JSON
// block, or a failing onFailure "block" hook) on the row's event, with
// reason as its message (claude §6.4): a deny on PreToolUse, a block with
// continue on the events that continue a turn (HK-51), a block that ends
// the loop on PostToolBatch, a block elsewhere, and a non-blocking error
// on the events where exit 2 does nothing.
func blockingError(row *event, reason string) runner.HookReply {
	switch row.exit2 {
	case exit2Ignored:
		// Not blocking here: at most a notice to the user.
		return runner.HookReply{Outcome: runner.OutcomeError, Err: "exit 2 (not blocking on " + row.name + "): " + reason}
	case exit2Deny:
		return runner.HookReply{Reply: runner.Reply{Decision: runner.DecisionDeny, Reason: reason}, Outcome: runner.OutcomeBlocking}
	}
	r := runner.HookReply{Reply: runner.Reply{Decision: runner.DecisionBlock, Reason: reason}, Outcome: runner.OutcomeBlocking}
	switch row.exit2 {
	case exit2Continue:
		// Blocking a stop means going on: say it the native way too
		// ({"continue": true, "reason"}, HK-51).
		goOn := true
		r.Continue = &goOn
	case exit2EndLoop:
		stop := false
		r.Continue = &stop
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
	InitialUserMessage       *string         `json:"initialUserMessage"`
	SuppressOriginalPrompt   *bool           `json:"suppressOriginalPrompt"`
	DisplayContent           *string         `json:"displayContent"`
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

// maxUpdatedInputDepth bounds the nesting of an updatedInput (or
// updatedToolOutput) hookcompat passes on: encoding/json, which encodes
// the native reply, stops at 10,000 levels.
const maxUpdatedInputDepth = 10000

// utf8Text replaces invalid UTF-8 (recorded: each invalid byte becomes
// U+FFFD).
func utf8Text(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\ufffd")
}

// applyJSON applies a hook's JSON object by the row into r and d.
// Unknown keys are tolerated. A known key of the wrong
// type, an unknown decision value, or a hookSpecificOutput naming another
// event makes Claude Code discard the whole reply: an error (d.Voided).
// A hookSpecificOutput without hookEventName is discarded by Claude too;
// hookcompat's native reply keeps only its deny (a deny must not be
// lost), d.Voided marks that Claude drops it.
func (p *Protocol) applyJSON(row *event, ev *runner.Event, obj []byte, d *Detail, r *runner.HookReply) (err error) {
	defer func() {
		if err != nil {
			d.Voided = true
			d.Context, d.SystemMessage, d.Block, d.Reason, d.StopLoop, d.Decision = "", "", false, "", false, ""
			d.UpdatedInput, d.UpdatedOutput = nil, nil
		}
	}()
	var o output
	if err := unmarshalExact(obj, &o); err != nil {
		return err
	}
	var hs specific
	if len(o.HookSpecificOutput) > 0 && string(o.HookSpecificOutput) != "null" {
		if err := unmarshalExact(o.HookSpecificOutput, &hs); err != nil {
			return fmt.Errorf("hookSpecificOutput: %w", err)
		}
		switch {
		case hs.HookEventName == nil:
			d.MissingHookEventName = true
		case *hs.HookEventName != row.name:
			return fmt.Errorf("hookSpecificOutput.hookEventName is %q, want %q", *hs.HookEventName, row.name)
		}
	}
	if o.SystemMessage != nil {
		// A message for the user; every event keeps it in the native
		// reply (Claude shows it on the rows marked notice).
		r.SystemMessage, d.SystemMessage = utf8Text(*o.SystemMessage), utf8Text(*o.SystemMessage)
	}
	if row.out.has(outIgnoreAll) {
		return nil
	}
	if o.Continue != nil && !*o.Continue && row.cont != contIgnored {
		stop := false
		r.Continue, d.StopLoop = &stop, true
		if o.StopReason != nil {
			r.StopReason, d.StopReason = *o.StopReason, *o.StopReason
		}
	}
	if hs.AdditionalContext != nil && row.out.has(outContext) && strings.TrimSpace(*hs.AdditionalContext) != "" {
		d.Context = utf8Text(*hs.AdditionalContext)
		r.AdditionalContext = d.Context
	}
	if hs.InitialUserMessage != nil && row.out.has(outInitialMessage) {
		d.InitialUserMessage = hs.InitialUserMessage
	}
	if hs.DisplayContent != nil && row.out.has(outDisplayContent) {
		d.DisplayContent = hs.DisplayContent
	}
	if hs.SuppressOriginalPrompt != nil && row.out.has(outSuppressPrompt) {
		d.SuppressPrompt = *hs.SuppressOriginalPrompt
	}
	reason := ""
	if o.Reason != nil {
		reason = utf8Text(*o.Reason)
	}
	switch {
	case row.out.has(outPermission):
		if err := p.applyPermission(row, ev, &o, &hs, reason, d, r); err != nil {
			return err
		}
	case row.out.has(outBehavior):
		if err := p.applyBehavior(row, ev, &hs, d, r); err != nil {
			return err
		}
	default:
		if row.out.has(outModelDecision) && hs.PermissionDecision != nil {
			switch *hs.PermissionDecision {
			case "allow":
				r.Decision = runner.DecisionAllow
			case "deny":
				r.Decision = runner.DecisionDeny
			case "ask":
				r.Decision = runner.DecisionAsk
			default:
				return fmt.Errorf("permissionDecision %q (want allow, deny or ask)", *hs.PermissionDecision)
			}
			d.Decision = *hs.PermissionDecision
			if hs.PermissionDecisionReason != nil {
				r.Reason = *hs.PermissionDecisionReason
			}
		}
		// "approve" on other events is the old way of saying "no block"
		// (claude §8.2: accepted, no effect).
		if o.Decision != nil && *o.Decision != "" && *o.Decision != "approve" {
			if *o.Decision != "block" {
				return fmt.Errorf("decision %q (the only value is \"block\")", *o.Decision)
			}
			if row.out.has(outBlock) && row.exit2.blocks() {
				d.Block, d.Reason = true, reason
				b := blockingError(row, orDefault(reason, blockedByHook))
				r.Decision, r.Reason, r.Outcome = b.Decision, b.Reason, b.Outcome
				if r.Continue == nil {
					r.Continue = b.Continue
				}
			}
		}
		if row.out.has(outUpdatedOutput) {
			p.applyUpdatedOutput(ev, &hs, d, r)
		}
	}
	if d.MissingHookEventName {
		// Claude discards the reply; hookcompat keeps a deny.
		d.Voided = true
		keep := r.Decision.Blocks()
		*r = runner.HookReply{Outcome: runner.OutcomeSuccess}
		if keep {
			r.Decision, r.Reason, r.Outcome = runner.DecisionDeny, orDefault(d.Reason, blockedByHook), runner.OutcomeBlocking
		}
		d.Context, d.SystemMessage, d.Block, d.StopLoop, d.UpdatedInput, d.UpdatedOutput = "", "", false, false, nil, nil
		return nil
	}
	if r.Decision.Blocks() {
		r.Outcome = runner.OutcomeBlocking
	}
	return nil
}

// applyPermission reads PreToolUse's decision (recorded): permissionDecision
// allow / deny / ask / defer, the legacy decision approve (allow) and
// block (deny); a legacy block in the same reply as an allow still denies
// with its reason; a deny's reason is permissionDecisionReason, else the
// top-level reason ("" means Claude's default in texts).
func (p *Protocol) applyPermission(row *event, ev *runner.Event, o *output, hs *specific, reason string, d *Detail, r *runner.HookReply) error {
	legacy := ""
	if o.Decision != nil {
		switch *o.Decision {
		case "approve":
			legacy = "allow"
		case "block":
			legacy = "deny"
		case "":
		default:
			return fmt.Errorf("decision %q (want approve or block)", *o.Decision)
		}
	}
	decision := legacy
	if hs.PermissionDecision != nil {
		switch *hs.PermissionDecision {
		case "allow", "deny", "ask", "defer":
		default:
			return fmt.Errorf("permissionDecision %q (want allow, deny, ask or defer)", *hs.PermissionDecision)
		}
		if legacy != "deny" {
			decision = *hs.PermissionDecision
		}
	}
	if hs.PermissionDecisionReason != nil && *hs.PermissionDecisionReason != "" && decision == deref(hs.PermissionDecision) {
		reason = utf8Text(*hs.PermissionDecisionReason)
	}
	switch decision {
	case "allow":
		r.Decision = runner.DecisionAllow
	case "deny":
		r.Decision = runner.DecisionDeny
		d.Block = true
	case "ask", "defer":
		r.Decision = runner.DecisionAsk
	}
	d.Decision, d.Reason = decision, reason
	r.Reason = reason
	switch decision {
	case "deny":
		r.Reason = orDefault(reason, blockedByHook)
	case "ask":
		r.Reason = orDefault(reason, askText(row.name+":"+p.vocab.Name(translate.Native, Dialect, ev.Tool)))
	}
	if decision != "defer" && row.out.has(outUpdatedInput) {
		if err := p.setUpdatedInput(r, d, ev, hs.UpdatedInput); err != nil {
			return err
		}
	}
	return nil
}

// applyBehavior reads PermissionRequest's decision.behavior (recorded):
// allow with an optional updatedInput, deny with a message ("Permission
// denied by hook" when none) and interrupt, which aborts the run.
func (p *Protocol) applyBehavior(row *event, ev *runner.Event, hs *specific, d *Detail, r *runner.HookReply) error {
	if len(hs.Decision) == 0 || string(hs.Decision) == "null" {
		return nil
	}
	var pd permissionDecision
	if err := unmarshalExact(hs.Decision, &pd); err != nil {
		return fmt.Errorf("hookSpecificOutput.decision: %w", err)
	}
	switch pd.Behavior {
	case "allow":
		r.Decision = runner.DecisionAllow
		if row.out.has(outUpdatedInput) {
			if err := p.setUpdatedInput(r, d, ev, pd.UpdatedInput); err != nil {
				return err
			}
		}
	case "deny":
		r.Decision, d.Block = runner.DecisionDeny, true
		if pd.Message != nil {
			d.Reason = utf8Text(*pd.Message)
		}
		r.Reason = orDefault(d.Reason, permissionDenied)
		if pd.Interrupt != nil && *pd.Interrupt {
			stop := false
			r.Continue, d.Interrupt, d.StopLoop = &stop, true, true
		}
	default:
		return fmt.Errorf("decision.behavior %q (want allow or deny)", pd.Behavior)
	}
	d.Decision = pd.Behavior
	return nil
}

// askText is Claude's tool_result for an ask without a reason (print
// mode); named is "<Event>:<Tool>".
func askText(named string) string { return "Hook " + named + " asked for confirmation for this tool" }

// permissionDenied is Claude's message for a PermissionRequest deny
// without one.
const permissionDenied = "Permission denied by hook"

// applyUpdatedOutput keeps an updatedToolOutput (or, for an MCP tool,
// updatedMCPToolOutput) that fits the tool's output (outputFits);
// Claude ignores one that does not, silently (recorded).
func (p *Protocol) applyUpdatedOutput(ev *runner.Event, hs *specific, d *Detail, r *runner.HookReply) {
	tool := p.vocab.Name(translate.Native, Dialect, ev.Tool)
	out := hs.UpdatedToolOutput
	if isMCP(tool) && len(hs.UpdatedMCPToolOutput) > 0 {
		out = hs.UpdatedMCPToolOutput
	}
	if len(bytes.TrimSpace(out)) == 0 {
		return
	}
	if _, depth := hookjson.Valid(out); depth > maxUpdatedInputDepth || !outputFits(tool, out) {
		d.OutputRejected = true
		return
	}
	d.UpdatedOutput = append(json.RawMessage(nil), out...)
	r.UpdatedResult = d.UpdatedOutput
}

// setUpdatedInput records a Claude updatedInput (which replaces the whole
// tool input; schema validation comes in Combine, on the input that wins)
// as native updated_args, renaming argument names.
func (p *Protocol) setUpdatedInput(r *runner.HookReply, d *Detail, ev *runner.Event, in json.RawMessage) error {
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
	d.UpdatedInput = append(json.RawMessage(nil), t...)
	claudeTool := p.vocab.Name(translate.Native, Dialect, ev.Tool)
	r.UpdatedArgs = p.vocab.Args(Dialect, translate.Native, claudeTool, append(json.RawMessage(nil), t...))
	return nil
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// detail returns r's Claude detail (an empty one for replies of other
// protocols).
func detail(r *runner.HookReply) *Detail {
	if d, ok := r.Detail.(*Detail); ok && d != nil {
		return d
	}
	return &Detail{}
}
