package geminicore

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
)

// Scopes of the agents' hook sources, the same for both.
const (
	ScopeSystemDefaults = "system-defaults" // dirname(system settings)/system-defaults.json
	ScopeUser           = "user"            // ~/<dir>/settings.json
	ScopeProject        = "project"         // <project>/<dir>/settings.json
	ScopeCLI            = "cli"             // a settings file given on the command line elsewhere
	ScopeSystem         = "system"          // the system settings (/etc/…/settings.json)
	ScopeExtension      = "extension"       // an installed extension
)

// MergeOrder places the scopes for plain settings values: both agents
// merge system defaults, user, workspace and system settings in that
// order (later wins), extensions last.
var MergeOrder = lazy.Value[map[string]int]{New: func() map[string]int {
	return map[string]int{ScopeSystemDefaults: 0, ScopeUser: 1, ScopeProject: 2, ScopeCLI: 3, ScopeSystem: 4, ScopeExtension: 5}
}}

// Paths are the files an agent reads hooks from for one environment.
type Paths struct {
	SystemDefaults, System, User, Project string
	// ProjectIsHome: the project's settings file is the user's (the
	// project is the home folder), so it is not a workspace file.
	ProjectIsHome bool
	// Extensions is the folder of installed extensions; Home the agent's
	// user folder.
	Extensions, Home string
}

// PathsFor returns the agent's settings paths for env: the system file
// at $<SystemEnv> or the agent's SystemPath (under env's system root),
// the system defaults at $<DefaultsEnv> or beside it (relative paths from
// the environment against the project), the user file and extensions in
// the agent's home folder, the workspace file <project>/<Dir>/settings.json.
func (a *Agent) PathsFor(env *format.Env) Paths {
	getenv := env.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	var p Paths
	p.System = getenv(a.SystemEnv)
	if p.System == "" {
		p.System = env.System(a.SystemPath)
	}
	p.SystemDefaults = getenv(a.DefaultsEnv)
	p.System, p.SystemDefaults = inProject(p.System, env.Project), inProject(p.SystemDefaults, env.Project)
	if p.SystemDefaults == "" {
		p.SystemDefaults = filepath.Join(filepath.Dir(p.System), "system-defaults.json")
	}
	p.Home = a.Home(getenv, env.Home)
	p.User = filepath.Join(p.Home, "settings.json")
	p.Extensions = filepath.Join(p.Home, "extensions")
	p.Project = filepath.Join(env.Project, a.Dir, "settings.json")
	if u, w := CleanAbs(p.User), CleanAbs(p.Project); u != "" && u == w {
		p.ProjectIsHome = true
	}
	return p
}

// inProject resolves a relative path from the environment against the
// project, the folder the agent runs in.
func inProject(p, project string) string {
	if p == "" || filepath.IsAbs(p) || project == "" {
		return p
	}
	return filepath.Join(project, p)
}

// CleanAbs is p made absolute and clean ("" for "").
func CleanAbs(p string) string {
	if p == "" {
		return ""
	}
	a, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	return a
}

// IsFile reports whether p is a file (not a folder).
func IsFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// Discover returns the agent's hook sources of env that exist, in the
// agent's order (the scopes of Order; the workspace file not when it is
// the user file), then its extensions; the watch list adds the user,
// workspace and system files that do not exist yet and the extensions
// folder.
func (a *Agent) Discover(env *format.Env) format.Discovery {
	p := a.PathsFor(env)
	var d format.Discovery
	add := func(path, scope string) {
		d.Sources = append(d.Sources, format.Source{Format: a.Proto, Path: path, Scope: scope, Discovered: true})
	}
	for _, scope := range a.Order {
		path := map[string]string{ScopeSystemDefaults: p.SystemDefaults, ScopeSystem: p.System, ScopeUser: p.User, ScopeProject: p.Project}[scope]
		if scope == ScopeProject && p.ProjectIsHome {
			continue
		}
		if IsFile(path) {
			add(path, scope)
		}
	}
	for _, x := range a.Extensions(p.Extensions) {
		add(x, ScopeExtension)
	}
	d.Watch = append(d.Watch, p.User, p.Project, p.System, p.SystemDefaults, p.Extensions)
	return d
}

// ScopeOf infers the scope of a file given by path: the locations of
// [Agent.PathsFor], an extension, else ScopeCLI.
func (a *Agent) ScopeOf(path string, env *format.Env) string {
	p := a.PathsFor(env)
	switch abs := CleanAbs(path); abs {
	case CleanAbs(p.User):
		return ScopeUser
	case CleanAbs(p.System):
		return ScopeSystem
	case CleanAbs(p.SystemDefaults):
		return ScopeSystemDefaults
	case CleanAbs(p.Project):
		return ScopeProject
	}
	if a.IsExtension(path) {
		return ScopeExtension
	}
	return ScopeCLI
}

// ReadFile reads one settings file, an error naming the missing file
// wrapping settings.ErrNoConfig.
func ReadFile(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		if os.IsNotExist(err) {
			abs, _ := filepath.Abs(path)
			return nil, fmt.Errorf("reading %s: no such file: %w", abs, settings.ErrNoConfig)
		}
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return data, nil
}

// TrustedFolder reports whether the agent's trust file,
// <dir>/trustedFolders.json, trusts project (both agents'
// isPathTrusted): the closest entry for the project or an ancestor
// decides — TRUST_FOLDER for the folder itself, TRUST_PARENT for the
// folders inside the entry's parent, DO_NOT_TRUST for none; entries with
// another value are ignored. A missing or unreadable file trusts nothing.
func TrustedFolder(dir, project string) bool {
	data, err := os.ReadFile(filepath.Join(dir, "trustedFolders.json"))
	if err != nil {
		return false
	}
	doc, err := Parse("trustedFolders.json", data, ParseOptions{Comments: true, StripBOM: true})
	if err != nil {
		return false
	}
	proj := CleanAbs(project)
	best, bestLen := "", -1
	for _, m := range Members(doc.Root) {
		level := ""
		if m.Value.Kind == jsonpos.String {
			level = m.Value.Str
		}
		switch level {
		case "TRUST_FOLDER", "TRUST_PARENT", "DO_NOT_TRUST":
		default:
			continue
		}
		target := CleanAbs(m.Key)
		if level == "TRUST_PARENT" {
			target = filepath.Dir(target)
		}
		if proj == target || strings.HasPrefix(proj, strings.TrimSuffix(target, "/")+"/") {
			if len(target) > bestLen {
				best, bestLen = level, len(target)
			}
		}
	}
	return best == "TRUST_FOLDER" || best == "TRUST_PARENT"
}
