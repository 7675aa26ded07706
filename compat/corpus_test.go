package compat_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// TestCorpusFiresWithoutHangs loads every Claude config of the public
// corpus (../shared/corpus/claude; skipped when absent) and fires a
// PreToolUse, PostToolUse, UserPromptSubmit and Stop event through it.
// The hooks run with an empty PATH (only shell builtins work, so no
// program of the corpus touches the machine or the network): every hook
// must end with an explained outcome — success, a blocking decision, or an
// error with its exit code — never a hang, a timeout or an engine error.
func TestCorpusFiresWithoutHangs(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "shared", "corpus", "claude"))
	require.NoError(t, err)
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		t.Skipf("the public corpus is absent (%s)", dir)
	}
	events := []runner.Event{
		{Name: settings.PreTool, SessionID: "s", Tool: "shell", ToolCallID: "t1", Args: json.RawMessage(`{"command":"git status"}`)},
		{Name: settings.PostTool, SessionID: "s", Tool: "edit", ToolCallID: "t2", Args: json.RawMessage(`{"path":"/tmp/x.go","old_string":"a","new_string":"b"}`), Result: json.RawMessage(`{"filePath":"/tmp/x.go"}`)},
		{Name: settings.PromptSubmit, SessionID: "s", Prompt: "hello"},
		{Name: settings.Stop, SessionID: "s", Output: "done"},
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			project := t.TempDir()
			home := t.TempDir()
			loaded, err := compat.Load(compat.Options{Project: project, Home: home, Sources: claude.Sources(f), ManagedDir: home})
			require.NoError(t, err)
			eng, err := compat.NewEngine(loaded, runner.Options{Workspace: project,
				Env: []string{"PATH=/nonexistent", "HOME=" + home}})
			require.NoError(t, err)
			for _, ev := range events {
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				start := time.Now()
				out, err := eng.Fire(ctx, ev)
				cancel()
				require.NoError(t, err, "event %s", ev.Name)
				assert.Less(t, time.Since(start), 55*time.Second, "event %s took too long", ev.Name)
				for _, tr := range out.Hooks {
					switch tr.Outcome {
					case runner.OutcomeSuccess, runner.OutcomeBlocking, runner.OutcomeDeduplicated, runner.OutcomeSkipped, runner.OutcomeNotRunnable:
					case runner.OutcomeError:
						assert.True(t, tr.ExitCode != nil || tr.Error != "", "unexplained error of %s", tr.Command)
					default:
						t.Errorf("event %s: hook %s (%s) ended %s: %s", ev.Name, tr.Command, tr.Source, tr.Outcome, tr.Error)
					}
				}
			}
		})
	}
}
