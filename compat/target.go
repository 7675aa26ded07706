package compat

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Conversion targets of [Convert].
const (
	// TargetNative is TOML that a plain engine implementing the native spec
	// runs as is: foreign hooks are wrapped as
	// `hookcompat exec --protocol claude … -- <original command>`, so their
	// scripts run unchanged with their own protocol, and only native fields
	// are used.
	TargetNative = "native"
	// TargetHookcompat is TOML using hookcompat's extension fields
	// (protocol, match_syntax, env, …), for agents that embed hookcompat.
	TargetHookcompat = "hookcompat"
)

// Codes of warnings produced for the native target.
const (
	CodeNotForNative = "not-for-plain-native" // a hook a plain native engine cannot run; left out
	// CodeMergeDiffers marks the second of two wrapped Claude hooks that
	// can fire for the same call of an event whose block stops the action:
	// a native engine runs them one after another, stops at the first
	// block (HK-20) and keeps the first updated_args (HK-60), where Claude
	// Code runs them in parallel, keeps the strongest decision and the last
	// updatedInput. Once per event.
	CodeMergeDiffers = "merge-differs"
)

// wrapForNative rewrites cfg for a plain native engine. Native hooks are
// kept. Each foreign command or http hook becomes native command hooks
// running the exec shim: a Claude matcher that is one exact name or a
// list of exact names becomes one native glob per name (the native tool
// name, glob-escaped); any other Claude matcher, and every matcher on a
// non-tool event, is passed to the shim, which applies it. Timeouts and
// fail_closed are kept. Claude prompt and agent hooks become native prompt
// hooks (HK-63) with a warning; hooks of extension events are kept with an
// extension-event warning (a plain engine may not fire them). Nothing is
// left out without a warning.
func wrapForNative(cfg *settings.Config, shim string) (*settings.Config, int, []translate.Warning) {
	out := &settings.Config{}
	var warns []translate.Warning
	wrapped := 0
	phiGroups := map[string]int{} // event+folder -> index in out.Hooks
	// Native globs of the wrapped Claude hooks so far, per event ("" is
	// every call), for CodeMergeDiffers.
	claudeGlobs := map[settings.Event]map[string]bool{}
	mergeWarned := map[settings.Event]bool{}
	warn := func(h *settings.Hook, code, msg string) {
		warns = append(warns, translate.Warning{File: h.Source.File, Line: h.Source.Line, Col: h.Source.Col, Code: code, Message: msg})
	}
	for i := range cfg.Hooks {
		h := cfg.Hooks[i]
		if h.EffectiveProtocol() == settings.ProtocolNative && h.EffectiveMatchSyntax() == settings.MatchGlob && len(h.Env) == 0 && !h.Async && h.Shell == "" {
			out.Hooks = append(out.Hooks, h)
			continue
		}
		switch h.EffectiveProtocol() {
		case settings.ProtocolClaude:
		case settings.ProtocolPhi:
			// All Phi hooks of one event and one hooks folder run through one
			// shim call, so that Phi's own order, modify chain, context cap
			// and output merge apply (docs/decisions/007).
			folder, _ := filepath.Abs(filepath.Dir(filepath.Dir(h.Source.File)))
			key := string(h.Event) + "\x00" + folder
			if i, seen := phiGroups[key]; seen {
				g := &out.Hooks[i]
				g.Timeout = phiGroupTimeout(h.Event, g.Timeout, h.Timeout)
				g.FailClosed = g.FailClosed || h.FailClosed
				continue
			}
			wrapped++
			phiGroups[key] = len(out.Hooks)
			out.Hooks = append(out.Hooks, settings.Hook{Event: h.Event, Timeout: phiGroupTimeout(h.Event, 0, h.Timeout),
				FailClosed: h.FailClosed, Source: settings.Source{File: folder, Format: "phi", Event: string(h.Event)},
				Command: shellJoin(shim, "exec", "--protocol", settings.ProtocolPhi, "--event", string(h.Event), "--phi-dir", folder)})
			continue
		case settings.ProtocolNative:
			warn(&h, translate.CodeUnsupportedField, "the hook uses hookcompat extension fields (match_syntax, env, shell or async) that a plain native engine does not know; left out (it runs with --target hookcompat)")
			continue
		default:
			warn(&h, CodeNotForNative, fmt.Sprintf("protocol %q has no exec shim yet; hook left out (it runs with --target hookcompat)", h.EffectiveProtocol()))
			continue
		}
		if !h.Event.Native() {
			warn(&h, translate.CodeExtensionEvent, fmt.Sprintf("%s is not an event of the native spec: a plain native engine may never fire [hooks.%s] (hookcompat does); kept", h.Source.Event, h.Event))
		}
		if t := h.EffectiveType(); t == settings.TypePrompt || t == settings.TypeAgent {
			p := settings.Hook{Event: h.Event, Type: settings.TypePrompt, Prompt: h.Prompt, Model: h.Model, Timeout: h.Timeout, FailClosed: h.FailClosed, Source: h.Source}
			p.Match, _ = firstMatch(&h)
			warn(&h, translate.CodeUnsupportedHandler, fmt.Sprintf("a Claude %s handler becomes a native prompt hook (HK-63): the native judge answers in the native reply schema, not Claude's {\"ok\": …}", t))
			out.Hooks = append(out.Hooks, p)
			continue
		}
		wrapped++
		matches, shimMatcher := nativeMatches(&h)
		if h.Event != settings.PostTool && h.Event != settings.PostToolFailure && !h.Async && !mergeWarned[h.Event] {
			for _, m := range matches {
				if claudeGlobs[h.Event][m] || claudeGlobs[h.Event][""] || (m == "" && len(claudeGlobs[h.Event]) > 0) {
					mergeWarned[h.Event] = true
					warn(&h, CodeMergeDiffers, fmt.Sprintf("another Claude hook of %s can run for the same call: as separate native hooks they run one after another, the first block stops the rest (HK-20) and the first updated_args wins (HK-60), where Claude Code runs them in parallel, keeps the strongest decision and the last updatedInput; --target hookcompat keeps Claude's merge", h.Source.Event))
					break
				}
			}
			if claudeGlobs[h.Event] == nil {
				claudeGlobs[h.Event] = map[string]bool{}
			}
			for _, m := range matches {
				claudeGlobs[h.Event][m] = true
			}
		}
		for _, m := range matches {
			w := settings.Hook{
				Event:      h.Event,
				Match:      m,
				Command:    shimCommand(shim, &h, shimMatcher),
				Timeout:    h.Timeout,
				FailClosed: h.FailClosed,
				Source:     h.Source,
			}
			out.Hooks = append(out.Hooks, w)
		}
	}
	return out, wrapped, warns
}

// firstMatch is the native match of a hook that cannot take a matcher
// through the shim: the first exact glob, or "" (all).
func firstMatch(h *settings.Hook) (string, string) {
	m, rest := nativeMatches(h)
	return m[0], rest
}

// nativeMatches returns the native globs a Claude hook's matcher becomes
// and the matcher the shim must still apply ("" when the globs are exact).
func nativeMatches(h *settings.Hook) ([]string, string) {
	if h.Match == "" || h.Match == "*" {
		return []string{""}, ""
	}
	if !h.Event.ToolEvent() || h.EffectiveMatchSyntax() != settings.MatchClaude {
		return []string{""}, h.Match
	}
	event, _ := translate.ClaudeEvent(h.Event)
	m := claude.CompileMatcher(event, h.Match)
	names := m.Names()
	if m.IsRegex() || len(names) == 0 {
		return []string{""}, h.Match
	}
	seen := map[string]bool{}
	var globs []string
	for _, n := range sortedStrings(names) {
		g := globEscape(claude.Vocabulary.Name(translate.Claude, translate.Native, n))
		if !seen[g] {
			seen[g] = true
			globs = append(globs, g)
		}
	}
	return globs, ""
}

func globEscape(s string) string {
	var b strings.Builder
	for _, c := range s {
		if strings.ContainsRune(`*?[\`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// shimCommand is the bash command line that runs h through
// `hookcompat exec` with its protocol.
func shimCommand(shim string, h *settings.Hook, matcher string) string {
	event, _ := translate.ClaudeEvent(h.Event)
	parts := []string{shim, "exec", "--protocol", h.EffectiveProtocol(), "--event", event}
	if matcher != "" {
		parts = append(parts, "--matcher", matcher)
	}
	if h.If != "" {
		parts = append(parts, "--if", h.If)
	}
	if h.Timeout > 0 {
		parts = append(parts, "--timeout", strconv.FormatFloat(h.Timeout.Seconds(), 'f', -1, 64))
	}
	if h.FailClosed {
		parts = append(parts, "--fail-closed")
	}
	if h.Async {
		parts = append(parts, "--async")
	}
	for _, k := range sortedKeys(h.Env) {
		parts = append(parts, "--env", k+"="+h.Env[k])
	}
	switch {
	case h.EffectiveType() == settings.TypeHTTP:
		parts = append(parts, "--url", h.URL)
		for _, k := range sortedKeys(h.Headers) {
			parts = append(parts, "--header", k+": "+h.Headers[k])
		}
		for _, v := range h.AllowedEnvVars {
			parts = append(parts, "--allowed-env-var", v)
		}
	case len(h.Args) > 0:
		parts = append(parts, "--exec", "--")
		parts = append(parts, h.Args...)
	default:
		parts = append(parts, "--", h.Command)
	}
	q := make([]string, len(parts))
	for i, p := range parts {
		q[i] = shellQuote(p)
	}
	return strings.Join(q, " ")
}

// phiGroupTimeout is the timeout of the native hook that runs a folder's
// Phi hooks of one event: pre hooks run one after another (their timeouts
// add up), post hooks at once (the longest counts); two seconds more let
// the shim end a timed-out hook itself and report it as Phi would.
func phiGroupTimeout(ev settings.Event, group, hook time.Duration) time.Duration {
	const margin = 2 * time.Second
	if group > 0 {
		group -= margin
	}
	if ev == settings.PreTool {
		return group + hook + margin
	}
	return max(group, hook) + margin
}

func shellJoin(parts ...string) string {
	q := make([]string, len(parts))
	for i, p := range parts {
		q[i] = shellQuote(p)
	}
	return strings.Join(q, " ")
}

// shellQuote quotes s for a POSIX shell only when it needs quoting. It
// uses plain single quotes, never bash's $'…' form: $'\u…' escapes depend
// on the shell's locale, and single quotes pass every byte through as is.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func sortedStrings(s []string) []string {
	out := append([]string(nil), s...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	return sortedStrings(keys)
}
