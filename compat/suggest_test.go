package compat

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// TestUnknownEventNameSuggestsNearest: a misspelt event name — the exec
// shim's --event of every format, a native event's "event", each
// format's hooks file — names the event meant; a name near none gets no
// guess.
func TestUnknownEventNameSuggestsNearest(t *testing.T) {
	t.Run("exec --event", func(t *testing.T) {
		n := 0
		for _, f := range format.All() {
			sh, ok := f.(format.Shimmer)
			if !ok {
				continue
			}
			name, ok := sh.ShimEvent(settings.PreTool)
			require.True(t, ok, f.Name())
			n++
			for _, typo := range []string{strings.ToLower(name), strings.ToUpper(name), strings.ReplaceAll(name, "_", "-")} {
				if typo == name {
					continue
				}
				_, err := sh.ShimHook(&format.ShimSpec{Event: typo})
				require.Error(t, err, f.Name())
				assert.Contains(t, err.Error(), `; did you mean "`+name+`"?`, f.Name())
			}
			_, err := sh.ShimHook(&format.ShimSpec{Event: "preEditHook"})
			require.Error(t, err, f.Name())
			assert.NotContains(t, err.Error(), "did you mean", f.Name())
		}
		assert.GreaterOrEqual(t, n, 7, "every format with a shim")
	})
	t.Run("native event", func(t *testing.T) {
		for typo, want := range map[string]string{"pre-tool": "pre_tool", "PreToolUse": "pre_tool", "Session_Start": "session_start", "pre_tools": "pre_tool"} {
			_, _, err := ParseEventWith([]byte(`{"event":"`+typo+`"}`), "/w", nil)
			require.Error(t, err)
			assert.Equal(t, `native event: unknown event "`+typo+`" (did you mean `+want+`?)`, err.Error())
		}
		_, _, err := ParseEventWith([]byte(`{"event":"preEditHook"}`), "/w", nil)
		require.Error(t, err)
		assert.Equal(t, `native event: unknown event "preEditHook"`, err.Error())
	})
	t.Run("hooks files", func(t *testing.T) {
		hook := `[{"hooks":[{"type":"command","command":"true"}]}]`
		for _, c := range []struct{ format, path, data, want string }{
			{"claude", ".claude/settings.json", `{"hooks":{"pretooluse":` + hook + `}}`, `unknown event "pretooluse": its hooks are not loaded (Claude Code skips it too); did you mean "PreToolUse"?`},
			{"claude", ".claude/settings.json", `{"hooks":{"PreToolUze":` + hook + `}}`, `; did you mean "PreToolUse"?`},
			{"codex", ".codex/hooks.json", `{"hooks":{"pretooluse":` + hook + `}}`, `(Codex ignores the key); did you mean "PreToolUse"?`},
			{"gemini", ".gemini/settings.json", `{"hooks":{"beforetool":` + hook + `}}`, `; did you mean "BeforeTool"?`},
			{"qwen", ".qwen/settings.json", `{"hooks":{"pretooluse":` + hook + `}}`, `; did you mean "PreToolUse"?`},
			{"copilot", ".github/hooks/h.json", `{"version":1,"hooks":{"pretooluse":[{"type":"command","bash":"true"}],"bogus":[]}}`, `; did you mean "preToolUse" for "pretooluse"?`},
			{"cursor", ".cursor/hooks.json", `{"version":1,"hooks":{"beforeshellexecution":[{"command":"true"}]}}`, `; did you mean "beforeShellExecution"?`},
			{"phi", ".phi/hooks/g/hook.json", `{"event":"pre-tool","run":"./run.sh"}`, `hook not loaded (as in Phi); did you mean "pre_tool"?`},
		} {
			f, err := format.Get(c.format)
			require.NoError(t, err)
			_, warns, err := f.Translate(translate.Source{Path: c.path, Data: []byte(c.data)})
			var msgs []string
			for _, w := range warns {
				msgs = append(msgs, w.Message)
			}
			if err != nil {
				msgs = append(msgs, err.Error())
			}
			assert.Contains(t, strings.Join(msgs, "\n"), c.want, "%s %s", c.format, c.data)
		}
		_, err := settings.Decode("hooks.toml", []byte("[[hooks.pre-tool]]\ncommand = \"true\"\n"))
		require.Error(t, err)
		assert.Contains(t, err.Error(), `unknown event "pre-tool" (did you mean pre_tool?)`)
	})
	t.Run("nothing near", func(t *testing.T) {
		f, err := format.Get("claude")
		require.NoError(t, err)
		_, warns, err := f.Translate(translate.Source{Path: "s.json", Data: []byte(`{"hooks":{"preEditHook":[]}}`)})
		require.NoError(t, err)
		require.Len(t, warns, 1)
		assert.Equal(t, `unknown event "preEditHook": its hooks are not loaded (Claude Code skips it too)`, warns[0].Message)
	})
}
