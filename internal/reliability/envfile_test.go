//go:build linux

package reliability

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/claude"
)

// TestNothingAHookWritesCanCrashOrStallTheHostEnvFile (issue class 3): a
// hostile CLAUDE_ENV_FILE — written by a SessionStart hook or by the
// model's Bash tool — cannot crash the process reading it (memory), stall
// it (an endless loop, deep recursion) or flood it (a huge file, huge
// exports): each hits a bound, reported as a warning (an error wrapping
// ErrEnvFileLimit) with the exports made before it, within about a
// second, and no interpreter process is left.
func TestNothingAHookWritesCanCrashOrStallTheHostEnvFile(t *testing.T) {
	// A hang detector, not a speed check: the parent's backstop is the
	// interpreter's time bound plus 2 s; the rest is room for a loaded
	// machine.
	const bound = 20 * time.Second
	for _, tc := range []struct {
		name, file string
		before     string // an export made before the hostile part, or ""
	}{
		{"doubling_memory", "export BEFORE=1\nA=x\nwhile :; do A=$A$A; done\n", "BEFORE=1"},
		{"endless_loop", "export BEFORE=1\nwhile :; do :; done\n", "BEFORE=1"},
		{"endless_assignments", "export BEFORE=1\nwhile A=1; do B=2; done\n", "BEFORE=1"},
		{"deep_recursion", "export BEFORE=1\nf() { f; }\nf\n", ""},
		{"huge_export", "export BEFORE=1\nA=x; i=0\nwhile [ $i -lt 24 ]; do A=$A$A; i=$((i+1)); done\nexport BIG=$A\n", ""},
		{"huge_file", "export X=1\n" + strings.Repeat("# padding\n", 120_000), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			marker := newMarker(t)
			t.Setenv(markerVar, marker) // the interpreter child inherits it
			path := filepath.Join(t.TempDir(), "sessionstart-hook-0.sh")
			require.NoError(t, os.WriteFile(path, []byte(tc.file), 0o600))
			start := time.Now()
			got, err := claude.EnvFileExports(path, []string{"PATH=/usr/bin"})
			took := time.Since(start)
			require.Error(t, err, "a bound is hit")
			assert.True(t, errors.Is(err, claude.ErrEnvFileLimit), "a bound hit is a warning (ErrEnvFileLimit): %v", err)
			assert.Less(t, took, bound, "no stall")
			if tc.before != "" {
				assert.Contains(t, got, tc.before, "exports before the bound are kept")
			}
			requireNoneLeft(t, marker)
		})
	}
	t.Run("ordinary_file", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "sessionstart-hook-0.sh")
		require.NoError(t, os.WriteFile(path, []byte("export A=1\nexport B=\"$A 2\"\n"), 0o600))
		got, err := claude.EnvFileExports(path, nil)
		require.NoError(t, err)
		assert.Equal(t, []string{"A=1", "B=1 2"}, got)
	})
}
