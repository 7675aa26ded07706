package claude

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

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
		cfg, _, err := translator{}.Translate(translate.Source{Path: "fuzz.json", Data: data})
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
		kind, obj := classifyStdout(out)
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
			h := &settings.Hook{Event: ev, Protocol: Name, Command: "x"}
			for _, code := range []int{0, 1, 2} {
				r := NewProtocol(nil).Classify(h, &runner.Event{Name: ev, Tool: "shell"}, &runner.RunResult{ExitCode: code, Stdout: out})
				if r.Outcome == "" {
					t.Fatalf("no outcome for %q", out)
				}
			}
		}
	})
}

// FuzzMatcher: compiling and applying any matcher never panics or hangs;
// a match that cannot be evaluated selects the hook; the backtracking
// lint never panics.
func FuzzMatcher(f *testing.F) {
	for _, s := range []string{"", "*", "Bash", "Edit|Write", "^mcp__.*", "(a+)+$", "[", "(?<=x)y", "(a|ab)*c", "(?<n>x{2,})+"} {
		f.Add(s, "Bash")
	}
	f.Fuzz(func(t *testing.T, pattern, value string) {
		m := compileMatcher("PreToolUse", pattern)
		ok, err := m.MatchErr(value)
		if err != nil && !ok {
			t.Fatalf("an unevaluated match must select the hook")
		}
		compileMatcher("FileChanged", pattern).Match(value)
		_ = backtrackingConstruct(pattern)
	})
}

// FuzzEnvFileExports: any CLAUDE_ENV_FILE contents give sorted
// "KEY=value" exports, a parse error, or a bound hit (ErrEnvFileLimit), in
// bounded time, without crashing the caller.
func FuzzEnvFileExports(f *testing.F) {
	for _, s := range []string{"export A=1\n", "export A=\"$HOME/x\"\nB=2\nexport B\n", "export X=(\n", "A=x; while :; do A=$A$A; done",
		"f() { f; }; f", "export P=$(date)\nunset HOME\n", "if [ -n \"$HOME\" ]; then export H=1; fi\n", ". /dev/null\n"} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "env.sh")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		got, err := EnvFileExports(path, []string{"HOME=/h", "PATH=/usr/bin"})
		if took := time.Since(start); took > EnvFileTimeout+5*time.Second {
			t.Fatalf("took %s", took)
		}
		if err != nil && !errors.Is(err, ErrEnvFileLimit) && !strings.HasPrefix(err.Error(), "CLAUDE_ENV_FILE") {
			t.Fatalf("unexpected error %v", err)
		}
		if !sort.StringsAreSorted(got) {
			t.Fatalf("not sorted: %q", got)
		}
		for _, kv := range got {
			if k, _, ok := strings.Cut(kv, "="); !ok || k == "" {
				t.Fatalf("not KEY=value: %q", kv)
			}
		}
	})
}
