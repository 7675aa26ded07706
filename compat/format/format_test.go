package format_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	_ "github.com/hookcompat/hookcompat/compat/all"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// fake is a format that recognises files named fake.txt.
type fake struct{ name string }

func (f fake) Name() string { return f.name }
func (f fake) Info() format.Info {
	return format.Info{Title: "Fake", Order: 5, DropCodes: []string{"fake-drop"}}
}
func (f fake) Detect(path string, _ []byte) bool {
	return path == "fake.txt"
}
func (fake) Discover(*format.Env) format.Discovery { return format.Discovery{} }
func (fake) Load([]format.Source, *format.Env) (*format.Result, error) {
	return &format.Result{Config: &settings.Config{}}, nil
}
func (fake) Translate(translate.Source) (*settings.Config, []translate.Warning, error) {
	return &settings.Config{}, nil, nil
}
func (fake) Protocol(*translate.Vocabulary) runner.Protocol { return nil }

// TestRegistry: a format is found by name, listed in load order, asked by
// Detect before the native format, and its drop codes count; registering
// a name twice panics.
func TestRegistry(t *testing.T) {
	f := fake{name: "test-fake"}
	format.Register(f)
	assert.Panics(t, func() { format.Register(f) })

	got, err := format.Get("test-fake")
	require.NoError(t, err)
	assert.Equal(t, "test-fake", got.Name())
	_, err = format.Get("no-such")
	assert.ErrorIs(t, err, translate.ErrUnknownFormat)
	assert.ErrorContains(t, err, "claude")

	// Every registered format, lowest Info.Order first (the set grows with
	// each format: check the order, not the list).
	all := format.All()
	require.GreaterOrEqual(t, len(all), 4)
	assert.Equal(t, "test-fake", all[0].Name(), "by Info.Order")
	assert.Equal(t, "native", all[len(all)-1].Name(), "by Info.Order")
	for i := 1; i < len(all); i++ {
		assert.LessOrEqual(t, all[i-1].Info().Order, all[i].Info().Order, "by Info.Order: %s before %s", all[i-1].Name(), all[i].Name())
	}
	var order []string
	for _, x := range all {
		order = append(order, x.Name())
	}
	assert.Equal(t, []string{"test-fake", "claude", "codex", "gemini", "copilot", "qwen", "cursor", "phi", "native"}, order, "by Info.Order")

	d, err := format.Detect("fake.txt", []byte("x = 1"))
	require.NoError(t, err)
	assert.Equal(t, "test-fake", d.Name())
	d, err = format.Detect("hooks.toml", []byte("x = 1"))
	require.NoError(t, err)
	assert.Equal(t, "native", d.Name(), "the native format is asked last")
	d, err = format.Detect("settings.json", []byte(`{"hooks":{}}`))
	require.NoError(t, err)
	assert.Equal(t, "claude", d.Name())
	d, err = format.Detect(".phi/hooks/g/hook.json", []byte(`{"name":"g"}`))
	require.NoError(t, err)
	assert.Equal(t, "phi", d.Name(), "a hook.json is Phi's, not a Claude settings file")
	_, err = format.Detect("x.bin", []byte("\x00\x01"))
	assert.ErrorIs(t, err, translate.ErrUnknownFormat)

	assert.True(t, format.DropsHooks(translate.Warning{Code: "fake-drop"}))
	assert.True(t, format.Broken(translate.Warning{Code: "invalid-file"}))
	assert.False(t, format.DropsHooks(translate.Warning{Code: "unknown-field"}))
	assert.NotEmpty(t, format.Protocols(nil), "claude and phi have protocols")
}

// TestShimRoundTrip: every field a hook carries through the shim comes
// back from its command line unchanged (built and parsed in one place).
func TestShimRoundTrip(t *testing.T) {
	hooks := []settings.Hook{
		{Event: settings.PreTool, Protocol: "claude", Command: `"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh --flag 'x y'`,
			Timeout: 2500 * time.Millisecond, FailClosed: true, If: "Bash(git push *)",
			Env: map[string]string{"CLAUDE_PLUGIN_ROOT": "/p", "CLAUDE_PLUGIN_DATA": "/d"}},
		{Event: settings.PostTool, Protocol: "claude", Args: []string{"node", "fmt.mjs", "--", "-x"}, Async: true, Timeout: 600 * time.Second},
		{Event: settings.SessionStart, Protocol: "claude", Type: settings.TypeHTTP, URL: "http://127.0.0.1:9/h",
			Headers: map[string]string{"Authorization": "Bearer $TOKEN"}, AllowedEnvVars: []string{"TOKEN"}, Timeout: 30 * time.Second},
		{Event: settings.PreTool, Protocol: "phi", Args: []string{"/h/g/run"}, Name: "g", Dir: "/h/g", Timeout: 5 * time.Second},
		{Event: settings.Stop, Protocol: "claude", Command: "true", Timeout: time.Second,
			Options: map[string]string{"loop_limit": "2", "step": "stop"}},
	}
	for _, h := range hooks {
		for _, matcher := range []string{"", "Bash|Read"} {
			spec, err := format.SpecOf(&h, matcher)
			require.NoError(t, err)
			argv := format.ShimArgs("/usr/local/bin/hookcompat", spec)
			require.True(t, format.IsShim(argv), "%q", argv)
			back, inner, err := format.ParseShim(argv)
			require.NoError(t, err, "%q", argv)
			assert.Equal(t, spec, back, "spec round trip of %q", argv)
			spec.Host = "codex"
			hosted, err := format.ParseShimArgs(format.ShimArgs("hookcompat", spec)[2:])
			require.NoError(t, err)
			assert.Equal(t, spec, hosted, "--host round trip")
			spec.Host = ""
			want := h
			if matcher != "" {
				want.Match = matcher
				want.MatchSyntax = "claude"
				if h.Protocol == "phi" {
					want.MatchSyntax = settings.MatchExact
				}
			}
			inner.Source = settings.Source{}
			assert.Equal(t, want, *inner, "hook round trip of %q", argv)
		}
	}
}

// TestParseShimArgsErrors: each malformed command line is a usage error
// naming what is wrong.
func TestParseShimArgsErrors(t *testing.T) {
	for args, want := range map[string][]string{
		"--event is required": {"--", "true"},
		"--timeout":           {"--event", "Stop", "--timeout", "-1", "--", "true"},
		"did you mean":        {"--event", "Stop", "--fail-closd", "--", "true"},
		"needs a value":       {"--event"},
		"give the hook":       {"--event", "Stop"},
		"not both":            {"--event", "Stop", "--url", "http://x", "--", "true"},
		"KEY=value":           {"--event", "Stop", "--env", "X", "--", "true"},
		"--option":            {"--event", "Stop", "--option", "=x", "--", "true"},
		"Name: value":         {"--event", "Stop", "--header", "X", "--url", "http://x"},
		"before --":           {"--event", "Stop", "true"},
		"give no command":     {"--event", "pre_tool", "--phi-dir", "d", "--", "x"},
		"is a switch, got":    {"--event", "Stop", "--async=maybe", "--", "true"},
	} {
		_, err := format.ParseShimArgs(want)
		require.Error(t, err, args)
		assert.ErrorIs(t, err, format.ErrShimUsage)
		assert.Contains(t, err.Error(), args)
	}
	_, err := (&format.ShimSpec{Protocol: "claude", Event: "NoSuchEvent", Command: []string{"true"}}).Hook()
	assert.ErrorIs(t, err, format.ErrShimUsage)
	_, err = (&format.ShimSpec{Protocol: "nope", Event: "Stop", Command: []string{"true"}}).Hook()
	assert.ErrorContains(t, err, "want one of claude, codex, copilot, cursor, gemini, phi, qwen")
	assert.False(t, format.IsShim([]string{"hookcompat", "run"}))
	assert.False(t, format.IsShim([]string{"bash", "exec"}))
}

// TestShimCommandRoundTrip: the shell form of a shim call (what formats
// whose commands are /bin/sh strings write) reads back, through
// ShimCommandArgs and ParseShimArgs, as the same spec.
func TestShimCommandRoundTrip(t *testing.T) {
	specs := []*format.ShimSpec{
		{Protocol: "claude", Event: "PreToolUse", Matcher: "Bash|mcp__.*", If: "Bash(git push *)", Timeout: 1500 * time.Millisecond,
			FailClosed: true, Env: map[string]string{"CLAUDE_PLUGIN_ROOT": "./plugins/it's here", "X": ""},
			Command: []string{`"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh 'a b' && echo "$(date)" ~ *`}},
		{Host: "codex", Protocol: "claude", Event: "PostToolUse", Async: true, Exec: true, Command: []string{"node", "fmt.mjs", "--", "-x", "", "tab\there"}},
		{Protocol: "phi", Event: "pre_tool", Sources: []string{".phi/hooks", "~/phi hooks"}},
		{Protocol: "claude", Event: "Stop", URL: "http://127.0.0.1:9/h?a=1&b=2", Headers: map[string]string{"Authorization": "Bearer $TOKEN"}, AllowedEnv: []string{"TOKEN"}},
	}
	for _, spec := range specs {
		for _, shim := range []string{"hookcompat", "/opt/my tools/hookcompat"} {
			cmd := format.ShimCommand(shim, spec)
			argv, ok := format.ShimCommandArgs(cmd)
			require.True(t, ok, "%s", cmd)
			assert.Equal(t, format.ShimArgs(shim, spec), argv, "%s", cmd)
			back, err := format.ParseShimArgs(argv[2:])
			require.NoError(t, err, "%s", cmd)
			assert.Equal(t, spec, back, "%s", cmd)
		}
	}
}

// TestShellWords: only one simple command of literal words is split; any
// expansion, redirection, assignment or list makes it unreadable.
func TestShellWords(t *testing.T) {
	words, ok := format.ShellWords(`hookcompat exec --event 'Pre Tool' "--" a\ b`)
	require.True(t, ok)
	assert.Equal(t, []string{"hookcompat", "exec", "--event", "Pre Tool", "--", "a b"}, words)
	for _, cmd := range []string{`echo $HOME`, `a | b`, `a; b`, `a && b`, `X=1 a`, `a > f`, `a &`, `echo *.go`, `~user/bin/x`, `a ~/x`, `echo $(date)`, `a 'b`, ``, `! a`} {
		_, ok := format.ShellWords(cmd)
		assert.False(t, ok, "%q", cmd)
	}
	_, ok = format.ShimCommandArgs("hookcompat run --config x")
	assert.False(t, ok)
	// A program under the home is the word as written: the hook's shell
	// expands "~/" where it runs (convert --shim '~/go/bin/hookcompat').
	words, ok = format.ShellWords(`~/go/bin/hookcompat exec --event X`)
	require.True(t, ok)
	assert.Equal(t, []string{"~/go/bin/hookcompat", "exec", "--event", "X"}, words)
}

// TestShimLineHome: a shim under the home keeps "~/" outside the quotes
// (the hook's shell expands it) and reads back as the same argv; any other
// shim is quoted whole.
func TestShimLineHome(t *testing.T) {
	spec := &format.ShimSpec{Event: "PreToolUse", Command: []string{"./guard.sh"}}
	for _, unexpanded := range []bool{false, true} {
		argv := format.ShimArgs("~/my tools/hookcompat", spec)
		line := format.ShimLine(argv, unexpanded)
		assert.True(t, strings.HasPrefix(line, "~/'my tools/hookcompat' ") || strings.HasPrefix(line, `~/"my tools/hookcompat" `), "%s", line)
		back, ok := format.ShimCommandArgs(line)
		require.True(t, ok, "%s", line)
		assert.Equal(t, argv, back)
		plain := format.ShimLine(format.ShimArgs("/opt/hookcompat", spec), unexpanded)
		assert.True(t, strings.HasPrefix(plain, "/opt/hookcompat "), "%s", plain)
	}
}

// TestShimPortable: Portable writes paths under the project relative to
// it and paths under the home with ~, and Resolve, given any workspace and
// home, puts them back under those: the shim call works in another clone
// and for another user.
func TestShimPortable(t *testing.T) {
	spec := &format.ShimSpec{Protocol: "phi", Event: "pre_tool",
		Env: map[string]string{"CLAUDE_PLUGIN_ROOT": "/work/proj/plugins/sg", "CLAUDE_PLUGIN_DATA": "/home/ann/.claude/plugins/data/sg",
			"AT_ROOT": "/work/proj", "OTHER": "/opt/x", "FLAG": "1", "EMPTY": ""},
		Dir: "/home/ann/hooks", Sources: []string{"/work/proj/.phi/hooks", "/home/ann/.phi/hooks", "/srv/phi", "rel/phi"}}
	spec.Portable("/work/proj", "/home/ann")
	assert.Equal(t, map[string]string{"CLAUDE_PLUGIN_ROOT": "./plugins/sg", "CLAUDE_PLUGIN_DATA": "~/.claude/plugins/data/sg",
		"AT_ROOT": ".", "OTHER": "/opt/x", "FLAG": "1", "EMPTY": ""}, spec.Env)
	assert.Equal(t, "~/hooks", spec.Dir)
	assert.Equal(t, []string{".phi/hooks", "~/.phi/hooks", "/srv/phi", "rel/phi"}, spec.Sources)

	back, err := format.ParseShimArgs(format.ShimArgs("hookcompat", spec)[2:])
	require.NoError(t, err)
	back.Resolve("/clone", "/home/bob")
	assert.Equal(t, map[string]string{"CLAUDE_PLUGIN_ROOT": "/clone/plugins/sg", "CLAUDE_PLUGIN_DATA": "/home/bob/.claude/plugins/data/sg",
		"AT_ROOT": "/clone", "OTHER": "/opt/x", "FLAG": "1", "EMPTY": ""}, back.Env)
	assert.Equal(t, "/home/bob/hooks", back.Dir)
	assert.Equal(t, []string{"/clone/.phi/hooks", "/home/bob/.phi/hooks", "/srv/phi", "/clone/rel/phi"}, back.Sources)
}

// ShellWords is called by concurrent loads (every hook's label, doctor,
// list, in-place writes): it must not share state between calls (run
// with -race).
func TestShellWordsConcurrently(t *testing.T) {
	done := make(chan []string)
	for i := 0; i < 8; i++ {
		go func() {
			var w []string
			for j := 0; j < 200; j++ {
				w, _ = format.ShellWords(`hookcompat exec --protocol claude --event PreToolUse -- './guard.sh --strict'`)
			}
			done <- w
		}()
	}
	for i := 0; i < 8; i++ {
		if w := <-done; len(w) != 8 || w[7] != "./guard.sh --strict" {
			t.Fatalf("words %q", w)
		}
	}
}
