package codex

import (
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// ModelView is what Codex 0.169.0 shows the model for the Codex hooks of
// out, combined as Codex combines them ([Protocol.Combine]) and rendered
// as [Protocol.Render] renders them, each item as a format.ModelText in
// Codex's order and with Codex's placement words:
//   - the call's output item (placement "output"): a blocked call's
//     "Command blocked by PreToolUse hook: <reason>. Command: <command>"
//     (other tools: "Tool call blocked by PreToolUse hook: …"), T3, a
//     denied approval's "exec_command failed: CreateProcess { … }" (kind
//     "tool_result"), or the PostToolUse feedback that replaces the
//     tool's output (kind "feedback");
//   - each hook's developer context (kind "context"): "before_output"
//     on tool events, "before_prompt" or "after_summary" on
//     SessionStart, "after_prompt" on UserPromptSubmit, "subagent_first"
//     on SubagentStart;
//   - each Stop or SubagentStop hook's <hook_prompt …> part of the
//     continuation's user message (kind "prompt", "next_request").
//
// A dropped prompt and an ended session show nothing (Codex sends no
// request; the reason is not shown). Codex never reads an async hook's
// reply, so every text is delivered now. Hooks of other protocols count
// only through the event they saw.
func (codexFormat) ModelView(out *runner.Outcome, vocab *translate.Vocabulary) []format.ModelText {
	own := ownOutcome(out, vocab)
	if own == nil {
		return nil
	}
	row, _ := rowFor(out.Event.Name)
	var texts []format.ModelText
	add := func(kind, text, placement string, hooks []string) {
		texts = append(texts, format.ModelText{Protocol: Name, Kind: kind, Text: text,
			Placement: placement, Delivery: format.DeliveryNow, Hooks: hooks})
	}
	for _, it := range NewProtocol(vocab).Render(own).Items {
		var from []string
		if len(it.hooks) > 0 {
			from = it.hooks[0]
		}
		switch {
		case it.Output != nil:
			kind := "tool_result"
			if row.Reply == replyFeedback {
				kind = "feedback"
			}
			add(kind, *it.Output, it.Placement, from)
		case it.Role == "developer":
			for _, c := range it.Content {
				add("context", c.Text, it.Placement, from)
			}
		default:
			for i, c := range it.Content {
				var hooks []string
				if i < len(it.hooks) {
					hooks = it.hooks[i]
				}
				add("prompt", c.Text, it.Placement, hooks)
			}
		}
	}
	return texts
}

// ownOutcome is out with only its Codex hooks, their replies combined
// by Codex's rules (a block of another protocol's hook is not Codex's
// text), or nil when no Codex hook ran.
func ownOutcome(out *runner.Outcome, vocab *translate.Vocabulary) *runner.Outcome {
	own := &runner.Outcome{Event: out.Event}
	var replies []runner.HookReply
	for _, t := range out.Hooks {
		if t.Hook == nil || t.Hook.EffectiveProtocol() != Name {
			continue
		}
		own.Hooks = append(own.Hooks, t)
		if t.Reply.Outcome.Ran() {
			replies = append(replies, t.Reply)
		}
	}
	if len(replies) == 0 {
		return nil
	}
	own.Reply = NewProtocol(vocab).Combine(&out.Event, replies)
	return own
}

// Awaits reports whether Codex waits for its hooks of native event e and
// applies their replies before it goes on: on every event whose replies
// decide something (the event table's reply kind) — PreToolUse and
// PermissionRequest decide the call, a PostToolUse block replaces the
// tool's output before the model sees it, UserPromptSubmit can drop the
// prompt, SessionStart and SubagentStart add context and can stop, Stop
// and SubagentStop can continue. Hooks of the events whose replies Codex
// never applies (model requests, compaction, SessionEnd, Interrupt) may
// be queued. A Codex hook on an event Codex does not have is awaited.
func (*Protocol) Awaits(e settings.Event) bool {
	row, ok := rowFor(e)
	return !ok || row.Reply != replyNone
}

var (
	_ format.ModelViewer = codexFormat{}
	_ runner.Awaiter     = (*Protocol)(nil)
)
