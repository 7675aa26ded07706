package claude

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Scopes of Claude Code hook sources (claude §1.1).
const (
	ScopeUser    = "user"    // ~/.claude/settings.json
	ScopeProject = "project" // <project>/.claude/settings.json
	ScopeLocal   = "local"   // <project>/.claude/settings.local.json
	ScopeManaged = "managed" // managed-settings.json and managed-settings.d/*.json
	ScopeCLI     = "cli"     // a file given with --settings
	ScopePlugin  = "plugin"  // <plugin>/hooks/hooks.json
)

// DefaultManagedDir is where Claude Code reads managed policy files on
// Linux (claude §1.2).
const DefaultManagedDir = "/etc/claude-code"

// sourceFile is one Claude hook source.
type sourceFile struct {
	Path  string
	Scope string // one of the Scope constants
	// Discovered marks a file found by discover rather than named by the
	// user: one that does not parse is skipped with a warning, so that a
	// settings file caught mid-edit cannot switch every other hook off.
	Discovered bool
	// PluginRoot is, for a plugin's hooks, the plugin directory (its
	// hooks get CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA); "" means the
	// directory a hooks/hooks.json sits in.
	PluginRoot string
	// Data, when set, is the source's content in place of Path's (the
	// inline hooks of a plugin manifest, positioned as in Path).
	Data []byte
}

// discover returns the Claude Code settings files that exist, in the
// order Claude Code concatenates their hooks (claude §1.3): user, project,
// local, then managed (managed-settings.json, then managed-settings.d/*.json
// in alphabetical order). home, project and managedDir locate them; an
// empty managedDir means [DefaultManagedDir].
func discover(home, project, managedDir string) []sourceFile {
	if managedDir == "" {
		managedDir = DefaultManagedDir
	}
	var out []sourceFile
	add := func(path, scope string) {
		if st, err := os.Stat(path); err == nil && !st.IsDir() {
			out = append(out, sourceFile{Path: path, Scope: scope, Discovered: true})
		}
	}
	if home != "" {
		add(filepath.Join(home, ".claude", "settings.json"), ScopeUser)
	}
	add(filepath.Join(project, ".claude", "settings.json"), ScopeProject)
	add(filepath.Join(project, ".claude", "settings.local.json"), ScopeLocal)
	add(filepath.Join(managedDir, "managed-settings.json"), ScopeManaged)
	dropins, _ := filepath.Glob(filepath.Join(managedDir, "managed-settings.d", "*.json"))
	sort.Strings(dropins)
	for _, p := range dropins {
		add(p, ScopeManaged)
	}
	return out
}

// scopeOf infers the scope of a Claude file given by path: the well-known
// locations of home, project and managedDir, a plugin's hooks/hooks.json,
// and otherwise a --settings file (ScopeCLI).
func scopeOf(path, home, project, managedDir string) string {
	if managedDir == "" {
		managedDir = DefaultManagedDir
	}
	abs, _ := filepath.Abs(path)
	same := func(p string) bool { q, _ := filepath.Abs(p); return q == abs }
	switch {
	case home != "" && same(filepath.Join(home, ".claude", "settings.json")):
		return ScopeUser
	case same(filepath.Join(project, ".claude", "settings.json")):
		return ScopeProject
	case same(filepath.Join(project, ".claude", "settings.local.json")):
		return ScopeLocal
	case filepath.Dir(abs) == filepath.Clean(managedDir) || filepath.Dir(abs) == filepath.Join(managedDir, "managed-settings.d"):
		return ScopeManaged
	case filepath.Base(abs) == "hooks.json" && filepath.Base(filepath.Dir(abs)) == "hooks":
		return ScopePlugin
	}
	return ScopeCLI
}

// loadOptions controls loadSources.
type loadOptions struct {
	// Trusted, if set, is asked whether the project's own hooks may run
	// (claude §1.5: an interactive session runs no project or local hook
	// of an untrusted folder). Nil means trusted, as in `claude -p`.
	Trusted func(project string) bool
	// Project is the workspace the project and local files belong to.
	Project string
	// PluginEnv returns the environment a plugin file's hooks get
	// (CLAUDE_PLUGIN_ROOT, CLAUDE_PLUGIN_DATA); nil means none.
	PluginEnv func(path string) map[string]string
	// Judge and MCP are translator's: the engine will run prompt and
	// agent handlers, or mcp_tool handlers.
	Judge, MCP bool
}

// precedence ranks scopes for ordinary keys such as disableAllHooks:
// managed > cli > local > project > user (claude §1.3).
var precedence = lazy.Value[map[string]int]{New: func() map[string]int {
	return map[string]int{ScopeUser: 1, ScopeProject: 2, ScopeLocal: 3, ScopeCLI: 4, ScopeManaged: 5}
}}

// concatOrder is the order in which Claude Code concatenates hooks of
// several sources (claude §1.3, §7.1).
var concatOrder = lazy.Value[map[string]int]{New: func() map[string]int {
	return map[string]int{ScopeUser: 1, ScopeProject: 2, ScopeLocal: 3, ScopeManaged: 4, ScopeCLI: 5, ScopePlugin: 6}
}}

// loadSources reads Claude sources and merges them as Claude Code does
// (claude §1.3, §1.4, §1.5): hooks of all sources are concatenated in
// Claude's order (user, project, local, managed, cli, plugins; files of one
// scope in the order given); then the policy keys apply —
// disableAllHooks takes the value of the highest-precedence file that sets
// it (managed > cli > local > project > user) and, when true, keeps only
// managed hooks (or none, when a managed file set it);
// allowManagedHooksOnly in a managed file keeps only managed hooks; an
// untrusted project loses its project and local hooks. Every hook not
// loaded because of a policy is reported in a warning; identical handlers
// of several files run once at run time (the claude protocol's dedup).
//
// Errors: a file that cannot be read, or a named file that is not JSON
// (with line:col); a discovered file that is not JSON is skipped with an
// invalid-file warning.
func loadSources(files []sourceFile, opts loadOptions) (*settings.Config, []translate.Warning, error) {
	type loaded struct {
		sourceFile
		cfg         *settings.Config
		disableAll  *bool
		managedOnly bool
		at          [2]int
	}
	var all []loaded
	var warns []translate.Warning
	for _, f := range files {
		data := f.Data
		if data == nil {
			var err error
			if data, err = os.ReadFile(f.Path); err != nil {
				return nil, nil, fmt.Errorf("reading %s: %w", f.Path, err)
			}
		}
		src := translate.Source{Path: f.Path, Data: data, Scope: f.Scope}
		if opts.PluginEnv != nil && f.Scope == ScopePlugin {
			key := f.Path
			if f.PluginRoot != "" {
				key = filepath.Join(f.PluginRoot, "hooks", "hooks.json")
			}
			src.Env = opts.PluginEnv(key)
		}
		cfg, w, err := translator{Judge: opts.Judge, MCP: opts.MCP}.Translate(src)
		if err != nil && f.Discovered {
			w := translate.Warning{File: f.Path, Code: CodeInvalidFile, Message: err.Error()}
			var se *settings.Error
			if errors.As(err, &se) {
				w.Line, w.Col, w.Message = se.Line, se.Col, se.Msg
			}
			w.Message += "; the file is skipped, the other sources' hooks still run"
			warns = append(warns, w)
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		warns = append(warns, w...)
		l := loaded{sourceFile: f, cfg: cfg}
		if root, err := jsonpos.Parse(bytes.TrimPrefix(data, []byte("\ufeff"))); err == nil {
			if d := root.Get("disableAllHooks"); d != nil && d.Kind == jsonpos.Bool {
				v := d.Bool
				l.disableAll = &v
				l.at[0], l.at[1] = jsonpos.Position(data, d.Offset)
			}
			if m := root.Get("allowManagedHooksOnly"); m != nil && m.Kind == jsonpos.Bool && m.Bool {
				if f.Scope == ScopeManaged {
					l.managedOnly = true
				} else {
					line, col := jsonpos.Position(data, m.Offset)
					warns = append(warns, translate.Warning{File: f.Path, Line: line, Col: col, Code: translate.CodeUnsupportedField,
						Message: "allowManagedHooksOnly is honoured only in managed settings; ignored here (as in Claude Code)"})
				}
			}
		}
		all = append(all, l)
	}
	sort.SliceStable(all, func(i, j int) bool { return concatOrder.Get()[all[i].Scope] < concatOrder.Get()[all[j].Scope] })

	// The disableAllHooks that survives precedence.
	var disable *loaded
	for i := range all {
		l := &all[i]
		if l.disableAll != nil && (disable == nil || precedence.Get()[l.Scope] >= precedence.Get()[disable.Scope]) {
			disable = l
		}
	}
	managedOnly := false
	for _, l := range all {
		managedOnly = managedOnly || l.managedOnly
	}
	trusted := opts.Trusted == nil || opts.Trusted(opts.Project)

	out := &settings.Config{}
	for _, l := range all {
		why := ""
		switch {
		case disable != nil && *disable.disableAll && disable.Scope == ScopeManaged:
			why = fmt.Sprintf("disableAllHooks is true in managed settings %s:%d", disable.Path, disable.at[0])
		case disable != nil && *disable.disableAll && l.Scope != ScopeManaged:
			why = fmt.Sprintf("disableAllHooks is true in %s:%d", disable.Path, disable.at[0])
		case managedOnly && l.Scope != ScopeManaged:
			why = "allowManagedHooksOnly is true in managed settings"
		case !trusted && (l.Scope == ScopeProject || l.Scope == ScopeLocal):
			why = "the workspace is not trusted"
		}
		if why != "" {
			if n := len(l.cfg.Hooks); n > 0 {
				warns = append(warns, translate.Warning{File: l.Path, Code: CodePolicyDisabled,
					Message: fmt.Sprintf("%d hook(s) not loaded: %s", n, why)})
			}
			continue
		}
		out.Append(l.cfg)
	}
	return out, warns, nil
}

// CodeInvalidFile is the warning code of a discovered settings file that
// does not parse (it is skipped).
const CodeInvalidFile = "invalid-file"

// CodePolicyDisabled is the warning code of hooks a policy key or the
// trust decision kept from loading.
const CodePolicyDisabled = "disabled-by-policy"
