package qwen

import (
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Version is the Qwen Code version whose behaviour the format reproduces.
const Version = "0.24.4"

// Format is the Qwen Code format, registered as "qwen": settings.json
// files (system defaults, system, user, workspace) and extensions, Qwen's
// runtime protocol (command, http and prompt hooks), its model view
// (`--render qwen`), lints, exec shim and host, and the convert target
// "qwen".
var Format format.Format = qwenFormat{agent}

func init() {
	format.Register(Format)
	format.RegisterTarget(geminicore.Target{Agent: agent})
}

// qwenFormat is the format; the methods it shares with Gemini CLI's
// (Name, ShimEvent, ShimHook, Vars, ReadEvent, ReadHostEvent, Discover)
// are its Agent's.
type qwenFormat struct{ *geminicore.Agent }

var (
	_ format.Renderer        = qwenFormat{}
	_ format.EventReader     = qwenFormat{}
	_ format.Host            = qwenFormat{}
	_ format.HostEventReader = qwenFormat{}
	_ format.Linter          = qwenFormat{}
	_ format.Shimmer         = qwenFormat{}
	_ format.ShimMatcher     = qwenFormat{}
	_ format.CommandVars     = qwenFormat{}
	_ format.ModelViewer     = qwenFormat{}
)

func (qwenFormat) Info() format.Info {
	return format.Info{
		Title:       "Qwen Code",
		Version:     Version,
		Flag:        "qwen",
		FlagUsage:   "Qwen Code settings.json or extension folder (repeatable)",
		Order:       35,
		BrokenCodes: []string{CodeInvalidFile},
		DropCodes:   []string{translate.CodeUnknownEvent, translate.CodeInvalidEntry},
	}
}

// Detect recognises a Qwen Code file: a JSON object (comments allowed)
// under a .qwen folder, a qwen-extension.json (or a folder holding one),
// or a settings file with Qwen's "$version" beside hooks, with
// Qwen-only events, or with a tool matcher naming one of Qwen's own tools
// (run_shell_command, write_file, …: Claude's event names with Qwen's
// tool names; read as Claude Code's, such a guard could never fire).
func (f qwenFormat) Detect(path string, data []byte) bool {
	if data == nil {
		return geminicore.IsFile(filepath.Join(path, "qwen-extension.json"))
	}
	sn := f.Sniff(path, data)
	if !sn.Object {
		return false
	}
	if sn.InDir || filepath.Base(path) == "qwen-extension.json" {
		return true
	}
	doc := sn.Doc()
	return doc != nil && ((doc.Root.Get("$version") != nil && doc.Root.Get("hooks") != nil) || f.OwnEvents(doc) || ownToolMatcher(doc))
}

// matcherWords are the names a matcher's text is made of.
var matcherWords = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`[A-Za-z0-9_]+`) }}

// ownToolMatcher reports whether a group's matcher names a tool by Qwen
// Code's own name (lower case, as no name of the agents whose files look
// alike is).
func ownToolMatcher(doc *geminicore.Doc) bool {
	for _, ev := range geminicore.Members(doc.Root.Get("hooks")) {
		if ev.Value.Kind != jsonpos.Array {
			continue
		}
		for _, g := range ev.Value.Items {
			m := g.Get("matcher")
			if m == nil || m.Kind != jsonpos.String {
				continue
			}
			for _, w := range matcherWords.Get().FindAllString(m.Str, -1) {
				if w[0] < 'a' || w[0] > 'z' {
					continue
				}
				if t, ok := translate.DefaultVocabulary.Lookup(Dialect, w); ok && t.Name(Dialect) == w {
					return true
				}
			}
		}
	}
	return false
}

// Translate reads one Qwen file for convert, without the rules across
// files: comments and a byte order mark stripped; $VAR references are not
// expanded with this machine's environment (the hooks carry the option
// expand_vars, so the protocol expands them when they run);
// disableAllHooks is reported, not applied.
func (qwenFormat) Translate(src translate.Source) (*settings.Config, []translate.Warning, error) {
	doc, err := geminicore.Parse(src.Path, src.Data, geminicore.ParseOptions{Comments: true, StripBOM: true})
	if err != nil {
		return nil, nil, err
	}
	scope := src.Scope
	if scope == "" {
		scope = ScopeCLI
	}
	var p *parsed
	if filepath.Base(src.Path) == "qwen-extension.json" {
		p = &parsed{doc: doc, scope: ScopeExtension}
		if h := doc.Root.Get("hooks"); h != nil {
			abs, _ := filepath.Abs(filepath.Dir(src.Path))
			decodeHooks(p, h, abs)
		}
	} else {
		p = decodeSettings(doc, scope)
	}
	x := expander(func(string) (string, bool) { return "", false }, nil)
	cfg := &settings.Config{}
	for _, h := range p.hooks {
		if x.HasRefs(h.Command) {
			if h.Options == nil {
				h.Options = map[string]string{}
			}
			h.Options["expand_vars"] = "true"
		}
		cfg.Hooks = append(cfg.Hooks, h)
	}
	warns := p.doc.Warnings()
	if p.disable != nil && *p.disable {
		warns = append(warns, translate.Warning{File: src.Path, Code: CodeDisabled,
			Message: "disableAllHooks is true: Qwen Code runs no hook with this file (convert keeps the hooks)"})
	}
	return cfg, warns, nil
}

func (qwenFormat) Protocol(vocab *translate.Vocabulary) runner.Protocol { return NewProtocol(vocab) }

// Render is [Protocol.Render]: a *[Rendering].
func (qwenFormat) Render(out *runner.Outcome, vocab *translate.Vocabulary) any {
	r := NewProtocol(vocab).Render(out)
	return &r
}

// hostOnly reports the keys of Qwen's payloads Claude Code never sends
// (timestamp, the synthetic tool_use_id — a hook of another format gets
// Qwen's tool_call_id as its tool_use_id —, Stop's crons and context
// counters, source_type, source_id), which a shim hook of another format
// does not get ([format.HostEventReader]).
func hostOnly(key string) bool {
	switch key {
	case "timestamp", "tool_use_id", "crons", "context_usage", "context_limit", "input_tokens", "source_type", "source_id":
		return true
	}
	return false
}

// shimTimeout is Qwen's default timeout of a hook built from a shim
// command line: 60 s for a command, 600 s for an http hook.
func shimTimeout(s *format.ShimSpec) time.Duration {
	if s.URL != "" {
		return DefaultHTTPTimeout
	}
	return DefaultCommandTimeout
}

// ShimMatch returns the native globs of a Qwen tool matcher that is a
// list of exact tool names (canonical, display or alias names), and leaves
// every other matcher to the shim.
func (qwenFormat) ShimMatch(h *settings.Hook, vocab *translate.Vocabulary) ([]string, string) {
	m := trimMatcher(h.Match)
	if m == "" || m == "*" || m == ".*" {
		return []string{""}, ""
	}
	if r, ok := agent.ForNative(h.Event); !ok || r.Match != geminicore.MatchTool {
		return []string{""}, h.Match
	}
	var globs []string
	for _, part := range splitList(m) {
		name := canonical(trimEntry(part))
		if name == "" || strings.ContainsAny(name, `*?[\^$().+{}`) {
			return []string{""}, h.Match
		}
		globs = append(globs, vocab.Name(Dialect, translate.Native, name))
	}
	return globs, ""
}

// canonical is the canonical Qwen tool name an exact matcher entry names
// (itself when it is one, or the tool whose alias it is), or "" when it
// names no known tool.
func canonical(name string) string {
	if _, ok := toolAliases.Get()[name]; ok {
		return name
	}
	for c, als := range toolAliases.Get() {
		for _, a := range als {
			if a == name {
				return c
			}
		}
	}
	return ""
}
