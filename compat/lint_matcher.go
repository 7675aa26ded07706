package compat

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// CodeMatcherNeverFires: a tool event's matcher that matches no tool of
// its agent's vocabulary, nor an MCP tool — the hook never runs (an
// error: "bash" in a Claude file, "Shell", Cursor's name, in a Claude
// file). The formats' lints use the same code for their warnings.
const CodeMatcherNeverFires = "matcher-never-fires"

// mcpSamples are MCP tool names a matcher is tried on besides the
// vocabulary's tools.
var mcpSamples = []string{"mcp__github__create_issue", "mcp__memory__store", "mcp__server__tool"}

// lintMatcher reports a matcher of a tool event that no tool of the
// hook's agent can match: each tool of the vocabulary that the agent
// names (its dialect) and a few MCP tool names are offered to the hook's
// own protocol's selection, as at run time. Matchers that name an MCP
// tool ("mcp__…") are left to the formats' lints, which know their
// servers. A format whose steps are scoped to tools of their own
// (format.ToolScoper: Cursor's) is left to its lints.
func lintMatcher(h *settings.Hook, vocab *translate.Vocabulary, add func(code, sev, msg, hint string)) {
	m := strings.TrimSpace(h.Match)
	if !h.Event.ToolEvent() || m == "" || m == "*" || strings.Contains(strings.ToLower(m), "mcp") {
		return
	}
	proto := h.EffectiveProtocol()
	var p runner.Protocol
	title := "a native engine"
	if f, ok := format.Lookup(proto); ok {
		if _, scoped := f.(format.ToolScoper); scoped {
			return // steps scoped to tools of their own: the format's lints
		}
		p = f.Protocol(vocab)
		title = f.Info().Title
	}
	selects := func(tool string) bool {
		c := *h
		c.If = ""
		ev := &runner.Event{Name: h.Event, Tool: tool, Args: []byte("{}")}
		if p == nil || p.Name() == settings.ProtocolNative {
			return runner.Native().Selects(&c, ev)
		}
		return p.Selects(&c, ev)
	}
	dialect := translate.Dialect(proto)
	if proto == settings.ProtocolNative {
		dialect = translate.Native
	}
	var names []string
	for _, t := range vocab.Tools() {
		name := t.Name(dialect)
		if name == "" {
			continue
		}
		names = append(names, name)
		if selects(t.Native) {
			return
		}
	}
	for _, s := range mcpSamples {
		if selects(s) {
			return
		}
	}
	sort.Strings(names)
	hint := "match one of its tool names (" + strings.Join(names, ", ") + ") or an MCP tool (mcp__<server>__<tool>)"
	if c := closestTool(m, names, vocab, dialect); c != "" {
		hint = "write " + c
	}
	add(CodeMatcherNeverFires, SeverityError, fmt.Sprintf("matcher %q matches no tool of %s, nor an MCP tool: the hook never runs", h.Match, title), hint)
}

// closestTool is the tool name of dialect the matcher most likely meant:
// the same name in another case, the dialect's name of another agent's
// tool ("Shell" → "Bash"), or one within two edits.
func closestTool(m string, names []string, vocab *translate.Vocabulary, dialect translate.Dialect) string {
	for _, part := range strings.FieldsFunc(m, func(r rune) bool { return r == '|' || r == ',' }) {
		part = strings.TrimSpace(part)
		for _, n := range names {
			if strings.EqualFold(n, part) {
				return n + " (tool names are case-sensitive)"
			}
		}
		for _, t := range vocab.Tools() {
			if t.Name(dialect) == "" {
				continue
			}
			for d, other := range t.Names {
				if other == part && d != dialect {
					return fmt.Sprintf("%s (%s is %s's name for it)", t.Name(dialect), part, d)
				}
			}
			if t.Native == part && dialect != translate.Native {
				return fmt.Sprintf("%s (%s is its native name)", t.Name(dialect), part)
			}
		}
		best, bestD := "", 3
		for _, n := range names {
			if d := hookkit.EditDistance(strings.ToLower(part), strings.ToLower(n)); d < bestD {
				best, bestD = n, d
			}
		}
		if best != "" {
			return best
		}
	}
	return ""
}
