package gemini

import (
	"fmt"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/compat/internal/jsregex"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Lint codes of the Gemini format.
const (
	LintClaudeToolName = "gemini-claude-tool-name"  // a tool matcher names a Claude tool; Gemini's names differ
	LintExactTrigger   = "gemini-exact-trigger"     // a lifecycle matcher with regex syntax; Gemini compares exactly
	LintTimeoutUnit    = "gemini-timeout-unit"      // a timeout below 1000 ms, probably meant as seconds
	LintQuotedDir      = "gemini-quoted-dir"        // "$GEMINI_PROJECT_DIR" inside double quotes with a path that needs quoting
	LintPluginVar      = "gemini-claude-plugin-var" // $CLAUDE_PLUGIN_ROOT is never set by Gemini CLI
	LintBacktracking   = jsregex.CodeBacktracking   // a tool matcher that can take exponential time (catastrophic backtracking)
)

var claudeToolNames = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"Bash": true, "Read": true, "Write": true, "Edit": true, "MultiEdit": true, "Glob": true,
		"Grep": true, "WebFetch": true, "WebSearch": true, "Task": true, "Agent": true, "TodoWrite": true, "NotebookEdit": true,
	}
}}

// Lint reports what probably does not do what its author meant in a
// Gemini hook: a tool matcher that can take exponential time on some tool
// names (jsregex.CodeBacktracking, an error: hookcompat gives up after
// its evaluation bound and runs the hook with a warning, Gemini CLI can
// hang), a tool matcher naming Claude Code's tools (Bash never
// matches run_shell_command), a SessionStart/SessionEnd/PreCompress
// matcher written as a regex or list (Gemini compares it exactly), a
// timeout under one second (milliseconds in Gemini CLI),
// "$GEMINI_PROJECT_DIR" inside double quotes while the project path
// needs quoting (Gemini inserts it already quoted), and
// $CLAUDE_PLUGIN_ROOT, which Gemini never sets.
func (geminiFormat) Lint(h *settings.Hook, c *format.LintContext, add func(code, severity, msg, hint string)) {
	if h.EffectiveProtocol() != Name {
		return
	}
	r, ok := agent.ForNative(h.Event)
	if !ok {
		return
	}
	m := geminicore.TrimJS(h.Match)
	if m != "" && m != "*" {
		switch r.Match {
		case geminicore.MatchTool:
			if h.EffectiveMatchSyntax() == Name {
				jsregex.Lint(h.Match, m, "Gemini CLI", add)
			}
			for _, part := range strings.FieldsFunc(m, func(c rune) bool { return c == '|' || c == ',' || c == '(' || c == ')' || c == '^' || c == '$' }) {
				p := strings.TrimSpace(part)
				if claudeToolNames.Get()[p] {
					g := toolName(translate.DefaultVocabulary, translate.DefaultVocabulary.Name(claudeDialect, translate.Native, p))
					add(LintClaudeToolName, format.SeverityWarning,
						fmt.Sprintf("matcher %q names the Claude Code tool %s; Gemini CLI's tool names differ and it has no aliases, so this never matches %s", h.Match, p, g),
						fmt.Sprintf("use %q", g))
				}
			}
		case geminicore.MatchValue:
			if strings.ContainsAny(m, "|.*^$()[]") {
				add(LintExactTrigger, format.SeverityWarning,
					fmt.Sprintf("%s matcher %q: Gemini CLI compares it with the %s exactly (no regex, no lists), so it never matches", r.Name, h.Match, r.MatchKey),
					"use one exact value, or several groups")
			}
		}
	}
	if h.Timeout > 0 && h.Timeout.Milliseconds() < 1000 && h.Timeout > immediate {
		add(LintTimeoutUnit, format.SeverityWarning, fmt.Sprintf("timeout %d ms: Gemini CLI's timeout is in milliseconds", h.Timeout.Milliseconds()), "write seconds × 1000")
	}
	if strings.Contains(h.Command, `"$GEMINI_PROJECT_DIR`) || strings.Contains(h.Command, `"$CLAUDE_PROJECT_DIR`) || strings.Contains(h.Command, `"$GEMINI_CWD`) {
		if q := shellQuote(c.Project); q != c.Project {
			add(LintQuotedDir, format.SeverityWarning,
				fmt.Sprintf("Gemini CLI replaces $GEMINI_PROJECT_DIR in the command with the already quoted path %s; inside double quotes the quotes become part of the path", q),
				"leave the variable unquoted, or use ${GEMINI_PROJECT_DIR} (expanded by bash)")
		}
	}
	if strings.Contains(h.Command, "CLAUDE_PLUGIN_ROOT") {
		add(LintPluginVar, format.SeverityWarning, "$CLAUDE_PLUGIN_ROOT is never set by Gemini CLI", "use ${extensionPath} in an extension's hooks.json")
	}
}
