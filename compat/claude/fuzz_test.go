package claude

import (
	"encoding/json"
	"testing"

	"github.com/hookcompat/hookcompat/internal/hookjson"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// FuzzTranslate: any bytes given as a settings file either fail with an
// error or translate into hooks that validate (no panic, nothing invalid
// reaches the engine).
func FuzzTranslate(f *testing.F) {
	f.Add([]byte(`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"x","timeout":5}]}]}}`))
	f.Add([]byte(`{"hooks":{"Stop":[{"hooks":[{"type":"http","url":"http://x","headers":{"A":"$B"}}]}]}}`))
	f.Add([]byte(`{"description":"p","hooks":{"BeforeTool":[{"matcher":"[","hooks":[{"type":"prompt","prompt":"p"}]}]}}`))
	f.Add([]byte("\ufeff{\"hooks\":{}}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, _, err := Translator{}.Translate(translate.Source{Path: "fuzz.json", Data: data})
		if err != nil {
			return
		}
		if err := cfg.Validate(); err != nil {
			t.Fatalf("translated hooks do not validate: %v", err)
		}
	})
}

// FuzzClassifyStdout: the JSON rule and the reply classifier never panic;
// what the rule calls JSON is a JSON object, and below encoding/json's
// depth limit it agrees with encoding/json (the rule reads any depth, as
// JSON.parse does).
func FuzzClassifyStdout(f *testing.F) {
	for _, s := range []string{"", "{}", `{"decision":"block"}`, "{\n}\n{}", "[1]", `{"a":1} x`, "{\xff}",
		`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"},"x":[[[]]]}`,
		`{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"command":"ls"}}}`,
		`{"continue":false,"stopReason":"s","systemMessage":"m","decision":"block","reason":"r"}`,
		"{\"a\":1}\n{\"b\":2}"} {
		f.Add([]byte(s))
	}
	events := []settings.Event{settings.PreTool, settings.PostTool, settings.PermissionRequest, settings.Stop, settings.PromptSubmit}
	f.Fuzz(func(t *testing.T, out []byte) {
		kind, obj := ClassifyStdout(out)
		if kind == StdoutJSON {
			ok, depth := hookjson.Valid(obj)
			if !ok || obj[0] != '{' {
				t.Fatalf("classified as JSON but not an object: %q", obj)
			}
			var m map[string]json.RawMessage
			if err := json.Unmarshal(obj, &m); depth < 9000 && err != nil {
				t.Fatalf("classified as JSON but encoding/json rejects it (%v): %q", err, obj)
			}
		}
		for _, ev := range events {
			h := &settings.Hook{Event: ev, Protocol: settings.ProtocolClaude, Command: "x"}
			for _, code := range []int{0, 1, 2} {
				r := Protocol{}.Classify(h, &runner.Event{Name: ev, Tool: "shell"}, &runner.RunResult{ExitCode: code, Stdout: out})
				if r.Outcome == "" {
					t.Fatalf("no outcome for %q", out)
				}
			}
		}
	})
}

// FuzzMatcher: compiling and applying any matcher never panics or hangs.
func FuzzMatcher(f *testing.F) {
	for _, s := range []string{"", "*", "Bash", "Edit|Write", "^mcp__.*", "(a+)+$", "[", "(?<=x)y"} {
		f.Add(s, "Bash")
	}
	f.Fuzz(func(t *testing.T, pattern, value string) {
		m := CompileMatcher("PreToolUse", pattern)
		m.Match(value)
		CompileMatcher("FileChanged", pattern).Match(value)
	})
}
