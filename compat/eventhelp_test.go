package compat

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// TestUnknownEventFieldHint: a native event written with an agent's
// field name fails, naming the native field meant (and the formats that
// name it so) and the event's own.
func TestUnknownEventFieldHint(t *testing.T) {
	_, _, err := ParseEventWith([]byte(`{"event":"session_start","source":"startup"}`), "/w", nil)
	require.Error(t, err)
	assert.Equal(t, `native event: unknown field "source" (the native field is "reason" (claude, codex, gemini, qwen, copilot); session_start carries prompt, reason besides the common fields; hookcompat event --help lists every event's fields)`, err.Error())
	_, _, err = ParseEventWith([]byte(`{"event":"pre_tool","tool":"shell","args":{},"bogus":1}`), "/w", nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown field "bogus" (pre_tool carries tool, tool_call_id, args besides`)
	// The same key is another field on another event: the event's own.
	_, _, err = ParseEventWith([]byte(`{"event":"subagent_start","agent_type":"explorer"}`), "/w", nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown field "agent_type" (the native field is "subagent" (claude, codex, qwen);`)
	_, _, err = ParseEventWith([]byte(`{"event":"pre_tool","agent_type":"explorer"}`), "/w", nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown field "agent_type" (the native field is "agent" (claude, codex);`)
	// No event to tell by: every field the key is, with its formats.
	_, _, err = ParseEventWith([]byte(`{"event":"nope","agent_type":"explorer"}`), "/w", nil)
	require.Error(t, err)
	assert.Equal(t, `native event: unknown field "agent_type" (the native field is one of "subagent" (claude, codex, qwen) or "agent" (claude, codex), by the agent named; hookcompat event --help lists every event's fields)`, err.Error())
	ev, _, err := ParseEventWith([]byte(`{"event":"session_start","reason":"startup"}`), "/w", nil)
	require.NoError(t, err)
	b, _ := json.Marshal(ev.Reason)
	assert.Equal(t, `"startup"`, string(b))
}

// TestEventFieldsAreDerived: the fields and agents' names of every
// native event are those of the engine and of every registered format's
// payload keys — each key that names a field otherwise is in the hints
// and the help, each field a key fills is one of the event's.
func TestEventFieldsAreDerived(t *testing.T) {
	fieldNames := func(e settings.Event) []string {
		var out []string
		for _, f := range NativeEventFields(e) {
			n, _, _ := strings.Cut(f, ":")
			out = append(out, n)
		}
		return out
	}
	assert.Equal(t, []string{"event", "session_id", "workspace", "cwd", "prompt_id", "transcript_path", "permission_mode", "agent"}, CommonEventFields)
	pairs := 0
	for _, e := range settings.Events() {
		fields := fieldNames(e)
		for _, f := range runner.EventFields(e) {
			assert.Contains(t, fields, f, "%s: the engine fills %s", e, f)
		}
		for _, f := range format.All() {
			pk, ok := f.(format.PayloadKeyer)
			if !ok {
				continue
			}
			for _, k := range pk.PayloadKeys(e) {
				common := contains(CommonEventFields, k.Field)
				if !common {
					assert.Contains(t, fields, k.Field, "%s: %s's %s fills it", e, f.Name(), k.Key)
				}
				if k.Key == k.Field {
					continue
				}
				pairs++
				var hinted bool
				for _, ff := range foreignFields(k.Key, e) {
					hinted = hinted || (ff.field == k.Field && contains(ff.formats, f.Name()))
				}
				assert.True(t, hinted, "%s: %s's %s is a hint for %s", e, f.Name(), k.Key, k.Field)
				lines := AgentFieldNames(e)
				if common {
					lines = AgentFieldNames("")
				}
				var listed bool
				for _, l := range lines {
					listed = listed || (strings.HasPrefix(l, k.Field+" ← ") && strings.Contains(l, " "+k.Key+" (") && strings.Contains(l, f.Name()))
				}
				assert.True(t, listed, "%s: %s's %s → %s in %q", e, f.Name(), k.Key, k.Field, lines)
			}
		}
	}
	assert.Greater(t, pairs, 50, "the formats' renamed keys are checked")
}

// seventhFormat is a format registered after the shipped ones, with
// payload keys of its own.
type seventhFormat struct{ format.Format }

func (seventhFormat) Name() string { return "seventh" }
func (seventhFormat) PayloadKeys(e settings.Event) []format.PayloadKey {
	if e != settings.SessionStart {
		return nil
	}
	return []format.PayloadKey{{Key: "origin", Field: "reason", Values: [][2]string{{"boot", "startup"}, {"fresh", "continued"}}},
		{Key: "sessionKey", Field: "session_id"}, {Key: "banner", Field: "message"}}
}

// TestNewFormatHasItsHints: a format that reports its payload keys gets
// its hints, its help lines and its events' fields and values without a
// line elsewhere.
func TestNewFormatHasItsHints(t *testing.T) {
	all := registered
	t.Cleanup(func() { registered = all })
	registered = func() []format.Format { return append(all(), seventhFormat{}) }

	_, _, err := ParseEventWith([]byte(`{"event":"session_start","origin":"boot"}`), "/w", nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown field "origin" (the native field is "reason" (seventh); session_start carries prompt, reason, message besides`)
	assert.Contains(t, NativeEventFields(settings.SessionStart), "reason: startup|resume|new|continued")
	assert.Contains(t, NativeEventFields(settings.SessionStart), "message")
	assert.Contains(t, AgentFieldNames(settings.SessionStart), "message ← banner (seventh)")
	assert.Contains(t, AgentFieldNames(""), "session_id ← sessionId (copilot), conversation_id (cursor), sessionKey (seventh)")
	var reason string
	for _, l := range AgentFieldNames(settings.SessionStart) {
		if strings.HasPrefix(l, "reason ← ") {
			reason = l
		}
	}
	assert.Contains(t, reason, "origin (seventh; boot is startup, fresh is continued)")
}

// probeEvent is native event e with every field set to a value that
// tells it apart.
func probeEvent(e settings.Event) runner.Event {
	return runner.Event{Name: e, SessionID: "probe-session", Workspace: "/probe", Cwd: "/probe/sub", PromptID: "probe-prompt-id",
		TranscriptPath: "/probe/t.jsonl", PermissionMode: "plan", Agent: "probe-agent", Tool: "shell", ToolCallID: "probe-call",
		Args: json.RawMessage(`{"command":"echo probe"}`), Result: json.RawMessage(`"probe-result"`), Error: "probe-error",
		Prompt: "probe-prompt", Reason: "probe-reason", StopHookActive: true, Subagent: "probe-subagent", Output: "probe-output",
		Type: "probe-type", Message: "probe-message"}
}

// fieldJSON is the JSON of ev's field named name.
func fieldJSON(t *testing.T, ev runner.Event, name string) string {
	t.Helper()
	b, err := json.Marshal(ev)
	require.NoError(t, err)
	return gjson.GetBytes(b, gjsonEscape(name)).Raw
}

func gjsonEscape(s string) string {
	return strings.NewReplacer(".", `\.`, "*", `\*`, "?", `\?`).Replace(s)
}

// probeCalls are the tool calls a probe event is made with (one per kind
// of tool some agent has a step of its own for).
var probeCalls = []struct{ tool, args string }{
	{"shell", `{"command":"echo probe"}`},
	{"mcp__probe__lookup", `{"q":"probe"}`},
	{"read", `{"path":"/probe/f.txt"}`},
	{"write", `{"path":"/probe/f.txt","content":"probe"}`},
}

// TestPayloadKeysAreThePayloads: every payload key a format reports for
// an event is written by its protocol for a native event of that kind,
// and read back (where the format reads payloads) into the native field
// it names, the same value — the pairs the hints and the help are made
// of are the formats' own translation.
func TestPayloadKeysAreThePayloads(t *testing.T) {
	formats := 0
	for _, f := range format.All() {
		pk, ok := f.(format.PayloadKeyer)
		proto := f.Protocol(nil)
		if !ok || proto == nil {
			continue
		}
		formats++
		reader, _ := f.(format.EventReader)
		wrote := map[string]bool{}
		declared := map[string]bool{}
		for _, e := range append(settings.Events(), settings.ExtensionEvents()...) {
			keys := pk.PayloadKeys(e)
			if len(keys) == 0 {
				continue
			}
			for _, call := range probeCalls {
				ev := probeEvent(e)
				ev.Tool, ev.Args = call.tool, json.RawMessage(call.args)
				pl, err := proto.Encode(&ev, nil)
				if !assert.NoError(t, err, "%s %s", f.Name(), e) {
					continue
				}
				payloads := [][]byte{pl.Stdin}
				for _, v := range pl.Variants {
					payloads = append(payloads, v)
				}
				for _, stdin := range payloads {
					var back runner.Event
					score := 0
					if reader != nil {
						back, score, err = reader.ReadEvent(stdin, "/probe", nil)
						require.NoError(t, err, "%s %s: %s", f.Name(), e, stdin)
					}
					for _, k := range keys {
						id := k.Key + "→" + k.Field
						declared[id] = true
						assert.NotEqual(t, "extra", k.Field)
						assert.NotEmpty(t, fieldJSON(t, ev, k.Field), "%s %s: %s is no field of runner.Event", f.Name(), e, k.Field)
						written := gjson.GetBytes(stdin, gjsonEscape(k.Key))
						if !written.Exists() {
							continue
						}
						wrote[id] = true
						if probe := gjson.Get(fieldJSON(t, ev, k.Field), "@this"); probe.Type == gjson.String && written.Type == gjson.String &&
							k.Field != "tool" && k.Field != "reason" {
							assert.Equal(t, probe.String(), hookkit.MapValue(k.Values, written.String(), true), "%s %s: %s is written from %s\n%s", f.Name(), e, k.Key, k.Field, stdin)
						}
						if score == 0 {
							continue // not read as the format's own payload (the test cannot tell it from another's)
						}
						if call != probeCalls[0] && (k.Field == "tool" || k.Field == "args") {
							continue // tools some agent has no name of its own for: one call's tool may read back as another
						}
						want := fieldJSON(t, ev, k.Field)
						if k.Field == "reason" && want != fieldJSON(t, back, k.Field) {
							// A reason outside the agent's vocabulary is written as
							// one of its words, which reads back as itself.
							want = strconv.Quote(hookkit.MapValue(k.Values, written.String(), true))
						}
						assert.Equal(t, want, fieldJSON(t, back, k.Field), "%s %s: %s read back into %s\n%s", f.Name(), e, k.Key, k.Field, stdin)
					}
				}
			}
		}
		for id := range declared {
			assert.True(t, wrote[id], "%s: payload key %s is written for no event", f.Name(), id)
		}
	}
	assert.GreaterOrEqual(t, formats, 6, "the formats with payloads report their keys")
}
