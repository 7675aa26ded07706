package phi

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// writeHook writes <folder>/<dir>/hook.json and an executable run.sh.
func writeHook(t *testing.T, folder, dir, manifest string) {
	t.Helper()
	d := filepath.Join(folder, dir)
	require.NoError(t, os.MkdirAll(d, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(d, "hook.json"), []byte(manifest), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(d, "run.sh"), []byte("#!/bin/sh\nexit 0\n"), 0o755))
}

type found struct{ Name, Scope, Dir string }

func summarize(hooks []foundHook) []found {
	var out []found
	for _, h := range hooks {
		out = append(out, found{h.Name, h.Scope, filepath.Base(h.Dir)})
	}
	return out
}

func codes(ws []translate.Warning) []string {
	var out []string
	for _, w := range ws {
		out = append(out, w.Code+" "+filepath.Base(filepath.Dir(w.File)))
	}
	return out
}

func TestDiscoverOverrideAndOrder(t *testing.T) {
	root := t.TempDir()
	user, proj := filepath.Join(root, "home", ".phi", "hooks"), filepath.Join(root, "proj", ".phi", "hooks")
	writeHook(t, user, "audit", `{"event":"pre_tool","run":"./run.sh"}`)
	writeHook(t, user, "policy", `{"event":"pre_tool","run":"./run.sh"}`)
	writeHook(t, user, "keep", `{"event":"pre_tool","run":"./run.sh"}`)
	writeHook(t, user, "kept-too", `{"event":"pre_tool","run":"./run.sh"}`)
	// Keyed by the name field, not the folder name: replaces user "policy".
	writeHook(t, proj, "local-policy", `{"name":"policy","event":"post_tool","run":"./run.sh"}`)
	// A disabled or invalid project hook does not shadow the user hook.
	writeHook(t, proj, "keep", `{"event":"pre_tool","run":"./run.sh","disabled":true}`)
	writeHook(t, proj, "kept-too", `{"event":"pre_tool"}`)
	// Byte order: "B" < "a".
	writeHook(t, proj, "Zed", `{"name":"B","event":"pre_tool","run":"./run.sh"}`)

	hooks, warns := discoverHooks(defaultDirs(filepath.Join(root, "home"), filepath.Join(root, "proj")), nil)
	assert.Equal(t, []found{
		{"B", "project", "Zed"},
		{"audit", "user", "audit"},
		{"keep", "user", "keep"},
		{"kept-too", "user", "kept-too"},
		{"policy", "project", "local-policy"},
	}, summarize(hooks))
	assert.Equal(t, []string{"disabled keep", "invalid-manifest kept-too"}, codes(warns))
	for _, h := range hooks {
		assert.True(t, filepath.IsAbs(h.Dir), "hook dir is absolute")
		assert.Equal(t, filepath.Join(h.Dir, "run.sh"), h.Run)
	}
}

func TestDiscoverSameNameInOneFolderLaterWins(t *testing.T) {
	dir := t.TempDir()
	writeHook(t, dir, "a-first", `{"name":"dup","event":"pre_tool","run":"./run.sh"}`)
	writeHook(t, dir, "b-second", `{"name":"dup","event":"pre_tool","run":"./run.sh"}`)
	hooks, warns := discoverHooks([]hooksDir{{Path: dir, Scope: ScopeProject}}, nil)
	assert.Equal(t, []found{{"dup", "project", "b-second"}}, summarize(hooks))
	require.Len(t, warns, 1)
	assert.Equal(t, CodeDuplicateName, warns[0].Code)
	assert.Contains(t, warns[0].File, "a-first")
}

func TestDiscoverSkips(t *testing.T) {
	dir := t.TempDir()
	writeHook(t, dir, "real", `{"event":"pre_tool","run":"./run.sh"}`)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "no-manifest"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "README.txt"), []byte("x"), 0o644))
	elsewhere := t.TempDir()
	writeHook(t, elsewhere, "linked", `{"event":"pre_tool","run":"./run.sh"}`)
	require.NoError(t, os.Symlink(filepath.Join(elsewhere, "linked"), filepath.Join(dir, "linked")))

	hooks, warns := discoverHooks([]hooksDir{{Path: dir, Scope: ScopeProject}}, nil)
	assert.Equal(t, []found{{"real", "project", "real"}}, summarize(hooks), "no hook.json, plain files and symlinks are skipped")
	require.Len(t, warns, 1, "only the symlink is worth a warning")
	assert.Equal(t, CodeSymlinkSkipped, warns[0].Code)
}

func TestDiscoverHooksOff(t *testing.T) {
	dir := t.TempDir()
	writeHook(t, dir, "h", `{"event":"pre_tool","run":"./run.sh"}`)
	dirs := []hooksDir{{Path: dir, Scope: ScopeProject}}
	for _, v := range []string{"off", "OFF", "  Off \n"} {
		hooks, warns := discoverHooks(dirs, func(string) string { return v })
		assert.Empty(t, hooks, "PHI_HOOKS=%q", v)
		require.Len(t, warns, 1)
		assert.Equal(t, CodeHooksOff, warns[0].Code)
	}
	for _, v := range []string{"", "0", "false", "no", "of"} {
		hooks, _ := discoverHooks(dirs, func(string) string { return v })
		assert.Len(t, hooks, 1, "PHI_HOOKS=%q keeps hooks on", v)
	}
}

func TestDiscoverUnreadableFolderLoadsNothing(t *testing.T) {
	root := t.TempDir()
	user := filepath.Join(root, "user")
	writeHook(t, user, "policy", `{"event":"pre_tool","run":"./run.sh"}`)
	notADir := filepath.Join(root, "hooks-file")
	require.NoError(t, os.WriteFile(notADir, []byte("not a directory\n"), 0o644))

	hooks, warns := discoverHooks([]hooksDir{{Path: user, Scope: ScopeUser}, {Path: notADir, Scope: ScopeProject}}, nil)
	assert.Empty(t, hooks, "the user hook is lost too, as in Phi")
	require.Len(t, warns, 1)
	assert.Equal(t, CodeHooksDirUnreadable, warns[0].Code)
	assert.Contains(t, warns[0].Message, "read dir "+notADir+": ")
	assert.Contains(t, warns[0].Message, "not a directory")

	// Missing folders are fine; an explicit one is worth a warning.
	hooks, warns = discoverHooks([]hooksDir{{Path: filepath.Join(root, "nope"), Scope: ScopeProject}}, nil)
	assert.Empty(t, hooks)
	assert.Empty(t, warns)
	_, warns = discoverHooks([]hooksDir{{Path: filepath.Join(root, "nope"), Scope: ScopeProject, Explicit: true}}, nil)
	require.Len(t, warns, 1)
	assert.Equal(t, translate.CodeNoHooks, warns[0].Code)
}

func TestDiscoverRunResolution(t *testing.T) {
	dir := t.TempDir()
	writeHook(t, dir, "sub", `{"event":"pre_tool","run":"bin/check.sh"}`)
	writeHook(t, dir, "dotdot", `{"event":"pre_tool","run":"../common/x.sh"}`)
	writeHook(t, dir, "abs", `{"event":"pre_tool","run":"/bin/true"}`)
	writeHook(t, dir, "args", `{"event":"pre_tool","run":"./run.sh --verbose"}`)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "sub", "bin"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "sub", "bin", "check.sh"), []byte("#!/bin/sh\n"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "common"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "common", "x.sh"), []byte("echo no shebang\n"), 0o755))

	hooks, warns := discoverHooks([]hooksDir{{Path: dir, Scope: ScopeProject}}, nil)
	runs := map[string]string{}
	for _, h := range hooks {
		runs[h.Name] = h.Run
	}
	assert.Equal(t, map[string]string{
		"sub":    filepath.Join(dir, "sub", "bin", "check.sh"),
		"dotdot": filepath.Join(dir, "common", "x.sh"),
		"abs":    "/bin/true",
		"args":   filepath.Join(dir, "args", "run.sh --verbose"),
	}, runs, "relative to the hook dir, absolute cleaned, never split")
	var msgs []string
	for _, w := range warns {
		assert.Equal(t, CodeRunNotRunnable, w.Code)
		msgs = append(msgs, filepath.Base(filepath.Dir(w.File))+": "+w.Message)
	}
	require.Len(t, msgs, 2, strings.Join(msgs, "\n"))
	assert.Contains(t, msgs[0], "args: run \"./run.sh --verbose\" is one file name")
	assert.Contains(t, msgs[1], "dotdot: run file "+filepath.Join(dir, "common", "x.sh")+" has no #! line")
}

func TestToConfig(t *testing.T) {
	dir := t.TempDir()
	writeHook(t, dir, "guard", `{"event":"pre_tool","match":"bash","run":"./run.sh","timeout":2,"fail_closed":true}`)
	writeHook(t, dir, "audit", "\n  {\"event\":\"post_tool\",\"run\":\"./run.sh\",\"async\":true}")
	hooks, warns := discoverHooks([]hooksDir{{Path: dir, Scope: ScopeUser}}, nil)
	require.Empty(t, warns)
	cfg := toConfig(hooks)
	require.NoError(t, cfg.Validate())
	abs, _ := filepath.Abs(dir)
	post := settings.Hook{
		Event: settings.PostTool, Match: "*", MatchSyntax: settings.MatchExact,
		Args: []string{filepath.Join(abs, "audit", "run.sh")}, Timeout: DefaultTimeout, Async: true,
		Protocol: Name, Name: "audit", Dir: filepath.Join(abs, "audit"),
		Source: settings.Source{File: filepath.Join(dir, "audit", "hook.json"), Line: 2, Col: 3, Format: "phi", Scope: "user", Event: "post_tool"},
	}
	pre := settings.Hook{
		Event: settings.PreTool, Match: "bash", MatchSyntax: settings.MatchExact,
		Args: []string{filepath.Join(abs, "guard", "run.sh")}, Timeout: 2e9, FailClosed: true,
		Protocol: Name, Name: "guard", Dir: filepath.Join(abs, "guard"),
		Source: settings.Source{File: filepath.Join(dir, "guard", "hook.json"), Line: 1, Col: 1, Format: "phi", Scope: "user", Event: "pre_tool"},
	}
	assert.Equal(t, []settings.Hook{post, pre}, cfg.Hooks, "name order; a post hook is a post_tool hook (post_tool fires after failed tools too, HK-52)")
}

func TestTranslatorSources(t *testing.T) {
	dir := t.TempDir()
	writeHook(t, dir, "one", `{"event":"pre_tool","run":"./run.sh"}`)
	writeHook(t, dir, "two", `{"event":"pre_tool","run":"./run.sh"}`)
	tr := translator{}
	for _, src := range []translate.Source{
		{Path: dir},
		{Path: filepath.Join(dir, "one")},
		{Path: filepath.Join(dir, "one", "hook.json"), Data: []byte(`{"event":"pre_tool","run":"./run.sh"}`)},
	} {
		assert.True(t, tr.Detect(src), src.Path)
	}
	assert.False(t, tr.Detect(translate.Source{Path: "settings.json", Data: []byte("{}")}))
	assert.False(t, tr.Detect(translate.Source{Path: filepath.Join(dir, "missing")}))

	cfg, _, err := tr.Translate(translate.Source{Path: dir})
	require.NoError(t, err)
	assert.Len(t, cfg.Hooks, 2)
	cfg, _, err = tr.Translate(translate.Source{Path: filepath.Join(dir, "two")})
	require.NoError(t, err)
	require.Len(t, cfg.Hooks, 1)
	assert.Equal(t, "two", cfg.Hooks[0].Name)
	cfg, _, err = tr.Translate(translate.Source{Path: filepath.Join(dir, "one", "hook.json"), Data: []byte(`{"name":"n","event":"pre_tool","run":"./run.sh"}`)})
	require.NoError(t, err)
	require.Len(t, cfg.Hooks, 1)
	assert.Equal(t, "n", cfg.Hooks[0].Name)

	file := filepath.Join(t.TempDir(), "hooks")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	_, _, err = tr.Translate(translate.Source{Path: file})
	require.Error(t, err, "a folder that cannot be listed is an error for convert")
	assert.Contains(t, err.Error(), "not a directory")
}
