package gemini

import (
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
var Format format.Format = geminiFormat{agent}

func init() {
	format.Register(Format)
	format.RegisterTarget(geminicore.Target{Agent: agent})
}

// geminiFormat is the format; the methods it shares with Qwen Code's
// (Name, ShimEvent, ShimHook, Vars, ReadEvent, ReadHostEvent, Discover)
// are its Agent's.
type geminiFormat struct{ *geminicore.Agent }

var (
	_ format.Renderer        = geminiFormat{}
	_ format.EventReader     = geminiFormat{}
	_ format.Host            = geminiFormat{}
	_ format.HostEventReader = geminiFormat{}
	_ format.Linter          = geminiFormat{}
	_ format.Shimmer         = geminiFormat{}
	_ format.ShimMatcher     = geminiFormat{}
	_ format.CommandVars     = geminiFormat{}
	_ format.ModelViewer     = geminiFormat{}
)

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
func (f geminiFormat) Detect(path string, data []byte) bool {
	if data == nil {
		return false
	}
	sn := f.Sniff(path, data)
	if !sn.Object {
		return false
	}
	if sn.InDir || isExtensionHooks(path) {
		return true
	}
	doc := sn.Doc()
	return doc != nil && (doc.Root.Get("hooksConfig") != nil || f.OwnEvents(doc))
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
		cfg.Hooks = append(cfg.Hooks, agent.WithTwins(h)...)
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

// ShimMatch leaves every Gemini matcher to the shim (a Gemini regex is
// unanchored and names Gemini's tools; it cannot become native globs),
// except "" and "*".
func (geminiFormat) ShimMatch(h *settings.Hook, _ *translate.Vocabulary) ([]string, string) {
	if m := geminicore.TrimJS(h.Match); m == "" || m == "*" {
		return []string{""}, ""
	}
	return []string{""}, h.Match
}
