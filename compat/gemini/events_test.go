package gemini

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/internal/eventtable"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/settings"
)

// TestEventTableIsTheOnlyEventSwitch proves that events.go is the only
// file of the package that decides by event: no other non-test file
// compares with, switches on or keys a map by a Gemini CLI event name or
// a settings event constant, nor calls Event.ToolEvent.
func TestEventTableIsTheOnlyEventSwitch(t *testing.T) {
	eventtable.Check(t, EventNames(), 10, "events.go")
}

// TestEventTableRows: Gemini CLI 0.61.0's 11 events, each on its own
// native event, with columns that agree with each other.
func TestEventTableRows(t *testing.T) {
	rows := agent.Table()
	require.Len(t, rows, 11)
	natives := map[settings.Event]string{}
	for i := range rows {
		r := &rows[i]
		assert.Empty(t, natives[r.Native], "%s: one row per native event", r.Name)
		natives[r.Native] = r.Name
		assert.Equal(t, r.Native.ToolEvent(), r.Match == geminicore.MatchTool, "%s: tool events match the tool", r.Name)
		assert.Equal(t, r.Match == geminicore.MatchValue, r.MatchKey != "", "%s: a value matcher names its key", r.Name)
		if r.MatchKey != "" {
			assert.True(t, r.HasField(r.MatchKey), "%s: the match key is a payload key", r.Name)
		}
		for _, k := range r.Optional {
			assert.True(t, r.HasField(k), "%s: optional %s is a field", r.Name, k)
		}
		if r.Block != geminicore.Ignored || r.Stop != geminicore.Ignored || r.Context != geminicore.NoContext || r.Merge == geminicore.MergeToolSelection {
			assert.False(t, r.Queued, "%s: an event whose output acts is awaited", r.Name)
		}
	}
	r, ok := agent.ForNative(settings.PostToolFailure)
	require.True(t, ok)
	assert.Equal(t, "AfterTool", r.Name, "a failed call's hooks are AfterTool's")
}
