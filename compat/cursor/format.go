package cursor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Format is the Cursor format, registered as "cursor" with the
// conversion target "cursor".
var Format format.Format = cursorFormat{}

func init() {
	format.Register(Format)
	format.RegisterTarget(target{})
}

type cursorFormat struct{}

var (
	_ format.Renderer        = cursorFormat{}
	_ format.EventReader     = cursorFormat{}
	_ format.Host            = cursorFormat{}
	_ format.HostEventReader = cursorFormat{}
	_ format.Linter          = cursorFormat{}
	_ format.Shimmer         = cursorFormat{}
	_ format.ShimMatcher     = cursorFormat{}
	_ format.ToolScoper      = cursorFormat{}
	_ format.CommandVars     = cursorFormat{}
)

func (cursorFormat) Name() string { return Name }

func (cursorFormat) Info() format.Info {
	return format.Info{
		Title:       "Cursor",
		Version:     DefaultCursorVersion,
		Basis:       "documentation and integrators; Cursor is closed source",
		Flag:        "cursor",
		FlagUsage:   "Cursor hooks.json (repeatable)",
		Order:       40,
		BrokenCodes: []string{CodeInvalidFile},
		DropCodes:   []string{CodeRejected, translate.CodeUnknownEvent, translate.CodeInvalidEntry, translate.CodeInvalidMatcher},
	}
}

// Detect recognises a hooks.json in a .cursor folder, and any JSON object
// with a numeric "version" and a "hooks" object of flat entries (each an
// object with "command" or "type", not Claude's matcher groups) under at
// least one Cursor step: a plugin's hooks-cursor.json, or a file Cursor
// would reject for a misspelt step.
func (cursorFormat) Detect(path string, data []byte) bool {
	if data == nil {
		return false
	}
	if filepath.Base(filepath.Dir(path)) == ".cursor" && filepath.Base(path) == "hooks.json" {
		return true
	}
	var probe struct {
		Version json.Number                             `json:"version"`
		Hooks   map[string][]map[string]json.RawMessage `json:"hooks"`
	}
	if json.Unmarshal(bytes.TrimPrefix(data, []byte("\ufeff")), &probe) != nil || probe.Version == "" || len(probe.Hooks) == 0 {
		return false
	}
	steps := 0
	for name, entries := range probe.Hooks {
		if stepNamed(name) != nil {
			steps++
		}
		for _, e := range entries {
			if _, nested := e["hooks"]; nested {
				return false
			}
			_, cmd := e["command"]
			_, typ := e["type"]
			if !cmd && !typ {
				return false
			}
		}
	}
	return steps > 0
}

// Translate reads one hooks.json for convert (translateFile); its scope is
// the one its path implies (a plugin's hooks/hooks.json gets the plugin's
// CURSOR_PLUGIN_ROOT).
func (cursorFormat) Translate(src translate.Source) (*settings.Config, []translate.Warning, error) {
	home, _ := os.UserHomeDir()
	wd, _ := os.Getwd()
	env := &format.Env{Project: wd, Home: home}
	if src.Scope == "" {
		src.Scope = ScopeCLI
		if scopeOf(src.Path, env) == ScopePlugin {
			src.Scope = ScopePlugin
		}
	}
	if src.Scope == ScopePlugin && src.Env == nil {
		_, src.Env = placement(src.Path, ScopePlugin, wd)
	}
	return translateFile(src)
}

func (cursorFormat) Protocol(vocab *translate.Vocabulary) runner.Protocol { return NewProtocol(vocab) }

// Vars are the variables Cursor sets that commands use to find their
// scripts (cursor §6): CURSOR_PROJECT_DIR, its alias CLAUDE_PROJECT_DIR,
// and a plugin's CURSOR_PLUGIN_ROOT and CLAUDE_PLUGIN_ROOT.
func (cursorFormat) Vars(h *settings.Hook, project string) map[string]string {
	vars := map[string]string{"CURSOR_PROJECT_DIR": project, "CLAUDE_PROJECT_DIR": project}
	for _, k := range []string{"CURSOR_PLUGIN_ROOT", "CLAUDE_PLUGIN_ROOT"} {
		if v, ok := h.Env[k]; ok {
			vars[k] = v
		}
	}
	return vars
}

// ReadEvent reads a Cursor hook payload (its hook_event_name is a Cursor
// step) with score 3, above Claude Code's and Codex's readers: Cursor's
// steps are camelCase and its payloads carry conversation_id,
// generation_id and workspace_roots. Anything else scores 0.
func (cursorFormat) ReadEvent(data []byte, workspace string, vocab *translate.Vocabulary) (runner.Event, int, error) {
	var probe struct {
		Name *string `json:"hook_event_name"`
	}
	if err := json.Unmarshal(bytes.TrimPrefix(data, []byte("\ufeff")), &probe); err != nil || probe.Name == nil || stepNamed(*probe.Name) == nil {
		return runner.Event{}, 0, nil
	}
	ev, _, err := NewProtocol(vocab).FromPayload(data, workspace)
	return ev, 3, err
}

// ShimEvent names native event e by its generic Cursor step
// (preToolUse for pre_tool).
func (cursorFormat) ShimEvent(e settings.Event) (string, bool) {
	if s := genericStep(e); s != nil {
		return s.Name, true
	}
	return "", false
}

// ShimHook builds the Cursor hook a shim command line runs: --event is a
// Cursor step (a "step" option, as the native target writes it, names a
// tool-specific one), the timeout defaults to Cursor's 60 s, --matcher is
// a Cursor matcher, --option loop_limit=N its loop_limit.
func (cursorFormat) ShimHook(spec *format.ShimSpec) (*settings.Hook, error) {
	s := stepNamed(spec.Event)
	if s == nil {
		return nil, fmt.Errorf("%w: --event %q is not a Cursor step (known: %s)%s", format.ErrShimUsage, spec.Event, strings.Join(stepNames(), ", "), hookkit.DidYouMean(spec.Event, stepNames()))
	}
	if name := spec.Options[OptionStep]; name != "" {
		st := stepNamed(name)
		if st == nil || st.Event != s.Event {
			return nil, fmt.Errorf("%w: --option step=%s is not a Cursor step of %s", format.ErrShimUsage, name, s.Event)
		}
		s = st
	}
	h := &settings.Hook{
		Event: s.Event, Protocol: Name, Timeout: DefaultTimeout,
		Source: settings.Source{File: "flags", Format: Name, Event: s.Name},
	}
	spec.ApplyTo(h)
	if s.Specific() {
		h.Options = withOption(h.Options, OptionStep, s.Name)
	} else {
		delete(h.Options, OptionStep)
		if len(h.Options) == 0 {
			h.Options = nil
		}
	}
	if spec.Matcher != "" {
		h.Match, h.MatchSyntax = spec.Matcher, Name
	}
	return h, nil
}

// ShimMatch returns the native globs of the tools a tool-specific step
// fires for (shell for beforeShellExecution; mcp__* and MCP:* for the MCP steps;
// read; write, edit and multi_edit for afterFileEdit) with the hook's
// Cursor matcher left to the shim; a generic step selects every call.
func (cursorFormat) ShimMatch(h *settings.Hook, _ *translate.Vocabulary) ([]string, string) {
	s := stepOf(h)
	rest := h.Match
	if rest == "*" {
		rest = ""
	}
	switch s.Tools {
	case toolsShell:
		return []string{"shell"}, rest
	case toolsMCP:
		return []string{"MCP:*", "mcp__*"}, rest
	case toolsRead:
		return []string{"read"}, rest
	case toolsEdit:
		return []string{"edit", "multi_edit", "write"}, rest
	}
	return []string{""}, rest
}

// ScopeTools returns the native tool globs a tool-specific step fires for
// (shell for beforeShellExecution, as [cursorFormat.ShimMatch] lists
// them), or nil for a generic step, which fires for every call.
func (f cursorFormat) ScopeTools(h *settings.Hook) []string {
	if s := stepOf(h); s == nil || !s.Specific() {
		return nil
	}
	globs, _ := f.ShimMatch(h, nil)
	return globs
}

// ThirdPartyScopes: with "Include third-party configs" on, Cursor runs
// the hooks of Claude Code's user, project and local settings
// (cursor: config; documentation only).
func (cursorFormat) ThirdPartyScopes(other string) []string {
	if other == "claude" {
		return []string{"user", "project", "local"}
	}
	return nil
}

var _ format.ThirdPartyReader = cursorFormat{}
