package runner

import (
	"encoding/json"
	"testing"

	"github.com/hookcompat/hookcompat/internal/hookjson"
	"github.com/hookcompat/hookcompat/settings"
)

// FuzzNativeClassify: the native reply classifier (HK-20, HK-21) never
// panics on any stdout and exit code; a reply it accepts has a native
// decision, updated_args that is an object the merged reply can encode,
// and a block always has a reason. A fail_closed hook's failure blocks.
func FuzzNativeClassify(f *testing.F) {
	for _, s := range []string{"", "{}", `{"decision":"block","reason":"r"}`, `{"Decision":"deny"}`, `{"updated_args":{"a":1}}`,
		`{"updated_args":[1]}`, `{"decision":"maybe"}`, "plain", `{"continue":false,"stop_reason":"x"}`, "{\"a\":[[[[]]]]}"} {
		f.Add([]byte(s), 0)
	}
	f.Add([]byte("why"), 2)
	f.Fuzz(func(t *testing.T, stdout []byte, code int) {
		for _, failClosed := range []bool{false, true} {
			h := &settings.Hook{Event: settings.PreTool, Command: "x", FailClosed: failClosed}
			for _, name := range []settings.Event{settings.PreTool, settings.SessionStart, settings.PostTool} {
				r := native{}.Classify(h, &Event{Name: name}, &RunResult{ExitCode: code, Stdout: stdout, Stderr: stdout})
				switch r.Decision {
				case DecisionNone, DecisionBlock, DecisionDeny, DecisionAsk, DecisionAllow:
				default:
					t.Fatalf("decision %q", r.Decision)
				}
				if r.Decision.Blocks() && r.Reason == "" {
					t.Fatalf("a block without a reason for %q", stdout)
				}
				if r.Outcome == OutcomeError && failClosed && !r.Decision.Blocks() {
					t.Fatalf("a failed fail_closed hook did not block: %+v", r)
				}
				if r.UpdatedArgs != nil {
					if ok, _ := hookjson.Valid(r.UpdatedArgs); !ok || r.UpdatedArgs[0] != '{' {
						t.Fatalf("updated_args %q", r.UpdatedArgs)
					}
					if _, err := json.Marshal(r.Reply); err != nil {
						t.Fatalf("the reply cannot be encoded: %v", err)
					}
				}
			}
		}
	})
}
