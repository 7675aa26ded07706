package copilot_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/copilot"
)

func TestTrustedFolder(t *testing.T) {
	dir := t.TempDir()
	assert.False(t, copilot.TrustedFolder(dir, "/p/repo", nil), "no record: not trusted")
	assert.True(t, copilot.TrustedFolder(dir, "/p/repo", []string{"COPILOT_ALLOW_ALL=true"}))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "config.json"), []byte(`{"trusted_folders": ["/p", 3, "rel"]}`), 0o644))
	assert.True(t, copilot.TrustedFolder(dir, "/p/repo", nil), "under a trusted folder")
	assert.True(t, copilot.TrustedFolder(dir, "/p", nil))
	assert.False(t, copilot.TrustedFolder(dir, "/pq", nil), "a sibling that shares the prefix")
	assert.False(t, copilot.TrustedFolder(dir, "/q", nil))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "config.json"), []byte(`{"trusted_folders": [`), 0o644))
	assert.False(t, copilot.TrustedFolder(dir, "/p/repo", nil), "a file that does not parse trusts nothing")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "settings.json"), []byte(`{"trustedFolders": ["/q"]}`), 0o644))
	assert.True(t, copilot.TrustedFolder(dir, "/q/x", nil))
}
