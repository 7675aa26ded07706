package copilot

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Placements of a model-visible text (recorded a, c, d*, e, f, l, m,
// hc_*): where copilot -p puts what its hooks add.
const (
	PlaceResult        = "tool_result"      // the call's result message (a denied or blocked call's text)
	PlaceResultTail    = "tool_result_tail" // appended to the call's result (postToolUse contexts)
	PlaceAfterResult   = "after_result"     // a user message after the call's result (preToolUse, postToolUseFailure)
	PlaceBeforePrompt  = "before_prompt"    // a user message before the prompt (sessionStart)
	PlacePromptTail    = "prompt_tail"      // appended to the prompt's message (userPromptSubmitted)
	PlaceContinuation  = "continuation"     // a new user message that continues the turn (agentStop, subagentStop)
	PlaceNextRequest   = "next_request"     // a new user message of a later request (notification)
	PlaceSubagentFirst = "subagent_first"   // opening the subagent's first message, before its prompt (subagentStart)
)

// Rendering is what Copilot CLI 1.0.102 (copilot -p) makes of an
// outcome: whether the call runs and with which arguments, the texts the
// model gets and where, and what happens to the prompt and the turn.
type Rendering struct {
	// ToolRuns reports, on preToolUse and permissionRequest, whether the
	// call goes on as far as the hooks decide (nil on permissionRequest:
	// Copilot's permission rules decide).
	ToolRuns *bool `json:"tool_runs,omitempty"`
	// PermissionSkipped: a preToolUse allow; Copilot does not ask its
	// permission layer (no permissionRequest hook runs).
	PermissionSkipped bool `json:"permission_skipped,omitempty"`
	// Args are the arguments the call runs with, in Copilot's names,
	// when a hook rewrote them (the model's own call in the history is
	// rewritten too).
	Args json.RawMessage `json:"args,omitempty"`
	// Texts are the model-visible texts, in order.
	Texts []Text `json:"texts"`
	// PromptDropped: userPromptSubmitted blocked the prompt — no model
	// request, copilot -p ends with exit status 1 and a policy_blocked
	// warning carrying Warning.
	PromptDropped bool   `json:"prompt_dropped,omitempty"`
	Warning       string `json:"warning,omitempty"`
	// Prompt is the prompt the model gets instead of the user's
	// (modifiedPrompt).
	Prompt *string `json:"prompt,omitempty"`
	// Continues: agentStop or subagentStop sends the agent on.
	Continues bool `json:"continues,omitempty"`
	// Interrupted: a permissionRequest deny with interrupt ends the turn.
	Interrupted bool `json:"interrupted,omitempty"`
}

// Text is one model-visible text.
type Text struct {
	Placement string `json:"placement"`
	Text      string `json:"text"`
	// Kind is format.ModelText's: "tool_result", "context", "feedback",
	// "prompt", "user_text".
	Kind string `json:"kind"`

	hooks []string
}

// datetime is the <current_datetime> tag Copilot puts before a user
// message it adds (its value is the time of the request).
func datetime() string {
	return "<current_datetime>" + time.Now().Format(time.RFC3339) + "</current_datetime>"
}

// own is one Copilot hook of an outcome, with its Detail.
type own struct {
	h   *settings.Hook
	r   *runner.HookReply
	d   *Detail
	cmd string
}

func ownHooks(out *runner.Outcome) []own {
	var hs []own
	for i := range out.Hooks {
		t := &out.Hooks[i]
		if t.Hook == nil || t.Hook.EffectiveProtocol() != Name || !t.Reply.Outcome.Ran() {
			continue
		}
		d, _ := t.Reply.Detail.(*Detail)
		if d == nil {
			d = &Detail{}
		}
		hs = append(hs, own{t.Hook, &t.Reply, d, t.Command})
	}
	return hs
}

// Render renders out as Copilot shows it to the model, from its Copilot
// hooks' own replies in configured order (hooks of other protocols count
// through the merged decision and arguments only):
//   - preToolUse: a deny's result "Denied by preToolUse hook: <reason>"
//     ("No reason provided" without one; "hook exited with code 2" for an
//     exit 2), a failed hook's "Denied by preToolUse hook from
//     \"<file>\" (hook errored)", an ask's "Denied by preToolUse hook
//     (unable to ask user for confirmation): <reason>"; the contexts as
//     one user message after the result, "Additional context from
//     preToolUse hook:\n<contexts joined by a blank line>";
//   - permissionRequest: a deny's "Permission denied by a
//     PermissionRequest hook: <message>";
//   - postToolUse: a block's "Tool result blocked: <reason>" instead of
//     the result, a modifiedResult's textResultForLlm instead of it, the
//     contexts appended to it as "\n\nTool \"<tool>\" succeeded.
//     Additional guidance from postToolUse hooks:\n<contexts>";
//   - postToolUseFailure: a user message "Tool \"<tool>\" failed.
//     Additional guidance from postToolUseFailure hooks:\n<contexts>";
//   - userPromptSubmitted: a block drops the prompt; the contexts are
//     appended to the prompt in a <system_reminder>; a modifiedPrompt
//     replaces it;
//   - sessionStart: the contexts as a user message before the prompt;
//   - agentStop, subagentStop: a block continues with a user message
//     "<current_datetime>…</current_datetime>\n\n<reason>";
//   - notification: the contexts as a new user message after the
//     <current_datetime> tag.
func (p *Protocol) Render(out *runner.Outcome) Rendering {
	rd := Rendering{Texts: []Text{}}
	ev := &out.Event
	r, ok := rowFor(ev.Name)
	if !ok {
		return rd
	}
	hs := ownHooks(out)
	add := func(place, kind, text string, hooks []string) {
		rd.Texts = append(rd.Texts, Text{Placement: place, Text: text, Kind: kind, hooks: hooks})
	}
	var ctx []string
	var ctxHooks []string
	for _, h := range hs {
		if h.d.HasContext {
			ctx = append(ctx, h.d.Context)
			ctxHooks = append(ctxHooks, h.cmd)
		}
	}
	joined := strings.Join(ctx, "\n\n")
	var decider *own
	for i := range hs {
		if r.lastDecides() {
			if decides(hs[i].r) {
				decider = &hs[i] // the last that decides (see Combine)
			}
			continue
		}
		if hs[i].r.Decision.Blocks() || (r.Reply == replyGate && hs[i].r.Decision == runner.DecisionAsk) {
			decider = &hs[i]
			break
		}
	}
	if decider != nil && r.lastDecides() && !decider.r.Decision.Blocks() {
		decider = nil
	}
	tool := p.toolName(ev.Tool)
	runs := func(b bool) { rd.ToolRuns = &b }
	switch r.Reply {
	case replyGate:
		switch {
		case out.Decision.Blocks() && decider != nil:
			runs(false)
			add(PlaceResult, "tool_result", gateText(r, decider.d), []string{decider.cmd})
		case out.Decision.Blocks():
			runs(false) // another protocol's hook denied: not Copilot's text
		case decider != nil && decider.r.Decision == runner.DecisionAsk:
			runs(false)
			add(PlaceResult, "tool_result", "Denied by preToolUse hook (unable to ask user for confirmation): "+decider.d.Reason, []string{decider.cmd})
		default:
			runs(true)
			rd.PermissionSkipped = out.Decision == runner.DecisionAllow
			if out.UpdatedArgs != nil {
				rd.Args = p.vocab.Args(translate.Native, Dialect, ev.Tool, out.UpdatedArgs)
				if t := bytes.TrimSpace(rd.Args); len(t) > 0 && t[0] != '{' {
					add(PlaceResult, "tool_result", invalidInput(t), nil)
				}
			}
		}
		if joined != "" {
			add(r.Place, "context", "Additional context from preToolUse hook:\n"+joined, ctxHooks)
		}
	case replyApproval:
		switch {
		case out.Decision.Blocks():
			runs(false)
			if decider != nil {
				add(PlaceResult, "tool_result", "Permission denied by a PermissionRequest hook: "+decider.d.Reason, []string{decider.cmd})
				rd.Interrupted = decider.d.Interrupt
			}
		case out.Decision == runner.DecisionAllow:
			runs(true)
		}
	case replyResult:
		switch {
		case out.Decision.Blocks() && decider != nil:
			add(PlaceResult, "feedback", "Tool result blocked: "+decider.d.Reason, []string{decider.cmd})
		case out.Decision.Blocks():
		default:
			if out.UpdatedResult != nil {
				var m map[string]json.RawMessage
				if json.Unmarshal(out.UpdatedResult, &m) == nil {
					if s, ok := strField(m, "textResultForLlm"); ok {
						add(PlaceResult, "feedback", s, nil)
					}
				}
			}
			if joined != "" {
				add(r.Place, "context", "\n\nTool \""+tool+"\" succeeded. Additional guidance from postToolUse hooks:\n"+joined, ctxHooks)
			}
		}
	case replyGuidance:
		if joined != "" {
			add(r.Place, "context", "Tool \""+tool+"\" failed. Additional guidance from postToolUseFailure hooks:\n"+joined, ctxHooks)
		}
	case replyPrompt:
		if out.Decision.Blocks() {
			rd.PromptDropped = true
			if decider != nil {
				rd.Warning = decider.d.Reason
				add("user", "user_text", decider.d.Reason, []string{decider.cmd})
			}
			break
		}
		for _, h := range hs {
			if h.d.HasPrompt {
				s := h.d.Prompt
				rd.Prompt = &s
			}
		}
		if joined != "" {
			add(r.Place, "context", "\n\n<system_reminder>\n"+joined+"\n</system_reminder>", ctxHooks)
		}
	case replyTransformed:
		for _, h := range hs {
			if h.d.HasTransformed {
				s := h.d.Transformed
				rd.Prompt = &s
			}
		}
	case replyContinue:
		if out.Decision.Blocks() && decider != nil {
			rd.Continues = true
			add(PlaceContinuation, "prompt", datetime()+"\n\n"+decider.d.Reason, []string{decider.cmd})
		}
	case replyContext:
		switch {
		case joined == "":
		case r.Place == PlaceNextRequest:
			add(r.Place, "context", datetime()+"\n\n"+joined, ctxHooks)
		case r.Place == PlaceSubagentFirst:
			add(r.Place, "context", joined+"\n\n", ctxHooks)
		default:
			add(r.Place, "context", joined, ctxHooks)
		}
	}
	return rd
}

// gateText is the result a denied call gets from the deciding hook d.
func gateText(r *row, d *Detail) string {
	if d.Errored {
		return "Denied by " + r.Camel + " hook from \"" + d.Source + "\" (hook errored)"
	}
	return "Denied by " + r.Camel + " hook: " + d.Reason
}

// invalidInput is the result of a call whose rewritten arguments are not
// an object (recorded hc_pre_modified_args_string: a string).
func invalidInput(raw []byte) string {
	_ = raw
	return "Invalid input: expected value at line 1 column 1"
}
