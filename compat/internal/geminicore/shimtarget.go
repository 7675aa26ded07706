package geminicore

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// ShimMargin is how much longer than the shim's own timeout a converted
// hook's timeout is in the agent's settings: the shim stops the wrapped
// hook at its timeout and must still answer before the agent kills it.
const ShimMargin = 2 * time.Second

// NamePrefix starts the name of every handler a convert target writes;
// WriteInPlace replaces groups made only of such handlers.
const NamePrefix = "hc-"

// Target describes one agent (Gemini CLI, Qwen Code) as a convert target
// whose settings file calls the exec shim.
type Target struct {
	// Host is the agent's format name (--host of the shim).
	Host string
	// Events are the agent's event names in its table order.
	Events []string
	// Event is the agent's event for a native event, and whether it has
	// one.
	Event func(e settings.Event) (string, bool)
	// Own writes a hook of the agent's own protocol as it is (no shim).
	Own func(h *settings.Hook) (Handler, bool)
	// Skip reports hooks that another hook already covers (an AfterTool
	// hook's post_tool_failure twin).
	Skip func(h *settings.Hook) bool
	// ToolMatcher writes the agent's matcher that selects exactly the
	// given native tools, or false when it cannot.
	ToolMatcher func(native []string) (string, bool)
	// Timeout is a shim handler's timeout in the agent's unit for a hook
	// whose own timeout is d (the margin added).
	Timeout func(d time.Duration) int64
	// Notes are the warnings about what the agent does differently with a
	// converted hook of event (in the agent's name), one per construct.
	Notes func(h *settings.Hook, event string) []string
}

// Write writes cfg for t: the agent's hooks object (into opts.Existing
// when given, keeping every other byte), every hook that is not the
// agent's own calling `<shim> exec --host <agent> --protocol <fmt> …` so
// that it runs unchanged; what the agent cannot express is a warning
// with the hook's position.
func (t *Target) Write(cfg *settings.Config, opts *format.TargetOptions) (*format.Output, error) {
	shim := opts.Shim
	if shim == "" {
		shim = "hookcompat"
	}
	out := &format.Output{}
	warn := func(h *settings.Hook, code, msg string) {
		out.Warnings = append(out.Warnings, translate.Warning{File: h.Source.File, Line: h.Source.Line, Col: h.Source.Col, Code: code, Message: msg})
	}
	var handlers []Handler
	perEvent := map[string]int{}
	names := map[string]bool{}
	for i := range cfg.Hooks {
		h := &cfg.Hooks[i]
		if h.EffectiveProtocol() == settings.ProtocolNative && format.IsShim(h.Args) {
			// A converted native hook that calls the shim: convert the
			// hook it runs.
			if _, inner, err := format.ParseShim(h.Args); err == nil {
				inner.Source = h.Source
				h = inner
			}
		}
		if t.Skip != nil && t.Skip(h) {
			continue
		}
		if h.EffectiveProtocol() == t.Host && t.Own != nil {
			if hd, ok := t.Own(h); ok {
				handlers = append(handlers, hd)
				continue
			}
		}
		event, ok := t.Event(h.Event)
		if !ok {
			warn(h, translate.CodeUnknownEvent, fmt.Sprintf("%s has no %s event: the hook is left out", eventLabel(h), t.Host))
			continue
		}
		matcher, shimMatcher := "", h.Match
		if h.Event.ToolEvent() {
			if sm, ok := lookupShimMatcher(h); ok {
				globs, rest := sm.ShimMatch(h, translate.DefaultVocabulary)
				if rest == "" && !(len(globs) == 1 && globs[0] == "") {
					if m, ok := t.ToolMatcher(globs); ok {
						matcher, shimMatcher = m, ""
					}
				} else if rest == "" {
					shimMatcher = ""
				}
			}
		}
		spec, err := format.SpecOf(h, shimMatcher)
		if err != nil {
			warn(h, translate.CodeUnsupportedHandler, fmt.Sprintf("%s: %v; the hook is left out", eventLabel(h), err))
			continue
		}
		spec.Host = t.Host
		if spec.Dir != "" {
			spec.Dir = format.RelPath(spec.Dir, opts.Project)
		}
		cmd := ShellQuoteArgs(format.ShimArgs(shim, spec))
		name := handlerName(h, event, cmd, names)
		timeout := h.EffectiveTimeout()
		handlers = append(handlers, Handler{Event: event, Matcher: matcher, Name: name, Command: cmd, Timeout: t.Timeout(timeout)})
		out.Wrapped++
		perEvent[event]++
		if perEvent[event] == 2 {
			warn(h, "merge-differs", fmt.Sprintf("several converted hooks on %s: %s runs them in parallel and merges their answers by its own rules (reasons joined, the last tool_input wins whole), which can differ from the source agent's merge", event, t.Host))
		}
		if h.Async {
			warn(h, translate.CodeUnsupportedField, fmt.Sprintf("%s: async — %s waits for every hook, so the shim runs it in the foreground (its decisions still have no effect)", eventLabel(h), t.Host))
		}
		if h.EffectiveType() == settings.TypePrompt || h.EffectiveType() == settings.TypeAgent {
			warn(h, translate.CodeUnsupportedHandler, fmt.Sprintf("%s: a %s hook needs the embedding agent's judge; the shim reports it as not runnable under %s", eventLabel(h), h.EffectiveType(), t.Host))
		}
		if t.Notes != nil {
			for _, n := range t.Notes(h, event) {
				warn(h, translate.CodeUnsupportedField, eventLabel(h)+": "+n)
			}
		}
	}
	build := func(keep []KeptEvent, indent, unit string) []byte {
		return HooksValue(handlers, t.Events, keep, indent, unit)
	}
	if opts.Existing == nil {
		v := build(nil, "  ", "  ")
		out.Data = append(append([]byte("{\n  \"hooks\": "), v...), []byte("\n}\n")...)
		return out, nil
	}
	isEvent := func(k string) bool {
		for _, e := range t.Events {
			if e == k {
				return true
			}
		}
		return false
	}
	ip, err := WriteInPlace("the existing file", opts.Existing, isEvent, func(g *jsonpos.Node) bool { return OwnGroup(g, t.Host) }, build)
	if err != nil {
		return nil, err
	}
	// The file's own hook groups (ip.Kept of them) stay before the
	// converted ones; that is no warning: nothing is lost, and --strict
	// must not refuse a file because its owner wrote hooks in it.
	out.Data = ip.Data
	return out, nil
}

// OwnGroup reports whether a hooks group was written by convert for host:
// every handler is named hc-… and calls `… exec --host <host> …`.
func OwnGroup(g *jsonpos.Node, host string) bool {
	hs := g.Get("hooks")
	if hs == nil || hs.Kind != jsonpos.Array || len(hs.Items) == 0 {
		return false
	}
	for _, h := range hs.Items {
		n, c := h.Get("name"), h.Get("command")
		if n == nil || c == nil || !strings.HasPrefix(n.Str, NamePrefix) || !strings.Contains(c.Str, " exec --host "+host+" ") {
			return false
		}
	}
	return true
}

func lookupShimMatcher(h *settings.Hook) (format.ShimMatcher, bool) {
	f, ok := format.Lookup(h.EffectiveProtocol())
	if !ok {
		return nil, false
	}
	sm, ok := f.(format.ShimMatcher)
	return sm, ok
}

// eventLabel names a hook's event as its source wrote it.
func eventLabel(h *settings.Hook) string {
	if h.Source.Event != "" {
		return h.Source.Event
	}
	return string(h.Event)
}

// handlerName is a stable unique name for a converted handler: hc- and a
// short hash of its event and command (the agents run identical
// name:command hooks once, and Qwen Code registers hooks by name).
func handlerName(h *settings.Hook, event, cmd string, taken map[string]bool) string {
	sum := sha256.Sum256([]byte(event + "\x00" + cmd))
	base := NamePrefix + strings.ToLower(event) + "-" + hex.EncodeToString(sum[:])[:10]
	name := base
	for i := 2; taken[name]; i++ {
		name = fmt.Sprintf("%s-%d", base, i)
	}
	taken[name] = true
	return name
}
