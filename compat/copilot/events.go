package copilot

import (
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
)

// The Copilot event table: ONE row per GitHub Copilot CLI 1.0.102 hook
// event, in the order of Copilot's settings schema, with every rule the
// recordings show for it. Every other file of the package reads its
// per-event rules from here.

// subject is what an entry's matcher is compared with.
type subject int

const (
	subjectNone    subject = iota // the matcher is not read: every entry runs
	subjectTool                   // the tool name, in the entry's dialect (bash / Bash)
	subjectType                   // notification_type (shell_completed, …)
	subjectAgent                  // the subagent's name (agentName)
	subjectTrigger                // preCompact's trigger (manual, auto)
)

// replyKind is what a hook's reply can decide on the event: the rules of
// classification, combination, the shim's answer and the model view are
// chosen by it.
type replyKind int

const (
	replyNone        replyKind = iota // observe only: the reply is read for nothing
	replyGate                         // preToolUse: deny / allow / ask, modifiedArgs, additionalContext
	replyApproval                     // permissionRequest: behavior allow / deny, message, interrupt
	replyResult                       // postToolUse: block replaces the result, modifiedResult, additionalContext appended
	replyGuidance                     // postToolUseFailure: additionalContext after the failed call's result
	replyPrompt                       // userPromptSubmitted: block drops the prompt; additionalContext, modifiedPrompt
	replyTransformed                  // userPromptTransformed: modifiedTransformedPrompt, additionalContext
	replyContext                      // sessionStart, subagentStart, notification: additionalContext
	replyContinue                     // agentStop, subagentStop: block continues with the reason
)

// exit2 is what exit status 2 does on the event.
type exit2 int

const (
	exit2Warn    exit2 = iota // a warning in Copilot's log ("Hook warning: <stderr>"); nothing applies
	exit2Deny                 // preToolUse: the call is denied, "hook exited with code 2" (stderr only in the log)
	exit2Refuse               // permissionRequest: denied, "Permission denied by hook."
	exit2Context              // postToolUseFailure: stderr is the hook's additionalContext
)

// shape is how the event's payload is built.
type shape int

const (
	shapeCommon       shape = iota // sessionId, timestamp, cwd, then the event's keys (camelCase or PascalCase dialect)
	shapePermission                // hookName, sessionId, timestamp, cwd, … in camelCase for both dialects
	shapeNotification              // camelCase head and keys with hook_event_name and notification_type, for both dialects
	shapeMixed                     // camelCase head and keys in both dialects, but the agent keys snake_case in the PascalCase one (SubagentStart)
)

// field is where a payload key's value lives in a native event.
type field int

const (
	fExtra      field = iota // runner.Event.Extra under the camelCase key (as read; default when absent)
	fTool                    // Tool (the dialect's tool name)
	fArgs                    // Args (the dialect's argument names)
	fResult                  // Result (Copilot's toolResult; snake_case keys in the PascalCase dialect)
	fError                   // Error (a string)
	fPrompt                  // Prompt
	fReason                  // Reason (source, reason, trigger)
	fTranscript              // TranscriptPath
	fStopActive              // StopHookActive (stop_hook_active in both dialects)
	fOutput                  // Output (a subagent's response)
	fSubagent                // Subagent (agentName)
	fMessage                 // Message (a notification's message)
	fType                    // Type (notification_type)
	fPermInput               // permissionRequest's toolInput (see permissionInput)
	fConst                   // the key's Default, always
)

// key is one event-specific payload key.
type key struct {
	// Camel is the key in the camelCase dialect; Pascal in the PascalCase
	// one ("" means snake_case of Camel).
	Camel, Pascal string
	// From is where its value lives.
	From field
	// Default is the raw JSON written when the event has no value for the
	// key (a native event fired by an embedder); "" omits the key.
	Default string
	// Agent marks agentId, agentType and parentAgentId: the PascalCase
	// dialect writes them right after cwd.
	Agent bool
}

// row is one Copilot event.
type row struct {
	// Camel is the event's key in a hooks file in the camelCase dialect
	// ("preToolUse"); Pascal its key in the PascalCase dialect
	// ("PreToolUse", Claude Code's name; "" when Copilot has none).
	Camel, Pascal string
	// Native is the native or extension event it runs on.
	Native settings.Event
	// Shape is how the payload is built; Keys are the event's own keys
	// after the common head, in Copilot's order.
	Shape shape
	Keys  []key
	// PascalOrder lists Keys (by camelCase name) in the PascalCase
	// dialect's order when it differs (ErrorOccurred); agent keys go
	// right after cwd there in any case.
	PascalOrder []string
	// Match is what a matcher is compared with.
	Match subject
	// Reply is what the event's replies decide; Exit2 what exit 2 does.
	Reply replyKind
	Exit2 exit2
	// FailClosed: a hook that fails (a non-zero exit other than 2, a
	// command that cannot start) decides against the action: preToolUse
	// denies ("(hook errored)"), permissionRequest denies ("Permission
	// request hook failed"). A timeout never does.
	FailClosed bool
	// Stops: once a hook of the event decides (a deny, a block), Copilot
	// does not run the event's later hooks (preToolUse and postToolUse,
	// recorded hc_pre_two_deny_then_cap, hc_post_block_then_cap; on
	// userPromptSubmitted, permissionRequest and agentStop the later
	// hooks run: hc_prompt_block_then_cap, hc_perm_deny_then_cap,
	// hc_stop_block_then_cap; subagentStop is taken to be agentStop's).
	Stops bool
	// Place is where the event's additionalContext lands (render.go's
	// Place* words), "" where it has none.
	Place string
	// Text is what reaches the model, for `list` and convert notes.
	Text string
	// ConvertNote is what the copilot target warns once about wrapped
	// hooks of other formats on this event, or "".
	ConvertNote string
	// Own: no other format spells the camelCase key so (Detect).
	Own bool
}

var (
	toolKeys = []key{{Camel: "toolName", From: fTool}, {Camel: "toolArgs", Pascal: "tool_input", From: fArgs, Default: "{}"}}
	// agentTail are the keys of an event inside a subagent: camelCase at
	// the payload's end, snake_case after cwd in the PascalCase dialect.
	agentTail = []string{"agentId", "agentType", "parentAgentId"}
)

// eventRows is the table, in the order of Copilot's settings schema.
func eventRows() []row {
	return []row{
		// sessionStart: additionalContext becomes a user message before
		// the prompt (recorded f); "(type prompt)" entries only in a new
		// interactive session.
		{Camel: "sessionStart", Pascal: "SessionStart", Native: settings.SessionStart, Place: PlaceBeforePrompt,
			Keys:  []key{{Camel: "source", From: fReason, Default: `"new"`}, {Camel: "initialPrompt", From: fPrompt, Default: `""`}},
			Reply: replyContext, Text: "additionalContext becomes a user message before the prompt"},
		// sessionEnd: observe only; reason complete or error.
		{Camel: "sessionEnd", Pascal: "SessionEnd", Native: settings.SessionEnd,
			Keys: []key{{Camel: "reason", From: fReason, Default: `"complete"`}}, Text: "nothing"},
		// userPromptSubmitted: decision block drops the prompt (no model
		// request, exit 1, a policy_blocked warning); the later hooks of
		// the event still run (recorded hc_prompt_block_then_cap).
		{Camel: "userPromptSubmitted", Own: true, Pascal: "UserPromptSubmit", Native: settings.PromptSubmit, Place: PlacePromptTail,
			Keys:  []key{{Camel: "prompt", From: fPrompt, Default: `""`}},
			Reply: replyPrompt, Text: "a block drops the prompt (the reason is shown to the user)",
			ConvertNote: "userPromptSubmitted under Copilot: a block drops the prompt and ends copilot -p with exit status 1"},
		// userPromptTransformed: after the prompt got its model-facing form
		// (the <current_datetime> tag); camelCase only.
		{Camel: "userPromptTransformed", Own: true, Native: settings.PromptTransformed,
			Keys:  []key{{Camel: "prompt", From: fPrompt, Default: `""`}, {Camel: "transformedPrompt", Default: `""`}},
			Reply: replyTransformed, Text: "modifiedTransformedPrompt replaces what the model gets"},
		// preToolUse: fail-closed gate; deny / exit 2 / a failed hook deny
		// the call, allow skips the permission request, ask is a deny in
		// -p mode, modifiedArgs replaces the arguments, additionalContext
		// is a user message after the call's result.
		{Camel: "preToolUse", Pascal: "PreToolUse", Native: settings.PreTool, Place: PlaceAfterResult,
			Keys: toolKeys, Match: subjectTool,
			Reply: replyGate, Exit2: exit2Deny, FailClosed: true, Stops: true,
			Text:        "a deny reaches the model as the call's result (\"Denied by preToolUse hook: <reason>\")",
			ConvertNote: "preToolUse under Copilot: \"ask\" denies in copilot -p (Copilot cannot ask there), an allow skips Copilot's permission request, and a block shows the model Copilot's text (\"Denied by preToolUse hook: <reason>\")"},
		// postToolUse: block replaces the result ("Tool result blocked:
		// R"), modifiedResult.textResultForLlm replaces it,
		// additionalContext is appended to it.
		{Camel: "postToolUse", Pascal: "PostToolUse", Native: settings.PostTool, Place: PlaceResultTail,
			Keys:  append(append([]key{}, toolKeys...), key{Camel: "toolResult", Pascal: "tool_result", From: fResult, Default: `{"resultType":"success","textResultForLlm":""}`}),
			Match: subjectTool, Reply: replyResult, Stops: true,
			Text:        "a block replaces the result the model gets; additionalContext is appended to it",
			ConvertNote: "postToolUse under Copilot: a block's reason reaches the model as guidance appended to the tool's result (Copilot's own block would replace the result), and continue:false is not read (the turn goes on)"},
		// postToolUseFailure: a failed call (not a shell command's non-zero
		// exit, which is a success); additionalContext and exit 2's stderr
		// are a user message after the result.
		{Camel: "postToolUseFailure", Pascal: "PostToolUseFailure", Native: settings.PostToolFailure, Place: PlaceAfterResult,
			Keys:  append(append([]key{}, toolKeys...), key{Camel: "error", From: fError, Default: `""`}),
			Match: subjectTool, Reply: replyGuidance, Exit2: exit2Context,
			Text: "additionalContext (or exit 2's stderr) becomes a user message after the failed call's result"},
		// permissionRequest: before Copilot's permission rules, for calls
		// that need a permission (bash, file changes) even under
		// --allow-all; behavior allow or deny; exit 2 and a failed hook
		// deny. One camelCase payload for both dialects.
		{Camel: "permissionRequest", Pascal: "PermissionRequest", Native: settings.PermissionRequest,
			Shape: shapePermission,
			Keys: []key{{Camel: "toolName", From: fTool}, {Camel: "toolInput", From: fPermInput, Default: "{}"},
				{Camel: "permissionSuggestions", Default: "[]"}},
			Match: subjectTool, Reply: replyApproval, Exit2: exit2Refuse, FailClosed: true,
			Text:        "a deny reaches the model as \"Permission denied by a PermissionRequest hook: <message>\"",
			ConvertNote: "PermissionRequest under Copilot: updatedInput and updatedPermissions are dropped by the shim; the hook gets Copilot's request for bash and file changes only (not for reads)"},
		// agentStop: decision block continues the turn with a user message
		// <current_datetime>…</current_datetime>\n\n<reason>.
		{Camel: "agentStop", Own: true, Pascal: "Stop", Native: settings.Stop,
			Keys: []key{{Camel: "transcriptPath", From: fTranscript, Default: `""`}, {Camel: "stopReason", Default: `"end_turn"`},
				{Camel: "stop_hook_active", Pascal: "stop_hook_active", From: fStopActive}},
			Reply: replyContinue, Text: "a block continues the turn with the reason as a user message"},
		// subagentStart: spawned (cannot block creation); additionalContext
		// opens the subagent's first message (recorded
		// hc_sub_start_context). Its PascalCase payload keeps the camelCase
		// head and keys, with the agent keys in snake_case (recorded
		// hc_sub_pascal_all).
		{Camel: "subagentStart", Pascal: "SubagentStart", Native: settings.SubagentStart, Shape: shapeMixed, Place: PlaceSubagentFirst,
			Keys: []key{{Camel: "transcriptPath", From: fTranscript, Default: `""`}, {Camel: "agentName", From: fSubagent, Default: `""`},
				{Camel: "agentId", Default: `""`, Agent: true}, {Camel: "agentType", Default: `""`, Agent: true}, {Camel: "parentAgentId", Default: `""`, Agent: true}},
			Match: subjectAgent, Reply: replyContext, Text: "additionalContext opens the subagent's first message"},
		// subagentStop: a block continues the subagent with the reason as
		// a user message (recorded hc_sub_stop_block).
		{Camel: "subagentStop", Pascal: "SubagentStop", Native: settings.SubagentStop,
			Keys: []key{{Camel: "transcriptPath", From: fTranscript, Default: `""`}, {Camel: "agentId", Default: `""`, Agent: true}, {Camel: "agentType", Default: `""`, Agent: true},
				{Camel: "agentName", From: fSubagent, Default: `""`}, {Camel: "response", Pascal: "last_assistant_message", From: fOutput, Default: `""`},
				{Camel: "stopReason", Default: `"end_turn"`}, {Camel: "stop_hook_active", Pascal: "stop_hook_active", From: fStopActive},
				{Camel: "parentAgentId", Default: `""`, Agent: true}},
			Match: subjectAgent, Reply: replyContinue, Text: "a block continues the subagent with the reason"},
		// errorOccurred: a model call failed; observe only.
		{Camel: "errorOccurred", Own: true, Pascal: "ErrorOccurred", Native: settings.StopFailure,
			Keys: []key{{Camel: "errorContext", Default: `"model_call"`}, {Camel: "recoverable", Default: "false"},
				{Camel: "error", Default: `{"message":"","name":"Error"}`}},
			PascalOrder: []string{"error", "errorContext", "recoverable"}, Text: "nothing"},
		// preCompact: before compaction (cannot block it).
		{Camel: "preCompact", Pascal: "PreCompact", Native: settings.PreCompact,
			Keys:  []key{{Camel: "transcriptPath", From: fTranscript, Default: `""`}, {Camel: "trigger", From: fReason, Default: `"auto"`}, {Camel: "customInstructions", Default: `""`}},
			Match: subjectTrigger, Text: "nothing"},
		// notification: asynchronous; additionalContext starts a new turn.
		{Camel: "notification", Own: true, Pascal: "Notification", Native: settings.Notification, Place: PlaceNextRequest,
			Shape: shapeNotification,
			Keys: []key{{Camel: "message", From: fMessage, Default: `""`}, {Camel: "title", Default: `""`},
				{Camel: "hook_event_name", From: fConst, Default: `"Notification"`}, {Camel: "notification_type", From: fType, Default: `""`}},
			Match: subjectType, Reply: replyContext, Text: "additionalContext becomes a new user message"},
	}
}

// eventIndex is the table and its lookups.
type eventIndex struct {
	rows     []row
	byKey    map[string]*row // camelCase and PascalCase keys
	byNative map[settings.Event]*row
}

// events is the event table, built on first use.
var events = lazy.Value[*eventIndex]{New: func() *eventIndex {
	x := &eventIndex{rows: eventRows(), byKey: map[string]*row{}, byNative: map[settings.Event]*row{}}
	for i := range x.rows {
		r := &x.rows[i]
		x.byKey[r.Camel] = r
		if r.Pascal != "" {
			x.byKey[r.Pascal] = r
		}
		x.byNative[r.Native] = r
	}
	return x
}}

// rowOf returns the row of a hooks-file event key ("preToolUse" or
// "PreToolUse") and whether the key is PascalCase.
func rowOf(name string) (r *row, pascal bool, ok bool) {
	r, ok = events.Get().byKey[name]
	if !ok {
		return nil, false, false
	}
	return r, name != r.Camel, true
}

// rowFor returns the row of a native event.
func rowFor(e settings.Event) (*row, bool) {
	r, ok := events.Get().byNative[e]
	return r, ok
}

// EventNames returns Copilot's event keys, camelCase then PascalCase, in
// table order.
func EventNames() []string {
	rows := events.Get().rows
	var out []string
	for _, r := range rows {
		out = append(out, r.Camel)
	}
	for _, r := range rows {
		if r.Pascal != "" {
			out = append(out, r.Pascal)
		}
	}
	return out
}

// NativeEvent returns the native event of a hooks-file event key.
func NativeEvent(name string) (settings.Event, bool) {
	r, _, ok := rowOf(name)
	if !ok {
		return "", false
	}
	return r.Native, true
}

// CopilotEvent returns the camelCase and PascalCase keys of native event
// e ("" Pascal when Copilot has none).
func CopilotEvent(e settings.Event) (camel, pascal string, ok bool) {
	r, ok := rowFor(e)
	if !ok {
		return "", "", false
	}
	return r.Camel, r.Pascal, true
}

// toolEvent reports whether the row's event is about one tool call.
func (r *row) toolEvent() bool { return r.Match == subjectTool }

// name is the row's key in a dialect.
func (r *row) name(pascal bool) string {
	if pascal && r.Pascal != "" {
		return r.Pascal
	}
	return r.Camel
}

// pascalKey is k's key in the PascalCase dialect.
func (k key) pascalKey() string {
	if k.Pascal != "" {
		return k.Pascal
	}
	return snake(k.Camel)
}

// snake writes a camelCase key in snake_case ("initialPrompt" →
// "initial_prompt").
func snake(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			if i > 0 {
				b = append(b, '_')
			}
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return string(b)
}
