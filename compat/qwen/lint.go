package qwen

import (
	"fmt"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/compat/internal/jsregex"
	"github.com/hookcompat/hookcompat/settings"
)

// Lint codes of the Qwen format.
const (
	LintRegexAlias      = "qwen-regex-alias"       // a regex naming an alias (^Bash$): regexes see only canonical names
	LintPromptArguments = "qwen-prompt-arguments"  // a prompt hook without $ARGUMENTS: the judge never sees the event
	LintBacktracking    = jsregex.CodeBacktracking // a matcher that can take exponential time (catastrophic backtracking)
)

// Lint reports Qwen hooks that probably do not do what their author
// meant: a matcher whose regex can take exponential time on some values
// (jsregex.CodeBacktracking, an error: hookcompat gives up after its
// evaluation bound and runs the hook with a warning, Qwen Code can hang),
// a regex matcher built on an alias (^Bash$ never matches, a regex
// sees run_shell_command) and a prompt hook without $ARGUMENTS.
func (f qwenFormat) Lint(h *settings.Hook, _ *format.LintContext, add func(code, severity, msg, hint string)) {
	if h.EffectiveProtocol() != Name {
		return
	}
	m := trimMatcher(h.Match)
	if r, ok := agent.ForNative(h.Event); ok && r.Match != geminicore.MatchNone && h.EffectiveMatchSyntax() == Name {
		if expr, ok := regexOf(h.Match); ok {
			jsregex.Lint(h.Match, expr, "Qwen Code", add)
		}
	}
	if r, ok := agent.ForNative(h.Event); ok && r.Match == geminicore.MatchTool && strings.ContainsAny(m, "^$()[].*+?") {
		for c, als := range toolAliases.Get() {
			for _, a := range als {
				if strings.Contains(m, a) && !strings.Contains(m, c) {
					add(LintRegexAlias, format.SeverityWarning,
						fmt.Sprintf("matcher %q is a regex; Qwen Code tests regexes against the canonical tool name only (%s), so the alias %s in it never matches", h.Match, c, a),
						fmt.Sprintf("write %s, or the alias alone without regex syntax", c))
					return
				}
			}
		}
	}
	if h.EffectiveType() == settings.TypePrompt && !strings.Contains(h.Prompt, "$ARGUMENTS") {
		add(LintPromptArguments, format.SeverityInfo, "the prompt has no $ARGUMENTS: the judge does not see the event", "add $ARGUMENTS where the event's JSON should go")
	}
}
