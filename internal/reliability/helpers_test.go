//go:build linux

package reliability

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// markerVar is set, with a value unique to each test, in the environment
// of every hook the suite runs; hooks' descendants inherit it, so the
// processes a test left behind are found by scanning /proc/*/environ.
const markerVar = "HOOKCOMPAT_RELIABILITY_MARKER"

// Short limits keep the suite fast; they are bounds, not timings.
const (
	killGrace  = 300 * time.Millisecond
	drainDelay = 300 * time.Millisecond
	// slack is what a return may take beyond timeout + grace: process
	// start, scheduling on a loaded 2-core machine, -race.
	slack = 5 * time.Second
)

// newMarker returns a fresh marker value for t and registers a cleanup
// that SIGKILLs whatever still carries it when the test ends (so that a
// failing test does not leak into the next).
func newMarker(t *testing.T) string {
	t.Helper()
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	m := t.Name() + "-" + hex.EncodeToString(b)
	t.Cleanup(func() {
		for _, pid := range markedProcesses(m) {
			_ = killPID(pid)
		}
	})
	return m
}

// markedEnv is the environment of the suite's hooks: the test process's
// own plus the marker.
func markedEnv(marker string) []string {
	return append(os.Environ(), markerVar+"="+marker, "GORACE=atexit_sleep_ms=0")
}

// markedProcesses lists the live (not zombie) processes whose environment
// holds marker.
func markedProcesses(marker string) []int {
	want := []byte(markerVar + "=" + marker + "\x00")
	names, _ := filepath.Glob("/proc/[0-9]*")
	var out []int
	for _, dir := range names {
		pid, err := strconv.Atoi(filepath.Base(dir))
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile(dir + "/environ")
		if err != nil || !bytes.Contains(append(env, 0), want) {
			continue
		}
		if stat, err := os.ReadFile(dir + "/stat"); err == nil {
			if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) && (stat[i+2] == 'Z' || stat[i+2] == 'X') {
				continue
			}
		}
		out = append(out, pid)
	}
	return out
}

// requireNoneLeft asserts that no process carrying marker is alive. Killed
// processes may take a moment to die (SIGKILL is asynchronous), so it
// looks for up to a second.
func requireNoneLeft(t *testing.T, marker string) {
	t.Helper()
	var left []int
	for deadline := time.Now().Add(time.Second); ; time.Sleep(20 * time.Millisecond) {
		left = markedProcesses(marker)
		if len(left) == 0 || time.Now().After(deadline) {
			break
		}
	}
	if len(left) > 0 {
		var desc []string
		for _, pid := range left {
			cmd, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
			desc = append(desc, strconv.Itoa(pid)+":"+strings.ReplaceAll(string(cmd), "\x00", " "))
		}
		t.Fatalf("%d process(es) left: %s", len(left), strings.Join(desc, "; "))
	}
}

// claudeEngine builds an engine for the Claude hooks of a settings.json
// text, in a fresh workspace, with the suite's limits and marker.
func claudeEngine(t *testing.T, settingsJSON, marker string, opts runner.Options) *runner.Engine {
	t.Helper()
	ws := t.TempDir()
	dir := filepath.Join(ws, ".claude")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	path := filepath.Join(dir, "settings.json")
	require.NoError(t, os.WriteFile(path, []byte(settingsJSON), 0o644))
	loaded, err := compat.Load(compat.Options{Project: ws, Sources: claude.Sources(path)})
	require.NoError(t, err)
	if opts.Env == nil {
		opts.Env = markedEnv(marker)
	}
	if opts.KillGrace == 0 {
		opts.KillGrace = killGrace
	}
	if opts.DrainDelay == 0 {
		opts.DrainDelay = drainDelay
	}
	eng, err := compat.NewEngine(loaded, opts)
	require.NoError(t, err)
	return eng
}

// nativeEngine builds an engine for native hooks.
func nativeEngine(t *testing.T, hooks []settings.Hook, marker string, opts runner.Options) *runner.Engine {
	t.Helper()
	if opts.Workspace == "" {
		opts.Workspace = t.TempDir()
	}
	if opts.Env == nil {
		opts.Env = markedEnv(marker)
	}
	if opts.KillGrace == 0 {
		opts.KillGrace = killGrace
	}
	if opts.DrainDelay == 0 {
		opts.DrainDelay = drainDelay
	}
	eng, err := runner.New(&settings.Config{Hooks: hooks}, opts)
	require.NoError(t, err)
	return eng
}

// preToolBash is a native pre_tool event for Claude's Bash tool.
func preToolBash(command string) runner.Event {
	args, _ := json.Marshal(map[string]string{"command": command})
	return runner.Event{Name: settings.PreTool, SessionID: "s1", Tool: "shell", Args: args}
}

// fireWithin fires ev and fails the test when Fire does not return within
// bound; it returns the outcome, how long Fire took and its error.
func fireWithin(t *testing.T, ctx context.Context, eng *runner.Engine, ev runner.Event, bound time.Duration) (*runner.Outcome, time.Duration, error) {
	t.Helper()
	type result struct {
		out *runner.Outcome
		err error
	}
	done := make(chan result, 1)
	start := time.Now()
	go func() {
		out, err := eng.Fire(ctx, ev)
		done <- result{out, err}
	}()
	select {
	case r := <-done:
		return r.out, time.Since(start), r.err
	case <-time.After(bound):
		t.Fatalf("Fire did not return within %s", bound)
		return nil, 0, nil
	}
}
