package phi

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/internal/eventtable"
	"github.com/hookcompat/hookcompat/settings"
)

// TestEventTableIsTheOnlyEventSwitch proves that events.go is the only
// file of the package that decides by event: no other non-test file
// compares with, switches on or keys a map by a Phi event name or a
// settings event constant, nor calls Event.ToolEvent.
func TestEventTableIsTheOnlyEventSwitch(t *testing.T) {
	eventtable.Check(t, eventNames(), 5, "events.go")
}

// TestEventTableRows: Phi's two events, each on its native event, pre
// the gate run in order and post the parallel one (phi §7); failed tools
// run the post hooks.
func TestEventTableRows(t *testing.T) {
	require.Equal(t, []string{EventPreTool, EventPostTool}, eventNames())
	pre, post := eventNamed(EventPreTool), eventNamed(EventPostTool)
	assert.True(t, pre.gate && !pre.schedule.Parallel && pre.schedule.StopOnBlock && !pre.async)
	assert.True(t, !post.gate && post.schedule.Parallel && post.async)
	assert.Same(t, post, eventOf(settings.PostToolFailure))
	assert.Same(t, pre, eventOf(settings.PreTool))
	assert.Nil(t, eventOf(settings.Stop))
}
