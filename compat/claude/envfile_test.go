package claude

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	assert.Error(t, err)
}
