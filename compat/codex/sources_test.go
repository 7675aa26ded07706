package codex

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/translate"
)

const goodGroup = `{"matcher":"Bash","hooks":[{"type":"command","command":"good.sh"}]}`

// hooks.json inputs Codex rejects whole (codex §1.4): the file adds no
// hook, and the error names the position.
func TestCodexHooksJSONRejectsWholeFile(t *testing.T) {
	bad := map[string]string{
		"BOM":                "\ufeff{\"hooks\":{}}",
		"comment":            "{\n  // c\n  \"hooks\": {}\n}",
		"trailing comma":     `{"hooks":{"PreToolUse":[` + goodGroup + `,]}}`,
		"empty":              "",
		"not JSON":           "hooks:",
		"unknown root key":   `{"permissions":{},"hooks":{}}`,
		"null event":         `{"hooks":{"PreToolUse":null}}`,
		"duplicate event":    `{"hooks":{"PreToolUse":[` + goodGroup + `],"PreToolUse":[]}}`,
		"non-string matcher": `{"hooks":{"PreToolUse":[{"matcher":5,"hooks":[]}]}}`,
		"missing type":       `{"hooks":{"PreToolUse":[{"hooks":[{"command":"x"}]}]}}`,
		"http type":          `{"hooks":{"PreToolUse":[{"hooks":[{"type":"http","url":"x"}]}]}}`,
		"missing command":    `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command"}]}]}}`,
		"fractional timeout": `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"x","timeout":1.5}]}]}}`,
		"string timeout":     `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"x","timeout":"2"}]}]}}`,
		"negative timeout":   `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"x","timeout":-1}]}]}}`,
	}
	for name, data := range bad {
		_, err := decodeHooksJSON("/h/hooks.json", []byte(data))
		assert.Error(t, err, name)
	}
	_, err := decodeHooksJSON("/h/hooks.json", []byte(`{"permissions":{},"hooks":{}}`))
	assert.Equal(t, "unknown field `permissions`, expected `description` or `hooks` at line 1 column 2", err.Error())
}

// What Codex reads, skips with a warning, or ignores silently.
func TestCodexHooksJSONTranslate(t *testing.T) {
	data := `{"description":"d","hooks":{
  "Stop":[{"hooks":[{"type":"command","command":"stop.sh"}]}],
  "Bogus":[{"hooks":[{"type":"command","command":"x"}]}],
  "PreToolUse":[
    {"matcher":"(?=B)ash","hooks":[{"type":"command","command":"dropped.sh"}]},
    {"matcher":"Bash","foo":1,"hooks":[{"type":"prompt","prompt":"p"},{"type":"command","command":"  "},{"type":"command","command":"pre.sh","timeout":0,"foo":2,"timeoutSec":1,"additionalContextLimit":100}]},
    {"hooks":[{"type":"command","command":"all.sh","async":true,"statusMessage":"s"}]}
  ],
  "UserPromptSubmit":[{"matcher":"[","hooks":[{"type":"command","command":"ups.sh"}]}]
}}`
	dec, err := decodeHooksJSON("/h/.codex/hooks.json", []byte(data))
	require.NoError(t, err)
	ordinal := 0
	cfg, warns := translateDecoded(dec, ScopeUser, &ordinal, nil, false)
	var cmds []string
	for _, h := range cfg.Hooks {
		cmds = append(cmds, string(h.Event)+":"+h.Command)
	}
	assert.Equal(t, []string{"pre_tool:pre.sh", "pre_tool:all.sh", "prompt_submit:ups.sh", "stop:stop.sh"}, cmds,
		"Codex's event order, groups and handlers in file order; the bad group, the prompt and the blank command skipped")
	pre := cfg.Hooks[0]
	assert.Equal(t, time.Second, pre.Timeout, "timeout 0 is 1 s; timeoutSec is not an alias")
	assert.Equal(t, "Bash", pre.Match)
	assert.Equal(t, Name, pre.MatchSyntax)
	assert.Equal(t, "100", pre.Options[OptionContextLimit])
	assert.Equal(t, 1, pre.Source.Ordinal)
	all := cfg.Hooks[1]
	assert.Equal(t, DefaultTimeout, all.Timeout, "600 s by default")
	assert.True(t, all.Async)
	assert.Equal(t, "", cfg.Hooks[2].Match, "a matcher on UserPromptSubmit is ignored, even one Rust rejects")
	assert.Equal(t, 4, cfg.Hooks[3].Source.Ordinal, "the Stop handler's display index counts loaded handlers only")
	codes := map[string]int{}
	for _, w := range warns {
		codes[w.Code]++
	}
	assert.Equal(t, 1, codes[CodeInvalidMatcher])
	assert.Equal(t, 2, codes[CodeSkippedHandler])
	assert.Equal(t, 1, codes[translate.CodeMatcherIgnored])
	assert.Len(t, dec.notes, 1, "the unknown event")
}

// config.toml [hooks]: the same handlers; a type error stops Codex.
func TestCodexConfigTOML(t *testing.T) {
	dec, err := decodeConfigTOML("/h/config.toml", []byte(`
[features]
codex_hooks = true

[[hooks.PreToolUse]]
matcher = "Bash"
[[hooks.PreToolUse.hooks]]
type = "command"
command = "pre.sh"
timeout = 30

[hooks.state."/h/hooks.json:pre_tool_use:0:0"]
enabled = false

[projects."/p"]
trust_level = "trusted"
`))
	require.NoError(t, err)
	require.Len(t, dec.handlers, 1)
	assert.Equal(t, uint64(30), *dec.handlers[0].timeout)
	assert.Equal(t, 7, dec.handlers[0].line, "the handler's table")
	assert.False(t, *dec.state["/h/hooks.json:pre_tool_use:0:0"].enabled)
	assert.Equal(t, []string{"/p"}, dec.trusted)
	assert.True(t, *dec.features)
	assert.Len(t, dec.notes, 1, "codex_hooks is deprecated")

	_, err = decodeConfigTOML("/h/config.toml", []byte("[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"x\"\ntimeout = \"x\"\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "invalid type: string \"x\", expected u64\nin `hooks`")
	assert.Contains(t, err.Error(), "at line 5")
}

// testEnv builds a home, a project and a system root.
type testEnv struct {
	root, home, codexHome, proj, sys string
	env                              *format.Env
}

func newTestEnv(t *testing.T) *testEnv {
	e := &testEnv{root: t.TempDir()}
	e.home = filepath.Join(e.root, "home")
	e.codexHome = filepath.Join(e.home, ".codex")
	e.proj = filepath.Join(e.root, "proj")
	e.sys = filepath.Join(e.root, "sys")
	for _, d := range []string{e.codexHome, e.proj, filepath.Join(e.sys, "etc", "codex")} {
		require.NoError(t, os.MkdirAll(d, 0o755))
	}
	e.env = &format.Env{Project: e.proj, Home: e.home, SystemRoot: e.sys, Getenv: func(string) string { return "" }}
	return e
}

func (e *testEnv) write(t *testing.T, path, data string) {
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(data), 0o644))
}

func hooksFile(event, cmd string) string {
	return `{"hooks":{"` + event + `":[{"hooks":[{"type":"command","command":"` + cmd + `"}]}]}}`
}

func (e *testEnv) load(t *testing.T) (*format.Result, []string) {
	res, err := Format.Load(Format.Discover(e.env).Sources, e.env)
	require.NoError(t, err)
	var cmds []string
	for _, h := range res.Config.Hooks {
		cmds = append(cmds, h.Source.Scope+":"+h.Command)
	}
	return res, cmds
}

// The layers (codex §1.1–§1.3): all run, in Codex's order; switches;
// trust.
func TestCodexLayers(t *testing.T) {
	e := newTestEnv(t)
	etc := filepath.Join(e.sys, "etc", "codex")
	e.write(t, filepath.Join(etc, "requirements.toml"), "[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = \"req\"\n")
	e.write(t, filepath.Join(etc, "hooks.json"), hooksFile("Stop", "sys-json"))
	e.write(t, filepath.Join(etc, "config.toml"), "[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = \"sys-toml\"\n")
	e.write(t, filepath.Join(e.codexHome, "hooks.json"), hooksFile("Stop", "user"))
	e.write(t, filepath.Join(etc, "managed_config.toml"), "[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = \"legacy\"\n")
	e.write(t, filepath.Join(e.proj, ".codex", "hooks.json"), hooksFile("Stop", "project"))

	res, cmds := e.load(t)
	assert.Equal(t, []string{"requirements:req", "system:sys-json", "system:sys-toml", "user:user", "legacy:legacy", "project:project"}, cmds,
		"a nil Trusted trusts the project, as in every format")
	assert.Contains(t, warnCodes(res), CodeBothForms)
	for i, h := range res.Config.Hooks {
		assert.Equal(t, i+1, h.Source.Ordinal)
	}

	// Codex's own answer, for a host that asks it: trust_level in the
	// user's config.toml.
	assert.False(t, TrustedProject(e.codexHome, e.proj))
	e.write(t, filepath.Join(e.codexHome, "config.toml"), "[projects.\""+e.proj+"\"]\ntrust_level = \"trusted\"\n")
	assert.True(t, TrustedProject(e.codexHome, e.proj), "trusted in Codex's own config.toml")
	assert.False(t, TrustedProject(e.codexHome, filepath.Join(e.proj, "sub")))

	e.env.Trusted = func(f, p string) bool {
		assert.Equal(t, Name, f)
		assert.Equal(t, e.proj, p)
		return false
	}
	_, cmds = e.load(t)
	assert.Equal(t, []string{"requirements:req", "system:sys-json", "system:sys-toml", "user:user", "legacy:legacy"}, cmds,
		"an untrusted project: its .codex layer is left out, the user's hooks load (recorded: hc_bypass_untrusted_project)")
	e.env.Trusted = nil

	e.write(t, filepath.Join(etc, "requirements.toml"), "allow_managed_hooks_only = true\n")
	_, cmds = e.load(t)
	assert.Equal(t, []string{"system:sys-json", "system:sys-toml", "legacy:legacy"}, cmds, "allow_managed_hooks_only keeps the managed layers")

	e.write(t, filepath.Join(etc, "requirements.toml"), "")
	e.write(t, filepath.Join(e.codexHome, "config.toml"), "[features]\nhooks = false\n")
	res, cmds = e.load(t)
	assert.Empty(t, cmds, "[features] hooks = false switches every hook off")
	assert.Contains(t, warnCodes(res), CodeNotLoaded)
}

// hooks.state enabled = false disables one unmanaged handler; a broken
// discovered hooks.json is skipped with a warning.
func TestCodexStateAndBrokenFile(t *testing.T) {
	e := newTestEnv(t)
	user := filepath.Join(e.codexHome, "hooks.json")
	e.write(t, user, `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"a"},{"type":"command","command":"b"}]}]}}`)
	e.write(t, filepath.Join(e.codexHome, "config.toml"), "[hooks.state.\""+user+":pre_tool_use:0:0\"]\nenabled = false\n")
	e.write(t, filepath.Join(e.sys, "etc", "codex", "hooks.json"), "{\"hooks\": {,}}")
	res, cmds := e.load(t)
	assert.Equal(t, []string{"user:b"}, cmds)
	assert.Equal(t, 2, res.Config.Hooks[0].Source.Ordinal, "a disabled handler still counts")
	assert.Contains(t, warnCodes(res), CodeInvalidFile)
	// Named instead of discovered, the broken file is an error.
	_, err := Format.Load([]format.Source{{Format: "codex", Path: filepath.Join(e.sys, "etc", "codex", "hooks.json")}}, e.env)
	assert.Error(t, err)
}

// The project root is the git root; .codex folders from it down to the
// cwd are read, root first.
func TestCodexProjectFolders(t *testing.T) {
	e := newTestEnv(t)
	require.NoError(t, os.MkdirAll(filepath.Join(e.proj, ".git"), 0o755))
	sub := filepath.Join(e.proj, "sub")
	e.write(t, filepath.Join(e.proj, ".codex", "hooks.json"), hooksFile("Stop", "root"))
	e.write(t, filepath.Join(sub, ".codex", "hooks.json"), hooksFile("Stop", "sub"))
	e.write(t, filepath.Join(sub, "deeper", ".codex", "hooks.json"), hooksFile("Stop", "below"))
	e.env.Project = sub
	e.env.Trusted = func(_, p string) bool { return p == e.proj }
	_, cmds := e.load(t)
	assert.Equal(t, []string{"project:root", "project:sub"}, cmds)
	assert.Equal(t, e.proj, ProjectRoot(sub))
}

func warnCodes(res *format.Result) []string {
	var out []string
	for _, w := range res.Warnings {
		out = append(out, w.Code)
	}
	return out
}

// Detection for `convert --from auto`.
func TestCodexDetect(t *testing.T) {
	assert.True(t, Format.Detect("proj/.codex/hooks.json", []byte(`{"hooks":{}}`)))
	assert.True(t, Format.Detect("config.toml", []byte("[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n")))
	assert.False(t, Format.Detect("config.toml", []byte("model = \"x\"\n")))
	assert.False(t, Format.Detect("hooks.toml", []byte("[[hooks.pre_tool]]\ncommand = \"x\"\n")), "native TOML")
	assert.False(t, Format.Detect("plugin/hooks/hooks.json", []byte(`{"hooks":{}}`)), "a Claude plugin's hooks.json")
	assert.True(t, strings.HasPrefix(Format.Info().FlagUsage, "Codex"))
}

// An invalid regex matcher's warning is one line (file:line:col: code:
// message, as every finding), with Rust's reason and where it points.
func TestCodexInvalidMatcherWarningOneLine(t *testing.T) {
	dec, err := decodeHooksJSON("/h/.codex/hooks.json", []byte(`{"hooks":{"PreToolUse":[{"matcher":"Ba(?=sh)","hooks":[{"type":"command","command":"x.sh"}]}]}}`))
	require.NoError(t, err)
	ordinal := 0
	cfg, warns := translateDecoded(dec, ScopeUser, &ordinal, nil, false)
	assert.Empty(t, cfg.Hooks)
	require.Len(t, warns, 1)
	assert.Equal(t, CodeInvalidMatcher, warns[0].Code)
	assert.NotContains(t, warns[0].Message, "\n")
	assert.Contains(t, warns[0].Message, "look-around, including look-ahead and look-behind, is not supported")
	assert.Contains(t, warns[0].Message, "at character 3")
}

// A named config.toml outside every layer of the environment switches its
// own hooks off with [features] hooks = false, as it would as a layer; a
// second named file without the switch keeps its hooks.
func TestCodexNamedConfigFeaturesOff(t *testing.T) {
	e := newTestEnv(t)
	off := filepath.Join(e.root, "elsewhere", "off.toml")
	on := filepath.Join(e.root, "elsewhere", "on.toml")
	e.write(t, off, "[features]\nhooks = false\n\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = \"off\"\n")
	e.write(t, on, "[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = \"on\"\n")
	res, err := Format.Load([]format.Source{{Path: off}, {Path: on}}, e.env)
	require.NoError(t, err)
	var cmds []string
	for _, h := range res.Config.Hooks {
		cmds = append(cmds, h.Command)
	}
	assert.Equal(t, []string{"on"}, cmds)
	assert.Contains(t, warnCodes(res), CodeNotLoaded, "the switched-off hooks are named in a warning")
}
