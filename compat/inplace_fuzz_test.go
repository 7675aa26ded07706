package compat_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/hookcompat/hookcompat/compat"
	_ "github.com/hookcompat/hookcompat/compat/all"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/jsonedit"
	"github.com/hookcompat/hookcompat/translate"
)

// inPlaceTargets are the files `convert --in-place` writes, one per target
// (and both of Codex's forms), with a file of each to start from.
var inPlaceTargets = []struct {
	target, path string
	comments     bool
	seed         string
}{
	{"codex", ".codex/hooks.json", false, `{"hooks": {"PreToolUse": [{"matcher": "^Bash$", "hooks": [{"type": "command", "command": "./mine.sh", "statusMessage": "mine"}]}]}}`},
	{"codex", ".codex/config.toml", false, "# codex\nmodel = \"gpt-5\"\n\n[[hooks.PreToolUse]]\nmatcher = \"^Bash$\"\n\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./mine.sh\"\n"},
	{"cursor", ".cursor/hooks.json", false, `{"version": 1, "hooks": {"beforeShellExecution": [{"command": "./mine.sh"}]}}`},
	{"gemini", ".gemini/settings.json", true, "{\n  // mine\n  \"hooks\": {\n    \"BeforeTool\": [\n      /* mine */ {\"hooks\": [{\"type\": \"command\", \"command\": \"./mine.sh\"}]}\n    ]\n  }\n}\n"},
	{"qwen", ".qwen/settings.json", true, "{\"hooks\": {\"PreToolUse\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"./mine.sh\"}]}]}, // x\n\"model\": {}}"},
	{"native", "hooks.toml", false, "# mine\n[[hooks.pre_tool]]\ncommand = \"./mine.sh\"\n"},
	{"hookcompat", "hooks.toml", false, "[[hooks.stop]]\ncommand = \"./mine.sh\"\n"},
}

const fuzzClaude = `{"hooks": {
  "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh", "timeout": 10, "statusMessage": "checking"}]}],
  "Stop": [{"hooks": [{"type": "command", "command": "echo done"}]}]
}}`

// FuzzConvertInPlace writes two Claude hooks into hostile files of every
// in-place target. It must never panic; an error names the file; a file
// written holds its comments, in order, and writing again changes
// nothing.
func FuzzConvertInPlace(f *testing.F) {
	for i, t := range inPlaceTargets {
		f.Add(uint8(i), []byte(t.seed))
		f.Add(uint8(i), []byte(""))
		f.Add(uint8(i), []byte("\ufeff"+t.seed))
		f.Add(uint8(i), bytes.ReplaceAll([]byte(t.seed), []byte("\n"), []byte("\r\n")))
	}
	f.Add(uint8(3), []byte(`{"hooks": {"BeforeTool": []}, "hooks": "x"}`))
	f.Add(uint8(3), []byte(`{"hooks": // c`+"\n"+`{} /* d */}`))
	f.Add(uint8(2), []byte(`{"version": 1, "hooks": {"preToolUse": {"command": "x"}}}`))
	f.Add(uint8(0), []byte("{\"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"\xff\"}]}]}}"))
	f.Fuzz(func(t *testing.T, which uint8, existing []byte) {
		tc := inPlaceTargets[int(which)%len(inPlaceTargets)]
		in := []compat.Input{{Name: ".claude/settings.json", Data: []byte(fuzzClaude), From: "claude"}}
		opts := compat.ConvertOptions{Target: tc.target, Existing: existing, Path: tc.path, Project: "/p", Home: "/h"}
		res := compat.Convert(in, opts)
		if len(res.Errors) > 0 {
			for _, err := range res.Errors {
				if !strings.Contains(err.Error(), tc.path) {
					t.Fatalf("%s: error does not name the file: %v", tc.target, err)
				}
			}
			return
		}
		if tc.comments {
			if before, err := jsonedit.Parse(existing, jsonedit.Options{Comments: true}); err == nil {
				after, err := jsonedit.Parse(res.Output, jsonedit.Options{Comments: true})
				if err != nil {
					t.Fatalf("%s: the written file does not parse: %v\n%s", tc.target, err, res.Output)
				}
				var b, a []string
				for _, c := range before.Comments {
					b = append(b, string(existing[c.Start:c.End]))
				}
				for _, c := range after.Comments {
					a = append(a, string(res.Output[c.Start:c.End]))
				}
				if strings.Join(a, "\x00") != strings.Join(b, "\x00") {
					t.Fatalf("%s: comments changed:\n%q\n%q", tc.target, b, a)
				}
			}
		}
		name := tc.target
		if name == "native" || name == "hookcompat" {
			name = "native"
		}
		if f, ok := format.Lookup(name); ok && len(bytes.TrimSpace(existing)) == 0 {
			if _, _, err := f.Translate(translate.Source{Path: tc.path, Data: res.Output}); err != nil {
				t.Fatalf("%s: a file written from nothing does not load: %v\n%s", tc.target, err, res.Output)
			}
		}
		opts.Existing = res.Output
		again := compat.Convert(in, opts)
		if len(again.Errors) > 0 {
			t.Fatalf("%s: writing again: %v\n%s", tc.target, again.Errors, res.Output)
		}
		if !bytes.Equal(again.Output, res.Output) {
			t.Fatalf("%s: writing again changed the file:\n%s\n---\n%s", tc.target, res.Output, again.Output)
		}
	})
}
