package cursor

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	// The Claude format's shim is what converted Claude hooks call.
	_ "github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/inplace"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

func claudeHook(event settings.Event, name, match, cmd string) settings.Hook {
	h := settings.Hook{Event: event, Protocol: claudeName, Command: cmd, Timeout: 600 * time.Second,
		Source: settings.Source{File: "settings.json", Line: 1, Col: 1, Format: "claude", Event: name}}
	if match != "" {
		h.Match, h.MatchSyntax = match, claudeName
	}
	return h
}

// TestTargetClaude: Claude hooks become entries calling the shim under
// Cursor's steps, with timeouts written out, failClosed, loop_limit null
// on stop, a Cursor matcher for exact tool names only, and a warning for
// each construct Cursor cannot express.
func TestTargetClaude(t *testing.T) {
	pre := claudeHook(settings.PreTool, "PreToolUse", "Bash", `"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh`)
	pre.FailClosed = true
	regex := claudeHook(settings.PreTool, "PreToolUse", "mcp__github__.*", "audit.sh")
	edit := claudeHook(settings.PostTool, "PostToolUse", "Edit|Write", "fmt.sh")
	stop := claudeHook(settings.Stop, "Stop", "", "check.sh")
	stop.Timeout = 30 * time.Second
	notify := claudeHook(settings.Notification, "Notification", "", "notify.sh")
	resume := claudeHook(settings.SessionStart, "SessionStart", "resume", "ctx.sh")
	cfg := &settings.Config{Hooks: []settings.Hook{pre, regex, edit, stop, notify, resume}}
	out, err := target{}.Write(cfg, &format.TargetOptions{Shim: "/usr/local/bin/hookcompat"})
	require.NoError(t, err)
	assert.Equal(t, 5, out.Wrapped)
	var doc struct {
		Version int                                     `json:"version"`
		Hooks   map[string][]map[string]json.RawMessage `json:"hooks"`
	}
	require.NoError(t, json.Unmarshal(out.Data, &doc), "%s", out.Data)
	assert.Equal(t, 1, doc.Version)
	require.Len(t, doc.Hooks["preToolUse"], 2)
	first := doc.Hooks["preToolUse"][0]
	assert.JSONEq(t, `"/usr/local/bin/hookcompat exec --host cursor --protocol claude --event PreToolUse --matcher Bash --timeout 600 --fail-closed -- '\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh'"`, string(first["command"]))
	assert.JSONEq(t, `"^(?:Shell)$"`, string(first["matcher"]))
	assert.JSONEq(t, `600`, string(first["timeout"]))
	assert.JSONEq(t, `true`, string(first["failClosed"]))
	_, hasMatcher := doc.Hooks["preToolUse"][1]["matcher"]
	assert.False(t, hasMatcher, "a regex matcher is left to the shim")
	assert.JSONEq(t, `"^(?:Edit|StrReplace|Write)$"`, string(doc.Hooks["postToolUse"][0]["matcher"]))
	assert.JSONEq(t, `null`, string(doc.Hooks["stop"][0]["loop_limit"]))
	assert.JSONEq(t, `30`, string(doc.Hooks["stop"][0]["timeout"]))
	_, hasNotify := doc.Hooks["notification"]
	assert.False(t, hasNotify)
	assert.Len(t, doc.Hooks, 4)
	var got []string
	for _, w := range out.Warnings {
		got = append(got, w.Code)
	}
	for _, code := range []string{CodeUnsupportedEvent, CodeAskUnsupported, CodeMCPServerDropped, CodeMergeDiffers, CodeCannotBlock, CodeEventNeverFires, CodeDoubleFireRisk} {
		assert.Contains(t, got, code)
	}
	assert.NotContains(t, got, CodeShimNotAbsolute)

	out, err = target{}.Write(&settings.Config{Hooks: []settings.Hook{stop}}, &format.TargetOptions{Shim: "hookcompat"})
	require.NoError(t, err)
	assert.Equal(t, CodeShimNotAbsolute, out.Warnings[len(out.Warnings)-1].Code)
}

// TestTargetInPlace: writing into an existing hooks.json with Prune
// replaces only the entries that call the shim (without it a converted
// entry the inputs lack is kept, with a note); the user's own entries
// and every byte outside "hooks" stay; doing it again gives the same
// bytes.
func TestTargetInPlace(t *testing.T) {
	existing := []byte(`{
    "$schema": "https://unpkg.com/cursor-hooks@latest/schema/hooks.schema.json",
    "version": 1,
    "hooks": {
        "afterFileEdit": [ { "command": "./format.sh",   "timeout": 10 } ],
        "stop": [
            {"command": "/old/hookcompat exec --host cursor --protocol claude --event Stop -- old.sh", "timeout": 5}
        ]
    },
    "x-team": {"owner": "me"}
}
`)
	cfg := &settings.Config{Hooks: []settings.Hook{claudeHook(settings.Stop, "Stop", "", "check.sh")}}
	kept, err := target{}.Write(cfg, &format.TargetOptions{Shim: "/bin/hookcompat", Existing: existing})
	require.NoError(t, err)
	assert.Contains(t, string(kept.Data), "old.sh", "without Prune the old converted entry is kept")
	var codes []string
	for _, w := range kept.Warnings {
		codes = append(codes, w.Code)
	}
	assert.Contains(t, codes, inplace.CodeKept)
	out, err := target{}.Write(cfg, &format.TargetOptions{Shim: "/bin/hookcompat", Existing: existing, Prune: true})
	require.NoError(t, err)
	s := string(out.Data)
	assert.True(t, strings.HasPrefix(s, "{\n    \"$schema\": \"https://unpkg.com/cursor-hooks@latest/schema/hooks.schema.json\",\n    \"version\": 1,\n    \"hooks\": "), s)
	assert.True(t, strings.HasSuffix(s, "},\n    \"x-team\": {\"owner\": \"me\"}\n}\n"), s)
	assert.Contains(t, s, `"./format.sh"`)
	assert.NotContains(t, s, "old.sh")
	assert.Contains(t, s, "check.sh")

	again, err := target{}.Write(cfg, &format.TargetOptions{Shim: "/bin/hookcompat", Existing: out.Data})
	require.NoError(t, err)
	assert.Equal(t, s, string(again.Data), "idempotent")

	// The converted file reads back as Cursor hooks.
	back, warns, err := translateFile(translate.Source{Path: "hooks.json", Data: out.Data, Scope: ScopeProject})
	require.NoError(t, err)
	assert.Len(t, back.Hooks, 2, "%v", warns)

	_, err = target{}.Write(cfg, &format.TargetOptions{Existing: []byte("// comment\n{}"), Path: ".cursor/hooks.json"})
	assert.ErrorContains(t, err, ".cursor/hooks.json:1:1: unexpected '/'", "Cursor's hooks.json has no comments: an error naming the position")
	out, err = target{}.Write(cfg, &format.TargetOptions{Shim: "/bin/hookcompat", Existing: []byte(`{"hooks":{}}`)})
	require.NoError(t, err)
	assert.Contains(t, string(out.Data), `"version": 1`, "a missing version is added")
}

// TestTargetCursorHooks: Cursor hooks are written back as they are read
// (steps, matcher, timeout, failClosed, loop_limit).
func TestTargetCursorHooks(t *testing.T) {
	in := `{"version":1,"hooks":{"beforeShellExecution":[{"command":"a.sh","matcher":"^git","timeout":5,"failClosed":true}],"stop":[{"command":"b.sh","loop_limit":null},{"command":"c.sh","loop_limit":3}],"beforeSubmitPrompt":[{"type":"prompt","prompt":"ok?"}]}}`
	cfg, _ := translateString(t, in)
	out, err := target{}.Write(cfg, &format.TargetOptions{})
	require.NoError(t, err)
	assert.Equal(t, 0, out.Wrapped)
	assert.Empty(t, out.Warnings)
	cfg2, _ := translateString(t, string(out.Data))
	strip := func(hs []settings.Hook) map[string]settings.Hook {
		m := map[string]settings.Hook{}
		for _, h := range hs {
			h.Source = settings.Source{}
			m[h.Command+h.Prompt] = h
		}
		return m
	}
	assert.Equal(t, strip(cfg.Hooks), strip(cfg2.Hooks), "steps in table order, each hook as it was")
	again, err := target{}.Write(cfg2, &format.TargetOptions{})
	require.NoError(t, err)
	assert.Equal(t, string(out.Data), string(again.Data))
}

// TestTargetExistingCRLF: a hooks.json with Windows line endings keeps
// them in the rewritten hooks object too (no file of mixed endings).
func TestTargetExistingCRLF(t *testing.T) {
	existing := []byte("{\r\n  \"version\": 1,\r\n  \"hooks\": {\r\n    \"stop\": [{\"command\": \"./s.sh\"}]\r\n  }\r\n}\r\n")
	cfg := &settings.Config{Hooks: []settings.Hook{claudeHook(settings.Stop, "Stop", "", "check.sh")}}
	out, err := target{}.Write(cfg, &format.TargetOptions{Shim: "/bin/hookcompat", Existing: existing})
	require.NoError(t, err)
	s := string(out.Data)
	assert.Contains(t, s, "check.sh")
	assert.Equal(t, strings.Count(s, "\n"), strings.Count(s, "\r\n"), "every line ends in CRLF: %q", s)
	again, err := target{}.Write(cfg, &format.TargetOptions{Shim: "/bin/hookcompat", Existing: out.Data})
	require.NoError(t, err)
	assert.Equal(t, s, string(again.Data), "idempotent")
}
