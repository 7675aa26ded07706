package runner

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
)

// TestSessionEventFields: each native event, fired by its Session method
// with every argument set, encodes exactly the HK-50 fields and
// EventFields, in Event's order.
func TestSessionEventFields(t *testing.T) {
	var hooks []settings.Hook
	for _, e := range settings.Events() {
		hooks = append(hooks, settings.Hook{Event: e, Command: "capture"})
	}
	var mu sync.Mutex
	got := map[settings.Event][]byte{}
	eng, err := New(&settings.Config{Hooks: hooks}, Options{Workspace: t.TempDir(), InProcess: func(inv *Invocation) InProcessFunc {
		return func(_ context.Context, inv *Invocation, _, _ *Output) int {
			b, err := inv.Event.MarshalJSON()
			if err == nil {
				mu.Lock()
				got[inv.Event.Name] = b
				mu.Unlock()
			}
			return 0
		}
	}})
	require.NoError(t, err)
	s := &Session{Engine: eng, ID: "s", Base: Event{TranscriptPath: "/t", PermissionMode: "default", Agent: "a"}}
	ctx := context.Background()
	call := ToolCall{ID: "c1", Tool: "shell", Args: json.RawMessage(`{"command":"ls"}`)}
	_, _ = s.Start(ctx, "startup")
	_, _ = s.Prompt(ctx, "p1", "hello")
	_, _ = s.PreTool(ctx, call)
	_, _ = s.PermissionRequest(ctx, call)
	_, _ = s.PostTool(ctx, call, json.RawMessage(`"ok"`))
	_, _ = s.PostToolFailure(ctx, call, "failed")
	_, _ = s.SubagentStart(ctx, "explorer", "look")
	_, _ = s.SubagentStop(ctx, "explorer", "found")
	_, _ = s.Stop(ctx, "done")
	_, _ = s.PreCompact(ctx, "manual", "focus")
	_, _ = s.PostCompact(ctx, "manual")
	_, _ = s.Notify(ctx, "question", "hi")
	_, _ = s.End(ctx, "exit")
	require.NoError(t, eng.Close(ctx))

	var common []string
	rt := reflect.TypeOf(Event{})
	for i := 0; i < rt.NumField(); i++ {
		if tag := rt.Field(i).Tag.Get("json"); !strings.Contains(tag, "omitempty") {
			common = append(common, tag)
		}
	}
	require.Len(t, common, 8, "the HK-50 fields")
	for _, e := range settings.Events() {
		var keys Fields
		require.NoError(t, json.Unmarshal(got[e], &keys), "%s fired", e)
		var names []string
		for _, f := range keys {
			names = append(names, f.Key)
		}
		assert.Equal(t, append(append([]string(nil), common...), EventFields(e)...), names, "%s", e)
	}
	assert.Nil(t, EventFields(settings.FileChanged))
	assert.Nil(t, EventFields("bogus"))
}
