package native_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/native"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// TestConvertMergeDiffersWarning: two Claude hooks that can run for the
// same call of a blocking event get one merge-differs warning for the
// native target (serial, first block, first updated_args) and none for
// --target hookcompat; hooks of disjoint exact matchers, post-tool hooks
// and async hooks get none.
func TestConvertMergeDiffersWarning(t *testing.T) {
	settingsJSON := func(groups string) []byte {
		return []byte(`{"hooks":{` + groups + `}}`)
	}
	hook := func(matcher, cmd string) string {
		return `{"matcher":"` + matcher + `","hooks":[{"type":"command","command":"` + cmd + `"}]}`
	}
	codes := func(target string, data []byte) []string {
		cfg, warns, err := claude.Format.Translate(translate.Source{Path: "settings.json", Data: data})
		require.NoError(t, err)
		require.Empty(t, warns)
		tgt, err := format.GetTarget(target)
		require.NoError(t, err)
		res, err := tgt.Write(cfg, &format.TargetOptions{})
		require.NoError(t, err)
		var out []string
		for _, w := range res.Warnings {
			if w.Code == native.CodeMergeDiffers {
				out = append(out, w.String())
			}
		}
		return out
	}
	for name, tc := range map[string]struct {
		groups string
		want   int
	}{
		"same tool":                 {`"PreToolUse":[` + hook("Bash", "a") + `,` + hook("Bash", "b") + `]`, 1},
		"matcher-less and one tool": {`"PreToolUse":[` + hook("Bash", "a") + `,` + hook("", "b") + `]`, 1},
		"regex and one tool":        {`"PreToolUse":[` + hook("Edit", "a") + `,` + hook("mcp__.*", "b") + `]`, 1},
		"three hooks warn once":     {`"PreToolUse":[` + hook("", "a") + `,` + hook("", "b") + `,` + hook("", "c") + `]`, 1},
		"disjoint tools":            {`"PreToolUse":[` + hook("Bash", "a") + `,` + hook("Edit|Write", "b") + `]`, 0},
		"post-tool runs all":        {`"PostToolUse":[` + hook("", "a") + `,` + hook("", "b") + `]`, 0},
		"two events":                {`"PreToolUse":[` + hook("", "a") + `],"Stop":[` + hook("", "b") + `]`, 0},
		"Stop hooks":                {`"Stop":[` + hook("", "a") + `,` + hook("", "b") + `]`, 1},
	} {
		t.Run(name, func(t *testing.T) {
			data := settingsJSON(tc.groups)
			got := codes(native.TargetNative, data)
			assert.Len(t, got, tc.want, "%v", got)
			assert.Empty(t, codes(native.TargetHookcompat, data), "Claude's merge is kept with extension fields")
		})
	}
}

// TestConvertAsyncRunsFirst: an async Claude hook after another hook of
// an event where a native engine stops at the first block (Stop: a
// hookify-style guard, then security-guidance's async review) is written
// first, with an async-runs-first warning, so that it still runs when the
// guard blocks, as in Claude Code; on post_tool, where every hook runs,
// and when the async hook is first already, nothing moves.
func TestConvertAsyncRunsFirst(t *testing.T) {
	convert := func(groups string) (string, []string) {
		cfg, _, err := claude.Format.Translate(translate.Source{Path: "settings.json", Data: []byte(`{"hooks":{` + groups + `}}`)})
		require.NoError(t, err)
		tgt, err := format.GetTarget(native.TargetNative)
		require.NoError(t, err)
		res, err := tgt.Write(cfg, &format.TargetOptions{})
		require.NoError(t, err)
		var warns []string
		for _, w := range res.Warnings {
			if w.Code == native.CodeAsyncFirst {
				warns = append(warns, w.String())
			}
		}
		return string(res.Data), warns
	}
	guard := `{"hooks":[{"type":"command","command":"guard.sh"}]}`
	review := `{"hooks":[{"type":"command","command":"review.sh","async":true}]}`

	out, warns := convert(`"Stop":[` + guard + `,` + review + `]`)
	require.Len(t, warns, 1, "%v", warns)
	assert.Contains(t, warns[0], "settings.json:1:")
	assert.Contains(t, warns[0], "async-runs-first: async Stop hook moved before the event's other hooks")
	assert.Less(t, strings.Index(out, "review.sh"), strings.Index(out, "guard.sh"), "the async review comes first:\n%s", out)

	out, warns = convert(`"Stop":[` + review + `,` + guard + `]`)
	assert.Empty(t, warns)
	assert.Less(t, strings.Index(out, "review.sh"), strings.Index(out, "guard.sh"))

	out, warns = convert(`"PostToolUse":[` + guard + `,` + review + `]`)
	assert.Empty(t, warns, "post_tool runs every hook")
	assert.Less(t, strings.Index(out, "guard.sh"), strings.Index(out, "review.sh"), "order kept")

	_, warns = convert(`"PreToolUse":[{"matcher":"Edit","hooks":[{"type":"command","command":"guard.sh"}]},{"matcher":"Bash","hooks":[{"type":"command","command":"review.sh","async":true}]}]`)
	assert.Empty(t, warns, "hooks of different tools never run for the same call")
}

// TestConvertPortable: the native target writes no absolute path of the
// project or the home: a plugin's CLAUDE_PLUGIN_ROOT under the project
// becomes ./…, its CLAUDE_PLUGIN_DATA ~/…, a Phi folder and the
// provenance comments relative; a #:schema line opens the file and is
// kept when the file is converted again.
func TestConvertPortable(t *testing.T) {
	project, home := t.TempDir(), t.TempDir()
	plugin := filepath.Join(project, "plugins", "sg", "hooks", "hooks.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(plugin), 0o755))
	data := []byte(`{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"bash \"${CLAUDE_PLUGIN_ROOT}/hooks/review.sh\""}]}]}}`)
	require.NoError(t, os.WriteFile(plugin, data, 0o644))
	cfg, _, err := claude.Format.Translate(translate.Source{Path: plugin, Data: data})
	require.NoError(t, err)
	cfg.Hooks[0].Env["CLAUDE_PLUGIN_DATA"] = filepath.Join(home, ".claude", "plugins", "data", "sg")
	tgt, err := format.GetTarget(native.TargetNative)
	require.NoError(t, err)
	res, err := tgt.Write(cfg, &format.TargetOptions{Inputs: []string{plugin}, Project: project, Home: home})
	require.NoError(t, err)
	out := string(res.Data)
	assert.NotContains(t, out, project)
	assert.NotContains(t, out, home)
	assert.Contains(t, out, `"--env", "CLAUDE_PLUGIN_DATA=~/.claude/plugins/data/sg", "--env", "CLAUDE_PLUGIN_ROOT=./plugins/sg"`)
	assert.Contains(t, out, "\n#   plugins/sg/hooks/hooks.json\n")
	assert.Contains(t, out, "\n# from plugins/sg/hooks/hooks.json:1:")
	assert.True(t, strings.HasPrefix(out, "#:schema "+native.SchemaURL+"\n"), out)

	again, err := settings.Decode("hooks.toml", res.Data)
	require.NoError(t, err)
	res2, err := tgt.Write(again, &format.TargetOptions{Inputs: []string{"hooks.toml"}, Header: again.Header, Project: project, Home: home})
	require.NoError(t, err)
	assert.Equal(t, out, string(res2.Data), "converting the converted file again changes nothing")

	own := []byte("#:schema ./schema.json\n\n[[hooks.stop]]\ncommand = \"true\"\n")
	mine, err := settings.Decode("mine.toml", own)
	require.NoError(t, err)
	res3, err := tgt.Write(mine, &format.TargetOptions{Inputs: []string{"mine.toml"}, Header: mine.Header})
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(res3.Data), "#:schema ./schema.json\n# Native hooks converted"), "%s", res3.Data)
}
