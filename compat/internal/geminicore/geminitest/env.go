package geminitest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
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
