package golden_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// decisions is what the Cursor round trip compares: what the agent
// does with the event (decision, reason, continue, updated args, the
// context for the model). system_message is left out: Cursor shows a
// deny's user_message to the user as well, which Claude Code does not.
func decisions(out *runner.Outcome) string {
	b, _ := json.Marshal(struct {
		Decision          runner.Decision `json:"decision"`
		Reason            string          `json:"reason"`
		Continue          *bool           `json:"continue"`
		AdditionalContext string          `json:"additional_context"`
		UpdatedArgs       json.RawMessage `json:"updated_args"`
	}{out.Decision, out.Reason, out.Continue, out.AdditionalContext, out.UpdatedArgs})
	return string(b)
}

// cursorKnownDifferences are the corpus files whose hooks decide
// differently inside Cursor, each with the reason (docs/conversion.md
// lists them in its Cursor section).
var cursorKnownDifferences = map[string]string{
	"ChrisWiles__claude-code-showcase__.claude_settings.json": "PostToolUse hooks exit 2 (a bash-only script under /bin/sh): " +
		"Claude Code feeds the stderr back as a block, Cursor's postToolUse cannot block, so the shim hands it over as additional context",
}

// TestCursorRoundTripCorpus proves the Cursor target (and the Cursor
// source) on every Claude file of the public corpus (../shared/corpus/claude;
// skipped when absent): the file converted with `convert --target
// cursor`, that hooks.json loaded back as Cursor's own file and fired
// through the Cursor protocol — each entry calling the shim with --host
// cursor, which reads Cursor's payload and runs the Claude hook by
// Claude's rules — decides a PreToolUse, PostToolUse, UserPromptSubmit
// and Stop event as the Claude file does loaded directly. The count is
// checked against docs/conversion.md.
func TestCursorRoundTripCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the hookcompat binary")
	}
	dir, err := filepath.Abs(filepath.Join("..", "..", "shared", "corpus", "claude"))
	require.NoError(t, err)
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		t.Skipf("the public corpus is absent (%s)", dir)
	}
	bin := shim(t)
	events := []runner.Event{
		{Name: settings.PreTool, SessionID: "s", Tool: "shell", ToolCallID: "t1", Args: json.RawMessage(`{"command":"git status"}`)},
		{Name: settings.PostTool, SessionID: "s", Tool: "edit", ToolCallID: "t2", Args: json.RawMessage(`{"path":"/tmp/x.go","old_string":"a","new_string":"b"}`), Result: json.RawMessage(`{"filePath":"/tmp/x.go"}`)},
		{Name: settings.PromptSubmit, SessionID: "s", Prompt: "hello"},
		{Name: settings.Stop, SessionID: "s", Output: "done"},
	}
	var mu sync.Mutex
	same, total := 0, 0
	differ := map[string]string{}
	t.Run("files", func(t *testing.T) {
		for _, f := range files {
			name := filepath.Base(f)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				project, home := t.TempDir(), t.TempDir()
				env := []string{"PATH=/nonexistent", "HOME=" + home}
				data, err := os.ReadFile(f)
				require.NoError(t, err)
				conv := compat.Convert([]compat.Input{{Name: f, Data: data, From: "claude"}}, compat.ConvertOptions{Target: "cursor", Shim: bin})
				require.Empty(t, conv.Errors)
				hooksJSON := filepath.Join(project, ".cursor", "hooks.json")
				require.NoError(t, os.MkdirAll(filepath.Dir(hooksJSON), 0o755))
				require.NoError(t, os.WriteFile(hooksJSON, conv.Output, 0o644))
				load := func(opts compat.Options) *runner.Engine {
					opts.Project, opts.Home, opts.ManagedDir = project, home, home
					loaded, err := compat.Load(opts)
					require.NoError(t, err)
					for _, w := range loaded.Warnings {
						if w.File == hooksJSON {
							assert.False(t, format.DropsHooks(w), "the converted file loads whole: %s", w)
						}
					}
					eng, err := compat.NewEngine(loaded, runner.Options{Workspace: project, Env: env})
					require.NoError(t, err)
					return eng
				}
				orig := load(compat.Options{Settings: []string{f}})
				viaCursor := load(compat.Options{Sources: []format.Source{{Format: "cursor", Path: hooksJSON}}})
				var diffs []string
				for _, ev := range events {
					ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
					a, err := orig.Fire(ctx, ev)
					require.NoError(t, err)
					b, err := viaCursor.Fire(ctx, ev)
					require.NoError(t, err)
					cancel()
					if da, db := decisions(a), decisions(b); da != db {
						diffs = append(diffs, fmt.Sprintf("%s: Claude %s, through Cursor %s", ev.Name, da, db))
					}
				}
				mu.Lock()
				total++
				if len(diffs) == 0 {
					same++
				} else {
					differ[name] = strings.Join(diffs, "; ")
				}
				mu.Unlock()
				if why, ok := cursorKnownDifferences[name]; ok {
					assert.NotEmpty(t, diffs, "%s is listed as a known difference (%s) but decides identically: remove it", name, why)
					return
				}
				assert.Empty(t, diffs, "%s decides differently through Cursor", name)
			})
		}
	})
	names := make([]string, 0, len(differ))
	for n := range differ {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t.Logf("%s: %s", n, differ[n])
	}
	doc, err := os.ReadFile(filepath.Join("..", "docs", "conversion.md"))
	require.NoError(t, err)
	m := regexp.MustCompile(`(?m)^- corpus files with identical decisions through Cursor: (\d+ of \d+)`).FindSubmatch(doc)
	require.NotNil(t, m, `docs/conversion.md must state "- corpus files with identical decisions through Cursor: N of M"`)
	assert.Equal(t, fmt.Sprintf("%d of %d", same, total), string(m[1]), "docs/conversion.md's Cursor count")
}
