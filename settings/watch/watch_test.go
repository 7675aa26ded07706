package watch

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
)

// recorder collects changes and the configs applied.
type recorder struct {
	mu      sync.Mutex
	changes []Change
	applied []*settings.Config
}

func (r *recorder) change(c Change) { r.mu.Lock(); r.changes = append(r.changes, c); r.mu.Unlock() }
func (r *recorder) apply(c *settings.Config) error {
	r.mu.Lock()
	r.applied = append(r.applied, c)
	r.mu.Unlock()
	return nil
}
func (r *recorder) snapshot() ([]Change, []*settings.Config) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Change(nil), r.changes...), append([]*settings.Config(nil), r.applied...)
}

func writeAtomically(t *testing.T, path, content string) {
	t.Helper()
	tmp := path + ".tmp"
	require.NoError(t, os.WriteFile(tmp, []byte(content), 0o644))
	require.NoError(t, os.Rename(tmp, path)) // as editors save
}

// Issue 5 / B46 (class CFG): an edit is picked up within a second; a
// broken edit keeps the previous hooks running and says why with
// file:line; fixing it applies the fix.
func TestWatchReloadsAndKeepsLastGood(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "hooks.toml")
	writeAtomically(t, path, "[[hooks.pre_tool]]\ncommand = \"a\"\n")
	rec := &recorder{}
	w, err := Start(Options{
		Files:    []string{path},
		Load:     func() (*settings.Config, error) { return settings.Load(path) },
		Apply:    rec.apply,
		OnChange: rec.change,
	})
	require.NoError(t, err)
	defer w.Close()
	_, applied := rec.snapshot()
	require.Len(t, applied, 1, "the first load is applied at start")

	// A good edit: A, then A+B.
	start := time.Now()
	writeAtomically(t, path, "[[hooks.pre_tool]]\ncommand = \"a\"\n\n[[hooks.pre_tool]]\ncommand = \"b\"\n")
	require.Eventually(t, func() bool { c, a := rec.snapshot(); return len(a) == 2 && len(c) == 1 }, time.Second, 10*time.Millisecond,
		"the edit is picked up and reported within a second (Apply comes before OnChange)")
	t.Logf("edit applied after %s", time.Since(start))
	changes, applied := rec.snapshot()
	assert.Len(t, applied[1].Hooks, 2)
	require.Len(t, changes, 1)
	assert.True(t, changes[0].Applied)
	assert.Equal(t, []string{"pre_tool: b (" + path + ")"}, changes[0].Added)

	// A broken edit: reported with its position, nothing applied.
	writeAtomically(t, path, "[[hooks.pre_tool]]\ncommand = \"a\"\n\n[[hooks.pre_tool]]\ncomand = \"b\"\n")
	require.Eventually(t, func() bool { c, _ := rec.snapshot(); return len(c) == 2 }, 2*time.Second, 10*time.Millisecond)
	changes, applied = rec.snapshot()
	require.Error(t, changes[1].Err)
	assert.True(t, strings.HasPrefix(changes[1].Err.Error(), path+":5:1: "), changes[1].Err.Error())
	assert.Len(t, applied, 2, "a broken edit keeps the last good config")

	// The same hooks again (only a comment changes): nothing to apply.
	writeAtomically(t, path, "# comment\n[[hooks.pre_tool]]\ncommand = \"a\"\n\n[[hooks.pre_tool]]\ncommand = \"b\"\n")
	time.Sleep(3 * DefaultDebounce)
	_, applied = rec.snapshot()
	assert.Len(t, applied, 2, "an edit that changes no hook is not applied")

	// A fix that removes a hook is applied.
	writeAtomically(t, path, "[[hooks.pre_tool]]\ncommand = \"b\"\n")
	require.Eventually(t, func() bool { c, a := rec.snapshot(); return len(a) == 3 && len(c) == 3 }, 2*time.Second, 10*time.Millisecond)
	changes, _ = rec.snapshot()
	last := changes[len(changes)-1]
	assert.Equal(t, []string{"pre_tool: a (" + path + ")"}, last.Removed)
}

// Files of other names in the watched directory do not cause reloads.
func TestWatchIgnoresOtherFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "hooks.toml")
	writeAtomically(t, path, "[[hooks.stop]]\ncommand = \"a\"\n")
	loads := 0
	var mu sync.Mutex
	w, err := Start(Options{
		Files: []string{path},
		Load: func() (*settings.Config, error) {
			mu.Lock()
			loads++
			mu.Unlock()
			return settings.Load(path)
		},
		Apply: func(*settings.Config) error { return nil },
	})
	require.NoError(t, err)
	defer w.Close()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("x"), 0o644))
	time.Sleep(3 * DefaultDebounce)
	mu.Lock()
	defer mu.Unlock()
	assert.Equal(t, 1, loads, "only the start load")
}

// A source whose directory does not exist at start (a project's .claude
// before its first settings file, two levels deep here) is picked up when
// the directory and the file are made.
func TestWatchSourceInDirectoryMadeLater(t *testing.T) {
	root := t.TempDir()
	path := filepath.Join(root, "proj", ".claude", "hooks.toml")
	load := func() (*settings.Config, error) {
		cfg, err := settings.Load(path)
		if os.IsNotExist(err) || (err != nil && strings.Contains(err.Error(), "no such file")) {
			return &settings.Config{}, nil
		}
		return cfg, err
	}
	rec := &recorder{}
	w, err := Start(Options{Files: []string{path}, Load: load, Apply: rec.apply, OnChange: rec.change})
	require.NoError(t, err)
	defer w.Close()

	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte("[[hooks.stop]]\ncommand = \"new\"\n"), 0o644))
	require.Eventually(t, func() bool { _, a := rec.snapshot(); return len(a) == 2 }, 3*time.Second, 10*time.Millisecond,
		"the file in the new directory is loaded")
	_, applied := rec.snapshot()
	require.Len(t, applied[1].Hooks, 1)
	assert.Equal(t, "new", applied[1].Hooks[0].Command)
}

// TestSmallerHolesWatchBurst (issue class 7): after a burst of edits the
// watcher runs the burst's last valid config: its last version when that
// is valid, however fast the edits come; the last valid version read
// during the burst when the final edit is broken (and the error is still
// reported).
func TestSmallerHolesWatchBurst(t *testing.T) {
	hooks := func(cmd string) string { return "[[hooks.pre_tool]]\ncommand = \"" + cmd + "\"\n" }
	start := func(t *testing.T) (string, *recorder) {
		path := filepath.Join(t.TempDir(), "hooks.toml")
		writeAtomically(t, path, hooks("before"))
		rec := &recorder{}
		w, err := Start(Options{Files: []string{path}, Load: func() (*settings.Config, error) { return settings.Load(path) }, Apply: rec.apply, OnChange: rec.change})
		require.NoError(t, err)
		t.Cleanup(func() { w.Close() })
		return path, rec
	}
	last := func(rec *recorder) string {
		_, applied := rec.snapshot()
		c := applied[len(applied)-1]
		if len(c.Hooks) == 0 {
			return ""
		}
		return c.Hooks[0].Command
	}

	t.Run("fast_valid_burst", func(t *testing.T) {
		path, rec := start(t)
		for i := range 200 {
			require.NoError(t, os.WriteFile(path, []byte(hooks("v"+strconv.Itoa(i))), 0o644))
		}
		require.Eventually(t, func() bool { return last(rec) == "v199" }, 3*time.Second, 10*time.Millisecond)
	})

	t.Run("burst_ending_broken", func(t *testing.T) {
		path, rec := start(t)
		writeAtomically(t, path, hooks("first"))
		time.Sleep(60 * time.Millisecond) // well inside the debounce: one burst
		writeAtomically(t, path, hooks("second"))
		time.Sleep(60 * time.Millisecond)
		writeAtomically(t, path, "[[hooks.pre_tool]]\ncomand = \"broken\"\n")
		require.Eventually(t, func() bool { c, _ := rec.snapshot(); return len(c) > 0 && c[len(c)-1].Err != nil }, 3*time.Second, 10*time.Millisecond,
			"the broken last edit is reported")
		assert.Equal(t, "second", last(rec), "the burst ends on its last valid config")
		changes, _ := rec.snapshot()
		assert.Contains(t, changes[len(changes)-1].Err.Error(), path+":2:1")
	})
}

// TestDiffNamesChanges: a hook that stays (same event, file and command)
// with another matcher, timeout, if rule or fail_closed is changed, with
// its old and new values; a command edited in place is a change of the
// command, paired by position (or by order when as many hooks of the
// event and file were there before); the rest is added or removed.
func TestDiffNamesChanges(t *testing.T) {
	src := func(line int) settings.Source { return settings.Source{File: "hooks.toml", Line: line, Col: 1} }
	before := []settings.Hook{
		{Event: settings.PreTool, Match: "shell", Command: "./guard.sh", Source: src(1)},
		{Event: settings.PreTool, Command: "./lint.sh", Source: src(4)},
		{Event: settings.Stop, Command: "./done.sh", Source: src(7)},
		{Event: settings.Stop, Type: settings.TypeHTTP, URL: "http://x/h", Source: src(10)},
	}
	after := []settings.Hook{
		{Event: settings.PreTool, Match: "edit", Command: "./guard.sh", Timeout: 5 * time.Second, FailClosed: true, If: "edit(*.go)", Source: src(1)},
		{Event: settings.PreTool, Command: "./lint2.sh", Source: src(4)},
		{Event: settings.Stop, Command: "./finish.sh", Source: src(8)},
		{Event: settings.SessionStart, Command: "./hello.sh", Source: src(13)},
	}
	added, removed, changed := diff(before, after)
	assert.Equal(t, []string{
		`pre_tool: ./guard.sh (hooks.toml): match "shell" → "edit"; if "" → "edit(*.go)"; timeout 30s → 5s; fail_closed false → true`,
		`pre_tool: ./lint2.sh (hooks.toml): command "./lint.sh" → "./lint2.sh"`,
	}, changed)
	assert.Equal(t, []string{"stop: ./finish.sh (hooks.toml)", "session_start: ./hello.sh (hooks.toml)"}, added)
	assert.Equal(t, []string{"stop: ./done.sh (hooks.toml)", "stop: http://x/h (hooks.toml)"}, removed)

	// One hook of the event and file before and after, moved and edited:
	// paired by order, its type change named.
	_, _, changed = diff(before[3:], []settings.Hook{{Event: settings.Stop, Command: "./notify.sh", Source: src(2)}})
	assert.Equal(t, []string{`stop: ./notify.sh (hooks.toml): type "http" → "command"; command "" → "./notify.sh"; url "http://x/h" → ""`}, changed)

	added, removed, changed = diff(before, before)
	assert.Empty(t, append(append(added, removed...), changed...))
}

// TestWatchScripts: the files Options.Scripts names are watched through
// their directories, in a folder other than the source's too; a burst of
// events on them (an editor's save: write, chmod, rename) calls Check
// once and does not reload; a script replaced by a rename is still
// watched; a script that is no longer the applied config's is not.
func TestWatchScripts(t *testing.T) {
	root := t.TempDir()
	path := filepath.Join(root, "conf", "hooks.toml")
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	scriptDir := filepath.Join(root, "scripts")
	require.NoError(t, os.MkdirAll(scriptDir, 0o755))
	guard, other := filepath.Join(scriptDir, "guard.sh"), filepath.Join(scriptDir, "other.sh")
	for _, p := range []string{guard, other} {
		require.NoError(t, os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755))
	}
	hooks := func(cmd string) string { return "[[hooks.pre_tool]]\ncommand = \"" + cmd + "\"\n" }
	writeAtomically(t, path, hooks(guard))
	var mu sync.Mutex
	loads, checks := 0, 0
	var present []bool // per check: guard.sh is there and executable
	const debounce = 50 * time.Millisecond
	w, err := Start(Options{
		Debounce: debounce,
		Files:    []string{path},
		Load: func() (*settings.Config, error) {
			mu.Lock()
			loads++
			mu.Unlock()
			return settings.Load(path)
		},
		Apply:   func(*settings.Config) error { return nil },
		Scripts: func(cfg *settings.Config) []string { return []string{cfg.Hooks[0].Command} },
		Check: func() {
			st, err := os.Stat(guard)
			mu.Lock()
			checks++
			present = append(present, err == nil && st.Mode()&0o111 != 0)
			mu.Unlock()
		},
	})
	require.NoError(t, err)
	defer w.Close()
	count := func() (int, int) { mu.Lock(); defer mu.Unlock(); return loads, checks }
	waitChecks := func(n int, why string) {
		t.Helper()
		require.Eventually(t, func() bool { _, c := count(); return c >= n }, 5*time.Second, 5*time.Millisecond, why)
	}

	// chmod -x: one check, no reload.
	require.NoError(t, os.Chmod(guard, 0o644))
	waitChecks(1, "a lost execute bit is noticed")

	// An editor's save: a new file written, chmod, renamed over the
	// script. Several events, one check.
	tmp := guard + ".swp"
	require.NoError(t, os.WriteFile(tmp, []byte("#!/bin/sh\nexit 0\n"), 0o644))
	require.NoError(t, os.Chmod(tmp, 0o755))
	require.NoError(t, os.Rename(tmp, guard))
	waitChecks(2, "a script replaced by a rename is noticed")

	// The replaced script is still watched.
	require.NoError(t, os.Chmod(guard, 0o644))
	waitChecks(3, "the script renamed over the old one is watched")

	// Another file of the folder is not a script of the config: after
	// it, the next check is the deletion's.
	require.NoError(t, os.Chmod(other, 0o644))
	time.Sleep(3 * debounce)
	require.NoError(t, os.Remove(guard))
	waitChecks(4, "a deleted script is noticed")
	l, c := count()
	assert.Equal(t, 1, l, "a script change does not reload")
	assert.Equal(t, 4, c, "one check per change, none for a file that is not a script")
	mu.Lock()
	assert.Equal(t, []bool{false, true, false, false}, present[:4], "what each check saw: chmod -x, the new file, chmod -x, deleted")
	mu.Unlock()

	// The config now runs other.sh: guard.sh is no longer checked, the
	// new script is.
	writeAtomically(t, path, hooks(other))
	require.Eventually(t, func() bool { l, _ := count(); return l >= 2 }, 5*time.Second, 5*time.Millisecond)
	require.NoError(t, os.WriteFile(guard, []byte("#!/bin/sh\n"), 0o755))
	require.NoError(t, os.Chmod(other, 0o755))
	waitChecks(5, "the new config's script is watched")
	l, c = count()
	assert.Equal(t, 5, c, "the old script's creation is not checked")
	assert.LessOrEqual(t, l, 3)
}

// TestWatchScriptFolderMadeLater: a script whose folder does not exist
// at start (a hooks folder made after the settings) is watched once the
// folder is made, also after it is removed and made again.
func TestWatchScriptFolderMadeLater(t *testing.T) {
	root := t.TempDir()
	path := filepath.Join(root, "hooks.toml")
	script := filepath.Join(root, ".claude", "hooks", "guard.sh")
	writeAtomically(t, path, "[[hooks.pre_tool]]\ncommand = \""+script+"\"\n")
	var mu sync.Mutex
	checks := 0
	w, err := Start(Options{
		Files:   []string{path},
		Load:    func() (*settings.Config, error) { return settings.Load(path) },
		Apply:   func(*settings.Config) error { return nil },
		Scripts: func(cfg *settings.Config) []string { return []string{cfg.Hooks[0].Command} },
		Check:   func() { mu.Lock(); checks++; mu.Unlock() },
	})
	require.NoError(t, err)
	defer w.Close()
	wait := func(n int, why string) {
		t.Helper()
		require.Eventually(t, func() bool { mu.Lock(); defer mu.Unlock(); return checks >= n }, 5*time.Second, 5*time.Millisecond, why)
	}
	require.NoError(t, os.MkdirAll(filepath.Dir(script), 0o755))
	require.NoError(t, os.WriteFile(script, []byte("#!/bin/sh\n"), 0o755))
	wait(1, "the new folder's script is checked")
	mu.Lock()
	n := checks
	mu.Unlock()
	require.NoError(t, os.Chmod(script, 0o644))
	wait(n+1, "the script in the folder made later is watched")

	require.NoError(t, os.RemoveAll(filepath.Dir(script)))
	wait(n+2, "the script's folder removed")
	mu.Lock()
	n = checks
	mu.Unlock()
	require.NoError(t, os.MkdirAll(filepath.Dir(script), 0o755))
	require.NoError(t, os.WriteFile(script, []byte("#!/bin/sh\n"), 0o755))
	wait(n+1, "the folder made again is watched again")
	mu.Lock()
	n = checks
	mu.Unlock()
	require.NoError(t, os.Chmod(script, 0o644))
	wait(n+1, "its script's chmod is seen")
}
