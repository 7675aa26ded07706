//go:build linux

package reliability

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOneLineDoesNotKillEveryHook (issue class 1, wave three): one line
// of a cloned repository's .qwen/settings.json — a command timeout of
// 9.3e15, read as milliseconds — made `hookcompat run` with discovery
// exit 1, so that no hook of any format ran, the user's own ~/.claude
// guard included. Now the user's guard still blocks, and the Qwen hook
// loads with what Qwen Code does with such a timeout (its Node timer
// fires at once), with a warning naming the file.
func TestOneLineDoesNotKillEveryHook(t *testing.T) {
	root := t.TempDir()
	home, proj := filepath.Join(root, "home"), filepath.Join(root, "proj")
	for path, body := range map[string]string{
		filepath.Join(home, ".claude", "settings.json"): `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"echo 'no rm' >&2; exit 2"}]}]}}`,
		filepath.Join(proj, ".qwen", "settings.json"):   `{"hooks":{"PreToolUse":[{"matcher":"","hooks":[{"type":"command","command":"true","timeout":9.3e15}]}]}}`,
	} {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(body), 0o644))
	}
	cmd := exec.Command(hookcompatBinary(t), "run", "--project", proj)
	cmd.Env = append(os.Environ(), "HOME="+home)
	cmd.Stdin = bytes.NewReader([]byte(`{"event":"pre_tool","tool":"shell","args":{"command":"rm -rf /"}}`))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "run exits 0: %s", stderr.String())
	var reply struct {
		Decision string `json:"decision"`
		Reason   string `json:"reason"`
		Hooks    []struct {
			Protocol string `json:"protocol"`
		} `json:"hooks"`
	}
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &reply), stdout.String())
	assert.Equal(t, "deny", reply.Decision, "the user's guard blocks")
	assert.Contains(t, reply.Reason, "no rm")
	require.Len(t, reply.Hooks, 2, "both formats' hooks were loaded")
	assert.Contains(t, stderr.String(), filepath.Join(proj, ".qwen", "settings.json")+":1:", "the warning names the file")
}
