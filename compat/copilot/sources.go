package copilot

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Scopes of Copilot hook sources (recorded j, o, p, hc_load_*,
// hc_claude_*), in the order their hooks run.
const (
	// ScopeUserDir is $COPILOT_HOME/hooks/**/*.json (default
	// ~/.copilot/hooks): loaded in every folder, trusted or not.
	ScopeUserDir = "user"
	// ScopeSettings is the "hooks" object of $COPILOT_HOME/settings.json:
	// loaded in every folder.
	ScopeSettings = "settings"
	// ScopeRepo is <project>/.github/hooks/**/*.json: loaded only in a
	// trusted folder (Copilot skips it silently otherwise).
	ScopeRepo = "project"
	// ScopeClaude is <project>/.claude/settings.json and
	// settings.local.json, Claude Code's settings files, whose hooks
	// Copilot runs itself (with its own PascalCase payloads and rules):
	// trusted folders only.
	ScopeClaude = "claude-project"
	// ScopeCLI is a file named explicitly that is none of the above.
	ScopeCLI = "cli"
)

var scopeRank = lazy.Value[map[string]int]{New: func() map[string]int {
	return map[string]int{ScopeUserDir: 0, ScopeSettings: 1, ScopeRepo: 2, ScopeClaude: 3, ScopeCLI: 4}
}}

// Home returns Copilot's configuration folder: $COPILOT_HOME, else
// <home>/.copilot; "" without either.
func Home(env *format.Env) string {
	if v := env.Getenv("COPILOT_HOME"); v != "" {
		return v
	}
	if env.Home == "" {
		return ""
	}
	return filepath.Join(env.Home, ".copilot")
}

// RepoHooksDir is the folder of a project's hooks files.
func RepoHooksDir(project string) string { return filepath.Join(project, ".github", "hooks") }

// jsonFiles lists the .json files under dir, recursively, in the order
// the file system lists each folder (Copilot reads folders unsorted:
// recorded hc_load_two_files_order ran z.json, oracle.json, a.json).
func jsonFiles(dir string) []string {
	f, err := os.Open(dir)
	if err != nil {
		return nil
	}
	names, _ := f.Readdirnames(-1)
	f.Close()
	var out []string
	for _, n := range names {
		p := filepath.Join(dir, n)
		st, err := os.Stat(p)
		switch {
		case err != nil:
		case st.IsDir():
			out = append(out, jsonFiles(p)...)
		case strings.HasSuffix(n, ".json"):
			out = append(out, p)
		}
	}
	return out
}

// candidates are the places Copilot reads hooks from for env, with
// their scopes: the files that exist, and the folders and files to
// watch.
func candidates(env *format.Env) (srcs []format.Source, watch []string) {
	add := func(p, scope string) {
		srcs = append(srcs, format.Source{Format: Name, Path: p, Scope: scope, Discovered: true})
	}
	if h := Home(env); h != "" {
		dir := filepath.Join(h, "hooks")
		watch = append(watch, dir)
		for _, p := range jsonFiles(dir) {
			add(p, ScopeUserDir)
		}
		s := filepath.Join(h, "settings.json")
		watch = append(watch, s)
		if st, err := os.Stat(s); err == nil && !st.IsDir() {
			add(s, ScopeSettings)
		}
	}
	dir := RepoHooksDir(env.Project)
	watch = append(watch, dir)
	for _, p := range jsonFiles(dir) {
		add(p, ScopeRepo)
	}
	return srcs, watch
}

// ClaudeSources are the Claude Code settings files of project that
// Copilot reads itself (.claude/settings.json, then settings.local.json),
// as Copilot sources (scope claude-project) for compat.Options.Sources:
// their hooks then run as Copilot runs them (its PascalCase payloads and
// rules). Discovery leaves them to the Claude Code format, whose hooks
// they are, so that an engine that discovers every format does not run
// them twice; a host reproducing Copilot exactly names them. Only the
// files that exist are returned.
func ClaudeSources(project string) []format.Source {
	var out []format.Source
	for _, n := range []string{"settings.json", "settings.local.json"} {
		p := filepath.Join(project, ".claude", n)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			out = append(out, format.Source{Format: Name, Path: p, Scope: ScopeClaude, Installed: true})
		}
	}
	return out
}

// discover returns Copilot's sources that exist, in the order their hooks
// run (user folder, user settings, repository); every place is watched.
// The Claude settings files Copilot also reads are the Claude Code
// format's ([ClaudeSources]).
func discover(env *format.Env) format.Discovery {
	srcs, watch := candidates(env)
	return format.Discovery{Sources: srcs, Watch: watch}
}

// ScopeOf infers the scope of a named file.
func ScopeOf(path string, env *format.Env) string {
	abs, _ := filepath.Abs(path)
	if h := Home(env); h != "" {
		if abs == filepath.Join(h, "settings.json") {
			return ScopeSettings
		}
		if under(abs, filepath.Join(h, "hooks")) {
			return ScopeUserDir
		}
	}
	switch {
	case under(abs, RepoHooksDir(env.Project)):
		return ScopeRepo
	case filepath.Dir(abs) == filepath.Join(env.Project, ".claude"):
		return ScopeClaude
	case filepath.Base(filepath.Dir(abs)) == "hooks" && filepath.Base(filepath.Dir(filepath.Dir(abs))) == ".github":
		return ScopeRepo
	}
	return ScopeCLI
}

func under(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != "." && !strings.HasPrefix(rel, "..")
}

// load reads Copilot sources as Copilot does: every source's hooks run,
// user folder first, then user settings, the repository's files and the
// Claude settings files Copilot reads, each in file order (sources of
// one scope in the order given). The repository's files and the Claude
// settings files load only in a trusted folder (format.Env.Trusted for
// "copilot"; nil trusts). A file with disableAllHooks true contributes
// no hook; one in a Claude settings file switches every hook off. A
// discovered file Copilot skips whole (not JSON, a bad version, …) is a
// warning; a named one is an error.
func load(srcs []format.Source, env *format.Env) (*format.Result, error) {
	type file struct {
		format.Source
		i int
	}
	var files []file
	seen := map[string]bool{}
	for i, s := range srcs {
		abs, _ := filepath.Abs(s.Path)
		if seen[abs] {
			continue
		}
		seen[abs] = true
		s.Path = abs
		if s.Scope == "" {
			s.Scope = ScopeOf(abs, env)
		}
		files = append(files, file{s, i})
	}
	sort.SliceStable(files, func(i, j int) bool { return scopeRank.Get()[files[i].Scope] < scopeRank.Get()[files[j].Scope] })
	res := &format.Result{Config: &settings.Config{}}
	trusted := env.IsTrusted(Name)
	allOff := ""
	var loaded []*settings.Config
	for _, f := range files {
		res.Files = append(res.Files, f.Path)
		data, err := os.ReadFile(f.Path)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) && !f.Discovered {
				return nil, fmt.Errorf("reading %s: no such file: %w", f.Path, settings.ErrNoConfig)
			}
			if f.Discovered {
				res.Warnings = append(res.Warnings, translate.Warning{File: f.Path, Code: CodeInvalidFile, Message: err.Error() + "; skipped"})
				continue
			}
			return nil, fmt.Errorf("reading %s: %w", f.Path, err)
		}
		out, err := decodeSource(f.Source, data)
		if err != nil {
			if !f.Discovered {
				return nil, err
			}
			w := translate.Warning{File: f.Path, Code: CodeInvalidFile, Message: err.Error()}
			var se *settings.Error
			if errors.As(err, &se) {
				w.Line, w.Col, w.Message = se.Line, se.Col, se.Msg
			}
			w.Message = fmt.Sprintf("Invalid hook configuration in %s: %s; Copilot skips the file, the other sources' hooks still run", f.Path, w.Message)
			res.Warnings = append(res.Warnings, w)
			continue
		}
		if (f.Scope == ScopeRepo || f.Scope == ScopeClaude) && !trusted {
			if n := len(out.hooks); n > 0 {
				res.Warnings = append(res.Warnings, translate.Warning{File: f.Path, Code: CodeUntrusted,
					Message: fmt.Sprintf("%d hook(s) not loaded: the folder is not trusted (Copilot loads a repository's hooks only in a trusted folder, and skips them silently)", n)})
			}
			continue
		}
		res.Warnings = append(res.Warnings, out.warnings...)
		if out.disabled {
			if f.Scope == ScopeClaude {
				allOff = f.Path
			}
			if n := len(out.hooks); n > 0 {
				res.Warnings = append(res.Warnings, translate.Warning{File: f.Path, Code: CodeDisabled,
					Message: fmt.Sprintf("disableAllHooks is true: Copilot runs none of the file's %d hook(s)", n)})
			}
			continue
		}
		loaded = append(loaded, &settings.Config{Hooks: out.hooks})
	}
	if allOff != "" {
		n := 0
		for _, c := range loaded {
			n += len(c.Hooks)
		}
		if n > 0 {
			res.Warnings = append(res.Warnings, translate.Warning{File: allOff, Code: CodeDisabled,
				Message: fmt.Sprintf("disableAllHooks is true in %s: Copilot runs none of the %d hook(s) of the other sources either", allOff, n)})
		}
		return res, nil
	}
	for _, c := range loaded {
		res.Config.Append(c)
	}
	return res, nil
}

// decodeSource reads one source by its scope: a hooks file, the "hooks"
// of Copilot's settings.json (no COPILOT_HOOK_DIR), or a Claude settings
// file (hooks and disableAllHooks; no COPILOT_HOOK_DIR).
func decodeSource(s format.Source, data []byte) (*decoded, error) {
	src := translate.Source{Path: s.Path, Data: data, Scope: s.Scope}
	switch s.Scope {
	case ScopeSettings, ScopeClaude:
		root, data, err := parseJSON(src)
		if err != nil {
			return nil, err
		}
		if root.Kind != jsonpos.Object {
			line, col := jsonpos.Position(data, root.Offset)
			return nil, &settings.Error{File: s.Path, Line: line, Col: col, Msg: "Expected settings to be an object"}
		}
		out := &decoded{}
		if hooks := root.Get("hooks"); hooks != nil {
			d, err := decodeObject(src, data, hooks, "")
			if err != nil {
				return nil, err
			}
			out = d
		}
		if v := root.Get("disableAllHooks"); v != nil && v.Kind == jsonpos.Bool && s.Scope == ScopeClaude {
			out.disabled = v.Bool
		}
		return out, nil
	}
	return decodeFile(src, filepath.Dir(s.Path))
}

// ViewDiscover returns, for Copilot CLI's own view of a project (compat's
// Options.Agent "copilot"), the Claude Code settings files Copilot runs
// itself ([ClaudeSources]) as discovered Copilot sources of scope
// claude-project: their hooks run with Copilot's PascalCase payloads and
// rules, in a trusted folder only, after the repository's hooks files.
// Both files are watched, so that creating one changes the view.
func (copilotFormat) ViewDiscover(env *format.Env) format.Discovery {
	var d format.Discovery
	for _, s := range ClaudeSources(env.Project) {
		s.Installed, s.Discovered = false, true
		d.Sources = append(d.Sources, s)
	}
	for _, n := range []string{"settings.json", "settings.local.json"} {
		d.Watch = append(d.Watch, filepath.Join(env.Project, ".claude", n))
	}
	return d
}
