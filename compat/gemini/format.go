package gemini

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Version is the Gemini CLI version whose behaviour the format reproduces
// (the recordings it was checked against).
const Version = "0.61.0"

// Format is the Gemini CLI format, registered as "gemini": settings.json
// files (system defaults, user, workspace, system) and extensions'
// hooks/hooks.json, Gemini's runtime protocol, its model view
// (`--render gemini`), its lints, its exec shim and host, and the convert
// target "gemini".
var Format format.Format = geminiFormat{}

func init() {
	format.Register(Format)
	format.RegisterTarget(target{})
}

type geminiFormat struct{}

var (
	_ format.Renderer    = geminiFormat{}
	_ format.EventReader = geminiFormat{}
	_ format.Host        = geminiFormat{}
	_ format.Linter      = geminiFormat{}
	_ format.Shimmer     = geminiFormat{}
	_ format.ShimMatcher = geminiFormat{}
	_ format.CommandVars = geminiFormat{}
)

func (geminiFormat) Name() string { return settings.ProtocolGemini }

func (geminiFormat) Info() format.Info {
	return format.Info{
		Title:       "Gemini CLI",
		Version:     Version,
		Flag:        "gemini",
		FlagUsage:   "Gemini CLI settings.json or extension hooks/hooks.json (repeatable)",
		Order:       30,
		BrokenCodes: []string{CodeInvalidFile},
		DropCodes:   []string{translate.CodeUnknownEvent, translate.CodeInvalidEntry, CodeEventBroken},
	}
}

// Detect recognises a Gemini CLI file: a JSON object (comments allowed)
// under a .gemini folder, an extension's hooks/hooks.json, or a settings
// file whose hooks use Gemini-only event names or that has hooksConfig.
func (geminiFormat) Detect(path string, data []byte) bool {
	if data == nil {
		return false
	}
	clean, _ := geminicore.StripComments(bytes.TrimPrefix(data, []byte("\ufeff")))
	t := bytes.TrimSpace(clean)
	if len(t) == 0 || t[0] != '{' {
		return false
	}
	if inDir(path, ".gemini") || isExtensionHooks(path) {
		return true
	}
	doc, err := geminicore.Parse(path, data, geminicore.ParseOptions{Comments: true, StripBOM: true})
	if err != nil {
		return false
	}
	if doc.Root.Get("hooksConfig") != nil {
		return true
	}
	for _, m := range geminicore.Members(doc.Root.Get("hooks")) {
		if _, claude := translate.NativeEvent(m.Key); !claude {
			if _, ok := Event(m.Key); ok {
				return true
			}
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

// Translate reads one Gemini file for convert, without the rules across
// files ([Format.Load]): comments stripped, a byte order mark an error as
// in Gemini CLI. $VAR references are not expanded with this machine's
// environment: the hooks carry the option expand_vars, so that the
// protocol expands them when they run, with the environment of the
// engine that runs them (what Gemini CLI does at load with its own).
// hooksConfig switches are reported, not applied.
func (geminiFormat) Translate(src translate.Source) (*settings.Config, []translate.Warning, error) {
	scope := src.Scope
	if scope == "" {
		if isExtensionHooks(src.Path) {
			scope = ScopeExtension
		} else {
			scope = ScopeCLI
		}
	}
	doc, err := geminicore.Parse(src.Path, src.Data, parseOptions(scope))
	if err != nil {
		return nil, nil, err
	}
	if scope == ScopeExtension {
		abs, _ := filepath.Abs(src.Path)
		doc.Expand = extensionHydrator(abs, "${workspacePath}")
	}
	p := decodeFile(doc, scope, scope == ScopeExtension)
	cfg := &settings.Config{}
	x := settingsExpander(nil)
	for _, h := range p.hooks {
		if scope != ScopeExtension && (x.HasRefs(h.Command) || envHasRefs(x, h.Env)) {
			if h.Options == nil {
				h.Options = map[string]string{}
			}
			h.Options["expand_vars"] = "true"
		}
		cfg.Hooks = append(cfg.Hooks, withTwins(h)...)
	}
	warns := p.doc.Warnings()
	if p.enabled != nil && !*p.enabled {
		warns = append(warns, translate.Warning{File: src.Path, Code: CodeDisabled,
			Message: "hooksConfig.enabled is false: Gemini CLI runs no hook with this file (convert keeps the hooks)"})
	}
	if len(p.disabled) > 0 {
		warns = append(warns, translate.Warning{File: src.Path, Code: CodeDisabled,
			Message: fmt.Sprintf("hooksConfig.disabled lists %s: Gemini CLI does not run those hooks (convert keeps them)", strings.Join(p.disabled, ", "))})
	}
	for ev := range p.broken {
		warns = append(warns, translate.Warning{File: src.Path, Code: CodeEventBroken,
			Message: fmt.Sprintf("a %s matcher is not a string: Gemini CLI runs no %s hook with this file (convert keeps the others)", ev, ev)})
	}
	return cfg, warns, nil
}

func envHasRefs(x geminicore.Expander, env map[string]string) bool {
	for _, v := range env {
		if x.HasRefs(v) {
			return true
		}
	}
	return false
}

func (geminiFormat) Protocol(vocab *translate.Vocabulary) runner.Protocol { return NewProtocol(vocab) }

// Render is [Protocol.Render]: a *[Rendering].
func (geminiFormat) Render(out *runner.Outcome, vocab *translate.Vocabulary) any {
	r := NewProtocol(vocab).Render(out)
	return &r
}

// ReadEvent reads a Gemini CLI hook payload ([FromPayload]). It scores 3
// — above Claude Code's 1 — when the payload is surely Gemini's: an event
// only Gemini has (BeforeTool, AfterAgent, …), or a shared name
// (SessionStart, SessionEnd, Notification) with Gemini's timestamp and
// without Qwen Code's permission_mode.
func (geminiFormat) ReadEvent(data []byte, workspace string, vocab *translate.Vocabulary) (runner.Event, int, error) {
	name, keys, ok := probe(data)
	if !ok {
		return runner.Event{}, 0, nil
	}
	if _, known := Event(name); !known {
		return runner.Event{}, 0, nil
	}
	_, claude := translate.NativeEvent(name)
	if claude && (!keys["timestamp"] || keys["permission_mode"]) {
		return runner.Event{}, 0, nil
	}
	ev, err := FromPayload(data, workspace, vocab)
	return ev, 3, err
}

// probe returns a payload's hook_event_name and its top-level keys.
func probe(data []byte) (string, map[string]bool, bool) {
	var f runner.Fields
	if err := f.UnmarshalJSON(bytes.TrimPrefix(data, []byte("\ufeff"))); err != nil {
		return "", nil, false
	}
	keys := map[string]bool{}
	for _, kv := range f {
		keys[kv.Key] = true
	}
	v, ok := f.Get("hook_event_name")
	if !ok {
		return "", nil, false
	}
	var name string
	if err := jsonUnmarshalString(v, &name); err != nil {
		return "", nil, false
	}
	return name, keys, true
}

// ReadHostEvent reads the payload Gemini CLI sent a shim hook of another
// format (format.HostEventReader): the event of [FromPayload] without
// Gemini's own extra fields (timestamp, llm_request, mcp_context, …),
// which the hook's own agent never sends it.
func (geminiFormat) ReadHostEvent(data []byte, workspace, protocol string) (runner.Event, error) {
	ev, err := FromPayload(data, workspace, nil)
	if err != nil {
		return ev, err
	}
	if protocol != settings.ProtocolGemini {
		ev.Extra = nil
	}
	return ev, nil
}

// Vars are the variables Gemini CLI sets for hook commands to find their
// scripts: GEMINI_PROJECT_DIR, GEMINI_CWD and CLAUDE_PROJECT_DIR (the
// project).
func (geminiFormat) Vars(h *settings.Hook, project string) map[string]string {
	return map[string]string{"GEMINI_PROJECT_DIR": project, "GEMINI_CWD": project, "CLAUDE_PROJECT_DIR": project}
}

// ShimEvent names e as Gemini CLI does (BeforeTool for pre_tool; AfterTool
// for post_tool and post_tool_failure).
func (geminiFormat) ShimEvent(e settings.Event) (string, bool) {
	r, ok := ForNative(e)
	if !ok {
		return "", false
	}
	return r.Name, true
}

// ShimHook builds the Gemini hook a shim command line runs: --event is a
// Gemini CLI event name (its native event, or the one the option event
// names among those the Gemini event covers), the timeout defaults to
// Gemini's 60 s, --matcher is a Gemini matcher.
func (geminiFormat) ShimHook(s *format.ShimSpec) (*settings.Hook, error) {
	r, ok := Event(s.Event)
	if !ok {
		return nil, fmt.Errorf("%w: --event %q is not a Gemini CLI event (%s)", format.ErrShimUsage, s.Event, strings.Join(EventNames(), ", "))
	}
	h := &settings.Hook{
		Event: r.Native, Protocol: settings.ProtocolGemini, Timeout: DefaultTimeout,
		Source: settings.Source{File: "flags", Format: settings.ProtocolGemini, Event: s.Event},
	}
	s.ApplyTo(h)
	if e := settings.Event(h.Options["event"]); e != "" {
		for _, a := range r.Also {
			if a == e {
				h.Event = e
			}
		}
	}
	if s.Matcher != "" {
		h.Match, h.MatchSyntax = s.Matcher, settings.MatchGemini
	}
	return h, nil
}

// ShimMatch leaves every Gemini matcher to the shim (a Gemini regex is
// unanchored and names Gemini's tools; it cannot become native globs),
// except "" and "*".
func (geminiFormat) ShimMatch(h *settings.Hook, _ *translate.Vocabulary) ([]string, string) {
	if m := geminicore.TrimJS(h.Match); m == "" || m == "*" {
		return []string{""}, ""
	}
	return []string{""}, h.Match
}
