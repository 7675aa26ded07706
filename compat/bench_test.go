//go:build unix

package compat_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/compat/native"
	"github.com/hookcompat/hookcompat/internal/benchratio"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// Claude hooks through the engine against the least a host can do, in
// the same run (internal/benchratio; docs/performance.md):
//
//	go test -run '^$' -bench . -benchtime=400x -count=6 ./compat | benchstat -

// claudeBench is a project whose hook program does nothing, at a path of
// its own (a symlink to true, so that no shell builtin stands in), and
// the PreToolUse event of a Bash call.
type claudeBench struct {
	ws  string
	env []string
	ev  runner.Event
}

func newClaudeBench(b *testing.B) *claudeBench {
	b.Helper()
	ws := b.TempDir()
	truePath, err := exec.LookPath("true")
	if err != nil {
		b.Skip("no true program")
	}
	if err := os.Symlink(truePath, filepath.Join(ws, "hook")); err != nil {
		b.Fatal(err)
	}
	// The environment is this process's with PWD the project, as for an
	// agent started there (both sides get the same).
	env := append(hookkit.WithoutEnv(os.Environ(), "PWD"), "PWD="+ws)
	return &claudeBench{ws: ws, env: env, ev: runner.Event{Name: settings.PreTool, SessionID: "bench", Workspace: ws, Cwd: ws,
		Tool: "shell", ToolCallID: "toolu_01", Args: json.RawMessage(`{"command":"go test ./...","description":"Run the tests"}`)}}
}

// engine loads a settings.json with the given PreToolUse groups.
func (c *claudeBench) engine(b *testing.B, groups ...map[string]any) *runner.Engine {
	b.Helper()
	data, err := json.Marshal(map[string]any{"hooks": map[string]any{"PreToolUse": groups}})
	if err != nil {
		b.Fatal(err)
	}
	f := filepath.Join(b.TempDir(), "settings.json")
	if err := os.WriteFile(f, data, 0o644); err != nil {
		b.Fatal(err)
	}
	home := b.TempDir()
	loaded, err := compat.Load(compat.Options{Project: c.ws, Home: home, Sources: claude.Sources(f), ManagedDir: home})
	if err != nil {
		b.Fatal(err)
	}
	e, err := compat.NewEngine(loaded, runner.Options{Workspace: c.ws, Env: c.env})
	if err != nil {
		b.Fatal(err)
	}
	return e
}

func commandGroup(matcher string, commands ...string) map[string]any {
	var hooks []map[string]any
	for _, c := range commands {
		hooks = append(hooks, map[string]any{"type": "command", "command": c})
	}
	return map[string]any{"matcher": matcher, "hooks": hooks}
}

// rawShell runs command as a host would run a Claude hook at the least:
// /bin/sh -c with the Claude payload on stdin, CLAUDE_PROJECT_DIR set,
// output captured.
func (c *claudeBench) rawShell(b *testing.B, command string) func() {
	pl, err := claude.NewProtocol(nil).Encode(&c.ev, c.env)
	if err != nil {
		b.Fatal(err)
	}
	env := append(append([]string(nil), c.env...), "CLAUDE_PROJECT_DIR="+c.ws)
	return func() {
		var stdout, stderr bytes.Buffer
		cmd := exec.Command("/bin/sh", "-c", command)
		cmd.Dir, cmd.Env, cmd.Stdin = c.ws, env, bytes.NewReader(pl.Stdin)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
	}
}

func fire(b *testing.B, e *runner.Engine, ev runner.Event, want int) func() {
	ctx := context.Background()
	return func() {
		out, err := e.Fire(ctx, ev)
		if err != nil {
			b.Fatal(err)
		}
		if len(out.Hooks) != want {
			b.Fatalf("%d hooks ran, want %d", len(out.Hooks), want)
		}
		for _, tr := range out.Hooks {
			if tr.Outcome != runner.OutcomeSuccess {
				b.Fatalf("hook did not succeed: %+v", tr)
			}
		}
	}
}

// BenchmarkClaudeHook fires one PreToolUse through one Claude command
// hook, "$CLAUDE_PROJECT_DIR"/hook (run through /bin/sh -c as Claude Code
// runs it, though it is one simple command: dash forks it, so the
// script's parent is the shell), against /bin/sh -c of the same command
// with the same payload (x-time: the engine's time over the raw shell's).
func BenchmarkClaudeHook(b *testing.B) {
	c := newClaudeBench(b)
	cmd := `"$CLAUDE_PROJECT_DIR"/hook`
	e := c.engine(b, commandGroup("Bash", cmd))
	benchratio.Run(b, c.rawShell(b, cmd), fire(b, e, c.ev, 1))
}

// BenchmarkClaudeHooksMatching fires one PreToolUse through 1, 10 and
// 100 matching Claude hooks (distinct commands: Claude runs identical
// ones once), which run in parallel, against one raw /bin/sh -c of one of
// them: x-time is how the cost grows with the hooks.
func BenchmarkClaudeHooksMatching(b *testing.B) {
	c := newClaudeBench(b)
	for _, n := range []int{1, 10, 100} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var cmds []string
			for i := range n {
				cmds = append(cmds, fmt.Sprintf(`"$CLAUDE_PROJECT_DIR"/hook %d`, i))
			}
			e := c.engine(b, commandGroup("Bash", cmds...))
			benchratio.Run(b, c.rawShell(b, cmds[0]), fire(b, e, c.ev, n))
		})
	}
}

// BenchmarkSelect1000 fires a PreToolUse (a Bash call) that none of
// 1,000 hooks selects — Claude name lists, Claude regular expressions and
// native globs, a third each — against an engine without hooks: ns/op is
// the cost of a Fire with that selection.
func BenchmarkSelect1000(b *testing.B) {
	c := newClaudeBench(b)
	var hooks []settings.Hook
	for i := range 1000 {
		h := settings.Hook{Event: settings.PreTool, Command: "true", Protocol: claude.Name, MatchSyntax: claude.Name}
		switch i % 3 {
		case 0:
			h.Match = fmt.Sprintf("Tool%d|Other%d", i, i)
		case 1:
			h.Match = fmt.Sprintf(`^mcp__server%d__.*$`, i)
		case 2:
			h.Protocol, h.MatchSyntax, h.Match = "", "", fmt.Sprintf("tool_%d*", i)
		}
		hooks = append(hooks, h)
	}
	many, err := compat.NewEngine(&compat.Loaded{Config: &settings.Config{Hooks: hooks}, Project: c.ws}, runner.Options{Workspace: c.ws})
	if err != nil {
		b.Fatal(err)
	}
	none, err := compat.NewEngine(&compat.Loaded{Config: &settings.Config{}, Project: c.ws}, runner.Options{Workspace: c.ws})
	if err != nil {
		b.Fatal(err)
	}
	benchratio.RunBatch(b, 1000, fire(b, none, c.ev, 0), fire(b, many, c.ev, 0))
}

// BenchmarkConvertedHook fires the PreToolUse of BenchmarkClaudeHook
// through the same Claude hook converted to native TOML (`convert
// --target native`: a native hook calling `hookcompat exec --protocol
// claude … -- "$CLAUDE_PROJECT_DIR"/hook`), which this engine runs in its
// own process (compat.RunShim) rather than starting hookcompat, against
// /bin/sh -c of the command with the Claude payload. shim-ms is the
// converted hook's overhead over the raw run, in milliseconds
// (cmd/hookcompat's BenchmarkShim measures the shim as a process, as
// other native engines run it).
func BenchmarkConvertedHook(b *testing.B) {
	c := newClaudeBench(b)
	cmd := `"$CLAUDE_PROJECT_DIR"/hook`
	e := c.converted(b, "Bash", cmd)
	r := benchratio.Run(b, c.rawShell(b, cmd), fire(b, e, c.ev, 1))
	b.ReportMetric(float64(r.Measured-r.Base)/1e6, "shim-ms")
}

// converted returns an engine of the PreToolUse hook command (matcher
// as given) converted to native TOML, whose shim it runs in-process.
func (c *claudeBench) converted(b *testing.B, matcher, cmd string) *runner.Engine {
	b.Helper()
	data, err := json.Marshal(map[string]any{"hooks": map[string]any{"PreToolUse": []any{commandGroup(matcher, cmd)}}})
	if err != nil {
		b.Fatal(err)
	}
	// The shim found on the way is never started: any executable named
	// hookcompat stands for it.
	shim := filepath.Join(b.TempDir(), "hookcompat")
	if err := os.Symlink(filepath.Join(c.ws, "hook"), shim); err != nil {
		b.Fatal(err)
	}
	conv := compat.Convert([]compat.Input{{Name: "settings.json", Data: data, From: "claude"}},
		compat.ConvertOptions{Target: compat.TargetNative, Shim: shim})
	if len(conv.Errors) > 0 {
		b.Fatal(conv.Errors)
	}
	toml := filepath.Join(b.TempDir(), "hooks.toml")
	if err := os.WriteFile(toml, conv.TOML, 0o644); err != nil {
		b.Fatal(err)
	}
	home := b.TempDir()
	loaded, err := compat.Load(compat.Options{Project: c.ws, Home: home, Sources: native.Sources(toml), ManagedDir: home})
	if err != nil {
		b.Fatal(err)
	}
	e, err := compat.NewEngine(loaded, runner.Options{Workspace: c.ws, Env: c.env})
	if err != nil {
		b.Fatal(err)
	}
	return e
}

// BenchmarkConvertedHookBigEvent fires a Write of 1, 20 and 60 MiB
// (the native event's JSON) through a Claude hook that reads its payload
// (cat >/dev/null), converted to native TOML and run by the in-process
// shim, and the same hook from settings.json, against encoding/json
// decoding the event's bytes into a generic value and encoding it again,
// in the same run: x-original and x-converted are each hook's time in
// units of that baseline, x-time the converted hook's over the original's
// (what conversion costs on a big event: the event is translated once,
// not decoded again by the shim).
func BenchmarkConvertedHookBigEvent(b *testing.B) {
	line := "\tfmt.Println(\"héllo\") // a line of code\n"
	escaped, err := json.Marshal(line)
	if err != nil {
		b.Fatal(err)
	}
	for _, mib := range []int{1, 20, 60} {
		b.Run(strconv.Itoa(mib)+"MiB", func(b *testing.B) {
			c := newClaudeBench(b)
			// Escaped in JSON, a line takes more bytes than it holds.
			n := (mib << 20) / (len(escaped) - 2)
			args, err := json.Marshal(map[string]string{"file_path": filepath.Join(c.ws, "big.go"),
				"content": strings.Repeat(line, n)})
			if err != nil {
				b.Fatal(err)
			}
			ev := c.ev
			ev.Tool, ev.Args = "write", args
			data, err := json.Marshal(ev)
			if err != nil {
				b.Fatal(err)
			}
			cmd := "cat >/dev/null"
			original := c.engine(b, commandGroup("Write", cmd))
			converted := c.converted(b, "Write", cmd)
			means := benchratio.RunNamed(b, func() {
				var v any
				if err := json.Unmarshal(data, &v); err != nil {
					b.Fatal(err)
				}
				enc := json.NewEncoder(io.Discard)
				enc.SetEscapeHTML(false)
				if err := enc.Encode(v); err != nil {
					b.Fatal(err)
				}
			}, benchratio.Named{Name: "original", Func: fire(b, original, ev, 1)},
				benchratio.Named{Name: "converted", Func: fire(b, converted, ev, 1)})
			if means[1] > 0 {
				b.ReportMetric(float64(means[2])/float64(means[1]), "x-time")
			}
		})
	}
}
