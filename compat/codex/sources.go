package codex

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Codex's config layers (codex §1.1), in the order their handlers are
// listed and run: managed requirements, system, user, legacy managed
// config, project (.codex folders from the project root down to the cwd).
// Within a layer, hooks.json comes before config.toml's [hooks]; within a
// file, Codex's fixed event order, then groups and handlers in file order.
const (
	ScopeRequirements = "requirements" // /etc/codex/requirements.toml
	ScopeSystem       = "system"       // /etc/codex/{hooks.json,config.toml}
	ScopeUser         = "user"         // $CODEX_HOME/{hooks.json,config.toml}
	ScopeLegacy       = "legacy"       // /etc/codex/managed_config.toml
	ScopeProject      = "project"      // <dir>/.codex/{hooks.json,config.toml}
	ScopeCLI          = "cli"          // a file named with --codex that is none of the above
)

var scopeRank = lazy.Value[map[string]int]{New: func() map[string]int {
	return map[string]int{ScopeRequirements: 0, ScopeSystem: 1, ScopeUser: 2, ScopeLegacy: 3, ScopeProject: 4, ScopeCLI: 5}
}}

// managedScope reports the layers Codex trusts without review and that
// allow_managed_hooks_only keeps (codex §1.2, §1.3).
func managedScope(scope string) bool {
	return scope == ScopeRequirements || scope == ScopeSystem || scope == ScopeLegacy
}

// SystemDir is where Codex reads its system and managed configuration.
const SystemDir = "/etc/codex"

// Home returns Codex's home: $CODEX_HOME, else <home>/.codex.
func Home(env *format.Env) string {
	if v := env.Getenv("CODEX_HOME"); v != "" {
		return v
	}
	if env.Home == "" {
		return ""
	}
	return filepath.Join(env.Home, ".codex")
}

// ProjectRoot is the root Codex trusts and reads .codex folders from: the
// git repository root when cwd is inside one, else cwd (codex §1.1).
func ProjectRoot(cwd string) string {
	for d := cwd; ; {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return cwd
		}
		d = parent
	}
}

// projectDirs are the folders from root down to cwd.
func projectDirs(root, cwd string) []string {
	rel, err := filepath.Rel(root, cwd)
	if err != nil || strings.HasPrefix(rel, "..") {
		return []string{cwd}
	}
	dirs := []string{root}
	if rel == "." {
		return dirs
	}
	cur := root
	for _, el := range strings.Split(rel, string(filepath.Separator)) {
		cur = filepath.Join(cur, el)
		dirs = append(dirs, cur)
	}
	return dirs
}

// layerFile is one candidate source of a layer.
type layerFile struct {
	path, scope string
	toml        bool
}

// layerFiles lists every file Codex would read for env, in layer order,
// whether or not it exists.
func layerFiles(env *format.Env) []layerFile {
	sys := func(name string) string { return env.System(filepath.Join(SystemDir, name)) }
	files := []layerFile{
		{sys("requirements.toml"), ScopeRequirements, true},
		{sys("hooks.json"), ScopeSystem, false},
		{sys("config.toml"), ScopeSystem, true},
	}
	if h := Home(env); h != "" {
		files = append(files, layerFile{filepath.Join(h, "hooks.json"), ScopeUser, false}, layerFile{filepath.Join(h, "config.toml"), ScopeUser, true})
	}
	files = append(files, layerFile{sys("managed_config.toml"), ScopeLegacy, true})
	root := ProjectRoot(env.Project)
	for _, d := range projectDirs(root, env.Project) {
		files = append(files,
			layerFile{filepath.Join(d, ".codex", "hooks.json"), ScopeProject, false},
			layerFile{filepath.Join(d, ".codex", "config.toml"), ScopeProject, true})
	}
	return files
}

// scopeOf infers the layer of a named file.
func scopeOf(path string, env *format.Env) string {
	abs, _ := filepath.Abs(path)
	for _, f := range layerFiles(env) {
		if f.path == abs {
			return f.scope
		}
	}
	return ScopeCLI
}

// Discover returns the Codex sources that exist, in layer order (codex
// §1.1); the watch list holds every file Codex would read.
func discover(env *format.Env) format.Discovery {
	var d format.Discovery
	for _, f := range layerFiles(env) {
		d.Watch = append(d.Watch, f.path)
		if st, err := os.Stat(f.path); err == nil && !st.IsDir() {
			d.Sources = append(d.Sources, format.Source{Format: Name, Path: f.path, Scope: f.scope, Discovered: true})
		}
	}
	return d
}

// source is one loaded file with its layer.
type source struct {
	format.Source
	dec *decoded
	abs string
}

// load reads srcs as Codex does across layers (codex §1): every layer
// runs; [features] hooks = false (or the deprecated codex_hooks) in any
// config layer — the highest-precedence layer that sets it decides —
// switches every hook off; allow_managed_hooks_only in requirements.toml
// keeps only the managed layers (requirements, system, legacy managed);
// [hooks.state."<key>"] enabled = false in the user's config.toml
// disables one unmanaged handler;
// the project layer loads only for a trusted project. Trust belongs to
// the host (env.Trusted("codex", project root)): false leaves out the
// project's .codex layers, as Codex does in a folder it does not trust
// (the user's, system and managed hooks still run there, recorded);
// true — and nil, as in every format — trusts the project. Codex's
// per-hook review is not applied here: every hook carries its review
// state (settings.Source.Review: managed, reviewed, modified,
// needs-review), which a host running hooks as Codex does without
// --dangerously-bypass-hook-trust applies (compat Options.Agent "codex"
// does). A host that wants Codex's own answer for the project asks
// [TrustedProject].
//
// Besides the named and discovered sources, every config.toml of the
// environment is read for these switches; a named config.toml outside
// the environment's layers switches off its own hooks with [features]
// hooks = false. A hooks.json Codex rejects is
// a warning when discovered (the other sources still load) and an error
// when named; a config.toml that does not parse, or whose [hooks] has a
// value of the wrong type, is an error (Codex refuses to start).
func load(srcs []format.Source, env *format.Env) (*format.Result, error) {
	res := &format.Result{Config: &settings.Config{}}
	var loaded []*source
	seen := map[string]bool{}
	for _, s := range srcs {
		abs, _ := filepath.Abs(s.Path)
		if seen[abs] {
			continue
		}
		seen[abs] = true
		if s.Scope == "" {
			s.Scope = scopeOf(abs, env)
		}
		data, err := os.ReadFile(abs)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return nil, fmt.Errorf("reading %s: no such file: %w", abs, settings.ErrNoConfig)
			}
			return nil, fmt.Errorf("reading %s: %w", abs, err)
		}
		res.Files = append(res.Files, abs)
		dec, err := decodeFile(abs, data)
		if err != nil {
			var fe *fileError
			if errors.As(err, &fe) && !isTOML(abs) && s.Discovered {
				res.Warnings = append(res.Warnings, translate.Warning{File: abs, Line: fe.line, Col: fe.col, Code: CodeInvalidFile,
					Message: fmt.Sprintf("failed to parse hooks config %s: %s; the file is skipped, the other sources' hooks still run (as in Codex)", abs, fe.Error())})
				continue
			}
			return nil, sourceError(abs, err)
		}
		loaded = append(loaded, &source{Source: s, dec: dec, abs: abs})
	}
	// The switches of every config layer, named or not.
	switches := map[string]*decoded{}
	for _, l := range loaded {
		if isTOML(l.abs) {
			switches[l.abs] = l.dec
		}
	}
	for _, f := range layerFiles(env) {
		if !f.toml || switches[f.path] != nil {
			continue
		}
		data, err := os.ReadFile(f.path)
		if err != nil {
			continue
		}
		dec, err := decodeConfigTOML(f.path, data)
		if err != nil {
			return nil, sourceError(f.path, err)
		}
		switches[f.path] = dec
		res.Files = append(res.Files, f.path)
	}
	sort.SliceStable(loaded, func(i, j int) bool { return scopeRank.Get()[loaded[i].Scope] < scopeRank.Get()[loaded[j].Scope] })

	var features *bool
	featureAt := ""
	managedOnly := false
	states := map[string]hookState{}
	for _, f := range layerFiles(env) {
		d := switches[f.path]
		if d == nil {
			continue
		}
		if d.features != nil && f.scope != ScopeRequirements {
			features, featureAt = d.features, f.path
		}
		if f.scope == ScopeRequirements && d.managedOnly {
			managedOnly = true
		}
		if f.scope == ScopeUser {
			// Review and enablement state is the user's: Codex reads
			// [hooks.state] from the user layer only (and its session
			// flags), never from a project's, system or managed
			// config.toml (recorded: testdata/hooks_list/hl_project).
			for k, v := range d.state {
				states[k] = v
			}
		}
		for _, n := range d.notes {
			res.Warnings = append(res.Warnings, translate.Warning{File: f.path, Line: n.line, Col: n.col, Code: n.code, Message: n.msg})
		}
	}
	for _, l := range loaded {
		if switches[l.abs] == nil {
			for _, n := range l.dec.notes {
				res.Warnings = append(res.Warnings, translate.Warning{File: l.abs, Line: n.line, Col: n.col, Code: n.code, Message: n.msg})
			}
		}
	}
	// A nil Trusted trusts, as in every format (format.Env.Trusted); a
	// host that wants Codex's own answer passes TrustedProject.
	root := ProjectRoot(env.Project)
	projectTrusted := true
	if env.Trusted != nil {
		projectTrusted = env.Trusted(Name, root)
	}
	// Both representations in one layer (codex §1.1).
	byDir := map[string][]*source{}
	for _, l := range loaded {
		if l.dec.hasHooks && len(l.dec.handlers) > 0 {
			byDir[filepath.Dir(l.abs)+"\x00"+l.Scope] = append(byDir[filepath.Dir(l.abs)+"\x00"+l.Scope], l)
		}
	}
	for _, ls := range byDir {
		if len(ls) == 2 && ls[0].Scope != ScopeRequirements && ls[1].Scope != ScopeRequirements {
			res.Warnings = append(res.Warnings, translate.Warning{File: ls[0].abs, Code: CodeBothForms,
				Message: fmt.Sprintf("loading hooks from both %s and %s; prefer a single representation for this layer", ls[0].abs, ls[1].abs)})
		}
	}
	// A named config.toml that is no layer of this environment is read as
	// the layer it would be: its own [features] hooks = false switches its
	// own hooks off.
	layer := map[string]bool{}
	for _, f := range layerFiles(env) {
		layer[f.path] = true
	}
	ordinal := 0
	for _, l := range loaded {
		why := ""
		switch {
		case features != nil && !*features:
			why = fmt.Sprintf("[features] hooks is false in %s", featureAt)
		case isTOML(l.abs) && !layer[l.abs] && l.dec.features != nil && !*l.dec.features:
			why = fmt.Sprintf("[features] hooks is false in %s", l.abs)
		case managedOnly && !managedScope(l.Scope):
			why = "allow_managed_hooks_only is true in requirements.toml"
		case l.Scope == ScopeProject && !projectTrusted:
			why = untrustedProject(root, env)
		}
		cfg, warns := translateDecoded(l.dec, l.Scope, &ordinal, states, managedScope(l.Scope))
		if why != "" {
			if n := len(cfg.Hooks); n > 0 {
				res.Warnings = append(res.Warnings, translate.Warning{File: l.abs, Code: CodeNotLoaded,
					Message: fmt.Sprintf("%d hook(s) not loaded: %s (as in Codex)", n, why)})
			}
			continue
		}
		res.Warnings = append(res.Warnings, warns...)
		res.Config.Append(cfg)
	}
	return res, nil
}

func isTOML(path string) bool { return strings.HasSuffix(path, ".toml") }

// untrustedProject says why an untrusted project's own hooks do not load
// and what Codex needs to load them: the project trusted (its
// trust_level), then each hook reviewed in /hooks. The bypass flag comes
// last: it skips the review, not the project's trust.
func untrustedProject(root string, env *format.Env) string {
	return fmt.Sprintf("the project %s is not trusted: Codex loads a project's .codex/ hooks only in a trusted project (%s), then runs each once reviewed in Codex's /hooks; --dangerously-bypass-hook-trust (hookcompat's --bypass-hook-trust) skips only that review", root, trustLevel(root, env))
}

// trustLevel is how Codex records a trusted project: what to set where.
func trustLevel(root string, env *format.Env) string {
	return fmt.Sprintf("trust the folder when Codex asks at its first start there, which writes [projects.%q] trust_level = \"trusted\" in %s", root, filepath.Join(Home(env), "config.toml"))
}

// decodeFile decodes a hooks.json or a TOML config by its name.
func decodeFile(path string, data []byte) (*decoded, error) {
	if isTOML(path) {
		return decodeConfigTOML(path, data)
	}
	return decodeHooksJSON(path, data)
}

// sourceError is a decoding error naming file, line and column.
func sourceError(path string, err error) error {
	var fe *fileError
	if errors.As(err, &fe) {
		what := "failed to parse hooks config"
		if isTOML(path) {
			what = "Error loading config.toml"
		}
		return &settings.Error{File: path, Line: fe.line, Col: fe.col, Msg: what + ": " + fe.msg, Err: err}
	}
	return fmt.Errorf("%s: %w", path, err)
}

// TrustedProject reports whether Codex itself trusts the project whose
// root is root (ProjectRoot of the cwd): [projects."<root>"] trust_level
// = "trusted" in the user's config.toml under codexHome (Home of the
// environment: $CODEX_HOME, default ~/.codex). A host that wants Codex's
// decision rather than its own passes it as format.Env.Trusted (compat
// Options.Trusted) for format "codex"; a config.toml that is missing or
// does not parse trusts nothing.
func TrustedProject(codexHome, root string) bool {
	path := filepath.Join(codexHome, "config.toml")
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	d, err := decodeFile(path, data)
	if err != nil {
		return false
	}
	for _, p := range d.trusted {
		if filepath.Clean(p) == filepath.Clean(root) {
			return true
		}
	}
	return false
}
