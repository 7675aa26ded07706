package gemini

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Scopes of Gemini CLI hook sources (gemini-cli §1.1), in merge order:
// Gemini CLI merges system defaults, user, workspace and system settings
// in that order (later wins for plain values, hooks are concatenated),
// then adds extension hooks.
const (
	ScopeSystemDefaults = geminicore.ScopeSystemDefaults // dirname(system settings)/system-defaults.json
	ScopeUser           = geminicore.ScopeUser           // ~/.gemini/settings.json
	ScopeProject        = geminicore.ScopeProject        // <project>/.gemini/settings.json
	ScopeCLI            = geminicore.ScopeCLI            // a settings file given with --gemini elsewhere
	ScopeSystem         = geminicore.ScopeSystem         // /etc/gemini-cli/settings.json
	ScopeExtension      = geminicore.ScopeExtension      // ~/.gemini/extensions/<ext>/hooks/hooks.json
)

// extensionHooks returns the hooks files of the installed extensions
// (<ext>/hooks/hooks.json beside a gemini-extension.json), sorted by
// extension folder. Every installed extension is taken as active.
func extensionHooks(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		root := filepath.Join(dir, e.Name())
		if !e.IsDir() || !geminicore.IsFile(filepath.Join(root, "gemini-extension.json")) {
			continue
		}
		if hj := filepath.Join(root, "hooks", "hooks.json"); geminicore.IsFile(hj) {
			out = append(out, hj)
		}
	}
	sort.Strings(out)
	return out
}

// isExtensionHooks reports whether path is <ext>/hooks/hooks.json of an
// extension folder (one with gemini-extension.json).
func isExtensionHooks(path string) bool {
	if filepath.Base(path) != "hooks.json" || filepath.Base(filepath.Dir(path)) != "hooks" {
		return false
	}
	return geminicore.IsFile(filepath.Join(filepath.Dir(filepath.Dir(path)), "gemini-extension.json"))
}

// secureSystemFile is Gemini CLI's check before it reads a system file
// (isFileAndDirectorySecureSync): the file and every folder above it must
// be owned by root and not writable by group or others. It returns why
// not, or "".
func secureSystemFile(path string) string {
	abs := geminicore.CleanAbs(path)
	check := func(p string, dir bool) string {
		st, err := os.Stat(p)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return ""
			}
			return fmt.Sprintf("Failed to access path: %v", err)
		}
		kind := "File"
		if dir {
			kind = "Directory"
		}
		if sys, ok := st.Sys().(*syscall.Stat_t); ok && sys.Uid != 0 {
			return fmt.Sprintf("%s '%s' is not owned by root (uid 0). Current uid: %d", kind, p, sys.Uid)
		}
		if st.Mode().Perm()&0o022 != 0 {
			return fmt.Sprintf("%s '%s' is writable by group or others (mode: %o)", kind, p, st.Mode().Perm())
		}
		return ""
	}
	for dir := filepath.Dir(abs); ; dir = filepath.Dir(dir) {
		if why := check(dir, true); why != "" {
			return fmt.Sprintf("Parent directory '%s' is insecure: %s", dir, why)
		}
		if filepath.Dir(dir) == dir {
			break
		}
	}
	if why := check(abs, false); why != "" {
		return "File is insecure: " + why
	}
	return ""
}

// loaded is one source read for [Format.Load].
type loaded struct {
	src   format.Source
	scope string
	p     *parsed
}

// parseOptions are how Gemini CLI parses its files: settings files with
// comments stripped, extension hooks.json with plain JSON.parse; a byte
// order mark is a syntax error in both.
func parseOptions(scope string) geminicore.ParseOptions {
	return geminicore.ParseOptions{Comments: scope != ScopeExtension}
}

// readSource reads and decodes one source with the expansion of its
// scope. A parse error is returned as is.
func readSource(path, scope string, env *format.Env) (*parsed, error) {
	data, err := geminicore.ReadFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := geminicore.Parse(path, data, parseOptions(scope))
	if err != nil {
		return nil, err
	}
	if scope == ScopeExtension {
		doc.Expand = extensionHydrator(path, env.Project)
	} else {
		doc.Expand = settingsExpander(env.Getenv)
	}
	return decodeFile(doc, scope, scope == ScopeExtension), nil
}

// settingsExpander is Gemini CLI's load-time expansion of settings
// strings (resolveEnvVarsInString): $NAME, ${NAME} and ${NAME:-default}
// with the launch environment. A variable set to "" counts as unset here
// (the environment is read through a getenv).
func settingsExpander(getenv func(string) string) geminicore.Expander {
	if getenv == nil {
		getenv = os.Getenv
	}
	return geminicore.Expander{Defaults: true, Lookup: func(n string) (string, bool) {
		v := getenv(n)
		return v, v != ""
	}}
}

// extensionHydrator is how Gemini CLI fills an extension's hooks.json
// strings: only ${extensionPath}, ${workspacePath}, ${/} and
// ${pathSeparator}; no $VAR expansion.
func extensionHydrator(path, project string) geminicore.Expander {
	root := filepath.Dir(filepath.Dir(path))
	vals := map[string]string{"extensionPath": root, "workspacePath": project, "/": string(filepath.Separator), "pathSeparator": string(filepath.Separator)}
	return geminicore.Expander{Lookup: func(n string) (string, bool) { v, ok := vals[n]; return v, ok },
		Keep: func(n string) bool { _, ok := vals[n]; return !ok }}
}

// Load reads Gemini sources and applies Gemini CLI's rules across them
// (gemini-cli §1.2–§1.6): files merge in the order system defaults, user,
// workspace (cli files after it), system; hooksConfig.enabled takes the
// last file's value and, when false, no hook of any source runs;
// hooksConfig.disabled is the union of the files' lists and removes the
// hooks named in it (name, else the command after expansion); in an
// untrusted folder the workspace file is not read and no settings hook
// runs (all of them are "project" hooks to Gemini), extension hooks still
// do; a matcher that is not a string makes its whole event fail to plan.
// A discovered settings file that does not parse makes Gemini CLI refuse
// to start: a warning, and no Gemini hook at all.
//
// Trust: GEMINI_RESTRICTED_MODE=true or GEMINI_CLI_TRUST_WORKSPACE=false
// in the environment make the folder untrusted, GEMINI_CLI_TRUST_WORKSPACE
// =true or security.folderTrust.enabled: false (user or system settings)
// trusted; otherwise the host decides (env.Trusted; nil trusts, as
// `gemini --skip-trust` does). [TrustedFolder] reads Gemini's own
// trustedFolders.json for a host that wants it.
func (geminiFormat) Load(srcs []format.Source, env *format.Env) (*format.Result, error) {
	res := &format.Result{Config: &settings.Config{}}
	var items []loaded
	fatal := ""
	for _, s := range srcs {
		scope := s.Scope
		path := s.Path
		if st, err := os.Stat(path); err == nil && st.IsDir() {
			path = filepath.Join(path, "hooks", "hooks.json") // an extension folder
			scope = ScopeExtension
		}
		if scope == "" {
			scope = agent.ScopeOf(path, env)
		}
		if (scope == ScopeSystem || scope == ScopeSystemDefaults) && env.SystemRoot == "" {
			if why := secureSystemFile(path); why != "" {
				label := "system settings"
				if scope == ScopeSystemDefaults {
					label = "system defaults"
				}
				res.Warnings = append(res.Warnings, translate.Warning{File: path, Code: CodeInsecure,
					Message: fmt.Sprintf("Security Warning: Skipping %s file '%s': %s (as Gemini CLI does)", label, path, why)})
				res.Files = append(res.Files, path)
				continue
			}
		}
		p, err := readSource(path, scope, env)
		res.Files = append(res.Files, path)
		if err != nil {
			var se *settings.Error
			if !s.Discovered || !errors.As(err, &se) {
				return nil, err
			}
			w := translate.Warning{File: path, Line: se.Line, Col: se.Col, Code: CodeInvalidFile, Message: se.Msg}
			if scope == ScopeExtension {
				w.Message += "; the extension's hooks are not loaded"
			} else {
				w.Message += "; Gemini CLI refuses to start (exit 52): no Gemini hook runs"
				if fatal == "" {
					fatal = fmt.Sprintf("%s:%d:%d does not parse", path, se.Line, se.Col)
				}
			}
			res.Warnings = append(res.Warnings, w)
			continue
		}
		items = append(items, loaded{src: s, scope: scope, p: p})
	}
	order := geminicore.MergeOrder.Get()
	sort.SliceStable(items, func(i, j int) bool { return order[items[i].scope] < order[items[j].scope] })

	trusted, why := trust(items, env)
	enabled := true
	var enabledAt string
	disabled := map[string]bool{}
	for _, it := range items {
		res.Warnings = append(res.Warnings, it.p.doc.Warnings()...)
		if it.scope == ScopeExtension || (!trusted && it.scope == ScopeProject) {
			continue
		}
		if it.p.enabled != nil {
			enabled, enabledAt = *it.p.enabled, it.p.doc.Path
		}
		for _, n := range it.p.disabled {
			disabled[n] = true
		}
	}
	drop := func(it loaded, reason, code string) {
		if n := len(it.p.hooks); n > 0 {
			res.Warnings = append(res.Warnings, translate.Warning{File: it.p.doc.Path, Code: code,
				Message: fmt.Sprintf("%d hook(s) not loaded: %s", n, reason)})
		}
	}
	broken := map[string]string{}
	var kept []loaded
	for _, it := range items {
		switch {
		case fatal != "":
			drop(it, "Gemini CLI does not start: "+fatal, CodeInvalidFile)
			continue
		case !enabled:
			drop(it, "hooksConfig.enabled is false in "+enabledAt, CodeDisabled)
			continue
		case !trusted && it.scope != ScopeExtension:
			drop(it, "the folder is not trusted ("+why+"): Gemini CLI runs no settings hook", CodeUntrusted)
			continue
		}
		for ev, off := range it.p.broken {
			if _, seen := broken[ev]; !seen {
				line, col := it.p.doc.Pos(off)
				broken[ev] = fmt.Sprintf("%s:%d:%d", it.p.doc.Path, line, col)
			}
		}
		kept = append(kept, it)
	}
	for _, it := range kept {
		for _, h := range it.p.hooks {
			id := h.Name
			if id == "" {
				id = h.Command
			}
			switch {
			case disabled[id]:
				res.Warnings = append(res.Warnings, translate.Warning{File: h.Source.File, Line: h.Source.Line, Col: h.Source.Col, Code: CodeDisabled,
					Message: fmt.Sprintf("%s hook %q is in hooksConfig.disabled; not loaded", h.Source.Event, id)})
				continue
			case broken[h.Source.Event] != "":
				res.Warnings = append(res.Warnings, translate.Warning{File: h.Source.File, Line: h.Source.Line, Col: h.Source.Col, Code: CodeEventBroken,
					Message: fmt.Sprintf("%s hook not loaded: the matcher at %s is not a string, so Gemini CLI plans no %s hook", h.Source.Event, broken[h.Source.Event], h.Source.Event)})
				continue
			}
			res.Config.Hooks = append(res.Config.Hooks, agent.WithTwins(h)...)
		}
	}
	return res, nil
}

// trust decides whether the folder is trusted (see [Format.Load]) and
// says why.
func trust(items []loaded, env *format.Env) (bool, string) {
	getenv := env.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	switch {
	case strings.EqualFold(getenv("GEMINI_RESTRICTED_MODE"), "true"):
		return false, "GEMINI_RESTRICTED_MODE=true"
	case strings.EqualFold(getenv("GEMINI_CLI_TRUST_WORKSPACE"), "false"):
		return false, "GEMINI_CLI_TRUST_WORKSPACE=false"
	case strings.EqualFold(getenv("GEMINI_CLI_TRUST_WORKSPACE"), "true"):
		return true, "GEMINI_CLI_TRUST_WORKSPACE=true"
	}
	folderTrust := true
	for _, it := range items {
		if it.scope != ScopeProject && it.scope != ScopeExtension && it.p.folderTrust != nil {
			folderTrust = *it.p.folderTrust
		}
	}
	if !folderTrust {
		return true, "security.folderTrust.enabled is false"
	}
	if env.IsTrusted(Name) {
		return true, ""
	}
	return false, "the host does not trust it"
}

// TrustedFolder reports whether Gemini CLI's own trust file,
// <gemini home>/trustedFolders.json, trusts project: the closest entry for
// the project or an ancestor decides — TRUST_FOLDER for the folder
// itself, TRUST_PARENT for the folders inside its parent, DO_NOT_TRUST
// for none. A missing or unreadable file trusts nothing. Hosts that want
// Gemini's decision pass it as format.Env.Trusted.
func TrustedFolder(geminiDir, project string) bool {
	return geminicore.TrustedFolder(geminiDir, project)
}
