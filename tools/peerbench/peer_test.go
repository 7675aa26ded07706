//go:build unix

// Package peerbench is the hookcompat side of the peer benchmark
// (run.sh): the same workload as the drivers run.sh copies into the
// peers' checkouts (crush_driver.go.txt, conduit_driver.go.txt), each
// reporting its ratio to a raw /bin/sh -c measured in the same process.
package peerbench_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/internal/benchratio"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// The workload, the same in every driver:
//   - the hook program is a symlink to true in a temporary directory,
//     named by its absolute path (one simple command), with an argument
//     i for the i-th of several hooks (distinct commands: engines that
//     run identical commands once would otherwise run one);
//   - the event is a PreToolUse of the shell tool ("Bash") with
//     {"command":"go test ./..."};
//   - the baseline is /bin/sh -c of the first hook's command with a
//     small JSON payload on stdin and its output captured;
//   - hook-N: N matching hooks against one baseline run (x-time);
//     hookcompat's are Claude hooks (run through /bin/sh -c, as Claude
//     Code runs them), native-hook-1 the same command as a native
//     bash-form hook (run directly);
//   - select-1000: a Fire that none of 1,000 hooks selects against one
//     without hooks (ns/op is the engine's cost of selecting).
func BenchmarkPeer(b *testing.B) {
	dir := b.TempDir()
	truePath, err := exec.LookPath("true")
	if err != nil {
		b.Skip("no true program")
	}
	prog := filepath.Join(dir, "hook")
	if err := os.Symlink(truePath, prog); err != nil {
		b.Fatal(err)
	}
	ev := runner.Event{Name: settings.PreTool, SessionID: "bench", Workspace: dir, Cwd: dir, Tool: "shell",
		ToolCallID: "toolu_01", Args: json.RawMessage(`{"command":"go test ./..."}`)}
	raw := rawShell(b, dir, prog)
	for _, n := range []int{1, 10, 100} {
		b.Run(fmt.Sprintf("hookcompat/hook-%d", n), func(b *testing.B) {
			var cmds []string
			for i := range n {
				cmds = append(cmds, fmt.Sprintf("%s %d", prog, i))
			}
			e := claudeEngine(b, dir, map[string]any{"PreToolUse": []any{group("Bash", cmds...)}})
			benchratio.Run(b, raw, fire(b, e, ev, n))
		})
	}
	// A native bash-form hook of the same command: one simple command,
	// so it runs without the shell (direct exec), as Crush runs it.
	b.Run("hookcompat/native-hook-1", func(b *testing.B) {
		e, err := runner.New(&settings.Config{Hooks: []settings.Hook{{Event: settings.PreTool, Command: prog + " 0"}}},
			runner.Options{Workspace: dir})
		if err != nil {
			b.Fatal(err)
		}
		benchratio.Run(b, raw, fire(b, e, ev, 1))
	})
	b.Run("hookcompat/select-1000", func(b *testing.B) {
		var groups []any
		for i := range 1000 {
			switch i % 3 {
			case 0:
				groups = append(groups, group(fmt.Sprintf("Tool%d|Other%d", i, i), prog))
			case 1:
				groups = append(groups, group(fmt.Sprintf("^mcp__server%d__.*$", i), prog))
			case 2:
				groups = append(groups, group(fmt.Sprintf("Web%d.*", i), prog))
			}
		}
		many := claudeEngine(b, dir, map[string]any{"PreToolUse": groups})
		none := claudeEngine(b, dir, map[string]any{})
		benchratio.RunBatch(b, 1000, fire(b, none, ev, 0), fire(b, many, ev, 0))
	})
}

func group(matcher string, commands ...string) map[string]any {
	var hooks []any
	for _, c := range commands {
		hooks = append(hooks, map[string]any{"type": "command", "command": c})
	}
	return map[string]any{"matcher": matcher, "hooks": hooks}
}

// claudeEngine loads a Claude settings.json with hooks.
func claudeEngine(b *testing.B, dir string, hooks map[string]any) *runner.Engine {
	b.Helper()
	data, err := json.Marshal(map[string]any{"hooks": hooks})
	if err != nil {
		b.Fatal(err)
	}
	f := filepath.Join(b.TempDir(), "settings.json")
	if err := os.WriteFile(f, data, 0o644); err != nil {
		b.Fatal(err)
	}
	home := b.TempDir()
	loaded, err := compat.Load(compat.Options{Project: dir, Home: home, Sources: claude.Sources(f), ManagedDir: home})
	if err != nil {
		b.Fatal(err)
	}
	e, err := compat.NewEngine(loaded, runner.Options{Workspace: dir})
	if err != nil {
		b.Fatal(err)
	}
	return e
}

func rawShell(b *testing.B, dir, prog string) func() {
	stdin := []byte(`{"session_id":"bench","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"go test ./..."}}`)
	cmd := prog + " 0"
	return func() {
		var stdout, stderr bytes.Buffer
		c := exec.Command("/bin/sh", "-c", cmd)
		c.Dir, c.Stdin = dir, bytes.NewReader(stdin)
		c.Stdout, c.Stderr = &stdout, &stderr
		if err := c.Run(); err != nil {
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
