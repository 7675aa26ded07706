package phi

import (
	"errors"
	"testing"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// FuzzParseManifest: any bytes given as a hook.json either fail with a
// *ManifestError whose position (when given) lies inside the file, or give
// a manifest that satisfies Phi's rules (phi §2): a known event, a run
// program, a timeout within bounds and async only on post_tool.
func FuzzParseManifest(f *testing.F) {
	for _, s := range []string{
		`{"event":"pre_tool","run":"./run.sh"}`,
		`{"name":"g","event":"post_tool","match":"bash","run":"x","timeout":"250ms","async":true}`,
		`{"EVENT":"pre_tool","Run":" x ","timeout":1.5,"fail_closed":true}`,
		`{"event":"pre_tool","run":"x","timeout":61}`,
		`{"event":"pre_tool","run":"x","fail_closed":"yes"}`,
		`{"event":`, ``, `[]`, `null`, "\ufeff{}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := parseManifest(data)
		if err != nil {
			var me *manifestError
			if !errors.As(err, &me) {
				t.Fatalf("error is %T, want *ManifestError: %v", err, err)
			}
			if me.Line < 0 || me.Col < 0 || me.Msg == "" {
				t.Fatalf("bad error %+v", me)
			}
			return
		}
		if m.Event != EventPreTool && m.Event != EventPostTool {
			t.Fatalf("accepted event %q", m.Event)
		}
		if m.Run == "" || m.Match == "" {
			t.Fatalf("accepted manifest without run or match: %+v", m)
		}
		if m.Timeout <= 0 || m.Timeout > MaxTimeout {
			t.Fatalf("accepted timeout %s", m.Timeout)
		}
		if m.Async && m.Event != EventPostTool {
			t.Fatalf("accepted async on %s", m.Event)
		}
	})
}

// FuzzClassify: Phi's reply classifier (phi §4, §6) never panics; what it
// returns for a pre_tool hook is allow, deny or a modify with an object
// input, and a fail_closed hook's failure stops the call.
func FuzzClassify(f *testing.F) {
	for _, s := range []string{"", `{"action":"deny","reason":"r"}`, `{"ACTION":" Modify ","input":{"command":"ls"}}`,
		`{"action":"modify"}`, `{"action":"modify","input":null}`, `{"context":1}`, "not json", "\n{\"action\":\"deny\"}",
		`{"output":"x","stop":true}`} {
		f.Add([]byte(s), 0)
	}
	f.Add([]byte(`{"reason":"x"}`), 2)
	f.Fuzz(func(t *testing.T, stdout []byte, code int) {
		for _, failClosed := range []bool{false, true} {
			h := &settings.Hook{Event: settings.PreTool, Protocol: Name, Name: "g", Command: "x", FailClosed: failClosed}
			for _, name := range []settings.Event{settings.PreTool, settings.PostTool} {
				r := newProtocol(nil).Classify(h, &runner.Event{Name: name, Tool: "shell"}, &runner.RunResult{ExitCode: code, Stdout: stdout})
				if r.Outcome == "" {
					t.Fatalf("no outcome for %q", stdout)
				}
				if failClosed && (r.Outcome == runner.OutcomeError || r.Outcome == runner.OutcomeTimeout) && !r.Decision.Blocks() {
					t.Fatalf("a failed fail_closed hook did not stop the call: %+v", r)
				}
				if r.UpdatedArgs != nil && (len(r.UpdatedArgs) == 0 || (r.UpdatedArgs[0] != '{' && string(r.UpdatedArgs) != "null")) {
					t.Fatalf("updated_args %q", r.UpdatedArgs)
				}
			}
		}
	})
}
