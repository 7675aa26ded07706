//go:build linux

package reliability

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// catastrophic is a matcher JavaScript's backtracking engine evaluates in
// exponential time on catastrophicTool (and then matches, through
// "danger$"), and regexp2 gives up on within its time limit.
const catastrophic = `(a+)+b|danger$`

var catastrophicTool = "mcp__srv__" + strings.Repeat("a", 30) + "danger"

// syncBuffer is a bytes.Buffer for a logger written by several hooks.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// TestUnevaluableMatcherNeverSkipsAGuard (issue class 4): a Claude regex
// matcher that exceeds its evaluation bound on a tool name does not count
// as no match: the hook runs (here it denies), and its trace and audit
// record (-v) carry a warning. doctor and validate flag the pattern.
func TestUnevaluableMatcherNeverSkipsAGuard(t *testing.T) {
	marker := newMarker(t)
	settingsJSON := `{"hooks":{"PreToolUse":[{"matcher":"` + catastrophic + `","hooks":[{"type":"command","timeout":30,
 "command":"cat >/dev/null; printf '%s' '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"guarded\"}}'"}]}]}}`
	var log syncBuffer
	eng := claudeEngine(t, settingsJSON, marker, runner.Options{Logger: slog.New(slog.NewTextHandler(&log, nil))})
	ev := runner.Event{Name: settings.PreTool, SessionID: "s1", Tool: catastrophicTool, Args: []byte(`{}`)}
	out, took, err := fireWithin(t, context.Background(), eng, ev, 30*time.Second+slack)
	require.NoError(t, err)
	require.Len(t, out.Hooks, 1, "the hook is selected")
	assert.Equal(t, runner.DecisionDeny, out.Decision, "the guard ran and denied")
	assert.Contains(t, out.Hooks[0].Error, "could not be evaluated", "the trace warns")
	assert.Contains(t, log.String(), "warning=", "the audit record (-v) warns")
	assert.Less(t, took, 30*time.Second)
	requireNoneLeft(t, marker)

	// A tool the matcher evaluates quickly is still decided by it.
	out, _, err = fireWithin(t, context.Background(), eng, runner.Event{Name: settings.PreTool, SessionID: "s1", Tool: "mcp__srv__list", Args: []byte(`{}`)}, slack)
	require.NoError(t, err)
	assert.Empty(t, out.Hooks, "no match, no warning")

	// doctor (and so validate, which prints doctor's errors) flags it.
	ws := t.TempDir()
	path := filepath.Join(ws, "settings.json")
	require.NoError(t, os.WriteFile(path, []byte(settingsJSON), 0o644))
	loaded, err := compat.Load(compat.Options{Project: ws, Sources: claude.Sources(path)})
	require.NoError(t, err)
	var codes []string
	for _, f := range compat.Doctor(loaded, nil) {
		if f.Code == "catastrophic-backtracking" {
			codes = append(codes, f.Severity+": "+f.Message)
		}
	}
	require.Len(t, codes, 1, "doctor findings")
	assert.True(t, strings.HasPrefix(codes[0], compat.SeverityError+": "), codes[0])
}
