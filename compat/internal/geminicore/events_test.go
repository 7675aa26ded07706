package geminicore_test

import (
	"testing"

	"github.com/hookcompat/hookcompat/compat/gemini"
	"github.com/hookcompat/hookcompat/compat/internal/eventtable"
	"github.com/hookcompat/hookcompat/compat/qwen"
)

// TestCoreDecidesByNoEvent: the core reads the agents' rows and compares
// no event name of either agent, nor a settings event constant, nor
// calls Event.ToolEvent.
func TestCoreDecidesByNoEvent(t *testing.T) {
	eventtable.Check(t, append(gemini.EventNames(), qwen.EventNames()...), 8)
}
