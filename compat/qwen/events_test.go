package qwen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/internal/eventtable"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// TestEventTableIsTheOnlyEventSwitch proves that events.go is the only
// file of the package that decides by event: no other non-test file
// compares with, switches on or keys a map by a Qwen Code event name or
// a settings event constant, nor calls Event.ToolEvent.
func TestEventTableIsTheOnlyEventSwitch(t *testing.T) {
	eventtable.Check(t, EventNames(), 10, "events.go")
}

// TestEventTableRows: Qwen Code 0.24.4's 22 events, named as Claude Code
// names them where Claude has the event, each on its own native event,
// with columns that agree with each other.
func TestEventTableRows(t *testing.T) {
	rows := agent.Table()
	require.Len(t, rows, 22)
	natives := map[settings.Event]string{}
	for i := range rows {
		r := &rows[i]
		assert.Empty(t, natives[r.Native], "%s: one row per native event", r.Name)
		natives[r.Native] = r.Name
		if native, claude := translate.NativeEvent(r.Name); claude {
			assert.Equal(t, native, r.Native, "%s runs as Claude Code's event does", r.Name)
		}
		assert.Equal(t, r.Native.ToolEvent(), r.Match == geminicore.MatchTool, "%s: tool events match the tool", r.Name)
		assert.Equal(t, r.Match == geminicore.MatchValue, r.MatchKey != "", "%s: a value matcher names its key", r.Name)
		if r.MatchKey != "" {
			assert.True(t, r.HasField(r.MatchKey), "%s: the match key is a payload key", r.Name)
		}
		for _, k := range r.Optional {
			assert.True(t, r.HasField(k), "%s: optional %s is a field", r.Name, k)
		}
		if r.Detached {
			assert.True(t, r.Queued, "%s: a detached event is not awaited", r.Name)
		}
		if r.Block != geminicore.Ignored || r.Stop != geminicore.Ignored || r.Context != geminicore.NoContext {
			assert.False(t, r.Queued, "%s: an event whose output acts is awaited", r.Name)
		}
		assert.Equal(t, r.Block == geminicore.TodoBlocked, r.Operation != "", "%s: a todo block names its operation", r.Name)
	}
}
