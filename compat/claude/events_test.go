package claude

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/internal/eventtable"
	"github.com/hookcompat/hookcompat/translate"
)

// TestEventTableCoversClaude: one row per Claude Code event, each running as the native event translate knows it
// by, with a payload head that starts with the common keys.
func TestEventTableCoversClaude(t *testing.T) {
	require.ElementsMatch(t, translate.ClaudeEventNames(), eventNames(), "one row per Claude event")
	require.Len(t, events.Get().rows, 33)
	for _, e := range events.Get().rows {
		native, ok := translate.NativeEvent(e.name)
		require.True(t, ok, e.name)
		assert.Equal(t, native, e.native, "%s runs as %s", e.name, native)
		assert.Equal(t, []string{"session_id", "transcript_path", "cwd"}, e.head[:3], "%s: common head", e.name)
		if e.join || e.persist || e.out.has(outContext) {
			assert.NotEqual(t, landNone, e.lands, "%s: a context must land somewhere", e.name)
		}
		if e.exit2 == exit2Continue {
			assert.NotEmpty(t, e.feedback, "%s: the feedback block names an event", e.name)
		}
		assert.Equal(t, e.isTool(), e.native.ToolEvent(), "%s: tool events match the tool", e.name)
		assert.Equal(t, e.ifRule, e.native.ToolEvent(), "%s: if rules on tool events only", e.name)
	}
}

// TestEventTableIsTheOnlyEventSwitch proves that events.go is the only
// file of the package that decides by event: no other non-test file
// compares with, switches on, or keys a map by a Claude event name, nor
// compares with or switches on a native event constant of package
// settings (settings.PreTool, …), nor calls Event.ToolEvent (the shared
// check of package eventtable, which proves it finds each kind).
func TestEventTableIsTheOnlyEventSwitch(t *testing.T) {
	eventtable.Check(t, translate.ClaudeEventNames(), 10, "events.go")
}
