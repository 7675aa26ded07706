package claude

import (
	"time"

	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// This file is the Claude Code event table: one row per event (all 33 of
// Claude Code 2.1.332), holding everything that differs by event. The
// rest of the package reads the rows; it compares no event names itself
// (TestEventTableIsTheOnlyEventSwitch proves it). A new Claude release is
// a row edit.
//
// Where a row says "recorded" the behaviour was observed on the real
// binary (the recordings of testdata/recordings/claude and the shared
// oracle); "spec" rows follow the protocol reference (claude §4, §6)
// because Claude Code could not be driven to that event offline.

// event is one Claude Code event's rules.
type event struct {
	// name is Claude's event name; native the native or extension event
	// it runs as (the same pairs as translate.NativeEvent).
	name   string
	native settings.Event

	// head are the payload keys written before hook_event_name, fields
	// those after it, each in Claude's order (claude §4; oracle
	// hook_runs[].stdin). A key is written when the event has a value for
	// it; see payload.go for the few defaults.
	head, fields []string
	// nativeKeys maps payload keys of this event to the native event
	// field that holds them, beyond the common keys (session_id,
	// transcript_path, cwd, prompt_id, permission_mode when in head,
	// agent_type, tool_*); keys mapped nowhere live in Event.Extra.
	nativeKeys map[string]string
	// empty is the raw JSON Claude writes for a key whose native value is
	// empty (PreCompact's custom_instructions: null; a stop's
	// last_assistant_message: ""); other empty values are left out.
	empty map[string]string
	// values maps the event's reason values between Claude's words and
	// the native spec's (HK-51, HK-52): {claude, native} pairs; values not
	// listed pass through.
	values [][2]string

	// match is what a matcher is compared with (claude §3.2): absent
	// means the event has no matcher support and a matcher is ignored
	// (the hook runs, recorded for UserPromptSubmit, Stop, PostToolBatch).
	match matchOn
	// narrowNames: only letters, digits, '_' and '|' make a matcher an
	// exact-name list (claude §3.1: FileChanged, StopFailure).
	narrowNames bool
	// ifRule: an "if" permission rule is evaluated (tool events); on the
	// other events a hook with "if" never runs (recorded).
	ifRule bool

	// out is the set of JSON outputs the event honours (claude §6.8).
	// Two outputs are the same on every event and have no column:
	// systemMessage reaches the user, never the model (the native reply
	// keeps it; notice says where Claude shows it), and suppressOutput
	// changes nothing the model sees (recorded).
	out outputs
	// plain is what a successful hook's plain (non-JSON) stdout is.
	plain plainUse
	// exit2 is what exit status 2 does (claude §6.4, recorded per row).
	exit2 exit2Use
	// cont is what continue:false does (recorded per row).
	cont contUse
	// envFile: hooks get CLAUDE_ENV_FILE, <event lowercase>-hook-<i>.sh,
	// whose exports Claude reads back into later Bash calls (recorded).
	envFile bool
	// join: the contexts of several hooks make one reminder, joined with
	// "\n"; otherwise each hook's context is its own reminder.
	join bool
	// lands is where the event's texts reach the model.
	lands landing
	// persist: a context (or plain stdout used as one) over 10,000
	// UTF-16 units is saved to a file and replaced by a preview; id is
	// the <ID> of the file name (claude §13 of the findings, recorded).
	persist   bool
	persistID persistID
	// label is how the event names itself in texts: "<Event>:<Tool>"
	// for tool events, "<Event>" otherwise (SessionStart's plain stdout
	// is "SessionStart:<source>").
	label labelKind
	// feedback is the event the preamble feedback block names ("Stop
	// hook feedback:"), for the events that continue a turn.
	feedback string
	// notice: Claude shows a systemMessage to the user (a stream
	// notice); it never reaches the model.
	notice bool
	// timeout is the default timeout of command and http handlers
	// (claude §2.4); zero means defaultCommandTimeout.
	timeout time.Duration
	// failOpen: onFailure "block" has no effect (claude §6.12).
	failOpen bool
	// blockOnTimeout: a timed-out hook blocks (PreModelSwitch, claude
	// §7.5).
	blockOnTimeout bool
	// blockCap: consecutive continuations are capped
	// ([DefaultStopBlockCap], recorded for Stop).
	blockCap bool
	// missingFile is when an exit 2 that names a missing file is only a
	// non-blocking error (claude §6.4).
	missingFile guard
	// judge is what a prompt or agent hook's blocking verdict does
	// (claude §6.11); the default is the event's blocking effect, as exit
	// 2.
	judge judgeUse
	// mcp says when mcp_tool handlers run (claude §2.2).
	mcp mcpUse
	// permits is the event's part in Claude's permission layer
	// ([PermissionLayer]).
	permits permitUse
}

// matchOn is what a matcher is compared with.
type matchOn struct {
	kind  matchKind
	field string // the payload field compared (matchReason: the one held as the native reason)
}

type matchKind int

const (
	matchNone     matchKind = iota // no matcher support: matchers are ignored
	matchTool                      // the Claude tool name (Task also selects Agent)
	matchReason                    // the native reason, in Claude's words (values)
	matchType                      // Notification's notification_type
	matchSubagent                  // agent_type of SubagentStart/SubagentStop
	matchField                     // a payload field kept in Extra
	matchBase                      // the base name of a path field in Extra
)

// outputs is a set of honoured JSON outputs.
type outputs uint32

const (
	outContext        outputs = 1 << iota // hookSpecificOutput.additionalContext reaches the model
	outBlock                              // top-level decision:"block" + reason has the event's blocking effect
	outPermission                         // permissionDecision allow/deny/ask/defer (+ legacy approve/block)
	outBehavior                           // hookSpecificOutput.decision.behavior allow/deny (PermissionRequest)
	outUpdatedInput                       // updatedInput, validated against the tool's schema
	outUpdatedOutput                      // updatedToolOutput / updatedMCPToolOutput, shape-checked
	outInitialMessage                     // initialUserMessage replaces the first prompt (-p)
	outSuppressPrompt                     // suppressOriginalPrompt on a block
	outDisplayContent                     // displayContent replaces the shown text
	outRetry                              // retry (PermissionDenied)
	outModelDecision                      // permissionDecision allow/deny/ask of PreModelSwitch
	outIgnoreAll                          // the whole JSON output is discarded
)

func (o outputs) has(x outputs) bool { return o&x != 0 }

// plainUse is what a successful hook's plain stdout is.
type plainUse int

const (
	plainIgnored plainUse = iota // debug log only
	plainSuccess                 // its own reminder "<label> hook success: <stdout>"
	plainContext                 // context, joined with the JSON contexts (PostModelSwitch)
)

// exit2Use is what exit status 2 does.
type exit2Use int

const (
	exit2Ignored     exit2Use = iota // nothing (stderr may reach the user)
	exit2Deny                        // the tool call is denied: "<label> hook error: [<cmd>]: <stderr>"
	exit2Feedback                    // feedback appended to the tool result
	exit2BlockPrompt                 // the prompt is not sent; the user sees why
	exit2Continue                    // the turn continues with the feedback block
	exit2EndLoop                     // the loop ends before the next model request
	exit2ToolError                   // the tool call fails with "<Event> hook feedback:\n[<cmd>]: <stderr>"
	exit2Cancel                      // the operation (compaction, config change, model switch, …) is cancelled
)

// blocks reports whether exit 2 (and a JSON block) stops or alters
// something: the native reply says block or deny.
func (u exit2Use) blocks() bool { return u != exit2Ignored }

// contUse is what continue:false does.
type contUse int

const (
	contIgnored   contUse = iota // the session goes on
	contEndsLoop                 // the loop ends; nothing of the event reaches the model
	contStopsTurn                // the prompt is not sent ("Operation stopped by hook: …")
	contEndsTurn                 // the turn ends, even when a hook blocked (Stop)
)

// landing is where an event's texts reach the model.
type landing string

// Landings, as the model view names them (format.ModelText.Placement).
const (
	landNone         landing = ""
	landToolResult   landing = "tool_result"       // the call's tool_result, then a text block after it
	landAppend       landing = "tool_result_tail"  // appended to the call's tool_result
	landBatch        landing = "batch_tail"        // appended to the batch's last tool_result
	landFirstMessage landing = "first_message"     // the first user message of the prompt
	landContinuation landing = "continuation"      // a new user message that continues the turn
	landSubagent     landing = "subagent_first"    // the first request of the sub-agent
	landNextRequest  landing = "next_request"      // the next model request
	landCompaction   landing = "compaction_result" // the compaction's local command output
	landLater        landing = "later_request"     // a later request (async hooks)
)

// permitUse is an event's part in Claude's permission layer.
type permitUse int

const (
	permitNone    permitUse = iota
	permitDecides           // the hooks decide first, the rules and the mode around them (PreToolUse)
	permitAnswers           // the hooks answer the ask Claude's rules or mode made (PermissionRequest)
)

// judgeUse is what a prompt or agent hook's blocking verdict does.
type judgeUse int

const (
	judgeBlocks             judgeUse = iota // the event's blocking effect, as exit 2
	judgeIgnored                            // no effect
	judgeStopCondition                      // the prompt is a stopping condition; continues unless Impossible
	judgeEndsUnlessContinue                 // blocks, and ends the turn unless continueOnBlock (prompt hooks)
	judgeEndsTurn                           // blocks and ends the turn
)

// mcpUse says when mcp_tool handlers run.
type mcpUse int

const (
	mcpRuns        mcpUse = iota // always
	mcpNever                     // never (no MCP client yet)
	mcpNotAtLaunch               // not at launch (startup, resume)
)

// guard says which hooks a rule covers.
type guard int

const (
	guardNone   guard = iota
	guardAll          // every hook of the event
	guardPlugin       // a plugin's hooks only
)

// persistID is the <ID> of a persisted output's file name.
type persistID int

const (
	idNone     persistID = iota
	idToolUse            // the tool_use_id
	idUUID               // a fresh UUID
	idHookUUID           // "hook-" + a fresh UUID
)

// labelKind is how texts name the event.
type labelKind int

const (
	labelEvent labelKind = iota // "<Event>"
	labelTool                   // "<Event>:<Tool>"
)

// Payload key heads.
var (
	// headTool is the common head of the events that carry the
	// permission mode (tool events, prompts, stops).
	headTool = []string{"session_id", "transcript_path", "cwd", "prompt_id", "permission_mode", "effort", "scratchpad_dir", "agent_id", "agent_type"}
	// headPlain is the common head without the permission mode.
	headPlain = []string{"session_id", "transcript_path", "cwd", "prompt_id", "effort", "scratchpad_dir", "agent_id", "agent_type"}
)

// toolKeys are the payload keys a tool event keeps in native fields.
var toolKeys = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"tool_name": "tool", "tool_input": "args", "tool_response": "result", "tool_use_id": "tool_call_id"}
}}

var modelSwitchFields = []string{"from_model", "to_model", "requested_model", "source", "context_tokens", "prompt_cache_warm", "cache_ttl", "estimated_cache_write_usd", "pricing"}

// eventRows is the table, in the order of a session's lifecycle (Setup
// fires before SessionStart; claude §4.2 otherwise).
func eventRows() []event {
	return []event{
		// Setup (recorded, -p --init / --maintenance): matcher on trigger;
		// every output is discarded; CLAUDE_ENV_FILE, exports read back.
		{name: "Setup", native: settings.Setup, head: []string{"session_id", "transcript_path", "cwd"}, fields: []string{"trigger"},
			match: matchOn{kind: matchField, field: "trigger"}, out: outIgnoreAll, envFile: true, mcp: mcpNever},
		// SessionStart (recorded): matcher on source; plain stdout is its own
		// "SessionStart:<source> hook success" reminder (all of them before
		// the joined JSON context); exit 2 and continue:false change nothing;
		// CLAUDE_ENV_FILE; contexts over 10,000 chars persisted (fresh UUID).
		{name: "SessionStart", native: settings.SessionStart,
			head: []string{"session_id", "transcript_path", "cwd", "prompt_id", "agent_type"}, fields: []string{"source", "model", "session_title", "seconds_since_last_response", "context_tokens", "prompt_cache_likely_expired", "estimated_cache_write_usd"},
			nativeKeys: map[string]string{"source": "reason"}, values: [][2]string{{"startup", "startup"}, {"resume", "resume"}, {"clear", "new"}},
			match: matchOn{kind: matchReason, field: "source"}, out: outContext | outInitialMessage, plain: plainSuccess, exit2: exit2Ignored, cont: contIgnored,
			envFile: true, join: true, lands: landFirstMessage, persist: true, persistID: idUUID, mcp: mcpNotAtLaunch},
		// InstructionsLoaded (recorded): matcher on load_reason; output ignored.
		{name: "InstructionsLoaded", native: settings.InstructionsLoaded, head: headPlain,
			fields: []string{"file_path", "memory_type", "load_reason", "globs", "trigger_file_path", "parent_file_path"},
			match:  matchOn{kind: matchField, field: "load_reason"}, out: outIgnoreAll},
		// UserPromptSubmit (recorded): no matcher; plain stdout and each
		// hook's context are their own reminders in the first message; exit 2
		// and decision:block keep the prompt from being sent; continue:false
		// stops it ("Operation stopped by hook"); 30 s default timeout.
		{name: "UserPromptSubmit", native: settings.PromptSubmit, head: headTool, fields: []string{"prompt", "session_title"},
			nativeKeys: map[string]string{"prompt": "prompt"},
			out:        outContext | outBlock | outSuppressPrompt, plain: plainSuccess, exit2: exit2BlockPrompt, cont: contStopsTurn,
			lands: landFirstMessage, persist: true, persistID: idUUID, notice: true, timeout: 30 * time.Second, missingFile: guardPlugin, judge: judgeEndsTurn},
		// UserPromptExpansion (recorded): matcher on command_name; like
		// UserPromptSubmit, before the expanded command's message.
		{name: "UserPromptExpansion", native: settings.PromptExpansion, head: headTool,
			fields: []string{"expansion_type", "command_name", "command_args", "command_source", "prompt"}, nativeKeys: map[string]string{"prompt": "prompt"},
			match: matchOn{kind: matchField, field: "command_name"}, out: outContext | outBlock, plain: plainSuccess, exit2: exit2BlockPrompt, cont: contStopsTurn,
			lands: landFirstMessage, persist: true, persistID: idUUID, judge: judgeEndsTurn},
		// MessageDisplay (recorded): output ignored but displayContent, which
		// replaces the run's result text; 10 s default timeout.
		{name: "MessageDisplay", native: settings.MessageDisplay, head: headPlain, fields: []string{"turn_id", "message_id", "index", "final", "delta"},
			out: outDisplayContent, timeout: 10 * time.Second},
		// PreToolUse (recorded): matcher on the tool; permissionDecision
		// (deny > defer > ask > allow), updatedInput (schema-checked), one
		// joined context after the call's tool_result; exit 2 denies with
		// stderr ("<Tool> hook error: [<cmd>]: <stderr>"), a JSON reason
		// replacing it; continue:false ends the loop after the call.
		{name: "PreToolUse", native: settings.PreTool, head: headTool, fields: []string{"tool_name", "tool_input", "tool_use_id", "mcp_server"}, nativeKeys: toolKeys.Get(),
			match: matchOn{kind: matchTool}, ifRule: true, out: outContext | outPermission | outUpdatedInput, exit2: exit2Deny, cont: contEndsLoop,
			join: true, lands: landToolResult, persist: true, persistID: idToolUse, label: labelTool, notice: true, judge: judgeEndsUnlessContinue, permits: permitDecides},
		// PermissionRequest (recorded): decision.behavior allow (+updatedInput)
		// or deny (message, default "Permission denied by hook"; interrupt
		// aborts the run); context, continue and exit 2 are ignored.
		{name: "PermissionRequest", native: settings.PermissionRequest, head: headTool, fields: []string{"tool_name", "tool_input", "permission_suggestions", "mcp_server"}, nativeKeys: toolKeys.Get(),
			match: matchOn{kind: matchTool}, ifRule: true, out: outBehavior | outUpdatedInput, exit2: exit2Ignored, cont: contIgnored, lands: landToolResult, label: labelTool, judge: judgeIgnored, permits: permitAnswers},
		// PermissionDenied (spec; never fired offline): retry only.
		{name: "PermissionDenied", native: settings.PermissionDenied, head: headTool, fields: []string{"tool_name", "tool_input", "tool_use_id", "reason", "mcp_server"}, nativeKeys: toolKeys.Get(),
			match: matchOn{kind: matchTool}, ifRule: true, out: outRetry, label: labelTool, judge: judgeIgnored},
		// PostToolUse (recorded): decision:block and exit 2 are feedback
		// appended to the tool result (before the hook's context); each hook's
		// context is its own reminder; updatedToolOutput must fit the tool's
		// output; continue:false ends the loop and nothing of it is sent.
		{name: "PostToolUse", native: settings.PostTool, head: headTool, fields: []string{"tool_name", "tool_input", "tool_response", "tool_use_id", "duration_ms", "mcp_server"}, nativeKeys: toolKeys.Get(),
			match: matchOn{kind: matchTool}, ifRule: true, out: outContext | outBlock | outUpdatedOutput, exit2: exit2Feedback, cont: contEndsLoop,
			lands: landAppend, persist: true, persistID: idToolUse, label: labelTool, notice: true, judge: judgeEndsUnlessContinue},
		// PostToolUseFailure (recorded): as PostToolUse, but continue:false
		// is ignored and there is no output rewrite.
		{name: "PostToolUseFailure", native: settings.PostToolFailure, head: headTool, fields: []string{"tool_name", "tool_input", "tool_use_id", "error", "is_interrupt", "duration_ms", "mcp_server"},
			nativeKeys: map[string]string{"tool_name": "tool", "tool_input": "args", "tool_use_id": "tool_call_id", "error": "error"},
			match:      matchOn{kind: matchTool}, ifRule: true, out: outContext | outBlock, exit2: exit2Feedback, cont: contIgnored,
			lands: landAppend, persist: true, persistID: idToolUse, label: labelTool, notice: true},
		// PostToolBatch (recorded): no matcher; each hook's context is
		// appended to the batch's last tool_result; decision:block, exit 2
		// and continue:false end the loop (the reason is shown nowhere).
		{name: "PostToolBatch", native: settings.PostToolBatch, head: headTool, fields: []string{"tool_calls"},
			out: outContext | outBlock, exit2: exit2EndLoop, cont: contEndsLoop, lands: landBatch, persist: true, persistID: idHookUUID, notice: true, judge: judgeEndsTurn},
		// Notification (recorded, SDK mode): matcher on notification_type;
		// output ignored.
		{name: "Notification", native: settings.Notification, head: headPlain, fields: []string{"message", "title", "notification_type"},
			nativeKeys: map[string]string{"message": "message", "notification_type": "type"},
			match:      matchOn{kind: matchType}, out: outIgnoreAll},
		// SubagentStart (recorded): agent fields before hook_event_name, no
		// permission mode; matcher on agent_type; joined context as the first
		// block of the sub-agent's first request (plain stdout is not);
		// exit 2 and continue:false change nothing.
		{name: "SubagentStart", native: settings.SubagentStart, head: []string{"session_id", "transcript_path", "cwd", "prompt_id", "agent_id", "agent_type"},
			nativeKeys: map[string]string{"agent_type": "subagent"},
			match:      matchOn{kind: matchSubagent}, out: outContext, exit2: exit2Ignored, cont: contIgnored,
			join: true, lands: landSubagent, persist: true, persistID: idUUID},
		// SubagentStop (recorded): decision:block, exit 2 and each hook's
		// context continue the sub-agent; the feedback block says "Stop hook
		// feedback:"; continue:false is ignored.
		{name: "SubagentStop", native: settings.SubagentStop, head: []string{"session_id", "transcript_path", "cwd", "prompt_id", "permission_mode", "effort", "agent_id", "agent_type"},
			fields:     []string{"stop_hook_active", "agent_transcript_path", "last_assistant_message", "background_tasks", "session_crons"},
			nativeKeys: map[string]string{"agent_type": "subagent", "stop_hook_active": "stop_hook_active", "last_assistant_message": "output"},
			empty:      map[string]string{"last_assistant_message": `""`},
			match:      matchOn{kind: matchSubagent}, out: outContext | outBlock, exit2: exit2Continue, cont: contIgnored,
			lands: landContinuation, persist: true, persistID: idUUID, feedback: "Stop", failOpen: true, blockCap: true, missingFile: guardAll, judge: judgeStopCondition},
		// TaskCreated (recorded): exit 2 (or a block) rolls the task back,
		// the TaskCreate call fails with the feedback; no permission mode.
		{name: "TaskCreated", native: settings.TaskCreated, head: headPlain, fields: []string{"task_id", "task_subject", "task_description", "teammate_name", "team_name"},
			out: outBlock, exit2: exit2ToolError, cont: contIgnored, lands: landToolResult},
		// TaskCompleted (recorded payload; spec outputs): exit 2 keeps the
		// task open with the feedback; no permission mode in -p.
		{name: "TaskCompleted", native: settings.TaskCompleted, head: headPlain, fields: []string{"task_id", "task_subject", "task_description", "teammate_name", "team_name"},
			out: outBlock, exit2: exit2ToolError, cont: contEndsLoop, lands: landToolResult, failOpen: true, missingFile: guardAll},
		// Stop (recorded): no matcher; decision:block, exit 2 and each hook's
		// context continue the turn; continue:false ends it even over a block.
		{name: "Stop", native: settings.Stop, head: headTool, fields: []string{"stop_hook_active", "last_assistant_message", "background_tasks", "session_crons"},
			nativeKeys: map[string]string{"stop_hook_active": "stop_hook_active", "last_assistant_message": "output"},
			empty:      map[string]string{"last_assistant_message": `""`},
			out:        outContext | outBlock, exit2: exit2Continue, cont: contEndsTurn,
			lands: landContinuation, persist: true, persistID: idUUID, feedback: "Stop", notice: true, failOpen: true, blockCap: true, missingFile: guardAll, judge: judgeStopCondition},
		// StopFailure (recorded): matcher on error (narrow names); output
		// ignored; Claude does not wait for it.
		{name: "StopFailure", native: settings.StopFailure, head: headPlain, fields: []string{"error", "error_details", "last_assistant_message"},
			match: matchOn{kind: matchField, field: "error"}, narrowNames: true, out: outIgnoreAll},
		// TeammateIdle (spec): exit 2 keeps the teammate working;
		// continue:false stops it.
		{name: "TeammateIdle", native: settings.TeammateIdle, head: headTool, fields: []string{"teammate_name", "team_name"},
			out: outBlock, exit2: exit2Continue, cont: contEndsLoop, lands: landContinuation, feedback: "TeammateIdle", failOpen: true, judge: judgeEndsUnlessContinue},
		// ConfigChange (recorded payload): matcher on source; exit 2 or a
		// block keep the change from applying.
		{name: "ConfigChange", native: settings.ConfigChange, head: headPlain, fields: []string{"source", "file_path"},
			match: matchOn{kind: matchField, field: "source"}, out: outBlock, exit2: exit2Cancel},
		// CwdChanged (recorded): no matcher; CLAUDE_ENV_FILE (the same file
		// every time); nothing reaches the model.
		{name: "CwdChanged", native: settings.CwdChanged, head: headPlain, fields: []string{"old_cwd", "new_cwd"}, envFile: true},
		// DirectoryAdded (spec; /add-dir is not available in -p): matcher on
		// source.
		{name: "DirectoryAdded", native: settings.DirectoryAdded, head: headPlain, fields: []string{"directory", "source"},
			match: matchOn{kind: matchField, field: "source"}},
		// FileChanged (recorded): matcher on the file's base name (narrow
		// names); CLAUDE_ENV_FILE.
		{name: "FileChanged", native: settings.FileChanged, head: headPlain, fields: []string{"file_path", "event"},
			match: matchOn{kind: matchBase, field: "file_path"}, narrowNames: true, envFile: true},
		// WorktreeCreate (recorded): stdout is the worktree's path; a failure
		// fails the creation.
		{name: "WorktreeCreate", native: settings.WorktreeCreate, head: []string{"session_id", "transcript_path", "cwd"}, fields: []string{"name"},
			exit2: exit2Cancel},
		// WorktreeRemove (spec).
		{name: "WorktreeRemove", native: settings.WorktreeRemove, head: headPlain, fields: []string{"worktree_path"}, exit2: exit2Cancel},
		// PreModelSwitch (recorded payload; spec outputs): permissionDecision
		// allow/deny/ask; exit 2, a block or a timeout cancel the switch.
		{name: "PreModelSwitch", native: settings.PreModelSwitch, head: headPlain, fields: modelSwitchFields,
			match: matchOn{kind: matchField, field: "to_model"}, out: outBlock | outModelDecision, exit2: exit2Cancel,
			timeout: 30 * time.Second, blockOnTimeout: true},
		// PostModelSwitch (recorded): plain stdout and contexts joined in one
		// reminder of the next request.
		{name: "PostModelSwitch", native: settings.PostModelSwitch, head: headPlain, fields: modelSwitchFields,
			match: matchOn{kind: matchField, field: "to_model"}, out: outContext, plain: plainContext, join: true,
			lands: landNextRequest, persist: true, persistID: idUUID, timeout: 30 * time.Second},
		// Elicitation, ElicitationResult (spec): matcher on mcp_server_name;
		// exit 2 or a block decline.
		{name: "Elicitation", native: settings.Elicitation, head: headPlain, fields: []string{"mcp_server_name", "message", "mode", "url", "elicitation_id", "requested_schema"},
			match: matchOn{kind: matchField, field: "mcp_server_name"}, out: outBlock, exit2: exit2Cancel},
		{name: "ElicitationResult", native: settings.ElicitationResult, head: headPlain, fields: []string{"mcp_server_name", "action", "content", "mode", "elicitation_id"},
			match: matchOn{kind: matchField, field: "mcp_server_name"}, out: outBlock, exit2: exit2Cancel},
		// PreCompact (recorded, stream-json /compact): matcher on trigger;
		// exit 2 blocks the compaction; stdout lands in the compaction's
		// command output.
		{name: "PreCompact", native: settings.PreCompact, head: headPlain, fields: []string{"trigger", "custom_instructions"},
			nativeKeys: map[string]string{"trigger": "reason", "custom_instructions": "prompt"}, empty: map[string]string{"custom_instructions": "null"},
			match: matchOn{kind: matchReason, field: "trigger"}, out: outBlock, exit2: exit2Cancel, lands: landCompaction},
		// PostCompact (recorded): matcher on trigger; stdout lands in the
		// compaction's command output.
		{name: "PostCompact", native: settings.PostCompact, head: headPlain, fields: []string{"trigger", "compact_summary"},
			nativeKeys: map[string]string{"trigger": "reason", "compact_summary": "output"},
			match:      matchOn{kind: matchReason, field: "trigger"}, lands: landCompaction},
		// SessionEnd (recorded): matcher on reason; exit 2's stderr goes to
		// Claude's own stderr; 1.5 s default timeout.
		{name: "SessionEnd", native: settings.SessionEnd, head: headPlain, fields: []string{"reason"},
			nativeKeys: map[string]string{"reason": "reason"}, values: [][2]string{{"clear", "new"}, {"resume", "load"}, {"prompt_input_exit", "exit"}},
			match: matchOn{kind: matchReason, field: "reason"}, out: outIgnoreAll, timeout: 1500 * time.Millisecond},
	}
}

// eventTables are the rows of eventRows and their index by Claude name
// and by native event.
type eventTables struct {
	rows     []event
	byName   map[string]*event
	byNative map[settings.Event]*event
}

// events returns the event table, built on first use (a process that
// never reads a Claude hook, such as `hookcompat version`, does not build
// it).
var events = lazy.Value[*eventTables]{New: func() *eventTables {
	t := &eventTables{rows: eventRows(), byName: map[string]*event{}, byNative: map[settings.Event]*event{}}
	for i := range t.rows {
		e := &t.rows[i]
		t.byName[e.name] = e
		t.byNative[e.native] = e
	}
	return t
}}

// eventOf returns the row of a native event, or nil for an event Claude
// Code does not have.
func eventOf(native settings.Event) *event { return events.Get().byNative[native] }

// eventNamed returns the row of a Claude event name, or nil.
func eventNamed(name string) *event { return events.Get().byName[name] }

// isTool reports whether the event concerns one tool call.
func (e *event) isTool() bool { return e.match.kind == matchTool }

// defaultTimeout is the event's default command/http timeout.
func (e *event) defaultTimeout() time.Duration {
	if e.timeout > 0 {
		return e.timeout
	}
	return defaultCommandTimeout
}

// eventNames returns Claude Code's 33 event names in the table's order
// (the order of a session's lifecycle).
func eventNames() []string {
	rows := events.Get().rows
	out := make([]string, len(rows))
	for i, e := range rows {
		out[i] = e.name
	}
	return out
}

// claudeName returns the Claude name of a native event ("" when Claude
// has none).
func claudeName(native settings.Event) string {
	if e := eventOf(native); e != nil {
		return e.name
	}
	name, _ := translate.ClaudeEvent(native)
	return name
}
