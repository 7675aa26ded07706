//go:build unix

package compat_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/testbin"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// renameGuard is a shell guard written in one format's own file: it
// saves its stdin in seen.json and blocks; tool is how its payload names
// the shell tool.
type renameGuard struct {
	name   string
	format string
	files  map[string]string // path under the project → content (SEEN is seen.json's path)
	source string            // the file or folder loaded
	tool   string
}

func renameGuards() []renameGuard {
	guard := `cat > SEEN; echo BLOCKED >&2; exit 2`
	hooksJSON := func(event, matcher, extra string) string {
		b, _ := json.Marshal(guard)
		return `{"hooks":{"` + event + `":[{"matcher":"` + matcher + `","hooks":[{"type":"command","command":` + string(b) + extra + `}]}]}}`
	}
	cmd, _ := json.Marshal(guard)
	guards := []renameGuard{
		{name: "claude-matcher", format: "claude", files: map[string]string{"settings.json": hooksJSON("PreToolUse", "Bash", "")}, source: "settings.json", tool: "Bash"},
		{name: "claude-if", format: "claude", files: map[string]string{"settings.json": hooksJSON("PreToolUse", "", `,"if":"Bash(ls *)"`)}, source: "settings.json", tool: "Bash"},
		{name: "claude-regex", format: "claude", files: map[string]string{"settings.json": hooksJSON("PreToolUse", "Ba.*", "")}, source: "settings.json", tool: "Bash"},
		{name: "codex", format: "codex", files: map[string]string{"hooks.json": hooksJSON("PreToolUse", "Bash", "")}, source: "hooks.json", tool: "Bash"},
		{name: "gemini", format: "gemini", files: map[string]string{"settings.json": hooksJSON("BeforeTool", "run_shell_command", "")}, source: "settings.json", tool: "run_shell_command"},
		{name: "qwen", format: "qwen", files: map[string]string{"settings.json": hooksJSON("PreToolUse", "run_shell_command", "")}, source: "settings.json", tool: "run_shell_command"},
		{name: "cursor", format: "cursor", files: map[string]string{"hooks.json": `{"version":1,"hooks":{"preToolUse":[{"matcher":"Shell","command":` + string(cmd) + `}]}}`},
			source: "hooks.json", tool: "Shell"},
		{name: "phi", format: "phi", files: map[string]string{
			"phi/guard/hook.json": `{"name":"guard","event":"pre_tool","match":"bash","run":"./run.sh"}`,
			"phi/guard/run.sh":    "#!/bin/sh\ncat > SEEN\necho '{\"action\":\"deny\",\"reason\":\"BLOCKED\"}'\n",
		}, source: "phi", tool: "bash"},
		{name: "native-glob-if", format: "native", files: map[string]string{"hooks.toml": "[[hooks.pre_tool]]\nmatch = \"shell\"\nif = \"shell(ls *)\"\ncommand = " + string(cmd) + "\n"},
			source: "hooks.toml", tool: "exec"},
	}
	// Hand-written hookcompat TOML: a foreign protocol's hook with a
	// native glob.
	for proto, tool := range map[string]string{"claude": "Bash", "codex": "Bash", "gemini": "run_shell_command", "qwen": "run_shell_command", "cursor": "Shell"} {
		guards = append(guards, renameGuard{name: "hookcompat-glob-" + proto, format: "native", source: "hooks.toml", tool: tool, files: map[string]string{
			"hooks.toml": "[[hooks.pre_tool]]\nmatch = \"shell\"\nprotocol = \"" + proto + "\"\nmatch_syntax = \"glob\"\ncommand = " + string(cmd) + "\n"}})
	}
	return guards
}

// TestRenamedVocabularyKeepsEveryGuard: an embedder that renames the
// shell tool (DefaultVocabulary.Rename({"shell": "exec"})) keeps every
// shell guard: each format's own file, the same file converted to
// native TOML (whose glob match = "shell" and exec shim run in-process
// and as a process) and to hookcompat TOML. Each blocks the exec call,
// sees the tool by its home agent's name, and lets another tool pass.
func TestRenamedVocabularyKeepsEveryGuard(t *testing.T) {
	shim := testbin.Hookcompat(t)
	vocab := translate.DefaultVocabulary.Rename(map[string]string{"shell": "exec"})
	for _, g := range renameGuards() {
		dir := t.TempDir()
		seen := filepath.Join(dir, "seen.json")
		for name, content := range g.files {
			p := filepath.Join(dir, name)
			require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
			require.NoError(t, os.WriteFile(p, []byte(strings.ReplaceAll(content, "SEEN", seen)), 0o755))
		}
		src := filepath.Join(dir, g.source)
		ways := map[string]string{g.format: src}
		if g.format != "native" {
			var data []byte
			if st, _ := os.Stat(src); !st.IsDir() {
				data, _ = os.ReadFile(src)
			}
			for _, target := range []string{compat.TargetNative, compat.TargetHookcompat} {
				conv := compat.Convert([]compat.Input{{Name: src, Data: data, From: g.format}}, compat.ConvertOptions{Target: target, Shim: shim, Project: dir})
				require.Empty(t, conv.Errors)
				p := filepath.Join(dir, target+".toml")
				require.NoError(t, os.WriteFile(p, conv.Output, 0o644))
				ways[target] = p
			}
		}
		for way, path := range ways {
			for _, inProcess := range []bool{true, false} {
				name := g.name + "/" + way
				if !inProcess {
					if way != compat.TargetNative || g.format == "native" {
						continue
					}
					name += "/process"
				}
				t.Run(name, func(t *testing.T) {
					format := g.format
					if way != g.format {
						format = "native"
					}
					loaded, err := compat.Load(compat.Options{Project: dir, Vocabulary: vocab, Sources: []formatSource{{Format: format, Path: path}}})
					require.NoError(t, err)
					opts := runner.Options{}
					if !inProcess {
						opts.InProcess = runner.NoInProcess
					}
					eng, err := compat.NewEngine(loaded, opts)
					require.NoError(t, err)
					defer eng.Close(context.Background())
					fire := func(tool, args string) *runner.Outcome {
						_ = os.Remove(seen)
						out, err := eng.Fire(context.Background(), runner.Event{Name: settings.PreTool, SessionID: "s", Workspace: dir, Cwd: dir,
							Tool: tool, ToolCallID: "t1", Args: json.RawMessage(args)})
						require.NoError(t, err)
						return out
					}
					out := fire("exec", `{"command":"ls -la"}`)
					assert.True(t, out.Decision.Blocks(), "the renamed shell tool's call is blocked: %s %q", out.Decision, out.Reason)
					assert.Contains(t, out.Reason, "BLOCKED")
					payload, err := os.ReadFile(seen)
					require.NoError(t, err, "the guard ran")
					assert.Contains(t, string(payload), `"`+g.tool+`"`, "the guard sees its own agent's name for the tool")
					if g.tool != "exec" {
						assert.NotContains(t, string(payload), `"exec"`)
					}
					out = fire("read", `{"path":"x"}`)
					assert.False(t, out.Decision.Blocks(), "another tool passes")
				})
			}
		}
	}
}

type formatSource = format.Source
