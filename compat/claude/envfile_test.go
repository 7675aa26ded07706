package claude

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// TestEnvFileExports: claude §7.4 / oracle u — what a SessionStart hook
// exports through CLAUDE_ENV_FILE reaches later tool runs.
func TestEnvFileExports(t *testing.T) {
	p := filepath.Join(t.TempDir(), "sessionstart-hook-0.sh")
	require.NoError(t, os.WriteFile(p, []byte(`export ORACLE_FROM_ENV_FILE=yes
export QUOTED="a b"
LOCAL_ONLY=1
export PATH="$PATH:/opt/tool/bin"
export FROM_CMD=$(date)
`), 0o600))
	got, err := EnvFileExports(p, []string{"PATH=/usr/bin", "HOME=/h"})
	require.NoError(t, err)
	assert.Equal(t, []string{"FROM_CMD=", "ORACLE_FROM_ENV_FILE=yes", "PATH=/usr/bin:/opt/tool/bin", "QUOTED=a b"}, got)

	none, err := EnvFileExports(filepath.Join(t.TempDir(), "missing.sh"), nil)
	require.NoError(t, err)
	assert.Empty(t, none)

	require.NoError(t, os.WriteFile(p, []byte("export X=(\n"), 0o600))
	_, err = EnvFileExports(p, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), p+":1:", "a parse error names the file and line")
	assert.NotErrorIs(t, err, ErrEnvFileLimit, "a parse error is not a bound")
}

// TestEnvFilePathStaysInSessionEnv: a hostile or odd session id cannot
// place CLAUDE_ENV_FILE outside <home>/.claude/session-env.
func TestEnvFilePathStaysInSessionEnv(t *testing.T) {
	home := "/h"
	root := filepath.Join(home, ".claude", "session-env")
	for sid, dir := range map[string]string{
		"":                    "no-session",
		"3f2a-11ef-9c":        "3f2a-11ef-9c",
		"..":                  "_..",
		".":                   "_.",
		"../../../etc/cron.d": ".._.._.._etc_cron.d",
		"a/b":                 "a_b",
		"a b\n":               "a_b_",
	} {
		got := envFilePath(&runner.Event{Name: settings.SessionStart, SessionID: sid}, home, 0)
		assert.Equal(t, filepath.Join(root, dir, "sessionstart-hook-0.sh"), got, "session id %q", sid)
		rel, err := filepath.Rel(root, got)
		require.NoError(t, err)
		assert.True(t, filepath.IsLocal(rel), "session id %q", sid)
		assert.Equal(t, 1, strings.Count(rel, string(filepath.Separator)), "one directory level, session id %q", sid)
	}
}

// TestSessionStartRunsWhenEnvFileDirCannotBeMade: an unwritable home does
// not turn a SessionStart hook into a failure; it runs without
// CLAUDE_ENV_FILE (scripts guard on the variable being set).
func TestSessionStartRunsWhenEnvFileDirCannotBeMade(t *testing.T) {
	home := filepath.Join(t.TempDir(), "home-is-a-file")
	require.NoError(t, os.WriteFile(home, nil, 0o600))
	ws := t.TempDir()
	h := &settings.Hook{Event: settings.SessionStart, Protocol: "claude", Command: "true"}
	p := NewProtocol(nil)
	ev := &runner.Event{Name: settings.SessionStart, SessionID: "s1", Workspace: ws, Cwd: ws}
	pl, err := p.Encode(ev, []string{"HOME=" + home, "CLAUDE_ENV_FILE=/stale"})
	require.NoError(t, err)
	inv, err := p.Prepare(h, ev, pl)
	require.NoError(t, err)
	for _, kv := range inv.Env {
		assert.NotContains(t, kv, "CLAUDE_ENV_FILE=", "no env file to offer")
	}
	assert.Equal(t, []string{"/bin/sh", "-c", "true"}, inv.Argv)
}

// TestSessionEnvExports: the exports of every event's env files are read
// back, later files overriding earlier ones (hc_env_setup_init,
// hc_env_cwd_changed, hc_env_file_changed).
func TestSessionEnvExports(t *testing.T) {
	home := t.TempDir()
	write := func(event string, i int, body string) {
		p := envFilePath(&runner.Event{Name: eventNamed(event).native, SessionID: "s"}, home, i)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o700))
		require.NoError(t, os.WriteFile(p, []byte(body), 0o600))
	}
	write("Setup", 0, "export FROM_SETUP=1\nexport SHARED=setup\n")
	write("SessionStart", 0, "export FROM_SS=ss\n")
	write("SessionStart", 1, "export SHARED=ss1\n")
	write("CwdChanged", 0, "export FROM_CWD=cwd\n")
	write("FileChanged", 0, "export FROM_FILE=f\n")
	got, err := SessionEnvExports("s", home, []string{"PATH=/bin"})
	require.NoError(t, err)
	assert.Equal(t, []string{"FROM_CWD=cwd", "FROM_FILE=f", "FROM_SETUP=1", "FROM_SS=ss", "SHARED=ss1"}, got)
	none, err := SessionEnvExports("other", home, nil)
	require.NoError(t, err)
	assert.Empty(t, none)
}
