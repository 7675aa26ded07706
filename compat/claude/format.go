package claude

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Format is the Claude Code format, registered as "claude": settings
// files (user, project, local, managed, --settings) and plugin
// hooks/hooks.json files, Claude's runtime protocol, its model view
// (`--render claude`), its lints and its exec shim.
var Format format.Format = claudeFormat{}

func init() { format.Register(Format) }

type claudeFormat struct{}

func (claudeFormat) Name() string { return Name }

func (claudeFormat) Info() format.Info {
	return format.Info{
		Title:       "Claude Code",
		Version:     RenderVersion,
		Flag:        "settings",
		FlagUsage:   "Claude Code settings.json, plugin hooks.json or plugin directory (repeatable)",
		Order:       10,
		BrokenCodes: []string{CodeInvalidFile},
		DropCodes:   []string{translate.CodeUnknownEvent, translate.CodeInvalidEntry, translate.CodeInvalidMatcher, CodeInvalidHooks},
	}
}

// Detect recognises a JSON object (after a byte order mark and
// whitespace): a settings file or a plugin hooks.json. Files under another
// agent's folder (.codex, .gemini, .qwen, .cursor) and Phi's hook.json are
// left to that agent's format.
func (claudeFormat) Detect(path string, data []byte) bool {
	if filepath.Base(path) == "hook.json" {
		return false
	}
	for _, dir := range []string{".codex", ".gemini", ".qwen", ".cursor"} {
		if inDir(path, dir) {
			return false
		}
	}
	return translator{}.Detect(translate.Source{Path: path, Data: data})
}

// inDir reports whether path has a directory element named dir.
func inDir(path, dir string) bool {
	for _, el := range strings.Split(filepath.ToSlash(filepath.Dir(path)), "/") {
		if el == dir {
			return true
		}
	}
	return false
}

// Discover returns Claude Code's settings files that exist (claude §1.1,
// §1.2), in the order Claude concatenates their hooks; the watch list adds
// the user, project and local files that do not exist yet.
func (claudeFormat) Discover(env *format.Env) format.Discovery {
	var d format.Discovery
	for _, f := range discover(env.Home, env.Project, env.ManagedDir) {
		d.Sources = append(d.Sources, format.Source{Format: Name, Path: f.Path, Scope: f.Scope, Discovered: true})
		d.Watch = append(d.Watch, f.Path)
	}
	if env.Home != "" {
		d.Watch = append(d.Watch, filepath.Join(env.Home, ".claude", "settings.json"))
	}
	d.Watch = append(d.Watch,
		filepath.Join(env.Project, ".claude", "settings.json"),
		filepath.Join(env.Project, ".claude", "settings.local.json"))
	return d
}

// Load reads Claude sources with loadSources. A source whose path is a
// directory, or a plugin's .claude-plugin/plugin.json, is a plugin: its
// hooks/hooks.json and its manifest's hooks are read
// (pluginHookSources); a source without a scope gets the one its path
// implies (scopeOf).
func (claudeFormat) Load(srcs []format.Source, env *format.Env) (*format.Result, error) {
	var files []sourceFile
	var pluginWarns []translate.Warning
	for _, s := range srcs {
		f := sourceFile{Path: s.Path, Scope: s.Scope, Discovered: s.Discovered}
		root := ""
		if st, err := os.Stat(s.Path); err == nil && st.IsDir() {
			root = s.Path
		} else if filepath.Base(s.Path) == "plugin.json" && filepath.Base(filepath.Dir(s.Path)) == ".claude-plugin" {
			root = filepath.Dir(filepath.Dir(s.Path))
		}
		if root != "" {
			// A plugin: hooks/hooks.json and its manifest's hooks.
			pf, w, err := pluginHookSources(root)
			if errors.Is(err, os.ErrNotExist) {
				return nil, fmt.Errorf("%w: %w", err, settings.ErrNoConfig)
			} else if err != nil {
				return nil, err
			}
			files, pluginWarns = append(files, pf...), append(pluginWarns, w...)
			continue
		}
		if f.Scope == "" {
			f.Scope = scopeOf(f.Path, env.Home, env.Project, env.ManagedDir)
		}
		if _, err := os.Stat(f.Path); err != nil {
			if os.IsNotExist(err) {
				p, _ := filepath.Abs(f.Path)
				return nil, fmt.Errorf("reading %s: no such file: %w", p, settings.ErrNoConfig)
			}
			return nil, fmt.Errorf("reading %s: %w", f.Path, err)
		}
		files = append(files, f)
	}
	cfg, warns, err := loadSources(files, loadOptions{
		Project:   env.Project,
		Trusted:   func(p string) bool { return env.IsTrusted(Name) },
		PluginEnv: func(path string) map[string]string { return sourceFor(path, nil, env.Home).Env },
		Judge:     env.Judge,
		MCP:       env.MCP,
	})
	if err != nil {
		return nil, err
	}
	res := &format.Result{Config: cfg, Warnings: append(pluginWarns, warns...)}
	seen := map[string]bool{}
	for _, f := range files {
		if !seen[f.Path] {
			seen[f.Path] = true
			res.Files = append(res.Files, f.Path)
		}
	}
	return res, nil
}

// Translate reads one Claude file for convert; a plugin's hooks.json gets
// its plugin environment (sourceFor).
func (claudeFormat) Translate(src translate.Source) (*settings.Config, []translate.Warning, error) {
	home, _ := os.UserHomeDir()
	s := sourceFor(src.Path, src.Data, home)
	if src.Scope != "" {
		s.Scope = src.Scope
	}
	return translator{}.Translate(s)
}

func (claudeFormat) Protocol(vocab *translate.Vocabulary) runner.Protocol { return NewProtocol(vocab) }

// Render is [Protocol.Render]: a [Rendering].
func (claudeFormat) Render(out *runner.Outcome, vocab *translate.Vocabulary) any {
	r := NewProtocol(vocab).Render(out)
	return &r
}

// ModelView is the Claude hooks' part of the model view: the texts of
// their [Rendering], with their kind, placement and delivery.
func (claudeFormat) ModelView(out *runner.Outcome, vocab *translate.Vocabulary) []format.ModelText {
	return NewProtocol(vocab).Render(out).Texts
}

// ReadEvent reads a Claude Code hook payload (it has hook_event_name and
// names one of Claude's events) with score 1: formats whose payloads
// share Claude's names but carry more fields (Codex's turn_id) score
// higher.
func (claudeFormat) ReadEvent(data []byte, workspace string, vocab *translate.Vocabulary) (runner.Event, int, error) {
	var probe struct {
		Name *string `json:"hook_event_name"`
	}
	if err := json.Unmarshal(bytes.TrimPrefix(data, []byte("\ufeff")), &probe); err != nil || probe.Name == nil {
		return runner.Event{}, 0, nil
	}
	ev, err := NewProtocol(vocab).FromPayload(data, workspace)
	return ev, 1, err
}

// Vars are the variables Claude Code sets that hook commands use to find
// their scripts: CLAUDE_PROJECT_DIR and, for a plugin's hooks,
// CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA.
func (claudeFormat) Vars(h *settings.Hook, project string) map[string]string {
	vars := map[string]string{"CLAUDE_PROJECT_DIR": project}
	for _, k := range []string{"CLAUDE_PLUGIN_ROOT", "CLAUDE_PLUGIN_DATA"} {
		if v, ok := h.Env[k]; ok {
			vars[k] = v
		}
	}
	return vars
}

// ShimEvent names e as Claude Code does (PreToolUse for pre_tool).
func (claudeFormat) ShimEvent(e settings.Event) (string, bool) {
	if row := eventOf(e); row != nil {
		return row.name, true
	}
	return "", false
}

// ShimHook builds the Claude hook a shim command line runs: --event is a
// Claude event name, the timeout defaults to Claude's (600 s; 30 s on
// UserPromptSubmit, …), --matcher is a Claude matcher.
func (claudeFormat) ShimHook(s *format.ShimSpec) (*settings.Hook, error) {
	row := eventNamed(s.Event)
	if row == nil {
		return nil, fmt.Errorf("%w: --event %q is not a Claude Code event%s", format.ErrShimUsage, s.Event, hookkit.DidYouMean(s.Event, eventNames()))
	}
	h := &settings.Hook{
		Event: row.native, Protocol: Name,
		Timeout: handlerTimeout(s.Event, settings.TypeCommand),
		Source:  settings.Source{File: "flags", Format: Name, Event: s.Event},
	}
	s.ApplyTo(h)
	if s.Matcher != "" {
		h.Match, h.MatchSyntax = s.Matcher, Name
	}
	return h, nil
}

// handlerTimeout is Claude Code's timeout of a handler of type typ on
// event (claude §2.4): 600 s for command and http handlers (30 s on
// UserPromptSubmit, PreModelSwitch and PostModelSwitch, 10 s on
// MessageDisplay, 1.5 s on SessionEnd), 30 s for prompt and 60 s for agent
// handlers.
func handlerTimeout(event, typ string) time.Duration {
	switch typ {
	case settings.TypePrompt:
		return defaultPromptTimeout
	case settings.TypeAgent:
		return defaultAgentTimeout
	}
	if row := eventNamed(event); row != nil {
		return row.defaultTimeout()
	}
	return defaultCommandTimeout
}

// sourceFor describes a Claude file for translation: a file named
// hooks.json in a directory named hooks is a plugin's, so its hooks get
// CLAUDE_PLUGIN_ROOT (the plugin directory, absolute) and
// CLAUDE_PLUGIN_DATA (<home>/.claude/plugins/data/<plugin id>, claude
// §1.6); any other file is a settings file.
func sourceFor(path string, data []byte, home string) translate.Source {
	src := translate.Source{Path: path, Data: data, Scope: "settings"}
	if filepath.Base(path) == "hooks.json" && filepath.Base(filepath.Dir(path)) == "hooks" {
		root, _ := filepath.Abs(filepath.Dir(filepath.Dir(path)))
		src.Scope = ScopePlugin
		src.Env = map[string]string{
			"CLAUDE_PLUGIN_ROOT": root,
			"CLAUDE_PLUGIN_DATA": pluginDataDir(root, home),
		}
	}
	return src
}

// pluginDataDir is <home>/.claude/plugins/data/<id> for a plugin
// directory, with the directory's name as id (claude §1.6).
func pluginDataDir(root, home string) string {
	id := []byte(filepath.Base(root))
	for i, c := range id {
		if !(c == '_' || c == '-' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
			id[i] = '-'
		}
	}
	return filepath.Join(home, ".claude", "plugins", "data", string(id))
}

var (
	_ format.Renderer    = claudeFormat{}
	_ format.ModelViewer = claudeFormat{}
	_ format.EventReader = claudeFormat{}
	_ format.Linter      = claudeFormat{}
	_ format.Shimmer     = claudeFormat{}
	_ format.CommandVars = claudeFormat{}
)

// ShimMatch returns the native globs of an exact Claude matcher (a name
// list such as "Edit|Write" becomes edit and write; Task also selects
// Agent) with nothing left for the shim; any other matcher, and every
// matcher of a non-tool event, is left to the shim.
func (claudeFormat) ShimMatch(h *settings.Hook, vocab *translate.Vocabulary) ([]string, string) {
	if h.Match == "" || h.Match == "*" {
		return []string{""}, ""
	}
	if h.EffectiveMatchSyntax() == settings.MatchGlob {
		return []string{h.Match}, "" // a native glob already: the engine applies it
	}
	if row := eventOf(h.Event); row == nil || !row.isTool() || h.EffectiveMatchSyntax() != Name {
		return []string{""}, h.Match
	}
	m := compileMatcher(claudeName(h.Event), h.Match)
	names := m.Names()
	if m.IsRegex() || len(names) == 0 {
		return []string{""}, h.Match
	}
	if containsName(names, "Task") && !containsName(names, "Agent") {
		names = append(names, "Agent")
	}
	seen := map[string]bool{}
	var globs []string
	for _, n := range names {
		native := vocab.Name(Dialect, translate.Native, n)
		if back := vocab.Name(translate.Native, Dialect, native); back != n && n != "Task" {
			// Not a Claude name ("write" for Write): it matches no tool
			// in Claude Code, while the native glob would match the
			// native tool of that name. The shim applies Claude's rule.
			return []string{""}, h.Match
		}
		g := globEscape(native)
		if !seen[g] {
			seen[g] = true
			globs = append(globs, g)
		}
	}
	sort.Strings(globs)
	return globs, ""
}

func globEscape(s string) string {
	var b strings.Builder
	for _, c := range s {
		if strings.ContainsRune(`*?[\`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}

var _ format.ShimMatcher = claudeFormat{}
