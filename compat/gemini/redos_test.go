package gemini_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/gemini"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore/geminitest"
	"github.com/hookcompat/hookcompat/compat/internal/jsregex"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// TestGeminiUnevaluableMatcherNeverSkipsAGuard: a BeforeTool regex that
// exceeds its evaluation bound on a tool name (Node backtracks for
// minutes, then matches through "danger$") is no "no match": the hook
// runs — here it denies — and its trace says why; a tool name the regex
// decides quickly is still decided by it. doctor (and validate, which
// prints doctor's errors) flags the pattern as an error.
func TestGeminiUnevaluableMatcherNeverSkipsAGuard(t *testing.T) {
	e := env(t)
	path := write(t, filepath.Join(e.Project, ".gemini", "settings.json"), `{"hooks": {"BeforeTool": [{"matcher": "(a+)+b|danger$", "hooks": [`+
		geminitest.Reply(`{"decision":"deny","reason":"guarded"}`)+`]}]}}`)
	loaded, eng := geminitest.Engine(t, e, format.Source{Format: gemini.Name, Path: path})

	out := geminitest.Fire(t, eng, runner.Event{Name: settings.PreTool, Tool: "mcp__srv__" + strings.Repeat("a", 30) + "danger", Args: []byte(`{}`)})
	require.Len(t, out.Hooks, 1, "the hook is selected")
	assert.Equal(t, runner.DecisionDeny, out.Decision, "the guard ran and denied")
	assert.Contains(t, out.Hooks[0].Error, "could not be evaluated", "the trace says why")

	out = geminitest.Fire(t, eng, runner.Event{Name: settings.PreTool, Tool: "mcp__srv__list", Args: []byte(`{}`)})
	assert.Empty(t, out.Hooks, "no match, no warning")

	found := geminitest.Findings(loaded, jsregex.CodeBacktracking)
	require.Len(t, found, 1, "doctor findings")
	assert.True(t, strings.HasPrefix(found[0], compat.SeverityError+": "), found[0])
	assert.Contains(t, found[0], "Gemini CLI can hang")
}
