package gemini

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/internal/eventtable"
	"github.com/hookcompat/hookcompat/settings"
)

// TestEventTableIsTheOnlyEventSwitch proves that events.go is the only
// file of the package that decides by event: no other non-test file
// compares with, switches on or keys a map by a Gemini CLI event name or
// a settings event constant, nor calls Event.ToolEvent.
func TestEventTableIsTheOnlyEventSwitch(t *testing.T) {
	eventtable.Check(t, EventNames(), 10, "events.go")
}

// TestEventTableRows: Gemini CLI 0.61.0's 11 events (the columns'
// agreement is geminicore's TestRowsAgree); AfterTool's hooks also run
// for failed calls.
func TestEventTableRows(t *testing.T) {
	require.Len(t, agent.Table(), 11)
	r, ok := agent.ForNative(settings.PostToolFailure)
	require.True(t, ok)
	assert.Equal(t, "AfterTool", r.Name)
}
