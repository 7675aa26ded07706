package qwen

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// Rendering is what a Qwen Code session (headless `qwen -p`) makes of an
// outcome: what the model gets and where. Nothing a hook does is shown to
// the user in a headless run.
type Rendering struct {
	// Event is the Qwen Code event.
	Event string `json:"event"`
	// ToolRuns (PreToolUse, PermissionRequest) reports whether the call
	// runs; Asks that a hook asked for a confirmation, which a headless
	// run turns into a refusal.
	ToolRuns *bool `json:"tool_runs,omitempty"`
	Asks     bool  `json:"asks,omitempty"`
	// EffectiveInput is the tool input the call runs with, in Qwen's
	// argument names (PermissionRequest's updatedInput replaces it; a
	// PreToolUse hook cannot change it).
	EffectiveInput json.RawMessage `json:"effective_input,omitempty"`
	// ToolResult is the text of the tool message the model gets: the
	// bare reason of a refused call (PreToolUse, PermissionRequest deny),
	// of a replaced result (PostToolUse continue:false), or the tool's
	// text with the hooks' context appended (PostToolUse,
	// PostToolUseFailure).
	ToolResult *string `json:"tool_result,omitempty"`
	// BatchResult (PostToolBatch) replaces the batch's last call's result;
	// BatchSuffix is appended to it.
	BatchResult *string `json:"batch_result,omitempty"`
	BatchSuffix string  `json:"batch_suffix,omitempty"`
	// Blocked: the prompt is not sent (UserPromptSubmit,
	// UserPromptExpansion) or the todo list is not written (Todo events).
	Blocked bool `json:"blocked,omitempty"`
	// PromptParts (UserPromptSubmit) are user text parts added after the
	// prompt; PromptSuffix (UserPromptExpansion) is appended to the
	// expanded prompt.
	PromptParts  []string `json:"prompt_parts,omitempty"`
	PromptSuffix string   `json:"prompt_suffix,omitempty"`
	// SystemPrompt (SessionStart) is appended to the system prompt.
	SystemPrompt string `json:"system_prompt,omitempty"`
	// Continuation (Stop, SubagentStop) is the user message of the next
	// turn, unless this is the StopCap-th block in a row (then the turn
	// ends anyway).
	Continuation *string `json:"continuation,omitempty"`
	StopCap      int     `json:"stop_cap,omitempty"`
	// TodoResult is the todo_write result of a blocked Todo event.
	TodoResult string `json:"todo_result,omitempty"`
	// ModelText is every text the hooks make reach the model, in order.
	ModelText []string `json:"model_text"`
}

// Render renders out as Qwen Code 0.24.4 (headless) uses it: from the
// merged output of the outcome's Qwen hooks in configured order; hooks of
// other protocols count through the merged native reply.
func (p *Protocol) Render(out *runner.Outcome) Rendering {
	ev := &out.Event
	rd := Rendering{ModelText: []string{}}
	r, outs, ok := p.Own(out)
	if !ok {
		return rd
	}
	rd.Event = r.Name
	stopCap := DefaultStopCap
	for i := range out.Hooks {
		if h := out.Hooks[i].Hook; h != nil && h.EffectiveProtocol() == Name {
			if c, err := strconv.Atoi(h.Options["stop_cap"]); err == nil && c > 0 {
				stopCap = c
			}
		}
	}
	v := verdict(r, ev, mergeOutputs(r, outs))
	if !v.Blocked && out.Decision.Blocks() {
		v.Blocked, v.Reason = true, out.Reason
	}
	esc := func(s string) string { return geminicore.EscapeContext(s) }
	if r.Match == geminicore.MatchTool {
		a := ev.Args
		if len(a) == 0 {
			a = json.RawMessage("{}")
		}
		rd.EffectiveInput = p.Vocab.Args(translate.Native, Dialect, ev.Tool, a)
	}
	str := func(s string) *string { return &s }
	switch r.Block {
	case geminicore.ToolBlocked:
		runs := !v.Blocked
		rd.ToolRuns, rd.Asks = &runs, v.Asks
		if v.Blocked {
			rd.ToolResult = str(v.Reason)
			rd.ModelText = append(rd.ModelText, v.Reason)
		}
	case geminicore.Permission:
		switch {
		case v.Blocked:
			rd.ToolRuns = boolPtr(false)
			rd.ToolResult = str(v.Reason)
			rd.ModelText = append(rd.ModelText, v.Reason)
		case v.Allowed:
			rd.ToolRuns = boolPtr(true)
			if v.UpdatedInput != nil {
				rd.EffectiveInput, _ = jsonwire.JSRoundTrip.Canon(v.UpdatedInput)
			}
		}
	case geminicore.BatchStopped:
		if v.Blocked {
			rd.BatchResult = str(v.Reason)
			rd.ModelText = append(rd.ModelText, v.Reason)
		}
		if v.Context != "" {
			rd.BatchSuffix = "\n\n" + esc(v.Context)
			rd.ModelText = append(rd.ModelText, esc(v.Context))
		}
	case geminicore.NoRequest:
		if v.Blocked {
			rd.Blocked = true
			break
		}
		if v.Context != "" {
			switch r.Context {
			case geminicore.ContextPromptPart:
				part := "<qwen:user-prompt-submit-context>\n" + esc(v.Context) + "\n</qwen:user-prompt-submit-context>"
				rd.PromptParts = append(rd.PromptParts, part)
				rd.ModelText = append(rd.ModelText, part)
			case geminicore.ContextExpansion:
				rd.PromptSuffix = "\n\n" + geminicore.SanitizeExpansion(v.Context)
				rd.ModelText = append(rd.ModelText, geminicore.SanitizeExpansion(v.Context))
			}
		}
	case geminicore.Continuation:
		rd.StopCap = stopCap
		if v.Blocked {
			rd.Continuation = str(v.Reason)
			rd.ModelText = append(rd.ModelText, v.Reason)
		}
	case geminicore.TodoBlocked:
		if v.Blocked {
			rd.Blocked = true
			what, hook := r.Operation, r.Name
			reason := v.Reason
			if reason == "" {
				reason = "Hook blocked todo " + what
			}
			rd.TodoResult = "Todo " + what + " blocked: " + reason + "\n\n<system-reminder>\nTodo list was not modified because a " + hook + " hook blocked the operation: " + reason + "\n</system-reminder>"
			rd.ModelText = append(rd.ModelText, rd.TodoResult)
		}
	default: // Ignored: PostToolUse, PostToolUseFailure and the observe-only events
		switch {
		case v.Blocked && r.Stop == geminicore.ResultReplaced:
			text := v.Reason
			if v.Context != "" {
				text += "\n\n" + esc(v.Context)
			}
			rd.ToolResult = str(text)
			rd.ModelText = append(rd.ModelText, text)
		case r.Context == geminicore.ContextToolResult:
			base := ev.Error
			if r.HasField("tool_response") {
				base = llmText(ev.Result)
			}
			if v.Context != "" {
				rd.ToolResult = str(base + "\n\n" + esc(v.Context))
				rd.ModelText = append(rd.ModelText, esc(v.Context))
			} else if base != "" {
				rd.ToolResult = str(base)
			}
		case r.Context == geminicore.ContextSystemPrompt && v.Context != "":
			rd.SystemPrompt = "\n\n<qwen:session-start-context hidden=\"true\">\nSessionStart additional context:\n" + esc(v.Context) + "\n</qwen:session-start-context>"
			rd.ModelText = append(rd.ModelText, rd.SystemPrompt)
		case r.Context == geminicore.ContextSubagent && v.Context != "":
			rd.ModelText = append(rd.ModelText, v.Context)
		}
	}
	return rd
}

func boolPtr(b bool) *bool { return &b }

// llmText is a tool_response's llmContent as text (a string, or the text
// parts of a list).
func llmText(result json.RawMessage) string {
	c := gjson.GetBytes(result, "llmContent")
	if c.Type == gjson.String {
		return c.Str
	}
	var parts []string
	for _, p := range c.Array() {
		if t := p.Get("text"); t.Exists() {
			parts = append(parts, t.String())
		}
	}
	return strings.Join(parts, "")
}

// ModelView is what Qwen Code 0.24.4 shows the model for the Qwen hooks
// of out, merged by Qwen's rules (the [Rendering] of those hooks alone; a
// decision of another protocol's hook is not Qwen's text):
//   - a refused call (PreToolUse deny or ask, PermissionRequest deny) or
//     a result replaced by continue:false (PostToolUse) is the bare
//     reason as the call's result (tool_result), a refused todo_write its
//     "Todo … blocked" result;
//   - PostToolUse and PostToolUseFailure context is appended to the
//     result (tool_result_tail), PostToolBatch's to the batch's last result
//     (batch_tail), which its block replaces;
//   - UserPromptSubmit context is one more user text part, a slash
//     command's context is appended to the expanded prompt
//     (first_message); SessionStart context goes to the system prompt
//     (Qwen's own placement "system_prompt"), SubagentStart context to
//     the subagent's task (subagent_first);
//   - a Stop or SubagentStop block continues with the bare reason
//     (continuation) unless it is the cap-th in a row.
//
// A headless run shows the user nothing; every text is delivered now.
func (f qwenFormat) ModelView(out *runner.Outcome, vocab *translate.Vocabulary) []format.ModelText {
	p := NewProtocol(vocab)
	own := p.OwnOutcome(out)
	if own == nil {
		return nil
	}
	r, _ := agent.ForNative(out.Event.Name)
	rd := p.Render(own)
	hooks := geminicore.HookCommands(own)
	var texts []format.ModelText
	add := func(kind, text, placement string) {
		texts = append(texts, format.ModelText{Protocol: Name, Kind: kind, Text: text, Placement: placement, Delivery: format.DeliveryNow, Hooks: hooks})
	}
	switch {
	case rd.ToolRuns != nil && !*rd.ToolRuns && rd.ToolResult != nil:
		add("tool_result", *rd.ToolResult, "tool_result")
	case r.Block == geminicore.BatchStopped:
		if rd.BatchResult != nil {
			add("tool_result", *rd.BatchResult, "tool_result")
		}
		if rd.BatchSuffix != "" {
			add("context", strings.TrimPrefix(rd.BatchSuffix, "\n\n"), "batch_tail")
		}
	case r.Block == geminicore.TodoBlocked:
		if rd.TodoResult != "" {
			add("tool_result", rd.TodoResult, "tool_result")
		}
	case r.Stop == geminicore.ResultReplaced && rd.ToolResult != nil && len(rd.ModelText) == 1 && rd.ModelText[0] == *rd.ToolResult:
		// continue:false: the reason (and the context) instead of the
		// result.
		add("tool_result", *rd.ToolResult, "tool_result")
	case r.Context == geminicore.ContextToolResult:
		for _, t := range rd.ModelText {
			add("context", t, "tool_result_tail")
		}
	case r.Block == geminicore.Continuation:
		if rd.Continuation != nil {
			add("prompt", *rd.Continuation, "continuation")
		}
	case r.Context == geminicore.ContextPromptPart:
		for _, part := range rd.PromptParts {
			add("context", part, "first_message")
		}
	case r.Context == geminicore.ContextExpansion:
		if rd.PromptSuffix != "" {
			add("context", strings.TrimPrefix(rd.PromptSuffix, "\n\n"), "first_message")
		}
	case r.Context == geminicore.ContextSystemPrompt:
		if rd.SystemPrompt != "" {
			add("context", strings.TrimPrefix(rd.SystemPrompt, "\n\n"), "system_prompt")
		}
	case r.Context == geminicore.ContextSubagent:
		for _, t := range rd.ModelText {
			add("context", t, "subagent_first")
		}
	}
	return texts
}
