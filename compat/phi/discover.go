package phi

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/translate"
)

// Scopes of Phi hook folders (phi §1).
const (
	ScopeUser    = "user"    // ~/.phi/hooks
	ScopeProject = "project" // <project>/.phi/hooks
)

// Warning codes of Phi sources. They are stable.
const (
	// CodeInvalidManifest: a hook.json Phi rejects (bad JSON, missing or
	// invalid field); the hook is not loaded, as in Phi.
	CodeInvalidManifest = "invalid-manifest"
	// CodeHooksDirUnreadable: a hooks folder exists but cannot be listed
	// (it is a file, or permission denied); as in Phi, no Phi hook at all
	// is loaded, user hooks included.
	CodeHooksDirUnreadable = "hooks-dir-unreadable"
	// CodeHooksOff: PHI_HOOKS=off; no Phi hook is loaded.
	CodeHooksOff = "hooks-off"
	// CodeSymlinkSkipped: a symbolic link to a hook directory; Phi skips
	// it (silently), so does hookcompat.
	CodeSymlinkSkipped = "symlink-skipped"
	// CodeDuplicateName: two folders of one hooks folder declare the same
	// name; the lexically later one wins (silently in Phi).
	CodeDuplicateName = "duplicate-name"
	// CodeDisabled: disabled: true; the hook is not loaded.
	CodeDisabled = "disabled"
	// CodeRunNotRunnable: the run file is missing, not executable or has
	// no #! line; the hook is loaded and fails at every call, as in Phi.
	CodeRunNotRunnable = "run-not-runnable"
)

// hooksDir is one Phi hooks folder (a folder of hook directories).
type hooksDir struct {
	Path  string
	Scope string // ScopeUser or ScopeProject
	// Explicit marks a folder the user named (hookcompat run --phi-dir):
	// when it does not exist, a warning says so. A missing default folder
	// is normal and silent.
	Explicit bool
}

// defaultDirs returns Phi's two hooks folders in loading order: the
// user's ~/.phi/hooks, then the project's <project>/.phi/hooks (phi §1:
// the project root is the start directory; there is no walking up).
func defaultDirs(home, project string) []hooksDir {
	var dirs []hooksDir
	if home != "" {
		dirs = append(dirs, hooksDir{Path: filepath.Join(home, ".phi", "hooks"), Scope: ScopeUser})
	}
	return append(dirs, hooksDir{Path: filepath.Join(project, ".phi", "hooks"), Scope: ScopeProject})
}

// scopeOf is the scope of a hooks folder given by path: user when it is
// <home>/.phi/hooks, project otherwise.
func scopeOf(path, home string) string {
	if home != "" {
		a, _ := filepath.Abs(path)
		b, _ := filepath.Abs(filepath.Join(home, ".phi", "hooks"))
		if a == b {
			return ScopeUser
		}
	}
	return ScopeProject
}

// foundHook is one discovered Phi hook.
type foundHook struct {
	hookManifest
	// Name is the effective name: the manifest's, else the directory's.
	Name string
	// Dir is the hook directory, absolute: the hook's working directory.
	Dir string
	// Run is the resolved run path: absolute, cleaned.
	Run string
	// Path is the hook.json path (as found under the Dir.Path given).
	Path string
	// Scope is the scope of the hooks folder it came from.
	Scope string
	// Line and Col locate the manifest object in hook.json.
	Line, Col int
}

// hooksOff reports whether a PHI_HOOKS value disables all Phi hooks:
// only the word off, trimmed, in any case (phi §1; "0", "false" do not).
func hooksOff(value string) bool {
	return strings.EqualFold(strings.TrimSpace(value), "off")
}

// discoverHooks finds the hooks of dirs as Phi does (phi §1). Folders are read
// in order, each with os.ReadDir (lexical byte order); only real
// directories count (a symlinked one is skipped with a warning, a plain
// file silently); a directory without hook.json is skipped silently; an
// invalid hook.json is skipped with a warning (positioned where
// possible); a disabled one after it validated. Hooks are keyed by
// name: a hook of a later folder replaces an earlier one of the same name
// (project replaces user), and within one folder the lexically later
// directory wins; disabled and invalid manifests never replace anything.
// The result is sorted by name (byte order), which is the order pre hooks
// run and post results merge.
//
// getenv reads PHI_HOOKS (nil: no variable is consulted): "off" loads
// nothing. A folder that exists but cannot be listed makes the whole
// discovery fail as in Phi: no hook at all (user hooks included) and a
// warning. Discover never returns an error: Phi runs without hooks then.
func discoverHooks(dirs []hooksDir, getenv func(string) string) ([]foundHook, []translate.Warning) {
	if getenv != nil {
		if v := getenv("PHI_HOOKS"); hooksOff(v) {
			for _, d := range dirs {
				if _, err := os.Stat(d.Path); err == nil {
					return nil, []translate.Warning{{File: "$PHI_HOOKS", Code: CodeHooksOff,
						Message: fmt.Sprintf("PHI_HOOKS=%q: no Phi hook is loaded or run (as in Phi)", v)}}
				}
			}
			return nil, nil
		}
	}
	hooks, warns, err := discover(dirs)
	if err != nil {
		warns = append(warns, translate.Warning{File: err.dir, Code: CodeHooksDirUnreadable,
			Message: fmt.Sprintf("%v; no Phi hook is loaded, user hooks included (as in Phi)", err.err)})
		return nil, warns
	}
	return hooks, warns
}

// dirError is a hooks folder that exists but cannot be listed.
type dirError struct {
	dir string
	err error
}

func (e *dirError) Error() string { return e.err.Error() }

// discover is discoverHooks without PHI_HOOKS; an unreadable folder is an
// error (the warnings so far are returned with it).
func discover(dirs []hooksDir) ([]foundHook, []translate.Warning, *dirError) {
	var warns []translate.Warning
	byName := map[string]foundHook{}
	from := map[string]int{} // name -> index of the dir it came from
	for i, d := range dirs {
		hooks, w, err := readDir(d)
		warns = append(warns, w...)
		if err != nil {
			return nil, warns, &dirError{dir: d.Path, err: err}
		}
		for _, h := range hooks {
			if prev, dup := byName[h.Name]; dup && from[h.Name] == i {
				warns = append(warns, translate.Warning{File: prev.Path, Line: prev.Line, Col: prev.Col, Code: CodeDuplicateName,
					Message: fmt.Sprintf("hook name %q is declared again by %s; the later folder wins (as in Phi) and this hook is not loaded", h.Name, h.Path)})
			}
			byName[h.Name] = h
			from[h.Name] = i
		}
	}
	out := make([]foundHook, 0, len(byName))
	for _, h := range byName {
		out = append(out, h)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, warns, nil
}

// readDir reads one hooks folder. A missing folder has no hooks (with a
// warning when it was named explicitly); one that cannot be listed is an
// error.
func readDir(d hooksDir) ([]foundHook, []translate.Warning, error) {
	entries, err := os.ReadDir(d.Path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			if d.Explicit {
				return nil, []translate.Warning{{File: d.Path, Code: translate.CodeNoHooks, Message: "no such hooks folder: no Phi hooks from it"}}, nil
			}
			return nil, nil, nil
		}
		return nil, nil, fmt.Errorf("read dir %s: %w", d.Path, err)
	}
	var hooks []foundHook
	var warns []translate.Warning
	for _, e := range entries {
		p := filepath.Join(d.Path, e.Name())
		if e.Type()&fs.ModeSymlink != 0 {
			if st, err := os.Stat(p); err == nil && st.IsDir() {
				warns = append(warns, translate.Warning{File: p, Code: CodeSymlinkSkipped,
					Message: "a symbolic link to a hook directory is skipped (as in Phi); move the directory here instead"})
			}
			continue
		}
		if !e.IsDir() {
			continue
		}
		h, w, ok := readHookDir(p, d.Scope)
		warns = append(warns, w...)
		if ok {
			hooks = append(hooks, h)
		}
	}
	return hooks, warns, nil
}

// readHookDir reads one hook directory: its hook.json, validated, with
// the run path resolved. ok is false when the hook is not loaded (no
// hook.json, invalid, disabled).
func readHookDir(dir, scope string) (foundHook, []translate.Warning, bool) {
	mpath := filepath.Join(dir, "hook.json")
	if _, err := os.Stat(mpath); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return foundHook{}, nil, false // not a hook directory: silently skipped
		}
		return foundHook{}, []translate.Warning{{File: mpath, Code: CodeInvalidManifest, Message: fmt.Sprintf("%v; hook not loaded", err)}}, false
	}
	data, err := os.ReadFile(mpath)
	if err != nil {
		return foundHook{}, []translate.Warning{{File: mpath, Code: CodeInvalidManifest, Message: fmt.Sprintf("%v; hook not loaded", err)}}, false
	}
	return hookFromManifest(dir, mpath, scope, data)
}

// hookFromManifest validates data (the hook.json of dir) and resolves the
// hook; ok is false when it is invalid or disabled (with a warning).
func hookFromManifest(dir, mpath, scope string, data []byte) (foundHook, []translate.Warning, bool) {
	m, err := parseManifest(data)
	if err != nil {
		me := err.(*manifestError)
		return foundHook{}, []translate.Warning{{File: mpath, Line: me.Line, Col: me.Col, Code: CodeInvalidManifest,
			Message: me.Msg + "; hook not loaded (as in Phi)" + me.Hint}}, false
	}
	root, _ := jsonpos.Parse(data)
	line, col := 1, 1
	if root != nil {
		line, col = jsonpos.Position(data, root.Offset)
	}
	if m.Disabled {
		l, c := line, col
		if n := lookupFold(root, "disabled"); n != nil {
			l, c = jsonpos.Position(data, n.Offset)
		}
		return foundHook{}, []translate.Warning{{File: mpath, Line: l, Col: c, Code: CodeDisabled,
			Message: "the manifest sets disabled: true; hook not loaded (as in Phi)"}}, false
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	h := foundHook{hookManifest: *m, Name: m.Name, Dir: abs, Path: mpath, Scope: scope, Line: line, Col: col}
	if h.Name == "" {
		h.Name = filepath.Base(dir)
	}
	if filepath.IsAbs(m.Run) {
		h.Run = filepath.Clean(m.Run)
	} else {
		h.Run = filepath.Join(abs, m.Run)
	}
	var warns []translate.Warning
	if why := notRunnable(h.Run, m.Run); why != "" {
		l, c := line, col
		if n := lookupFold(root, "run"); n != nil {
			l, c = jsonpos.Position(data, n.Offset)
		}
		warns = append(warns, translate.Warning{File: mpath, Line: l, Col: c, Code: CodeRunNotRunnable,
			Message: why + "; the hook is loaded and fails at every call (as in Phi)"})
	}
	return h, warns, true
}

// notRunnable says why the resolved run path cannot be executed directly,
// or "" when it looks fine. Phi checks nothing at load time; this only
// makes the later failure visible.
func notRunnable(path, written string) string {
	st, err := os.Stat(path)
	switch {
	case err != nil && strings.ContainsAny(written, " \t"):
		return fmt.Sprintf("run %q is one file name, not a command line (Phi runs it without a shell and without arguments), and %s does not exist", written, path)
	case err != nil:
		return fmt.Sprintf("run file %s: %v", path, errors.Unwrap(err))
	case st.IsDir():
		return fmt.Sprintf("run %s is a directory", path)
	case st.Mode()&0o111 == 0:
		return fmt.Sprintf("run file %s is not executable (chmod +x)", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return fmt.Sprintf("run file %s: %v", path, errors.Unwrap(err))
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := f.Read(head)
	head = head[:n]
	// A text file (no NUL byte at its start) needs a #! line; binaries
	// are left to the kernel.
	if !bytes.HasPrefix(head, []byte("#!")) && bytes.IndexByte(head, 0) < 0 {
		return fmt.Sprintf("run file %s has no #! line (Phi executes it directly: exec format error)", path)
	}
	return ""
}
