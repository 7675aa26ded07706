package native

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Target names (the same as format.TargetNative and
// format.TargetHookcompat).
const (
	// TargetNative is TOML that a plain engine implementing the native spec
	// runs as is: foreign hooks become args = ["hookcompat", "exec", …]
	// hooks, so their scripts run unchanged with their own protocol, and
	// only native fields are used.
	TargetNative = format.TargetNative
	// TargetHookcompat is TOML using hookcompat's extension fields
	// (protocol, match_syntax, env, …), for agents that embed hookcompat.
	TargetHookcompat = format.TargetHookcompat
)

// Codes of warnings produced for the native target.
const (
	// CodeNotForNative marks a hook a plain native engine cannot run;
	// left out.
	CodeNotForNative = "not-for-plain-native"
	// CodeAsyncFirst marks an async hook of a format that runs one
	// event's hooks in parallel (Claude Code), written before the event's
	// other hooks: a native engine stops at the first block (HK-20),
	// where the home agent starts async hooks with the rest whatever they
	// decide. First, it runs as it does at home (its decisions count for
	// nothing there either); the engine waits for it, where the home agent
	// would not.
	CodeAsyncFirst = "async-runs-first"
	// CodeDedupDiffers marks a hook whose command is already a hook of
	// the same event, in a format that runs identical handlers once per
	// event (Claude Code), when both can run for one call: the home agent
	// runs it once, a native engine runs each copy. Both are kept (no
	// hook is dropped).
	CodeDedupDiffers = "dedup-differs"
	// CodeMergeDiffers marks the second of two wrapped hooks of a format
	// that runs one event's hooks in parallel (Claude Code) and that can
	// fire for the same call of an event whose block stops the action: a
	// native engine runs them one after another, stops at the first block
	// (HK-20) and keeps the first updated_args (HK-60), where the home
	// agent runs them in parallel, keeps the strongest decision and the
	// last updated input. Once per event.
	CodeMergeDiffers = "merge-differs"
)

type nativeTarget struct{}

func (nativeTarget) Name() string { return TargetNative }

// SchemaURL is the JSON Schema of native TOML (docs/hooks.schema.json)
// that converted files name on their first line, `#:schema URL`, for
// editors that validate and complete TOML from a schema (Taplo, Even
// Better TOML). A file converted again keeps its own #:schema line.
const SchemaURL = "https://raw.githubusercontent.com/hookcompat/hookcompat/main/docs/hooks.schema.json"

// Write encodes cfg for a plain native engine (see wrapForNative).
func (nativeTarget) Write(cfg *settings.Config, opts *format.TargetOptions) (*format.Output, error) {
	shim := opts.Shim
	if shim == "" {
		shim = "hookcompat"
	}
	home := homeOf(opts)
	wrapped, n, warns := wrapForNative(cfg, shim, opts.Project, home)
	schema, rest := splitSchema(opts.Header)
	header := header(TargetNative, rest, opts, home)
	if n > 0 && !converted(rest, TargetNative) {
		header = append(header, "Foreign hooks run unchanged through `"+shim+" exec` (hookcompat must be on PATH).")
	}
	data := encode(wrapped, schema, header)
	if opts.Existing != nil {
		merged, more, err := writeInPlace(TargetNative, data, opts)
		if err != nil {
			return nil, err
		}
		data, warns = merged, append(warns, more...)
	}
	return &format.Output{Data: data, Warnings: warns, Wrapped: n}, nil
}

type hookcompatTarget struct{}

func (hookcompatTarget) Name() string { return TargetHookcompat }

// Write encodes cfg as it is, extension fields included.
func (hookcompatTarget) Write(cfg *settings.Config, opts *format.TargetOptions) (*format.Output, error) {
	schema, rest := splitSchema(opts.Header)
	data := encode(cfg, schema, header(TargetHookcompat, rest, opts, homeOf(opts)))
	var warns []translate.Warning
	if opts.Existing != nil {
		merged, more, err := writeInPlace(TargetHookcompat, data, opts)
		if err != nil {
			return nil, err
		}
		data, warns = merged, more
	}
	return &format.Output{Data: data, Warnings: warns}, nil
}

// homeOf is the home directory whose paths converted files write under
// "~": opts.Home, else the user's.
func homeOf(opts *format.TargetOptions) string {
	if opts.Home != "" {
		return opts.Home
	}
	home, _ := os.UserHomeDir()
	return home
}

// header is the provenance header: the inputs (under the project
// relative to it, under the home with ~), or — converting a converted
// file again — its own header, so that the output is byte-identical
// (idempotence).
func header(target string, own []string, opts *format.TargetOptions, home string) []string {
	if converted(own, target) {
		return own
	}
	h := []string{"Native hooks converted by hookcompat (target " + target + ") from:"}
	for _, in := range opts.Inputs {
		h = append(h, "  "+portableFile(in, opts.Project, home))
	}
	return h
}

// splitSchema takes a #:schema line (":schema URL" as a decoded header
// holds it) off the top of a header: the URL converted files name
// (SchemaURL unless the input named its own), and the rest.
func splitSchema(h []string) (string, []string) {
	if len(h) > 0 {
		if url, ok := strings.CutPrefix(h[0], ":schema "); ok && strings.TrimSpace(url) != "" {
			return strings.TrimSpace(url), h[1:]
		}
	}
	return SchemaURL, h
}

func converted(h []string, target string) bool {
	return len(h) > 0 && strings.HasPrefix(h[0], "Native hooks converted by hookcompat (target "+target+")")
}

func encode(cfg *settings.Config, schema string, header []string) []byte {
	var buf bytes.Buffer
	buf.WriteString("#:schema " + schema + "\n")
	_ = settings.Encode(&buf, cfg, settings.EncodeOptions{Header: header, Provenance: true})
	return buf.Bytes()
}

// portableFile writes an absolute file name of a provenance comment
// relative to project, or under ~ for home; other names as they are.
func portableFile(name, project, home string) string {
	if !filepath.IsAbs(name) {
		return name
	}
	rp, rh := format.RelPath(name, project), ""
	if home != "" {
		rh = format.RelPath(name, home)
	}
	inHome := rh != "" && rh != name
	if rp != name && !(inHome && len(home) > len(project)) {
		return filepath.ToSlash(rp)
	}
	if inHome {
		return "~/" + filepath.ToSlash(rh)
	}
	return name
}

// wrapForNative rewrites cfg for a plain native engine and returns it with the
// number of hooks that run through the shim and a warning for everything
// not carried over exactly. Native hooks are kept. Each foreign command
// or http hook becomes native args hooks running the exec shim
// (args = [shim, "exec", …], no shell): a matcher its format can write as
// exact native globs becomes one native hook per glob, any other is
// passed to the shim, which applies it; hooks of a format that groups
// ([ShimGrouper]) run through one shim call per group. Timeouts and
// fail_closed are kept. Prompt and agent hooks become native prompt hooks
// (HK-63) with a warning; hooks of extension events are kept with an
// extension-event warning (a plain engine may not fire them). Nothing is
// left out without a warning.
//
// The output is portable (it works in another clone, for another user):
// paths of the shim calls under project are written relative to it (a
// native engine runs hooks in the workspace, and the shim resolves them
// there), paths under home with "~" ([format.ShimSpec.Portable]), and so
// are the file names of the provenance comments.
//
// A hook that repeats the command of another of its event, in a format
// that runs identical handlers once per event (Claude Code), gets a
// dedup-differs warning when both can run for one call: a native engine
// runs each copy. Both are kept.
//
// Async hooks of a format that runs an event's hooks in parallel keep
// running when another hook of the event blocks, as at home: they are
// written before the event's other hooks, with an async-runs-first
// warning (once per event), on events where a native engine stops at the
// first block.
func wrapForNative(cfg *settings.Config, shim, project, home string) (*settings.Config, int, []translate.Warning) {
	out := &settings.Config{}
	var warns []translate.Warning
	wrapped := 0
	groups := map[string]int{} // group key -> index in out.Hooks
	// Native globs of the wrapped hooks of parallel formats so far, per
	// event ("" is every call), for CodeMergeDiffers.
	parallelGlobs := map[settings.Event]map[string]bool{}
	mergeWarned := map[settings.Event]bool{}
	warn := func(h *settings.Hook, code, msg string) {
		warns = append(warns, translate.Warning{File: h.Source.File, Line: h.Source.Line, Col: h.Source.Col, Code: code, Message: msg})
	}
	vocab := translate.DefaultVocabulary
	asyncAt := map[int]*settings.Hook{} // wrapped async hooks by index in out.Hooks
	var wrappedKeys []dupCandidate      // wrapped hooks of formats that run identical hooks once
	for i := range cfg.Hooks {
		h := cfg.Hooks[i]
		if h.EffectiveProtocol() == settings.ProtocolNative && h.EffectiveMatchSyntax() == settings.MatchGlob && len(h.Env) == 0 && !h.Async && h.Shell == "" {
			out.Hooks = append(out.Hooks, h)
			continue
		}
		if h.EffectiveProtocol() == settings.ProtocolNative {
			warn(&h, CodeNotForNative, "the hook uses hookcompat extension fields (match_syntax, env, shell or async) that a plain native engine does not know; left out (it runs with --target hookcompat)")
			continue
		}
		f, ok := format.Lookup(h.EffectiveProtocol())
		var shimmer format.Shimmer
		if ok {
			shimmer, ok = f.(format.Shimmer)
		}
		if !ok {
			warn(&h, CodeNotForNative, fmt.Sprintf("protocol %q has no exec shim; hook left out (it runs with --target hookcompat)", h.EffectiveProtocol()))
			continue
		}
		if g, ok := f.(format.ShimGrouper); ok {
			if key, call := g.ShimGroup(&h, shim, project); key != "" {
				if at, seen := groups[key]; seen {
					g.MergeShimGroup(&out.Hooks[at], &h)
					continue
				}
				wrapped++
				groups[key] = len(out.Hooks)
				if spec, err := format.ParseShimArgs(call.Args[2:]); err == nil {
					spec.Portable(project, home)
					call.Args = format.ShimArgs(call.Args[0], spec)
				}
				call.Source.File = portableFile(call.Source.File, project, home)
				out.Hooks = append(out.Hooks, *call)
				continue
			}
		}
		event, _ := shimmer.ShimEvent(h.Event)
		if !h.Event.Native() {
			warn(&h, translate.CodeExtensionEvent, fmt.Sprintf("%s is not an event of the native spec: a plain native engine may never fire [hooks.%s] (hookcompat does); kept", firstNonEmpty(h.Source.Event, event), h.Event))
		}
		matches, rest := []string{""}, h.Match
		if sm, ok := f.(format.ShimMatcher); ok {
			matches, rest = sm.ShimMatch(&h, vocab)
		}
		if t := h.EffectiveType(); t == settings.TypePrompt || t == settings.TypeAgent {
			p := settings.Hook{Event: h.Event, Type: settings.TypePrompt, Prompt: h.Prompt, Model: h.Model, Timeout: h.Timeout, FailClosed: h.FailClosed, Source: h.Source}
			p.Match = matches[0]
			warn(&h, translate.CodeUnsupportedHandler, fmt.Sprintf("a %s %s handler becomes a native prompt hook (HK-63): the native judge answers in the native reply schema, not %s's", f.Info().Title, t, f.Info().Title))
			out.Hooks = append(out.Hooks, p)
			continue
		}
		spec, err := format.SpecOf(&h, rest)
		if err != nil {
			warn(&h, CodeNotForNative, err.Error()+"; hook left out (it runs with --target hookcompat)")
			continue
		}
		if k := dedupKey(f, &h); k != "" {
			wrappedKeys = append(wrappedKeys, dupCandidate{key: k, hook: &cfg.Hooks[i], globs: matches, rest: rest,
				all: len(matches) == 1 && matches[0] == "" && rest == "" && h.If == ""})
		}
		spec.Portable(project, home)
		wrapped++
		if parallel(f, h.Event) && h.Event != settings.PostTool && h.Event != settings.PostToolFailure && !h.Async && !mergeWarned[h.Event] {
			for _, m := range matches {
				if parallelGlobs[h.Event][m] || parallelGlobs[h.Event][""] || (m == "" && len(parallelGlobs[h.Event]) > 0) {
					mergeWarned[h.Event] = true
					warn(&h, CodeMergeDiffers, fmt.Sprintf("another %s hook of %s can run for the same call: as separate native hooks they run one after another, the first block stops the rest (HK-20) and the first updated_args wins (HK-60), where %s runs them in parallel, keeps the strongest decision and the last updated input; --target hookcompat keeps its merge", f.Info().Title, firstNonEmpty(h.Source.Event, event), f.Info().Title))
					break
				}
			}
			if parallelGlobs[h.Event] == nil {
				parallelGlobs[h.Event] = map[string]bool{}
			}
			for _, m := range matches {
				parallelGlobs[h.Event][m] = true
			}
		}
		src := h.Source
		src.File = portableFile(src.File, project, home)
		for _, m := range matches {
			out.Hooks = append(out.Hooks, settings.Hook{
				Event:      h.Event,
				Match:      m,
				Args:       format.ShimArgs(shim, spec),
				Timeout:    h.Timeout,
				FailClosed: h.FailClosed,
				Source:     src,
			})
			if h.Async && parallel(f, h.Event) {
				asyncAt[len(out.Hooks)-1] = &cfg.Hooks[i]
			}
		}
	}
	warns = append(warns, dedupe(wrappedKeys)...)
	warns = append(warns, asyncFirst(out, asyncAt)...)
	return out, wrapped, warns
}

// dupCandidate is a wrapped hook of a format that runs identical handlers
// of one event once: its key (event and protocol dedup key) and the calls
// it selects (native globs, the matcher left to the shim; all when every
// call).
type dupCandidate struct {
	key, rest string
	globs     []string
	all       bool
	hook      *settings.Hook
}

// dedupe returns a dedup-differs warning for every wrapped hook that
// repeats the command of an earlier hook of its event whose calls can
// overlap with its own (either selects every call, or they share a
// native glob, or a matcher left to the shim makes it unknown): the home
// agent runs the command once for such a call, a native engine runs each
// copy. Both copies are kept, so that no hook its author wrote is lost.
func dedupe(cands []dupCandidate) []translate.Warning {
	var warns []translate.Warning
	for i, c := range cands {
		for _, p := range cands[:i] {
			if p.key != c.key || !overlap(p, c) {
				continue
			}
			h := c.hook
			warns = append(warns, translate.Warning{File: h.Source.File, Line: h.Source.Line, Col: h.Source.Col, Code: CodeDedupDiffers,
				Message: fmt.Sprintf("the same command is already a %s hook of this event (%s): for a call both select, %s runs it once, a native engine runs each copy", firstNonEmpty(h.Source.Event, string(h.Event)), p.hook.Source.String(), title(h))})
			break
		}
	}
	return warns
}

// overlap reports whether two wrapped hooks can be selected for one call.
func overlap(a, b dupCandidate) bool {
	if a.all || b.all || a.rest != "" || b.rest != "" || a.hook.If != "" || b.hook.If != "" {
		return true
	}
	for _, x := range a.globs {
		for _, y := range b.globs {
			if x == "" || y == "" || x == y {
				return true
			}
		}
	}
	return false
}

// asyncFirst moves the wrapped async hooks (asyncAt: their index in
// out.Hooks, with the hook they wrap) before the other hooks of their
// event, on events whose native schedule stops at the first block, when a
// hook that could block comes before them; the first such hook of each
// event gets an async-runs-first warning. The order among the async
// hooks, and among the others, is kept.
func asyncFirst(out *settings.Config, asyncAt map[int]*settings.Hook) []translate.Warning {
	if len(asyncAt) == 0 {
		return nil
	}
	var warns []translate.Warning
	byEvent := map[settings.Event][]int{}
	var events []settings.Event
	for i := range out.Hooks {
		e := out.Hooks[i].Event
		if byEvent[e] == nil {
			events = append(events, e)
		}
		byEvent[e] = append(byEvent[e], i)
	}
	for _, e := range events {
		idx := byEvent[e]
		if !runner.Native().Schedule(&runner.Event{Name: e}).StopOnBlock {
			continue // every hook runs (post_tool): nothing to move
		}
		var async, rest []int
		warned := false // once per event
		for _, i := range idx {
			if h := asyncAt[i]; h != nil {
				async = append(async, i)
				if !warned && blockerBefore(out, rest, out.Hooks[i].Match) {
					warned = true
					warns = append(warns, translate.Warning{File: h.Source.File, Line: h.Source.Line, Col: h.Source.Col, Code: CodeAsyncFirst,
						Message: fmt.Sprintf("async %s hook moved before the event's other hooks: a native engine runs them one after another and stops at the first block (HK-20), where %s starts async hooks alongside the rest, whatever they decide; written first, it still runs when another hook blocks (its decisions count for nothing either way), and the engine waits for it where %s would not", firstNonEmpty(h.Source.Event, string(e)), title(h), title(h))})
				}
				continue
			}
			rest = append(rest, i)
		}
		if len(async) == 0 || len(rest) == 0 || async[len(async)-1] < rest[0] {
			continue // already first
		}
		hooks := make([]settings.Hook, 0, len(idx))
		for _, i := range append(async, rest...) {
			hooks = append(hooks, out.Hooks[i])
		}
		for k, i := range idx {
			out.Hooks[i] = hooks[k]
		}
	}
	return warns
}

// blockerBefore reports whether one of the hooks at indexes before (of
// one event) can run for a call a hook with native match m runs for.
func blockerBefore(out *settings.Config, before []int, m string) bool {
	for _, i := range before {
		if b := out.Hooks[i].Match; b == "" || m == "" || b == m {
			return true
		}
	}
	return false
}

// title is the name of h's format for people.
func title(h *settings.Hook) string {
	if f, ok := format.Lookup(h.EffectiveProtocol()); ok {
		return f.Info().Title
	}
	return h.EffectiveProtocol()
}

// dedupKey is the key under which f's protocol runs identical hooks of
// one event once (runner.Schedule.DedupKey), with the event, or "".
func dedupKey(f format.Format, h *settings.Hook) string {
	p := f.Protocol(translate.DefaultVocabulary)
	if p == nil {
		return ""
	}
	if key := p.Schedule(&runner.Event{Name: h.Event}).DedupKey; key != nil {
		if k := key(h); k != "" {
			return string(h.Event) + "\x00" + k
		}
	}
	return ""
}

// parallel reports whether f's protocol runs the hooks of event e in
// parallel.
func parallel(f format.Format, e settings.Event) bool {
	p := f.Protocol(translate.DefaultVocabulary)
	return p != nil && p.Schedule(&runner.Event{Name: e}).Parallel
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
