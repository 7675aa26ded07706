package compat_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// TestClaudeHookParentIsTheShell: a Claude command hook that is one
// simple command still runs through /bin/sh -c, as Claude Code runs it:
// dash forks a simple command, so the script's parent process is the
// shell, and a script may look at it. The script records its parent's
// name; the engine's run must record what /bin/sh -c run by hand
// records. A native bash-form hook of the same script runs directly
// (bash replaces itself with a single simple command, so its parent is
// the engine either way).
func TestClaudeHookParentIsTheShell(t *testing.T) {
	ws := t.TempDir()
	probe := filepath.Join(ws, "probe")
	require.NoError(t, os.WriteFile(probe, []byte("#!/bin/sh\ncat /proc/$PPID/comm >\"$1\"\n"), 0o755))
	self, err := os.ReadFile("/proc/self/comm")
	require.NoError(t, err)

	byHand := filepath.Join(ws, "by-hand")
	cmd := exec.Command("/bin/sh", "-c", `"$CLAUDE_PROJECT_DIR"/probe "$CLAUDE_PROJECT_DIR"/by-hand`)
	cmd.Env = append(os.Environ(), "CLAUDE_PROJECT_DIR="+ws)
	require.NoError(t, cmd.Run())
	want, err := os.ReadFile(byHand)
	require.NoError(t, err)
	require.NotEqual(t, string(self), string(want), "/bin/sh -c forks the script here")

	ev := runner.Event{Name: settings.PreTool, SessionID: "s", Workspace: ws, Cwd: ws, Tool: "shell", ToolCallID: "toolu_01",
		Args: json.RawMessage(`{"command":"ls"}`)}
	fire := func(t *testing.T, h settings.Hook) string {
		t.Helper()
		e, err := compat.NewEngine(&compat.Loaded{Config: &settings.Config{Hooks: []settings.Hook{h}}, Project: ws}, runner.Options{Workspace: ws})
		require.NoError(t, err)
		out, err := e.Fire(context.Background(), ev)
		require.NoError(t, err)
		require.Len(t, out.Hooks, 1)
		require.Equal(t, runner.OutcomeSuccess, out.Hooks[0].Outcome, "%+v", out.Hooks[0])
		got, err := os.ReadFile(filepath.Join(ws, "got"))
		require.NoError(t, err)
		require.NoError(t, os.Remove(filepath.Join(ws, "got")))
		return string(got)
	}
	t.Run("claude", func(t *testing.T) {
		got := fire(t, settings.Hook{Event: settings.PreTool, Protocol: claude.Name, MatchSyntax: claude.Name,
			Match: "Bash", Command: `"$CLAUDE_PROJECT_DIR"/probe "$CLAUDE_PROJECT_DIR"/got`})
		assert.Equal(t, string(want), got, "the Claude hook's script has /bin/sh as its parent")
	})
	t.Run("native", func(t *testing.T) {
		got := fire(t, settings.Hook{Event: settings.PreTool, Command: probe + " " + filepath.Join(ws, "got")})
		assert.Equal(t, string(self), got, "a native simple command runs directly, as bash -c runs it")
	})
}
