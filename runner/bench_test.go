//go:build unix

package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/hookcompat/hookcompat/internal/benchratio"
	"github.com/hookcompat/hookcompat/settings"
)

// The engine's cost is read as ratios to a baseline measured in the same
// run (DESIGN §5; internal/benchratio alternates the two):
//
//	go test -run '^$' -bench . -benchtime=400x -count=6 ./runner | benchstat -
//
// x-time and x-bytes are the engine's wall time and bytes allocated per
// call divided by the baseline's; docs/performance.md has the figures.

// hookProgram returns a program that does nothing, at a path of its own
// in dir (a symlink to true), so that no shell builtin can stand in for it.
func hookProgram(b *testing.B, dir string) string {
	b.Helper()
	truePath, err := exec.LookPath("true")
	if err != nil {
		b.Skip("no true program")
	}
	p := filepath.Join(dir, "hook")
	if err := os.Symlink(truePath, p); err != nil {
		b.Fatal(err)
	}
	return p
}

func benchEvent(ws string) Event {
	return Event{Name: settings.PreTool, SessionID: "bench", Workspace: ws, Cwd: ws, Tool: "shell",
		Args: json.RawMessage(`{"command":"go test ./..."}`)}
}

// rawExec is the least os/exec can do with a hook: pipes for stdin,
// stdout and stderr, Run, nothing else.
func rawExec(b *testing.B, dir string, env []string, stdin []byte, argv ...string) func() {
	return func() {
		var stdout, stderr bytes.Buffer
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Dir = dir
		cmd.Env = env
		cmd.Stdin = bytes.NewReader(stdin)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
	}
}

func fireOnce(b *testing.B, e *Engine, ev Event, want int) func() {
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
			if tr.Outcome != OutcomeSuccess {
				b.Fatalf("hook did not succeed: %+v", tr)
			}
		}
	}
}

// BenchmarkFireVsRawExec fires one pre_tool event through one native
// hook against running the same program yourself with os/exec, with the
// same stdin bytes (the event's JSON) in the same directory:
//   - args: args = [PROGRAM] (HK-65) against exec PROGRAM; x-bytes is
//     the engine's allocation per Fire against raw exec's;
//   - bash: command = "true" (a bash builtin: bash runs) against
//     bash -c true;
//   - bash-direct: command = "PROGRAM" (one simple command: it runs
//     without bash) against bash -c PROGRAM;
//   - direct-vs-sh: the same hook against /bin/sh -c PROGRAM, what a
//     host that always uses the shell pays.
func BenchmarkFireVsRawExec(b *testing.B) {
	ws := b.TempDir()
	prog := hookProgram(b, ws)
	env := os.Environ()
	stdin, err := json.Marshal(benchEvent(ws))
	if err != nil {
		b.Fatal(err)
	}
	stdin = append(stdin, '\n')
	for _, bc := range []struct {
		name string
		hook settings.Hook
		raw  []string
	}{
		{"args", settings.Hook{Event: settings.PreTool, Args: []string{prog}}, []string{prog}},
		{"bash", settings.Hook{Event: settings.PreTool, Command: "true"}, []string{"bash", "-c", "true"}},
		{"bash-direct", settings.Hook{Event: settings.PreTool, Command: prog}, []string{"bash", "-c", prog}},
		{"direct-vs-sh", settings.Hook{Event: settings.PreTool, Command: prog}, []string{"/bin/sh", "-c", prog}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			e, err := New(&settings.Config{Hooks: []settings.Hook{bc.hook}}, Options{Workspace: ws, Env: env})
			if err != nil {
				b.Fatal(err)
			}
			benchratio.Run(b, rawExec(b, ws, env, stdin, bc.raw...), fireOnce(b, e, benchEvent(ws), 1))
		})
	}
}

// BenchmarkSelectNone fires a pre_tool event that none of 1,000 native
// hooks (globs on other tools) selects, against an engine without hooks:
// ns/op is the cost of selection per Fire.
func BenchmarkSelectNone(b *testing.B) {
	ws := b.TempDir()
	var hooks []settings.Hook
	for i := range 1000 {
		m := fmt.Sprintf("tool_%d*", i)
		if i%2 == 1 {
			m = fmt.Sprintf("[a-c]x%d?", i)
		}
		hooks = append(hooks, settings.Hook{Event: settings.PreTool, Match: m, Args: []string{"/nonexistent"}})
	}
	many, err := New(&settings.Config{Hooks: hooks}, Options{Workspace: ws})
	if err != nil {
		b.Fatal(err)
	}
	none, err := New(nil, Options{Workspace: ws})
	if err != nil {
		b.Fatal(err)
	}
	ev := benchEvent(ws)
	benchratio.RunBatch(b, 1000, fireOnce(b, none, ev, 0), fireOnce(b, many, ev, 0))
}
