package geminicore

import (
	"github.com/hookcompat/hookcompat/settings"
)

// Row is one event of an agent's event table: everything that differs by
// event, for Gemini CLI and for Qwen Code alike. Each format's events.go
// holds its table of rows; the core and the formats' other files read the
// columns and compare no event names themselves.
type Row struct {
	// Name is the agent's event name; Native the native (or extension)
	// event it runs as.
	Name   string
	Native settings.Event
	// Failure is the native event a failed call's payload runs as, when
	// the agent fires this one event after failed calls too (Gemini CLI's
	// AfterTool: post_tool_failure, read from tool_response.error). The
	// row's hooks run on both native events.
	Failure settings.Event

	// Fields are the payload keys after the agent's common ones, in the
	// agent's order; Optional those of them written only when the event
	// carries them (in Event.Extra).
	Fields, Optional []string
	// Keys maps payload keys of this event to the native field that holds
	// them, beyond (or instead of) the agent's common keys
	// ([Agent.Keys]); FieldExtra keeps a key in Event.Extra.
	Keys map[string]Field
	// Values maps the event's reason values between the agent's words and
	// the native spec's: {agent, native} pairs; values not listed pass
	// through.
	Values [][2]string
	// Defaults are the raw JSON values the agent writes for a key whose
	// native value is empty (or, for a key kept in Extra, absent).
	Defaults map[string]string

	// Match is what a matcher is compared with; MatchKey the payload key
	// of a MatchValue event.
	Match    Match
	MatchKey string

	// Merge is how the agent combines several hooks' outputs.
	Merge Merge
	// Block is what a block or deny does, Stop what continue:false does;
	// Ask whether decision "ask" is honoured (a confirmation prompt).
	Block, Stop Effect
	Ask         bool
	// Context is where additionalContext lands; PlainContext makes a
	// successful hook's plain stdout the context (Qwen Code).
	Context      Context
	PlainContext bool
	// Chain is what a successful hook of a sequential plan passes on.
	Chain Chain
	// Detached: the agent runs the event's hooks under a supervisor that
	// outlives it and ignores their output; Queued: it makes nothing of
	// the hooks' replies (the output is unused, or the hooks run
	// detached), so an embedding agent may queue them
	// (runner.Awaiter).
	Detached, Queued bool
	// Operation names what a TodoBlocked block stops, in the agent's
	// texts ("creation").
	Operation string

	// Prompts says which of the event's prompts are a person's, for a
	// converted hook of an agent that fires the event for those only
	// (Claude Code's UserPromptSubmit): the others are skipped
	// (format.HostCall.Skip).
	Prompts PromptRule

	// Note is what the agent does differently with a hook converted onto
	// this event, whatever the hook replies (a convert warning; hooks of
	// the row's Failure event excepted); ClaudeNote is added for hooks
	// converted from Claude Code.
	Note, ClaudeNote string
}

// HasField reports whether key is one of the row's own payload keys.
func (r *Row) HasField(key string) bool {
	for _, f := range r.Fields {
		if f == key {
			return true
		}
	}
	return false
}

func (r *Row) optional(key string) bool {
	for _, f := range r.Optional {
		if f == key {
			return true
		}
	}
	return false
}

// Match is what a matcher is compared with on an event.
type Match int

// Matcher targets.
const (
	// MatchNone: the event passes no context; every group runs, whatever
	// its matcher.
	MatchNone Match = iota
	// MatchTool: the agent's tool name (the agent's matcher rules).
	MatchTool
	// MatchValue: the value of the row's MatchKey in the payload
	// (Gemini CLI compares it exactly, Qwen Code with its matcher rules).
	MatchValue
)

// Merge is how an agent combines the outputs of several hooks of one
// event (hookAggregator.mergeOutputs); each agent implements the
// strategies its rows use.
type Merge int

// Merge strategies.
const (
	// MergeOr: the agent's OR merge — Gemini CLI's mergeWithOrDecision,
	// Qwen Code's mergeWithOrLogic.
	MergeOr Merge = iota
	// MergeReplace: later fields replace earlier ones, hookSpecificOutput
	// shallow-merged (Gemini CLI's BeforeModel, AfterModel).
	MergeReplace
	// MergeToolSelection: the union of the hooks' toolConfig (Gemini
	// CLI's BeforeToolSelection).
	MergeToolSelection
	// MergePermission: decision.behavior deny wins over allow (Qwen
	// Code's PermissionRequest).
	MergePermission
	// MergeSimple: an object spread (Qwen Code also joins the contexts).
	MergeSimple
	// MergeNone: the agent ignores every output.
	MergeNone
)

// Effect is what a blocking decision or a continue:false does on an
// event.
type Effect int

// Effects.
const (
	// Ignored: the agent does not look at it.
	Ignored Effect = iota
	// ToolBlocked: the call does not run; the model gets the reason as
	// the call's result, in the agent's words.
	ToolBlocked
	// ResultReplaced: the tool ran; the model gets the reason instead of
	// its result.
	ResultReplaced
	// BatchStopped: the batch's last call's result becomes the reason.
	BatchStopped
	// NoRequest: the prompt is not sent.
	NoRequest
	// NoModelRequest: the model request is not sent; the hook's
	// llm_response, if any, is the answer (Gemini CLI's BeforeModel).
	NoModelRequest
	// StreamEnds: the response stream ends after this chunk.
	StreamEnds
	// Continuation: the turn (or subagent) goes on with the reason as the
	// next user message.
	Continuation
	// AgentStops: the agent stops, no further model request.
	AgentStops
	// TodoBlocked: the todo_write call fails ("Todo <operation> blocked:
	// <reason>"; validation phase only, decision "block" exactly).
	TodoBlocked
	// Permission: decision.behavior allow runs the call (updatedInput
	// applied), deny makes its result the message.
	Permission
)

// Context is where a hook's additionalContext lands.
type Context int

// Context places.
const (
	// NoContext: additionalContext is ignored.
	NoContext Context = iota
	// ContextToolResult: appended to the tool's result.
	ContextToolResult
	// ContextPromptPart: one more text part after the prompt.
	ContextPromptPart
	// ContextPromptPrefix: prefixed to the first prompt.
	ContextPromptPrefix
	// ContextExpansion: appended to the expanded prompt of a slash
	// command.
	ContextExpansion
	// ContextSystemPrompt: appended to the system prompt.
	ContextSystemPrompt
	// ContextSubagent: appended to the subagent's task prompt.
	ContextSubagent
)

// Chain is what a successful hook of a sequential plan changes in the
// next hook's input (hookRunner.applyHookOutputToInput).
type Chain int

// Sequential chaining.
const (
	NoChain Chain = iota
	// ChainPrompt: prompt += "\n\n" + additionalContext (raw).
	ChainPrompt
	// ChainExpansion: prompt += "\n\n" + the sanitized additionalContext
	// ([SanitizeExpansion]).
	ChainExpansion
	// ChainToolInput: tool_input = {...tool_input, ...hookSpecificOutput.tool_input}.
	ChainToolInput
	// ChainLLMRequest: llm_request = {...llm_request, ...hookSpecificOutput.llm_request}.
	ChainLLMRequest
)

// PromptRule is how an agent tells a person's prompt from the prompts it
// sends itself on an event that carries prompts.
type PromptRule int

// Prompt rules.
const (
	// PromptsNone: the event carries no prompt of its own.
	PromptsNone PromptRule = iota
	// PromptsSubmitted: a person's prompt carries submitted_prompt (the
	// prompt as typed); the tool-result and Stop continuations do not
	// (Qwen Code).
	PromptsSubmitted
	// PromptsContinuation: the agent fires the event again for the
	// continuation a block of a Continuation event forces, with the
	// block's reason as the prompt and nothing else to tell it by
	// (Gemini CLI's BeforeAgent after AfterAgent): the exec shim
	// remembers the reasons it answered such a block with
	// ([RememberContinuation]) and skips a prompt that is one.
	PromptsContinuation
)

// Field is the native event field that holds a payload key.
type Field string

// Native fields.
const (
	FieldExtra          Field = "" // Event.Extra, kept by name in order
	FieldSessionID      Field = "session_id"
	FieldTranscriptPath Field = "transcript_path"
	FieldCwd            Field = "cwd"
	FieldPermissionMode Field = "permission_mode"
	FieldPromptID       Field = "prompt_id"
	FieldReason         Field = "reason" // mapped by the row's Values
	FieldPrompt         Field = "prompt"
	FieldOutput         Field = "output"
	FieldStopHookActive Field = "stop_hook_active"
	FieldTool           Field = "tool" // the agent's tool name
	FieldArgs           Field = "args" // the agent's argument names
	FieldResult         Field = "result"
	FieldToolCallID     Field = "tool_call_id"
	FieldError          Field = "error"
	FieldType           Field = "type"
	FieldMessage        Field = "message"
	FieldSubagent       Field = "subagent"
	// FieldTimestamp is kept in Extra; written as now (ISO 8601,
	// milliseconds, UTC) when the event has none.
	FieldTimestamp Field = "timestamp"
	// FieldToolUseID is kept in Extra; written as the tool_call_id when
	// the event has none (Qwen Code's synthetic tool_use_id).
	FieldToolUseID Field = "tool_use_id"
)
