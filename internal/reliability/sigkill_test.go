//go:build linux

package reliability

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// sentinelOf returns the pid of the sentinel child of pid (its argv
// names hookcompat-sentinel), or 0.
func sentinelOf(pid int) int {
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		stat, err := os.ReadFile(d + "/stat")
		if err != nil {
			continue
		}
		i := bytes.LastIndexByte(stat, ')')
		if i < 0 {
			continue
		}
		f := bytes.Fields(stat[i+1:])
		if len(f) < 2 || string(f[1]) != strconv.Itoa(pid) {
			continue
		}
		if cmd, _ := os.ReadFile(d + "/cmdline"); bytes.Contains(cmd, []byte("hookcompat-sentinel")) {
			n, _ := strconv.Atoi(filepath.Base(d))
			return n
		}
	}
	return 0
}

// TestSIGKILLedRunOrExecLeavesNoHookBehind (issue class 8, wave three):
// `hookcompat run` or `hookcompat exec` killed by SIGKILL (the OOM
// killer, a supervisor) left its hooks' processes running. Now the hook's
// own process dies with it (Pdeathsig) and its process group with the
// sentinel: none of the hook's processes, counted by the marker in their
// environment, outlives the kill.
func TestSIGKILLedRunOrExecLeavesNoHookBehind(t *testing.T) {
	bin := hookcompatBinary(t)
	for _, mode := range []string{"run", "exec"} {
		t.Run(mode, func(t *testing.T) {
			marker := newMarker(t)
			dir := t.TempDir()
			ready := filepath.Join(dir, "ready")
			// Three processes in the hook's group besides the hook itself,
			// one an orphan of a subshell; the hook runs on.
			script := `sleep 300 & sleep 300 & (sleep 300 &); : > "` + ready + `"; exec sleep 300`
			var cmd *exec.Cmd
			switch mode {
			case "run":
				settingsPath := filepath.Join(dir, ".claude", "settings.json")
				require.NoError(t, os.MkdirAll(filepath.Dir(settingsPath), 0o755))
				require.NoError(t, os.WriteFile(settingsPath, []byte(`{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","timeout":600,"command":`+strconv.Quote(script)+`}]}]}}`), 0o644))
				cmd = exec.Command(bin, "run", "--settings", settingsPath, "--project", dir)
			case "exec":
				cmd = exec.Command(bin, "exec", "--protocol", "claude", "--event", "PreToolUse", "--timeout", "600", "--", script)
			}
			cmd.Dir = dir
			cmd.Env = markedEnv(marker)
			cmd.Stdin = strings.NewReader(`{"event":"pre_tool","session_id":"s","tool":"shell","args":{"command":"ls"}}`)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			require.NoError(t, cmd.Start())
			waitFor(t, ready)
			// The sentinel comes once the hook has run for a tracking
			// interval; it holds the hook's group from its start.
			require.Eventually(t, func() bool { return sentinelOf(cmd.Process.Pid) != 0 }, 30*time.Second, 5*time.Millisecond,
				"%s starts its sentinel: %s", mode, &stderr)
			require.GreaterOrEqual(t, len(markedProcesses(marker)), 4, "the hook's processes run before the kill")

			require.NoError(t, killPID(cmd.Process.Pid))
			_ = cmd.Wait()
			// The sentinel works in milliseconds, but a loaded machine may
			// schedule it late: look for up to 10 s, then once more.
			for deadline := time.Now().Add(10 * time.Second); len(markedProcesses(marker)) > 0 && time.Now().Before(deadline); {
				time.Sleep(10 * time.Millisecond)
			}
			requireNoneLeft(t, marker)
		})
	}
}
