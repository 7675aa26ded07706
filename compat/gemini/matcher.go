package gemini

import (
	"sync"
	"time"

	"github.com/dlclark/regexp2"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// regexTimeout bounds one evaluation of a user's regex (catastrophic
// backtracking must not hang the engine); a regex that times out does
// not match.
const regexTimeout = 100 * time.Millisecond

var regexCache sync.Map // matcher → *regexp2.Regexp or nil (invalid)

// ToolMatches applies a Gemini CLI tool matcher (trimmed, not "" or "*") to
// a Gemini tool name: new RegExp(matcher).test(tool), an unanchored,
// case-sensitive JavaScript regex; a matcher that is not a valid regex is
// compared for equality (hookPlanner.matchesToolName). There are no
// aliases: "Bash" never matches run_shell_command.
func ToolMatches(matcher, tool string) bool {
	v, ok := regexCache.Load(matcher)
	if !ok {
		re, err := regexp2.Compile(matcher, regexp2.ECMAScript)
		if err != nil || !geminicore.JSRegexSyntaxOK(matcher) {
			re = nil
		} else {
			re.MatchTimeout = regexTimeout
		}
		v, _ = regexCache.LoadOrStore(matcher, re)
	}
	re, _ := v.(*regexp2.Regexp)
	if re == nil {
		return matcher == tool
	}
	m, err := re.MatchString(tool)
	return err == nil && m
}

// trigger is the value an exact matcher of r is compared with: the
// payload's source, reason or trigger.
func trigger(r *Row, ev *runner.Event) string {
	v := hookkit.MapValue(reasonMap(r), ev.Reason, false)
	if v == "" {
		v = map[string]string{"SessionStart": "startup", "SessionEnd": "exit", "PreCompress": "auto"}[r.Name]
	}
	return v
}

// selects applies h's Gemini matcher to ev (gemini-cli §3,
// hookPlanner.matchesContext): an empty matcher, "*", and every matcher
// on an event without a matcher target select; tool events test the
// regex on the Gemini tool name; SessionStart, SessionEnd and PreCompress
// compare the trimmed matcher with the trigger exactly.
func selects(vocab *translate.Vocabulary, h *settings.Hook, ev *runner.Event) bool {
	r, ok := ForNative(ev.Name)
	if !ok {
		return false
	}
	if h.Match == "" {
		return true
	}
	if h.EffectiveMatchSyntax() != settings.MatchGemini {
		return format.SelectsNative(vocab, h, ev)
	}
	m := geminicore.TrimJS(h.Match)
	if m == "" || m == "*" {
		return true
	}
	switch r.Match {
	case MatchTool:
		return ToolMatches(m, ToolName(vocab, ev.Tool))
	case MatchExact:
		v := trigger(r, ev)
		return v == "" || m == v
	}
	return true
}

// checkPattern is the match-syntax checker of settings.MatchGemini: every
// string is a valid Gemini matcher (an invalid regex is compared for
// equality).
func checkPattern(string) error { return nil }

func init() { settings.RegisterMatchSyntax(settings.MatchGemini, checkPattern) }
