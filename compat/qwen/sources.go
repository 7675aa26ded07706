package qwen

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Scopes of Qwen Code hook sources (qwen-code §1.1).
const (
	ScopeSystemDefaults = geminicore.ScopeSystemDefaults // dirname(system settings)/system-defaults.json
	ScopeSystem         = geminicore.ScopeSystem         // /etc/qwen-code/settings.json
	ScopeUser           = geminicore.ScopeUser           // ~/.qwen/settings.json
	ScopeProject        = geminicore.ScopeProject        // <project>/.qwen/settings.json
	ScopeCLI            = geminicore.ScopeCLI            // a settings file given with --qwen elsewhere
	ScopeExtension      = geminicore.ScopeExtension      // ~/.qwen/extensions/<ext>
)

// planOrder places the scopes' hooks: Qwen Code sorts its registry by
// source, project hooks first (priority 1), then user (2), system (3),
// extensions (4). Plain settings (disableAllHooks, stopHookBlockingCap,
// security.*) merge in geminicore.MergeOrder, later wins.
var planOrder = lazy.Value[map[string]int]{New: func() map[string]int {
	return map[string]int{ScopeProject: 0, ScopeCLI: 1, ScopeUser: 2, ScopeSystemDefaults: 3, ScopeSystem: 4, ScopeExtension: 5}
}}

// extensionDirs returns the installed extension folders (with a
// qwen-extension.json), sorted.
func extensionDirs(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		root := filepath.Join(dir, e.Name())
		if e.IsDir() && geminicore.IsFile(filepath.Join(root, "qwen-extension.json")) {
			out = append(out, root)
		}
	}
	sort.Strings(out)
	return out
}

// isExtensionDir reports whether path is an extension folder (one with a
// qwen-extension.json).
func isExtensionDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir() && geminicore.IsFile(filepath.Join(path, "qwen-extension.json"))
}

// internalSecretNames are the variables Qwen never expands in settings
// (nor passes to hooks).
var internalSecretNames = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"QWEN_SERVER_TOKEN": true, "QWEN_DAEMON_TOKEN": true, "QWEN_CODE_EXTERNAL_TOOL_GUARD_TOKEN": true, "QWEN_CODE_PRIVATE_ACP_CAPABILITY": true}
}}

// expander is Qwen Code's load-time expansion of settings strings
// (resolveEnvVarsInString): $NAME and ${NAME} — no ${NAME:-default} —
// with the launch environment, then the values of fallback (the user's
// ~/.qwen/.env and ~/.env); SESSION_ID, QWEN_CODE_SESSION_ID and Qwen's
// internal secret names stay as written (case-insensitively).
func expander(lookup func(string) (string, bool), fallback map[string]string) geminicore.Expander {
	return geminicore.Expander{
		Lookup: func(n string) (string, bool) {
			if v, ok := lookup(n); ok {
				return v, true
			}
			v, ok := fallback[n]
			return v, ok
		},
		Keep: func(n string) bool {
			u := strings.ToUpper(n)
			return u == "SESSION_ID" || u == "QWEN_CODE_SESSION_ID" || internalSecretNames.Get()[u]
		},
	}
}

// dotenv reads KEY=value lines of a .env file (comments, blank lines and
// an "export " prefix allowed; quotes around a value removed).
func dotenv(path string) map[string]string {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line = strings.TrimPrefix(line, "export ")
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
			v = v[1 : len(v)-1]
		}
		out[k] = v
	}
	return out
}

// loadExpander is the expander of a load: the environment, then
// ~/.qwen/.env and ~/.env.
func loadExpander(env *format.Env) geminicore.Expander {
	getenv := env.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	fallback := map[string]string{}
	home := env.Home
	for _, f := range []string{filepath.Join(home, ".env"), filepath.Join(agent.PathsFor(env).Home, ".env")} {
		for k, v := range dotenv(f) {
			fallback[k] = v
		}
	}
	return expander(func(n string) (string, bool) { v := getenv(n); return v, v != "" }, fallback)
}

// readSource reads one Qwen source (a settings file, or an extension
// folder) with the expansion of its scope.
func readSource(path, scope string, x geminicore.Expander) (*parsed, []string, error) {
	if scope == ScopeExtension {
		return readExtension(path, x)
	}
	data, err := geminicore.ReadFile(path)
	if err != nil {
		return nil, []string{path}, err
	}
	doc, err := geminicore.Parse(path, data, geminicore.ParseOptions{Comments: true, StripBOM: true})
	if err != nil {
		return nil, []string{path}, err
	}
	doc.Expand = x
	return decodeSettings(doc, scope), []string{path}, nil
}

// readExtension reads an extension folder's hooks: qwen-extension.json's
// "hooks" object (expanded like settings), a "hooks" string naming a
// file, or hooks/hooks.json ({"hooks": {...}} or the bare event map);
// ${CLAUDE_PLUGIN_ROOT} in commands is the extension folder.
func readExtension(dir string, x geminicore.Expander) (*parsed, []string, error) {
	manifest := filepath.Join(dir, "qwen-extension.json")
	files := []string{manifest}
	data, err := os.ReadFile(manifest)
	if err != nil {
		return nil, files, fmt.Errorf("reading %s: %w", manifest, err)
	}
	doc, err := geminicore.Parse(manifest, data, geminicore.ParseOptions{Comments: true, StripBOM: true})
	if err != nil {
		return nil, files, err
	}
	doc.Expand = x
	root, _ := filepath.Abs(dir)
	p := &parsed{doc: doc, scope: ScopeExtension}
	hooks := doc.Root.Get("hooks")
	file := ""
	switch {
	case hooks != nil && hooks.Kind == jsonpos.Object:
		decodeHooks(p, hooks, root)
		return p, files, nil
	case hooks != nil && hooks.Kind == jsonpos.String:
		file = filepath.Join(dir, hooks.Str)
	default:
		file = filepath.Join(dir, "hooks", "hooks.json")
		if !geminicore.IsFile(file) {
			return p, files, nil
		}
	}
	files = append(files, file)
	hd, err := os.ReadFile(file)
	if err != nil {
		return nil, files, fmt.Errorf("reading %s: %w", file, err)
	}
	hdoc, err := geminicore.Parse(file, hd, geminicore.ParseOptions{Comments: true, StripBOM: true})
	if err != nil {
		return nil, files, err
	}
	hp := &parsed{doc: hdoc, scope: ScopeExtension}
	if h := hdoc.Root.Get("hooks"); h != nil {
		decodeHooks(hp, h, root)
	} else {
		decodeHooks(hp, hdoc.Root, root)
	}
	return hp, files, nil
}

type loaded struct {
	scope string
	p     *parsed
}

// Load reads Qwen sources and applies Qwen Code's rules across them
// (qwen-code §1): each file's hooks stay a source of their own (no merge),
// planned project first, then user, system (system defaults with it),
// extensions; disableAllHooks (the last of system defaults, user,
// trusted workspace, system) turns every hook off; in an untrusted folder
// (security.folderTrust.enabled true in user or system settings and the
// host — env.Trusted — not trusting the project) the workspace file is
// not read. stopHookBlockingCap (or QWEN_CODE_STOP_HOOK_BLOCK_CAP) goes
// to every Stop and SubagentStop hook as the option stop_cap,
// security.allowedHttpHookUrls (a workspace list only when user and
// system set none) and allowPrivateNetworkHooks (not from the workspace)
// to every http hook. A discovered user or system file that does not
// parse stops Qwen Code (no hook at all); a workspace one is skipped (Qwen
// Code renames it to settings.json.corrupted and resets it).
func (qwenFormat) Load(srcs []format.Source, env *format.Env) (*format.Result, error) {
	res := &format.Result{Config: &settings.Config{}}
	x := loadExpander(env)
	var items []loaded
	fatal := ""
	for _, s := range srcs {
		scope := s.Scope
		if scope == "" {
			scope = agent.ScopeOf(s.Path, env)
		}
		p, files, err := readSource(s.Path, scope, x)
		res.Files = append(res.Files, files...)
		if err != nil {
			var se *settings.Error
			if !s.Discovered || !errors.As(err, &se) {
				return nil, err
			}
			w := translate.Warning{File: se.File, Line: se.Line, Col: se.Col, Code: CodeInvalidFile, Message: se.Msg}
			switch scope {
			case ScopeProject:
				w.Message += "; Qwen Code renames it to settings.json.corrupted, resets it and goes on without it"
			case ScopeExtension:
				w.Message += "; the extension's hooks are not loaded"
			default:
				w.Message += "; Qwen Code does not start: no hook runs"
				if fatal == "" {
					fatal = fmt.Sprintf("%s:%d:%d does not parse", se.File, se.Line, se.Col)
				}
			}
			res.Warnings = append(res.Warnings, w)
			continue
		}
		items = append(items, loaded{scope: scope, p: p})
	}
	for _, it := range items {
		res.Warnings = append(res.Warnings, it.p.doc.Warnings()...)
	}
	byMerge := append([]loaded(nil), items...)
	mergeOrder := geminicore.MergeOrder.Get()
	sort.SliceStable(byMerge, func(i, j int) bool { return mergeOrder[byMerge[i].scope] < mergeOrder[byMerge[j].scope] })
	folderTrust := false
	for _, it := range byMerge {
		if (it.scope == ScopeUser || it.scope == ScopeSystem || it.scope == ScopeSystemDefaults) && it.p.folderTrust != nil {
			folderTrust = *it.p.folderTrust
		}
	}
	trusted := !folderTrust || env.IsTrusted(Name)
	disable, disableAt := false, ""
	stopCap := DefaultStopCap
	var userURLs, workURLs []string
	userSet, workSet, private := false, false, false
	for _, it := range byMerge {
		if it.scope == ScopeExtension || (!trusted && it.scope == ScopeProject) {
			continue
		}
		p := it.p
		if p.disable != nil {
			disable, disableAt = *p.disable, p.doc.Path
		}
		if p.stopCap != nil {
			stopCap = *p.stopCap
		}
		if p.allowedSet {
			if it.scope == ScopeProject || it.scope == ScopeCLI {
				workURLs, workSet = p.allowedURLs, true
			} else {
				userURLs, userSet = p.allowedURLs, true
			}
		}
		if p.allowPrivate != nil && it.scope != ScopeProject && it.scope != ScopeCLI {
			private = *p.allowPrivate
		}
	}
	getenv := env.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	if v := getenv("QWEN_CODE_STOP_HOOK_BLOCK_CAP"); v != "" {
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n >= 1 {
			stopCap = min(n, 100)
		}
	}
	urls := userURLs
	if !userSet && workSet {
		urls = workURLs
	}
	sort.SliceStable(items, func(i, j int) bool { return planOrder.Get()[items[i].scope] < planOrder.Get()[items[j].scope] })
	for _, it := range items {
		reason, code := "", ""
		switch {
		case fatal != "":
			reason, code = "Qwen Code does not start: "+fatal, CodeInvalidFile
		case disable:
			reason, code = "disableAllHooks is true in "+disableAt, CodeDisabled
		case !trusted && it.scope == ScopeProject:
			reason, code = "the folder is not trusted (security.folderTrust.enabled): Qwen Code does not load project hooks", CodeUntrusted
		}
		if reason != "" {
			if n := len(it.p.hooks); n > 0 {
				res.Warnings = append(res.Warnings, translate.Warning{File: it.p.doc.Path, Code: code, Message: fmt.Sprintf("%d hook(s) not loaded: %s", n, reason)})
			}
			continue
		}
		for _, h := range it.p.hooks {
			applyLoadOptions(&h, stopCap, urls, private)
			res.Config.Hooks = append(res.Config.Hooks, h)
		}
	}
	return res, nil
}

// applyLoadOptions gives a hook the load-wide settings its protocol reads.
func applyLoadOptions(h *settings.Hook, stopCap int, urls []string, private bool) {
	set := func(k, v string) {
		if h.Options == nil {
			h.Options = map[string]string{}
		}
		h.Options[k] = v
	}
	if r, ok := agent.ForNative(h.Event); ok && r.Block == geminicore.Continuation && stopCap != DefaultStopCap {
		set("stop_cap", strconv.Itoa(stopCap))
	}
	if h.EffectiveType() == settings.TypeHTTP {
		if len(urls) > 0 {
			set("allowed_urls", strings.Join(urls, "\n"))
		}
		if private {
			set("allow_private", "true")
		}
	}
}

// TrustedFolder reports whether Qwen Code's trust file,
// <qwen home>/trustedFolders.json, trusts project (TRUST_FOLDER for it or
// an ancestor, TRUST_PARENT for a folder inside its parent, unless a
// closer DO_NOT_TRUST). Hosts that want Qwen's decision pass it as
// format.Env.Trusted; it matters only with security.folderTrust.enabled.
func TrustedFolder(qwenDir, project string) bool { return geminicore.TrustedFolder(qwenDir, project) }
