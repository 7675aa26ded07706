package gemini

import (
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/compat/internal/jsregex"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// toolMatches applies a Gemini CLI tool matcher (trimmed, not "" or "*") to
// a Gemini tool name: new RegExp(matcher).test(tool), an unanchored,
// case-sensitive JavaScript regex; a matcher that is not a valid regex is
// compared for equality (hookPlanner.matchesToolName). There are no
// aliases: "Bash" never matches run_shell_command. A regex that cannot be
// evaluated on tool within its bound matches (toolMatch says so).
func toolMatches(matcher, tool string) bool {
	ok, _ := toolMatch(matcher, tool)
	return ok
}

// toolMatch is toolMatches with the error of a regex that could not be
// evaluated on tool within its bound (catastrophic backtracking): the
// match is then unknown and ok is true, the safe answer (the hook runs).
func toolMatch(matcher, tool string) (ok bool, err error) {
	re := jsregex.Compile(matcher)
	if re == nil {
		return matcher == tool, nil
	}
	return jsregex.Test(re, tool)
}

// selects applies h's Gemini matcher to ev (gemini-cli §3,
// hookPlanner.matchesContext): "" and "*" (trimmed), and every matcher on
// an event without a matcher target, select; tool events test the regex
// on the Gemini tool name; SessionStart, SessionEnd and PreCompress
// compare the trimmed matcher with the trigger exactly. A regex that
// cannot be evaluated on the tool name within its bound selects, with
// the error (the core's SelectWarn puts it in the hook's trace): Gemini
// CLI's own evaluation hangs and may match, and a guard must never be
// skipped silently. A matcher of another syntax (a native hook of protocol gemini) is applied by the
// native rules.
func selects(p *geminicore.Protocol, r *geminicore.Row, h *settings.Hook, ev *runner.Event) (bool, error) {
	if h.EffectiveMatchSyntax() != Name {
		return format.SelectsNative(p.Vocab, h, ev), nil
	}
	m := geminicore.TrimJS(h.Match)
	if m == "" || m == "*" {
		return true, nil
	}
	switch r.Match {
	case geminicore.MatchTool:
		return toolMatch(m, toolName(p.Vocab, ev.Tool))
	case geminicore.MatchValue:
		v := p.Agent.Subject(r, ev, p.Vocab)
		return v == "" || m == v, nil
	}
	return true, nil
}

// checkPattern is the match-syntax checker of Name: every
// string is a valid Gemini matcher (an invalid regex is compared for
// equality).
func checkPattern(string) error { return nil }

func init() { settings.RegisterMatchSyntax(Name, checkPattern) }
