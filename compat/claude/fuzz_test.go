package claude

import (
	"encoding/json"
	"testing"

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

// FuzzClassifyStdout: the JSON rule never panics, and what it calls JSON
// is a JSON object.
func FuzzClassifyStdout(f *testing.F) {
	for _, s := range []string{"", "{}", `{"decision":"block"}`, "{\n}\n{}", "[1]", `{"a":1} x`, "{\xff}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, out []byte) {
		kind, obj := ClassifyStdout(out)
		if kind == StdoutJSON {
			var m map[string]json.RawMessage
			if err := json.Unmarshal(obj, &m); err != nil {
				t.Fatalf("classified as JSON but not an object: %q", obj)
			}
		}
		h := &settings.Hook{Event: settings.PreTool, Protocol: settings.ProtocolClaude, Command: "x"}
		for _, code := range []int{0, 1, 2} {
			NewProtocol(nil).Classify(h, &runner.Event{Name: settings.PreTool, Tool: "shell"}, &runner.RunResult{ExitCode: code, Stdout: out})
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
