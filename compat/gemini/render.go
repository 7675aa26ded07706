package gemini

import (
	"encoding/json"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// Texts Gemini CLI 0.61.0 writes around hook results (gemini-cli §5).
const (
	textToolBlocked   = "Tool execution blocked: "
	textAgentStopped  = "Agent execution stopped by hook: "
	textAgentBlocked  = "Agent execution blocked: "
	textSystemMsg     = "Hook system message: "
	textInputChanged  = "\n\n[System] Tool input parameters were modified by a hook before execution."
	textInvalidParams = "Tool parameter modification by hook failed validation: "
	contextOpen       = "<hook_context>"
	contextClose      = "</hook_context>"
)

// Rendering is what a Gemini CLI session (headless `gemini -p`) makes of an
// outcome: what the model gets, where, and what the user sees.
type Rendering struct {
	// Event is the Gemini CLI event.
	Event string `json:"event"`
	// ToolRuns (BeforeTool) reports whether the call runs; nil when a hook
	// asked for a confirmation (Asks), which a headless run waits for
	// forever.
	ToolRuns *bool `json:"tool_runs,omitempty"`
	Asks     bool  `json:"asks,omitempty"`
	// Stops reports that the agent stops: no further model request.
	Stops bool `json:"stops,omitempty"`
	// Blocked reports that the prompt (BeforeAgent) or model request
	// (BeforeModel) is not sent, or the response stream ends (AfterModel).
	Blocked bool `json:"blocked,omitempty"`
	// EffectiveInput (BeforeTool, AfterTool) is the tool_input the call
	// runs with, in Gemini's argument names: a hook's tool_input replaces
	// the model's.
	EffectiveInput json.RawMessage `json:"effective_input,omitempty"`
	// ToolResponse is the functionResponse.response the model gets for the
	// call: {"error":"Tool execution blocked: …"} when BeforeTool blocked
	// it; for AfterTool {"error": reason} after a block, else
	// {"output": …} with the hooks' context appended (when the tool's
	// llmContent is text).
	ToolResponse json.RawMessage `json:"tool_response,omitempty"`
	// OutputNote (BeforeTool) is appended to the call's output when a hook
	// changed its input.
	OutputNote string `json:"output_note,omitempty"`
	// TailToolCall (AfterTool) is the call {name, args} Gemini runs next;
	// its result replaces this call's.
	TailToolCall json.RawMessage `json:"tail_tool_call,omitempty"`
	// PromptPrefix (SessionStart) is put before the first prompt.
	PromptPrefix string `json:"prompt_prefix,omitempty"`
	// PromptParts (BeforeAgent) are text parts added after the prompt.
	PromptParts []string `json:"prompt_parts,omitempty"`
	// Continuation (AfterAgent) is the user message of the forced next
	// turn; ClearContext says the chat is reset before it.
	Continuation *string `json:"continuation,omitempty"`
	ClearContext bool    `json:"clear_context,omitempty"`
	// LLMRequest (BeforeModel) is the hooks' llm_request, merged over the
	// request; LLMResponse the response a block substitutes (BeforeModel)
	// or the chunk's replacement (AfterModel).
	LLMRequest  json.RawMessage `json:"llm_request,omitempty"`
	LLMResponse json.RawMessage `json:"llm_response,omitempty"`
	// ToolConfig (BeforeToolSelection) is the request's
	// functionCallingConfig {mode, allowedFunctionNames}.
	ToolConfig json.RawMessage `json:"tool_config,omitempty"`
	// ModelText is every text the hooks make reach the model, in order.
	ModelText []string `json:"model_text"`
	// UserText is what the user sees (stream warnings, stderr lines).
	UserText []string `json:"user_text,omitempty"`
}

// Render renders out as Gemini CLI 0.61.0 (headless, `-o stream-json`)
// shows it: from the merged output of the outcome's Gemini hooks (each
// hook's own reply, configured order; hooks of other protocols count
// through the merged native reply only).
func (p *Protocol) Render(out *runner.Outcome) Rendering {
	ev := &out.Event
	rd := Rendering{ModelText: []string{}}
	r, outs, ok := p.Own(out)
	if !ok {
		return rd
	}
	rd.Event = r.Name
	m := mergeOutputs(r, outs)
	if m == nil {
		m = geminicore.NewOutput([]byte("{}"))
	}
	rep := nativeReply(p.Protocol, r, ev, m)
	// Hooks of other protocols decide through the native merge.
	if out.Decision != runner.DecisionNone && rep.Decision == runner.DecisionNone {
		rep.Decision, rep.Reason = out.Decision, out.Reason
	}
	if out.Continue != nil && !*out.Continue && rep.Continue == nil {
		rep.Continue, rep.StopReason = out.Continue, out.StopReason
	}
	stops := rep.Continue != nil && !*rep.Continue
	blocks := rep.Decision.Blocks()
	reason := rep.Reason
	if stops {
		reason = rep.StopReason
	}
	gtool := toolName(p.Vocab, ev.Tool)
	args := func(a json.RawMessage) json.RawMessage {
		if len(a) == 0 {
			a = json.RawMessage("{}")
		}
		return p.Vocab.Args(translate.Native, Dialect, ev.Tool, a)
	}
	blockedMsg := func() string {
		if sm, ok := m.Text("systemMessage"); ok {
			if t := geminicore.TrimJS(sm); t != "" {
				return textAgentBlocked + t
			}
		}
		return textAgentBlocked + reason
	}
	switch {
	case r.Block == geminicore.ToolBlocked:
		switch {
		case stops:
			rd.Stops, rd.ToolRuns = true, boolPtr(false)
			rd.UserText = append(rd.UserText, "Error executing tool "+gtool+": "+textAgentStopped+reason)
		case blocks && strings.HasPrefix(reason, textInvalidParams):
			// The hook's tool_input failed the tool's validation.
			rd.ToolRuns = boolPtr(false)
			rd.ToolResponse = geminicore.ErrorResponse(reason)
			rd.ModelText = append(rd.ModelText, reason)
			rd.UserText = append(rd.UserText, "Error executing tool "+gtool+": "+reason)
		case blocks:
			rd.ToolRuns = boolPtr(false)
			rd.ToolResponse = geminicore.ErrorResponse(textToolBlocked + reason)
			rd.ModelText = append(rd.ModelText, textToolBlocked+reason)
			rd.UserText = append(rd.UserText, "Error executing tool "+gtool+": "+textToolBlocked+reason)
		case rep.Decision == runner.DecisionAsk:
			rd.Asks = true
		default:
			rd.ToolRuns = boolPtr(true)
		}
		rd.EffectiveInput = args(ev.Args)
		if ti := geminicore.SpecificObject(m, "tool_input"); ti != nil && !stops && (!blocks || strings.HasPrefix(reason, textInvalidParams)) {
			rd.EffectiveInput, _ = jsonwire.JSRoundTrip.Canon(ti)
			if !blocks {
				rd.OutputNote = textInputChanged
			}
		}
	case r.Block == geminicore.ResultReplaced:
		rd.EffectiveInput = args(ev.Args)
		llm := gjson.GetBytes(ev.Result, "llmContent")
		switch {
		case stops:
			rd.Stops = true
			rd.UserText = append(rd.UserText, "Error executing tool "+gtool+": "+textAgentStopped+reason)
		case blocks:
			rd.ToolResponse = geminicore.ErrorResponse(reason)
			rd.ModelText = append(rd.ModelText, reason)
			rd.UserText = append(rd.UserText, "Error executing tool "+gtool+": Tool result blocked: "+reason)
		default:
			if tc := geminicore.SpecificObject(m, "tailToolCallRequest"); tc != nil {
				rd.TailToolCall, _ = jsonwire.JSRoundTrip.Canon(tc)
			}
			if llm.Type == gjson.String {
				text := llm.Str
				if rep.AdditionalContext != "" {
					ctx := contextOpen + geminicore.EscapeContext(rep.AdditionalContext) + contextClose
					text += "\n\n" + ctx
					rd.ModelText = append(rd.ModelText, ctx)
				}
				o := jsonwire.NewObject(jsonwire.JSRoundTrip)
				o.Str("output", text)
				rd.ToolResponse, _ = o.Bytes()
			}
		}
	case r.Block == geminicore.NoRequest:
		switch {
		case stops:
			rd.Stops = true
		case blocks:
			rd.Blocked = true
			rd.UserText = append(rd.UserText, blockedMsg())
		case rep.AdditionalContext != "":
			part := contextOpen + geminicore.EscapeContext(rep.AdditionalContext) + contextClose
			rd.PromptParts = append(rd.PromptParts, part)
			rd.ModelText = append(rd.ModelText, part)
		}
	case r.Block == geminicore.Continuation:
		switch {
		case stops:
			rd.Stops = true
		case blocks:
			c := reason
			rd.Continuation = &c
			rd.ClearContext = m.Specific() != nil && gjson.GetBytes(mustJSON(m.Specific()), "clearContext").Type == gjson.True
			rd.ModelText = append(rd.ModelText, c)
			rd.UserText = append(rd.UserText, blockedMsg())
		}
	case r.Context == geminicore.ContextPromptPrefix:
		if rep.AdditionalContext != "" {
			rd.PromptPrefix = contextOpen + geminicore.EscapeContext(rep.AdditionalContext) + contextClose + "\n\n"
			rd.ModelText = append(rd.ModelText, rd.PromptPrefix)
		}
		if sm, ok := m.Text("systemMessage"); ok {
			rd.UserText = append(rd.UserText, sm) // written raw to stderr first
		}
	case r.Block == geminicore.NoModelRequest:
		switch {
		case stops:
			rd.Stops = true
		case blocks:
			rd.Blocked = true
			rd.UserText = append(rd.UserText, textAgentBlocked+reason)
			if v, ok := m.Specific().Get("llm_response"); ok && gjson.ParseBytes(v).Exists() && geminicore.TruthyJSON(v) {
				rd.LLMResponse, _ = jsonwire.JSRoundTrip.Canon(v)
			}
		default:
			if lr := geminicore.SpecificObject(m, "llm_request"); lr != nil {
				rd.LLMRequest, _ = jsonwire.JSRoundTrip.Canon(lr)
			}
		}
	case r.Block == geminicore.StreamEnds:
		switch {
		case stops:
			rd.Stops = true
		case blocks:
			rd.Blocked = true
			rd.UserText = append(rd.UserText, textAgentBlocked+reason)
		default:
			if v, ok := m.Specific().Get("llm_response"); ok && len(gjson.GetBytes(v, "candidates.0.content.parts").Array()) > 0 {
				rd.LLMResponse, _ = jsonwire.JSRoundTrip.Canon(v)
			}
		}
	case r.Merge == geminicore.MergeToolSelection:
		if tc := geminicore.SpecificObject(m, "toolConfig"); tc != nil && len(outs) > 0 {
			rd.ToolConfig, _ = jsonwire.JSRoundTrip.Canon(tc)
		}
	}
	if rep.SystemMessage != "" {
		rd.UserText = append(rd.UserText, textSystemMsg+rep.SystemMessage)
	}
	return rd
}

func boolPtr(b bool) *bool { return &b }

func mustJSON(f runner.Fields) []byte {
	b, _ := f.MarshalJSON()
	return b
}

// toolRequired are the required parameters of Gemini CLI's built-in tools
// (their function declarations), in the order the schema lists them, and
// whether each is a string (else an array).
// requiredParam is one required parameter of a tool (toolRequired).
type requiredParam struct {
	name   string
	string bool
}

var toolRequired = lazy.Value[map[string][]requiredParam]{New: func() map[string][]requiredParam {
	return map[string][]requiredParam{
		"run_shell_command": {{"command", true}},
		"read_file":         {{"file_path", true}},
		"write_file":        {{"file_path", true}, {"content", true}},
		"replace":           {{"file_path", true}, {"instruction", true}, {"old_string", true}, {"new_string", true}},
		"glob":              {{"pattern", true}},
		"grep_search":       {{"pattern", true}},
		"list_directory":    {{"dir_path", true}},
		"google_web_search": {{"query", true}},
		"web_fetch":         {{"prompt", true}},
		"read_many_files":   {{"include", false}},
		"write_todos":       {{"todos", false}},
	}
}}

// validateParams checks a hook's replacement arguments as the tool's
// schema validation does (the first missing required parameter, or one of
// the wrong type, in ajv's words), "" when they pass or the tool is not
// known.
func validateParams(tool string, args json.RawMessage) string {
	for _, p := range toolRequired.Get()[tool] {
		v := gjson.GetBytes(args, gjson.Escape(p.name))
		switch {
		case !v.Exists():
			return "params must have required property '" + p.name + "'"
		case p.string && v.Type != gjson.String:
			return "params/" + p.name + " must be string"
		case !p.string && !v.IsArray():
			return "params/" + p.name + " must be array"
		}
	}
	return ""
}

// ModelView is what Gemini CLI 0.61.0 shows the model for the Gemini
// hooks of out, merged by Gemini's rules (the [Rendering] of those hooks
// alone; a decision of another protocol's hook is not Gemini's text):
//   - a blocked BeforeTool call's result is its functionResponse
//     {"error":"Tool execution blocked: <reason>"} (or the failed
//     validation of a rewritten input), placement tool_result;
//   - an AfterTool block replaces the result with {"error":"<reason>"};
//     AfterTool context is "<hook_context>…</hook_context>" appended to
//     the output (tool_result_tail), as is the note of a rewritten input;
//   - BeforeAgent context is one more text part of the prompt, SessionStart
//     context a prefix of the first prompt (first_message); a blocked
//     prompt is not sent: "Agent execution blocked: …" is for the user;
//   - an AfterAgent block continues the turn with the reason as the next
//     user message (continuation).
//
// Every text is delivered now (Gemini CLI has no async hooks).
func (f geminiFormat) ModelView(out *runner.Outcome, vocab *translate.Vocabulary) []format.ModelText {
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
	isError := gjson.GetBytes(rd.ToolResponse, "error").Exists()
	switch {
	case r.Block == geminicore.ToolBlocked:
		if rd.ToolRuns != nil && !*rd.ToolRuns && isError {
			add("tool_result", string(rd.ToolResponse), "tool_result")
		}
		if rd.OutputNote != "" {
			add("context", strings.TrimPrefix(rd.OutputNote, "\n\n"), "tool_result_tail")
		}
	case r.Block == geminicore.ResultReplaced:
		switch {
		case isError:
			add("tool_result", string(rd.ToolResponse), "tool_result")
		case rd.TailToolCall == nil:
			// The context block, as the output ends with it (a tail call's
			// result would replace the output).
			for _, t := range rd.ModelText {
				add("context", t, "tool_result_tail")
			}
		}
	case r.Block == geminicore.NoRequest:
		if rd.Blocked {
			for _, u := range rd.UserText {
				if strings.HasPrefix(u, textAgentBlocked) {
					add("user_text", u, "user")
				}
			}
		}
		for _, part := range rd.PromptParts {
			add("context", part, "first_message")
		}
	case r.Block == geminicore.Continuation:
		if rd.Continuation != nil {
			add("prompt", *rd.Continuation, "continuation")
		}
	case r.Context == geminicore.ContextPromptPrefix:
		if rd.PromptPrefix != "" {
			add("context", strings.TrimSuffix(rd.PromptPrefix, "\n\n"), "first_message")
		}
	}
	return texts
}
