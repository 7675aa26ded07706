package compat

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// CodeShimKept (a note): a hook of an input already calls the exec shim
// (a file convert wrote, read back), but the hook it wraps could not be
// told exactly — a grouped call, a call that does not parse, or a matcher
// of the converted file that has no exact equal in the wrapped hook's
// syntax — so the call itself is converted: the converted hook runs the
// shim, which runs the shim. It behaves the same, one process later.
const CodeShimKept = "shim-kept"

// unwrapShims replaces every hook of cfg that calls the exec shim — a
// converted hook read back from a file convert wrote, for any host — by
// the hook it wraps, in its own format, at the converted hook's position,
// so that every target writes that hook as it writes it from its source
// and never a second shim around the first: converting a converted file
// for its own host again gives the same bytes, and for another host what
// converting the source gives. The converted hook's statusMessage is kept
// (the shim carries none).
//
// Where the converted file selects the calls itself and the shim does
// not (exact tool names written as the host's matcher: Gemini CLI's
// ^(run_shell_command)$, a native match glob per tool, each its own
// [[hooks.pre_tool]] table), the wrapped hook's matcher is written back
// from those names in its own dialect — the native tables of one hook
// joined into one — and kept only when its format selects exactly the
// same tools with it; otherwise the hook is left as it is (a
// [CodeShimKept] note). For the native target a native hook calling the
// shim is already what the target writes, and is kept.
func unwrapShims(cfg *settings.Config, target string) []translate.Warning {
	var warns []translate.Warning
	out := cfg.Hooks[:0:0]
	hooks := cfg.Hooks
	// One handler a format loads under two events (Codex's PostToolUse
	// and its post_tool_failure twin) wraps one hook: it is unwrapped
	// once.
	type call struct {
		file      string
		line, col int
		argv      string
	}
	seen := map[call]bool{}
	for i := 0; i < len(hooks); i++ {
		h := &hooks[i]
		argv := h.Args
		if len(argv) == 0 && h.Command != "" {
			argv, _ = format.ShimCommandArgs(h.Command)
		}
		native := h.EffectiveProtocol() == settings.ProtocolNative
		if !format.IsShim(argv) || (native && target == TargetNative) {
			out = append(out, *h)
			continue
		}
		k := call{h.Source.File, h.Source.Line, h.Source.Col, strings.Join(argv, "\x00")}
		if seen[k] && h.Source.Line > 0 {
			continue
		}
		seen[k] = true
		// The native target writes one table per tool of an exact
		// matcher: its run of tables is one hook.
		n := 1
		if native && exactGlob(h.Match) {
			for n < len(hooks)-i && sameShimCall(h, &hooks[i+n]) {
				n++
			}
		}
		inner, why := unwrapOne(hooks[i:i+n], argv)
		if inner == nil {
			out = append(out, hooks[i:i+n]...)
			warns = append(warns, translate.Warning{File: h.Source.File, Line: h.Source.Line, Col: h.Source.Col, Code: CodeShimKept,
				Message: "this hook already calls the exec shim, but " + why + ": the call itself is converted (the shim runs the shim)"})
			i += n - 1
			continue
		}
		out = append(out, *inner)
		i += n - 1
	}
	cfg.Hooks = out
	return warns
}

// unwrapOne returns the hook that run, a converted hook (or the native
// tables of one) calling the shim with argv, wraps; nil and why when it
// cannot be told exactly.
func unwrapOne(run []settings.Hook, argv []string) (*settings.Hook, string) {
	outer := &run[0]
	spec, err := format.ParseShimArgs(argv[2:])
	if err != nil {
		return nil, "its call does not parse (" + err.Error() + ")"
	}
	if len(spec.Sources) > 0 {
		return nil, "it is a grouped call, which runs the hooks of its sources"
	}
	inner, err := spec.Hook()
	if err != nil {
		return nil, "the hook it wraps cannot be built (" + err.Error() + ")"
	}
	if spec.Matcher == "" {
		// The converted file selects the calls: its matcher is the
		// hook's, in the host's terms, unless the hook's own step fires
		// for those tools alone (Cursor's beforeShellExecution).
		globs, ok := outerGlobs(run)
		if !ok {
			return nil, fmt.Sprintf("its matcher %q has no exact equal in %s's matcher syntax", outer.Match, spec.Protocol)
		}
		if len(globs) > 0 && !selectsExactly(inner, globs) {
			spec.Matcher = dialectMatcher(globs, spec.Protocol)
			if inner, err = spec.Hook(); err != nil || !selectsExactly(inner, globs) {
				return nil, fmt.Sprintf("its matcher %q has no exact equal in %s's matcher syntax", outer.Match, spec.Protocol)
			}
		}
	}
	if inner.EffectiveType() == settings.TypeCommand && inner.Command == "" && len(inner.Args) == 0 {
		// A hook the target could not express (a prompt hook written as
		// a shim call of nothing): the call is all there is.
		return nil, "the hook it wraps runs nothing"
	}
	inner.Source = outer.Source
	inner.Source.Format, inner.Source.Event = inner.Protocol, spec.Event
	if inner.StatusMessage == "" {
		inner.StatusMessage = outer.StatusMessage
	}
	return inner, ""
}

// outerGlobs are the native tool globs the converted hooks of run select
// by their own matcher (nil: every call), and whether they are exact
// tool names.
func outerGlobs(run []settings.Hook) ([]string, bool) {
	outer := &run[0]
	if outer.Match == "" || outer.Match == "*" {
		return nil, true
	}
	var globs []string
	if outer.EffectiveProtocol() == settings.ProtocolNative {
		for i := range run {
			if !exactGlob(run[i].Match) {
				return nil, false
			}
			globs = append(globs, run[i].Match)
		}
		return globs, true
	}
	f, ok := format.Lookup(outer.EffectiveProtocol())
	if !ok {
		return nil, false
	}
	sm, ok := f.(format.ShimMatcher)
	if !ok {
		return nil, false
	}
	globs, rest := sm.ShimMatch(outer, translate.DefaultVocabulary)
	if rest != "" || len(globs) == 0 || slices.Contains(globs, "") {
		// A host matcher convert writes for exact tool names, which the
		// host's own ShimMatch leaves to the shim: ^(a|b)$, ^(?:a|b)$.
		return anchoredNames(outer.Match, translate.Dialect(outer.EffectiveProtocol()))
	}
	for _, g := range globs {
		if !exactGlob(g) {
			return nil, false
		}
	}
	return globs, true
}

// anchoredNames reads a regex that names whole tool names only —
// ^(a|b)$, ^(?:a|b)$ or ^a$, the names letters, digits and _ . - — as the
// native tools of those names in dialect d; ok is false for any other
// regex, or a name the vocabulary does not know.
func anchoredNames(re string, d translate.Dialect) ([]string, bool) {
	body, ok := strings.CutPrefix(re, "^")
	if ok {
		body, ok = strings.CutSuffix(body, "$")
	}
	if !ok || body == "" {
		return nil, false
	}
	if inner, grouped := strings.CutPrefix(body, "(?:"); grouped {
		body, ok = strings.CutSuffix(inner, ")")
	} else if inner, grouped := strings.CutPrefix(body, "("); grouped {
		body, ok = strings.CutSuffix(inner, ")")
	}
	if !ok {
		return nil, false
	}
	var globs []string
	for _, n := range strings.Split(body, "|") {
		if n == "" || strings.Trim(n, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != "" {
			return nil, false
		}
		t, known := translate.DefaultVocabulary.Lookup(d, n)
		if !known {
			// A tool the dialect has no name for passes as its native
			// name.
			if t, known = translate.DefaultVocabulary.Lookup(translate.Native, n); !known {
				return nil, false
			}
		}
		if !slices.Contains(globs, t.Native) {
			globs = append(globs, t.Native)
		}
	}
	return globs, true
}

// dialectMatcher names the native tools globs in protocol's dialect, as
// an alternation of names.
func dialectMatcher(globs []string, protocol string) string {
	var names []string
	for _, g := range globs {
		n := translate.DefaultVocabulary.Name(translate.Native, translate.Dialect(protocol), g)
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return strings.Join(names, "|")
}

// selectsExactly reports whether h's format selects exactly the native
// tools globs with h's matcher.
func selectsExactly(h *settings.Hook, globs []string) bool {
	f, ok := format.Lookup(h.EffectiveProtocol())
	if !ok {
		return false
	}
	sm, ok := f.(format.ShimMatcher)
	if !ok {
		return false
	}
	var got []string
	if ts, ok := f.(format.ToolScoper); ok {
		got = ts.ScopeTools(h)
	}
	if got == nil {
		var rest string
		if got, rest = sm.ShimMatch(h, translate.DefaultVocabulary); rest != "" {
			return false
		}
	}
	a, b := slices.Clone(got), slices.Clone(globs)
	sort.Strings(a)
	sort.Strings(b)
	return slices.Equal(slices.Compact(a), slices.Compact(b))
}

// exactGlob reports whether a native match glob names one tool.
func exactGlob(g string) bool { return g != "" && !strings.ContainsAny(g, "*?[]{}|") }

// sameShimCall reports whether b is another native table of the hook a
// is one of: the same event and shim call, another exact tool.
func sameShimCall(a, b *settings.Hook) bool {
	return b.EffectiveProtocol() == settings.ProtocolNative && a.Event == b.Event && slices.Equal(a.Args, b.Args) &&
		exactGlob(b.Match) && b.Match != a.Match && a.Timeout == b.Timeout && a.FailClosed == b.FailClosed && a.Async == b.Async
}
