package qwen

import (
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
)

// Target is what a Qwen Code matcher is compared with on an event
// (hookPlanner.getHookMatcherTarget).
type Target int

// Matcher targets.
const (
	// NoTarget: every group runs, whatever its matcher.
	NoTarget Target = iota
	// ToolTarget: the canonical tool name, and its aliases exactly.
	ToolTarget
	// ValueTarget: the event's value (source, reason, trigger,
	// notification type, agent type, file path, command name, error).
	ValueTarget
)

// Merge is how Qwen Code combines several hooks' outputs
// (hookAggregator.mergeOutputs; one output is used as it is).
type Merge int

// Merge strategies.
const (
	// MergeOr (mergeWithOrLogic): decision "block" if any says block or
	// deny, else "allow" if any says allow; reasons and additionalContext
	// joined with "\n"; continue false if any (the last stopReason);
	// every other hookSpecificOutput key, suppressOutput and
	// systemMessage: the last one wins.
	MergeOr Merge = iota
	// MergePermission: decision.behavior deny wins over allow, messages
	// joined, the last updatedInput, interrupt if any.
	MergePermission
	// MergeSimple: an object spread (later wins), contexts joined.
	MergeSimple
	// MergeNone: the agent ignores every output (StopFailure).
	MergeNone
)

// Effect is what a block (or continue:false) does on an event.
type Effect int

// Effects.
const (
	Ignored Effect = iota
	// ToolDenied (PreToolUse): the call does not run; the model gets the
	// bare reason as the tool's result (an error).
	ToolDenied
	// ResultReplaced: the tool's result becomes the bare reason (an
	// error).
	ResultReplaced
	// BatchStopped (PostToolBatch): the batch's last call's result becomes
	// the reason.
	BatchStopped
	// NoRequest: the prompt is not sent; nothing is shown.
	NoRequest
	// Continuation: the turn (or subagent) goes on with the bare reason as
	// the next user message, up to the block cap.
	Continuation
	// TodoBlocked: the todo_write call fails with "Todo creation blocked:
	// <reason>" (validation phase only; decision "block" exactly).
	TodoBlocked
	// Permission: decision.behavior allow runs the call (updatedInput
	// applied), deny makes its result the message.
	Permission
)

// Context is where additionalContext (or, on the plain-context events,
// plain stdout) lands.
type Context int

// Context places.
const (
	NoContext Context = iota
	// ContextResult: appended to the tool result, "\n\n" + escaped text.
	ContextResult
	// ContextPromptPart: one more user text part,
	// "<qwen:user-prompt-submit-context>\n…\n</qwen:user-prompt-submit-context>".
	ContextPromptPart
	// ContextExpansion: appended to the expanded prompt, "\n\n" + the
	// text with & < > escaped (at most 10 000 characters).
	ContextExpansion
	// ContextSystemPrompt: appended to the system prompt in a
	// <qwen:session-start-context hidden="true"> block.
	ContextSystemPrompt
	// ContextSubagent: appended to the subagent's task prompt.
	ContextSubagent
)

// Chain is what a successful hook of a sequential plan passes to the next.
type Chain int

// Sequential chaining.
const (
	NoChain Chain = iota
	// ChainPrompt: prompt += "\n\n" + additionalContext.
	ChainPrompt
	// ChainExpansion: prompt += "\n\n" + the sanitized additionalContext.
	ChainExpansion
	// ChainToolInput: tool_input = {...tool_input, ...tool_input of the hook}
	// (the next hook's stdin only: the tool never sees it).
	ChainToolInput
)

// Row is one Qwen Code event (qwen-code §2, §5): its name (Claude Code's
// where Claude has the event), the native event, the payload keys after
// the common ones (session_id, source_type?, source_id?,
// transcript_path, cwd, hook_event_name, timestamp, permission_mode,
// agent_id?, prompt_id?) in order, the matcher target and its payload key,
// and what the agent does with the merged output. Exit codes mean the same
// on every event — exit 2 reads stderr only (plain text denies, JSON is
// the output, nothing is no output), any other exit reads stdout else
// stderr (JSON is the output whatever the code, plain text is a system
// message or a warning) — so they have no column; the decision columns
// say what a deny does.
type Row struct {
	Name   string
	Native settings.Event
	Fields []string
	Target Target
	// TargetKey is the payload key a ValueTarget matcher is compared with.
	TargetKey string
	Merge     Merge
	// Block is what a block/deny does; Stop what continue:false does.
	Block, Stop Effect
	Context     Context
	// PlainContext: a successful hook's plain stdout is additionalContext
	// (ANSI and control characters stripped per line), not a system
	// message.
	PlainContext bool
	Chain        Chain
	// Detached: the hook runs under a supervisor that outlives the CLI; its
	// output is ignored.
	Detached bool
}

// Table is Qwen Code 0.24.4's event table (22 events). Every other file of
// the package reads the events' rules from here.
var Table = []Row{
	// PreToolUse: per call, after the approval decision; permissionDecision
	// (else decision) deny or ask — ask cannot be asked headless — or
	// continue:false stop the call with the bare reason; a sibling's
	// permissionDecision allow overrides another's top-level deny;
	// updatedInput and additionalContext are ignored.
	{Name: "PreToolUse", Native: settings.PreTool, Fields: []string{"tool_name", "tool_input", "tool_use_id", "tool_call_id"},
		Target: ToolTarget, Merge: MergeOr, Block: ToolDenied, Stop: ToolDenied, Chain: ChainToolInput},
	// PostToolUse: after a successful call; continue:false replaces the
	// result, additionalContext is appended; decision block is ignored.
	{Name: "PostToolUse", Native: settings.PostTool, Fields: []string{"tool_name", "tool_input", "tool_response", "tool_use_id", "tool_call_id", "duration_ms"},
		Target: ToolTarget, Merge: MergeOr, Block: Ignored, Stop: ResultReplaced, Context: ContextResult},
	// PostToolUseFailure: instead of PostToolUse when the call failed;
	// only additionalContext counts.
	{Name: "PostToolUseFailure", Native: settings.PostToolFailure, Fields: []string{"tool_use_id", "tool_call_id", "tool_name", "tool_input", "error", "is_interrupt", "duration_ms"},
		Target: ToolTarget, Merge: MergeOr, Block: Ignored, Stop: Ignored, Context: ContextResult},
	// PostToolBatch: after each batch of calls; a block or continue:false
	// replaces the last call's result, additionalContext is appended to it.
	{Name: "PostToolBatch", Native: settings.PostToolBatch, Fields: []string{"tool_calls"},
		Target: NoTarget, Merge: MergeOr, Block: BatchStopped, Stop: BatchStopped, Context: ContextResult},
	// UserPromptSubmit: before each request (the tool-result continuation
	// with prompt "", a Stop continuation with the reason); a block or
	// continue:false sends nothing.
	{Name: "UserPromptSubmit", Native: settings.PromptSubmit, Fields: []string{"prompt", "submitted_prompt"},
		Target: NoTarget, Merge: MergeOr, Block: NoRequest, Stop: NoRequest, Context: ContextPromptPart, PlainContext: true, Chain: ChainPrompt},
	// UserPromptExpansion: a slash command expanded into a prompt.
	{Name: "UserPromptExpansion", Native: settings.PromptExpansion, Fields: []string{"command_name", "command_args", "prompt"},
		Target: ValueTarget, TargetKey: "command_name", Merge: MergeOr, Block: NoRequest, Stop: NoRequest, Context: ContextExpansion, PlainContext: true, Chain: ChainExpansion},
	// SessionStart: context goes to the system prompt; decisions ignored.
	{Name: "SessionStart", Native: settings.SessionStart, Fields: []string{"source", "model", "agent_type"},
		Target: ValueTarget, TargetKey: "source", Merge: MergeSimple, Context: ContextSystemPrompt, PlainContext: true},
	// SessionEnd: interactive exits only; output ignored.
	{Name: "SessionEnd", Native: settings.SessionEnd, Fields: []string{"reason"},
		Target: ValueTarget, TargetKey: "reason", Merge: MergeSimple},
	// SessionDelete: a session deleted; runs detached.
	{Name: "SessionDelete", Native: settings.SessionDelete, Fields: []string{"deleted_session_id"},
		Target: NoTarget, Merge: MergeSimple, Detached: true},
	// Stop: when the turn ends; a block or continue:false continues it with
	// the bare reason (stopReason, else reason), at most the block cap
	// (8; stopHookBlockingCap, QWEN_CODE_STOP_HOOK_BLOCK_CAP) times in a row.
	{Name: "Stop", Native: settings.Stop, Fields: []string{"stop_hook_active", "last_assistant_message", "background_tasks", "crons", "context_usage", "context_limit", "input_tokens"},
		Target: NoTarget, Merge: MergeOr, Block: Continuation, Stop: Continuation},
	// StopFailure: an API error ended the turn; runs detached, output ignored.
	{Name: "StopFailure", Native: settings.StopFailure, Fields: []string{"error", "error_details", "last_assistant_message"},
		Target: ValueTarget, TargetKey: "error", Merge: MergeNone, Detached: true},
	// MessageDisplay: while the answer streams; runs detached, output ignored.
	{Name: "MessageDisplay", Native: settings.MessageDisplay, Fields: []string{"message_id", "displayed_text", "is_final"},
		Target: NoTarget, Merge: MergeSimple, Detached: true},
	// SubagentStart: a subagent is spawned; context goes to its task prompt.
	{Name: "SubagentStart", Native: settings.SubagentStart, Fields: []string{"agent_id", "agent_type"},
		Target: ValueTarget, TargetKey: "agent_type", Merge: MergeSimple, Context: ContextSubagent},
	// SubagentStop: a subagent finished; a block makes it continue (cap).
	{Name: "SubagentStop", Native: settings.SubagentStop, Fields: []string{"stop_hook_active", "agent_type", "agent_transcript_path", "last_assistant_message", "background_tasks", "crons"},
		Target: ValueTarget, TargetKey: "agent_type", Merge: MergeOr, Block: Continuation, Stop: Continuation},
	// PreCompact / PostCompact: around compression; output ignored.
	{Name: "PreCompact", Native: settings.PreCompact, Fields: []string{"trigger", "custom_instructions"},
		Target: ValueTarget, TargetKey: "trigger", Merge: MergeSimple},
	{Name: "PostCompact", Native: settings.PostCompact, Fields: []string{"trigger", "compact_summary"},
		Target: ValueTarget, TargetKey: "trigger", Merge: MergeSimple},
	// Notification: auth_success, permission_prompt, …; output ignored
	// headless.
	{Name: "Notification", Native: settings.Notification, Fields: []string{"message", "notification_type", "title"},
		Target: ValueTarget, TargetKey: "notification_type", Merge: MergeSimple},
	// PermissionRequest: before an approval would be asked;
	// decision.behavior allow runs the call (updatedInput replaces its
	// arguments), deny gives the model the message.
	{Name: "PermissionRequest", Native: settings.PermissionRequest, Fields: []string{"tool_name", "tool_input", "permission_suggestions"},
		Target: ToolTarget, Merge: MergePermission, Block: Permission},
	// PermissionDenied: a classifier denied a call; output ignored.
	{Name: "PermissionDenied", Native: settings.PermissionDenied, Fields: []string{"tool_name", "tool_input", "tool_use_id", "tool_call_id", "reason"},
		Target: ToolTarget, Merge: MergeSimple},
	// TodoCreated / TodoCompleted: per todo of a todo_write call, phase
	// validation (can block: decision "block" exactly) then postWrite.
	{Name: "TodoCreated", Native: settings.TodoCreated, Fields: []string{"todo_id", "todo_content", "todo_status", "all_todos", "phase"},
		Target: NoTarget, Merge: MergeOr, Block: TodoBlocked},
	{Name: "TodoCompleted", Native: settings.TodoCompleted, Fields: []string{"todo_id", "todo_content", "previous_status", "all_todos", "phase"},
		Target: NoTarget, Merge: MergeOr, Block: TodoBlocked},
	// InstructionsLoaded: per instruction file read; output ignored.
	{Name: "InstructionsLoaded", Native: settings.InstructionsLoaded, Fields: []string{"file_path", "memory_type", "load_reason", "trigger_file_path", "parent_file_path"},
		Target: ValueTarget, TargetKey: "file_path", Merge: MergeSimple},
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
	}
	return x
}}

// Event returns the row of a Qwen Code event name (case-sensitive).
func Event(name string) (*Row, bool) { r, ok := rows.Get().byName[name]; return r, ok }

// ForNative returns the row of native event e.
func ForNative(e settings.Event) (*Row, bool) { r, ok := rows.Get().byNative[e]; return r, ok }

// EventNames returns the 22 event names in table order.
func EventNames() []string {
	out := make([]string, len(Table))
	for i, r := range Table {
		out[i] = r.Name
	}
	return out
}

// DefaultStopCap is how many Stop (or SubagentStop) blocks in a row Qwen
// Code follows before it ends the turn anyway.
const DefaultStopCap = 8
