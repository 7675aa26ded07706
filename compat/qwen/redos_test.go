package qwen_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore/geminitest"
	"github.com/hookcompat/hookcompat/compat/internal/jsregex"
	"github.com/hookcompat/hookcompat/compat/qwen"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// TestQwenUnevaluableMatcherNeverSkipsAGuard: a PreToolUse matcher whose
// regex (here the entries of a list, joined) exceeds its evaluation bound
// on a tool name is no "no match": the hook runs — here it denies — and
// its trace says why; a tool name the regex decides quickly is still
// decided by it. doctor (and validate) flags the pattern as an error, on
// a value matcher (Notification's type) too.
func TestQwenUnevaluableMatcherNeverSkipsAGuard(t *testing.T) {
	e := env(t)
	path := filepath.Join(e.Project, ".qwen", "settings.json")
	write(t, path, `{"hooks": {"PreToolUse": [{"matcher": "(a+)+b|danger$", "hooks": [`+
		geminitest.Reply(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"guarded"}}`)+`]}],
  "Notification": [{"matcher": "(x+x+)+y", "hooks": [{"type": "command", "command": "true"}]}]}}`)
	loaded, eng := geminitest.Engine(t, e, format.Source{Format: qwen.Name, Path: path})

	out := geminitest.Fire(t, eng, runner.Event{Name: settings.PreTool, Tool: "mcp__srv__" + strings.Repeat("a", 30) + "danger", Args: []byte(`{}`)})
	require.Len(t, out.Hooks, 1, "the hook is selected")
	assert.Equal(t, runner.DecisionDeny, out.Decision, "the guard ran and denied")
	assert.Contains(t, out.Hooks[0].Error, "could not be evaluated", "the trace says why")

	out = geminitest.Fire(t, eng, runner.Event{Name: settings.PreTool, Tool: "mcp__srv__list", Args: []byte(`{}`)})
	assert.Empty(t, out.Hooks, "no match, no warning")

	found := geminitest.Findings(loaded, jsregex.CodeBacktracking)
	require.Len(t, found, 2, "doctor findings: %q", found)
	for _, f := range found {
		assert.True(t, strings.HasPrefix(f, compat.SeverityError+": "), f)
		assert.Contains(t, f, "Qwen Code can hang")
	}
}
