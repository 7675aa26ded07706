package runner

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
)

func TestEventMarshalHK50(t *testing.T) {
	b, err := json.Marshal(Event{Name: settings.PromptSubmit, Prompt: "hi"})
	require.NoError(t, err)
	assert.Equal(t, `{"event":"prompt_submit","session_id":"","workspace":"","cwd":"","prompt_id":"","transcript_path":"","permission_mode":"","agent":"","prompt":"hi"}`,
		string(b), "HK-50 fields always, the rest only when set, in field order")
}

func TestEventMarshalAllFieldsInOrder(t *testing.T) {
	ev := Event{
		Name: settings.SubagentStop, SessionID: "s", Workspace: "/w", Cwd: "/w/sub", PromptID: "p",
		TranscriptPath: "/t.jsonl", PermissionMode: "default", Agent: "a", Tool: "shell", ToolCallID: "tc",
		Args: json.RawMessage("{ \"command\" : \"ls\" }"), Result: json.RawMessage(`"ok"`), Error: "e",
		Prompt: "pr", Reason: "r", StopHookActive: true, Subagent: "sa", Output: "o", Type: "t", Message: "m",
		Extra: Fields{{"zeta", json.RawMessage(`1`)}, {"alpha", json.RawMessage(`[ 1, 2 ]`)}},
	}
	b, err := json.Marshal(ev)
	require.NoError(t, err)
	assert.Equal(t, `{"event":"subagent_stop","session_id":"s","workspace":"/w","cwd":"/w/sub","prompt_id":"p",`+
		`"transcript_path":"/t.jsonl","permission_mode":"default","agent":"a","tool":"shell","tool_call_id":"tc",`+
		`"args":{"command":"ls"},"result":"ok","error":"e","prompt":"pr","reason":"r","stop_hook_active":true,`+
		`"subagent":"sa","output":"o","type":"t","message":"m","extra":{"zeta":1,"alpha":[1,2]}}`, string(b))

	var back Event
	require.NoError(t, json.Unmarshal(b, &back))
	again, err := json.Marshal(back)
	require.NoError(t, err)
	assert.Equal(t, string(b), string(again), "decode then encode gives the same bytes, extras in order")
}

func TestEventMarshalStopHookActive(t *testing.T) {
	for _, e := range []settings.Event{settings.Stop, settings.SubagentStop} {
		b, err := json.Marshal(Event{Name: e})
		require.NoError(t, err)
		assert.Contains(t, string(b), `"stop_hook_active":false`, "always present on %s", e)
	}
	b, err := json.Marshal(Event{Name: settings.PreTool})
	require.NoError(t, err)
	assert.NotContains(t, string(b), "stop_hook_active")
}

func TestEventMarshalInvalidRaw(t *testing.T) {
	_, err := json.Marshal(Event{Name: settings.PreTool, Args: json.RawMessage(`{bad`)})
	assert.Error(t, err)
}

func TestEventUnmarshalStrict(t *testing.T) {
	var ev Event
	err := json.Unmarshal([]byte(`{"event":"pre_tool","toool":"shell"}`), &ev)
	require.Error(t, err, "a misspelt field is an error, not lost")
	assert.Contains(t, err.Error(), "toool")
}

func TestFields(t *testing.T) {
	var f Fields
	require.NoError(t, json.Unmarshal([]byte(`{"b":1,"a":{"x":[1]},"b":2}`), &f))
	assert.Equal(t, Fields{{"b", json.RawMessage(`2`)}, {"a", json.RawMessage(`{"x":[1]}`)}}, f,
		"duplicate keys keep the last value at the first position")
	v, ok := f.Get("a")
	assert.True(t, ok)
	assert.Equal(t, `{"x":[1]}`, string(v))
	_, ok = f.Get("missing")
	assert.False(t, ok)

	f.Set("c", json.RawMessage(`true`))
	f.Set("b", json.RawMessage(`3`))
	b, err := json.Marshal(f)
	require.NoError(t, err)
	assert.Equal(t, `{"b":3,"a":{"x":[1]},"c":true}`, string(b))

	empty, err := Fields{}.MarshalJSON()
	require.NoError(t, err)
	assert.Equal(t, "{}", string(empty))

	assert.Error(t, json.Unmarshal([]byte(`[1]`), &f), "not an object")
}

func TestEventClone(t *testing.T) {
	ev := Event{Name: settings.PreTool, Args: json.RawMessage(`{"a":1}`), Result: json.RawMessage(`"r"`),
		Extra: Fields{{"k", json.RawMessage(`"v"`)}}}
	c := ev.Clone()
	c.Args[2] = 'X'
	c.Result[1] = 'X'
	c.Extra[0].Value[1] = 'X'
	c.Extra.Set("new", json.RawMessage(`1`))
	assert.Equal(t, `{"a":1}`, string(ev.Args))
	assert.Equal(t, `"r"`, string(ev.Result))
	assert.Equal(t, Fields{{"k", json.RawMessage(`"v"`)}}, ev.Extra)
}

// Native events are strict about key spelling, case included (decision
// 001: a misspelt field is not silently lost).
func TestEventKeysAreCaseSensitive(t *testing.T) {
	var ev Event
	err := json.Unmarshal([]byte(`{"event":"pre_tool","Tool":"shell"}`), &ev)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown field "Tool"`)
}

// TestWriteJSONStringFastPath: strings written without the encoder are
// written exactly as encoding/json (HTML escaping off) writes them.
func TestWriteJSONStringFastPath(t *testing.T) {
	for _, s := range []string{"", "plain text", "a/b <c> & d", "tab\there", `quote"`, `back\slash`, "é", "\u2028", "\x7f", "\xff", "~!@#$%^*()_+{}|:?`-=[];',./"} {
		var fast, enc bytes.Buffer
		writeJSONString(&fast, s)
		e := json.NewEncoder(&enc)
		e.SetEscapeHTML(false)
		require.NoError(t, e.Encode(s))
		assert.Equal(t, strings.TrimSuffix(enc.String(), "\n"), fast.String(), "%q", s)
	}
}
