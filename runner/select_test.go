package runner

import (
	"encoding/json"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
)

// evalCounter is the native protocol counting its matcher
// evaluations, with a warning for tool "slow" (a matcher that could not
// be evaluated) and, unless noKey, a selection key.
type evalCounter struct {
	native
	name  string
	evals *atomic.Int64
}

func (c evalCounter) Name() string { return c.name }

func (c evalCounter) SelectWarn(h *settings.Hook, ev *Event) (bool, string) {
	c.evals.Add(1)
	if ev.Tool == "slow" && h.Match != "" {
		return true, "matcher could not be evaluated"
	}
	return nativeSelects(h, ev), ""
}

// unkeyed hides the SelectKeyer of the protocol it wraps.
type unkeyed struct{ evalCounter }

func (unkeyed) SelectKey() {}

func init() {
	settings.RegisterProtocol("test-evalcount")
	settings.RegisterProtocol("test-unkeyed")
}

// prompt hooks without a judge are traced as not runnable: selection is
// observable without starting processes.
func selectHooks() []settings.Hook {
	var hooks []settings.Hook
	matches := []string{"", "shell", "read", "re*", "web_*", "edit", "*", "[sr]*"}
	for i := range 40 {
		h := settings.Hook{Event: settings.PreTool, Type: settings.TypePrompt, Prompt: fmt.Sprint(i), Match: matches[i%len(matches)]}
		switch i % 5 {
		case 1:
			h.Event = settings.PostTool
		case 2:
			h.If = "shell(git *)"
		case 3:
			h.Protocol = "test-evalcount"
		case 4:
			h.Protocol = "test-unkeyed"
		}
		hooks = append(hooks, h)
	}
	return hooks
}

// bruteForce is the selection as defined: event name, matcher, if rule,
// in configured order, traced by protocol group (groups in the order of
// their first hook).
func bruteForce(hooks []settings.Hook, ev Event) []string {
	var order []string
	byProto := map[string][]string{}
	for i := range hooks {
		h := &hooks[i]
		if h.Event == ev.Name && nativeSelects(h, &ev) && ifSelects(native{}, h, &ev, DefaultToolKinds()) {
			p := h.EffectiveProtocol()
			if byProto[p] == nil {
				order = append(order, p)
			}
			byProto[p] = append(byProto[p], h.Prompt)
		}
	}
	var out []string
	for _, p := range order {
		out = append(out, byProto[p]...)
	}
	return out
}

func selected(out *Outcome) []string {
	var got []string
	for _, tr := range out.Hooks {
		got = append(got, tr.Hook.Prompt)
	}
	return got
}

// TestSelectionMatchesDefinition: the indexed, cached selection picks the
// same hooks in the same order as evaluating every hook's event, matcher
// and if rule, over repeated events (cache hits) of several tools, args
// and events, with keyed and unkeyed protocols mixed.
func TestSelectionMatchesDefinition(t *testing.T) {
	var evals atomic.Int64
	counting := evalCounter{name: "test-evalcount", evals: &evals}
	hooks := selectHooks()
	e := newEngineConfig(t, &settings.Config{Hooks: hooks}, Options{Protocols: []Protocol{counting, unkeyed{evalCounter{name: "test-unkeyed", evals: &evals}}}})
	for range 3 {
		for _, name := range []settings.Event{settings.PreTool, settings.PostTool, settings.Stop} {
			for _, tool := range []string{"shell", "read", "web_fetch", "edit", "other"} {
				for _, args := range []string{`{"command":"git push"}`, `{"command":"ls"}`} {
					ev := Event{Name: name, Tool: tool, Args: json.RawMessage(args)}
					if name == settings.Stop {
						ev.Tool, ev.Args = "", nil
					}
					out := fire(t, e, ev)
					assert.Equal(t, bruteForce(hooks, ev), selected(out), "%s %s %s", name, tool, args)
				}
			}
		}
	}
}

// TestSelectionEvaluatesEachMatcherOncePerKey: with a SelectKeyer
// protocol, a matcher runs once per event name and key, not per Fire;
// without one, on every Fire; a selection with a warning is never reused;
// Replace starts over.
func TestSelectionEvaluatesEachMatcherOncePerKey(t *testing.T) {
	var keyed, plain atomic.Int64
	hooks := []settings.Hook{
		{Event: settings.PreTool, Type: settings.TypePrompt, Prompt: "k", Match: "shell", Protocol: "test-evalcount"},
		{Event: settings.PreTool, Type: settings.TypePrompt, Prompt: "u", Match: "shell", Protocol: "test-unkeyed"},
	}
	protos := []Protocol{evalCounter{name: "test-evalcount", evals: &keyed}, unkeyed{evalCounter{name: "test-unkeyed", evals: &plain}}}
	e := newEngineConfig(t, &settings.Config{Hooks: hooks[:1]}, Options{Protocols: protos})
	for range 5 {
		fire(t, e, Event{Name: settings.PreTool, Tool: "shell"})
		fire(t, e, Event{Name: settings.PreTool, Tool: "read"})
	}
	assert.EqualValues(t, 2, keyed.Load(), "one evaluation per key (shell, read)")

	keyed.Store(0)
	for range 3 {
		out := fire(t, e, Event{Name: settings.PreTool, Tool: "slow"})
		require.Len(t, out.Hooks, 1)
		assert.Contains(t, out.Hooks[0].Error, "could not be evaluated", "the warning reaches every trace")
	}
	assert.EqualValues(t, 3, keyed.Load(), "a selection with a warning is evaluated again")

	require.NoError(t, e.Replace(&settings.Config{Hooks: hooks}))
	keyed.Store(0)
	for range 4 {
		out := fire(t, e, Event{Name: settings.PreTool, Tool: "shell"})
		assert.Equal(t, []string{"k", "u"}, selected(out), "the replaced hooks")
	}
	// One of the event's protocols has no key: every matcher of the event
	// is evaluated on every Fire.
	assert.EqualValues(t, 4, keyed.Load())
	assert.EqualValues(t, 4, plain.Load())
}
