package qwen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/internal/eventtable"
	"github.com/hookcompat/hookcompat/translate"
)

// TestEventTableIsTheOnlyEventSwitch proves that events.go is the only
// file of the package that decides by event: no other non-test file
// compares with, switches on or keys a map by a Qwen Code event name or
// a settings event constant, nor calls Event.ToolEvent.
func TestEventTableIsTheOnlyEventSwitch(t *testing.T) {
	eventtable.Check(t, EventNames(), 10, "events.go")
}

// TestEventTableRows: Qwen Code 0.24.4's 22 events (the columns'
// agreement is geminicore's TestRowsAgree), named as Claude Code names
// them where Claude has the event.
func TestEventTableRows(t *testing.T) {
	rows := agent.Table()
	require.Len(t, rows, 22)
	for i := range rows {
		if native, claude := translate.NativeEvent(rows[i].Name); claude {
			assert.Equal(t, native, rows[i].Native, "%s runs as Claude Code's event does", rows[i].Name)
		}
	}
}
