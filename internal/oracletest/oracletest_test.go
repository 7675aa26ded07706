package oracletest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLoadEveryOracle reads every shared case folder of the four oracles:
// each has hook runs with names, events and the exact stdin bytes.
func TestLoadEveryOracle(t *testing.T) {
	for _, o := range []string{"oracle", "codex-oracle", "gemini-oracle", "qwen-oracle"} {
		t.Run(o, func(t *testing.T) {
			dirs := Dirs(t, filepath.Join("..", "..", "..", "shared", o, "cases"), "", "HOOKCOMPAT_TEST_NO_SUCH_VAR")
			runs := 0
			for _, d := range dirs {
				c, err := Load(d)
				require.NoError(t, err, d)
				for _, h := range c.HookRuns {
					runs++
					assert.NotEmpty(t, h.Name, d)
					assert.NotEmpty(t, h.Event, d)
					if h.StdinRaw != nil {
						assert.Equal(t, h.StdinNewline, strings.HasSuffix(string(h.StdinRaw), "\n"), "%s run %d", d, h.Index)
					}
				}
			}
			assert.Positive(t, runs)
		})
	}
}

// TestCaptureScript: a hook sourcing our capture script gets its stdin in
// $HOOK_STDIN_FILE and $HOOK_INPUT, and the run is recorded exactly.
func TestCaptureScript(t *testing.T) {
	dir := t.TempDir()
	hooks, captures := filepath.Join(dir, "hooks"), filepath.Join(dir, "cap")
	require.NoError(t, WriteCaptureScript(hooks, captures))
	script := filepath.Join(hooks, "h.sh")
	require.NoError(t, os.WriteFile(script, []byte("#!/bin/bash\n. \"$(dirname \"$0\")/_capture.sh\" guard\nhook_input_true ok && echo yes\nprintf '%s' \"$HOOK_INPUT\" >&2\nexit 3\n"), 0o755))
	cmd := exec.Command(script, "a b")
	cmd.Stdin = strings.NewReader(`{"ok": true}` + "\n")
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "MARK=1"}
	cmd.Dir = dir
	out, err := cmd.Output()
	require.Error(t, err)
	assert.Equal(t, "yes\n", string(out))
	caps, err := ReadCaptures(captures)
	require.NoError(t, err)
	require.Len(t, caps, 1)
	c := caps[0]
	assert.Equal(t, "guard", c.Name)
	assert.Equal(t, `{"ok": true}`+"\n", string(c.Stdin))
	assert.Equal(t, "1", c.Env["MARK"])
	assert.Equal(t, dir, c.Cwd)
	assert.Equal(t, []string{script, "guard"}, c.Argv)
	assert.Equal(t, 3, c.ExitCode)
}

func TestPlaceholders(t *testing.T) {
	p := Placeholders{"<PROJECT>": "/tmp/x/proj", "<HOME>": "/tmp/x"}
	s := p.Expand("<HOME>/a <PROJECT>/b")
	assert.Equal(t, "/tmp/x/a /tmp/x/proj/b", s)
	assert.Equal(t, "<HOME>/a <PROJECT>/b", p.Normalize(s), "the longer value first")
}
