package golden_test

import (
	"bytes"
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
	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/native"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// decisions is what the round trips through a target compare: what the
// agent does with the event (decision, reason, continue, updated args,
// the context for the model). system_message is left out: Cursor shows
// a deny's user_message to the user as well, which Claude Code does not.
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

// roundTripTarget is one convert target of the round trip: where its
// output is written and read back, and which corpus files are known to
// decide differently through it (each with the reason; docs/conversion.md
// lists them).
type roundTripTarget struct {
	name string
	// file is the output's path under the project ("" for TOML).
	file string
	// doc is the target's name in docs/conversion.md's count line.
	doc   string
	known map[string]string
}

var roundTripTargets = []roundTripTarget{
	{name: "gemini", file: ".gemini/settings.json", doc: "Gemini CLI", known: map[string]string{
		"ChrisWiles__claude-code-showcase__.claude_settings.json": "PostToolUse hooks exit 2 (a bash-only script under /bin/sh): Claude Code's block is " +
			"Gemini CLI's AfterTool deny (the same text replaces the tool's result), reported as deny",
	}},
	{name: "qwen", file: ".qwen/settings.json", doc: "Qwen Code", known: map[string]string{
		"ChrisWiles__claude-code-showcase__.claude_settings.json": "PostToolUse hooks exit 2 (a bash-only script under /bin/sh): Qwen Code ignores " +
			"PostToolUse decisions, so Claude Code's block has no effect",
	}},
	{name: "cursor", file: ".cursor/hooks.json", doc: "Cursor", known: map[string]string{
		"ChrisWiles__claude-code-showcase__.claude_settings.json": "PostToolUse hooks exit 2 (a bash-only script under /bin/sh): " +
			"Claude Code feeds the stderr back as a block, Cursor's postToolUse cannot block, so the shim hands it over as additional context",
	}},
	{name: "codex", file: ".codex/hooks.json", doc: "Codex", known: map[string]string{
		"ChrisWiles__claude-code-showcase__.claude_settings.json": "PostToolUse hooks exit 2 (a bash-only script under /bin/sh): both block, but Codex " +
			"joins the three hooks' feedback with blank lines where Claude Code joins it with newlines",
	}},
	{name: compat.TargetNative, doc: "native TOML"},
	{name: compat.TargetHookcompat, doc: "hookcompat TOML"},
}

// TestRoundTripCorpus proves every convert target on every Claude file of
// the public corpus (../shared/corpus/claude; skipped when absent). The
// file is converted with `convert --target T`; the output is then (a)
// loaded as T's own file — the agent's settings file with each hook
// calling the shim with --host T, which reads T's payload and runs the
// Claude hook by Claude's rules; for the TOML targets, the TOML — and (b)
// converted back with `convert --from T --target hookcompat` and that
// TOML loaded. Both, fired with a PreToolUse, PostToolUse,
// UserPromptSubmit and Stop event on the same engine, must decide as the
// Claude file loaded directly, but for the listed known differences. The
// counts are checked against docs/conversion.md.
func TestRoundTripCorpus(t *testing.T) {
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
	same := map[string]int{}
	total := 0
	differ := map[string]string{}
	t.Run("files", func(t *testing.T) {
		for _, f := range files {
			name := filepath.Base(f)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				data, err := os.ReadFile(f)
				require.NoError(t, err)
				home := t.TempDir()
				env := []string{"PATH=/nonexistent", "HOME=" + home}
				load := func(project string, opts compat.Options) (*runner.Engine, int) {
					opts.Project, opts.Home, opts.ManagedDir = project, home, home
					// The user trusts the project whose hooks they converted.
					opts.Trusted = func(string, string) bool { return true }
					loaded, err := compat.Load(opts)
					require.NoError(t, err)
					for _, w := range loaded.Warnings {
						if w.File != f {
							assert.False(t, format.DropsHooks(w), "the converted file loads whole: %s", w)
						}
					}
					eng, err := compat.NewEngine(loaded, runner.Options{Workspace: project, Env: env})
					require.NoError(t, err)
					return eng, len(loaded.Config.Hooks)
				}
				fire := func(eng *runner.Engine) []string {
					var out []string
					for _, ev := range events {
						ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
						o, err := eng.Fire(ctx, ev)
						cancel()
						require.NoError(t, err)
						out = append(out, decisions(o))
					}
					return out
				}
				origEng, origHooks := load(t.TempDir(), compat.Options{Sources: claude.Sources(f)})
				want := fire(origEng)
				mu.Lock()
				total++
				mu.Unlock()
				for _, tg := range roundTripTargets {
					project := t.TempDir()
					conv := compat.Convert([]compat.Input{{Name: f, Data: data, From: "claude"}}, compat.ConvertOptions{Target: tg.name, Shim: bin, AsLoaded: true})
					require.Empty(t, conv.Errors, tg.name)
					out, from, src := conv.Output, tg.name, format.Source{Format: tg.name}
					if tg.file == "" {
						out, from, src = conv.TOML, "native", format.Source{Format: "native"}
						src.Path = filepath.Join(project, "hooks.toml")
					} else {
						src.Path = filepath.Join(project, filepath.FromSlash(tg.file))
					}
					require.NoError(t, os.MkdirAll(filepath.Dir(src.Path), 0o755))
					require.NoError(t, os.WriteFile(src.Path, out, 0o644))
					back := compat.Convert([]compat.Input{{Name: src.Path, Data: out, From: from}}, compat.ConvertOptions{Target: compat.TargetHookcompat})
					require.Empty(t, back.Errors, "%s: converting the output back", tg.name)
					backPath := filepath.Join(t.TempDir(), "back.toml")
					require.NoError(t, os.WriteFile(backPath, back.TOML, 0o644))

					var diffs []string
					for _, leg := range []struct {
						how  string
						opts compat.Options
					}{
						{"as " + tg.name + "'s file", compat.Options{Sources: []format.Source{src}}},
						{"converted back", compat.Options{Sources: native.Sources(backPath)}},
					} {
						eng, n := load(project, leg.opts)
						if origHooks > 0 && bytes.Contains(out, []byte(" exec")) {
							assert.NotZero(t, n, "%s %s: no hook loaded", tg.name, leg.how)
						}
						got := fire(eng)
						for i := range events {
							if got[i] != want[i] {
								diffs = append(diffs, fmt.Sprintf("%s %s: Claude %s, %s", events[i].Name, leg.how, want[i], got[i]))
							}
						}
					}
					mu.Lock()
					if len(diffs) == 0 {
						same[tg.name]++
					} else {
						differ[tg.name+" "+name] = strings.Join(diffs, "; ")
					}
					mu.Unlock()
					if why, ok := tg.known[name]; ok {
						assert.NotEmpty(t, diffs, "%s through %s is listed as a known difference (%s) but decides identically: remove it", name, tg.name, why)
						continue
					}
					assert.Empty(t, diffs, "%s decides differently through %s", name, tg.name)
				}
			})
		}
	})
	keys := make([]string, 0, len(differ))
	for n := range differ {
		keys = append(keys, n)
	}
	sort.Strings(keys)
	for _, n := range keys {
		t.Logf("%s: %s", n, differ[n])
	}
	doc, err := os.ReadFile(filepath.Join("..", "docs", "conversion.md"))
	require.NoError(t, err)
	for _, tg := range roundTripTargets {
		re := regexp.MustCompile(`(?m)^- corpus files with identical decisions through ` + regexp.QuoteMeta(tg.doc) + `: (\d+ of \d+)`)
		m := re.FindSubmatch(doc)
		if !assert.NotNil(t, m, `docs/conversion.md must state "- corpus files with identical decisions through %s: N of M"`, tg.doc) {
			continue
		}
		assert.Equal(t, fmt.Sprintf("%d of %d", same[tg.name], total), string(m[1]), "docs/conversion.md's %s count", tg.doc)
	}
}
