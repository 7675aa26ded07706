package codex

import (
	"time"

	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
)

// The Codex event table (codex §2, the recordings win where they differ):
// ONE row per Codex CLI 0.169.0 event, in Codex's fixed event order (the
// order of its hook listing and of the display index in hook_run_id,
// codex §2.1). Every other file of the package reads its per-event rules
// from here.

// matchTarget is what a group's matcher is compared with (codex §1.6, §2.1).
type matchTarget int

const (
	matchNone    matchTarget = iota // the matcher is ignored: every group runs
	matchTool                       // the Codex tool name and its aliases
	matchSource                     // SessionStart source (startup, compact, …)
	matchTrigger                    // PreCompact/PostCompact trigger (auto, manual)
	matchReason                     // SessionEnd reason (other)
	matchAgent                      // SubagentStart/SubagentStop agent_type
)

// exit2Action is what exit 2 with a non-blank stderr does (codex §3.1 row 6).
type exit2Action int

const (
	exit2Nothing  exit2Action = iota // no effect (the hook still counts as blocked in Codex's status)
	exit2Block                       // PreToolUse: the call is blocked with trim(stderr)
	exit2Deny                        // PermissionRequest: the approval is denied with trim(stderr)
	exit2Feedback                    // PostToolUse: trim(stderr) replaces the tool output
	exit2Drop                        // UserPromptSubmit: the prompt is dropped
	exit2Continue                    // Stop, SubagentStop: trim(stderr) is a continuation prompt
)

// Universal reply fields, accepted at the top level on every event with
// a reply schema (codex §3.2).
var universal = []string{"continue", "stopReason", "suppressOutput", "systemMessage"}

// eventRow is one Codex event.
type eventRow struct {
	// Codex is the event's name in hooks.json and payloads.
	Codex string
	// Native is the native or extension event it runs on.
	Native settings.Event
	// Snake is the event in hooks.state keys ("pre_tool_use"); Kebab its
	// prefix in hook_run_id ("stop", "subagent-stop"; codex §3.6 T7).
	Snake, Kebab string
	// Keys are the payload keys in serialization order (codex §2.2).
	// "+agent" marks where agent_id and agent_type go for a hook that
	// runs inside a subagent.
	Keys []string
	// Match is what the matcher tests.
	Match matchTarget
	// Schema is false for events whose replies Codex never reads
	// (PreModelRequest, PostModelRequest, SessionEnd): nothing a hook
	// prints has an effect.
	Schema bool
	// Top and HSO are the reply fields Codex's schema accepts at the top
	// level and inside hookSpecificOutput; any other key makes the reply
	// invalid (deny_unknown_fields, codex §3.2). HSO nil means a
	// hookSpecificOutput is itself unknown.
	Top, HSO []string
	// Exit2 is the effect of exit 2 with a non-blank stderr.
	Exit2 exit2Action
	// PlainContext: plain (non-JSON) stdout on exit 0 becomes a developer
	// context, trimmed (codex §3.1 row 5).
	PlainContext bool
	// Timeout is a handler's timeout when it has none (zero: the
	// default of every event, [DefaultTimeout]); TimeoutCap bounds a
	// configured one (zero: no bound). Codex 0.169.0 gives SessionEnd
	// and Interrupt handlers 1 s by default and clamps a configured
	// timeout to 3 s, warning "clamping <Event> hook timeout to 3s in
	// <file>" at start for each handler given more (recorded:
	// hc_sessionend_timeout_*, hc_interrupt_timeout*).
	Timeout, TimeoutCap time.Duration
}

// eventRows is the table, in Codex's event order (codex §2.1).
func eventRows() []eventRow {
	return []eventRow{
		// PreModelRequest: before every model request; matcher ignored; no
		// reply schema, nothing has an effect (codex §3.6).
		{Codex: "PreModelRequest", Native: settings.BeforeModel, Snake: "pre_model_request", Kebab: "pre-model-request",
			Keys:  []string{"session_id", "turn_id", "cwd", "transcript_path", "model", "hook_event_name"},
			Match: matchNone},
		// PostModelRequest: after every model request, also a failed one;
		// status, error, token_usage; nothing has an effect.
		{Codex: "PostModelRequest", Native: settings.AfterModel, Snake: "post_model_request", Kebab: "post-model-request",
			Keys:  []string{"session_id", "turn_id", "cwd", "transcript_path", "model", "hook_event_name", "status", "error", "token_usage"},
			Match: matchNone},
		// PreToolUse: block (exit 2 / deny / legacy block), rewrite
		// (allow + updatedInput), context; T1/T2/T3 as the call's output,
		// T6 contexts before it (codex §3.3).
		{Codex: "PreToolUse", Native: settings.PreTool, Snake: "pre_tool_use", Kebab: "pre-tool-use",
			Keys:  []string{"session_id", "turn_id", "+agent", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "tool_name", "tool_input", "tool_use_id"},
			Match: matchTool, Schema: true,
			Top:   append(append([]string{}, universal...), "decision", "reason"),
			HSO:   []string{"hookEventName", "permissionDecision", "permissionDecisionReason", "updatedInput", "additionalContext"},
			Exit2: exit2Block},
		// PermissionRequest: decision.behavior allow/deny, exit 2 denies; T4
		// for a denied exec_command (codex §3.4). No tool_use_id.
		{Codex: "PermissionRequest", Native: settings.PermissionRequest, Snake: "permission_request", Kebab: "permission-request",
			Keys:  []string{"session_id", "turn_id", "+agent", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "tool_name", "tool_input"},
			Match: matchTool, Schema: true,
			Top:   universal,
			HSO:   []string{"hookEventName", "decision"},
			Exit2: exit2Deny},
		// PostToolUse: feedback (block / exit 2 / continue:false) replaces the
		// tool output (T5), contexts before it (codex §3.5).
		{Codex: "PostToolUse", Native: settings.PostTool, Snake: "post_tool_use", Kebab: "post-tool-use",
			Keys:  []string{"session_id", "turn_id", "+agent", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "tool_name", "tool_input", "tool_response", "tool_use_id"},
			Match: matchTool, Schema: true,
			Top:   append(append([]string{}, universal...), "decision", "reason"),
			HSO:   []string{"hookEventName", "additionalContext", "updatedMCPToolOutput"},
			Exit2: exit2Feedback},
		// PreCompact: matcher on trigger; nothing reaches the model.
		{Codex: "PreCompact", Native: settings.PreCompact, Snake: "pre_compact", Kebab: "pre-compact",
			Keys:  []string{"session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "trigger"},
			Match: matchTrigger, Schema: true, Top: universal},
		// PostCompact: matcher on trigger (by analogy); nothing reaches the
		// model.
		{Codex: "PostCompact", Native: settings.PostCompact, Snake: "post_compact", Kebab: "post-compact",
			Keys:  []string{"session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "trigger"},
			Match: matchTrigger, Schema: true, Top: universal, HSO: []string{"hookEventName", "additionalContext"}},
		// SessionStart: context (JSON or plain text) as a developer message
		// before the prompt; continue:false ends the session (codex §3.6).
		{Codex: "SessionStart", Native: settings.SessionStart, Snake: "session_start", Kebab: "session-start",
			Keys:  []string{"session_id", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "source"},
			Match: matchSource, Schema: true, PlainContext: true,
			Top: universal, HSO: []string{"hookEventName", "additionalContext"}},
		// SessionEnd: matcher on reason; no effect; 1 s by default, a
		// configured timeout clamped to 3 s (recorded).
		{Codex: "SessionEnd", Native: settings.SessionEnd, Snake: "session_end", Kebab: "session-end",
			Keys:  []string{"session_id", "transcript_path", "cwd", "hook_event_name", "reason"},
			Match: matchReason, Timeout: time.Second, TimeoutCap: 3 * time.Second},
		// UserPromptSubmit: block / exit 2 / continue:false drops the prompt;
		// contexts (JSON or plain text) after the prompt (codex §3.6).
		{Codex: "UserPromptSubmit", Native: settings.PromptSubmit, Snake: "user_prompt_submit", Kebab: "user-prompt-submit",
			Keys:  []string{"session_id", "turn_id", "+agent", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "prompt"},
			Match: matchNone, Schema: true, PlainContext: true,
			Top:   append(append([]string{}, universal...), "decision", "reason"),
			HSO:   []string{"hookEventName", "additionalContext"},
			Exit2: exit2Drop},
		// SubagentStart: context in the subagent's first request.
		{Codex: "SubagentStart", Native: settings.SubagentStart, Snake: "subagent_start", Kebab: "subagent-start",
			Keys:  []string{"session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "agent_id", "agent_type"},
			Match: matchAgent, Schema: true, PlainContext: true,
			Top: universal, HSO: []string{"hookEventName", "additionalContext"}},
		// SubagentStop: continuation of the subagent (T7, subagent-stop).
		{Codex: "SubagentStop", Native: settings.SubagentStop, Snake: "subagent_stop", Kebab: "subagent-stop",
			Keys:  []string{"session_id", "turn_id", "transcript_path", "agent_transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "stop_hook_active", "agent_id", "agent_type", "last_assistant_message"},
			Match: matchAgent, Schema: true,
			Top:   append(append([]string{}, universal...), "decision", "reason"),
			Exit2: exit2Continue},
		// Stop: block / exit 2 continues the turn with a hook prompt (T7), no
		// cap; continue:false in any hook suppresses it (codex §3.6).
		{Codex: "Stop", Native: settings.Stop, Snake: "stop", Kebab: "stop",
			Keys:  []string{"session_id", "turn_id", "+agent", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "stop_hook_active", "last_assistant_message"},
			Match: matchNone, Schema: true,
			Top:   append(append([]string{}, universal...), "decision", "reason"),
			Exit2: exit2Continue},
		// Interrupt: right before an interrupted turn is aborted (recorded
		// with SIGINT to codex exec); systemMessage only; 1 s by default,
		// a configured timeout clamped to 3 s (recorded).
		{Codex: "Interrupt", Native: settings.Interrupt, Snake: "interrupt", Kebab: "interrupt",
			Keys:  []string{"session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode"},
			Match: matchNone, Schema: true, Top: []string{"systemMessage"}, Timeout: time.Second, TimeoutCap: 3 * time.Second},
	}
}

// eventIndex is the event table and its lookups: by Codex name, by
// native event, and each Codex event's rank in the table.
type eventIndex struct {
	rows     []eventRow
	byCodex  map[string]*eventRow
	byNative map[settings.Event]*eventRow
	rankOf   map[string]int
}

// events returns the event table, built on first use (a process that
// never reads a Codex hook does not build it).
var events = lazy.Value[*eventIndex]{New: func() *eventIndex {
	x := &eventIndex{rows: eventRows(), byCodex: map[string]*eventRow{}, byNative: map[settings.Event]*eventRow{}, rankOf: map[string]int{}}
	for i := range x.rows {
		r := &x.rows[i]
		x.byCodex[r.Codex] = r
		x.byNative[r.Native] = r
		x.rankOf[r.Codex] = i
	}
	return x
}}

// rowFor returns the row of the Codex event that runs for native event e:
// e's own row, or PostToolUse for post_tool_failure (Codex fires
// PostToolUse for a failed shell command, codex §2.1).
func rowFor(e settings.Event) (*eventRow, bool) {
	if e == settings.PostToolFailure {
		return events.Get().byNative[settings.PostTool], true
	}
	r, ok := events.Get().byNative[e]
	return r, ok
}

// EventNames returns Codex's 14 hook events in its own order.
func EventNames() []string {
	rows := events.Get().rows
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.Codex
	}
	return out
}

// NativeEvent returns the native event of a Codex event name.
func NativeEvent(codex string) (settings.Event, bool) {
	r, ok := events.Get().byCodex[codex]
	if !ok {
		return "", false
	}
	return r.Native, true
}

// CodexEvent returns the Codex name of a native event (post_tool_failure
// has none: Codex's PostToolUse hooks run for it, see [rowFor]).
func CodexEvent(e settings.Event) (string, bool) {
	r, ok := events.Get().byNative[e]
	if !ok {
		return "", false
	}
	return r.Codex, true
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
