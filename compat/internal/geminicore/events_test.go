package geminicore_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/gemini"
	"github.com/hookcompat/hookcompat/compat/internal/eventtable"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/compat/qwen"
	"github.com/hookcompat/hookcompat/settings"
)

// TestCoreDecidesByNoEvent: the core reads the agents' rows and compares
// no event name of either agent, nor a settings event constant, nor
// calls Event.ToolEvent.
func TestCoreDecidesByNoEvent(t *testing.T) {
	eventtable.Check(t, append(gemini.EventNames(), qwen.EventNames()...), 8)
}

// TestRowsAgree: in both agents' tables, each row runs on a native event
// of its own and its columns agree with each other: tool events match
// the tool, a value matcher names a payload key, optional keys are
// payload keys, an event whose output acts is awaited, a detached one is
// not, a todo block names its operation.
func TestRowsAgree(t *testing.T) {
	for _, name := range []string{"gemini", "qwen"} {
		f, ok := format.Lookup(name)
		require.True(t, ok, name)
		rows := f.(interface{ Table() []geminicore.Row }).Table()
		require.NotEmpty(t, rows, name)
		natives := map[settings.Event]string{}
		for i := range rows {
			r := &rows[i]
			where := name + " " + r.Name
			assert.Empty(t, natives[r.Native], "%s: one row per native event", where)
			natives[r.Native] = r.Name
			if r.Failure != "" {
				assert.Empty(t, natives[r.Failure], "%s: one row per native event", where)
				natives[r.Failure] = r.Name
			}
			assert.Equal(t, r.Native.ToolEvent(), r.Match == geminicore.MatchTool, "%s: tool events match the tool", where)
			assert.Equal(t, r.Match == geminicore.MatchValue, r.MatchKey != "", "%s: a value matcher names its key", where)
			if r.MatchKey != "" {
				assert.True(t, r.HasField(r.MatchKey), "%s: the match key is a payload key", where)
			}
			for _, k := range r.Optional {
				assert.True(t, r.HasField(k), "%s: optional %s is a field", where, k)
			}
			if r.Block != geminicore.Ignored || r.Stop != geminicore.Ignored || r.Context != geminicore.NoContext || r.Merge == geminicore.MergeToolSelection {
				assert.False(t, r.Queued, "%s: an event whose output acts is awaited", where)
			}
			if r.Detached {
				assert.True(t, r.Queued, "%s: a detached event is not awaited", where)
			}
			assert.Equal(t, r.Block == geminicore.TodoBlocked, r.Operation != "", "%s: a todo block names its operation", where)
		}
	}
}
