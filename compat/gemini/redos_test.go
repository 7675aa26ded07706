package gemini_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/gemini"
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
	path := write(t, filepath.Join(e.Project, ".gemini", "settings.json"), `{"hooks": {"BeforeTool": [{"matcher": "(a+)+b|danger$", "hooks": [
  {"type": "command", "command": "cat >/dev/null; echo '{\"decision\":\"deny\",\"reason\":\"guarded\"}'"}]}]}}`)
	loaded, err := compat.Load(compat.Options{Project: e.Project, Home: e.Home, SystemRoot: e.SystemRoot,
		Sources: []format.Source{{Format: gemini.Name, Path: path}}})
	require.NoError(t, err)
	eng, err := compat.NewEngine(loaded, runner.Options{Workspace: e.Project})
	require.NoError(t, err)
	defer eng.Close(context.Background())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	out, err := eng.Fire(ctx, runner.Event{Name: settings.PreTool, SessionID: "s1", Tool: "mcp__srv__" + strings.Repeat("a", 30) + "danger", Args: []byte(`{}`)})
	require.NoError(t, err)
	require.Len(t, out.Hooks, 1, "the hook is selected")
	assert.Equal(t, runner.DecisionDeny, out.Decision, "the guard ran and denied")
	assert.Contains(t, out.Hooks[0].Error, "could not be evaluated", "the trace says why")

	out, err = eng.Fire(ctx, runner.Event{Name: settings.PreTool, SessionID: "s1", Tool: "mcp__srv__list", Args: []byte(`{}`)})
	require.NoError(t, err)
	assert.Empty(t, out.Hooks, "no match, no warning")

	var found []string
	for _, f := range compat.Diagnose(loaded, nil).Findings {
		if f.Code == jsregex.CodeBacktracking {
			found = append(found, f.Severity+": "+f.Message)
		}
	}
	require.Len(t, found, 1, "doctor findings")
	assert.True(t, strings.HasPrefix(found[0], compat.SeverityError+": "), found[0])
	assert.Contains(t, found[0], "Gemini CLI can hang")
}
