package codex

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/hookcompat/hookcompat/compat/codex/internal/rustregex"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// translateDecoded turns one decoded source into native hooks, in Codex's
// display order (the fixed event order, then groups and handlers in file
// order), numbering them from *ordinal on (Source.Ordinal; Codex's display
// index is Ordinal-1): every command handler counts, a disabled one too;
// groups with an invalid matcher, prompt and agent handlers and empty
// commands are skipped with Codex's warning and do not count.
//
// Each command handler becomes one hook with protocol "codex": its event
// through the event table, its matcher kept in Codex's syntax
// (match_syntax "codex"; dropped, with a warning, on events whose matcher
// Codex ignores), its timeout in seconds made explicit (600 s when absent,
// 0 read as 1 s; SessionEnd and Interrupt: 1 s when absent, at most 3 s,
// with Codex's clamping warning), async, statusMessage and additionalContextLimit
// (the option additionalContextLimit) carried, fail_closed false (Codex has none). A
// PostToolUse hook also runs for a native post_tool_failure (Codex fires
// PostToolUse for a failing shell command): it is emitted a second time on
// that event. An mcp_tool handler, which Codex runs by calling an MCP
// tool, cannot run here: it is skipped with a warning (it still counts).
func translateDecoded(d *decoded, scope string, ordinal *int, states map[string]hookState, managed bool) (*settings.Config, []translate.Warning) {
	cfg := &settings.Config{}
	var warns []translate.Warning
	warn := func(line, col int, code, msg string) {
		warns = append(warns, translate.Warning{File: d.path, Line: line, Col: col, Code: code, Message: msg})
	}
	hs := append([]handler(nil), d.handlers...)
	sort.SliceStable(hs, func(i, j int) bool { return events.Get().rankOf[hs[i].ev.Codex] < events.Get().rankOf[hs[j].ev.Codex] })
	badGroup := map[string]bool{}
	for _, h := range hs {
		gkey := fmt.Sprintf("%s:%d", h.ev.Codex, h.group)
		matcher := h.matcher
		if !h.hasMatcher {
			matcher = ""
		}
		if h.ev.Match == matchNone {
			if matcher != "" && matcher != "*" && !badGroup[gkey] {
				badGroup[gkey] = false
				warn(h.matcherLine, h.matcherCol, translate.CodeMatcherIgnored, fmt.Sprintf("%s[%d].matcher %q: Codex ignores matchers on %s; the group runs for every %s", h.ev.Codex, h.group, matcher, h.ev.Codex, h.ev.Codex))
			}
			matcher = ""
		} else if matcher != "" {
			m := compileMatcher(matcher)
			if err := m.Err(); err != nil {
				if _, done := badGroup[gkey]; !done {
					badGroup[gkey] = true
					warn(h.matcherLine, h.matcherCol, CodeInvalidMatcher, fmt.Sprintf("invalid matcher %q in %s: %s; the group is not loaded (as in Codex)", matcher, d.path, rustregex.OneLine(err)))
				}
				continue
			}
			if err := m.Unsupported(); err != nil {
				if _, done := badGroup[gkey]; !done {
					badGroup[gkey] = false
					warn(h.matcherLine, h.matcherCol, CodeUnsupported, fmt.Sprintf("matcher %q in %s: Codex loads it (Rust's regex accepts it), but %s; the group runs for every %s, with a warning in each hook's trace", matcher, d.path, err, h.ev.Codex))
				}
			}
		}
		switch h.typ {
		case "prompt", "agent":
			warn(h.line, h.col, CodeSkippedHandler, fmt.Sprintf("skipping %s hook in %s: %s hooks are not supported yet (as in Codex)", h.typ, d.path, h.typ))
			continue
		}
		if h.typ == "command" && strings.TrimSpace(h.command) == "" {
			warn(h.line, h.col, CodeSkippedHandler, fmt.Sprintf("skipping empty hook command in %s (as in Codex)", d.path))
			continue
		}
		*ordinal++
		key := fmt.Sprintf("%s:%s:%d:%d", d.path, h.ev.Snake, h.group, h.index)
		if h.typ == "mcp_tool" {
			warn(h.line, h.col, CodeSkippedHandler, fmt.Sprintf("%s[%d].hooks[%d]: an mcp_tool handler (Codex calls an MCP server's tool) cannot run under hookcompat; skipped", h.ev.Codex, h.group, h.index))
			continue
		}
		if st, ok := states[key]; ok && !managed && st.enabled != nil && !*st.enabled {
			warn(h.line, h.col, CodeNotLoaded, fmt.Sprintf("%s is disabled ([hooks.state.%q] enabled = false); not loaded (as in Codex)", key, key))
			continue
		}
		timeout, clamped := timeoutFor(h.ev, h.timeout)
		if clamped {
			warn(h.line, h.col, CodeTimeoutClamped, fmt.Sprintf("clamping %s hook timeout to %s in %s (as in Codex)", h.ev.Codex, formatTimeout(timeout), d.path))
		}
		hook := settings.Hook{
			Event:         h.ev.Native,
			Protocol:      Name,
			Command:       h.command,
			Timeout:       timeout,
			Async:         h.async,
			StatusMessage: h.status,
			Source: settings.Source{File: d.path, Line: h.line, Col: h.col, Format: Name,
				Scope: scope, Event: h.ev.Codex, Ordinal: *ordinal, Review: review(states[key], managed, &h), ReviewHash: reviewHash(managed, &h)},
		}
		if matcher != "" {
			hook.Match, hook.MatchSyntax = matcher, Name
		}
		if h.contextLimit != nil {
			// Carried as the option additionalContextLimit (settings.Hook
			// Options, read by this protocol only); 0 is read as 1 token.
			hook.Options = map[string]string{OptionContextLimit: strconv.FormatUint(max(1, min(*h.contextLimit, 1<<31-1)), 10)}
		}
		if h.async {
			warn(h.line, h.col, CodeUnsupported, fmt.Sprintf("%s[%d].hooks[%d].async: the hook runs in the background and its reply is ignored (as in Codex)", h.ev.Codex, h.group, h.index))
		}
		cfg.Hooks = append(cfg.Hooks, hook)
		for _, e := range aliasesOf(h.ev) {
			twin := hook
			twin.Event = e
			cfg.Hooks = append(cfg.Hooks, twin)
		}
	}
	return cfg, warns
}

// reviewHash is the hash /hooks records for h (trustHash), or "" for a
// managed hook, which Codex never asks to review.
func reviewHash(managed bool, h *handler) string {
	if managed {
		return ""
	}
	return trustHash(h)
}

// review is the review state of handler h in Codex's terms (codex §1:
// every non-managed command hook runs only once trusted in /hooks):
// managed; reviewed when the recorded trusted_hash is h's hash as Codex
// computes it now (trustHash; Codex: Trusted), modified when it is
// another (Codex: Modified), needs-review when none is recorded
// (Codex: Untrusted).
func review(st hookState, managed bool, h *handler) string {
	switch {
	case managed:
		return settings.ReviewManaged
	case st.trustedHash == nil:
		return settings.ReviewNeeded
	case *st.trustedHash == trustHash(h):
		return settings.ReviewRecorded
	}
	return settings.ReviewModified
}
