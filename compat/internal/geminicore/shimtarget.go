package geminicore

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
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

// Target is an agent as a convert target: its settings file, whose hooks
// call the exec shim, written whole or into an existing file (its hooks
// object replaced, every other byte kept, comments included). Register
// one per agent (format.RegisterTarget).
type Target struct{ Agent *Agent }

var _ format.InPlaceTarget = Target{}

// Name is the agent's format name.
func (t Target) Name() string { return t.Agent.Proto }

// InPlace reports that the target writes into an existing settings file.
func (Target) InPlace() bool { return true }

// Write writes cfg as the agent's hooks: the agent's own command hooks as
// they are ([Agent.OwnHandler]), every other hook as a handler of the
// agent's event calling `<shim> exec --host <agent> --protocol <fmt>
// --event <its event> … -- <command>`, named hc-<hash> (the agents run
// identical name:command hooks once, and Qwen Code registers hooks by
// name), with a timeout in the agent's unit [ShimMargin] above the hook's
// own (the shim stops the hook first). The command is quoted so that
// neither the agents' load-time $VAR expansion nor Gemini CLI's run-time
// $GEMINI_PROJECT_DIR replacement can touch it ([ShellQuoteArgs]). A
// matcher naming tools exactly becomes an anchored regex of the agent's
// tool names (^(run_shell_command|write_file)$); any other is applied by
// the shim. A hook on an event the agent does not have is left out, with
// a warning; so is what the agent cannot express, and what it does
// differently is a warning with the hook's position (the row's notes).
// With opts.Existing only the converted groups of that file change
// ([Target.writeInPlace]); the file's own hook groups stay before the
// converted ones.
func (t Target) Write(cfg *settings.Config, opts *format.TargetOptions) (*format.Output, error) {
	a := t.Agent
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
		r, ok := a.ForNative(h.Event)
		own := h.EffectiveProtocol() == a.Proto
		if own && ok && r.Native != h.Event {
			continue // the twin of a hook on the row's own event
		}
		if own && ok && h.Command != "" && (a.OwnHandler == nil || a.OwnHandler(h)) {
			handlers = append(handlers, Handler{Event: r.Name, Matcher: h.Match, Name: h.Name, Command: h.Command,
				Timeout: a.TimeoutUnit(h.EffectiveTimeout()), Env: h.Env, Sequential: h.Options["sequential"] == "true", StatusMessage: a.status(h)})
			continue
		}
		if !ok {
			warn(h, translate.CodeUnknownEvent, fmt.Sprintf("%s has no %s event: the hook is left out", eventLabel(h), a.Proto))
			continue
		}
		event := r.Name
		matcher, shimMatcher := "", h.Match
		if r.Match == MatchTool {
			if sm, ok := lookupShimMatcher(h); ok {
				globs, rest := sm.ShimMatch(h, translate.DefaultVocabulary)
				if rest == "" && !(len(globs) == 1 && globs[0] == "") {
					if m, ok := a.toolMatcher(globs); ok {
						matcher, shimMatcher = m, ""
					}
					if missing := a.missingTools(globs, translate.Dialect(h.EffectiveProtocol())); len(missing) > 0 {
						// An alternative naming a tool the agent does not
						// have never fires: say so, even when others do.
						warn(h, translate.CodeUnsupportedField, fmt.Sprintf("%s matcher %q: %s has no tool for %s, so that alternative never fires: the hook runs for the other tools only", eventLabel(h), h.Match, a.Title, strings.Join(missing, ", ")))
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
		spec.Host = a.Proto
		if spec.Dir != "" {
			spec.Dir = format.RelPath(spec.Dir, opts.Project)
		}
		cmd := format.ShimLine(format.ShimArgs(shim, spec), true)
		name := handlerName(h, event, cmd, names)
		handlers = append(handlers, Handler{Event: event, Matcher: matcher, Name: name, Command: cmd, Timeout: a.TimeoutUnit(h.EffectiveTimeout() + ShimMargin), StatusMessage: a.status(h)})
		out.Wrapped++
		perEvent[event]++
		if perEvent[event] == 2 {
			warn(h, "merge-differs", fmt.Sprintf("several converted hooks on %s: %s runs them in parallel and merges their answers by its own rules (reasons joined, the last tool_input wins whole), which can differ from the source agent's merge", event, a.Proto))
		}
		if h.Async {
			warn(h, translate.CodeUnsupportedField, fmt.Sprintf("%s: async — %s waits for every hook, so the shim runs it in the foreground (its decisions still have no effect)", eventLabel(h), a.Proto))
		}
		if h.EffectiveType() == settings.TypePrompt || h.EffectiveType() == settings.TypeAgent {
			warn(h, translate.CodeUnsupportedHandler, fmt.Sprintf("%s: a %s hook needs the embedding agent's judge; the shim reports it as not runnable under %s", eventLabel(h), h.EffectiveType(), a.Proto))
		}
		// The rows' notes are about some replies only (translate.ClassNote).
		if r.Note != "" && h.Event == r.Native {
			warn(h, translate.CodeUnsupportedField, eventLabel(h)+": "+r.Note)
			out.Warnings[len(out.Warnings)-1].Class = translate.ClassNote
		}
		if r.ClaudeNote != "" && h.EffectiveProtocol() == "claude" {
			warn(h, translate.CodeUnsupportedField, eventLabel(h)+": "+r.ClaudeNote)
			out.Warnings[len(out.Warnings)-1].Class = translate.ClassNote
		}
	}
	events := a.EventNames()
	build := func(keep []KeptEvent, indent, unit string) []byte {
		return HooksValue(handlers, events, keep, indent, unit)
	}
	if opts.Existing == nil {
		v := build(nil, "  ", "  ")
		out.Data = append(append([]byte("{\n  \"hooks\": "), v...), []byte("\n}\n")...)
		return out, nil
	}
	v := build(nil, "  ", "  ")
	fresh := append(append([]byte("{\n  \"hooks\": "), v...), []byte("\n}\n")...)
	data, warns, err := t.writeInPlace(fresh, opts)
	if err != nil {
		return nil, err
	}
	// The file's own hook groups stay before the converted ones; that is
	// no warning: nothing is lost, and --strict must not refuse a file
	// because its owner wrote hooks in it.
	out.Data = data
	out.Warnings = append(out.Warnings, warns...)
	return out, nil
}

// toolMatcher is the agent's anchored regex selecting exactly the given
// native tools (^(a|b)$: a list that names no tool exactly is tried by
// Qwen Code as an unanchored regex, and Gemini CLI's regex is unanchored),
// or false when one is a glob.
func (a *Agent) toolMatcher(native []string) (string, bool) {
	vocab := translate.DefaultVocabulary
	var names []string
	for _, n := range native {
		if strings.ContainsAny(n, `*?[\`) {
			return "", false
		}
		names = append(names, regexp.QuoteMeta(a.toolName(vocab, n)))
	}
	return "^(" + strings.Join(names, "|") + ")$", true
}

// missingTools are the native tool names among globs that the agent has
// no tool for (a plain name, not a glob), in the hook format's words
// where it has some.
func (a *Agent) missingTools(globs []string, hook translate.Dialect) []string {
	vocab := translate.DefaultVocabulary
	var out []string
	for _, n := range globs {
		if n == "" || strings.ContainsAny(n, `*?[\`) || strings.HasPrefix(n, "mcp__") {
			continue
		}
		t, ok := vocab.Lookup(translate.Native, n)
		if ok && t.Name(a.Vocab) != "" {
			continue
		}
		if name := vocab.Name(translate.Native, hook, n); name != "" {
			n = name
		}
		out = append(out, n)
	}
	return out
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
