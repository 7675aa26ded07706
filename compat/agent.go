package compat

import (
	"fmt"
	"os"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// AgentView tunes what [Options.Agent] loads.
type AgentView struct {
	// ThirdParty is Cursor's "Include third-party configs" setting on:
	// with Agent "cursor", Claude Code's user, project and local settings
	// load too (after Cursor's own files, as Cursor reads them), each
	// hook marked settings.ReviewThirdParty. Cursor keeps the setting in
	// its own application state, which no project file shows; off, those
	// hooks are not loaded and one note names them.
	ThirdParty bool
	// BypassReview runs the hooks an agent would run only once reviewed
	// (Codex's --dangerously-bypass-hook-trust); without it such a hook
	// (settings.ReviewNeeded) is not loaded, with a warning naming it.
	BypassReview bool
}

// Warning codes of an agent's view ([Options.Agent]).
const (
	// CodeNeedsReview: the agent runs the hook only once a user reviewed
	// it, and no review of it as it is now is recorded (Codex's /hooks:
	// Untrusted, or Modified since its review): not loaded.
	CodeNeedsReview = "needs-review"
	// CodeThirdPartyOff: Claude Code hooks Cursor runs only with its
	// third-party configs setting on, left out of Cursor's view.
	CodeThirdPartyOff = "third-party-off"
)

// thirdPartyScopes are the scopes of format other's sources that the
// agent of opts reads as third-party configs (format.ThirdPartyReader:
// Cursor's Claude Code user, project and local settings); nil when it
// reads none.
func (opts *Options) thirdPartyScopes(other string) map[string]bool {
	f, ok := format.Lookup(opts.Agent)
	if !ok {
		return nil
	}
	tp, ok := f.(format.ThirdPartyReader)
	if !ok {
		return nil
	}
	var out map[string]bool
	for _, s := range tp.ThirdPartyScopes(other) {
		if out == nil {
			out = map[string]bool{}
		}
		out[s] = true
	}
	return out
}

// viewDiscovery is what the agent of opts reads itself beyond f's
// discovery (format.AgentViewer: Copilot CLI's reading of Claude Code's
// project settings), when f is that agent; nothing otherwise.
func (opts *Options) viewDiscovery(f format.Format, env *format.Env) format.Discovery {
	if opts.Agent == "" || f.Name() != opts.Agent {
		return format.Discovery{}
	}
	if v, ok := f.(format.AgentViewer); ok {
		return v.ViewDiscover(env)
	}
	return format.Discovery{}
}

// checkAgent refuses an unknown agent, and a named source the agent does
// not read.
func (opts *Options) checkAgent(named []format.Source) error {
	if opts.Agent == "" {
		return nil
	}
	f, ok := format.Lookup(opts.Agent)
	if !ok || f.Name() == "native" {
		var names []string
		for _, f := range format.All() {
			if f.Name() != "native" {
				names = append(names, f.Name())
			}
		}
		return fmt.Errorf("load: agent %q: want one of %s", opts.Agent, strings.Join(names, ", "))
	}
	for _, s := range named {
		if s.Format == opts.Agent || (opts.thirdPartyScopes(s.Format) != nil && opts.AgentView.ThirdParty) {
			continue
		}
		return fmt.Errorf("load: %s is a %s source, which %s does not read (the agent's view loads only what it reads)", s.Path, s.Format, f.Info().Title)
	}
	return nil
}

// agentReads reports whether the agent of opts reads sources of f, and
// splits f's discovered sources into those it reads and those a setting
// of its own leaves out (Claude Code's under Cursor, third-party off).
func (opts *Options) agentReads(f format.Format) (bool, func([]format.Source) (kept, left []format.Source)) {
	all := func(s []format.Source) ([]format.Source, []format.Source) { return s, nil }
	switch {
	case opts.Agent == "" || f.Name() == opts.Agent:
		return true, all
	case opts.thirdPartyScopes(f.Name()) != nil:
		scopes := opts.thirdPartyScopes(f.Name())
		return true, func(srcs []format.Source) (kept, left []format.Source) {
			for _, s := range srcs {
				switch {
				case !scopes[s.Scope]:
				case opts.AgentView.ThirdParty:
					kept = append(kept, s)
				default:
					left = append(left, s)
				}
			}
			return kept, left
		}
	}
	return false, all
}

// thirdPartyOff is the note naming the Claude Code settings Cursor's
// view left out, those of left that exist.
func thirdPartyOff(left []format.Source) []translate.Warning {
	var out []translate.Warning
	for _, s := range left {
		if st, err := os.Stat(s.Path); err != nil || st.IsDir() {
			continue
		}
		out = append(out, translate.Warning{File: s.Path, Code: CodeThirdPartyOff,
			Message: "Claude Code's " + s.Scope + " settings: Cursor runs their hooks only with Settings → Rules, Skills, Subagents → Include third-party configs on, which no project file shows; not loaded (--third-party loads them)"})
	}
	return out
}

// agentReview applies the agent's own review state to res, f's load:
// under Options.Agent a hook that needs a review nobody recorded is left
// out (unless AgentView.BypassReview), Claude Code hooks under Cursor's
// view are marked third-party, and Cursor's view names the Claude Code
// hooks its third-party setting would add.
func (opts *Options) agentReview(f format.Format, res *format.Result) {
	if opts.Agent == "" {
		return
	}
	if f.Name() != opts.Agent && opts.thirdPartyScopes(f.Name()) != nil {
		for i := range res.Config.Hooks {
			res.Config.Hooks[i].Source.Review = settings.ReviewThirdParty
		}
		return
	}
	if f.Name() != opts.Agent || opts.AgentView.BypassReview {
		return
	}
	kept := res.Config.Hooks[:0]
	said := map[string]bool{}
	for _, h := range res.Config.Hooks {
		if h.Source.Review != settings.ReviewNeeded && h.Source.Review != settings.ReviewModified {
			kept = append(kept, h)
			continue
		}
		if at := h.Source.String() + " " + h.Source.Event; said[at] {
			continue // an event alias of the same handler
		} else {
			said[at] = true
		}
		why := "only once reviewed (/hooks), and no review of it is recorded"
		if h.Source.Review == settings.ReviewModified {
			why = "only once reviewed (/hooks), and it changed since its review (the recorded trusted_hash is not the hook's: Modified); review it again in /hooks"
		}
		res.Warnings = append(res.Warnings, translate.Warning{File: h.Source.File, Line: h.Source.Line, Col: h.Source.Col, Code: CodeNeedsReview,
			Message: fmt.Sprintf("%s %s hook: %s runs it %s; not loaded (--bypass-hook-trust runs it, as %s's --dangerously-bypass-hook-trust does)", h.Source.Event, h.Source.Scope, f.Info().Title, why, f.Info().Title)})
	}
	res.Config.Hooks = kept
}

// WontRun reports whether load warning w means hooks their author wrote
// will not run: a hook that cannot compile or never fires
// ([DropsHooks]), a source skipped whole, one of the home agents' own
// switches, trust checks and policies (Claude Code's disableAllHooks, a
// Phi manifest's enabled = false, Codex's [features] and untrusted
// layers, Gemini CLI's and Qwen Code's untrusted folders and
// hooks.enabled, an insecure system file, a symlink skipped, a run
// program that is not runnable, a file the agent's schema rejects), or an
// agent's view leaving a hook out ([Options.Agent]: not reviewed, Cursor's
// third-party setting off). `--quiet` keeps exactly these.
func WontRun(w translate.Warning) bool {
	return DropsHooks(w) || wontRunCodes[w.Code]
}

// wontRunCodes are the codes of warnings that hooks will not run beside
// the formats' Info.DropCodes and BrokenCodes.
var wontRunCodes = map[string]bool{
	"disabled": true, "disabled-by-policy": true, "disabled-by-settings": true, "hooks-off": true,
	"untrusted-folder": true, "insecure-system-file": true, "symlink-skipped": true,
	"run-not-runnable": true, "schema-error": true,
	CodeNeedsReview: true, CodeThirdPartyOff: true,
}
