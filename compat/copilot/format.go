package copilot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Version is the Copilot CLI version whose behaviour the format
// reproduces (the recordings it was checked against).
const Version = "1.0.102"

// Format is the GitHub Copilot CLI format, registered as "copilot" with
// the conversion target "copilot".
var Format format.Format = copilotFormat{}

func init() {
	format.Register(Format)
	format.RegisterTarget(target{})
}

type copilotFormat struct{}

var (
	_ format.Renderer        = copilotFormat{}
	_ format.EventReader     = copilotFormat{}
	_ format.Host            = copilotFormat{}
	_ format.HostEventReader = copilotFormat{}
	_ format.Linter          = copilotFormat{}
	_ format.Shimmer         = copilotFormat{}
	_ format.ShimMatcher     = copilotFormat{}
	_ format.CommandVars     = copilotFormat{}
	_ format.ModelViewer     = copilotFormat{}
)

func (copilotFormat) Name() string { return Name }

func (copilotFormat) Info() format.Info {
	return format.Info{
		Title:       "GitHub Copilot CLI",
		Version:     Version,
		Flag:        "copilot",
		FlagUsage:   "Copilot CLI hooks file (.github/hooks/*.json, ~/.copilot/hooks/*.json or settings.json) (repeatable)",
		Order:       35,
		BrokenCodes: []string{CodeInvalidFile},
		DropCodes:   []string{CodeSkipped, translate.CodeUnknownEvent, translate.CodeInvalidMatcher, CodeNotRunHere},
	}
}

// Detect recognises a .json file in a .github/hooks or .copilot/hooks
// folder, and a JSON object whose "hooks" has an event only Copilot has
// (userPromptSubmitted, agentStop, errorOccurred, …) or an entry with
// Copilot's keys (bash, powershell, timeoutSec).
func (copilotFormat) Detect(path string, data []byte) bool {
	if data == nil {
		return false
	}
	dir := filepath.Base(filepath.Dir(path))
	parent := filepath.Base(filepath.Dir(filepath.Dir(path)))
	if strings.HasSuffix(path, ".json") && dir == "hooks" && (parent == ".github" || parent == ".copilot") {
		return true
	}
	var probe struct {
		Hooks map[string][]map[string]json.RawMessage `json:"hooks"`
	}
	if json.Unmarshal(bytes.TrimPrefix(data, []byte("\ufeff")), &probe) != nil {
		return false
	}
	for name, entries := range probe.Hooks {
		if r, pascal, ok := rowOf(name); ok && r.Own && !pascal {
			return true
		}
		for _, e := range entries {
			for _, k := range []string{"bash", "powershell", "timeoutSec"} {
				if _, ok := e[k]; ok {
					return true
				}
			}
		}
	}
	return false
}

func (copilotFormat) Discover(env *format.Env) format.Discovery { return discover(env) }

func (copilotFormat) Load(srcs []format.Source, env *format.Env) (*format.Result, error) {
	return load(srcs, env)
}

// Translate reads one Copilot hooks file for convert (or Copilot's
// settings.json, or a Claude settings file Copilot reads, by where it
// is), without the cross-source rules of Load.
func (copilotFormat) Translate(src translate.Source) (*settings.Config, []translate.Warning, error) {
	scope := src.Scope
	if scope == "" {
		scope = ScopeCLI
		if abs, err := filepath.Abs(src.Path); err == nil {
			switch {
			case filepath.Base(abs) == "settings.json" && filepath.Base(filepath.Dir(abs)) == ".copilot":
				scope = ScopeSettings
			case filepath.Base(filepath.Dir(abs)) == ".claude":
				scope = ScopeClaude
			}
		}
	}
	s := format.Source{Format: Name, Path: src.Path, Scope: scope}
	out, err := decodeSource(s, src.Data)
	if err != nil {
		return nil, nil, err
	}
	cfg := &settings.Config{Hooks: out.hooks}
	if out.disabled {
		if n := len(cfg.Hooks); n > 0 {
			out.warnings = append(out.warnings, translate.Warning{File: src.Path, Code: CodeDisabled,
				Message: fmt.Sprintf("disableAllHooks is true: Copilot runs none of the file's %d hook(s)", n)})
		}
		cfg.Hooks = nil
	}
	return cfg, out.warnings, nil
}

func (copilotFormat) Protocol(vocab *translate.Vocabulary) runner.Protocol { return NewProtocol(vocab) }

// Render is [Protocol.Render]: a *[Rendering].
func (copilotFormat) Render(out *runner.Outcome, vocab *translate.Vocabulary) any {
	r := NewProtocol(vocab).Render(out)
	return &r
}

// Vars are the variables Copilot sets that commands use to find their
// scripts: COPILOT_PROJECT_DIR, CLAUDE_PROJECT_DIR and the hooks file's
// COPILOT_HOOK_DIR.
func (copilotFormat) Vars(h *settings.Hook, project string) map[string]string {
	vars := map[string]string{EnvProjectDir: project, EnvClaudeProjectDir: project}
	if v, ok := h.Env[EnvHookDir]; ok {
		vars[EnvHookDir] = v
	}
	return vars
}

// ReadEvent reads a Copilot hook payload with score 4, above every other
// format's reader: a camelCase payload (sessionId then timestamp, or
// permissionRequest's hookName first), or a PascalCase one whose keys
// start hook_event_name, session_id, timestamp (no other agent writes a
// timestamp third). Anything else scores 0.
func (copilotFormat) ReadEvent(data []byte, workspace string, vocab *translate.Vocabulary) (runner.Event, int, error) {
	if !isCopilotPayload(data) {
		return runner.Event{}, 0, nil
	}
	ev, _, _, err := NewProtocol(vocab).FromPayload(data, workspace)
	return ev, 4, err
}

func isCopilotPayload(data []byte) bool {
	var fields runner.Fields
	if json.Unmarshal(bytes.TrimPrefix(data, []byte("\ufeff")), &fields) != nil || len(fields) < 3 {
		return false
	}
	k := func(i int) string { return fields[i].Key }
	switch {
	case k(0) == "hookName":
		return true
	case k(0) == "sessionId" && k(1) == "timestamp":
		return true
	case len(fields) >= 4 && k(0) == "hook_event_name" && k(1) == "session_id" && k(2) == "timestamp":
		return true
	}
	return false
}

// ShimEvent names native event e by its camelCase Copilot key
// (preToolUse for pre_tool).
func (copilotFormat) ShimEvent(e settings.Event) (string, bool) {
	r, ok := rowFor(e)
	if !ok {
		return "", false
	}
	return r.Camel, true
}

// ShimHook builds the Copilot hook a shim command line runs: --event is
// a Copilot event key — camelCase or PascalCase, which chooses the
// payload dialect (an --option dialect=pascal does too) — the timeout
// defaults to Copilot's 30 s, --matcher is a Copilot matcher.
func (copilotFormat) ShimHook(spec *format.ShimSpec) (*settings.Hook, error) {
	r, pascalKey, ok := rowOf(spec.Event)
	if !ok {
		return nil, fmt.Errorf("%w: --event %q is not a Copilot event (known: %s)%s", format.ErrShimUsage, spec.Event, strings.Join(EventNames(), ", "), hookkit.DidYouMean(spec.Event, EventNames()))
	}
	h := &settings.Hook{Event: r.Native, Protocol: Name, Timeout: DefaultTimeout,
		Source: settings.Source{File: "flags", Format: Name, Event: spec.Event}}
	spec.ApplyTo(h)
	if pascalKey {
		if h.Options == nil {
			h.Options = map[string]string{}
		}
		h.Options[OptionDialect] = DialectPascal
	}
	if spec.Matcher != "" {
		if err := cachedMatcher(spec.Matcher, pascal(h)).Err(); err != nil {
			return nil, fmt.Errorf("%w: --matcher: %v", format.ErrShimUsage, err)
		}
		h.Match, h.MatchSyntax = spec.Matcher, Name
	}
	return h, nil
}

var nameList = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_]+(\|[A-Za-z0-9_]+)*$`) }}

// ShimMatch returns the native globs of a Copilot matcher that is a list
// of tool names (bash|view → shell, read; a PascalCase hook's Bash too),
// with nothing left for the shim; a regular expression, and a matcher on
// another event, is left to the shim.
func (copilotFormat) ShimMatch(h *settings.Hook, vocab *translate.Vocabulary) ([]string, string) {
	if h.Match == "" {
		return []string{""}, ""
	}
	r, ok := rowFor(h.Event)
	if !ok || !r.toolEvent() || h.EffectiveMatchSyntax() != Name || !nameList.Get().MatchString(h.Match) {
		return []string{""}, h.Match
	}
	if vocab == nil {
		vocab = translate.DefaultVocabulary
	}
	seen := map[string]bool{}
	var globs []string
	for _, n := range strings.Split(h.Match, "|") {
		names := []string{n}
		if pascal(h) {
			names = []string{camelName(n)}
		}
		for _, c := range names {
			g := vocab.Name(Dialect, translate.Native, c)
			if !seen[g] {
				seen[g] = true
				globs = append(globs, g)
			}
		}
	}
	sort.Strings(globs)
	return globs, ""
}
