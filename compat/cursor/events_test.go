package cursor

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookcompat/hookcompat/compat/internal/eventtable"
	"github.com/hookcompat/hookcompat/settings"
)

// TestEventTableIsTheOnlyEventSwitch proves that events.go is the only
// file of the package that decides by step or event: no other non-test
// file compares with, switches on or keys a map by a Cursor step name or
// a settings event constant, nor calls Event.ToolEvent.
func TestEventTableIsTheOnlyEventSwitch(t *testing.T) {
	eventtable.Check(t, stepNames(), 10, "events.go")
}

// TestStepColumns: the columns of each step agree with each other and
// with the native event it runs on.
func TestStepColumns(t *testing.T) {
	for i := range stepTable {
		s := &stepTable[i]
		assert.Equal(t, s.Event == settings.PreTool, s.FailNoun == "Tool", "%s: a fail-closed failure blocks the tool before a call, an action elsewhere", s.Name)
		assert.Equal(t, s.Tools != toolsNone, s.Event.ToolEvent(), "%s: tool steps are the tool events'", s.Name)
		if s.ConvertNote != "" {
			assert.Contains(t, s.ConvertNote, "%s", s.Name)
			assert.NotEmpty(t, s.ConvertCode, s.Name)
		}
		assert.Equal(t, s.Claude == claudeBlock, s.LoopLimit, "%s: Claude's decision block is a follow-up where loop_limit applies", s.Name)
		if s.Notice || s.Honours("continue") {
			assert.True(t, s.Honours("user_message"), "%s: user_message is shown", s.Name)
		}
		if s.ReasonAsContext {
			assert.True(t, s.Honours("additional_context") && !s.Permission, s.Name)
		}
	}
	assert.True(t, followsUp(settings.Stop) && followsUp(settings.SubagentStop) && !followsUp(settings.PreTool))
	assert.True(t, toolEvent(settings.PostToolFailure) && !toolEvent(settings.SessionStart))
}
