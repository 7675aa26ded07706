package cursor

import (
	"strings"

	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
)

// subjectKind is what a step's matcher is compared with (cursor §4: the CLI
// bundle's match values per step).
type subjectKind int

// Subjects of a step's matcher.
const (
	// subjectNone: the step has no match value; every hook runs and a
	// matcher is ignored (sessionStart, sessionEnd, preCompact,
	// workspaceOpen).
	subjectNone subjectKind = iota
	// subjectTool: the Cursor tool name (Shell, Read, StrReplace,
	// MCP:<tool>, …).
	subjectTool
	// subjectCommand: the shell command string.
	subjectCommand
	// subjectMCP: "MCP:" followed by the MCP tool's name.
	subjectMCP
	// subjectFixed: a fixed word (Step.Fixed), such as "Read" on
	// beforeReadFile or "Stop" on stop.
	subjectFixed
	// subjectSubagent: the subagent_type.
	subjectSubagent
)

// askRule is what a permission of "ask" does on a step (cursor §5.1, §9.6,
// §9.7).
type askRule int

// Effects of "ask".
const (
	// askInvalid: the step takes allow or deny only; "ask" fails
	// validation, and an invalid reply on a permission step denies.
	askInvalid askRule = iota
	// askIgnored: "ask" validates but is not enforced (preToolUse): no
	// decision.
	askIgnored
	// askAsks: the user is asked (beforeShellExecution,
	// beforeMCPExecution, as documented).
	askAsks
	// askDenies: "ask" is read as deny (subagentStart).
	askDenies
)

// toolSet is which tool calls of its native event a step fires for.
type toolSet int

// Tool sets of a step.
const (
	// toolsNone: the step is not about a tool call.
	toolsNone toolSet = iota
	// toolsAll: every tool (preToolUse, postToolUse, postToolUseFailure).
	toolsAll
	// toolsShell: the shell tool.
	toolsShell
	// toolsMCP: MCP tools (native mcp__<server>__<tool>, or Cursor's
	// MCP:<tool> when the server is unknown).
	toolsMCP
	// toolsRead: the read tool.
	toolsRead
	// toolsEdit: the file-writing tools (write, edit, multi_edit).
	toolsEdit
)

// claudeForm is which Claude Code reply fields a step reads when
// Cursor's own are absent (cursor §5.1: Cursor normalises them).
type claudeForm int

// Claude Code reply forms.
const (
	// claudeNone: no Claude field is read.
	claudeNone claudeForm = iota
	// claudePermission: hookSpecificOutput.permissionDecision,
	// permissionDecisionReason and updatedInput (preToolUse).
	claudePermission
	// claudeBlock: decision "block" with reason, as a followup_message
	// (stop, subagentStop).
	claudeBlock
)

// errorUse is where a step's error_message payload field comes from.
type errorUse int

// Sources of error_message.
const (
	// errorExtra: only a value read from a Cursor payload.
	errorExtra errorUse = iota
	// errorNative: the native event's error, else a value read.
	errorNative
	// errorAlways: as ErrorNative, and "" when there is neither.
	errorAlways
)

// stepRow is one row of Cursor's event table: a hooks.json step, the native
// event it is, and every rule hookcompat applies to its hooks.
type stepRow struct {
	// Name is the step as hooks.json and hook_event_name spell it.
	Name string
	// Event is the native event (settings.Event) the step runs on.
	Event settings.Event
	// toolSet restricts the step to some tool calls of Event.
	Tools toolSet
	// Phase orders the steps of one native event: Cursor fires a call's
	// preToolUse hooks before its tool-specific before* hooks, and
	// afterFileEdit before postToolUse (cursor §5.3). Lower first.
	Phase int
	// Fields are the step's own payload fields, in Cursor's order,
	// between the common head (conversation_id, generation_id, model)
	// and tail (session_id, hook_event_name, cursor_version,
	// workspace_roots, user_email, transcript_path).
	Fields []string
	// Bare marks a step outside any conversation (workspaceOpen): its
	// payload has only hook_event_name, cursor_version, workspace_roots
	// and user_email.
	Bare bool
	// Subject is what the matcher is compared with; Fixed is the word of
	// subjectFixed.
	Subject subjectKind
	Fixed   string
	// Permission marks a permission step (cursor §5.2): its reply is
	// {"permission": …}; an empty, non-JSON or invalid reply denies even
	// without failClosed; exit 2 denies.
	Permission bool
	// askRule is what permission "ask" does on a permission step.
	Ask askRule
	// Outputs are the reply fields the step honours (others are
	// accepted and ignored); Validated are fields it type-checks without
	// honouring (sessionStart's continue and user_message).
	Outputs, Validated []string
	// Exit2 is the effect of exit 2: "deny" (permission steps), "block"
	// (beforeSubmitPrompt: continue false) or "" (none).
	Exit2 string
	// FailClosed reports whether a failClosed hook's failure blocks here
	// (permission steps and beforeSubmitPrompt, cursor §8).
	FailClosed bool
	// JoinContext: several hooks' additional_context values are joined;
	// otherwise the later one wins (cursor §5.3).
	JoinContext bool
	// loopLimit: the step honours loop_limit (stop, subagentStop).
	LoopLimit bool
	// Text says where the step's replies land, for the docs and the
	// renderer.
	Text string

	// Claude is the Claude Code reply form the step also reads.
	Claude claudeForm
	// FollowupCompleted: a followup_message counts only when the
	// payload's status is "completed" (subagentStop).
	FollowupCompleted bool
	// Notice: user_message is shown to the user whatever the reply
	// decides (preCompact); the native reply's system message.
	Notice bool
	// ReasonAsContext: the step cannot block, so a converted hook's
	// block reason is written after its additional_context
	// (postToolUse, postToolUseFailure).
	ReasonAsContext bool
	// FailNoun names what a fail-closed failure blocks in Cursor's text
	// ("Tool" on the steps before a tool call, else "Action").
	FailNoun string
	// DenyText is the text the model reads for a deny, with %s for the
	// message (beforeShellExecution); "" means the message alone.
	DenyText string
	// Reason is the native reason every event of the step has
	// (sessionStart: "startup", Cursor has no resume or clear); "" for
	// none. ReasonField is the payload field that holds the native
	// reason ("trigger", "reason"), TaskPrompt reports that the payload's
	// task is the native prompt (subagentStart).
	Reason, ReasonField string
	TaskPrompt          bool
	// ErrorMessage is where the payload's error_message comes from.
	ErrorMessage errorUse
	// Optional are the step's fields written only when the event carries
	// them (afterAgentThought's duration_ms); others get Cursor's default.
	Optional []string
	// ClaudeFields are the Cursor payload fields copied into a Claude
	// hook's payload under Claude's names ({cursor, claude} pairs) when
	// Cursor hosts a converted Claude hook; DurationMS adds Claude's
	// duration_ms from Cursor's duration; ClaudeReasons maps the reason
	// to Claude's words ({cursor, claude}; any other is "other") when
	// not nil.
	ClaudeFields, ClaudeReasons [][2]string
	DurationMS                  bool
	// ProjectRoot: a plugin's hooks of the step run in the project root,
	// not the plugin's folder (stop, subagentStop; cursor §6).
	ProjectRoot bool
	// Merges: Cursor merges several hooks' replies its own way here
	// (deny > ask > allow, messages joined, the last updated_input and
	// followup_message win); the codex target warns when it wraps more
	// than one hook on the step.
	Merges bool
	// ConvertCode and ConvertNote are what the cursor target warns once
	// per step about a wrapped hook ("%s" is the hook's event name).
	ConvertCode, ConvertNote string
}

// Common payload fields (cursor §3.2), before and after a step's own.
var (
	commonHead = []string{"conversation_id", "generation_id", "model"}
	commonTail = []string{"session_id", "hook_event_name", "cursor_version", "workspace_roots", "user_email", "transcript_path"}
	bareFields = []string{"hook_event_name", "cursor_version", "workspace_roots", "user_email"}
)

// stepTable is Cursor's event table (cursor §3.1, §3.3, §4, §5.1, §5.2,
// §5.3, §8, §10.1), one row per step, in the order Cursor's docs list
// them. Every other file of the package reads its rules from here.
var stepTable = []stepRow{
	// sessionStart: fire-and-forget; stdout must be a JSON object
	// (plain text is a parse error); env reaches later hooks only.
	{Name: "sessionStart", Event: settings.SessionStart,
		Fields:  []string{"is_background_agent", "composer_mode"},
		Outputs: []string{"env", "additional_context"}, Validated: []string{"continue", "user_message"},
		JoinContext: true, Text: "additional_context reaches the model; env the session's later hooks",
		FailNoun: "Action", Reason: "startup", ClaudeFields: [][2]string{{"model", "model"}}},
	// sessionEnd: observe only.
	{Name: "sessionEnd", Event: settings.SessionEnd,
		Fields: []string{"reason", "duration_ms", "is_background_agent", "final_status", "error_message"},
		Text:   "nothing", FailNoun: "Action", ReasonField: "reason",
		ClaudeReasons: [][2]string{{"user_close", "exit"}, {"window_close", "exit"}}},
	// beforeSubmitPrompt: continue:false blocks the prompt (it stays in
	// the history); user_message is shown to the user. Cursor's
	// documentation gives this step no context field: an
	// additional_context is accepted and ignored (some builds were seen
	// to deliver it; the documentation is followed).
	{Name: "beforeSubmitPrompt", Event: settings.PromptSubmit,
		Fields:  []string{"prompt", "attachments", "composer_mode"},
		Subject: subjectFixed, Fixed: "UserPromptSubmit",
		Outputs: []string{"continue", "user_message"},
		Exit2:   "block", FailClosed: true,
		Text: "user_message to the user when blocked; nothing reaches the model", FailNoun: "Action", Merges: true,
		ConvertCode: CodeContextMayDrop, ConvertNote: "%s: additional context does not reach the model (Cursor's documentation gives beforeSubmitPrompt no context field), and a blocked prompt stays in Cursor's history"},
	// preToolUse: every tool; ask is not enforced; updated_input
	// replaces the input; the model reads user_message of a deny.
	{Name: "preToolUse", Event: settings.PreTool, Tools: toolsAll,
		Fields:     []string{"tool_name", "tool_input", "tool_use_id", "cwd", "agent_message"},
		Subject:    subjectTool,
		Permission: true, Ask: askIgnored,
		Outputs: []string{"permission", "user_message", "agent_message", "updated_input", "additional_context"},
		Exit2:   "deny", FailClosed: true, JoinContext: true,
		Text:   "a deny's user_message reaches the model as the tool's error; additional_context the model",
		Claude: claudePermission, FailNoun: "Tool", Merges: true,
		ConvertCode: CodeAskUnsupported, ConvertNote: "%s: an \"ask\" decision becomes a deny in Cursor (Cursor does not ask on preToolUse); continue:false lets the call run, as in Claude Code, but cannot stop the turn after it (Cursor's preToolUse has no continue: stopReason is dropped)"},
	// postToolUse: context, and a rewrite of an MCP tool's output.
	{Name: "postToolUse", Event: settings.PostTool, Tools: toolsAll, Phase: 1,
		Fields:  []string{"tool_name", "tool_input", "tool_output", "duration", "tool_use_id", "cwd"},
		Subject: subjectTool,
		Outputs: []string{"additional_context", "updated_mcp_tool_output"}, JoinContext: true,
		Text: "additional_context to the model", ReasonAsContext: true, FailNoun: "Action", DurationMS: true,
		ConvertCode: CodeCannotBlock, ConvertNote: "%s: Cursor cannot block here; a block's reason reaches the model as additional context, and continue:false cannot stop the turn (dropped)"},
	// postToolUseFailure: a failed, timed-out or denied call.
	{Name: "postToolUseFailure", Event: settings.PostToolFailure, Tools: toolsAll,
		Fields:  []string{"tool_name", "tool_input", "error_message", "failure_type", "duration", "tool_use_id", "is_interrupt", "cwd"},
		Subject: subjectTool,
		Outputs: []string{"additional_context"}, JoinContext: true,
		Text: "additional_context to the model", ReasonAsContext: true, FailNoun: "Action", ErrorMessage: errorAlways,
		DurationMS: true, ClaudeFields: [][2]string{{"is_interrupt", "is_interrupt"}},
		ConvertCode: CodeCannotBlock, ConvertNote: "%s: Cursor cannot block here; a block's reason reaches the model as additional context"},
	// subagentStart: a permission step (ask denies).
	{Name: "subagentStart", Event: settings.SubagentStart,
		Fields:     []string{"subagent_id", "subagent_type", "task", "parent_conversation_id", "tool_call_id", "subagent_model", "is_parallel_worker", "git_branch"},
		Subject:    subjectSubagent,
		Permission: true, Ask: askDenies,
		Outputs: []string{"permission", "user_message"},
		Exit2:   "deny", FailClosed: true,
		Text: "a deny stops the subagent; user_message to the user", FailNoun: "Action", TaskPrompt: true,
		ClaudeFields: [][2]string{{"subagent_id", "agent_id"}},
		ConvertCode:  CodeContextMayDrop, ConvertNote: "%s: Cursor's subagentStart has no context field; additionalContext is dropped"},
	// subagentStop: followup_message (only when status is completed).
	{Name: "subagentStop", Event: settings.SubagentStop,
		Fields:  []string{"subagent_id", "subagent_type", "status", "duration_ms", "parent_conversation_id", "message_count", "tool_call_count", "loop_count", "task", "description", "summary", "modified_files", "error_message", "git_branch", "agent_transcript_path"},
		Subject: subjectSubagent,
		Outputs: []string{"followup_message"}, LoopLimit: true,
		Text:   "followup_message becomes the subagent's next message",
		Claude: claudeBlock, FollowupCompleted: true, FailNoun: "Action", ErrorMessage: errorNative, ProjectRoot: true, Merges: true,
		ClaudeFields: [][2]string{{"subagent_id", "agent_id"}, {"agent_transcript_path", "agent_transcript_path"}},
		ConvertCode:  CodeCannotBlock, ConvertNote: "%s: continue false, stopReason and systemMessage have no effect in Cursor; a block becomes a followup_message"},
	// beforeShellExecution: after the call's preToolUse hooks.
	{Name: "beforeShellExecution", Event: settings.PreTool, Tools: toolsShell, Phase: 1,
		Fields:     []string{"command", "cwd", "sandbox"},
		Subject:    subjectCommand,
		Permission: true, Ask: askAsks,
		Outputs: []string{"permission", "user_message", "agent_message"},
		Exit2:   "deny", FailClosed: true,
		Text:     "a deny reaches the model as \"Command execution was blocked by a hook: <user_message>…\"",
		FailNoun: "Tool", DenyText: shellDenied},
	// afterShellExecution: observe only (no exit code).
	{Name: "afterShellExecution", Event: settings.PostTool, Tools: toolsShell,
		Fields:  []string{"command", "output", "duration", "sandbox"},
		Subject: subjectCommand, Text: "nothing", FailNoun: "Action"},
	// beforeMCPExecution: tool_input is a JSON string.
	{Name: "beforeMCPExecution", Event: settings.PreTool, Tools: toolsMCP, Phase: 1,
		Fields:     []string{"tool_name", "tool_input", "mcp_server_name", "command", "url", "mcp_server_url"},
		Subject:    subjectMCP,
		Permission: true, Ask: askAsks,
		Outputs: []string{"permission", "user_message", "agent_message"},
		Exit2:   "deny", FailClosed: true,
		Text: "a deny reaches the model with user_message", FailNoun: "Tool"},
	// afterMCPExecution: observe only.
	{Name: "afterMCPExecution", Event: settings.PostTool, Tools: toolsMCP,
		Fields:  []string{"tool_name", "tool_input", "result_json", "duration", "mcp_server_name", "mcp_server_url"},
		Subject: subjectMCP, Text: "nothing", FailNoun: "Action"},
	// beforeReadFile: allow or deny only; the hook gets the file's text.
	{Name: "beforeReadFile", Event: settings.PreTool, Tools: toolsRead, Phase: 1,
		Fields:  []string{"content", "file_path", "attachments"},
		Subject: subjectFixed, Fixed: "Read",
		Permission: true, Ask: askInvalid,
		Outputs: []string{"permission", "user_message"},
		Exit2:   "deny", FailClosed: true,
		Text: "a deny keeps the file from the model", FailNoun: "Tool"},
	// afterFileEdit: observe only; before the call's postToolUse hooks.
	{Name: "afterFileEdit", Event: settings.PostTool, Tools: toolsEdit,
		Fields:  []string{"file_path", "edits"},
		Subject: subjectFixed, Fixed: "Write", Text: "nothing", FailNoun: "Action"},
	// afterAgentResponse: observe only.
	{Name: "afterAgentResponse", Event: settings.AfterAgentResponse,
		Fields:  []string{"text"},
		Subject: subjectFixed, Fixed: "AgentResponse", Text: "nothing", FailNoun: "Action"},
	// afterAgentThought: observe only.
	{Name: "afterAgentThought", Event: settings.AfterAgentThought,
		Fields:  []string{"text", "duration_ms"},
		Subject: subjectFixed, Fixed: "AgentThought", Text: "nothing", FailNoun: "Action", Optional: []string{"duration_ms"}},
	// stop: followup_message is submitted as the next user message,
	// while loop_count < loop_limit.
	{Name: "stop", Event: settings.Stop,
		Fields:  []string{"status", "loop_count"},
		Subject: subjectFixed, Fixed: "Stop",
		Outputs: []string{"followup_message"}, LoopLimit: true,
		Text:   "followup_message becomes the next user message",
		Claude: claudeBlock, FailNoun: "Action", ProjectRoot: true, Merges: true,
		ConvertCode: CodeCannotBlock, ConvertNote: "%s: continue false, stopReason and systemMessage have no effect in Cursor; a block becomes a followup_message"},
	// preCompact: cannot block; user_message is shown to the user.
	{Name: "preCompact", Event: settings.PreCompact,
		Fields:  []string{"trigger", "context_usage_percent", "context_tokens", "context_window_size", "message_count", "messages_to_compact", "is_first_compaction"},
		Outputs: []string{"user_message"},
		Text:    "user_message to the user", Notice: true, FailNoun: "Action", ReasonField: "trigger",
		ConvertCode: CodeCannotBlock, ConvertNote: "%s: Cursor's preCompact cannot block"},
	// beforeTabFileRead: Tab's read; allow or deny only.
	{Name: "beforeTabFileRead", Event: settings.TabFileRead,
		Fields:  []string{"file_path", "content"},
		Subject: subjectFixed, Fixed: "TabRead",
		Permission: true, Ask: askInvalid,
		Outputs: []string{"permission"},
		Exit2:   "deny", FailClosed: true,
		Text: "a deny keeps the file from Tab", FailNoun: "Action"},
	// afterTabFileEdit: observe only.
	{Name: "afterTabFileEdit", Event: settings.TabFileEdit,
		Fields:  []string{"file_path", "edits"},
		Subject: subjectFixed, Fixed: "TabWrite", Text: "nothing", FailNoun: "Action"},
	// workspaceOpen: outside any session; pluginPaths adds plugins.
	{Name: "workspaceOpen", Event: settings.WorkspaceOpen, Bare: true,
		Outputs: []string{"pluginPaths"}, Text: "pluginPaths are loaded as plugins", FailNoun: "Action"},
}

// stepByName indexes Steps by name, on first use.
var stepByName = lazy.Value[map[string]*stepRow]{New: func() map[string]*stepRow {
	m := map[string]*stepRow{}
	for i := range stepTable {
		m[stepTable[i].Name] = &stepTable[i]
	}
	return m
}}

// stepNamed returns the row of a step ("beforeShellExecution"), exactly
// spelt; nil for a name Cursor does not know.
func stepNamed(name string) *stepRow { return stepByName.Get()[name] }

// genericStep returns the step for every call of native event e: the
// first row of e that is not restricted to some tools (preToolUse for
// pre_tool), or nil when Cursor has no step for e.
func genericStep(e settings.Event) *stepRow {
	for i := range stepTable {
		if s := &stepTable[i]; s.Event == e && (s.Tools == toolsNone || s.Tools == toolsAll) {
			return s
		}
	}
	return nil
}

// stepNames returns the step names in table order.
func stepNames() []string {
	out := make([]string, len(stepTable))
	for i := range stepTable {
		out[i] = stepTable[i].Name
	}
	return out
}

// stepsOf returns the steps of native event e, in table order.
func stepsOf(e settings.Event) []*stepRow {
	var out []*stepRow
	for i := range stepTable {
		if stepTable[i].Event == e {
			out = append(out, &stepTable[i])
		}
	}
	return out
}

// toolEvent reports whether Cursor's steps of native event e are about
// a tool call.
func toolEvent(e settings.Event) bool {
	for _, s := range stepsOf(e) {
		if s.Tools != toolsNone {
			return true
		}
	}
	return false
}

// followsUp reports whether the steps of native event e continue with a
// follow-up message (stop, subagentStop): the later follow-up of several
// hooks overwrites the earlier.
func followsUp(e settings.Event) bool {
	for _, s := range stepsOf(e) {
		if s.LoopLimit {
			return true
		}
	}
	return false
}

// Honours reports whether the step honours reply field key.
func (s *stepRow) Honours(key string) bool { return contains(s.Outputs, key) }

// HasSubject reports whether the step compares matchers with something.
func (s *stepRow) HasSubject() bool { return s.Subject != subjectNone }

// Specific reports whether the step is one of several Cursor steps of
// its native event that fire for some tools only (beforeShellExecution).
func (s *stepRow) Specific() bool { return s.Tools != toolsNone && s.Tools != toolsAll }

// stepOf returns the step of a Cursor hook: its "step" option, else the
// generic step of its native event.
func stepOf(h *settings.Hook) *stepRow {
	if name := h.Options[OptionStep]; name != "" {
		if s := stepNamed(name); s != nil {
			return s
		}
	}
	return genericStep(h.Event)
}

// Hook options (settings.Hook.Options) of Cursor hooks.
const (
	// OptionStep names the hook's step when it is not the generic step
	// of its native event ("beforeShellExecution" on pre_tool).
	OptionStep = "step"
	// OptionLoopLimit is a stop or subagentStop hook's loop_limit: a
	// positive integer, or "null" for no limit. Absent means Cursor's
	// default, 5.
	OptionLoopLimit = "loop_limit"
)

// firesFor reports whether a step restricted to some tools fires for a
// call of the native tool (vocabulary names).
func (s *stepRow) firesFor(cursorTool, native string) bool {
	switch s.Tools {
	case toolsShell:
		return cursorTool == "Shell"
	case toolsMCP:
		return isMCP(native)
	case toolsRead:
		return cursorTool == "Read"
	case toolsEdit:
		return native == "write" || native == "edit" || native == "multi_edit"
	}
	return true
}

// isMCP reports whether a native tool name is an MCP tool's.
func isMCP(native string) bool {
	return strings.HasPrefix(native, "mcp__") || strings.HasPrefix(native, "MCP:")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
