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

// replyKind is what a valid reply (and the event's hooks together) can
// decide on an event: the rules of classification (apply), combination
// (Combine), the shim's answer (WriteReply) and the model view (Render)
// are chosen by it.
type replyKind int

const (
	replyNone     replyKind = iota // a reply, if read at all, has no effect
	replyGate                      // PreToolUse: block (deny, legacy block), rewrite (allow + updatedInput), context
	replyApproval                  // PermissionRequest: decision.behavior allow or deny + message
	replyFeedback                  // PostToolUse: a block or continue:false replaces the tool output; context
	replyDrop                      // UserPromptSubmit: a block or continue:false drops the prompt; context
	replyStart                     // SessionStart, SubagentStart: continue:false stops; context
	replyContinue                  // Stop, SubagentStop: a block continues with a hook prompt; continue:false suppresses it
)

// plainUse is what plain (non-JSON) stdout of a successful hook is.
type plainUse int

const (
	plainIgnored plainUse = iota // nothing
	plainContext                 // a developer context, trimmed (codex §3.1 row 5)
	plainInvalid                 // the hook failed (Interrupt: "returned non-JSON stdout")
)

// sign is what marks a payload of the event as Codex's rather than
// another agent's of the same event name (codexFormat.ReadEvent).
type sign int

const (
	signNone       sign = iota // none but a null transcript_path (SessionEnd has Claude's shape)
	signTurn                   // a turn_id key
	signName                   // the name alone: no other agent has the event
	signModelFirst             // model before source (SessionStart; Claude writes source first)
)

// gates reports whether the event's exit 2 stops what the event is
// about (the call, the approval, the prompt): a fail_closed hook's
// failure has that effect too.
func (a exit2Action) gates() bool { return a == exit2Block || a == exit2Deny || a == exit2Drop }

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
	// Decisions are the values of the top-level decision the schema
	// accepts (legacy "approve" on PreToolUse only, where it is then
	// unsupported).
	Decisions []string
	// Exit2 is the effect of exit 2 with a non-blank stderr.
	Exit2 exit2Action
	// Reply is what the event's replies decide.
	Reply replyKind
	// Plain is what plain (non-JSON) stdout on exit 0 is.
	Plain plainUse
	// Place is where the event's developer contexts land (Render);
	// PlaceAfterCompact where they land instead after a compaction
	// (SessionStart source compact); "" for none.
	Place, PlaceAfterCompact string
	// EndsSession: continue:false ends the session before any model
	// request (SessionStart; Render's SessionEnds).
	EndsSession bool
	// Subagent: the payload's agent_id and agent_type name the subagent
	// the event is about (native Subagent), not the agent the hook runs
	// inside (native Agent).
	Subagent bool
	// Description: Bash's tool_input keeps the model's description
	// (PermissionRequest, codex §3.4).
	Description bool
	// Sign marks a payload of the event as Codex's.
	Sign sign
	// ConvertNote is what the codex target warns once about hooks of
	// other formats on this event (differs-in-codex), or "".
	ConvertNote string
	// Prompts: the event carries a prompt, which Codex also sends from
	// inside a subagent (agent_id in the payload): a converted hook of an
	// agent that fires the event for a person's prompt only is skipped
	// there (format.HostCall.Skip).
	Prompts bool
	// Result: the payload's tool_response is the call's result, which
	// the exec shim gives a converted hook in its own agent's shape
	// (format.ToolOutcome); FailedAs is the native event a failed call
	// (a non-zero exit in the rollout) is for such a hook, when Codex has
	// no event of its own for it.
	Result   bool
	FailedAs settings.Event
	// Timeout is a handler's timeout when it has none (zero: the
	// default of every event, [DefaultTimeout]); TimeoutCap bounds a
	// configured one (zero: no bound). Codex 0.169.0 gives SessionEnd
	// and Interrupt handlers 1 s by default and clamps a configured
	// timeout to 3 s, warning "clamping <Event> hook timeout to 3s in
	// <file>" at start for each handler given more (recorded:
	// hc_sessionend_timeout_*, hc_interrupt_timeout*).
	Timeout, TimeoutCap time.Duration
	// Sync: Codex runs the event's hooks synchronously whatever their
	// async says (and warns "running synchronously" at every start):
	// the codex target writes no async.
	Sync bool
	// ContextLimit: a handler's additionalContextLimit counts for the
	// event (it can add context); elsewhere Codex ignores it, with a
	// warning at start, and leaves it out of the hook's review hash
	// (trustHash; recorded: testdata/hooks_list/hl_json_shapes).
	ContextLimit bool
}

// eventRows is the table, in Codex's event order (codex §2.1).
func eventRows() []eventRow {
	return []eventRow{
		// PreModelRequest: before every model request; matcher ignored; no
		// reply schema, nothing has an effect (codex §3.6).
		{Codex: "PreModelRequest", Native: settings.BeforeModel, Snake: "pre_model_request", Kebab: "pre-model-request",
			Keys:  []string{"session_id", "turn_id", "cwd", "transcript_path", "model", "hook_event_name"},
			Match: matchNone, Sign: signName},
		// PostModelRequest: after every model request, also a failed one;
		// status, error, token_usage; nothing has an effect.
		{Codex: "PostModelRequest", Native: settings.AfterModel, Snake: "post_model_request", Kebab: "post-model-request",
			Keys:  []string{"session_id", "turn_id", "cwd", "transcript_path", "model", "hook_event_name", "status", "error", "token_usage"},
			Match: matchNone, Sign: signName},
		// PreToolUse: block (exit 2 / deny / legacy block), rewrite
		// (allow + updatedInput), context; T1/T2/T3 as the call's output,
		// T6 contexts before it (codex §3.3).
		{Codex: "PreToolUse", Native: settings.PreTool, ContextLimit: true, Snake: "pre_tool_use", Kebab: "pre-tool-use",
			Keys:  []string{"session_id", "turn_id", "+agent", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "tool_name", "tool_input", "tool_use_id"},
			Match: matchTool, Schema: true,
			Top: append(append([]string{}, universal...), "decision", "reason"), Decisions: []string{"approve", "block"},
			HSO:   []string{"hookEventName", "permissionDecision", "permissionDecisionReason", "updatedInput", "additionalContext"},
			Exit2: exit2Block, Reply: replyGate, Place: PlaceBeforeOutput, Sign: signTurn,
			ConvertNote: "PreToolUse under Codex: an ask denies the call with its reason (as Claude Code headless does), an allow without a rewrite has no effect (Codex's own approval applies), a block shows the model Codex's text (\"Command blocked by PreToolUse hook: …\"), continue:false lets the call run as Claude Code does but cannot stop the turn after it (Codex stops no turn from a tool hook; stopReason and suppressOutput are dropped), and only a Bash command or a file edit that is patch text can be rewritten"},
		// PermissionRequest: decision.behavior allow/deny, exit 2 denies; T4
		// for a denied exec_command (codex §3.4). No tool_use_id.
		{Codex: "PermissionRequest", Native: settings.PermissionRequest, Snake: "permission_request", Kebab: "permission-request",
			Keys:  []string{"session_id", "turn_id", "+agent", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "tool_name", "tool_input"},
			Match: matchTool, Schema: true,
			Top:   universal,
			HSO:   []string{"hookEventName", "decision"},
			Exit2: exit2Deny, Reply: replyApproval, Description: true, Sign: signTurn,
			ConvertNote: "PermissionRequest under Codex: updatedInput, updatedPermissions and interrupt are dropped by the shim"},
		// PostToolUse: feedback (block / exit 2 / continue:false) replaces the
		// tool output (T5), contexts before it (codex §3.5).
		{Codex: "PostToolUse", Native: settings.PostTool, ContextLimit: true, Snake: "post_tool_use", Kebab: "post-tool-use",
			Keys:  []string{"session_id", "turn_id", "+agent", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "tool_name", "tool_input", "tool_response", "tool_use_id"},
			Match: matchTool, Schema: true,
			Top: append(append([]string{}, universal...), "decision", "reason"), Decisions: []string{"block"},
			HSO:   []string{"hookEventName", "additionalContext", "updatedMCPToolOutput"},
			Exit2: exit2Feedback, Reply: replyFeedback, Place: PlaceBeforeOutput, Sign: signTurn,
			Result: true, FailedAs: settings.PostToolFailure,
			ConvertNote: "PostToolUse under Codex: the hook gets Claude Code's tool_response (a Bash call's stdout holds both streams, as in Claude Code; an apply_patch is a Write or Edit whose originalFile is the patch undone, empty for a patch of several hunks, and whose old_string and new_string are the changed lines); a block's reason (decision block or exit 2) reaches the model as context before the tool's output, which Codex's own block would replace; continue:false cannot stop the turn and is dropped; updatedMCPToolOutput is dropped"},
		// PreCompact: matcher on trigger; nothing reaches the model.
		{Codex: "PreCompact", Native: settings.PreCompact, Snake: "pre_compact", Kebab: "pre-compact",
			Keys:  []string{"session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "trigger"},
			Match: matchTrigger, Schema: true, Top: universal, Sign: signTurn},
		// PostCompact: matcher on trigger (by analogy); nothing reaches the
		// model.
		{Codex: "PostCompact", Native: settings.PostCompact, Snake: "post_compact", Kebab: "post-compact",
			Keys:  []string{"session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "trigger"},
			Match: matchTrigger, Schema: true, Top: universal, HSO: []string{"hookEventName", "additionalContext"}, Sign: signTurn},
		// SessionStart: context (JSON or plain text) as a developer message
		// before the prompt; continue:false ends the session (codex §3.6).
		{Codex: "SessionStart", Native: settings.SessionStart, ContextLimit: true, Snake: "session_start", Kebab: "session-start",
			Keys:  []string{"session_id", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "source"},
			Match: matchSource, Schema: true, Plain: plainContext,
			Top: universal, HSO: []string{"hookEventName", "additionalContext"},
			Reply: replyStart, Place: PlaceBeforePrompt, PlaceAfterCompact: PlaceAfterSummary, EndsSession: true, Sign: signModelFirst},
		// SessionEnd: matcher on reason; no effect; 1 s by default, a
		// configured timeout clamped to 3 s (recorded).
		{Codex: "SessionEnd", Native: settings.SessionEnd, Snake: "session_end", Kebab: "session-end",
			Keys:  []string{"session_id", "transcript_path", "cwd", "hook_event_name", "reason"},
			Match: matchReason, Timeout: time.Second, TimeoutCap: 3 * time.Second, Sync: true},
		// UserPromptSubmit: block / exit 2 / continue:false drops the prompt;
		// contexts (JSON or plain text) after the prompt (codex §3.6).
		{Codex: "UserPromptSubmit", Native: settings.PromptSubmit, ContextLimit: true, Snake: "user_prompt_submit", Kebab: "user-prompt-submit",
			Keys:  []string{"session_id", "turn_id", "+agent", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "prompt"},
			Match: matchNone, Schema: true, Plain: plainContext,
			Top: append(append([]string{}, universal...), "decision", "reason"), Decisions: []string{"block"},
			HSO:   []string{"hookEventName", "additionalContext"},
			Exit2: exit2Drop, Reply: replyDrop, Place: PlaceAfterPrompt, Sign: signTurn, Prompts: true},
		// SubagentStart: context in the subagent's first request.
		{Codex: "SubagentStart", Native: settings.SubagentStart, ContextLimit: true, Snake: "subagent_start", Kebab: "subagent-start",
			Keys:  []string{"session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "agent_id", "agent_type"},
			Match: matchAgent, Schema: true, Plain: plainContext,
			Top: universal, HSO: []string{"hookEventName", "additionalContext"},
			Reply: replyStart, Place: PlaceSubagentFirst, Subagent: true, Sign: signTurn},
		// SubagentStop: continuation of the subagent (T7, subagent-stop).
		{Codex: "SubagentStop", Native: settings.SubagentStop, Snake: "subagent_stop", Kebab: "subagent-stop",
			Keys:  []string{"session_id", "turn_id", "transcript_path", "agent_transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "stop_hook_active", "agent_id", "agent_type", "last_assistant_message"},
			Match: matchAgent, Schema: true,
			Top: append(append([]string{}, universal...), "decision", "reason"), Decisions: []string{"block"},
			Exit2: exit2Continue, Reply: replyContinue, Subagent: true, Sign: signTurn},
		// Stop: block / exit 2 continues the turn with a hook prompt (T7), no
		// cap; continue:false in any hook suppresses it (codex §3.6).
		{Codex: "Stop", Native: settings.Stop, Snake: "stop", Kebab: "stop",
			Keys:  []string{"session_id", "turn_id", "+agent", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "stop_hook_active", "last_assistant_message"},
			Match: matchNone, Schema: true,
			Top: append(append([]string{}, universal...), "decision", "reason"), Decisions: []string{"block"},
			Exit2: exit2Continue, Reply: replyContinue, Sign: signTurn},
		// Interrupt: right before an interrupted turn is aborted (recorded
		// with SIGINT to codex exec); systemMessage only; 1 s by default,
		// a configured timeout clamped to 3 s (recorded).
		{Codex: "Interrupt", Native: settings.Interrupt, Snake: "interrupt", Kebab: "interrupt",
			Keys:  []string{"session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode"},
			Match: matchNone, Schema: true, Top: []string{"systemMessage"}, Plain: plainInvalid,
			Timeout: time.Second, TimeoutCap: 3 * time.Second, Sign: signName},
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

// alias is a native event Codex has no event of its own for, whose
// hooks are another row's, for some tools only.
type alias struct {
	native settings.Event
	codex  string   // the row whose hooks run for it
	tools  []string // the Codex tools it fires for
}

// aliases: Codex fires PostToolUse for a failed shell command and nothing
// for other failed calls (codex §2.1), so a PostToolUse hook also runs on
// native post_tool_failure, for Bash only.
var aliases = []alias{{native: settings.PostToolFailure, codex: "PostToolUse", tools: []string{"Bash"}}}

func aliasOf(e settings.Event) *alias {
	for i := range aliases {
		if aliases[i].native == e {
			return &aliases[i]
		}
	}
	return nil
}

// rowFor returns the row of the Codex event that runs for native event e:
// e's own row, or the row an alias borrows (PostToolUse for
// post_tool_failure).
func rowFor(e settings.Event) (*eventRow, bool) {
	if a := aliasOf(e); a != nil {
		return events.Get().byCodex[a.codex], true
	}
	r, ok := events.Get().byNative[e]
	return r, ok
}

// isAlias reports whether native event e has no Codex event of its own
// (its hooks are another row's).
func isAlias(e settings.Event) bool { return aliasOf(e) != nil }

// firesFor reports whether Codex fires native event e for a call of
// codexTool: always for an event of its own, for an alias's tools only.
func firesFor(e settings.Event, codexTool string) bool {
	a := aliasOf(e)
	return a == nil || has(a.tools, codexTool)
}

// aliasesOf are the native events whose hooks are row's besides its own
// (post_tool_failure for PostToolUse).
func aliasesOf(row *eventRow) []settings.Event {
	var out []settings.Event
	for _, a := range aliases {
		if a.codex == row.Codex {
			out = append(out, a.native)
		}
	}
	return out
}

// eventNames returns Codex's 14 hook events in its own order.
func eventNames() []string {
	rows := events.Get().rows
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.Codex
	}
	return out
}

// nativeEventOf returns the native event of a Codex event name.
func nativeEventOf(codex string) (settings.Event, bool) {
	r, ok := events.Get().byCodex[codex]
	if !ok {
		return "", false
	}
	return r.Native, true
}

// codexEventName returns the Codex name of a native event (post_tool_failure
// has none: Codex's PostToolUse hooks run for it, see [rowFor]).
func codexEventName(e settings.Event) (string, bool) {
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
