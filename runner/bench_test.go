//go:build unix

package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"testing"

	"github.com/hookcompat/hookcompat/settings"
)

// The engine's cost per hook is read as the ratio of BenchmarkFire to
// BenchmarkRawExec, measured in the same run (DESIGN §5):
//
//	go test -bench . -run '^$' -benchtime=200x -count=3 ./runner
//
// Both run the same program with the same stdin in the same directory;
// the raw baseline is the least os/exec can do (pipes for stdin, stdout
// and stderr, Run, nothing else).

// benchCases are the hooks compared: a program run directly (HK-65) and
// the same through bash -c (HK-02).
var benchCases = []struct {
	name string
	hook settings.Hook
	argv []string
}{
	{"args=true", settings.Hook{Event: settings.PreTool, Args: []string{"true"}}, []string{"true"}},
	{"bash=true", settings.Hook{Event: settings.PreTool, Command: "true"}, []string{"bash", "-c", "true"}},
}

func benchEvent(ws string) Event {
	return Event{Name: settings.PreTool, SessionID: "bench", Workspace: ws, Cwd: ws, Tool: "shell",
		Args: json.RawMessage(`{"command":"go test ./..."}`)}
}

func BenchmarkFire(b *testing.B) {
	ws := b.TempDir()
	for _, bc := range benchCases {
		b.Run(bc.name, func(b *testing.B) {
			e, err := New(&settings.Config{Hooks: []settings.Hook{bc.hook}}, Options{Workspace: ws})
			if err != nil {
				b.Fatal(err)
			}
			ev := benchEvent(ws)
			ctx := context.Background()
			for b.Loop() {
				out, err := e.Fire(ctx, ev)
				if err != nil {
					b.Fatal(err)
				}
				if len(out.Hooks) != 1 || out.Hooks[0].Outcome != OutcomeSuccess {
					b.Fatalf("hook did not succeed: %+v", out.Hooks)
				}
			}
		})
	}
}

func BenchmarkRawExec(b *testing.B) {
	ws := b.TempDir()
	for _, bc := range benchCases {
		b.Run(bc.name, func(b *testing.B) {
			stdin, err := json.Marshal(benchEvent(ws))
			if err != nil {
				b.Fatal(err)
			}
			stdin = append(stdin, '\n')
			env := os.Environ()
			for b.Loop() {
				var stdout, stderr bytes.Buffer
				cmd := exec.Command(bc.argv[0], bc.argv[1:]...)
				cmd.Dir = ws
				cmd.Env = env
				cmd.Stdin = bytes.NewReader(stdin)
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				if err := cmd.Run(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
