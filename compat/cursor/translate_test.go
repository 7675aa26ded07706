package cursor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

func translateString(t *testing.T, doc string) (*settings.Config, []translate.Warning) {
	t.Helper()
	cfg, warns, err := translateFile(translate.Source{Path: "hooks.json", Data: []byte(doc), Scope: ScopeProject})
	require.NoError(t, err)
	return cfg, warns
}

func codes(ws []translate.Warning) []string {
	var out []string
	for _, w := range ws {
		out = append(out, w.Code)
	}
	return out
}

// TestTranslateEntries: each entry becomes one cursor hook of its step's
// native event, with Cursor's timeout in seconds (60 s by default),
// failClosed, loop_limit and the step of a tool-specific step as options.
func TestTranslateEntries(t *testing.T) {
	cfg, warns := translateString(t, `{
  "version": 1,
  "hooks": {
    "preToolUse": [{"command": "a.sh", "matcher": "Shell|Read", "timeout": 5, "failClosed": true}],
    "beforeShellExecution": [{"command": "b.sh", "timeout": 0.5}],
    "afterFileEdit": [{"command": "c.sh"}],
    "stop": [{"command": "d.sh", "loop_limit": 2}, {"command": "e.sh", "loop_limit": null}, {"command": "f.sh", "loop_limit": 5}],
    "beforeSubmitPrompt": [{"type": "prompt", "prompt": "is it safe?", "model": "fast"}]
  }
}`)
	require.Len(t, cfg.Hooks, 7)
	pre := cfg.Hooks[0]
	assert.Equal(t, settings.PreTool, pre.Event)
	assert.Equal(t, Name, pre.Protocol)
	assert.Equal(t, "Shell|Read", pre.Match)
	assert.Equal(t, Name, pre.MatchSyntax)
	assert.Equal(t, 5*time.Second, pre.Timeout, "seconds")
	assert.True(t, pre.FailClosed)
	assert.Nil(t, pre.Options, "the generic step needs no option")
	assert.Equal(t, "preToolUse", pre.Source.Event)
	assert.Equal(t, 4, pre.Source.Line)

	shell := cfg.Hooks[1]
	assert.Equal(t, settings.PreTool, shell.Event)
	assert.Equal(t, map[string]string{OptionStep: "beforeShellExecution"}, shell.Options)
	assert.Equal(t, 500*time.Millisecond, shell.Timeout, "fractions of a second")

	edit := cfg.Hooks[2]
	assert.Equal(t, settings.PostTool, edit.Event)
	assert.Equal(t, DefaultTimeout, edit.Timeout, "Cursor's default, 60 s, made explicit")
	assert.Equal(t, "afterFileEdit", edit.Options[OptionStep])

	assert.Equal(t, map[string]string{OptionLoopLimit: "2"}, cfg.Hooks[3].Options)
	assert.Equal(t, map[string]string{OptionLoopLimit: "null"}, cfg.Hooks[4].Options)
	assert.Nil(t, cfg.Hooks[5].Options, "the default loop_limit is not written")

	prompt := cfg.Hooks[6]
	assert.Equal(t, settings.TypePrompt, prompt.Type)
	assert.Equal(t, "is it safe?", prompt.Prompt)
	assert.Equal(t, "fast", prompt.Model)
	assert.Equal(t, []string{translate.CodeUnsupportedHandler}, codes(warns))
	require.NoError(t, cfg.Validate())
}

// TestTranslateRejectsWholeFile: Cursor validates the whole file; an
// unknown step (exact camelCase), a matcher that does not compile, an
// entry of the wrong shape, a bad timeout or a missing version loads none
// of its hooks (cursor §2, §9.2).
func TestTranslateRejectsWholeFile(t *testing.T) {
	for name, tc := range map[string]struct {
		doc, code, msg string
	}{
		"unknown step":        {`{"version":1,"hooks":{"stop":[{"command":"ok"}],"userPromptSubmit":[{"command":"x"}]}}`, translate.CodeUnknownEvent, `did you mean "beforeSubmitPrompt"`},
		"PascalCase step":     {`{"version":1,"hooks":{"stop":[{"command":"ok"}],"PreToolUse":[{"command":"x"}]}}`, translate.CodeUnknownEvent, `did you mean "preToolUse"`},
		"wrong case":          {`{"version":1,"hooks":{"stop":[{"command":"ok"}],"beforeMcpExecution":[{"command":"x"}]}}`, translate.CodeUnknownEvent, `did you mean "beforeMCPExecution"`},
		"invalid matcher":     {`{"version":1,"hooks":{"stop":[{"command":"ok"}],"preToolUse":[{"command":"x","matcher":"(Shell"}]}}`, translate.CodeInvalidMatcher, "not a valid JavaScript regular expression"},
		"zero timeout":        {`{"version":1,"hooks":{"stop":[{"command":"ok","timeout":0}]}}`, translate.CodeInvalidEntry, "positive number of seconds"},
		"string timeout":      {`{"version":1,"hooks":{"stop":[{"command":"ok","timeout":"5"}]}}`, translate.CodeInvalidEntry, "positive number of seconds"},
		"no command":          {`{"version":1,"hooks":{"stop":[{"timeout":5}]}}`, translate.CodeInvalidEntry, "needs a non-empty"},
		"command not string":  {`{"version":1,"hooks":{"stop":[{"command":["a"]}]}}`, translate.CodeInvalidEntry, "want a string"},
		"entries not array":   {`{"version":1,"hooks":{"stop":{"command":"a"}}}`, translate.CodeInvalidEntry, "want an array"},
		"no version":          {`{"hooks":{"stop":[{"command":"a"}]}}`, translate.CodeInvalidEntry, `no "version"`},
		"bad version":         {`{"version":"1","hooks":{"stop":[{"command":"a"}]}}`, translate.CodeInvalidEntry, "positive integer"},
		"bad loop_limit":      {`{"version":1,"hooks":{"stop":[{"command":"a","loop_limit":0}]}}`, translate.CodeInvalidEntry, "positive integer or null"},
		"failClosed not bool": {`{"version":1,"hooks":{"preToolUse":[{"command":"a","failClosed":"yes"}]}}`, translate.CodeInvalidEntry, "want a boolean"},
		"unknown type":        {`{"version":1,"hooks":{"stop":[{"command":"a","type":"shell"}]}}`, translate.CodeInvalidEntry, `want "command" or "prompt"`},
		"no hooks":            {`{"version":1}`, translate.CodeInvalidEntry, `no "hooks"`},
	} {
		t.Run(name, func(t *testing.T) {
			cfg, warns := translateString(t, tc.doc)
			assert.Empty(t, cfg.Hooks, "Cursor loads none of the file's hooks")
			require.NotEmpty(t, warns)
			assert.Contains(t, codes(warns), tc.code)
			assert.Equal(t, CodeRejected, warns[len(warns)-1].Code)
			var all []string
			for _, w := range warns {
				all = append(all, w.String())
				assert.True(t, format.DropsHooks(w) || w.Code == translate.CodeUnknownField, "%s must make validate fail", w.Code)
			}
			assert.Contains(t, strings.Join(all, "\n"), tc.msg)
		})
	}
}

// TestTranslateTolerated: unknown keys (the corpus's event and
// description), $schema, a plugin file without version and a matcher on a
// step without match value load, each oddity with a warning.
func TestTranslateTolerated(t *testing.T) {
	cfg, warns := translateString(t, `{"$schema":"x","version":1,"color":"red","stop_hook_loop_limit":3,"hooks":{
  "sessionStart":[{"command":"a","event":"sessionStart","description":"d","matcher":"startup"}],
  "afterShellExecution":[{"command":"b","failClosed":true,"loop_limit":3}]}}`)
	require.Len(t, cfg.Hooks, 2)
	assert.Equal(t, "", cfg.Hooks[0].Match, "sessionStart has no match value")
	assert.ElementsMatch(t, []string{translate.CodeUnknownField, translate.CodeDeprecated, translate.CodeUnknownField, translate.CodeUnknownField,
		translate.CodeMatcherIgnored, CodeNoEffect, CodeNoEffect}, codes(warns))

	cfg, _, err := translateFile(translate.Source{Path: "p/hooks/hooks.json", Data: []byte(`{"hooks":{"stop":[{"command":"a"}]}}`), Scope: ScopePlugin})
	require.NoError(t, err)
	assert.Len(t, cfg.Hooks, 1, "a plugin's hooks.json may omit version")
}

// TestTranslateErrors: a file that is not JSON, or not an object, is an
// error naming file:line:col.
func TestTranslateErrors(t *testing.T) {
	_, _, err := translateFile(translate.Source{Path: "h.json", Data: []byte("{\n  \"version\": 1,\n  \"hooks\": {,}\n}")})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "h.json:3:")
	_, _, err = translateFile(translate.Source{Path: "h.json", Data: []byte(`[1]`)})
	assert.ErrorContains(t, err, "want a JSON object")
}

// TestTimeoutUnit is the decision of docs/decisions/014-cursor.md: a
// timeout is seconds; one that looks like milliseconds (above 3600, or
// a whole number of thousands) is kept as seconds with a warning.
func TestTimeoutUnit(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		want time.Duration
		warn bool
	}{
		{"5", 5 * time.Second, false},
		{"30", 30 * time.Second, false},
		{"600", 600 * time.Second, false},
		{"3600", time.Hour, false},
		{"1234", 1234 * time.Second, false},
		{"1800", 1800 * time.Second, false},
		{"1000", 1000 * time.Second, true},
		{"5000", 5000 * time.Second, true},
		{"30000", 30000 * time.Second, true},
		{"3601", 3601 * time.Second, true},
	} {
		cfg, warns := translateString(t, `{"version":1,"hooks":{"stop":[{"command":"a","timeout":`+tc.raw+`}]}}`)
		require.Len(t, cfg.Hooks, 1)
		assert.Equal(t, tc.want, cfg.Hooks[0].Timeout, tc.raw)
		assert.Equal(t, tc.warn, len(warns) == 1 && warns[0].Code == translate.CodeTimeoutUnit, "timeout %s: %v", tc.raw, warns)
	}
}

// TestCorpus loads the real Cursor configs of the shared corpus (cursor
// §13): the camelCase ones load; mann1x/claude-hooks, which uses
// userPromptSubmit, is rejected whole.
func TestCorpus(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "corpus", "other")
	files, _ := filepath.Glob(filepath.Join(dir, "*cursor*.json"))
	if len(files) == 0 {
		t.Skipf("the shared corpus is absent (%s)", dir)
	}
	want := map[string]int{
		"1Password__agent-hooks__.cursor_hooks.json":                                               1,
		"affaan-m__everything-claude-code__.cursor_hooks.json":                                     16,
		"elastic__kibana__.cursor_hooks.json":                                                      1,
		"gitbutlerapp__gitbutler-docs__content_docs_features_ai-integration_cursor-hooks.mdx.json": 2,
		"mann1x__claude-hooks__.cursor_hooks.json":                                                 0,
		"obra__superpowers__hooks_hooks-cursor.json":                                               1,
		"pbakaus__impeccable__.cursor_hooks.json":                                                  1,
		"thedotmack__claude-mem__cursor-hooks_hooks.json":                                          6,
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		assert.True(t, Format.Detect(f, data), "%s is detected as Cursor's", filepath.Base(f))
		cfg, warns, err := translateFile(translate.Source{Path: f, Data: data, Scope: ScopeProject})
		require.NoError(t, err, f)
		n, ok := want[filepath.Base(f)]
		require.True(t, ok, "unexpected corpus file %s", f)
		assert.Len(t, cfg.Hooks, n, "%s: %v", filepath.Base(f), warns)
		require.NoError(t, cfg.Validate())
		if n == 0 {
			assert.Contains(t, codes(warns), CodeRejected)
		}
	}
}
