package compat

import (
	"strings"
	"testing"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/translate"
)

// decoderPaths are the paths each format's decoder is fuzzed under (a
// format may read a file by its name: Codex's config.toml is TOML).
var decoderPaths = map[string][]string{
	"claude": {"proj/.claude/settings.json", "plugin/hooks/hooks.json"},
	"codex":  {"proj/.codex/hooks.json", "proj/.codex/config.toml"},
	"gemini": {"proj/.gemini/settings.json"},
	"qwen":   {"proj/.qwen/settings.json"},
	"cursor": {"proj/.cursor/hooks.json"},
}

// FuzzFormatDecoders: every format's decoder (Format.Translate; Phi's
// manifests and native TOML have their own targets) never panics, names
// the file in its errors, and gives hooks of known events whose timeouts
// a duration holds (never negative).
func FuzzFormatDecoders(f *testing.F) {
	for _, fx := range discoveredFormats {
		f.Add([]byte(fx.doc(fx.command("./hook.sh"))))
		f.Add([]byte(fx.doc(fx.command("x") + `,"timeout":9.3e15,"matcher":"(a+)+$"`)))
	}
	for _, nf := range numberFields() {
		f.Add([]byte(nf.doc("1e309")))
	}
	f.Add([]byte("[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"x\"\ntimeout = 18446744073709551615\n"))
	f.Add([]byte(`{"hooks":{"PreToolUse":[{"matcher":"","hooks":[{"type":"command","command":"x"}]}]},"stopHookBlockingCap":0}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		for name, paths := range decoderPaths {
			fm, ok := format.Lookup(name)
			if !ok {
				t.Fatalf("no format %s", name)
			}
			for _, p := range paths {
				cfg, _, err := fm.Translate(translate.Source{Path: p, Data: data, Scope: "project"})
				if err != nil {
					if !strings.Contains(err.Error(), p) {
						t.Fatalf("%s %s: the error does not name the file: %v", name, p, err)
					}
					continue
				}
				if cfg == nil {
					continue
				}
				for _, h := range cfg.Hooks {
					if h.Timeout < 0 {
						t.Fatalf("%s %s: hook %s has timeout %v", name, p, h.Label(), h.Timeout)
					}
					if !h.Event.Known() {
						t.Fatalf("%s %s: hook %s has unknown event %q", name, p, h.Label(), h.Event)
					}
				}
			}
		}
	})
}

// FuzzFormatPayloadReaders: every format's payload reader
// (format.EventReader, and format.HostEventReader for the exec shim's
// hosts) never panics; a payload it is not sure of is no error; an event
// it reads has a known name and encodes.
func FuzzFormatPayloadReaders(f *testing.F) {
	for _, s := range []string{
		`{"session_id":"s","transcript_path":"/t","cwd":"/w","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"t1"}`,
		`{"session_id":"s","turn_id":"t","transcript_path":null,"cwd":"/w","hook_event_name":"PreToolUse","model":"m","permission_mode":"default","tool_name":"apply_patch","tool_input":{"command":"*** Begin Patch\n*** End Patch\n"},"tool_use_id":"c"}`,
		`{"session_id":"s","transcript_path":"/t","cwd":"/w","hook_event_name":"BeforeTool","timestamp":"2026-01-01T00:00:00Z","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`,
		`{"conversation_id":"c","generation_id":"g","hook_event_name":"beforeShellExecution","command":"ls","cwd":"/w","workspace_roots":["/w"],"cursor_version":"1"}`,
		`{"hook_event_name":"PostToolUse","tool_name":"Write","tool_input":{"file_path":"a","content":"x\ny"},"tool_response":{"ok":true}}`,
		`{"hook_event_name":"Stop","stop_hook_active":"yes"}`, `{"hook_event_name":5}`, `[]`, `{}`, `null`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, fm := range format.All() {
			r, ok := fm.(format.EventReader)
			if !ok {
				continue
			}
			ev, score, err := r.ReadEvent(data, "/ws", nil)
			if score == 0 && err != nil {
				t.Fatalf("%s: not its payload, yet an error: %v", fm.Name(), err)
			}
			if score > 0 && err == nil {
				if !ev.Name.Known() {
					t.Fatalf("%s: read an event of unknown name %q", fm.Name(), ev.Name)
				}
				if _, err := ev.MarshalJSON(); err != nil {
					t.Fatalf("%s: read an event that does not encode: %v", fm.Name(), err)
				}
			}
			if hr, ok := fm.(format.HostEventReader); ok && score > 0 && err == nil {
				for _, p := range []string{"claude", "codex", "gemini"} {
					if hev, err := hr.ReadHostEvent(data, "/ws", p); err == nil && !hev.Name.Known() {
						t.Fatalf("%s as host of %s: unknown event %q", fm.Name(), p, hev.Name)
					}
				}
			}
		}
	})
}
