package compat

import (
	"fmt"

	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Doctor codes for hooks that could fail at run time in ways the runner
// guards against (docs/decisions/008).
const (
	// CodeBacktracking: a Claude regex matcher can take exponential time
	// on some values (nested quantifiers); hookcompat stops evaluating it
	// after claude.MatcherTimeout and runs the hook with a warning.
	CodeBacktracking = "catastrophic-backtracking"
)

// lintHostile adds the findings of one hook that hold whatever its
// protocol: a matcher in Claude syntax that backtracks catastrophically.
func lintHostile(h *settings.Hook, add func(code, sev, msg, hint string)) {
	if h.Match != "" && h.EffectiveMatchSyntax() == settings.MatchClaude {
		event, _ := translate.ClaudeEvent(h.Event)
		if m := claude.CompileMatcher(event, h.Match); m.IsRegex() {
			if what := claude.Backtracking(h.Match); what != "" {
				add(CodeBacktracking, SeverityError,
					fmt.Sprintf("matcher %q can take exponential time on some names (%s): hookcompat gives up after %s and runs the hook with a warning; Claude Code can hang on it", h.Match, what, claude.MatcherTimeout),
					"repeat the inner item only once, e.g. a+b instead of (a+)+b, or list the exact names")
			}
		}
	}
}
