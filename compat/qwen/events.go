package qwen

import (
	"encoding/json"

	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// This file is the Qwen Code event table: one row per event (all 22 of
// Qwen Code 0.24.4, named as Claude Code names them where Claude has the
// event), holding everything that differs by event, and the agent's
// description for the core it shares with Gemini CLI
// (compat/internal/geminicore). The rest of the package reads the rows;
// it compares no event names itself (TestEventTableIsTheOnlyEventSwitch
// proves it). A new Qwen Code release is a row edit.
//
// Exit codes mean the same on every event — exit 2 reads stderr only
// (plain text denies, JSON is the output, nothing is no output), any
// other exit reads stdout else stderr (JSON is the output whatever the
// code, plain text is a system message or a warning) — so they have no
// column; the decision columns say what a deny does.

// rows is Qwen Code 0.24.4's event table (qwen-code §2, §5).
func rows() []geminicore.Row {
	prompt := map[string]geminicore.Field{"prompt": geminicore.FieldPrompt}
	trigger := map[string]geminicore.Field{"trigger": geminicore.FieldReason}
	stop := map[string]geminicore.Field{"last_assistant_message": geminicore.FieldOutput}
	subagent := map[string]geminicore.Field{"agent_type": geminicore.FieldSubagent}
	const stopNote = "Qwen Code ends the turn after 8 blocks in a row (stopHookBlockingCap)"
	return []geminicore.Row{
		// PreToolUse: per call, after the approval decision;
		// permissionDecision (else decision) deny or ask — ask cannot be
		// asked headless — or continue:false stop the call with the bare
		// reason; a sibling's permissionDecision allow overrides another's
		// top-level deny; updatedInput and additionalContext are ignored.
		{Name: "PreToolUse", Native: settings.PreTool, Fields: []string{"tool_name", "tool_input", "tool_use_id", "tool_call_id"},
			Match: geminicore.MatchTool, Merge: geminicore.MergeOr, Block: geminicore.ToolBlocked, Stop: geminicore.ToolBlocked, Chain: geminicore.ChainToolInput,
			ClaudeNote: "Qwen Code ignores updatedInput and additionalContext on PreToolUse, refuses a call whose hook asks (headless), and has no way to stop the turn from a tool hook: on continue:false the call runs as in Claude Code but the turn goes on"},
		// PostToolUse: after a successful call; continue:false replaces
		// the result, additionalContext is appended; decision block is
		// ignored.
		{Name: "PostToolUse", Native: settings.PostTool, Fields: []string{"tool_name", "tool_input", "tool_response", "tool_use_id", "tool_call_id", "duration_ms"},
			Optional: []string{"duration_ms"},
			Match:    geminicore.MatchTool, Merge: geminicore.MergeOr, Stop: geminicore.ResultReplaced, Context: geminicore.ContextToolResult,
			Note:       "Qwen Code ignores a PostToolUse block (the shim passes its reason on as context, beside the result); continue:false does not stop the turn",
			ClaudeNote: "the hook gets Claude Code's tool_response for run_shell_command (the output, both streams together as in Claude Code's Bash stdout), write_file, edit and read_file; Qwen Code's other tools (glob, grep_search, list_directory, web and MCP tools) have no Claude Code shape and keep Qwen's {llmContent, returnDisplay}"},
		// PostToolUseFailure: instead of PostToolUse when the call failed;
		// only additionalContext counts.
		{Name: "PostToolUseFailure", Native: settings.PostToolFailure, Fields: []string{"tool_use_id", "tool_call_id", "tool_name", "tool_input", "error", "is_interrupt", "duration_ms"},
			Optional: []string{"duration_ms"}, Keys: map[string]geminicore.Field{"error": geminicore.FieldError}, Defaults: map[string]string{"is_interrupt": "false"},
			Match: geminicore.MatchTool, Merge: geminicore.MergeOr, Context: geminicore.ContextToolResult},
		// PostToolBatch: after each batch of calls; a block or
		// continue:false replaces the last call's result,
		// additionalContext is appended to it.
		{Name: "PostToolBatch", Native: settings.PostToolBatch, Fields: []string{"tool_calls"}, Keys: map[string]geminicore.Field{"tool_name": geminicore.FieldExtra},
			Merge: geminicore.MergeOr, Block: geminicore.BatchStopped, Stop: geminicore.BatchStopped, Context: geminicore.ContextToolResult},
		// UserPromptSubmit: before each request (the tool-result
		// continuation with prompt "", a Stop continuation with the
		// reason); a block or continue:false sends nothing.
		{Name: "UserPromptSubmit", Native: settings.PromptSubmit, Fields: []string{"prompt", "submitted_prompt"}, Optional: []string{"submitted_prompt"}, Keys: prompt,
			Merge: geminicore.MergeOr, Block: geminicore.NoRequest, Stop: geminicore.NoRequest, Context: geminicore.ContextPromptPart, PlainContext: true, Chain: geminicore.ChainPrompt,
			Prompts: geminicore.PromptsSubmitted},
		// UserPromptExpansion: a slash command expanded into a prompt.
		{Name: "UserPromptExpansion", Native: settings.PromptExpansion, Fields: []string{"command_name", "command_args", "prompt"}, Keys: prompt,
			Match: geminicore.MatchValue, MatchKey: "command_name", Merge: geminicore.MergeOr, Block: geminicore.NoRequest, Stop: geminicore.NoRequest,
			Context: geminicore.ContextExpansion, PlainContext: true, Chain: geminicore.ChainExpansion},
		// SessionStart: context goes to the system prompt; decisions
		// ignored.
		{Name: "SessionStart", Native: settings.SessionStart, Fields: []string{"source", "model", "agent_type"}, Optional: []string{"model", "agent_type"},
			Keys: map[string]geminicore.Field{"source": geminicore.FieldReason}, Values: [][2]string{{"startup", "startup"}, {"resume", "resume"}, {"clear", "new"}},
			Defaults: map[string]string{"source": `"startup"`},
			Match:    geminicore.MatchValue, MatchKey: "source", Merge: geminicore.MergeSimple, Context: geminicore.ContextSystemPrompt, PlainContext: true},
		// SessionEnd: interactive exits only; output ignored.
		{Name: "SessionEnd", Native: settings.SessionEnd, Fields: []string{"reason"},
			Keys: map[string]geminicore.Field{"reason": geminicore.FieldReason}, Values: [][2]string{{"clear", "new"}, {"resume", "load"}, {"prompt_input_exit", "exit"}},
			Match: geminicore.MatchValue, MatchKey: "reason", Merge: geminicore.MergeSimple, Queued: true,
			Note: "Qwen Code fires SessionEnd only when an interactive session ends: a headless run (qwen -p) never runs its SessionEnd hooks"},
		// SessionDelete: a session deleted; runs detached.
		{Name: "SessionDelete", Native: settings.SessionDelete, Fields: []string{"deleted_session_id"},
			Merge: geminicore.MergeSimple, Detached: true, Queued: true},
		// Stop: when the turn ends; a block or continue:false continues it
		// with the bare reason (stopReason, else reason), at most the
		// block cap (8; stopHookBlockingCap, QWEN_CODE_STOP_HOOK_BLOCK_CAP)
		// times in a row.
		{Name: "Stop", Native: settings.Stop, Fields: []string{"stop_hook_active", "last_assistant_message", "background_tasks", "crons", "context_usage", "context_limit", "input_tokens"},
			Optional: []string{"context_usage", "context_limit", "input_tokens"}, Keys: stop, Defaults: map[string]string{"background_tasks": "[]", "crons": "[]"},
			Merge: geminicore.MergeOr, Block: geminicore.Continuation, Stop: geminicore.Continuation, Note: stopNote},
		// StopFailure: an API error ended the turn; runs detached, output
		// ignored.
		{Name: "StopFailure", Native: settings.StopFailure, Fields: []string{"error", "error_details", "last_assistant_message"}, Optional: []string{"error_details"},
			Match: geminicore.MatchValue, MatchKey: "error", Merge: geminicore.MergeNone, Detached: true, Queued: true},
		// MessageDisplay: while the answer streams; runs detached, output
		// ignored.
		{Name: "MessageDisplay", Native: settings.MessageDisplay, Fields: []string{"message_id", "displayed_text", "is_final"},
			Merge: geminicore.MergeSimple, Detached: true, Queued: true},
		// SubagentStart: a subagent is spawned; context goes to its task
		// prompt.
		{Name: "SubagentStart", Native: settings.SubagentStart, Fields: []string{"agent_id", "agent_type"}, Keys: subagent,
			Match: geminicore.MatchValue, MatchKey: "agent_type", Merge: geminicore.MergeSimple, Context: geminicore.ContextSubagent},
		// SubagentStop: a subagent finished; a block makes it continue
		// (cap).
		{Name: "SubagentStop", Native: settings.SubagentStop, Fields: []string{"stop_hook_active", "agent_type", "agent_transcript_path", "last_assistant_message", "background_tasks", "crons"},
			Keys: map[string]geminicore.Field{"agent_type": geminicore.FieldSubagent, "last_assistant_message": geminicore.FieldOutput}, Defaults: map[string]string{"background_tasks": "[]", "crons": "[]"},
			Match: geminicore.MatchValue, MatchKey: "agent_type", Merge: geminicore.MergeOr, Block: geminicore.Continuation, Stop: geminicore.Continuation, Note: stopNote},
		// PreCompact / PostCompact: around compression; output ignored.
		{Name: "PreCompact", Native: settings.PreCompact, Fields: []string{"trigger", "custom_instructions"}, Keys: trigger, Defaults: map[string]string{"custom_instructions": "null"},
			Match: geminicore.MatchValue, MatchKey: "trigger", Merge: geminicore.MergeSimple, Queued: true},
		{Name: "PostCompact", Native: settings.PostCompact, Fields: []string{"trigger", "compact_summary"}, Keys: trigger,
			Match: geminicore.MatchValue, MatchKey: "trigger", Merge: geminicore.MergeSimple, Queued: true},
		// Notification: auth_success, permission_prompt, …; output ignored
		// headless.
		{Name: "Notification", Native: settings.Notification, Fields: []string{"message", "notification_type", "title"}, Keys: map[string]geminicore.Field{"message": geminicore.FieldMessage},
			Match: geminicore.MatchValue, MatchKey: "notification_type", Merge: geminicore.MergeSimple, Queued: true},
		// PermissionRequest: before an approval would be asked;
		// decision.behavior allow runs the call (updatedInput replaces its
		// arguments), deny gives the model the message.
		{Name: "PermissionRequest", Native: settings.PermissionRequest, Fields: []string{"tool_name", "tool_input", "permission_suggestions"}, Optional: []string{"permission_suggestions"},
			Match: geminicore.MatchTool, Merge: geminicore.MergePermission, Block: geminicore.Permission},
		// PermissionDenied: a classifier denied a call; output ignored.
		{Name: "PermissionDenied", Native: settings.PermissionDenied, Fields: []string{"tool_name", "tool_input", "tool_use_id", "tool_call_id", "reason"},
			Match: geminicore.MatchTool, Merge: geminicore.MergeSimple, Queued: true},
		// TodoCreated / TodoCompleted: per todo of a todo_write call, phase
		// validation (can block: decision "block" exactly) then postWrite.
		{Name: "TodoCreated", Native: settings.TodoCreated, Fields: []string{"todo_id", "todo_content", "todo_status", "all_todos", "phase"},
			Merge: geminicore.MergeOr, Block: geminicore.TodoBlocked, Operation: "creation"},
		{Name: "TodoCompleted", Native: settings.TodoCompleted, Fields: []string{"todo_id", "todo_content", "previous_status", "all_todos", "phase"},
			Merge: geminicore.MergeOr, Block: geminicore.TodoBlocked, Operation: "completion"},
		// InstructionsLoaded: per instruction file read; output ignored.
		{Name: "InstructionsLoaded", Native: settings.InstructionsLoaded, Fields: []string{"file_path", "memory_type", "load_reason", "trigger_file_path", "parent_file_path"},
			Optional: []string{"trigger_file_path", "parent_file_path"},
			Match:    geminicore.MatchValue, MatchKey: "file_path", Merge: geminicore.MergeSimple, Queued: true},
	}
}

// commonKeys are the native fields of Qwen Code's payload keys
// (hookEventHandler.createBaseInput and the event inputs); a key of any
// other name is kept in Extra.
func commonKeys() map[string]geminicore.Field {
	return map[string]geminicore.Field{
		"session_id": geminicore.FieldSessionID, "transcript_path": geminicore.FieldTranscriptPath, "cwd": geminicore.FieldCwd,
		"permission_mode": geminicore.FieldPermissionMode, "prompt_id": geminicore.FieldPromptID, "timestamp": geminicore.FieldTimestamp,
		"custom_instructions": geminicore.FieldPrompt, "stop_hook_active": geminicore.FieldStopHookActive, "compact_summary": geminicore.FieldOutput,
		"tool_name": geminicore.FieldTool, "tool_input": geminicore.FieldArgs, "tool_response": geminicore.FieldResult,
		"tool_call_id": geminicore.FieldToolCallID, "tool_use_id": geminicore.FieldToolUseID, "notification_type": geminicore.FieldType,
	}
}

// agent is Qwen Code for the core.
var agent = &geminicore.Agent{
	Proto: Name, Title: "Qwen Code", Vocab: Dialect, MatchSyntax: Name,
	Rows: rows, StatusMessage: true,

	// source_type, source_id and agent_id appear only when set, prompt_id
	// during a turn (hookEventHandler.createBaseInput).
	Head: []string{"session_id", "source_type", "source_id", "transcript_path", "cwd"},
	Tail: []string{"timestamp", "permission_mode", "agent_id", "prompt_id"},
	Keys: commonKeys, Defaults: func() map[string]string { return map[string]string{"permission_mode": `"default"`} },
	OmitEmpty:  []geminicore.Field{geminicore.FieldPromptID, geminicore.FieldToolCallID},
	NullPrompt: true,
	// Qwen Code's approval modes (qwen: payload; "yolo" and "default"
	// recorded) are Claude Code's permission modes under other names, so
	// a Claude hook run inside Qwen Code reads Claude's value.
	PermissionModes: [][2]string{{"yolo", "bypassPermissions"}, {"auto_edit", "acceptEdits"}, {"auto-edit", "acceptEdits"}},
	EmptyResult:     func(*runner.Event) json.RawMessage { return json.RawMessage(`{"llmContent":"","returnDisplay":""}`) },
	Transcript:      transcriptPath,

	Select: selects, Env: hookEnv, LaunchExpander: launchExpander, HTTP: prepareHTTP, Argv: argv, DedupKey: dedupKey,
	AsyncDetached: true, TimeoutText: timeoutText, Read: readRun, Blocks: blocksAlone, FailDecision: "block",
	Merge: mergeOutputs, Reply: nativeReply,

	ShimTimeout: shimTimeout,
	ProjectVars: []string{"QWEN_PROJECT_DIR", "CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR"},
	// A Claude-named event with both Qwen's timestamp and its
	// permission_mode (Claude sends no timestamp, Gemini CLI no
	// permission_mode).
	Sure:     func(_ string, keys map[string]bool) bool { return keys["timestamp"] && keys["permission_mode"] },
	HostOnly: hostOnly,

	Dir: ".qwen", SystemEnv: "QWEN_CODE_SYSTEM_SETTINGS_PATH", DefaultsEnv: "QWEN_CODE_SYSTEM_DEFAULTS_PATH", SystemPath: "/etc/qwen-code/settings.json",
	Home:       qwenHome,
	Order:      []string{geminicore.ScopeSystemDefaults, geminicore.ScopeSystem, geminicore.ScopeUser, geminicore.ScopeProject},
	Extensions: extensionDirs, IsExtension: isExtensionDir,

	OwnHandler:  func(h *settings.Hook) bool { return h.EffectiveType() == settings.TypeCommand },
	TimeoutUnit: qwenTimeout,
}

// EventNames returns the 22 event names in table order.
func EventNames() []string { return agent.EventNames() }

// DefaultStopCap is how many Stop (or SubagentStop) blocks in a row Qwen
// Code follows before it ends the turn anyway.
const DefaultStopCap = 8
