package qwen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
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
var Format format.Format = qwenFormat{}

func init() {
	format.Register(Format)
	format.RegisterTarget(target{})
}

type qwenFormat struct{}

var (
	_ format.Renderer        = qwenFormat{}
	_ format.EventReader     = qwenFormat{}
	_ format.Host            = qwenFormat{}
	_ format.HostEventReader = qwenFormat{}
	_ format.Linter          = qwenFormat{}
	_ format.Shimmer         = qwenFormat{}
	_ format.ShimMatcher     = qwenFormat{}
	_ format.CommandVars     = qwenFormat{}
)

func (qwenFormat) Name() string { return settings.ProtocolQwen }

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
// under a .qwen folder, a qwen-extension.json, or a settings file with
// Qwen's "$version" or disableAllHooks beside Qwen-only events.
func (qwenFormat) Detect(path string, data []byte) bool {
	if data == nil {
		return isFile(filepath.Join(path, "qwen-extension.json"))
	}
	clean, _ := geminicore.StripComments(bytes.TrimPrefix(data, []byte("\ufeff")))
	t := bytes.TrimSpace(clean)
	if len(t) == 0 || t[0] != '{' {
		return false
	}
	if inDir(path, ".qwen") || filepath.Base(path) == "qwen-extension.json" {
		return true
	}
	doc, err := geminicore.Parse(path, data, geminicore.ParseOptions{Comments: true, StripBOM: true})
	if err != nil {
		return false
	}
	if doc.Root.Get("$version") != nil && doc.Root.Get("hooks") != nil {
		return true
	}
	for _, m := range geminicore.Members(doc.Root.Get("hooks")) {
		switch m.Key {
		case "TodoCreated", "TodoCompleted", "SessionDelete":
			return true
		}
	}
	return false
}

func inDir(path, dir string) bool {
	for _, el := range strings.Split(filepath.ToSlash(filepath.Dir(path)), "/") {
		if el == dir {
			return true
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

// qwenOnly are event names Claude Code does not have.
var qwenOnly = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"TodoCreated": true, "TodoCompleted": true, "SessionDelete": true}
}}

// ReadEvent reads a Qwen Code hook payload ([FromPayload]). It scores 3 —
// above Claude Code's 1 — for an event only Qwen has, or a Claude-named
// event with both Qwen's timestamp and its permission_mode (Claude sends
// no timestamp, Gemini CLI no permission_mode).
func (qwenFormat) ReadEvent(data []byte, workspace string, vocab *translate.Vocabulary) (runner.Event, int, error) {
	var f runner.Fields
	if err := f.UnmarshalJSON(bytes.TrimPrefix(data, []byte("\ufeff"))); err != nil {
		return runner.Event{}, 0, nil
	}
	v, ok := f.Get("hook_event_name")
	if !ok {
		return runner.Event{}, 0, nil
	}
	var name string
	if json.Unmarshal(v, &name) != nil {
		return runner.Event{}, 0, nil
	}
	if _, known := Event(name); !known {
		return runner.Event{}, 0, nil
	}
	_, ts := f.Get("timestamp")
	_, pm := f.Get("permission_mode")
	if !qwenOnly.Get()[name] && !(ts && pm) {
		return runner.Event{}, 0, nil
	}
	ev, err := FromPayload(data, workspace, vocab)
	return ev, 3, err
}

// ReadHostEvent reads the payload Qwen Code sent a shim hook of another
// format (format.HostEventReader): the event of [FromPayload] without the
// keys Claude Code never sends (timestamp, the synthetic tool_use_id —
// the hook gets Qwen's tool_call_id as its tool_use_id —, duration_ms,
// Stop's crons and context counters, …).
func (qwenFormat) ReadHostEvent(data []byte, workspace, protocol string) (runner.Event, error) {
	ev, err := FromPayload(data, workspace, nil)
	if err != nil || protocol == settings.ProtocolQwen {
		return ev, err
	}
	var keep runner.Fields
	for _, kv := range ev.Extra {
		switch kv.Key {
		case "timestamp", "tool_use_id", "crons", "context_usage", "context_limit", "input_tokens", "source_type", "source_id":
		default:
			keep = append(keep, kv)
		}
	}
	ev.Extra = keep
	return ev, nil
}

// Vars are the variables Qwen Code sets for hook commands:
// QWEN_PROJECT_DIR, CLAUDE_PROJECT_DIR and GEMINI_PROJECT_DIR (the project).
func (qwenFormat) Vars(h *settings.Hook, project string) map[string]string {
	return map[string]string{"QWEN_PROJECT_DIR": project, "CLAUDE_PROJECT_DIR": project, "GEMINI_PROJECT_DIR": project}
}

// ShimEvent names e as Qwen Code does.
func (qwenFormat) ShimEvent(e settings.Event) (string, bool) {
	r, ok := ForNative(e)
	if !ok {
		return "", false
	}
	return r.Name, true
}

// ShimHook builds the Qwen hook a shim command line runs: --event is a
// Qwen Code event name, the timeout defaults to Qwen's (60 s command,
// 600 s http, 30 s prompt), --matcher is a Qwen matcher.
func (qwenFormat) ShimHook(s *format.ShimSpec) (*settings.Hook, error) {
	r, ok := Event(s.Event)
	if !ok {
		return nil, fmt.Errorf("%w: --event %q is not a Qwen Code event (%s)", format.ErrShimUsage, s.Event, strings.Join(EventNames(), ", "))
	}
	h := &settings.Hook{
		Event: r.Native, Protocol: settings.ProtocolQwen, Timeout: DefaultCommandTimeout,
		Source: settings.Source{File: "flags", Format: settings.ProtocolQwen, Event: s.Event},
	}
	if s.URL != "" {
		h.Timeout = DefaultHTTPTimeout
	}
	s.ApplyTo(h)
	if s.Matcher != "" {
		h.Match, h.MatchSyntax = s.Matcher, settings.MatchQwen
	}
	return h, nil
}

// ShimMatch returns the native globs of a Qwen tool matcher that is a
// list of exact tool names (canonical, display or alias names), and leaves
// every other matcher to the shim.
func (qwenFormat) ShimMatch(h *settings.Hook, vocab *translate.Vocabulary) ([]string, string) {
	m := trimMatcher(h.Match)
	if m == "" || m == "*" || m == ".*" {
		return []string{""}, ""
	}
	if !h.Event.ToolEvent() {
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

// DefaultTimeout is Qwen Code's timeout of a handler of type typ.
func DefaultTimeout(typ string) time.Duration {
	switch typ {
	case settings.TypeHTTP:
		return DefaultHTTPTimeout
	case settings.TypePrompt:
		return DefaultPromptTimeout
	}
	return DefaultCommandTimeout
}
