package translate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
)

// claudeSpecEvents are the 33 events of claude §4.2's event overview,
// written out independently of the table under test.
var claudeSpecEvents = []string{
	"SessionStart", "Setup", "InstructionsLoaded", "UserPromptSubmit", "UserPromptExpansion", "MessageDisplay",
	"PreToolUse", "PermissionRequest", "PermissionDenied", "PostToolUse", "PostToolUseFailure", "PostToolBatch",
	"Notification", "SubagentStart", "SubagentStop", "TaskCreated", "TaskCompleted", "Stop", "StopFailure",
	"TeammateIdle", "ConfigChange", "CwdChanged", "DirectoryAdded", "FileChanged", "WorktreeCreate",
	"WorktreeRemove", "PreCompact", "PostCompact", "PreModelSwitch", "PostModelSwitch", "Elicitation",
	"ElicitationResult", "SessionEnd",
}

func TestClaudeEventsAllMapped(t *testing.T) {
	require.Len(t, claudeSpecEvents, 33)
	assert.ElementsMatch(t, claudeSpecEvents, ClaudeEventNames(), "the table holds exactly Claude's 33 events")
	for _, c := range claudeSpecEvents {
		n, ok := NativeEvent(c)
		require.True(t, ok, "%s has a native event", c)
		assert.True(t, n.Known(), "%s maps to a known native or extension event, got %q", c, n)
	}
}

func TestClaudeEventsOneToOneOnNativeSpec(t *testing.T) {
	// DESIGN §3: the 13 events of the native spec map one to one.
	want := map[string]settings.Event{
		"SessionStart": settings.SessionStart, "UserPromptSubmit": settings.PromptSubmit,
		"PreToolUse": settings.PreTool, "PermissionRequest": settings.PermissionRequest,
		"PostToolUse": settings.PostTool, "PostToolUseFailure": settings.PostToolFailure,
		"SubagentStart": settings.SubagentStart, "SubagentStop": settings.SubagentStop, "Stop": settings.Stop,
		"PreCompact": settings.PreCompact, "PostCompact": settings.PostCompact,
		"Notification": settings.Notification, "SessionEnd": settings.SessionEnd,
		"FileChanged": settings.FileChanged,
	}
	for c, n := range want {
		got, ok := NativeEvent(c)
		require.True(t, ok, c)
		assert.Equal(t, n, got, c)
	}
	for _, n := range settings.Events() {
		c, ok := ClaudeEvent(n)
		require.True(t, ok, "native event %s has a Claude name", n)
		assert.Equal(t, n, want[c], "%s ↔ %s", n, c)
	}
}

func TestClaudeEventsBijective(t *testing.T) {
	seen := map[settings.Event]string{}
	for _, c := range ClaudeEventNames() {
		n, ok := NativeEvent(c)
		require.True(t, ok, c)
		if prev, dup := seen[n]; dup {
			t.Errorf("%s and %s both map to %s", prev, c, n)
		}
		seen[n] = c
		back, ok := ClaudeEvent(n)
		require.True(t, ok, n)
		assert.Equal(t, c, back, "ClaudeEvent(NativeEvent(%s))", c)
	}
	// Every native event has a Claude name; Claude's 33 events map to 33
	// distinct known events.
	assert.Len(t, seen, 33)
	for _, n := range settings.Events() {
		assert.Contains(t, seen, n, "%s has no Claude event", n)
	}
}

func TestClaudeEventNamesCanonicalOrder(t *testing.T) {
	names := ClaudeEventNames()
	require.Len(t, names, 33)
	last := -1
	for i, c := range names {
		n, _ := NativeEvent(c)
		assert.Greater(t, n.Rank(), last, "position %d: %s out of canonical order", i, c)
		last = n.Rank()
	}
	names[0] = "mutated"
	assert.Equal(t, "SessionStart", ClaudeEventNames()[0], "ClaudeEventNames returns a copy")
}

func TestClaudeEventUnknown(t *testing.T) {
	for _, name := range []string{"", "pretooluse", "PreTool", "pre_tool", "Bogus"} {
		_, ok := NativeEvent(name)
		assert.False(t, ok, "NativeEvent(%q)", name)
	}
	_, ok := ClaudeEvent("bogus")
	assert.False(t, ok)
}

func TestClaudeEventAlias(t *testing.T) {
	for alias, want := range map[string]string{
		"BeforeTool":    "PreToolUse",
		"AfterTool":     "PostToolUse",
		"BeforeAgent":   "UserPromptSubmit",
		"AfterAgent":    "Stop",
		"PreCompress":   "PreCompact",
		"pre_tool":      "PreToolUse",
		"prompt_submit": "UserPromptSubmit",
		"file_changed":  "FileChanged",
	} {
		got, ok := ClaudeEventAlias(alias)
		require.True(t, ok, alias)
		assert.Equal(t, want, got, alias)
	}
	for _, name := range []string{"PreToolUse", "Bogus", ""} {
		_, ok := ClaudeEventAlias(name)
		assert.False(t, ok, "%q is not an alias", name)
	}
}
