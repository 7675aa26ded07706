package compat

import (
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// ListedHook is one hook as [List] describes it (HK-66).
type ListedHook struct {
	Event string `json:"event"`
	// Runs is what the hook runs: its command, args, URL or prompt; for a
	// hook that calls the exec shim, the command of the hook it wraps.
	Runs string `json:"runs"`
	// Script is the script of Runs, as written: the one an interpreter
	// such as python3 or uv run is given, else the program when it is a
	// path; empty for a program found on PATH, a list or a pipe.
	Script string `json:"script,omitempty"`
	Type   string `json:"type"`
	// Wraps is the format of the hook the exec shim runs ("claude",
	// "phi") for a hook that calls it, else empty.
	Wraps string `json:"wraps,omitempty"`
	// Tools are the native tool globs the hook's own step is restricted
	// to, whatever its match says (a Cursor beforeShellExecution hook:
	// ["shell"]); empty when it fires for every call of its event.
	Tools []string `json:"tools,omitempty"`
	Match string   `json:"match,omitempty"`
	// ShimMatch is the matcher the exec shim applies in the wrapped
	// hook's own syntax (its --matcher), after the host's Match selected
	// the call; empty when it applies none.
	ShimMatch   string  `json:"shim_match,omitempty"`
	MatchSyntax string  `json:"match_syntax,omitempty"`
	If          string  `json:"if,omitempty"`
	FailClosed  bool    `json:"fail_closed"`
	Async       bool    `json:"async,omitempty"`
	Timeout     float64 `json:"timeout_seconds"`
	Protocol    string  `json:"protocol"`
	Source      string  `json:"source"`
	// Review is, in an agent's view (Options.Agent), that agent's review
	// state of the hook where it keeps one (settings.Source.Review: "managed", "reviewed",
	// "needs-review", "modified", "third-party"), else empty.
	Review string `json:"review,omitempty"`
	// ReviewHash is, beside Review, the hash the agent's review record
	// holds for the hook as it is now (settings.Source.ReviewHash; Codex:
	// "sha256:<hex>", its trusted_hash), else empty.
	ReviewHash string           `json:"review_hash,omitempty"`
	Failures   []runner.Failure `json:"failures"`
}

// List describes every loaded hook by event in canonical order, hooks of
// one event in the order they run (HK-66): what it runs and its script,
// the tools its step is restricted to, its match and match syntax, if
// rule, fail_closed, async, timeout in seconds, protocol, where it came from, and its last failures as
// failures reports them (nil means none; an engine's
// [runner.Engine.Failures] or a [runner.FailureLog] fits). A hook that
// calls the exec shim is described by the hook it wraps (what runs, its
// script, if rule and async), its protocol being the one the engine
// speaks to it.
func List(l *Loaded, failures func(*settings.Hook) []runner.Failure) []ListedHook {
	cfg := &settings.Config{Hooks: append([]settings.Hook(nil), l.Config.Hooks...)}
	cfg.Sort()
	list := []ListedHook{}
	for i := range cfg.Hooks {
		h := &cfg.Hooks[i]
		lh := ListedHook{Event: string(h.Event), Type: h.EffectiveType(), Match: h.Match, If: h.If,
			FailClosed: h.FailClosed, Async: h.Async, Timeout: h.EffectiveTimeout().Seconds(), Protocol: h.EffectiveProtocol(),
			Source: h.Source.String(), Failures: []runner.Failure{}}
		if l.opts.Agent != "" {
			lh.Review, lh.ReviewHash = h.Source.Review, h.Source.ReviewHash // an agent's view (Options.Agent)
		}
		lh.Runs, lh.Script = runs(h)
		if spec := shimSpec(h); spec != nil {
			lh.Wraps, lh.Async, lh.ShimMatch = spec.Protocol, spec.Async, spec.Matcher
			if lh.If == "" {
				lh.If = spec.If
			}
			if inner, err := spec.Hook(); err == nil && len(spec.Sources) == 0 {
				lh.Runs, lh.Script = runs(inner)
			} else if len(spec.Sources) > 0 {
				title := spec.Protocol
				if f, ok := format.Lookup(spec.Protocol); ok {
					title = f.Info().Title
				}
				lh.Runs = "the " + title + " hooks of " + strings.Join(spec.Sources, ", ")
			}
		}
		if f, ok := format.Lookup(h.EffectiveProtocol()); ok {
			if ts, ok := f.(format.ToolScoper); ok {
				lh.Tools = ts.ScopeTools(h)
			}
		}
		if h.Match != "" {
			lh.MatchSyntax = h.EffectiveMatchSyntax()
		}
		if failures != nil {
			if f := failures(h); f != nil {
				lh.Failures = f
			}
		}
		list = append(list, lh)
	}
	return list
}

// shimSpec is the parsed shim call of h, or nil when h does not call the
// exec shim.
func shimSpec(h *settings.Hook) *format.ShimSpec {
	argv := h.Args
	if len(argv) == 0 {
		argv, _ = format.ShimCommandArgs(h.Command)
	}
	if !format.IsShim(argv) {
		return nil
	}
	spec, err := format.ParseShimArgs(argv[2:])
	if err != nil {
		return nil
	}
	return spec
}

// runs is what h runs and its script or program as written.
func runs(h *settings.Hook) (string, string) {
	switch {
	case len(h.Args) > 0:
		words := make([]word, len(h.Args))
		for i, a := range h.Args {
			words[i] = word{value: a, ok: true}
		}
		return strings.Join(h.Args, " "), script(words)
	case h.URL != "":
		return "POST " + h.URL, ""
	case h.Prompt != "":
		return h.Prompt, ""
	}
	words, why := splitCommand(h.Command, map[string]string{})
	if why != "" {
		return h.Command, ""
	}
	return h.Command, script(words)
}

// script is the script an interpreter of words runs, else the program
// when it is a path (a program found on PATH is no script of the user's).
func script(words []word) string {
	if len(words) == 0 {
		return ""
	}
	if i, interp := scriptArg(words); interp && i >= 0 {
		return words[i].value
	}
	if strings.Contains(words[0].value, "/") {
		return words[0].value
	}
	return ""
}
