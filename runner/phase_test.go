package runner

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
)

// phased is the native protocol run in parallel phases (a hook's phase is
// its Name) with a per-phase stdin variant, for Schedule.Phase and
// Payload.Variants.
type phased struct{ Protocol }

func (phased) Name() string { return "phased-test" }

func init() { settings.RegisterProtocol("phased-test") }

func (p phased) Encode(ev *Event, base []string) (*Payload, error) {
	pl, err := p.Protocol.Encode(ev, base)
	if err != nil {
		return nil, err
	}
	pl.Variants = map[string][]byte{"1": append([]byte("variant "), pl.Stdin...)}
	return pl, nil
}

func (p phased) Prepare(h *settings.Hook, ev *Event, pl *Payload) (*Invocation, error) {
	inv, err := p.Protocol.Prepare(h, ev, pl)
	if err == nil {
		if v, ok := pl.Variants[h.Name]; ok {
			inv.Stdin = v
		}
	}
	return inv, err
}

func (phased) Schedule(*Event) Schedule {
	return Schedule{Parallel: true, Phase: func(h *settings.Hook) int {
		if h.Name == "1" {
			return 1
		}
		return 0
	}}
}

func (phased) Combine(ev *Event, replies []HookReply) Reply {
	rs := make([]Reply, len(replies))
	for i, r := range replies {
		rs[i] = r.Reply
	}
	return Merge(rs)
}

// TestSchedulePhases: a later phase runs after the earlier ones, sees
// the args they updated (in its own stdin variant), and is skipped once
// they blocked; hooks keep their configured order in the trace.
func TestSchedulePhases(t *testing.T) {
	dir := t.TempDir()
	run := func(first string) *Outcome {
		cfg := &settings.Config{Hooks: []settings.Hook{
			{Event: settings.PreTool, Protocol: "phased-test", Name: "1", Command: "cat > later.json"},
			{Event: settings.PreTool, Protocol: "phased-test", Name: "0", Command: first},
		}}
		e, err := New(cfg, Options{Workspace: dir, Env: []string{"PATH=" + os.Getenv("PATH")}, Protocols: []Protocol{phased{Native()}}})
		require.NoError(t, err)
		out, err := e.Fire(context.Background(), Event{Name: settings.PreTool, Tool: "shell", Args: json.RawMessage(`{"command":"a"}`)})
		require.NoError(t, err)
		return out
	}
	out := run(`echo '{"updated_args":{"command":"b"}}'`)
	require.Len(t, out.Hooks, 2)
	data, err := os.ReadFile(filepath.Join(dir, "later.json"))
	require.NoError(t, err)
	assert.Contains(t, string(data), `variant {"event":"pre_tool"`)
	assert.Contains(t, string(data), `"args":{"command":"b"}`, "phase 1 sees phase 0's args")

	require.NoError(t, os.Remove(filepath.Join(dir, "later.json")))
	out = run(`echo '{"decision":"deny","reason":"no"}'`)
	assert.Equal(t, DecisionDeny, out.Decision)
	assert.Equal(t, OutcomeSkipped, out.Hooks[0].Outcome, "phase 1 is skipped after a block")
	assert.Equal(t, "1", out.Hooks[0].Hook.Name, "traces in configured order")
	assert.NoFileExists(t, filepath.Join(dir, "later.json"))
}
