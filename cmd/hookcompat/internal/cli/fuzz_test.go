package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/runner"
)

// FuzzReadEvent: the event reader of run and exec (one JSON value, then
// only whitespace) and both event decoders behind it (compat.ParseEvent
// for run, runner.DecodeEventLenient for the shim) never panic; what they
// accept is one JSON value and an event whose name is known to run.
func FuzzReadEvent(f *testing.F) {
	for _, s := range []string{
		`{"event":"pre_tool","tool":"shell","args":{"command":"ls"}}`,
		`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"session_id":"s","cwd":"/"}`,
		`{"event":"stop"} {"event":"stop"}`, `{"event":"bogus"}`, `[]`, ``, "\ufeff{}", `{"event":"post_tool","tool_use_id":"x","result":1}`,
		`{"hook_event_name":"SessionStart","source":"startup"}` + "\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		raw, err := readEvent(bytes.NewReader(data))
		if err != nil {
			if !strings.Contains(err.Error(), "event") && !strings.Contains(err.Error(), "stdin") {
				t.Fatalf("unclear error %v", err)
			}
			return
		}
		if !json.Valid(raw) {
			t.Fatalf("accepted %q", raw)
		}
		if ev, _, err := compat.ParseEvent(raw, "/ws"); err == nil && !ev.Name.Known() {
			t.Fatalf("ParseEvent accepted unknown event %q", ev.Name)
		}
		_, _ = runner.DecodeEventLenient(raw)
	})
}
