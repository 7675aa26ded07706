//go:build linux

package runner

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
)

// dieMarker is set in the environment of the engine fixture's hooks,
// which their descendants inherit: the processes left are found by it.
const dieMarker = "HOOKCOMPAT_DIE_WITH_ENGINE"

func init() {
	// engine READY OUTSIDE SUBREAPER MARKER COMMAND: an embedding agent.
	// It runs COMMAND as a native pre_tool hook (with MARKER in its
	// environment), and once the sentinel is up and the tracker has
	// registered OUTSIDE of the hook's descendants outside its process
	// group, writes the sentinel's pid to READY; then it waits to be
	// killed. SUBREAPER "1" makes it the child subreaper, as hookcompat.
	fixtures["engine"] = func(args []string) int {
		ready, cmd := args[0], args[4]
		want, _ := strconv.Atoi(args[1])
		if args[2] == "1" {
			if err := EnableSubreaper(); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
		}
		e, err := New(&settings.Config{Hooks: []settings.Hook{{Event: settings.PreTool, Command: cmd, Timeout: time.Hour}}},
			Options{Workspace: os.TempDir(), Env: append(os.Environ(), dieMarker+"="+args[3])})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		go func() {
			_, _ = e.Fire(context.Background(), Event{Name: settings.PreTool, Tool: "shell", Args: []byte(`{}`)})
		}()
		for {
			if pid := sentinel.pid.Load(); pid != 0 && outsideRegistered() >= want {
				if err := os.WriteFile(ready, []byte(strconv.FormatInt(pid, 10)), 0o644); err != nil {
					return 1
				}
				select {}
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// outsideRegistered counts the descendants outside their hook's group
// registered with the sentinel, over the runs going on.
func outsideRegistered() int {
	t := procTracker
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 0
	for r := range t.runs {
		r.mu.Lock()
		n += len(r.outsideGroup)
		r.mu.Unlock()
	}
	return n
}

// marked lists the live processes whose environment holds marker.
func marked(marker string) []int {
	want := []byte(dieMarker + "=" + marker + "\x00")
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	var out []int
	for _, d := range dirs {
		pid, err := strconv.Atoi(filepath.Base(d))
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile(d + "/environ")
		if err != nil || !bytes.Contains(append(env, 0), want) {
			continue
		}
		if e, ok := readProc(pid); ok && (e.state == 'Z' || e.state == 'X') {
			continue
		}
		out = append(out, pid)
	}
	return out
}

// Hooks die with the process that runs them: an embedding agent SIGKILLed
// while its hook runs leaves none of the hook's processes — not its own
// (Pdeathsig), not those of its group (two background children and an
// orphan of a subshell), not a descendant in a session of its own found
// by parentage, nor, as subreaper, a double-forked daemon (the sentinel).
// Counted by a marker in their environment; before, all of them ran on.
func TestHooksDieWithTheirEngine(t *testing.T) {
	for _, tc := range []struct {
		name      string
		subreaper bool
		command   string
		outside   int // descendants outside the group
		procs     int // processes of the hook, counted before the kill
	}{
		{"embedding agent", false,
			`sleep 300 & sleep 300 & (sleep 300 &); setsid sleep 300 </dev/null >/dev/null 2>&1 & exec sleep 300`, 1, 5},
		{"subreaper", true,
			`sleep 300 & (sleep 300 &); setsid sleep 300 </dev/null >/dev/null 2>&1 & (setsid sleep 300 </dev/null >/dev/null 2>&1 &); exec sleep 300`, 2, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			marker := strconv.FormatInt(time.Now().UnixNano(), 36)
			t.Cleanup(func() {
				for _, pid := range marked(marker) {
					_ = syscall.Kill(pid, syscall.SIGKILL)
				}
			})
			ready := filepath.Join(t.TempDir(), "ready")
			sub := "0"
			if tc.subreaper {
				sub = "1"
			}
			argv, env := fixture(t, "engine", ready, strconv.Itoa(tc.outside), sub, marker, tc.command)
			cmd := exec.Command(argv[0], argv[1:]...)
			cmd.Env = append(os.Environ(), env, "GORACE=atexit_sleep_ms=0")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			require.NoError(t, cmd.Start())
			var sentinelPID int
			require.Eventually(t, func() bool {
				b, err := os.ReadFile(ready)
				sentinelPID, _ = strconv.Atoi(strings.TrimSpace(string(b)))
				return err == nil && sentinelPID > 0
			}, 60*time.Second, 5*time.Millisecond, "the engine's hook runs, the sentinel is up: %s", &stderr)
			before := marked(marker)
			require.GreaterOrEqual(t, len(before), tc.procs, "the hook's processes run before the kill")

			require.NoError(t, cmd.Process.Kill()) // SIGKILL: the engine runs no code of its own
			_ = cmd.Wait()

			var left []int
			for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
				left = marked(marker)
				if len(left) == 0 || time.Now().After(deadline) {
					break
				}
			}
			assert.Empty(t, left, "%d of the hook's %d processes outlived the engine", len(left), len(before))
			assert.Eventually(t, func() bool {
				e, ok := readProc(sentinelPID)
				return !ok || e.state == 'Z' || e.state == 'X'
			}, 10*time.Second, 10*time.Millisecond, "the sentinel exits once it killed them")
		})
	}
}
