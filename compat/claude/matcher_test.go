package claude

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMatcher is claude §3.1 and the oracle's "Matchers" facts; B23 is the
// bug class of runners that support only one exact name.
func TestMatcher(t *testing.T) {
	cases := []struct {
		event, matcher, value string
		want                  bool
	}{
		{"PreToolUse", "", "Bash", true},
		{"PreToolUse", "*", "Bash", true},
		{"PreToolUse", "Bash", "Bash", true},
		{"PreToolUse", "bash", "Bash", false},          // case-sensitive
		{"PreToolUse", "Bas", "Bash", false},           // exact, not prefix
		{"PreToolUse", "Edit|Write", "Write", true},    // B23 pipe list
		{"PreToolUse", "Edit, Write", "Write", true},   // B23 comma list
		{"PreToolUse", "Edit|Write", "Bash", false},    // oracle j
		{"PreToolUse", "^Wri", "Write", true},          // B23 regex, unanchored
		{"PreToolUse", "B.sh", "Bash", true},           // regex
		{"PreToolUse", ".*", "Bash", true},             // regex
		{"PreToolUse", "Edit.*", "NotebookEdit", true}, // unanchored: matches inside the name
		{"PreToolUse", "mcp__.*", "Write", false},      // B23
		{"PreToolUse", "mcp__memory", "mcp__memory__read", false},
		{"PreToolUse", "mcp__memory__.*", "mcp__memory__read", true},
		{"PreToolUse", "Bash(echo:*)", "Bash", false}, // oracle: a permission rule never matches
		{"PreToolUse", "code-reviewer", "my-code-reviewer-2", false},
		{"FileChanged", "a-b", "xa-bx", true}, // narrow set: '-' makes it a regex
		{"PreToolUse", "(?<=x)y", "xy", true}, // ECMAScript look-behind (not RE2)
		{"PreToolUse", "[unclosed", "x", false},
	}
	for _, c := range cases {
		m := compileMatcher(c.event, c.matcher)
		assert.Equal(t, c.want, m.Match(c.value), "claude §3.1 %s matcher %q vs %q", c.event, c.matcher, c.value)
	}
	assert.Error(t, compileMatcher("PreToolUse", "[unclosed").Err())
}

// TestTaskMatcherAlsoMatchesAgent: claude §3.5, §8.2 — the tool Task was
// renamed Agent; a Task matcher is still accepted.
func TestTaskMatcherAlsoMatchesAgent(t *testing.T) {
	assert.True(t, compileMatcher("PreToolUse", "Task").Match("Agent"))
	assert.True(t, compileMatcher("PreToolUse", "Task|Bash").Match("Agent"))
	assert.False(t, compileMatcher("PreToolUse", "Agent").Match("Task"), "the alias goes one way: old matcher, new tool name")
}
