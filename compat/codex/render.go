package codex

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// RenderVersion is the Codex CLI version whose model-visible texts
// [Protocol.Render] reproduces.
const RenderVersion = "0.169.0"

// Placements of a model-visible item (codex §3.3–§3.6).
const (
	PlaceBeforeOutput  = "before_output"  // developer messages before the call's output item
	PlaceOutput        = "output"         // the call's output item (function_call_output / custom_tool_call_output)
	PlaceBeforePrompt  = "before_prompt"  // SessionStart: after <environment_context>, before the user prompt
	PlaceAfterSummary  = "after_summary"  // SessionStart after a compaction: after the summary message
	PlaceAfterPrompt   = "after_prompt"   // UserPromptSubmit: right after the user prompt
	PlaceSubagentFirst = "subagent_first" // SubagentStart: in the subagent's first request, before its prompt
	PlaceNextRequest   = "next_request"   // Stop/SubagentStop: the new input of the continuation request
)

// Rendering is what Codex 0.169.0 makes of an outcome: whether the tool
// runs and with which input, and every item the hooks add to the model's
// input, in order, with where it lands.
type Rendering struct {
	// ToolRuns reports, on PreToolUse and PermissionRequest, whether the
	// call goes on as far as the hooks decide (nil: a PermissionRequest
	// without a decision goes to Codex's own approval).
	ToolRuns *bool `json:"tool_runs,omitempty"`
	// EffectiveInput is the tool_input the call runs with (Codex's form,
	// after a rewrite); nil when the event has no tool.
	EffectiveInput json.RawMessage `json:"effective_input,omitempty"`
	// Items are the model-visible items, as Codex sends them in the
	// Responses API input, each with its Placement.
	Items []Item `json:"items"`
	// PromptDropped: UserPromptSubmit dropped the prompt — no model
	// request at all, nothing reaches the model.
	PromptDropped bool `json:"prompt_dropped,omitempty"`
	// SessionEnds: SessionStart's continue:false ends the session before
	// any model request.
	SessionEnds bool `json:"session_ends,omitempty"`
	// Continues: Stop or SubagentStop sends the agent on (another model
	// request whose new input is the hook_prompt message).
	Continues bool `json:"continues,omitempty"`
	// Statuses are Codex's per-hook status words in display order
	// ("Completed", "Blocked", "Stopped", "Failed"; text mode prints them
	// as "hook: <Event> <Status>"), one per Codex hook that ran: a hook
	// the engine skipped (an earlier group blocked) or deduplicated has
	// none.
	Statuses []string `json:"statuses"`
}

// Item is one model input item.
type Item struct {
	Placement string    `json:"placement"`
	Type      string    `json:"type"`
	Role      string    `json:"role,omitempty"`
	Content   []Content `json:"content,omitempty"`
	CallID    string    `json:"call_id,omitempty"`
	Output    *string   `json:"output,omitempty"`

	// hooks are the commands of the hooks the item comes from (per
	// content part for a hook prompt message), for the model view.
	hooks [][]string
}

// Content is one input_text part of a message.
type Content struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

func developer(place, text string) Item {
	return Item{Placement: place, Type: "message", Role: "developer", Content: []Content{{Type: "input_text", Text: text}}}
}

// Render renders out as Codex 0.169.0 shows it to the model, hook by hook
// in display order from each Codex hook's own reply (hooks of other
// protocols count through the merged decision and input only). Texts
// above the hook's budget are spilled (spill) into
// $TMPDIR/hook_outputs/<session>/<uuid>.txt, which is written.
func (p *Protocol) Render(out *runner.Outcome) Rendering {
	r := Rendering{Items: []Item{}, Statuses: []string{}}
	ev := &out.Event
	row, ok := rowFor(ev.Name)
	if !ok {
		return r
	}
	type hr struct {
		h   *settings.Hook
		d   *Detail
		r   *runner.HookReply
		cmd string
	}
	var hooks []hr
	for i := range out.Hooks {
		t := &out.Hooks[i]
		if t.Hook == nil || t.Hook.EffectiveProtocol() != Name {
			continue
		}
		if t.Reply.Outcome == runner.OutcomeSkipped || t.Reply.Outcome == runner.OutcomeDeduplicated {
			continue // it did not run: Codex would have shown no status
		}
		d, _ := t.Reply.Detail.(*Detail)
		if d == nil {
			d = &Detail{Status: StatusFailed}
			if t.Reply.Outcome == runner.OutcomeDetached || t.Reply.Outcome == runner.OutcomeSuccess {
				d.Status = StatusCompleted
			}
		}
		if d.Limit == 0 {
			d.Limit = contextLimit(t.Hook)
		}
		hooks = append(hooks, hr{t.Hook, d, &t.Reply, t.Command})
		r.Statuses = append(r.Statuses, string(d.Status))
	}
	spill := func(h hr, text string) string { return spillText(text, h.d.Limit, ev.SessionID) }
	contexts := func(place string) {
		for _, h := range hooks {
			if h.d.HasContext && h.d.Status != StatusFailed {
				it := developer(place, spill(h, h.d.Context))
				it.hooks = [][]string{{h.cmd}}
				r.Items = append(r.Items, it)
			}
		}
	}
	// by lists the commands of the hooks whose Detail says yes.
	by := func(yes func(d *Detail) bool) []string {
		var out []string
		for _, h := range hooks {
			if yes(h.d) {
				out = append(out, h.cmd)
			}
		}
		return out
	}
	codexTool := p.codexToolName(ev.Tool)
	outputType := "function_call_output"
	if codexTool == "apply_patch" {
		outputType = "custom_tool_call_output"
	}
	output := func(text string, from []string) {
		t := truncateOutput(text)
		r.Items = append(r.Items, Item{Placement: PlaceOutput, Type: outputType, CallID: ev.ToolCallID, Output: &t, hooks: [][]string{from}})
	}
	if row.Match == matchTool {
		if in, err := p.codexInput(ev, row); err == nil {
			r.EffectiveInput = in
		}
	}
	switch row.Reply {
	case replyGate:
		contexts(row.Place)
		runs := !out.Decision.Blocks()
		r.ToolRuns = &runs
		if runs {
			break
		}
		if out.Reason == outputT3 {
			output(outputT3, by(func(d *Detail) bool { return d.BadRewrite }))
			break
		}
		// The call's own command: a block keeps the model's input.
		blockers := by(func(d *Detail) bool { return d.Block != "" })
		if codexTool == "Bash" || codexTool == "apply_patch" {
			output(fmt.Sprintf("Command blocked by %s hook: %s. Command: %s", row.Codex, out.Reason, originalCommand(p, ev, row)), blockers)
		} else {
			output(fmt.Sprintf("Tool call blocked by %s hook: %s. Tool: %s", row.Codex, out.Reason, codexTool), blockers)
		}
	case replyApproval:
		switch out.Decision {
		case runner.DecisionDeny:
			f := false
			r.ToolRuns = &f
			output(permissionRejected(codexTool, out.Reason), by(func(d *Detail) bool { return d.Permission == "deny" }))
		case runner.DecisionAllow:
			t := true
			r.ToolRuns = &t
		}
	case replyFeedback:
		contexts(row.Place)
		var fb []string
		for _, h := range hooks {
			if h.d.HasFeedback {
				fb = append(fb, spill(h, h.d.Feedback))
			}
		}
		if len(fb) > 0 {
			output(strings.Join(fb, "\n\n"), by(func(d *Detail) bool { return d.HasFeedback }))
		}
	case replyDrop:
		if out.Decision.Blocks() || (out.Continue != nil && !*out.Continue) {
			r.PromptDropped = true
			break
		}
		contexts(row.Place)
	case replyStart:
		if row.EndsSession && out.Continue != nil && !*out.Continue {
			r.SessionEnds = true
			break
		}
		place := row.Place
		if ev.Reason == "compact" && row.PlaceAfterCompact != "" {
			place = row.PlaceAfterCompact
		}
		contexts(place)
	case replyContinue:
		if out.Continue != nil && !*out.Continue {
			break
		}
		var parts []Content
		var from [][]string
		for _, h := range hooks {
			if !h.d.HasPrompt {
				continue
			}
			parts = append(parts, Content{Type: "input_text", Text: fmt.Sprintf(`<hook_prompt hook_run_id="%s">%s</hook_prompt>`,
				hookRunID(h.h, row), xmlEscape(spill(h, h.d.Prompt)))})
			from = append(from, []string{h.cmd})
		}
		if len(parts) > 0 {
			r.Continues = true
			r.Items = append(r.Items, Item{Placement: PlaceNextRequest, Type: "message", Role: "user", Content: parts, hooks: from})
		}
	}
	return r
}

// originalCommand is tool_input.command of the call as the model made it
// (a block shows the original command, not a rewrite).
func originalCommand(p *Protocol, ev *runner.Event, row *eventRow) string {
	in, err := p.codexInput(ev, row)
	if err != nil {
		return ""
	}
	var c struct {
		Command string `json:"command"`
	}
	_ = json.Unmarshal(in, &c)
	return c.Command
}

// hookRunID is the hook_run_id Codex gives a handler in a hook prompt:
// "<event-kebab>:<display index>:<source path>" (codex §3.6 T7).
func hookRunID(h *settings.Hook, row *eventRow) string {
	idx := h.Source.Ordinal - 1
	if idx < 0 {
		idx = 0
	}
	return fmt.Sprintf("%s:%d:%s", row.Kebab, idx, h.Source.File)
}

// xmlEscape escapes &, < and > (quotes stay, codex §3.6).
func xmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// permissionRejected is T4 (codex §3.4): Rust's Debug of the rejection,
// applied twice, for exec_command. Other tools' rejections were not
// recorded; they use the same form with the tool's name.
func permissionRejected(tool, message string) string {
	name := "exec_command"
	if tool != "Bash" {
		name = tool
	}
	inner := "Rejected(" + rustDebug(message) + ")"
	return name + " failed: CreateProcess { message: " + rustDebug(inner) + " }"
}

// rustDebug is Rust's Debug of a str: quoted, with \", \\, \0, \t, \r, \n
// and non-printable characters (controls, format characters, line and
// paragraph separators, private use, unassigned) escaped as \u{..}.
func rustDebug(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range s {
		switch c {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case 0:
			b.WriteString(`\0`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		case '\n':
			b.WriteString(`\n`)
		default:
			if !printable(c) {
				fmt.Fprintf(&b, `\u{%x}`, c)
			} else {
				b.WriteRune(c)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

// spillText applies Codex's budget to one model-visible hook text (codex
// §3.9): a text of at most limit tokens (tokens = ceil(bytes/4)) is
// unchanged; a longer one is written whole to
// $TMPDIR/hook_outputs/<session>/<uuid>.txt and replaced by Codex's
// preview: "Warning: truncated output (original token count: N)\nTotal
// output lines: L\n\n<head>…R tokens truncated…<tail>\n\nFull hook output
// saved to: <path>", head and tail sized so that the preview with the
// footer fits the budget.
func spillText(text string, limit int, session string) string {
	if limit <= 0 {
		limit = defaultContextLimit
	}
	if tokens(len(text)) <= limit {
		return text
	}
	dir := filepath.Join(os.TempDir(), "hook_outputs", session)
	path := filepath.Join(dir, newUUID()+".txt")
	if err := os.MkdirAll(dir, 0o700); err == nil {
		_ = os.WriteFile(path, []byte(text), 0o600)
	}
	footer := "\n\nFull hook output saved to: " + path
	budget := limit - tokens(len(footer))
	if budget < 0 {
		budget = 0
	}
	return formattedTruncate(text, budget) + footer
}

func tokens(n int) int { return (n + 3) / 4 }

// outputTokens is the budget of a call's output item as the model gets
// it: exec_command's 10 000 tokens with Codex's 20 % serialization
// allowance. A longer output keeps its first and last 24 000 bytes.
const outputTokens = 12000

func truncateOutput(text string) string {
	if len(text) <= outputTokens*4 {
		return text
	}
	return truncateMiddle(text, outputTokens*4)
}

// formattedTruncate is Codex's formatted_truncate_text with a token
// budget.
func formattedTruncate(text string, budget int) string {
	maxBytes := budget * 4
	if len(text) <= maxBytes {
		return text
	}
	lines := strings.Count(text, "\n")
	if !strings.HasSuffix(text, "\n") && text != "" {
		lines++
	}
	return fmt.Sprintf("Warning: truncated output (original token count: %d)\nTotal output lines: %d\n\n%s",
		tokens(len(text)), lines, truncateMiddle(text, maxBytes))
}

// truncateMiddle keeps the first ⌊B/2⌋ and the last ⌈B/2⌉ bytes (on
// character boundaries) and marks the removed tokens between them.
func truncateMiddle(text string, maxBytes int) string {
	if maxBytes == 0 {
		return fmt.Sprintf("…%d tokens truncated…", tokens(len(text)))
	}
	left := maxBytes / 2
	right := maxBytes - left
	prefixEnd := left
	for prefixEnd > 0 && !charBoundary(text, prefixEnd) {
		prefixEnd--
	}
	suffixStart := len(text) - right
	if suffixStart < 0 {
		suffixStart = 0
	}
	for suffixStart < len(text) && !charBoundary(text, suffixStart) {
		suffixStart++
	}
	if suffixStart < prefixEnd {
		suffixStart = prefixEnd
	}
	removed := tokens(len(text) - maxBytes)
	return fmt.Sprintf("%s…%d tokens truncated…%s", text[:prefixEnd], removed, text[suffixStart:])
}

func charBoundary(s string, i int) bool {
	return i == 0 || i >= len(s) || s[i]&0xC0 != 0x80
}

// printable approximates Rust's char::is_printable for Debug: controls,
// format characters, line and paragraph separators, private use and
// unassigned code points are escaped.
func printable(c rune) bool {
	switch {
	case unicode.In(c, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp, unicode.Co, unicode.Cs):
		return false
	case unicode.In(c, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Zs):
		return true
	}
	return false
}

func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = (b[6] & 0x0f) | 0x40
	b[8] = (b[8] & 0x3f) | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
