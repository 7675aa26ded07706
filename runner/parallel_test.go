package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
)

// parallelNative is the native protocol with a parallel schedule, for
// tests of the engine's parallel groups.
type parallelNative struct{ native }

func (parallelNative) Name() string             { return "test-parallel" }
func (parallelNative) Schedule(*Event) Schedule { return Schedule{Parallel: true} }

func init() { settings.RegisterProtocol("test-parallel") }

// TestFireMaxParallelCapsConcurrentHooks: with MaxParallel 2, no more than
// two hooks of a parallel group run at once, and every hook still runs.
// Each hook takes a slot directory; mkdir fails when the slot is taken, so
// overlap shows as a hook finding more than one other hook running.
func TestFireMaxParallelCapsConcurrentHooks(t *testing.T) {
	ws := t.TempDir()
	running := filepath.Join(ws, "running")
	require.NoError(t, os.Mkdir(running, 0o755))
	script := `mkdir "$RUNNING/$ID" && ls "$RUNNING" | wc -l >>"$LOG" && sleep 0.2 && rmdir "$RUNNING/$ID" && echo done >>"$DONE"`
	var hooks []settings.Hook
	for i := range 6 {
		hooks = append(hooks, settings.Hook{
			Event: settings.PostTool, Protocol: "test-parallel", Command: script,
			Env: map[string]string{
				"RUNNING": running, "ID": string(rune('a' + i)),
				"LOG": filepath.Join(ws, "log"), "DONE": filepath.Join(ws, "done"),
			},
		})
	}
	e := newEngineConfig(t, &settings.Config{Hooks: hooks}, Options{Workspace: ws, MaxParallel: 2, Protocols: []Protocol{parallelNative{}}})
	out := fire(t, e, Event{Name: settings.PostTool, Tool: "shell", Args: []byte(`{}`)})
	require.Len(t, out.Hooks, 6)
	assert.Equal(t, 6, strings.Count(readFile(t, filepath.Join(ws, "done")), "done"), "every hook runs")
	for _, line := range strings.Fields(readFile(t, filepath.Join(ws, "log"))) {
		assert.LessOrEqual(t, line, "2", "hooks running at once, seen by one hook")
	}
}
