package claude

import (
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// OptionContinueOnBlock is the settings.Hook.Options key that carries a
// Claude prompt handler's continueOnBlock ("true" or "false").
const OptionContinueOnBlock = "continueOnBlock"

// stopFraming is how Claude Code asks a prompt hook on Stop and
// SubagentStop (recorded from Claude Code 2.1.332): the hook's prompt is
// the condition.
const stopFraming = "Based on the conversation transcript above, has the following stopping condition been satisfied? Answer based on transcript evidence only.\n\nCondition: "

// JudgePrompt is the text Claude Code sends the model for a prompt or
// agent hook (claude §2.2): the hook's prompt with $ARGUMENTS replaced by
// the hook input JSON, or the JSON appended ([runner.PromptWithArguments]);
// a prompt hook on Stop or SubagentStop is asked whether its prompt, the
// stopping condition, is satisfied.
func (*Protocol) JudgePrompt(h *settings.Hook, ev *runner.Event, arguments []byte) string {
	prompt := h.Prompt
	if h.EffectiveType() == settings.TypePrompt && (ev.Name == settings.Stop || ev.Name == settings.SubagentStop) {
		prompt = stopFraming + prompt
	}
	return runner.PromptWithArguments(prompt, arguments)
}

// ApplyVerdict applies Claude Code's rules for a prompt or agent hook's
// answer (claude §6.11) to a judge's verdict: a verdict that does not
// block is {"ok": true} (no effect; Claude's prompt hooks carry no
// context or system message); a blocking one is {"ok": false} with its
// reason:
//   - on Stop and SubagentStop the turn continues with the reason, unless
//     the verdict is Impossible (prompt hooks only: the agent stops);
//   - on PermissionRequest and PermissionDenied it has no effect;
//   - on PreToolUse the call is denied, and a prompt hook without
//     continueOnBlock also ends the turn; on PostToolUse such a hook ends
//     the turn, with continueOnBlock the reason is fed back; on
//     PostToolBatch, UserPromptSubmit and UserPromptExpansion the turn
//     ends; on TeammateIdle the teammate stops unless continueOnBlock;
//   - elsewhere it has the event's blocking effect, as exit 2 would.
//
// Agent hooks behave like prompt hooks with continueOnBlock and ignore
// Impossible. A block without a reason reads "blocked by prompt hook".
func (*Protocol) ApplyVerdict(h *settings.Hook, ev *runner.Event, v runner.Verdict) runner.HookReply {
	event, _ := translate.ClaudeEvent(ev.Name)
	detail := &Detail{StdoutKind: StdoutJSON}
	if !v.Decision.Blocks() || event == "PermissionRequest" || event == "PermissionDenied" {
		return runner.HookReply{Outcome: runner.OutcomeSuccess, Detail: detail}
	}
	agent := h.EffectiveType() == settings.TypeAgent
	if (event == "Stop" || event == "SubagentStop") && v.Impossible && !agent {
		return runner.HookReply{Outcome: runner.OutcomeSuccess, Detail: detail}
	}
	reason := v.Reason
	if reason == "" {
		reason = "blocked by " + h.EffectiveType() + " hook"
	}
	r := blockingError(event, reason)
	r.Detail = detail
	continueOnBlock := agent || h.Options[OptionContinueOnBlock] == "true"
	endsTurn := false
	switch event {
	case "PreToolUse", "PostToolUse", "TeammateIdle":
		endsTurn = !continueOnBlock
	case "PostToolBatch", "UserPromptSubmit", "UserPromptExpansion":
		endsTurn = true
	}
	if endsTurn {
		stop := false
		r.Continue, r.StopReason = &stop, reason
	}
	return r
}

// Awaits reports that Claude Code waits for its hooks of e and applies
// their replies — every event whose output has an effect (claude §6.8),
// PostToolUse and PostToolUseFailure, PreCompact, SubagentStart and
// SubagentStop included — so they must be fired; hooks of the events
// whose output Claude Code ignores (Setup, Notification, SessionEnd,
// PostCompact, InstructionsLoaded, StopFailure) may be queued.
func (*Protocol) Awaits(e settings.Event) bool {
	event, ok := translate.ClaudeEvent(e)
	return !ok || !outputIgnored[event]
}

// mcpSkipped reports an mcp_tool hook Claude Code does not run for ev:
// on SessionStart at launch (startup or resume), when no MCP client is
// connected yet (claude §2.2).
func mcpSkipped(h *settings.Hook, ev *runner.Event) bool {
	if h.EffectiveType() != settings.TypeMCPTool || ev.Name != settings.SessionStart {
		return false
	}
	source := mapValue(sessionStartSource, ev.Reason, false)
	return source == "startup" || source == "resume"
}

var (
	_ runner.JudgeProtocol = (*Protocol)(nil)
	_ runner.Awaiter       = (*Protocol)(nil)
)
