package settings

import "github.com/hookcompat/hookcompat/internal/lazy"

// Event names a lifecycle point at which hooks run. The native events are
// those of the native engine spec (HK-10, HK-50…HK-52); the extension events
// carry foreign events that the native spec lacks (for example Claude Code's
// FileChanged as file_changed) so that they run through the same engine.
type Event string

// Native events, in canonical order (HK-51 synchronous, HK-52 background).
const (
	SessionStart      Event = "session_start"      // HK-51: reason startup|resume|new
	PromptSubmit      Event = "prompt_submit"      // HK-51: may block (HK-24)
	PreTool           Event = "pre_tool"           // may block, ask, allow or rewrite args (HK-60)
	PermissionRequest Event = "permission_request" // HK-51: allow|deny instead of the user
	PostTool          Event = "post_tool"          // HK-30: background, observe only
	PostToolFailure   Event = "post_tool_failure"  // HK-52
	SubagentStart     Event = "subagent_start"     // HK-52
	SubagentStop      Event = "subagent_stop"      // HK-52
	Stop              Event = "stop"               // HK-51: continuation at most 5 times per prompt
	PreCompact        Event = "pre_compact"        // HK-52
	PostCompact       Event = "post_compact"       // HK-52
	Notification      Event = "notification"       // HK-52
	SessionEnd        Event = "session_end"        // HK-52
)

// Extension events: foreign events without a native counterpart, named
// after the foreign event in snake_case (Claude Code's, then the other
// agents'). A plain native engine cannot run them, so converting them for
// one produces a warning.
const (
	Setup              Event = "setup"
	InstructionsLoaded Event = "instructions_loaded"
	PromptExpansion    Event = "prompt_expansion"
	MessageDisplay     Event = "message_display"
	PermissionDenied   Event = "permission_denied"
	PostToolBatch      Event = "post_tool_batch"
	TaskCreated        Event = "task_created"
	TaskCompleted      Event = "task_completed"
	StopFailure        Event = "stop_failure"
	TeammateIdle       Event = "teammate_idle"
	ConfigChange       Event = "config_change"
	CwdChanged         Event = "cwd_changed"
	DirectoryAdded     Event = "directory_added"
	FileChanged        Event = "file_changed"
	WorktreeCreate     Event = "worktree_create"
	WorktreeRemove     Event = "worktree_remove"
	PreModelSwitch     Event = "pre_model_switch"
	PostModelSwitch    Event = "post_model_switch"
	Elicitation        Event = "elicitation"
	ElicitationResult  Event = "elicitation_result"

	// Gemini CLI (and Qwen Code) model-level events.
	BeforeModel         Event = "before_model"
	AfterModel          Event = "after_model"
	BeforeToolSelection Event = "before_tool_selection"
	// Qwen Code.
	SessionDelete Event = "session_delete"
	TodoCreated   Event = "todo_created"
	TodoCompleted Event = "todo_completed"
	// Cursor.
	AfterAgentResponse Event = "after_agent_response"
	AfterAgentThought  Event = "after_agent_thought"
	TabFileRead        Event = "tab_file_read"
	TabFileEdit        Event = "tab_file_edit"
	// WorkspaceOpen is Cursor's workspaceOpen: a workspace opened, outside
	// any session.
	WorkspaceOpen Event = "workspace_open"
	// OpenAI Codex: right before an interrupted turn is aborted.
	Interrupt Event = "interrupt"
	// PromptTransformed is GitHub Copilot CLI's userPromptTransformed: the
	// prompt has its model-facing form, before it enters the history.
	PromptTransformed Event = "prompt_transformed"
)

var nativeEvents = []Event{
	SessionStart, PromptSubmit, PreTool, PermissionRequest, PostTool, PostToolFailure,
	SubagentStart, SubagentStop, Stop, PreCompact, PostCompact, Notification, SessionEnd,
}

var extensionEvents = []Event{
	Setup, InstructionsLoaded, PromptExpansion, MessageDisplay, PermissionDenied, PostToolBatch,
	TaskCreated, TaskCompleted, StopFailure, TeammateIdle, ConfigChange, CwdChanged,
	DirectoryAdded, FileChanged, WorktreeCreate, WorktreeRemove, PreModelSwitch,
	PostModelSwitch, Elicitation, ElicitationResult,
	BeforeModel, AfterModel, BeforeToolSelection,
	SessionDelete, TodoCreated, TodoCompleted,
	AfterAgentResponse, AfterAgentThought, TabFileRead, TabFileEdit, WorkspaceOpen,
	Interrupt, PromptTransformed,
}

var eventRank = lazy.Value[map[Event]int]{New: func() map[Event]int {
	m := make(map[Event]int, len(nativeEvents)+len(extensionEvents))
	for i, e := range nativeEvents {
		m[e] = i
	}
	for i, e := range extensionEvents {
		m[e] = len(nativeEvents) + i
	}
	return m
}}

// Events returns the 13 native events in canonical order. The slice is a
// copy; callers may modify it.
func Events() []Event { return append([]Event(nil), nativeEvents...) }

// ExtensionEvents returns the extension events in canonical order (after
// the native ones). The slice is a copy.
func ExtensionEvents() []Event { return append([]Event(nil), extensionEvents...) }

// Known reports whether e is a native or an extension event.
func (e Event) Known() bool { _, ok := eventRank.Get()[e]; return ok }

// Native reports whether e is one of the 13 events of the native spec.
func (e Event) Native() bool { r, ok := eventRank.Get()[e]; return ok && r < len(nativeEvents) }

// Rank is e's position in canonical order, or -1 for an unknown event.
func (e Event) Rank() int {
	if r, ok := eventRank.Get()[e]; ok {
		return r
	}
	return -1
}

// ToolEvent reports whether e concerns one tool call, so that a hook's
// match is compared with the tool name and its if rule applies (HK-01, HK-64).
func (e Event) ToolEvent() bool {
	switch e {
	case PreTool, PostTool, PostToolFailure, PermissionRequest, PermissionDenied:
		return true
	}
	return false
}

// Background reports whether the native spec runs e's hooks on the ordered
// background queue (HK-30, HK-52) rather than synchronously (HK-51).
func (e Event) Background() bool {
	switch e {
	case PostTool, PostToolFailure, SubagentStart, SubagentStop, PreCompact, PostCompact,
		Notification, SessionEnd:
		return true
	}
	return false
}
