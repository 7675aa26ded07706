package native

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Target names.
const (
	// TargetNative is TOML that a plain engine implementing the native spec
	// runs as is: foreign hooks become args = ["hookcompat", "exec", …]
	// hooks, so their scripts run unchanged with their own protocol, and
	// only native fields are used.
	TargetNative = "native"
	// TargetHookcompat is TOML using hookcompat's extension fields
	// (protocol, match_syntax, env, …), for agents that embed hookcompat.
	TargetHookcompat = "hookcompat"
)

// Codes of warnings produced for the native target.
const (
	// CodeNotForNative marks a hook a plain native engine cannot run;
	// left out.
	CodeNotForNative = "not-for-plain-native"
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

// Write encodes cfg for a plain native engine (see [Wrap]).
func (nativeTarget) Write(cfg *settings.Config, opts *format.TargetOptions) (*format.Output, error) {
	shim := opts.Shim
	if shim == "" {
		shim = "hookcompat"
	}
	wrapped, n, warns := Wrap(cfg, shim, opts.Project)
	header := header(TargetNative, opts)
	if n > 0 && !converted(opts.Header, TargetNative) {
		header = append(header, "Foreign hooks run unchanged through `"+shim+" exec` (hookcompat must be on PATH).")
	}
	return &format.Output{Data: encode(wrapped, header), Warnings: warns, Wrapped: n}, nil
}

type hookcompatTarget struct{}

func (hookcompatTarget) Name() string { return TargetHookcompat }

// Write encodes cfg as it is, extension fields included.
func (hookcompatTarget) Write(cfg *settings.Config, opts *format.TargetOptions) (*format.Output, error) {
	return &format.Output{Data: encode(cfg, header(TargetHookcompat, opts))}, nil
}

// header is the provenance header: the inputs, or — converting a
// converted file again — its own header, so that the output is
// byte-identical (idempotence).
func header(target string, opts *format.TargetOptions) []string {
	if converted(opts.Header, target) {
		return opts.Header
	}
	h := []string{"Native hooks converted by hookcompat (target " + target + ") from:"}
	for _, in := range opts.Inputs {
		h = append(h, "  "+in)
	}
	return h
}

func converted(h []string, target string) bool {
	return len(h) > 0 && strings.HasPrefix(h[0], "Native hooks converted by hookcompat (target "+target+")")
}

func encode(cfg *settings.Config, header []string) []byte {
	var buf bytes.Buffer
	_ = settings.Encode(&buf, cfg, settings.EncodeOptions{Header: header, Provenance: true})
	return buf.Bytes()
}

// Wrap rewrites cfg for a plain native engine and returns it with the
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
// left out without a warning. Paths under project are written relative
// to it (a native engine runs hooks in the workspace).
func Wrap(cfg *settings.Config, shim, project string) (*settings.Config, int, []translate.Warning) {
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
	for i := range cfg.Hooks {
		h := cfg.Hooks[i]
		if h.EffectiveProtocol() == settings.ProtocolNative && h.EffectiveMatchSyntax() == settings.MatchGlob && len(h.Env) == 0 && !h.Async && h.Shell == "" {
			out.Hooks = append(out.Hooks, h)
			continue
		}
		if h.EffectiveProtocol() == settings.ProtocolNative {
			warn(&h, translate.CodeUnsupportedField, "the hook uses hookcompat extension fields (match_syntax, env, shell or async) that a plain native engine does not know; left out (it runs with --target hookcompat)")
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
		for _, m := range matches {
			out.Hooks = append(out.Hooks, settings.Hook{
				Event:      h.Event,
				Match:      m,
				Args:       format.ShimArgs(shim, spec),
				Timeout:    h.Timeout,
				FailClosed: h.FailClosed,
				Source:     h.Source,
			})
		}
	}
	return out, wrapped, warns
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
