//go:build unix

package compat_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/runner"
)

// watchClaude loads dir's .claude/settings.json, which must have no
// script finding, and watches it; next returns the next change reported
// (failing after 10 s, saying why it was awaited).
func watchClaude(t *testing.T, dir string) (*runner.Engine, func(why string) compat.Change) {
	t.Helper()
	l, err := compat.Load(compat.Options{Project: dir, Home: t.TempDir(), ManagedDir: t.TempDir(), Sources: claude.Sources(filepath.Join(dir, ".claude/settings.json"))})
	require.NoError(t, err)
	require.Empty(t, compat.ScriptFindings(l, nil))
	e, err := compat.NewEngine(l, runner.Options{})
	require.NoError(t, err)
	changes := make(chan compat.Change, 10)
	w, err := compat.Watch(l, e, func(c compat.Change) { changes <- c })
	require.NoError(t, err)
	t.Cleanup(func() { w.Close() })
	return e, func(why string) compat.Change {
		t.Helper()
		select {
		case c := <-changes:
			return c
		case <-time.After(10 * time.Second):
			t.Fatal("no change reported: " + why)
		}
		return compat.Change{}
	}
}

// TestWatchScripts: Watch watches the scripts the hooks run, in a folder
// outside the project too, and says once per change when a hook will not
// run (a lost execute bit, a non-executable file renamed over the script,
// a syntax error, a deletion) and when it runs again — without reloading
// the hooks. A reload that moves the hook to another line does not report
// its finding again; a fix is reported at the hook's current position.
func TestWatchScripts(t *testing.T) {
	dir, ext := t.TempDir(), t.TempDir()
	guard := filepath.Join(ext, "guard.sh")
	ok := "#!/bin/sh\nexit 0\n"
	require.NoError(t, os.WriteFile(guard, []byte(ok), 0o755))
	settingsFile := filepath.Join(dir, ".claude/settings.json")
	one := `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"` + guard + `"}]}]}}`
	write(t, dir, map[string]string{".claude/settings.json": one, "local.sh": ok})
	e, next := watchClaude(t, dir)
	scriptOnly := func(c compat.Change) {
		t.Helper()
		require.NoError(t, c.Err)
		assert.False(t, c.Applied, "a script change does not reload")
		assert.Nil(t, c.Loaded)
		assert.Empty(t, append(append(c.Added, c.Removed...), c.Changed...))
	}
	codes := func(fs []compat.Finding) []string {
		var out []string
		for _, f := range fs {
			out = append(out, f.Code)
		}
		return out
	}
	editorSave := func(content string, mode os.FileMode) {
		t.Helper()
		tmp := filepath.Join(ext, ".guard.sh.swp")
		require.NoError(t, os.WriteFile(tmp, []byte(content), 0o600))
		require.NoError(t, os.Chmod(tmp, mode))
		require.NoError(t, os.Rename(tmp, guard))
	}

	// chmod -x: the guard will not run.
	require.NoError(t, os.Chmod(guard, 0o644))
	c := next("chmod -x")
	scriptOnly(c)
	require.Equal(t, []string{compat.CodeNotExecutable}, codes(c.Broken))
	f := c.Broken[0]
	assert.Equal(t, settingsFile, f.File)
	assert.Equal(t, 1, f.Line)
	assert.Equal(t, "pre_tool", f.Event)
	assert.Equal(t, guard, f.Hook)
	assert.Equal(t, "chmod +x "+guard, f.Hint)
	assert.Empty(t, c.Fixed)
	assert.Len(t, e.Hooks(), 1, "the hook stays loaded")

	// chmod +x: it runs again.
	require.NoError(t, os.Chmod(guard, 0o755))
	c = next("chmod +x")
	scriptOnly(c)
	assert.Empty(t, c.Broken)
	assert.Equal(t, []string{compat.CodeNotExecutable}, codes(c.Fixed))

	// An editor's save renames a file without the execute bit over it.
	editorSave(ok, 0o644)
	c = next("a non-executable file renamed over the script")
	scriptOnly(c)
	assert.Equal(t, []string{compat.CodeNotExecutable}, codes(c.Broken))

	// The file renamed over it is watched: its chmod +x is seen.
	require.NoError(t, os.Chmod(guard, 0o755))
	c = next("chmod +x of the renamed file")
	assert.Equal(t, []string{compat.CodeNotExecutable}, codes(c.Fixed))

	// A syntax error (sh -n), saved by rename.
	editorSave("#!/bin/sh\nif then fi\n", 0o755)
	c = next("a syntax error")
	scriptOnly(c)
	require.Equal(t, []string{compat.CodeScriptSyntax}, codes(c.Broken))
	assert.Contains(t, c.Broken[0].Message, "sh -n")

	// Deleted: another reason, no fix in between.
	require.NoError(t, os.Remove(guard))
	c = next("deleted")
	scriptOnly(c)
	assert.Equal(t, []string{compat.CodeUnresolvable}, codes(c.Broken))
	assert.Contains(t, c.Broken[0].Message, "does not exist")
	assert.Empty(t, c.Fixed, "the hook still does not run")

	// A reload that moves the guard to line 2 and adds a hook: applied,
	// the guard's finding is not reported again.
	two := "{\"hooks\":{\"Stop\":[{\"hooks\":[{\"type\":\"command\",\"command\":\"./local.sh\"}]}],\n" +
		`"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"` + guard + `"}]}]}}`
	write(t, dir, map[string]string{".claude/settings.json": two})
	c = next("the settings edit")
	require.NoError(t, c.Err)
	assert.True(t, c.Applied)
	assert.Len(t, c.Added, 1)
	assert.Empty(t, c.Broken, "the moved guard is the same hook")
	assert.Empty(t, c.Fixed)

	// Restored: it runs again, at its new line; the script made anew
	// after its deletion is watched.
	require.NoError(t, os.WriteFile(guard, []byte(ok), 0o755))
	c = next("restored")
	scriptOnly(c)
	require.Equal(t, []string{compat.CodeUnresolvable}, codes(c.Fixed))
	assert.Equal(t, 2, c.Fixed[0].Line)

	// The project's own script, added by the reload, is watched too.
	require.NoError(t, os.Chmod(filepath.Join(dir, "local.sh"), 0o644))
	c = next("chmod -x of the new hook's script")
	require.Equal(t, []string{compat.CodeNotExecutable}, codes(c.Broken))
	assert.Equal(t, "./local.sh", c.Broken[0].Hook)
	assert.Len(t, e.Hooks(), 2)
}

// TestScriptFindings: a script already broken when Watch starts is
// ScriptFindings', not a change; the findings doctor has beside them
// (a matcher) are not script findings.
func TestScriptFindings(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		".claude/settings.json": `{"hooks":{"PreToolUse":[{"matcher":"bash","hooks":[{"type":"command","command":"python3 guard.py"},{"type":"command","command":"./gone.sh"}]}]}}`,
	})
	l, err := compat.Load(compat.Options{Project: dir, Home: t.TempDir(), ManagedDir: t.TempDir(), Sources: claude.Sources(filepath.Join(dir, ".claude/settings.json"))})
	require.NoError(t, err)
	var got []string
	for _, f := range compat.ScriptFindings(l, nil) {
		got = append(got, f.Hook+": "+f.Code)
	}
	assert.Equal(t, []string{"python3 guard.py: " + compat.CodeMissingScript, "./gone.sh: " + compat.CodeUnresolvable}, got)
}

// TestWatchSymlinkedScript: a script that is a symlink to a file in
// another folder (dotfiles kept with stow) is watched through its target:
// the target's chmod -x is seen, also after the link is pointed elsewhere.
func TestWatchSymlinkedScript(t *testing.T) {
	dir, dotfiles := t.TempDir(), t.TempDir()
	target := filepath.Join(dotfiles, "guard.sh")
	require.NoError(t, os.WriteFile(target, []byte("#!/bin/sh\nexit 0\n"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, ".claude/hooks"), 0o755))
	require.NoError(t, os.Symlink(target, filepath.Join(dir, ".claude/hooks/guard.sh")))
	write(t, dir, map[string]string{".claude/settings.json": `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh"}]}]}}`})
	_, next := watchClaude(t, dir)
	require.NoError(t, os.Chmod(target, 0o644))
	c := next("the symlink target's chmod -x")
	require.Len(t, c.Broken, 1)
	assert.Equal(t, compat.CodeNotExecutable, c.Broken[0].Code)

	// The link now points to an executable file in a third folder: it
	// runs again, and the new target is watched.
	other := filepath.Join(t.TempDir(), "guard.sh")
	require.NoError(t, os.WriteFile(other, []byte("#!/bin/sh\nexit 0\n"), 0o755))
	link := filepath.Join(dir, ".claude/hooks/guard.sh")
	require.NoError(t, os.Symlink(other, link+".new"))
	require.NoError(t, os.Rename(link+".new", link))
	c = next("the link re-pointed")
	require.Len(t, c.Fixed, 1)
	require.NoError(t, os.Chmod(other, 0o644))
	c = next("the new target's chmod -x")
	require.Len(t, c.Broken, 1)
	assert.Equal(t, compat.CodeNotExecutable, c.Broken[0].Code)
}

// Watch tells an embedder when a hook's script stops running: here the
// guard loses its execute bit, and the change names the hook and the fix.
// Nothing is reloaded.
func ExampleWatch_scripts() {
	dir := project(map[string]string{
		".claude/settings.json": `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./guard.sh"}]}]}}`,
		"guard.sh":              "#!/bin/sh\nexit 0\n",
	})
	defer os.RemoveAll(dir)
	loaded, err := compat.Load(compat.Options{Project: dir, Sources: claude.Sources(filepath.Join(dir, ".claude/settings.json"))})
	if err != nil {
		panic(err)
	}
	fmt.Println("broken at the start:", len(compat.ScriptFindings(loaded, nil)))
	eng, err := compat.NewEngine(loaded, runner.Options{})
	if err != nil {
		panic(err)
	}
	defer eng.Close(context.Background())
	changes := make(chan compat.Change, 1)
	w, err := compat.Watch(loaded, eng, func(c compat.Change) { changes <- c })
	if err != nil {
		panic(err)
	}
	defer w.Close()

	if err := os.Chmod(filepath.Join(dir, "guard.sh"), 0o644); err != nil {
		panic(err)
	}
	select {
	case c := <-changes:
		for _, f := range c.Broken {
			fmt.Printf("applied: %t; %s %s: %s (%s)\n", c.Applied, f.Event, f.Hook, f.Code, f.Hint)
		}
	case <-time.After(10 * time.Second):
		fmt.Println("no change")
	}
	// Output:
	// broken at the start: 0
	// applied: false; pre_tool ./guard.sh: not-executable (chmod +x ./guard.sh)
}
