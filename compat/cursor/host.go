package cursor

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// ReadHostEvent reads the payload Cursor gives a converted hook (`hookcompat
// exec --host cursor --protocol P`) into the event the hook's own agent
// would send: Cursor's own fields (cursor_version, workspace_roots,
// conversation_id, …) are left out, so that a script that recognises
// Cursor by cursor_version still behaves as under its own agent. For a
// Claude Code hook (protocol "claude") the Claude fields the native event
// has no place for are filled from Cursor's: SessionStart's model,
// SubagentStart's and SubagentStop's agent_id (subagent_id) and
// agent_transcript_path, PostToolUse's and PostToolUseFailure's
// duration_ms (duration, rounded) and is_interrupt; a Shell result
// ({output, exitCode}) becomes Bash's {stdout, stderr, interrupted,
// isImage}; SessionEnd's reason is prompt_input_exit for a closed window
// and other otherwise. The workspace is Cursor's first workspace root, or
// CURSOR_PROJECT_DIR, or workspace.
func (cursorFormat) ReadHostEvent(data []byte, workspace, protocol string) (runner.Event, error) {
	if dir := os.Getenv("CURSOR_PROJECT_DIR"); dir != "" {
		workspace = dir
	}
	p := NewProtocol(nil)
	ev, s, err := p.FromPayload(data, workspace)
	if err != nil {
		return runner.Event{}, err
	}
	from := ev.Extra
	ev.Extra = nil
	ev.Extra.Set(markerKey, jsonwire.RawString(s.Name))
	if protocol != claudeName {
		return ev, nil
	}
	copyAs := func(from runner.Fields, key, as string) {
		if v, ok := from.Get(key); ok {
			ev.Extra.Set(as, v)
		}
	}
	if s.DurationMS {
		if v, ok := from.Get("duration"); ok {
			if ms, ok := durationMS(v); ok {
				ev.Extra.Set("duration_ms", json.RawMessage(strconv.FormatInt(ms, 10)))
			}
		}
	}
	for _, kv := range s.ClaudeFields {
		copyAs(from, kv[0], kv[1])
	}
	if s.ClaudeReasons != nil {
		reason := "other"
		for _, kv := range s.ClaudeReasons {
			if ev.Reason == kv[0] {
				reason = kv[1]
			}
		}
		ev.Reason = reason
	}
	if ev.Tool == "shell" && len(ev.Result) > 0 {
		if r := gjson.ParseBytes(ev.Result); r.IsObject() && r.Get("output").Exists() {
			o := jsonwire.NewObject(jsonwire.JS)
			o.Str("stdout", r.Get("output").String())
			o.Str("stderr", "")
			o.Bool("interrupted", false)
			o.Bool("isImage", false)
			ev.Result, _ = o.Bytes()
		}
	}
	return ev, nil
}

// WriteReply answers Cursor for a converted hook (cursor §11): always
// one JSON object on stdout and exit status 0 (Cursor blocks a
// permission step whose hook prints nothing or no JSON, and reads exit 2
// as a raw-text block), in the reply schema of the step the payload was
// for. Diagnostics go to stderr.
func (cursorFormat) WriteReply(out *runner.Outcome, ev *runner.Event) (stdout, stderr []byte, exit int) {
	s := genericStep(ev.Name)
	if v, ok := ev.Extra.Get(markerKey); ok {
		if st := stepNamed(gjson.ParseBytes(v).String()); st != nil {
			s = st
		}
	}
	if s == nil {
		return []byte("{}\n"), nil, 0
	}
	return append(NewProtocol(nil).HostReply(s, out), '\n'), nil, 0
}

// HostReply is the Cursor reply of step s that says what out decided
// (cursor §11):
//   - permission steps: a block or deny is {"permission": "deny",
//     "user_message": R} — Cursor shows user_message to the user and
//     gives it to the model (its agent_message is only read when
//     user_message is absent, so R is written once); an ask is a deny
//     too where Cursor cannot ask (preToolUse, subagentStart, the read
//     steps);
//     an allow is {"permission": "allow"}; updated args are
//     updated_input in Cursor's names, context additional_context; no
//     decision is {};
//   - beforeSubmitPrompt: {"continue": false, "user_message": R} for a
//     block, else {"continue": true} (the step has no context field in
//     Cursor's documentation: a context is not written);
//   - sessionStart: additional_context;
//   - stop, subagentStop: a block (a continuation) is
//     {"followup_message": R};
//   - postToolUse, postToolUseFailure: additional_context, with a block's
//     reason after it (Cursor cannot block there); an MCP tool's rewritten
//     result is updated_mcp_tool_output;
//   - preCompact: the system message as user_message;
//   - every other step: {}.
//
// A message R longer than [MaxReplyMessage] bytes is cut there (see
// boundMessage), so a hook's flood of stderr cannot make a reply of the
// same size.
func (p *Protocol) HostReply(s *stepRow, out *runner.Outcome) []byte {
	o := jsonwire.NewObject(jsonwire.JS)
	reason := strings.TrimSpace(out.Reason)
	if reason == "" {
		reason = textDenied
	}
	ctx := strings.TrimSpace(out.AdditionalContext)
	switch {
	case s.Permission:
		switch {
		case out.Decision.Blocks() || (out.Decision == runner.DecisionAsk && s.Ask != askAsks):
			o.Str("permission", "deny")
			o.Str("user_message", boundMessage(reason))
		case out.Decision == runner.DecisionAsk:
			o.Str("permission", "ask")
			o.Str("user_message", boundMessage(reason))
		case out.Decision == runner.DecisionAllow:
			o.Str("permission", "allow")
		}
		if out.UpdatedArgs != nil && s.Honours("updated_input") && !out.Decision.Blocks() {
			o.Raw("updated_input", p.vocab.Args(translate.Native, Dialect, out.Event.Tool, out.UpdatedArgs))
		}
		if ctx != "" && s.Honours("additional_context") {
			o.Str("additional_context", ctx)
		}
	case s.Honours("continue"):
		if out.Decision.Blocks() {
			o.Bool("continue", false)
			o.Str("user_message", boundMessage(reason))
		} else {
			o.Bool("continue", true)
		}
	case s.LoopLimit:
		if out.Decision.Blocks() {
			o.Str("followup_message", reason)
		}
	case s.Honours("additional_context"):
		if s.ReasonAsContext && out.Decision.Blocks() && strings.TrimSpace(out.Reason) != "" {
			ctx = strings.TrimSpace(ctx + "\n\n" + strings.TrimSpace(out.Reason))
		}
		if ctx != "" {
			o.Str("additional_context", ctx)
		}
		if out.UpdatedResult != nil && s.Honours("updated_mcp_tool_output") && isMCP(out.Event.Tool) {
			o.Raw("updated_mcp_tool_output", out.UpdatedResult)
		}
	case s.Notice:
		if m := strings.TrimSpace(out.SystemMessage); m != "" {
			o.Str("user_message", m)
		}
	}
	b, err := o.Bytes()
	if err != nil {
		return []byte("{}")
	}
	return b
}

// MaxReplyMessage bounds the user_message a converted hook's reply gives
// Cursor (64 KiB): a longer reason (a Claude hook's exit-2 stderr can be
// any size) keeps its first bytes, cut on a character boundary, and a
// line saying how many bytes were left out.
const MaxReplyMessage = 64 << 10

// boundMessage is s cut to MaxReplyMessage bytes with the note of what
// was left out.
func boundMessage(s string) string {
	if len(s) <= MaxReplyMessage {
		return s
	}
	cut := MaxReplyMessage - 80 // room for the note
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("\n… (%d more bytes of the hook's message left out by hookcompat)", len(s)-cut)
}
