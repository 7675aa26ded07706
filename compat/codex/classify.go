package codex

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// Status is Codex's name for how a hook run ended (its "hook: <Event>
// <Status>" lines, codex §3.8).
type Status string

// Statuses of a Codex hook run.
const (
	StatusCompleted Status = "Completed"
	StatusBlocked   Status = "Blocked"
	StatusStopped   Status = "Stopped"
	StatusFailed    Status = "Failed"
)

// Detail is what the Codex protocol records about one hook run beyond its
// native reply ([runner.HookReply.Detail]); the combiner and the renderer
// read it. Text fields are as Codex uses them (trimmed where Codex trims).
type Detail struct {
	// Status is how Codex would report the run.
	Status Status
	// Why says why a Failed run failed, in Codex's words where known.
	Why string
	// Exit2 reports an exit 2 with a non-blank stderr; Stderr is the
	// stderr, lossily decoded.
	Exit2  bool
	Stderr string
	// Context is the hook's developer context (additionalContext as
	// written, or plain stdout trimmed); HasContext tells an empty one
	// from none.
	Context    string
	HasContext bool
	// Block is a PreToolUse block reason, or a UserPromptSubmit drop
	// reason (stopReason for continue:false).
	Block string
	// Rewrite is a PreToolUse updatedInput (allow + updatedInput) as
	// written; BadRewrite marks one without the string command Bash and
	// apply_patch need (the call then fails, T3).
	Rewrite    json.RawMessage
	BadRewrite bool
	// Feedback is a PostToolUse text that replaces the tool output.
	Feedback    string
	HasFeedback bool
	// Prompt is a Stop/SubagentStop continuation fragment.
	Prompt    string
	HasPrompt bool
	// Stop is a continue:false (UserPromptSubmit drops the prompt,
	// SessionStart ends the session, Stop suppresses the continuation);
	// StopReason its stopReason.
	Stop       bool
	StopReason string
	// Permission is "allow" or "deny" on PermissionRequest; Message the
	// deny message.
	Permission, Message string
	// Duration is the run's wall time: among rewrites, the hook that
	// finished last (ran longest, all starting together) wins.
	Duration time.Duration
	// Limit is the hook's model-visible text budget in tokens.
	Limit int
}

// defaultContextLimit is Codex's model-visible text budget per hook text,
// in tokens of 4 bytes (codex §3.9).
const defaultContextLimit = 2500

// OptionContextLimit is the settings.Hook Options key carrying a Codex
// handler's additionalContextLimit (tokens of 4 bytes, decimal); absent,
// unparsable or not positive means defaultContextLimit.
const OptionContextLimit = "additionalContextLimit"

// contextLimit is h's model-visible text budget in tokens.
func contextLimit(h *settings.Hook) int {
	if n, err := strconv.Atoi(h.Options[OptionContextLimit]); err == nil && n > 0 {
		return n
	}
	return defaultContextLimit
}

// permissionDenied is Codex's message for a deny without one (codex §3.4).
const permissionDenied = "PermissionRequest hook denied approval"

// Classify reads one finished Codex hook run as Codex 0.169.0 does (codex
// §3.1–§3.7): a failure to start, a timeout or a signal is Failed; exit 2
// with a non-blank stderr has the event's exit-2 effect (stdout ignored);
// exit 2 with a blank stderr and any other non-zero exit are Failed; on
// exit 0 a blank stdout does nothing, a trimmed stdout starting with '{'
// or '[' must be a reply object of the event's schema — any unknown field,
// wrong type or unsupported combination makes the whole reply invalid
// (Failed, nothing applies) —, and other text is a context on
// SessionStart, UserPromptSubmit and SubagentStart. Codex has no fail
// closed: a Failed run lets the action go on (a hook given fail_closed in
// native TOML still blocks, hookcompat's rule). The Detail is a *Detail.
func (p *Protocol) Classify(h *settings.Hook, ev *runner.Event, res *runner.RunResult) runner.HookReply {
	row, _ := rowFor(ev.Name)
	d := &Detail{Duration: res.Duration, Limit: contextLimit(h)}
	d.Stderr = lossy(res.Stderr)
	r := p.classify(row, h, ev, res, d)
	r.Detail = d
	if r.Outcome == runner.OutcomeError || r.Outcome == runner.OutcomeTimeout {
		d.Status = StatusFailed
		if d.Why == "" {
			d.Why = r.Err
		}
		if h.FailClosed && row.Exit2.gates() {
			r.Decision = runner.DecisionDeny
			if row.Exit2 == exit2Drop {
				r.Decision = runner.DecisionBlock
			}
			r.Reason = fmt.Sprintf("hook %s failed and is fail_closed: %s", h.Label(), r.Err)
			r.Outcome = runner.OutcomeBlocking
			d.Block = r.Reason
			if row.Exit2 == exit2Deny {
				d.Permission, d.Message = "deny", r.Reason
			}
		}
	}
	if h.Async {
		// Codex starts an async hook and never reads its reply.
		r = runner.HookReply{Outcome: runner.OutcomeSuccess, Detail: &Detail{Status: StatusCompleted, Duration: res.Duration}}
	}
	return r
}

func failed(why string) runner.HookReply {
	return runner.HookReply{Outcome: runner.OutcomeError, Err: why}
}

func (p *Protocol) classify(row *eventRow, h *settings.Hook, ev *runner.Event, res *runner.RunResult, d *Detail) runner.HookReply {
	switch {
	case res.Cancelled:
		return runner.HookReply{Outcome: runner.OutcomeCancelled, Err: "cancelled"}
	case res.TimedOut:
		return runner.HookReply{Outcome: runner.OutcomeTimeout, Err: fmt.Sprintf("hook timed out after %s", formatTimeout(effectiveTimeout(h, row)))}
	case res.StartErr != nil:
		return failed(res.StartErr.Error())
	case res.Signal != "" || res.ExitCode < 0:
		return failed("hook exited without a status code")
	case res.StdoutTruncated:
		return failed("stdout exceeded hookcompat's output limit; the reply cannot be read whole")
	}
	if !row.Schema {
		// PreModelRequest, PostModelRequest, SessionEnd: Codex reads no
		// reply; exit 2 with a reason has no effect, another non-zero
		// exit is still a failure of the hook.
		if res.ExitCode == 2 && strings.TrimSpace(d.Stderr) != "" {
			d.Status = StatusBlocked
			return runner.HookReply{Outcome: runner.OutcomeSuccess}
		}
		if res.ExitCode != 0 {
			return failed(fmt.Sprintf("hook exited with code %d", res.ExitCode))
		}
		d.Status = StatusCompleted
		return runner.HookReply{Outcome: runner.OutcomeSuccess}
	}
	if res.ExitCode == 2 {
		reason := strings.TrimSpace(d.Stderr)
		if reason == "" {
			return failed(fmt.Sprintf("%s hook exited with code 2 but did not write a %s to stderr", row.Codex, exit2Noun(row)))
		}
		d.Exit2 = true
		d.Status = StatusBlocked
		return exit2Reply(row, reason, d)
	}
	if res.ExitCode != 0 {
		return failed(fmt.Sprintf("hook exited with code %d", res.ExitCode))
	}
	out := strings.TrimSpace(lossy(res.Stdout))
	d.Status = StatusCompleted
	if out == "" {
		return runner.HookReply{Outcome: runner.OutcomeSuccess}
	}
	if row.Plain == plainInvalid && out[0] != '{' {
		return failed(row.Codex + " hook returned non-JSON stdout")
	}
	if out[0] != '{' && out[0] != '[' {
		if row.Plain == plainContext {
			d.Context, d.HasContext = out, true
			return runner.HookReply{Reply: runner.Reply{AdditionalContext: out}, Outcome: runner.OutcomeSuccess}
		}
		return runner.HookReply{Outcome: runner.OutcomeSuccess}
	}
	reply, err := parseReply(row, []byte(out))
	if err == nil {
		var r runner.HookReply
		r, err = p.apply(row, ev, reply, d)
		if err == nil {
			return r
		}
	}
	d.Status = StatusFailed
	d.Why = fmt.Sprintf("hook returned invalid %s JSON output: %v", strings.ToLower(splitCamel(row.Codex)), err)
	return failed(d.Why)
}

// splitCamel writes "PreToolUse" as "Pre Tool Use".
func splitCamel(s string) string {
	var b strings.Builder
	for i, c := range s {
		if i > 0 && c >= 'A' && c <= 'Z' {
			b.WriteByte(' ')
		}
		b.WriteRune(c)
	}
	return b.String()
}

func exit2Noun(row *eventRow) string {
	switch row.Exit2 {
	case exit2Continue:
		return "continuation prompt"
	case exit2Feedback:
		return "feedback message"
	}
	return "blocking reason"
}

// exit2Reply is the event's effect of exit 2 with stderr text reason.
func exit2Reply(row *eventRow, reason string, d *Detail) runner.HookReply {
	r := runner.HookReply{Outcome: runner.OutcomeBlocking}
	switch row.Exit2 {
	case exit2Block:
		d.Block = reason
		r.Decision, r.Reason = runner.DecisionDeny, reason
	case exit2Deny:
		d.Permission, d.Message = "deny", reason
		r.Decision, r.Reason = runner.DecisionDeny, reason
	case exit2Feedback:
		d.Feedback, d.HasFeedback = reason, true
		r.Decision, r.Reason = runner.DecisionBlock, reason
	case exit2Drop:
		d.Block = reason
		r.Decision, r.Reason = runner.DecisionBlock, reason
	case exit2Continue:
		d.Prompt, d.HasPrompt = reason, true
		goOn := true
		r.Decision, r.Reason, r.Continue = runner.DecisionBlock, reason, &goOn
	default:
		// No effect on this event (SessionStart, compaction): Codex still
		// counts the hook as blocked, nothing applies.
		r = runner.HookReply{Outcome: runner.OutcomeSuccess}
	}
	return r
}

// reply is a decoded hook reply: top-level fields and hookSpecificOutput,
// each by exact key (the last of duplicate keys wins, as serde_json's
// Value reads them).
type reply struct {
	top, hso map[string]json.RawMessage
}

// parseReply decodes a reply object and checks it against the event's
// schema (deny_unknown_fields, strict types, codex §3.2).
func parseReply(row *eventRow, data []byte) (*reply, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var fields runner.Fields
	if err := dec.Decode(&fields); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("trailing characters")
	}
	r := &reply{top: map[string]json.RawMessage{}}
	for _, f := range fields {
		if f.Key == "hookSpecificOutput" && row.HSO != nil {
			r.top[f.Key] = f.Value
			continue
		}
		if !has(row.Top, f.Key) {
			return nil, fmt.Errorf("unknown field `%s`", f.Key)
		}
		r.top[f.Key] = f.Value
	}
	for _, k := range []string{"continue", "suppressOutput"} {
		if err := checkType(r.top, k, "boolean"); err != nil {
			return nil, err
		}
	}
	for _, k := range []string{"stopReason", "systemMessage", "reason", "decision"} {
		if err := checkType(r.top, k, "string"); err != nil {
			return nil, err
		}
	}
	if v, ok := r.top["decision"]; ok && !isNull(v) {
		if s := jsonString(v); !has(row.Decisions, s) {
			return nil, fmt.Errorf("unknown variant `%s`", s)
		}
	}
	if raw, ok := r.top["hookSpecificOutput"]; ok && !isNull(raw) {
		var hf runner.Fields
		if err := json.Unmarshal(raw, &hf); err != nil {
			return nil, fmt.Errorf("hookSpecificOutput: %v", err)
		}
		r.hso = map[string]json.RawMessage{}
		for _, f := range hf {
			if !has(row.HSO, f.Key) {
				return nil, fmt.Errorf("hookSpecificOutput: unknown field `%s`", f.Key)
			}
			r.hso[f.Key] = f.Value
		}
		name, ok := r.hso["hookEventName"]
		if !ok || isNull(name) {
			return nil, fmt.Errorf("hookSpecificOutput: missing field `hookEventName`")
		}
		if err := checkType(r.hso, "hookEventName", "string"); err != nil {
			return nil, err
		}
		if _, known := events.Get().byCodex[jsonString(name)]; !known {
			return nil, fmt.Errorf("hookSpecificOutput.hookEventName: unknown variant `%s`", jsonString(name))
		}
		for _, k := range []string{"permissionDecision", "permissionDecisionReason", "additionalContext"} {
			if err := checkType(r.hso, k, "string"); err != nil {
				return nil, err
			}
		}
		if v, ok := r.hso["permissionDecision"]; ok && !isNull(v) {
			if s := jsonString(v); !has([]string{"allow", "deny", "ask"}, s) {
				return nil, fmt.Errorf("unknown variant `%s`", s)
			}
		}
	}
	return r, nil
}

func isNull(v json.RawMessage) bool { return len(v) == 0 || string(bytes.TrimSpace(v)) == "null" }

func jsonString(v json.RawMessage) string {
	var s string
	_ = json.Unmarshal(v, &s)
	return s
}

// checkType rejects a present, non-null field of another JSON type.
func checkType(m map[string]json.RawMessage, k, typ string) error {
	v, ok := m[k]
	if !ok || isNull(v) {
		return nil
	}
	t := bytes.TrimSpace(v)
	okType := false
	switch typ {
	case "boolean":
		okType = string(t) == "true" || string(t) == "false"
	case "string":
		okType = len(t) > 0 && t[0] == '"'
	case "object":
		okType = len(t) > 0 && t[0] == '{'
	}
	if !okType {
		return fmt.Errorf("%s: invalid type, expected a %s", k, typ)
	}
	return nil
}

func (r *reply) str(k string) (string, bool) {
	v, ok := r.top[k]
	if !ok || isNull(v) {
		return "", false
	}
	return jsonString(v), true
}

func (r *reply) boolean(k string) (bool, bool) {
	v, ok := r.top[k]
	if !ok || isNull(v) {
		return false, false
	}
	return string(bytes.TrimSpace(v)) == "true", true
}

func (r *reply) hsoStr(k string) (string, bool) {
	v, ok := r.hso[k]
	if !ok || isNull(v) {
		return "", false
	}
	return jsonString(v), true
}

func (r *reply) hsoRaw(k string) (json.RawMessage, bool) {
	v, ok := r.hso[k]
	if !ok || isNull(v) {
		return nil, false
	}
	return v, true
}

// apply gives a schema-valid reply its effect on the event (codex §3.3–
// §3.7); an error makes it invalid.
func (p *Protocol) apply(row *eventRow, ev *runner.Event, rp *reply, d *Detail) (runner.HookReply, error) {
	r := runner.HookReply{Outcome: runner.OutcomeSuccess}
	ctx, hasCtx := rp.hsoStr("additionalContext")
	cont, hasCont := rp.boolean("continue")
	stopReason, hasStopReason := rp.str("stopReason")
	suppress, _ := rp.boolean("suppressOutput")
	decision, _ := rp.str("decision")
	reason, hasReason := rp.str("reason")
	setCtx := func() {
		if hasCtx {
			d.Context, d.HasContext = ctx, true
			r.AdditionalContext = ctx
		}
	}
	switch row.Reply {
	case replyGate:
		if hasCont && !cont {
			return r, fmt.Errorf("unsupported continue:false")
		}
		if hasStopReason {
			return r, fmt.Errorf("unsupported stopReason")
		}
		if suppress {
			return r, fmt.Errorf("unsupported suppressOutput")
		}
		pd, hasPD := rp.hsoStr("permissionDecision")
		pdr, hasPDR := rp.hsoStr("permissionDecisionReason")
		ui, hasUI := rp.hsoRaw("updatedInput")
		if hasPD || hasPDR || hasUI || hasCtx {
			switch {
			case pd == "deny" && !hasUI && strings.TrimSpace(pdr) != "":
				d.Block, d.Status = strings.TrimSpace(pdr), StatusBlocked
				r.Decision, r.Reason, r.Outcome = runner.DecisionDeny, d.Block, runner.OutcomeBlocking
			case pd == "allow" && hasUI:
				d.Rewrite = append(json.RawMessage(nil), ui...)
				args, ok := p.rewrittenArgs(ev, ui)
				if !ok {
					d.BadRewrite = true
				} else {
					r.UpdatedArgs = args
				}
			case !hasPD && !hasPDR && !hasUI:
				// context only
			default:
				return r, fmt.Errorf("unsupported permissionDecision:%s", pd)
			}
			setCtx()
			return r, nil
		}
		switch {
		case decision == "block" && strings.TrimSpace(reason) != "":
			d.Block, d.Status = strings.TrimSpace(reason), StatusBlocked
			r.Decision, r.Reason, r.Outcome = runner.DecisionDeny, d.Block, runner.OutcomeBlocking
		case decision != "" || hasReason:
			return r, fmt.Errorf("unsupported decision %q", decision)
		}
		return r, nil
	case replyApproval:
		if (hasCont && !cont) || hasStopReason || suppress {
			return r, fmt.Errorf("unsupported universal field")
		}
		raw, ok := rp.hsoRaw("decision")
		if !ok {
			return r, nil // no decision: Codex's own approval decides
		}
		var dec runner.Fields
		if err := json.Unmarshal(raw, &dec); err != nil {
			return r, fmt.Errorf("decision: %v", err)
		}
		m := map[string]json.RawMessage{}
		for _, f := range dec {
			if !has([]string{"behavior", "message", "interrupt", "updatedInput", "updatedPermissions"}, f.Key) {
				return r, fmt.Errorf("decision: unknown field `%s`", f.Key)
			}
			m[f.Key] = f.Value
		}
		if err := checkType(m, "message", "string"); err != nil {
			return r, err
		}
		if err := checkType(m, "interrupt", "boolean"); err != nil {
			return r, err
		}
		if err := checkType(m, "behavior", "string"); err != nil {
			return r, err
		}
		b, ok := m["behavior"]
		if !ok || isNull(b) {
			return r, fmt.Errorf("decision: missing field `behavior`")
		}
		if v, ok := m["updatedInput"]; ok && !isNull(v) {
			return r, fmt.Errorf("unsupported updatedInput")
		}
		if v, ok := m["updatedPermissions"]; ok && !isNull(v) {
			return r, fmt.Errorf("unsupported updatedPermissions")
		}
		if v, ok := m["interrupt"]; ok && string(bytes.TrimSpace(v)) == "true" {
			return r, fmt.Errorf("unsupported interrupt:true")
		}
		switch jsonString(b) {
		case "allow":
			d.Permission = "allow"
			r.Decision = runner.DecisionAllow
		case "deny":
			msg := ""
			if v, ok := m["message"]; ok && !isNull(v) {
				msg = strings.TrimSpace(jsonString(v))
			}
			if msg == "" {
				msg = permissionDenied
			}
			d.Permission, d.Message, d.Status = "deny", msg, StatusBlocked
			r.Decision, r.Reason, r.Outcome = runner.DecisionDeny, msg, runner.OutcomeBlocking
		default:
			return r, fmt.Errorf("unknown variant `%s`", jsonString(b))
		}
		return r, nil
	case replyFeedback:
		if suppress {
			return r, fmt.Errorf("unsupported suppressOutput")
		}
		if _, ok := rp.hsoRaw("updatedMCPToolOutput"); ok {
			return r, fmt.Errorf("unsupported updatedMCPToolOutput")
		}
		switch {
		case hasCont && !cont:
			fb := strings.TrimSpace(reason)
			if fb == "" {
				fb = stopReason
			}
			if strings.TrimSpace(fb) == "" {
				fb = row.Codex + " hook stopped execution"
			}
			d.Feedback, d.HasFeedback, d.Stop, d.StopReason, d.Status = fb, true, true, stopReason, StatusStopped
			r.Decision, r.Reason, r.Outcome = runner.DecisionBlock, fb, runner.OutcomeBlocking
		case decision == "block" && strings.TrimSpace(reason) != "":
			d.Feedback, d.HasFeedback, d.Status = reason, true, StatusBlocked
			r.Decision, r.Reason, r.Outcome = runner.DecisionBlock, reason, runner.OutcomeBlocking
		case decision != "" || hasReason:
			return r, fmt.Errorf("unsupported decision %q", decision)
		}
		setCtx()
		return r, nil
	case replyDrop:
		switch {
		case hasCont && !cont:
			d.Stop, d.StopReason, d.Block, d.Status = true, stopReason, stopReason, StatusStopped
			stop := false
			r.Continue, r.StopReason, r.Decision, r.Reason, r.Outcome = &stop, stopReason, runner.DecisionBlock, stopReason, runner.OutcomeBlocking
		case decision == "block" && strings.TrimSpace(reason) != "":
			d.Block, d.Status = strings.TrimSpace(reason), StatusBlocked
			r.Decision, r.Reason, r.Outcome = runner.DecisionBlock, d.Block, runner.OutcomeBlocking
		case decision != "" || hasReason:
			return r, fmt.Errorf("unsupported decision %q", decision)
		}
		setCtx()
		return r, nil
	case replyStart:
		if hasCont && !cont {
			d.Stop, d.StopReason, d.Status = true, stopReason, StatusStopped
			stop := false
			r.Continue, r.StopReason = &stop, stopReason
		}
		setCtx()
		return r, nil
	case replyContinue:
		if hasCont && !cont {
			d.Stop, d.StopReason, d.Status = true, stopReason, StatusStopped
			stop := false
			r.Continue, r.StopReason = &stop, stopReason
			return r, nil
		}
		switch {
		case decision == "block" && strings.TrimSpace(reason) != "":
			d.Prompt, d.HasPrompt, d.Status = strings.TrimSpace(reason), true, StatusBlocked
			goOn := true
			r.Decision, r.Reason, r.Continue, r.Outcome = runner.DecisionBlock, d.Prompt, &goOn, runner.OutcomeBlocking
		case decision != "" || hasReason:
			return r, fmt.Errorf("unsupported decision %q", decision)
		}
		return r, nil
	}
	// replyNone (PreCompact, PostCompact, Interrupt): schema-valid
	// replies have no effect.
	return r, nil
}

// rewrittenArgs turns a PreToolUse updatedInput into the call's native
// arguments (codex §3.3): for Bash and apply_patch only a string command
// counts (it replaces the command or the patch; other keys are ignored),
// and without one the rewrite is bad (the call fails); for other tools
// updatedInput replaces the arguments wholesale.
func (p *Protocol) rewrittenArgs(ev *runner.Event, ui json.RawMessage) (json.RawMessage, bool) {
	tool := p.codexToolName(ev.Tool)
	switch tool {
	case "Bash", "apply_patch":
		var in map[string]json.RawMessage
		if json.Unmarshal(ui, &in) != nil {
			return nil, false
		}
		c, ok := in["command"]
		if !ok || len(bytes.TrimSpace(c)) == 0 || bytes.TrimSpace(c)[0] != '"' {
			return nil, false
		}
		cmd := jsonString(c)
		if tool == "apply_patch" {
			// The patch text as the hook wrote it (the call runs it).
			first := ""
			if ops, ok := parsePatch(cmd); ok {
				first = ops[0].path
				if !filepath.IsAbs(first) && ev.Cwd != "" {
					first = filepath.Join(ev.Cwd, first)
				}
			}
			args, err := marshalNoHTML(struct {
				Path  string `json:"path"`
				Patch string `json:"patch"`
			}{first, cmd})
			return args, err == nil
		}
		var args runner.Fields
		if err := json.Unmarshal(ev.Args, &args); err != nil {
			args = nil
		}
		args.Set("command", jsonwire.RawString(cmd))
		b, err := args.MarshalJSON()
		if err != nil {
			return nil, false
		}
		return b, true
	}
	return p.vocab.Args("codex", "native", tool, append(json.RawMessage(nil), ui...)), true
}
