package gen

import (
	"strconv"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/conformance"
)

// Placements of Gemini CLI and Qwen Code texts in the kit (README,
// "Comparison").
const (
	gemFunctionResponse = "function_response" // Gemini: the call's functionResponse is the text
	gemOutputTail       = "output_tail"       // Gemini: appended to the call's output
	gemPromptPrefix     = "prompt_prefix"     // Gemini: before the prompt, in its text part
	gemPromptPart       = "prompt_part"       // a text part after the prompt
	gemNextRequest      = "next_request"      // the user message of a new request that continues the turn
	qwenToolResult      = "tool_result"       // Qwen: the call's tool message is the text
	qwenToolResultTail  = "tool_result_tail"  // Qwen: appended to the call's tool message
	qwenPromptTail      = "prompt_tail"       // Qwen: appended to the expanded prompt
)

// geminiNote is what Gemini CLI appends to a call's output when a hook
// changed its input.
const geminiNote = "[System] Tool input parameters were modified by a hook before execution."

// prepareCalls matches every tool event with its recorded call, in the
// order the events fired.
func (g *gemRec) prepareCalls() {
	for _, o := range g.occs {
		switch o.event {
		case "BeforeTool":
			o.call = g.callFor(o, "BeforeTool", "")
		case "AfterTool":
			if !o.get("original_request_name").Exists() { // a tail call's result replaces the original's
				o.call = g.callFor(o, "AfterTool", "BeforeTool")
			}
		case "PermissionRequest":
			o.call = g.callFor(o, "PermissionRequest", "")
		case "PreToolUse":
			o.call = g.callFor(o, "PreToolUse", "PermissionRequest")
		case "PostToolUse", "PostToolUseFailure":
			o.call = g.callFor(o, "PostToolUse", "PreToolUse")
		}
	}
}

// stoppedAt reports whether Gemini CLI stopped the agent at call i (a
// hook's continue:false: the stream's tool_result error stop_execution).
func (g *gemRec) stoppedAt(i int) bool {
	tc := g.obs.Get("tool_calls." + itoa(i))
	id := tc.Get("name").String() + "__" + tc.Get("call_id").String()
	for _, e := range g.obs.Get("stream_events").Array() {
		if e.Get("type").String() == "tool_result" && e.Get("error.type").String() == "stop_execution" && e.Get("tool_id").String() == id {
			return true
		}
	}
	return false
}

func itoa(i int) string { return strconv.Itoa(i) }

// cut reports whether the run was killed before it ended (its last
// events are not all recorded).
func (g *gemRec) cut() bool {
	return g.obs.Get("exit_code").Int() == 124 || g.obs.Get("timed_out").Bool()
}

// warnings are the CLI's stream warnings (and stderr lines).
func (g *gemRec) warned(prefix string) string {
	for _, e := range g.obs.Get("stream_events").Array() {
		if e.Get("type").String() == "error" && strings.HasPrefix(e.Get("message").String(), prefix) {
			return g.sub(e.Get("message").String())
		}
	}
	for _, l := range g.obs.Get("stderr_lines").Array() {
		if m := strings.TrimPrefix(l.String(), "[WARNING] "); strings.HasPrefix(m, prefix) {
			return g.sub(m)
		}
	}
	return ""
}

func (g *gemRec) firstPrompt() string { return orString(g.c.String("prompt"), "do it") }

// turnWith is the first model request one of whose user texts is text
// (or, with prefix, begins with it), and the text's index; -1 when none.
func (g *gemRec) turnWith(text string, prefix bool) (int, int) {
	for ti, ts := range g.turnTexts {
		for j, t := range ts {
			if g.sub(t) == text || (prefix && strings.HasPrefix(g.sub(t), text)) {
				return ti, j
			}
		}
	}
	return -1, -1
}

// continuation is the turn-continuing user text of the k-th occurrence
// of a stop event (AfterAgent, Stop) that went on, and whether it went on;
// ok is false when the recording cannot tell.
func (g *gemRec) continuation(o *gemOcc) (cont bool, text string, ok bool) {
	var stops []*gemOcc
	for _, x := range g.occs {
		if x.event == o.event && !x.synth {
			stops = append(stops, x)
		}
	}
	k := -1
	for i, x := range stops {
		if x == o {
			k = i
		}
	}
	if k < 0 {
		return false, "", false
	}
	if k+1 == len(stops) {
		if g.cut() {
			return false, "", false
		}
		return false, "", true
	}
	if !stops[k+1].get("stop_hook_active").Bool() {
		return false, "", true
	}
	finals := g.finalTurns()
	if k >= len(finals) || finals[k]+1 >= len(g.turnTexts) {
		return true, "", false
	}
	ts := g.turnTexts[finals[k]+1]
	if len(ts) == 0 {
		return true, "", false
	}
	return true, g.sub(ts[len(ts)-1]), true
}

// geminiEffects sets what the recording shows a Gemini CLI event did.
func (g *gemRec) geminiEffects(o *gemOcc, cs *conformance.Case) {
	omit := func(f, why string) { cs.Omitted[f] = why }
	switch o.event {
	case "BeforeTool":
		if o.synth {
			cs.Expect.Texts = texts("")
			break
		}
		i := o.call
		if i < 0 {
			omit("texts", "the payload's call is none the model made")
			omit("tool_runs", "the payload's call is none the model made")
			break
		}
		after := g.ranAfter(i, "AfterTool")
		out, sent := g.output(i)
		if g.stoppedAt(i) {
			if after == nil {
				cs.Expect.ToolRuns, cs.Expect.Stops, cs.Expect.Texts = ptr(false), ptr("stopped"), texts("")
			} else {
				cs.Expect.ToolRuns = ptr(true)
			}
			break
		}
		if !sent {
			why := "the call's output is not recorded"
			if g.cut() {
				why = "Gemini CLI waited (for a confirmation) until it was killed"
			}
			omit("tool_runs", why)
			omit("texts", why)
			break
		}
		cs.Expect.Stops = ptr("")
		res := gjson.Parse(out)
		if e := res.Get("error"); e.Exists() && (strings.HasPrefix(e.String(), "Tool execution blocked: ") || strings.HasPrefix(e.String(), "Tool parameter modification by hook failed validation: ")) {
			cs.Expect.ToolRuns = ptr(false)
			cs.Expect.Texts = texts(gemFunctionResponse, g.sub(e.String()))
			break
		}
		cs.Expect.ToolRuns = ptr(true)
		noted := strings.HasSuffix(res.Get("output").String(), "\n\n"+geminiNote)
		if noted {
			cs.Expect.Texts = texts(gemOutputTail, geminiNote)
		} else {
			cs.Expect.Texts = texts("")
		}
		switch {
		case after != nil:
			cs.Expect.ToolInput = []byte(after.get("tool_input").Raw)
		case !noted:
			cs.Expect.ToolInput = []byte(o.get("tool_input").Raw)
		default:
			omit("tool_input", "no AfterTool hook of the call shows the input a hook gave it")
		}
	case "AfterTool":
		i := o.call
		if i < 0 {
			omit("texts", "a tail call's result replaces the call's, or the call is none the model made")
			break
		}
		if g.stoppedAt(i) {
			cs.Expect.Stops, cs.Expect.Texts = ptr("stopped"), texts("")
			break
		}
		out, sent := g.output(i)
		if !sent {
			omit("texts", "the call's output is not recorded")
			break
		}
		cs.Expect.Stops = ptr("")
		res := gjson.Parse(out)
		if e := res.Get("error"); e.Exists() {
			cs.Expect.Texts = texts(gemFunctionResponse, g.sub(e.String()))
			break
		}
		s := strings.TrimSuffix(g.sub(res.Get("output").String()), "\n\n"+geminiNote)
		own := o.get("tool_response.llmContent")
		if own.Type != gjson.String || !strings.HasPrefix(s, own.String()) {
			omit("texts", "the output the model got is not the tool's with the hooks' context")
			break
		}
		if rest := strings.TrimSpace(s[len(own.String()):]); rest != "" {
			cs.Expect.Texts = texts(gemOutputTail, rest)
		} else {
			cs.Expect.Texts = texts("")
		}
	case "BeforeAgent":
		prompt := o.get("prompt").String()
		turn, k := g.turnWith(prompt, false)
		switch {
		case turn >= 0:
			cs.Expect.PromptBlocked, cs.Expect.Stops = ptr(false), ptr("")
			var parts []string
			for _, t := range g.turnTexts[turn][k+1:] {
				if strings.HasPrefix(t, "<hook_context>") {
					parts = append(parts, g.sub(t))
				}
			}
			cs.Expect.Texts = texts(gemPromptPart, parts...)
		case len(g.turnTexts) > 0 || g.hasModelEvents() || g.obs.Get("exit_code").Int() != 0:
			omit("prompt_blocked", "the prompt is in no request, but the run made other requests or did not end cleanly")
			omit("texts", "the prompt is in no request")
		default:
			cs.Expect.PromptBlocked, cs.Expect.Texts = ptr(true), texts("")
			if w := g.warned("Agent execution blocked: "); w != "" {
				cs.Expect.UserText, cs.Expect.Stops = ptr(w), ptr("")
			} else {
				cs.Expect.Stops = ptr("stopped")
			}
		}
	case "SessionStart":
		if o.get("source").String() != "startup" {
			omit("texts", "only a startup SessionStart's context is attributed")
			break
		}
		first := g.firstPrompt()
		found := false
		for _, ts := range g.turnTexts {
			for _, t := range ts {
				if t = g.sub(t); !found && strings.HasSuffix(t, first) {
					found = true
					cs.Expect.Texts = g.prefixText(strings.TrimSuffix(t, first))
				}
			}
		}
		if !found {
			for _, x := range g.occs {
				if p := x.get("prompt").String(); x.event == "BeforeAgent" && strings.HasSuffix(p, first) {
					found = true
					cs.Expect.Texts = g.prefixText(strings.TrimSuffix(p, first))
					break
				}
			}
		}
		if !found {
			omit("texts", "the first prompt is in no request")
		}
	case "AfterAgent":
		g.stopEffects(o, cs)
	case "BeforeModel", "AfterModel", "BeforeToolSelection":
		omit("texts", "what a model event's hooks change (the request, the response, the tool config) is not a text the kit compares")
	default:
		cs.Expect.Texts = texts("")
	}
}

// stopEffects sets whether a stop event (AfterAgent, Stop) continued the
// turn and the continuation's text.
func (g *gemRec) stopEffects(o *gemOcc, cs *conformance.Case) {
	cont, text, ok := g.continuation(o)
	if !ok && text == "" && !cont {
		cs.Omitted["continues"] = "the run was killed before another turn could start"
		cs.Omitted["texts"] = "the run was killed before another turn could start"
		return
	}
	cs.Expect.Continues = ptr(cont)
	switch {
	case !cont:
		cs.Expect.Texts = texts("")
	case ok:
		cs.Expect.Texts = texts(gemNextRequest, text)
	default:
		cs.Omitted["texts"] = "the continued turn's request is not recorded"
	}
}

func (g *gemRec) prefixText(prefix string) *[]conformance.Text {
	if p := strings.TrimSpace(prefix); p != "" {
		return texts(gemPromptPrefix, p)
	}
	return texts("")
}

func (g *gemRec) hasModelEvents() bool {
	for _, o := range g.occs {
		if o.event == "BeforeModel" || o.event == "AfterModel" || o.event == "BeforeToolSelection" {
			return true
		}
	}
	return false
}

// qwenEffects sets what the recording shows a Qwen Code event did.
func (g *gemRec) qwenEffects(o *gemOcc, cs *conformance.Case) {
	omit := func(f, why string) { cs.Omitted[f] = why }
	switch o.event {
	case "PreToolUse", "PermissionRequest":
		i := o.call
		if i < 0 {
			omit("tool_runs", "the payload's call is none the model made")
			omit("texts", "the payload's call is none the model made")
			break
		}
		out, sent := g.output(i)
		if !sent {
			omit("tool_runs", "the call's output is not recorded")
			omit("texts", "the call's output is not recorded")
			break
		}
		if o.event == "PreToolUse" && g.ranAfter(i, "PermissionRequest") != nil {
			// The PermissionRequest event that followed decided the call;
			// the PreToolUse hooks let it through to it.
			cs.Expect.ToolRuns, cs.Expect.Texts = ptr(true), texts("")
			break
		}
		refused := g.refused(i, out)
		cs.Expect.ToolRuns = ptr(!refused)
		if refused {
			cs.Expect.Texts = texts(qwenToolResult, g.sub(out))
		} else {
			cs.Expect.Texts = texts("")
			if post := g.ranAfter(i, "PostToolUse", "PostToolUseFailure"); post != nil {
				cs.Expect.ToolInput = []byte(post.get("tool_input").Raw)
			}
		}
	case "PostToolUse", "PostToolUseFailure":
		i := o.call
		out, sent := "", false
		if i >= 0 {
			out, sent = g.output(i)
		}
		if !sent {
			omit("texts", "the call's output is not recorded")
			break
		}
		out = g.sub(out)
		own := o.get("tool_response.llmContent")
		if o.event == "PostToolUseFailure" {
			own = o.get("error")
		}
		switch {
		case own.Type != gjson.String:
			omit("texts", "the tool's own output is not in the payload")
		case strings.HasPrefix(out, own.String()):
			if rest := strings.TrimSpace(out[len(own.String()):]); rest != "" {
				cs.Expect.Texts = texts(qwenToolResultTail, rest)
			} else {
				cs.Expect.Texts = texts("")
			}
		default:
			cs.Expect.Texts = texts(qwenToolResult, out)
		}
	case "UserPromptSubmit":
		prompt := o.get("prompt").String()
		turn, k := g.turnWith(prompt, false)
		switch {
		case turn >= 0:
			cs.Expect.PromptBlocked = ptr(false)
			var parts []string
			for _, t := range g.turnTexts[turn][k+1:] {
				if strings.HasPrefix(t, "<qwen:user-prompt-submit-context>") {
					parts = append(parts, g.sub(t))
				}
			}
			cs.Expect.Texts = texts(gemPromptPart, parts...)
		case len(g.turnTexts) == 0 && prompt == g.firstPrompt() && g.obs.Get("exit_code").Int() == 0:
			cs.Expect.PromptBlocked, cs.Expect.Texts = ptr(true), texts("")
		default:
			omit("prompt_blocked", "the prompt is in no request, but the run made others or did not end cleanly")
			omit("texts", "the prompt is in no request")
		}
	case "UserPromptExpansion":
		prompt := o.get("prompt").String()
		turn, k := g.turnWith(prompt, true)
		if turn < 0 {
			omit("texts", "the expanded prompt is in no request")
			break
		}
		cs.Expect.PromptBlocked = ptr(false)
		if ts := g.turnTexts[turn]; k+1 < len(ts) && strings.HasPrefix(ts[k+1], "\n\n") {
			cs.Expect.Texts = texts(qwenPromptTail, strings.TrimSpace(g.sub(ts[k+1])))
		} else {
			cs.Expect.Texts = texts("")
		}
	case "Stop":
		g.stopEffects(o, cs)
	case "SessionStart":
		omit("texts", "Qwen Code appends a SessionStart context to the system prompt, which the recording has as a hash only")
	case "PostToolBatch", "TodoCreated", "TodoCompleted", "SubagentStart", "SubagentStop":
		omit("texts", "where Qwen Code puts this event's texts is not attributed by the generator")
	default:
		cs.Expect.Texts = texts("")
	}
}

// refused reports whether Qwen Code refused recorded call i before it ran:
// not the shell tool's own output, no PostToolUse or PostToolUseFailure
// of it, and an error result in the stream.
func (g *gemRec) refused(i int, out string) bool {
	if strings.HasPrefix(out, "Command: ") || g.ranAfter(i, "PostToolUse", "PostToolUseFailure") != nil {
		return false
	}
	id := g.obs.Get("tool_calls." + itoa(i) + ".call_id").String()
	for _, e := range g.obs.Get("stream_events").Array() {
		for _, c := range e.Get("message.content").Array() {
			if c.Get("type").String() == "tool_result" && c.Get("tool_use_id").String() == id {
				return c.Get("is_error").Bool()
			}
		}
	}
	return false
}
