package claude

import (
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// OptionContinueOnBlock is the settings.Hook.Options key that carries a
// Claude prompt handler's continueOnBlock ("true" or "false").
const OptionContinueOnBlock = "continueOnBlock"

// stopFraming is how Claude Code asks a prompt hook on the events whose
// prompt is a stopping condition (Stop, SubagentStop; recorded from
// Claude Code 2.1.332): the hook's prompt is the condition.
const stopFraming = "Based on the conversation transcript above, has the following stopping condition been satisfied? Answer based on transcript evidence only.\n\nCondition: "

// agentNotMet begins an agent hook's block as Claude shows it.
const agentNotMet = "Agent hook condition was not met: "

// StopCondition reports whether Claude Code asks a prompt or agent hook
// of event e whether a stopping condition is satisfied (the event
// table's judge column: Stop, SubagentStop): its request then has the
// stop-condition system prompt and the conversation.
func StopCondition(e settings.Event) bool {
	row := eventOf(e)
	return row != nil && row.judge == judgeStopCondition
}

// JudgePrompt is the text Claude Code sends the model for a prompt or
// agent hook (claude §2.2): the hook's prompt with $ARGUMENTS replaced by
// the hook input JSON, or the JSON appended ([format.PromptWithArguments]);
// a prompt hook on an event whose prompt is a stopping condition (the
// event table's judge column: Stop, SubagentStop) is asked whether it is
// satisfied.
func (*Protocol) JudgePrompt(h *settings.Hook, ev *runner.Event, arguments []byte) string {
	prompt := h.Prompt
	if row := eventOf(ev.Name); row != nil && row.judge == judgeStopCondition && h.EffectiveType() == settings.TypePrompt {
		prompt = stopFraming + prompt
	}
	return format.PromptWithArguments(prompt, arguments)
}

// ApplyVerdict applies Claude Code's rules for a prompt or agent hook's
// answer (claude §6.11) to a judge's verdict, by the event table's judge
// column: a verdict that does not block is {"ok": true} (no effect;
// Claude's prompt hooks carry no context or system message); a blocking
// one is {"ok": false} with its reason:
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
// Claude shows a prompt hook's block as a command's exit 2 named by the
// prompt ("[<prompt>]: <reason>"), an agent hook's as "Agent hook
// condition was not met: <reason>" (recorded).
func (*Protocol) ApplyVerdict(h *settings.Hook, ev *runner.Event, v runner.Verdict) runner.HookReply {
	row := eventOf(ev.Name)
	detail := &Detail{StdoutKind: StdoutJSON}
	if row == nil || !v.Decision.Blocks() || row.judge == judgeIgnored {
		return runner.HookReply{Outcome: runner.OutcomeSuccess, Detail: detail}
	}
	agent := h.EffectiveType() == settings.TypeAgent
	if row.judge == judgeStopCondition && v.Impossible && !agent {
		return runner.HookReply{Outcome: runner.OutcomeSuccess, Detail: detail}
	}
	reason := v.Reason
	if reason == "" {
		reason = "blocked by " + h.EffectiveType() + " hook"
	}
	// Claude shows a prompt hook's block as a command's exit 2, the prompt
	// as the command and the reason as stderr ("[<prompt>]: <reason>"),
	// and an agent hook's as "Agent hook condition was not met: <reason>"
	// (recorded: hc_prompt_*, hc_agent_*).
	detail.Exit2, detail.Stderr, detail.Judged = true, reason, h.EffectiveType()
	if agent {
		reason = agentNotMet + reason
		detail.Stderr, detail.Reason = reason, reason
	}
	r := blockingError(row, reason)
	detail.Block = r.Decision.Blocks()
	r.Detail = detail
	continueOnBlock := agent || h.Options[OptionContinueOnBlock] == "true"
	endsTurn := false
	switch row.judge {
	case judgeEndsUnlessContinue:
		endsTurn = !continueOnBlock
	case judgeEndsTurn:
		endsTurn = true
	}
	if endsTurn {
		stop := false
		r.Continue, r.StopReason = &stop, reason
		detail.StopLoop, detail.StopReason = true, reason
	}
	return r
}

// Awaits reports that Claude Code waits for its hooks of e and applies
// their replies — every event whose output has an effect (claude §6.8;
// PostToolUse and PostToolUseFailure, PreCompact, PostCompact,
// SubagentStart and SubagentStop included) — so they must be fired; hooks
// of the events whose output Claude Code ignores (the event table's
// outIgnoreAll rows: Setup, InstructionsLoaded, Notification,
// StopFailure, SessionEnd) may be queued.
func (*Protocol) Awaits(e settings.Event) bool {
	row := eventOf(e)
	return row == nil || !row.out.has(outIgnoreAll)
}

// mcpSkipped reports an mcp_tool hook Claude Code does not run for ev:
// on the events of the table whose mcp column says so (SessionStart at
// launch, startup or resume: no MCP client is connected yet; claude §2.2).
func (e *event) mcpSkipped(h *settings.Hook, ev *runner.Event) bool {
	if h.EffectiveType() != settings.TypeMCPTool {
		return false
	}
	switch e.mcp {
	case mcpNever:
		return true
	case mcpNotAtLaunch:
		source := e.mapValue(ev.Reason, false)
		return source == "startup" || source == "resume"
	}
	return false
}

var (
	_ runner.JudgeProtocol = (*Protocol)(nil)
	_ runner.Awaiter       = (*Protocol)(nil)
)
