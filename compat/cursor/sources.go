package cursor

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Scopes of Cursor hook sources (cursor §1), in the order Cursor merges
// their replies.
const (
	ScopeEnterprise = "enterprise" // /etc/cursor/hooks.json (Linux), /Library/Application Support/Cursor/hooks.json (macOS)
	ScopeTeam       = "team"       // dashboard hooks synced to ~/.cursor/managed/active-team-hooks/hooks.json
	ScopeProject    = "project"    // <project>/.cursor/hooks.json, trusted workspaces only
	ScopeUser       = "user"       // ~/.cursor/hooks.json
	ScopePlugin     = "plugin"     // <plugin>/hooks/hooks.json
	ScopeCLI        = "cli"        // any other file named explicitly
)

var scopeRank = lazy.Value[map[string]int]{New: func() map[string]int {
	return map[string]int{ScopeEnterprise: 1, ScopeTeam: 2, ScopeProject: 3, ScopeUser: 4, ScopePlugin: 5, ScopeCLI: 6}
}}

// enterprisePath is the enterprise hooks.json of the running system
// (cursor §1): /Library/Application Support/Cursor/hooks.json on macOS,
// C:\ProgramData\Cursor\hooks.json on Windows, /etc/cursor/hooks.json
// elsewhere; under env's system root (env.System).
func enterprisePath(env *format.Env) string {
	switch runtime.GOOS {
	case "darwin":
		return env.System("/Library/Application Support/Cursor/hooks.json")
	case "windows":
		return `C:\ProgramData\Cursor\hooks.json`
	}
	return env.System("/etc/cursor/hooks.json")
}

// teamPath is where Cursor keeps the team hooks its dashboard
// distributes (cursor §1; the location under Cursor's data directory is
// as third parties report it), or "" without a home directory.
func teamPath(home string) string {
	if home == "" {
		return ""
	}
	return filepath.Join(home, ".cursor", "managed", "active-team-hooks", "hooks.json")
}

// paths are the places Cursor reads, in merge order, with their scopes.
func paths(env *format.Env) [][2]string {
	out := [][2]string{{enterprisePath(env), ScopeEnterprise}}
	if p := teamPath(env.Home); p != "" {
		out = append(out, [2]string{p, ScopeTeam})
	}
	out = append(out, [2]string{filepath.Join(env.Project, ".cursor", "hooks.json"), ScopeProject})
	if env.Home != "" {
		out = append(out, [2]string{filepath.Join(env.Home, ".cursor", "hooks.json"), ScopeUser})
	}
	return out
}

// Discover returns Cursor's hooks.json files that exist, in the order
// Cursor merges them: enterprise, team, project, user (cursor §1); every
// one of those paths is watched.
func (cursorFormat) Discover(env *format.Env) format.Discovery {
	var d format.Discovery
	for _, p := range paths(env) {
		d.Watch = append(d.Watch, p[0])
		if st, err := os.Stat(p[0]); err == nil && !st.IsDir() {
			d.Sources = append(d.Sources, format.Source{Format: Name, Path: p[0], Scope: p[1], Discovered: true})
		}
	}
	return d
}

// scopeOf infers the scope of a hooks.json named by path: one of the
// places Cursor reads, a plugin's hooks/hooks.json, a .cursor/hooks.json
// of another project, or ScopeCLI.
func scopeOf(path string, env *format.Env) string {
	abs, _ := filepath.Abs(path)
	for _, p := range paths(env) {
		if q, _ := filepath.Abs(p[0]); q == abs {
			return p[1]
		}
	}
	switch {
	case filepath.Base(filepath.Dir(abs)) == "hooks":
		return ScopePlugin
	case filepath.Base(filepath.Dir(abs)) == ".cursor" && filepath.Base(abs) == "hooks.json":
		return ScopeProject
	}
	return ScopeCLI
}

// placement is where a source's hooks run and what they get: the
// working directory (cursor §6: the project root for project hooks,
// ~/.cursor for user hooks, the config's directory for enterprise and
// team hooks, the plugin's directory for a plugin's, except its stop and
// subagentStop hooks) and a plugin's variables.
func placement(path, scope, project string) (dir string, env map[string]string) {
	abs, _ := filepath.Abs(path)
	switch scope {
	case ScopeEnterprise, ScopeTeam, ScopeUser:
		return filepath.Dir(abs), nil
	case ScopeProject:
		if root := filepath.Dir(filepath.Dir(abs)); root != project {
			return root, nil
		}
	case ScopePlugin:
		root := filepath.Dir(filepath.Dir(abs))
		return root, map[string]string{"CURSOR_PLUGIN_ROOT": root, "CLAUDE_PLUGIN_ROOT": root}
	}
	return "", nil
}

// Load reads Cursor sources (cursor §1): each file translated
// (translateFile) with its scope's working directory and variables, files
// in Cursor's merge order (enterprise, team, project, user, plugins,
// then files named explicitly) — every hook of every source runs. A
// project's own hooks.json does not load in an untrusted workspace. A
// discovered file that is not JSON is skipped with an invalid-file
// warning, as Cursor skips it; a named one is an error.
func (cursorFormat) Load(srcs []format.Source, env *format.Env) (*format.Result, error) {
	type file struct {
		format.Source
		i int
	}
	var files []file
	for i, s := range srcs {
		if s.Scope == "" {
			s.Scope = scopeOf(s.Path, env)
		}
		files = append(files, file{s, i})
	}
	sort.SliceStable(files, func(i, j int) bool { return scopeRank.Get()[files[i].Scope] < scopeRank.Get()[files[j].Scope] })
	res := &format.Result{Config: &settings.Config{}}
	for _, f := range files {
		res.Files = append(res.Files, f.Path)
		data, err := os.ReadFile(f.Path)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) && !f.Discovered {
				p, _ := filepath.Abs(f.Path)
				return nil, fmt.Errorf("reading %s: no such file: %w", p, settings.ErrNoConfig)
			}
			if f.Discovered {
				res.Warnings = append(res.Warnings, translate.Warning{File: f.Path, Code: CodeInvalidFile, Message: err.Error() + "; skipped"})
				continue
			}
			return nil, fmt.Errorf("reading %s: %w", f.Path, err)
		}
		dir, penv := placement(f.Path, f.Scope, env.Project)
		cfg, warns, err := translateFile(translate.Source{Path: f.Path, Data: data, Scope: f.Scope, Env: penv})
		if err != nil {
			if !f.Discovered {
				return nil, err
			}
			w := translate.Warning{File: f.Path, Code: CodeInvalidFile, Message: err.Error()}
			var se *settings.Error
			if errors.As(err, &se) {
				w.Line, w.Col, w.Message = se.Line, se.Col, se.Msg
			}
			w.Message += "; Cursor skips the file, the other sources' hooks still run"
			res.Warnings = append(res.Warnings, w)
			continue
		}
		for _, w := range warns {
			// With a judge, prompt hooks run: the warning that they cannot
			// (Translate's only unsupported-handler) does not apply.
			if !(env.Judge && w.Code == translate.CodeUnsupportedHandler) {
				res.Warnings = append(res.Warnings, w)
			}
		}
		if f.Scope == ScopeProject && !env.IsTrusted(Name) {
			if len(cfg.Hooks) > 0 {
				res.Warnings = append(res.Warnings, translate.Warning{File: f.Path, Code: CodePolicyDisabled,
					Message: fmt.Sprintf("%d hook(s) not loaded: the workspace is not trusted (Cursor runs project hooks only in trusted workspaces)", len(cfg.Hooks))})
			}
			continue
		}
		for i := range cfg.Hooks {
			h := &cfg.Hooks[i]
			h.Dir = dir
			if s := stepOf(h); f.Scope == ScopePlugin && s != nil && s.ProjectRoot {
				h.Dir = "" // a plugin's stop hooks run in the project root (cursor §6)
			}
		}
		res.Config.Append(cfg)
	}
	return res, nil
}

// CodePolicyDisabled is the warning code of hooks not loaded because the
// workspace is not trusted.
const CodePolicyDisabled = "disabled-by-policy"
