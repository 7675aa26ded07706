package gemini

import (
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
)

// Match is what a Gemini CLI matcher is compared with on an event
// (gemini-cli §3; hookPlanner.matchesContext).
type Match int

// Matcher targets.
const (
	// MatchNone: the event passes no context; every group runs, whatever
	// its matcher.
	MatchNone Match = iota
	// MatchTool: the trimmed matcher is an unanchored JavaScript regex
	// tested against the Gemini tool name (an invalid regex is compared
	// for equality); "" and "*" match every call.
	MatchTool
	// MatchExact: the trimmed matcher must equal the event's trigger
	// (source, reason or trigger) exactly; "" and "*" match every value.
	MatchExact
)

// Merge is how Gemini CLI combines the outputs of several hooks of one
// event (hookAggregator.mergeOutputs).
type Merge int

// Merge strategies.
const (
	// MergeOr: continue is false if any says so (stop reasons joined),
	// the last block/deny wins over ask, which wins over the default
	// allow; every reason, system message and additionalContext joined
	// with "\n"; hookSpecificOutput shallow-merged, later keys winning
	// (so the last tool_input object replaces, it is not merged).
	MergeOr Merge = iota
	// MergeReplace: later fields replace earlier ones,
	// hookSpecificOutput shallow-merged (BeforeModel, AfterModel).
	MergeReplace
	// MergeToolSelection: the union of the hooks' toolConfig (NONE wins,
	// then ANY, else AUTO; function names sorted).
	MergeToolSelection
	// MergeSimple: a plain object spread (outputs are not used).
	MergeSimple
)

// Effect is what a blocking decision or a continue:false does on an
// event.
type Effect int

// Effects of a decision.
const (
	// Ignored: the agent does not look at it.
	Ignored Effect = iota
	// ToolBlocked: the call does not run; the model gets
	// {"error":"Tool execution blocked: <reason>"}.
	ToolBlocked
	// ResultReplaced: the tool ran; the model gets {"error":"<reason>"}
	// instead of its result.
	ResultReplaced
	// NoRequest: the prompt (or model request) is not sent; the user sees
	// "Agent execution blocked: <systemMessage or reason>".
	NoRequest
	// Continuation: the turn goes on with the reason as the next user
	// message.
	Continuation
	// StreamEnds: the response stream ends after this chunk.
	StreamEnds
	// AgentStops: the agent stops, no further model request.
	AgentStops
)

// Context is where a hook's additionalContext lands.
type Context int

// Where additionalContext lands.
const (
	// NoContext: additionalContext is ignored.
	NoContext Context = iota
	// ContextToolResult: appended to the tool's output as
	// "\n\n<hook_context>…</hook_context>".
	ContextToolResult
	// ContextPromptPart: one more text part after the prompt,
	// "<hook_context>…</hook_context>".
	ContextPromptPart
	// ContextPromptPrefix: prefixed to the first prompt,
	// "<hook_context>…</hook_context>\n\n".
	ContextPromptPrefix
)

// Chain is what a successful hook of a sequential plan changes in the
// next hook's input (hookRunner.applyHookOutputToInput).
type Chain int

// Sequential chaining.
const (
	NoChain Chain = iota
	// ChainPrompt: prompt += "\n\n" + additionalContext (raw).
	ChainPrompt
	// ChainToolInput: tool_input = {...tool_input, ...hookSpecificOutput.tool_input}.
	ChainToolInput
	// ChainLLMRequest: llm_request = {...llm_request, ...hookSpecificOutput.llm_request}.
	ChainLLMRequest
)

// Row is one Gemini CLI event: its name, the native event it runs as,
// the payload keys after the common ones (session_id, transcript_path,
// cwd, hook_event_name, timestamp), the matcher target, and what the
// agent does with the merged output. Exit codes mean the same on every
// event (a plain-text output of exit 0 is a system message, of exit 1 a
// warning, of exit 2 or more a deny; JSON wins over the exit code), so
// the table has no exit-code column: the decision columns say what a
// deny does.
type Row struct {
	Name   string
	Native settings.Event
	// Also are further native events the Gemini event covers (AfterTool
	// also fires after failed calls: post_tool_failure).
	Also   []settings.Event
	Fields []string
	Match  Match
	Merge  Merge
	// Block is what decision block/deny does; Ask whether decision "ask"
	// is honoured (a confirmation prompt); Stop what continue:false does.
	Block Effect
	Ask   bool
	Stop  Effect
	// Context is where additionalContext lands; Chain what a sequential
	// plan passes on.
	Context Context
	Chain   Chain
	// Model marks the model-level events (llm_request, llm_response,
	// toolConfig outputs).
	Model bool
}

// Table is Gemini CLI 0.61.0's event table (gemini-cli §2, §5; recorded
// behaviour where it differs from the source reading: see
// docs/decisions/012-gemini.md). Every other file of the package reads
// the events' rules from here.
var Table = []Row{
	// SessionStart: once before the first prompt (source startup|resume|clear).
	// additionalContext prefixes the prompt; plain stdout and systemMessage
	// go to stderr; decision and continue are ignored.
	{Name: "SessionStart", Native: settings.SessionStart, Fields: []string{"source"}, Match: MatchExact,
		Merge: MergeOr, Block: Ignored, Stop: Ignored, Context: ContextPromptPrefix},
	// BeforeAgent: per prompt and per AfterAgent continuation; a block
	// sends nothing, continue:false stops silently, additionalContext is
	// one more prompt part.
	{Name: "BeforeAgent", Native: settings.PromptSubmit, Fields: []string{"prompt"}, Match: MatchNone,
		Merge: MergeOr, Block: NoRequest, Stop: AgentStops, Context: ContextPromptPart, Chain: ChainPrompt},
	// PreCompress: before every model request with history (trigger
	// auto|manual); awaited, output unused.
	{Name: "PreCompress", Native: settings.PreCompact, Fields: []string{"trigger"}, Match: MatchExact,
		Merge: MergeSimple, Block: Ignored, Stop: Ignored},
	// BeforeModel: before each model request; a block sends no request
	// (hookSpecificOutput.llm_response becomes the answer), continue:false
	// stops, llm_request changes the request.
	{Name: "BeforeModel", Native: settings.BeforeModel, Fields: []string{"llm_request"}, Match: MatchNone,
		Merge: MergeReplace, Block: NoRequest, Stop: AgentStops, Chain: ChainLLMRequest, Model: true},
	// BeforeToolSelection: right after BeforeModel; only toolConfig counts
	// (any output at all yields a toolConfig).
	{Name: "BeforeToolSelection", Native: settings.BeforeToolSelection, Fields: []string{"llm_request"}, Match: MatchNone,
		Merge: MergeToolSelection, Block: Ignored, Stop: Ignored, Model: true},
	// AfterModel: per streamed response chunk; llm_response with parts
	// replaces the chunk for the user (not in the history); a block ends
	// the stream, continue:false stops.
	{Name: "AfterModel", Native: settings.AfterModel, Fields: []string{"llm_request", "llm_response"}, Match: MatchNone,
		Merge: MergeReplace, Block: StreamEnds, Stop: AgentStops, Model: true},
	// BeforeTool: per call, before the policy check; a block or ask is
	// honoured (ask waits for a confirmation: forever in headless runs),
	// hookSpecificOutput.tool_input replaces the arguments,
	// additionalContext is ignored.
	{Name: "BeforeTool", Native: settings.PreTool, Fields: []string{"tool_name", "tool_input", "mcp_context", "original_request_name"},
		Match: MatchTool, Merge: MergeOr, Block: ToolBlocked, Ask: true, Stop: AgentStops, Chain: ChainToolInput},
	// AfterTool: after every executed call, failed ones too; a block
	// replaces the result with the bare reason, additionalContext is
	// appended to it, tailToolCallRequest runs another call whose result
	// replaces this one's.
	{Name: "AfterTool", Native: settings.PostTool, Also: []settings.Event{settings.PostToolFailure},
		Fields: []string{"tool_name", "tool_input", "tool_response", "mcp_context", "original_request_name"},
		Match:  MatchTool, Merge: MergeOr, Block: ResultReplaced, Stop: AgentStops, Context: ContextToolResult},
	// AfterAgent: when the turn ends; a block continues the turn with the
	// reason as the next user message (no cap), clearContext resets the
	// chat first; continue:false ends the turn.
	{Name: "AfterAgent", Native: settings.Stop, Fields: []string{"prompt", "prompt_response", "stop_hook_active"}, Match: MatchNone,
		Merge: MergeOr, Block: Continuation, Stop: AgentStops},
	// Notification: only ToolPermission (a call waits for confirmation);
	// output unused.
	{Name: "Notification", Native: settings.Notification, Fields: []string{"notification_type", "message", "details"}, Match: MatchNone,
		Merge: MergeSimple, Block: Ignored, Stop: Ignored},
	// SessionEnd: at exit (reason exit|clear|logout|prompt_input_exit|other);
	// awaited, only its systemMessage is printed.
	{Name: "SessionEnd", Native: settings.SessionEnd, Fields: []string{"reason"}, Match: MatchExact,
		Merge: MergeSimple, Block: Ignored, Stop: Ignored},
}

// rowIndex finds [Table]'s rows by event name and by native event; it
// is built on first use.
type rowIndex struct {
	byName   map[string]*Row
	byNative map[settings.Event]*Row
}

var rows = lazy.Value[*rowIndex]{New: func() *rowIndex {
	x := &rowIndex{byName: map[string]*Row{}, byNative: map[settings.Event]*Row{}}
	for i := range Table {
		r := &Table[i]
		x.byName[r.Name] = r
		x.byNative[r.Native] = r
		for _, e := range r.Also {
			x.byNative[e] = r
		}
	}
	return x
}}

// Event returns the row of a Gemini CLI event name (case-sensitive).
func Event(name string) (*Row, bool) { r, ok := rows.Get().byName[name]; return r, ok }

// ForNative returns the row whose hooks run on native event e.
func ForNative(e settings.Event) (*Row, bool) { r, ok := rows.Get().byNative[e]; return r, ok }

// EventNames returns the 11 Gemini CLI event names in table order.
func EventNames() []string {
	out := make([]string, len(Table))
	for i, r := range Table {
		out[i] = r.Name
	}
	return out
}

// Value maps between Gemini CLI's trigger words and the native spec's
// reasons; values not listed pass through unchanged.
var (
	sessionStartSource = [][2]string{{"startup", "startup"}, {"resume", "resume"}, {"clear", "new"}}
	sessionEndReason   = [][2]string{{"exit", "exit"}, {"clear", "new"}}
)
