package hookkit

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestNearest: case first, then separators, then a small edit distance
// that grows with the name; nothing when nothing is near.
func TestNearest(t *testing.T) {
	claude := []string{"SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure", "Stop", "SubagentStop"}
	native := []string{"session_start", "prompt_submit", "pre_tool", "post_tool", "post_tool_failure", "stop", "subagent_stop"}
	for _, c := range []struct {
		name string
		in   []string
		want string
	}{
		{"pretooluse", claude, "PreToolUse"},
		{"PRETOOLUSE", claude, "PreToolUse"},
		{"pre-tool", native, "pre_tool"},
		{"Pre Tool", native, "pre_tool"},
		{"pre_tools", native, "pre_tool"},
		{"PreToolUze", claude, "PreToolUse"},
		{"sesion_start", native, "session_start"},
		{"stpo", native, ""}, // two letters off in four: too far
		{"stp", native, "stop"},
		{"preEditHook", claude, ""},
		{"PreToolCall", claude, ""},
		{"", native, ""},
		{"xyzzy", native, ""},
		{"PostToolUse", claude, "PostToolUse"},
	} {
		assert.Equal(t, c.want, Nearest(c.name, c.in), c.name)
	}
	assert.Equal(t, `; did you mean "PreToolUse"?`, DidYouMean("pretooluse", claude))
	assert.Equal(t, "", DidYouMean("PreToolUse", claude), "a known name is no misspelling")
	assert.Equal(t, "", DidYouMean("preEditHook", claude))
}
