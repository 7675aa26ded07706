package geminitest

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
)

// Env is a test environment: a temporary home and project, an empty
// system root, and the given KEY=value variables (only those).
func Env(t *testing.T, vars ...string) *format.Env {
	t.Helper()
	root := t.TempDir()
	e := &format.Env{Project: filepath.Join(root, "proj"), Home: filepath.Join(root, "home"), SystemRoot: filepath.Join(root, "sys")}
	for _, d := range []string{e.Project, e.Home, e.SystemRoot} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	e.Getenv = func(k string) string { return hookkit.EnvValue(vars, k) }
	return e
}

// Write writes content to path (making its folders) and returns path.
func Write(t *testing.T, path, content string) string {
	t.Helper()
	if err := write(path, content); err != nil {
		t.Fatal(err)
	}
	return path
}

// Load loads the sources f discovers in e, with f's rules across them.
func Load(f format.Format, e *format.Env) (*format.Result, error) {
	return f.Load(f.Discover(e).Sources, e)
}

// Reply is a command hook (a handler object of a settings file) that
// reads its payload and answers with output, one line on stdout.
func Reply(output string) string {
	cmd, _ := json.Marshal("cat >/dev/null; echo '" + output + "'")
	return `{"type": "command", "command": ` + string(cmd) + `}`
}

// Engine loads srcs in e and returns the load and an engine over it,
// closed when the test ends.
func Engine(t *testing.T, e *format.Env, srcs ...format.Source) (*compat.Loaded, *runner.Engine) {
	t.Helper()
	loaded, err := compat.Load(compat.Options{Project: e.Project, Home: e.Home, SystemRoot: e.SystemRoot, Sources: srcs})
	if err != nil {
		t.Fatal(err)
	}
	eng, err := compat.NewEngine(loaded, runner.Options{Workspace: e.Project})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = eng.Close(context.Background()) })
	return loaded, eng
}

// Fire fires ev (session s1) on eng, failing the test on an error.
func Fire(t *testing.T, eng *runner.Engine, ev runner.Event) *runner.Outcome {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ev.SessionID = "s1"
	out, err := eng.Fire(ctx, ev)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Findings are doctor's (and validate's) findings of code for loaded, as
// "<severity>: <event>: <message>".
func Findings(loaded *compat.Loaded, code string) []string {
	var out []string
	for _, f := range compat.Diagnose(loaded, nil).Findings {
		if f.Code == code {
			out = append(out, f.Severity+": "+f.Event+": "+f.Message)
		}
	}
	return out
}
