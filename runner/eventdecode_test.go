package runner

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
)

// eventSeeds are events the one-pass decoder must read as encoding/json
// does, and inputs it must leave to encoding/json.
var eventSeeds = []string{
	`{"event":"pre_tool","session_id":"s","workspace":"/w","cwd":"/w","prompt_id":"","transcript_path":"","permission_mode":"","agent":"","tool":"shell","args":{"command":"ls -la"}}`,
	`{"event":"post_tool","tool":"write","args":{"content":"a\nb\t\"c\" \u00e9 \ud83d\ude00 \ud800 x"},"result":[1, 2 ,{"a":null}]}`,
	`{"event":"stop","stop_hook_active":true,"output":"done \\ \/ \u2028"}`,
	`{"event":"stop","stop_hook_active":null,"output":null}`,
	`{"event":"notification","extra":{"k":1,"k":2,"z":[]}}`,
	`{"event":"notification","extra":null}`,
	`{"event":"notification","extra":[1]}`,
	`{"event":"pre_tool","event":"stop"}`,
	`{"Event":"pre_tool"}`,
	`{"ev\u0065nt":"pre_tool"}`,
	`{"event":"pre_tool","unknown":{"x":1},"other":"y"}`,
	`{"event":5}`,
	`{"event":"pre_tool","stop_hook_active":"yes"}`,
	`{"event":"pre_tool","args":null}`,
	"{\"event\":\"pre_tool\",\"prompt\":\"\xff\xfe bad utf-8\"}",
	"{\"event\":\"pre_tool\",\"prompt\":\"\\u0000 nul\"}",
	` {"event" : "pre_tool" , "tool" : "shell" } `,
	`[]`, `"x"`, `null`, `{}`, `{"event":"pre_tool",}`, `{"event":"pre_tool"`,
}

// decodeSlow is encoding/json's strict decoding of an event.
func decodeSlow(data []byte) (Event, error) {
	var ev Event
	err := json.Unmarshal(data, &ev)
	return ev, err
}

// checkDecoders compares the one-pass decoders with encoding/json on
// data: the same event, and an error exactly when encoding/json fails.
func checkDecoders(t *testing.T, data []byte) {
	t.Helper()
	want, wantErr := decodeSlow(data)
	got, gotErr := DecodeEvent(data)
	if (wantErr != nil) != (gotErr != nil) {
		t.Fatalf("strict: encoding/json error %v, DecodeEvent error %v, for %q", wantErr, gotErr, data)
	}
	if wantErr == nil && !equalEvents(want, got) {
		t.Fatalf("strict: encoding/json %#v, DecodeEvent %#v, for %q", want, got, data)
	}
	wantL, wantLErr := decodeEventLenientSlow(data)
	gotL, gotLErr := DecodeEventLenient(data)
	if (wantLErr != nil) != (gotLErr != nil) {
		t.Fatalf("lenient: encoding/json error %v, DecodeEventLenient error %v, for %q", wantLErr, gotLErr, data)
	}
	if wantLErr == nil && !equalEvents(wantL, gotL) {
		t.Fatalf("lenient: encoding/json %#v, DecodeEventLenient %#v, for %q", wantL, gotL, data)
	}
}

// equalEvents compares events field by field, raw values byte for byte.
func equalEvents(a, b Event) bool {
	ja, _ := json.Marshal(struct {
		E     Event
		Args  string
		Res   string
		Extra Fields
	}{a, string(a.Args), string(a.Result), a.Extra})
	jb, _ := json.Marshal(struct {
		E     Event
		Args  string
		Res   string
		Extra Fields
	}{b, string(b.Args), string(b.Result), b.Extra})
	return string(ja) == string(jb) && (a.Args == nil) == (b.Args == nil) && (a.Result == nil) == (b.Result == nil) &&
		len(a.Extra) == len(b.Extra)
}

// The one-pass decoders read every seed as encoding/json does.
func TestDecodeEventIsEncodingJSONs(t *testing.T) {
	for _, s := range eventSeeds {
		checkDecoders(t, []byte(s))
	}
	// And they take the one pass on a large event.
	big := `{"event":"pre_tool","tool":"write","args":{"content":"` + strings.Repeat(`line \"x\"\n`, 1<<16) + `"}}`
	ev, ok := decodeEventFast([]byte(big), false)
	require.True(t, ok)
	assert.Equal(t, "write", ev.Tool)
	checkDecoders(t, []byte(big))
}

// FuzzDecodeEvent: whatever the input, the one-pass decoders agree with
// encoding/json (the same event, an error exactly when it fails).
func FuzzDecodeEvent(f *testing.F) {
	for _, s := range eventSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkDecoders(t, data) })
}

// checkNativeDecoded compares the in-process copy of ev with what a
// native hook's process decodes from ev's encoding.
func checkNativeDecoded(t *testing.T, ev Event) {
	data, err := ev.MarshalJSON()
	if err != nil {
		return // not encodable: no payload, no in-process run
	}
	want, err := DecodeEventLenient(data)
	if err != nil {
		t.Fatalf("%q does not decode: %v", data, err)
	}
	got := nativeDecoded(&ev)
	if !equalEvents(want, got) {
		t.Fatalf("from %q: process %#v, in-process %#v", data, want, got)
	}
}

// FuzzNativeDecoded: an in-process run's copy of the event is what the
// process would decode from its stdin, whatever the event holds.
func FuzzNativeDecoded(f *testing.F) {
	f.Add("pre_tool", "shell", "s\xff", `{"a" : [1, "x y"]}`, `"r"`, "k", `{ }`)
	f.Add("stop", "", "ok \u2028", `null`, ``, "k\xfe", `[1,  2]`)
	f.Fuzz(func(t *testing.T, name, tool, str, args, result, key, extra string) {
		ev := Event{Name: settings.Event(name), Tool: tool, Output: str, Prompt: str, Args: []byte(args), Result: []byte(result)}
		if key != "" {
			ev.Extra = Fields{{key, []byte(extra)}, {"dup", []byte(`1`)}, {key, []byte(`2`)}}
		}
		checkNativeDecoded(t, ev)
	})
}

// FuzzFieldsUnmarshal: the one-pass Fields reading is the decoder's:
// the same members in the same order, an error exactly when it fails.
func FuzzFieldsUnmarshal(f *testing.F) {
	for _, s := range []string{`{"a":1,"b":[1, 2],"a":"x"}`, `{}`, `null`, `[1]`, `{"\u00e9":1,"\ud800":2}`, "{\"\xff\":1}", ` { "k" : { "n" : null } } `, `{"a":1`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var fast, slow Fields
		errFast, errSlow := fast.UnmarshalJSON(data), slow.unmarshalDecoder(data)
		if (errFast != nil) != (errSlow != nil) {
			t.Fatalf("%q: decoder error %v, one-pass error %v", data, errSlow, errFast)
		}
		if errSlow == nil {
			if len(slow) != len(fast) {
				t.Fatalf("%q: decoder %q, one-pass %q", data, slow, fast)
			}
			for i := range slow {
				if slow[i].Key != fast[i].Key || string(slow[i].Value) != string(fast[i].Value) {
					t.Fatalf("%q member %d: decoder %q, one-pass %q", data, i, slow[i], fast[i])
				}
			}
		}
	})
}
