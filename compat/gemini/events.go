package gemini

import (
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/settings"
)

// This file is the Gemini CLI event table: one row per event (all 11 of
// Gemini CLI 0.61.0), holding everything that differs by event, and the
// agent's description for the core it shares with Qwen Code
// (compat/internal/geminicore). The rest of the package reads the rows;
// it compares no event names itself (TestEventTableIsTheOnlyEventSwitch
// proves it). A new Gemini CLI release is a row edit.
//
// Exit codes mean the same on every event (a plain-text output of exit 0
// is a system message, of exit 1 a warning, of exit 2 or more a deny;
// JSON wins over the exit code), so the table has no exit-code column:
// the decision columns say what a deny does. Recorded behaviour wins over
// the source reading where they differ (docs/decisions/012-gemini.md).

// rows is Gemini CLI 0.61.0's event table (gemini-cli §2, §5), in the
// order a session fires them.
func rows() []geminicore.Row {
	llmRequest := map[string]string{"llm_request": `{"model":"","messages":[]}`}
	return []geminicore.Row{
		// SessionStart: once before the first prompt (source
		// startup|resume|clear, exactly matched). additionalContext
		// prefixes the prompt; plain stdout and systemMessage go to
		// stderr; decision and continue are ignored.
		{Name: "SessionStart", Native: settings.SessionStart, Fields: []string{"source"},
			Values: [][2]string{{"startup", "startup"}, {"resume", "resume"}, {"clear", "new"}}, Defaults: map[string]string{"source": `"startup"`},
			Match: geminicore.MatchValue, MatchKey: "source", Merge: geminicore.MergeOr, Context: geminicore.ContextPromptPrefix},
		// BeforeAgent: per prompt and per AfterAgent continuation; a block
		// sends nothing, continue:false stops silently, additionalContext
		// is one more prompt part.
		{Name: "BeforeAgent", Native: settings.PromptSubmit, Fields: []string{"prompt"},
			Merge: geminicore.MergeOr, Block: geminicore.NoRequest, Stop: geminicore.AgentStops, Context: geminicore.ContextPromptPart, Chain: geminicore.ChainPrompt,
			Prompts: geminicore.PromptsContinuation},
		// PreCompress: before every model request with history (trigger
		// auto|manual); awaited, output unused.
		{Name: "PreCompress", Native: settings.PreCompact, Fields: []string{"trigger"}, Defaults: map[string]string{"trigger": `"auto"`},
			Match: geminicore.MatchValue, MatchKey: "trigger", Merge: geminicore.MergeSimple, Queued: true,
			Note: "Gemini CLI fires PreCompress before every model request and ignores its decisions"},
		// BeforeModel: before each model request; a block sends no
		// request (hookSpecificOutput.llm_response becomes the answer),
		// continue:false stops, llm_request changes the request.
		{Name: "BeforeModel", Native: settings.BeforeModel, Fields: []string{"llm_request"}, Defaults: llmRequest,
			Merge: geminicore.MergeReplace, Block: geminicore.NoModelRequest, Stop: geminicore.AgentStops, Chain: geminicore.ChainLLMRequest},
		// BeforeToolSelection: right after BeforeModel; only toolConfig
		// counts (any output at all yields a toolConfig).
		{Name: "BeforeToolSelection", Native: settings.BeforeToolSelection, Fields: []string{"llm_request"}, Defaults: llmRequest,
			Merge: geminicore.MergeToolSelection},
		// AfterModel: per streamed response chunk; llm_response with parts
		// replaces the chunk for the user (not in the history); a block
		// ends the stream, continue:false stops.
		{Name: "AfterModel", Native: settings.AfterModel, Fields: []string{"llm_request", "llm_response"}, Defaults: llmRequest,
			Merge: geminicore.MergeReplace, Block: geminicore.StreamEnds, Stop: geminicore.AgentStops},
		// BeforeTool: per call, before the policy check; a block or ask is
		// honoured (ask waits for a confirmation: forever in headless
		// runs), hookSpecificOutput.tool_input replaces the arguments,
		// additionalContext is ignored. mcp_context and
		// original_request_name only on MCP calls and tail calls.
		{Name: "BeforeTool", Native: settings.PreTool, Fields: []string{"tool_name", "tool_input", "mcp_context", "original_request_name"},
			Optional: []string{"mcp_context", "original_request_name"},
			Match:    geminicore.MatchTool, Merge: geminicore.MergeOr, Block: geminicore.ToolBlocked, Ask: true, Stop: geminicore.AgentStops, Chain: geminicore.ChainToolInput,
			ClaudeNote: "Gemini CLI ignores additionalContext on BeforeTool, a headless run waits forever on an ask, and continue:false stops the agent before the call runs (Claude Code runs the call, then stops the turn)"},
		// AfterTool: after every executed call, failed ones too (a failed
		// call's tool_response carries error {message, type}: natively
		// post_tool_failure); a block replaces the result with the bare
		// reason, additionalContext is appended to it,
		// tailToolCallRequest runs another call whose result replaces
		// this one's.
		{Name: "AfterTool", Native: settings.PostTool, Failure: settings.PostToolFailure,
			Fields:   []string{"tool_name", "tool_input", "tool_response", "mcp_context", "original_request_name"},
			Optional: []string{"mcp_context", "original_request_name"},
			Match:    geminicore.MatchTool, Merge: geminicore.MergeOr, Block: geminicore.ResultReplaced, Stop: geminicore.AgentStops, Context: geminicore.ContextToolResult,
			Note:       "a block on AfterTool (decision block or exit 2) would replace the tool's result with the bare reason in Gemini CLI: the shim passes the reason on as context after the result (<hook_context>), beside it as in Claude Code",
			ClaudeNote: "the hook gets Claude Code's tool_response for run_shell_command (the output, both streams together as in Claude Code's Bash stdout), write_file, replace and read_file; Gemini CLI's other tools (glob, grep_search, list_directory, web and MCP tools) have no Claude Code shape and keep Gemini's {llmContent, returnDisplay}; a command that exits non-zero runs PostToolUseFailure hooks, as Claude Code does"},
		// AfterAgent: when the turn ends; a block continues the turn with
		// the reason as the next user message (no cap), clearContext
		// resets the chat first; continue:false ends the turn.
		{Name: "AfterAgent", Native: settings.Stop, Fields: []string{"prompt", "prompt_response", "stop_hook_active"},
			Defaults: map[string]string{"prompt_response": `"[no response text]"`},
			Merge:    geminicore.MergeOr, Block: geminicore.Continuation, Stop: geminicore.AgentStops,
			Note: "Gemini CLI does not cap AfterAgent continuations: a hook that always blocks keeps the turn going"},
		// Notification: only ToolPermission (a call waits for
		// confirmation); output unused.
		{Name: "Notification", Native: settings.Notification, Fields: []string{"notification_type", "message", "details"},
			Keys:     map[string]geminicore.Field{"message": geminicore.FieldMessage},
			Defaults: map[string]string{"notification_type": `"ToolPermission"`, "details": `{}`},
			Merge:    geminicore.MergeSimple, Queued: true,
			Note: "Gemini CLI fires Notification only when a tool call waits for confirmation (ToolPermission)"},
		// SessionEnd: at exit (reason exit|clear|logout|prompt_input_exit|
		// other, exactly matched); awaited, only its systemMessage is
		// printed.
		{Name: "SessionEnd", Native: settings.SessionEnd, Fields: []string{"reason"},
			Values: [][2]string{{"exit", "exit"}, {"clear", "new"}}, Defaults: map[string]string{"reason": `"exit"`},
			Match: geminicore.MatchValue, MatchKey: "reason", Merge: geminicore.MergeSimple},
	}
}

// commonKeys are the native fields of Gemini CLI's payload keys
// (hookEventHandler.createBaseInput and the event inputs); a key of any
// other name is kept in Extra.
func commonKeys() map[string]geminicore.Field {
	return map[string]geminicore.Field{
		"session_id": geminicore.FieldSessionID, "transcript_path": geminicore.FieldTranscriptPath, "cwd": geminicore.FieldCwd,
		"timestamp": geminicore.FieldTimestamp, "source": geminicore.FieldReason, "reason": geminicore.FieldReason, "trigger": geminicore.FieldReason,
		"prompt": geminicore.FieldPrompt, "prompt_response": geminicore.FieldOutput, "stop_hook_active": geminicore.FieldStopHookActive,
		"tool_name": geminicore.FieldTool, "tool_input": geminicore.FieldArgs, "tool_response": geminicore.FieldResult,
		"notification_type": geminicore.FieldType,
	}
}

// agent is Gemini CLI for the core.
var agent = &geminicore.Agent{
	Proto: Name, Title: "Gemini CLI", Vocab: Dialect, MatchSyntax: Name,
	Rows: rows,

	Head: []string{"session_id", "transcript_path", "cwd"}, Tail: []string{"timestamp"},
	Keys: commonKeys, ToolName: toolName, EmptyResult: toolResponse, AfterRead: afterRead,

	Select: selects, Env: hookEnv, LaunchExpander: launchExpander, Argv: argv, DedupKey: dedupKey,
	TimeoutText: timeoutText, Read: readRun, Blocks: func(_ *geminicore.Row, o *geminicore.Output) bool { return blocking(o) }, FailDecision: "deny",
	Merge: mergeOutputs, Reply: nativeReply, OwnReply: ownReply,

	ShimTimeout: func(*format.ShimSpec) time.Duration { return DefaultTimeout },
	ProjectVars: []string{"GEMINI_PROJECT_DIR", "GEMINI_CWD", "CLAUDE_PROJECT_DIR"},
	// A Claude-named event with Gemini's timestamp and without Qwen
	// Code's permission_mode.
	Sure:     func(_ string, keys map[string]bool) bool { return keys["timestamp"] && !keys["permission_mode"] },
	HostOnly: func(string) bool { return true },

	Dir: ".gemini", SystemEnv: "GEMINI_CLI_SYSTEM_SETTINGS_PATH", DefaultsEnv: "GEMINI_CLI_SYSTEM_DEFAULTS_PATH", SystemPath: "/etc/gemini-cli/settings.json",
	Home:       geminiHome,
	Order:      []string{geminicore.ScopeSystemDefaults, geminicore.ScopeUser, geminicore.ScopeProject, geminicore.ScopeSystem},
	Extensions: extensionHooks, IsExtension: isExtensionHooks,

	TimeoutUnit: millis,
}

// EventNames returns the 11 Gemini CLI event names in table order.
func EventNames() []string { return agent.EventNames() }
