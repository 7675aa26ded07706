package translate

import (
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
)

// claudeEvents maps every Claude Code hook event (claude §4.2, 33 events)
// to its native event: the 13 events of the native spec one to one, the
// rest to extension events named after Claude's in snake_case.
var claudeEvents = []struct {
	claude string
	native settings.Event
}{
	{"SessionStart", settings.SessionStart},
	{"UserPromptSubmit", settings.PromptSubmit},
	{"PreToolUse", settings.PreTool},
	{"PermissionRequest", settings.PermissionRequest},
	{"PostToolUse", settings.PostTool},
	{"PostToolUseFailure", settings.PostToolFailure},
	{"SubagentStart", settings.SubagentStart},
	{"SubagentStop", settings.SubagentStop},
	{"Stop", settings.Stop},
	{"PreCompact", settings.PreCompact},
	{"PostCompact", settings.PostCompact},
	{"Notification", settings.Notification},
	{"SessionEnd", settings.SessionEnd},
	{"Setup", settings.Setup},
	{"InstructionsLoaded", settings.InstructionsLoaded},
	{"UserPromptExpansion", settings.PromptExpansion},
	{"MessageDisplay", settings.MessageDisplay},
	{"PermissionDenied", settings.PermissionDenied},
	{"PostToolBatch", settings.PostToolBatch},
	{"TaskCreated", settings.TaskCreated},
	{"TaskCompleted", settings.TaskCompleted},
	{"StopFailure", settings.StopFailure},
	{"TeammateIdle", settings.TeammateIdle},
	{"ConfigChange", settings.ConfigChange},
	{"CwdChanged", settings.CwdChanged},
	{"DirectoryAdded", settings.DirectoryAdded},
	{"FileChanged", settings.FileChanged},
	{"WorktreeCreate", settings.WorktreeCreate},
	{"WorktreeRemove", settings.WorktreeRemove},
	{"PreModelSwitch", settings.PreModelSwitch},
	{"PostModelSwitch", settings.PostModelSwitch},
	{"Elicitation", settings.Elicitation},
	{"ElicitationResult", settings.ElicitationResult},
}

// claudeAliasRows are other agents' names for Claude events, seen in
// settings.json files written for several tools at once:
// Gemini CLI's names and the native names. A Claude settings file using
// them gets the Claude event with an event-alias warning.
func claudeAliasRows() map[string]string {
	return map[string]string{
		"BeforeTool":  "PreToolUse",
		"AfterTool":   "PostToolUse",
		"BeforeAgent": "UserPromptSubmit",
		"AfterAgent":  "Stop",
		"PreCompress": "PreCompact",
	}
}

// eventIndex are the lookups of claudeEvents and claudeAliasRows, built
// on first use.
type eventIndex struct {
	toNative map[string]settings.Event
	toClaude map[settings.Event]string
	aliases  map[string]string
}

var eventMaps = lazy.Value[*eventIndex]{New: func() *eventIndex {
	x := &eventIndex{toNative: map[string]settings.Event{}, toClaude: map[settings.Event]string{}, aliases: claudeAliasRows()}
	for _, e := range claudeEvents {
		x.toNative[e.claude] = e.native
		x.toClaude[e.native] = e.claude
	}
	for _, e := range claudeEvents {
		x.aliases[string(e.native)] = e.claude
	}
	return x
}}

// NativeEvent returns the native event of a Claude Code event name, and
// whether the name is one of Claude's 33 events.
func NativeEvent(claude string) (settings.Event, bool) {
	e, ok := eventMaps.Get().toNative[claude]
	return e, ok
}

// ClaudeEvent returns the Claude Code name of a native or extension event.
func ClaudeEvent(e settings.Event) (string, bool) {
	c, ok := eventMaps.Get().toClaude[e]
	return c, ok
}

// ClaudeEventAlias returns the Claude event another agent's event name
// stands for (BeforeTool → PreToolUse, pre_tool → PreToolUse), if any.
func ClaudeEventAlias(name string) (string, bool) {
	c, ok := eventMaps.Get().aliases[name]
	return c, ok
}

// ClaudeEventNames returns Claude's 33 event names in canonical order.
func ClaudeEventNames() []string {
	out := make([]string, len(claudeEvents))
	for i, e := range claudeEvents {
		out[i] = e.claude
	}
	return out
}
