package cursor

import (
	"encoding/json"
	"strings"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// shellDenied is what the model reads when a beforeShellExecution hook
// denies a command (cursor §5.1, as third parties captured it).
const shellDenied = "Command execution was blocked by a hook: %s\n\nTo view or modify configured hooks, go to Cursor Settings > Hooks.\n\nAgent note: Do not suggest workarounds to the blocked tool."

// Rendering is what Cursor would make of an outcome (`hookcompat run
// --render cursor`), as far as its documentation and third parties'
// captures tell.
type Rendering struct {
	// ToolRuns reports, on pre_tool, whether Cursor runs the tool as far
	// as the hooks decide (nil on other events); false while Cursor asks
	// the user.
	ToolRuns *bool `json:"tool_runs,omitempty"`
	// EffectiveInput is the tool input Cursor would run with, in
	// Cursor's argument names (after updated_input); nil without a tool.
	EffectiveInput json.RawMessage `json:"effective_input"`
	// ModelText are the texts the hooks make reach the model, in order:
	// a denied call's message (the tool's error), additional_context.
	ModelText []string `json:"model_text"`
	// UserText is what the user is shown: a blocked prompt's
	// user_message, preCompact's user_message; "" when nothing.
	UserText string `json:"user_text,omitempty"`
	// PromptSent reports, on prompt_submit, whether the prompt goes to
	// the model.
	PromptSent *bool `json:"prompt_sent,omitempty"`
	// FollowupMessage is what stop or subagentStop hooks submit as the
	// next user message.
	FollowupMessage string `json:"followup_message,omitempty"`
	// Env is what sessionStart hooks add to the environment of the
	// session's later hooks (not of the agent's shell).
	Env map[string]string `json:"env,omitempty"`
}

// Render renders out as Cursor shows it: from the merged reply and, for
// the wording of a denial, the step of the first Cursor hook that denied.
func (cursorFormat) Render(out *runner.Outcome, vocab *translate.Vocabulary) any {
	r := NewProtocol(vocab).Render(out)
	return &r
}

// Render is [cursorFormat.Render] with the protocol's vocabulary; what it
// shows follows the event's generic step (preToolUse for pre_tool).
func (p *Protocol) Render(out *runner.Outcome) Rendering {
	r := Rendering{ModelText: []string{}}
	ev := &out.Event
	if toolEvent(ev.Name) && len(ev.Args) > 0 {
		r.EffectiveInput = p.cursorArgs(ev)
	}
	ctx := strings.TrimSpace(out.AdditionalContext)
	s := genericStep(ev.Name)
	if s == nil {
		s = &stepRow{}
	}
	switch {
	case s.Permission && s.Tools != toolsNone:
		runs := !out.Decision.Blocks() && out.Decision != runner.DecisionAsk
		r.ToolRuns = &runs
		if out.Decision.Blocks() {
			msg := strings.TrimSpace(out.Reason)
			if step := p.denyingStep(out); step != nil && step.DenyText != "" {
				msg = strings.Replace(step.DenyText, "%s", msg, 1)
			}
			r.ModelText = append(r.ModelText, msg)
		}
		if ctx != "" {
			r.ModelText = append(r.ModelText, ctx)
		}
	case s.Honours("continue"):
		sent := !out.Decision.Blocks()
		r.PromptSent = &sent
		if !sent {
			r.UserText = out.SystemMessage
		} else if ctx != "" && s.Honours("additional_context") {
			r.ModelText = append(r.ModelText, ctx)
		}
	case s.LoopLimit:
		if out.Decision.Blocks() {
			r.FollowupMessage = out.Reason
		}
	case s.Notice:
		r.UserText = out.SystemMessage
	default:
		if ctx != "" {
			r.ModelText = append(r.ModelText, ctx)
		}
		if s.Honours("env") {
			for _, tr := range out.Hooks {
				if d, ok := tr.Reply.Detail.(*Detail); ok && len(d.Env) > 0 && tr.Reply.Outcome == runner.OutcomeSuccess {
					if r.Env == nil {
						r.Env = map[string]string{}
					}
					for k, v := range d.Env {
						r.Env[k] = v // the later source overwrites (cursor §5.3)
					}
				}
			}
		}
	}
	return r
}

// denyingStep is the step of the first Cursor hook whose reply blocked,
// or nil.
func (p *Protocol) denyingStep(out *runner.Outcome) *stepRow {
	for _, tr := range out.Hooks {
		if tr.Hook == nil || tr.Hook.EffectiveProtocol() != Name || !tr.Reply.Decision.Blocks() {
			continue
		}
		return stepOf(tr.Hook)
	}
	return nil
}
