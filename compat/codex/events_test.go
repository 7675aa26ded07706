package codex

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/internal/eventtable"
	"github.com/hookcompat/hookcompat/settings"
)

// TestEventTableIsTheOnlyEventSwitch proves that events.go is the only
// file of the package that decides by event: no other non-test file
// compares with, switches on or keys a map by a Codex event name or a
// settings event constant, nor calls Event.ToolEvent.
func TestEventTableIsTheOnlyEventSwitch(t *testing.T) {
	eventtable.Check(t, eventNames(), 10, "events.go")
}

// TestEventTableRows: the columns of each row agree with each other and
// with the native event it runs on.
func TestEventTableRows(t *testing.T) {
	rows := events.Get().rows
	require.Len(t, rows, 14)
	exit2Of := map[replyKind]exit2Action{replyGate: exit2Block, replyApproval: exit2Deny, replyFeedback: exit2Feedback, replyDrop: exit2Drop, replyContinue: exit2Continue}
	natives := map[settings.Event]bool{}
	for _, r := range rows {
		assert.False(t, natives[r.Native], "%s: one row per native event", r.Codex)
		natives[r.Native] = true
		assert.Equal(t, r.Native.ToolEvent(), r.Match == matchTool, "%s: tool events match the tool", r.Codex)
		assert.Equal(t, exit2Of[r.Reply], r.Exit2, "%s: exit 2 has the effect of the event's replies", r.Codex)
		assert.Equal(t, has(r.Top, "decision"), len(r.Decisions) > 0, "%s: decision values where decision is a field", r.Codex)
		if r.Reply != replyNone && (has(r.HSO, "additionalContext") || r.Plain == plainContext) {
			assert.NotEmpty(t, r.Place, "%s: a context lands somewhere", r.Codex)
		}
		assert.Equal(t, r.Match == matchAgent, r.Subagent, "%s: agent_type is the subagent's where the matcher tests it", r.Codex)
		if !r.Schema {
			assert.Equal(t, replyNone, r.Reply, "%s: no schema, no effect", r.Codex)
		}
	}
	for _, a := range aliases {
		row, ok := rowFor(a.native)
		require.True(t, ok)
		assert.Equal(t, a.codex, row.Codex)
		assert.Contains(t, aliasesOf(row), a.native)
		assert.False(t, natives[a.native], "an alias has no row of its own")
	}
}
