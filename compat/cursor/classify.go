package cursor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// StdoutKind is how a hook's stdout was read.
type StdoutKind string

// Kinds of stdout.
const (
	StdoutEmpty   StdoutKind = "empty"
	StdoutJSON    StdoutKind = "json"    // one JSON object
	StdoutInvalid StdoutKind = "invalid" // text, another JSON value, or an object failing validation
)

// Detail is what the Cursor protocol records about one hook run beyond
// its native reply ([runner.HookReply.Detail]), for its combiner,
// renderer and host: the reply as Cursor reads it.
type Detail struct {
	// Step is the hook's step.
	Step string
	// Stdout is how stdout was read; Stderr the hook's stderr.
	Stdout StdoutKind
	Stderr string
	// Exit2 reports an exit status of 2.
	Exit2 bool
	// Synthetic says how a decision the hook did not write came about:
	// "exit2", "invalid" (an empty, non-JSON or invalid reply on a
	// permission step), "fail-closed", or "".
	Synthetic string
	// Permission, UserMessage, AgentMessage, FollowupMessage,
	// AdditionalContext and Continue are the reply's fields as written
	// (after Cursor's normalisation of Claude-style fields); UpdatedInput
	// is updated_input in Cursor's argument names.
	Permission, UserMessage, AgentMessage, FollowupMessage, AdditionalContext string
	Continue                                                                  *bool
	UpdatedInput                                                              json.RawMessage
	// Env is a sessionStart hook's env (for the session's later hooks).
	Env map[string]string
	// PluginPaths is a workspaceOpen hook's pluginPaths.
	PluginPaths []string
}

// Texts Cursor shows for decisions a hook did not write (cursor §5.2;
// the exact wording of the last two is as third parties quote it).
const (
	textInvalidJSON = "Hook %s returned stdout that is not valid JSON. The action was blocked for safety."
	textNoOutput    = "Hook %s returned no output. The action was blocked for safety."
	textExit2Stderr = "Hook blocked with message: %s"
	textExit2None   = "Hook blocked this action (exit code 2) but provided no reason"
	textFailClosed  = "%s blocked because this hook is configured to fail closed (block when it fails). Hook \"%s\" failed: %s"
	textDenied      = "Blocked by a hook"
)

// Classify reads one finished Cursor hook run as Cursor does (cursor
// §5.1, §5.2):
//   - exit 2 blocks whatever was printed — a deny on permission steps, a
//     blocked prompt on beforeSubmitPrompt, nothing elsewhere — with the
//     trimmed stdout, unparsed, as the message (else "Hook blocked with
//     message: <stderr>");
//   - any other non-zero exit, a timeout and a failure to start are
//     failures whose output is not read: ignored, unless the hook is
//     failClosed on a step where that applies, which blocks;
//   - exit 0 must print one JSON object (after whitespace): an empty,
//     non-JSON or invalid reply denies on permission steps even without
//     failClosed, is a failure elsewhere (plain text is not context);
//   - the object's fields the step honours are applied (stepTable); others
//     are ignored; Claude-style hookSpecificOutput (preToolUse) and
//     decision "block" (stop, subagentStop) are read when the canonical
//     fields are absent.
//
// A prompt hook's judge answers in the native reply schema. The result's
// Detail is a *[Detail].
func (p *Protocol) Classify(h *settings.Hook, ev *runner.Event, res *runner.RunResult) runner.HookReply {
	s := stepOf(h)
	d := &Detail{Step: s.Name, Stderr: string(res.Stderr)}
	if t := h.EffectiveType(); t == settings.TypePrompt || t == settings.TypeAgent {
		r := runner.Native().Classify(h, ev, res)
		r.Detail = d
		return r
	}
	r := p.classify(s, h, ev, res, d)
	r.Detail = d
	return r
}

func (p *Protocol) classify(s *stepRow, h *settings.Hook, ev *runner.Event, res *runner.RunResult, d *Detail) runner.HookReply {
	failure := func(kind runner.OutcomeKind, why string) runner.HookReply {
		if h.FailClosed && s.FailClosed {
			d.Synthetic = "fail-closed"
			r := block(s, fmt.Sprintf(textFailClosed, s.FailNoun, h.ConfigLabel(), why))
			r.Err = why
			return r
		}
		return runner.HookReply{Outcome: kind, Err: why}
	}
	invalid := func(kind StdoutKind, why, text string) runner.HookReply {
		d.Stdout = kind
		if s.Permission {
			d.Synthetic = "invalid"
			r := block(s, fmt.Sprintf(text, s.Name))
			r.Err = why
			return r
		}
		return failure(runner.OutcomeError, why)
	}
	switch {
	case res.Cancelled:
		return runner.HookReply{Outcome: runner.OutcomeCancelled, Err: "cancelled"}
	case res.TimedOut:
		return failure(runner.OutcomeTimeout, fmt.Sprintf("timed out after %s", h.Timeout))
	case res.StartErr != nil:
		return failure(runner.OutcomeError, res.StartErr.Error())
	case res.HTTPStatus != 0 && (res.HTTPStatus < 200 || res.HTTPStatus > 299):
		return failure(runner.OutcomeError, fmt.Sprintf("http status %d", res.HTTPStatus))
	case res.HTTPStatus == 0 && res.ExitCode == 2:
		d.Exit2 = true
		msg := strings.TrimSpace(string(res.Stdout))
		switch {
		case msg != "":
		case strings.TrimSpace(string(res.Stderr)) != "":
			msg = fmt.Sprintf(textExit2Stderr, strings.TrimSpace(string(res.Stderr)))
		default:
			msg = textExit2None
		}
		if s.Exit2 == "" {
			return runner.HookReply{Outcome: runner.OutcomeError, Err: "exit 2 has no effect on " + s.Name + ": " + hookkit.FirstLine([]byte(msg))}
		}
		d.Synthetic = "exit2"
		return block(s, msg)
	case res.HTTPStatus == 0 && res.ExitCode != 0:
		why := fmt.Sprintf("exited %d: %s", res.ExitCode, hookkit.FirstLine(res.Stderr))
		if res.Signal != "" {
			why = "killed by SIG" + res.Signal
		}
		return failure(runner.OutcomeError, why)
	case res.StdoutTruncated:
		return invalid(StdoutInvalid, "stdout exceeded hookcompat's cap; the reply cannot be read whole", textInvalidJSON)
	}
	t := bytes.TrimSpace(res.Stdout)
	if len(t) == 0 {
		d.Stdout = StdoutEmpty
		switch {
		case s.Permission:
			return invalid(StdoutEmpty, "no output: a permission step needs a JSON reply", textNoOutput)
		case h.FailClosed && s.FailClosed:
			return failure(runner.OutcomeError, "no output")
		}
		return runner.HookReply{Outcome: runner.OutcomeSuccess}
	}
	var obj map[string]json.RawMessage
	if t[0] != '{' || json.Unmarshal(t, &obj) != nil {
		return invalid(StdoutInvalid, "stdout is not one JSON object", textInvalidJSON)
	}
	d.Stdout = StdoutJSON
	r, err := p.apply(s, ev, obj, d)
	if err != nil {
		return invalid(StdoutInvalid, "reply validation failed: "+err.Error(), textInvalidJSON)
	}
	return r
}

// block is the blocking effect of step s with message msg: a deny on a
// permission step, a blocked prompt on beforeSubmitPrompt.
func block(s *stepRow, msg string) runner.HookReply {
	d := runner.DecisionDeny
	if !s.Permission {
		d = runner.DecisionBlock
	}
	return runner.HookReply{Outcome: runner.OutcomeBlocking, Reply: runner.Reply{Decision: d, Reason: msg, SystemMessage: msg}}
}

// apply applies a reply object's fields on step s (cursor §5.1).
func (p *Protocol) apply(s *stepRow, ev *runner.Event, obj map[string]json.RawMessage, d *Detail) (runner.HookReply, error) {
	normaliseClaude(obj, s.Claude)
	str := func(k string) (string, error) {
		v, ok := obj[k]
		if !ok || string(v) == "null" {
			return "", nil
		}
		var out string
		if err := json.Unmarshal(v, &out); err != nil {
			return "", fmt.Errorf("%s: want a string", k)
		}
		return out, nil
	}
	checked := func(k string) bool { return s.Honours(k) || contains(s.Validated, k) }
	var err error
	for _, k := range []string{"permission", "user_message", "agent_message", "additional_context", "followup_message"} {
		if !checked(k) {
			continue
		}
		var v string
		if v, err = str(k); err != nil {
			return runner.HookReply{}, err
		}
		switch k {
		case "permission":
			d.Permission = v
		case "user_message":
			d.UserMessage = v
		case "agent_message":
			d.AgentMessage = v
		case "additional_context":
			d.AdditionalContext = v
		case "followup_message":
			d.FollowupMessage = v
		}
	}
	if v, ok := obj["continue"]; ok && checked("continue") && string(v) != "null" {
		var b bool
		if err := json.Unmarshal(v, &b); err != nil {
			return runner.HookReply{}, fmt.Errorf("continue: want a boolean")
		}
		d.Continue = &b
	}
	if v, ok := obj["updated_input"]; ok && s.Honours("updated_input") && string(v) != "null" {
		if !gjson.ParseBytes(v).IsObject() {
			return runner.HookReply{}, fmt.Errorf("updated_input: want an object")
		}
		d.UpdatedInput = append(json.RawMessage(nil), v...)
	}
	if v, ok := obj["env"]; ok && s.Honours("env") && string(v) != "null" {
		var env map[string]string
		if err := json.Unmarshal(v, &env); err != nil {
			return runner.HookReply{}, fmt.Errorf("env: want an object of strings")
		}
		d.Env = env
	}
	if v, ok := obj["pluginPaths"]; ok && s.Honours("pluginPaths") && string(v) != "null" {
		if err := json.Unmarshal(v, &d.PluginPaths); err != nil {
			return runner.HookReply{}, fmt.Errorf("pluginPaths: want an array of strings")
		}
	}
	r := runner.HookReply{Outcome: runner.OutcomeSuccess}
	if s.Honours("additional_context") {
		r.AdditionalContext = d.AdditionalContext
	}
	message := firstOf(d.UserMessage, d.AgentMessage)
	if s.Permission {
		switch d.Permission {
		case "":
		case "allow":
			r.Decision = runner.DecisionAllow
		case "deny":
			r.Decision, r.Reason, r.SystemMessage = runner.DecisionDeny, firstOf(message, textDenied), d.UserMessage
		case "ask":
			switch s.Ask {
			case askInvalid:
				return runner.HookReply{}, fmt.Errorf("permission \"ask\": %s takes allow or deny", s.Name)
			case askAsks:
				r.Decision, r.Reason, r.SystemMessage = runner.DecisionAsk, message, d.UserMessage
			case askDenies:
				r.Decision, r.Reason, r.SystemMessage = runner.DecisionDeny, firstOf(message, textDenied), d.UserMessage
			}
		default:
			return runner.HookReply{}, fmt.Errorf("permission %q: want allow, deny or ask", d.Permission)
		}
	}
	if d.UpdatedInput != nil {
		cursorTool := p.CursorTool(ev.Tool)
		r.UpdatedArgs = p.vocab.Args(Dialect, translate.Native, cursorTool, d.UpdatedInput)
	}
	if s.Honours("continue") && d.Continue != nil && !*d.Continue {
		r.Decision, r.Reason, r.SystemMessage = runner.DecisionBlock, d.UserMessage, d.UserMessage
	}
	if s.Honours("followup_message") && d.FollowupMessage != "" {
		status := "completed"
		if v, ok := ev.Extra.Get("status"); ok {
			status = gjson.ParseBytes(v).String()
		}
		if !s.FollowupCompleted || status == "completed" {
			goOn := true
			r.Decision, r.Reason, r.Continue = runner.DecisionBlock, d.FollowupMessage, &goOn
		}
	}
	if s.Notice {
		r.SystemMessage = d.UserMessage
	}
	if v, ok := obj["updated_mcp_tool_output"]; ok && s.Honours("updated_mcp_tool_output") && isMCP(ev.Tool) && string(v) != "null" {
		r.UpdatedResult = append(json.RawMessage(nil), v...)
	}
	if r.Decision.Blocks() {
		r.Outcome = runner.OutcomeBlocking
	}
	return r, nil
}

// normaliseClaude reads Claude Code's reply fields of form when Cursor's
// own are absent (cursor §5.1): hookSpecificOutput.permissionDecision,
// permissionDecisionReason and updatedInput (ClaudePermission, on
// preToolUse); decision "block" with reason (ClaudeBlock, on stop and
// subagentStop).
func normaliseClaude(obj map[string]json.RawMessage, form claudeForm) {
	switch form {
	case claudeNone:
		return
	case claudePermission:
		hso, ok := obj["hookSpecificOutput"]
		if !ok {
			return
		}
		g := gjson.ParseBytes(hso)
		if _, has := obj["permission"]; !has {
			if v := g.Get("permissionDecision"); v.Type == gjson.String && v.String() != "defer" {
				obj["permission"] = jsonwire.RawString(v.String())
			}
		}
		if _, has := obj["user_message"]; !has {
			if v := g.Get("permissionDecisionReason"); v.Type == gjson.String {
				obj["user_message"] = jsonwire.RawString(v.String())
			}
		}
		if _, has := obj["updated_input"]; !has {
			if v := g.Get("updatedInput"); v.IsObject() {
				obj["updated_input"] = json.RawMessage(v.Raw)
			}
		}
		return
	}
	// claudeBlock
	if _, has := obj["followup_message"]; has {
		return
	}
	if gjson.ParseBytes(obj["decision"]).String() == "block" {
		if v := gjson.ParseBytes(obj["reason"]); v.Type == gjson.String {
			obj["followup_message"] = jsonwire.RawString(v.String())
		}
	}
}

// messageSeparator joins several hooks' user_message and agent_message
// (cursor §5.3: "joined with a --- separator line").
const messageSeparator = "\n---\n"

// Combine merges the replies of one event's Cursor hooks, given in
// configured order (Cursor's source order), as Cursor merges successful
// responses (cursor §5.3); a failed hook (unless fail-closed) has no
// response:
//   - decision: the most restrictive (deny > ask > allow), with the
//     messages of the replies of that decision joined by a "---" line;
//   - updated_input, followup_message, updated_mcp_tool_output: the
//     later response overwrites the earlier (the last in source order);
//   - additional_context: joined (blank line) on the steps that join it,
//     the last one elsewhere;
//   - a stop follow-up continues the agent (continue true);
//   - system messages (what the user is shown) are joined by "---".
func (*Protocol) Combine(ev *runner.Event, replies []runner.HookReply) runner.Reply {
	var out runner.Reply
	best := 0
	var ctx, sys []string
	for _, r := range replies {
		if r.Outcome != runner.OutcomeSuccess && r.Outcome != runner.OutcomeBlocking {
			continue
		}
		if rank := decisionRank(r.Decision); rank > best {
			best = rank
		}
		if r.UpdatedArgs != nil {
			out.UpdatedArgs = append(json.RawMessage(nil), r.UpdatedArgs...)
		}
		if r.UpdatedResult != nil {
			out.UpdatedResult = append(json.RawMessage(nil), r.UpdatedResult...)
		}
		if c := strings.TrimSpace(r.AdditionalContext); c != "" {
			step := stepNamed(detailStep(r))
			if step != nil && !step.JoinContext {
				ctx = nil
			}
			ctx = append(ctx, c)
		}
		if m := strings.TrimSpace(r.SystemMessage); m != "" {
			sys = append(sys, m)
		}
		if r.Continue != nil {
			c := *r.Continue
			out.Continue = &c
		}
	}
	var reasons []string
	for _, r := range replies {
		if (r.Outcome == runner.OutcomeSuccess || r.Outcome == runner.OutcomeBlocking) && best > 0 && decisionRank(r.Decision) == best {
			out.Decision = r.Decision
			if followsUp(ev.Name) {
				reasons = []string{r.Reason} // the later follow-up overwrites
			} else if r.Reason != "" {
				reasons = append(reasons, r.Reason)
			}
		}
	}
	out.Reason = strings.Join(reasons, messageSeparator)
	out.AdditionalContext = strings.Join(ctx, "\n\n")
	out.SystemMessage = strings.Join(sys, messageSeparator)
	return out
}

func decisionRank(d runner.Decision) int {
	switch d {
	case runner.DecisionBlock, runner.DecisionDeny:
		return 3
	case runner.DecisionAsk:
		return 2
	case runner.DecisionAllow:
		return 1
	}
	return 0
}

func detailStep(r runner.HookReply) string {
	if d, ok := r.Detail.(*Detail); ok {
		return d.Step
	}
	return ""
}
