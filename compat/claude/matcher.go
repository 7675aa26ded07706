package claude

import (
	"fmt"
	"strings"
	"time"

	"github.com/dlclark/regexp2"

	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/settings"
)

// eventMatcher is a compiled Claude Code matcher (claude §3.1):
//   - absent, "" or "*" match every value;
//   - a matcher made only of letters, digits, '_' and '|' — and, except on
//     FileChanged and StopFailure, also ' ', '-' and ',' — is a list of
//     exact, case-sensitive names separated by '|' (or ',');
//   - anything else is an unanchored, case-sensitive ECMAScript regular
//     expression (RegExp.prototype.test), compiled with dlclark/regexp2.
//
// An invalid regex matches nothing (the oracle's recorded behaviour).
type eventMatcher struct {
	all   bool
	names map[string]bool
	re    *regexp2.Regexp
	err   error
}

// MatcherTimeout bounds one evaluation of a regex matcher: catastrophic
// backtracking in a user's matcher must not hang the engine. A matcher
// that exceeds it on a value could not be evaluated: the hook runs (it
// might have matched, and a guard must never be skipped silently) and the
// run's trace carries a warning.
const MatcherTimeout = 100 * time.Millisecond

// compileMatcher compiles m for event (a Claude event name; it decides the
// exact-name character set). The returned Matcher reports a compile error
// through Err and then matches nothing.
func compileMatcher(event, m string) *eventMatcher {
	if m == "" || m == "*" {
		return &eventMatcher{all: true}
	}
	row := eventNamed(event)
	narrow := row != nil && row.narrowNames
	if isNameList(m, narrow) {
		seps := "|,"
		if narrow {
			seps = "|"
		}
		names := map[string]bool{}
		for _, part := range strings.FieldsFunc(m, func(r rune) bool { return strings.ContainsRune(seps, r) }) {
			if p := strings.TrimSpace(part); p != "" {
				names[p] = true
			}
		}
		return &eventMatcher{names: names}
	}
	if err := jsSyntax(m); err != nil {
		return &eventMatcher{err: fmt.Errorf("matcher %q is not a valid JavaScript regular expression: %w", m, err)}
	}
	re, err := regexp2.Compile(m, regexp2.ECMAScript)
	if err != nil {
		return &eventMatcher{err: fmt.Errorf("matcher %q is not a valid JavaScript regular expression: %w", m, err)}
	}
	re.MatchTimeout = MatcherTimeout
	return &eventMatcher{re: re}
}

func isNameList(m string, narrow bool) bool {
	for _, c := range m {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == '|':
		case !narrow && (c == ' ' || c == '-' || c == ','):
		default:
			return false
		}
	}
	return true
}

// Err is the compile error of an invalid regex matcher, or nil.
func (m *eventMatcher) Err() error { return m.err }

// IsRegex reports whether the matcher is a regular expression.
func (m *eventMatcher) IsRegex() bool { return m.re != nil }

// Names returns the exact names of a name-list matcher (nil otherwise).
func (m *eventMatcher) Names() []string {
	var out []string
	for n := range m.names {
		out = append(out, n)
	}
	return out
}

// Match reports whether value is selected. A name list naming Task also
// selects Agent, the tool's name since Claude Code 2.1.63 (claude §3.5,
// §8.2: the old name is still accepted).
func (m *eventMatcher) Match(value string) bool {
	switch {
	case m.all:
		return true
	case m.names != nil:
		return m.names[value] || (value == "Agent" && m.names["Task"])
	case m.re != nil:
		ok, err := m.re.MatchString(value)
		return err == nil && ok
	}
	return false
}

// MatchErr is Match, with the error of a regex evaluation that exceeded
// [MatcherTimeout]; the match is then unknown and ok is true (the safe
// answer: run the hook).
func (m *eventMatcher) MatchErr(value string) (ok bool, err error) {
	if m.re == nil {
		return m.Match(value), nil
	}
	ok, err = m.re.MatchString(value)
	if err != nil {
		return true, fmt.Errorf("matcher %q could not be evaluated on %q within %s (catastrophic backtracking): %w", m.re.String(), value, MatcherTimeout, err)
	}
	return ok, nil
}

// maxMatchers bounds the compiled matchers kept (hookkit.Cache: it starts
// over when full).
const maxMatchers = 1024

// matcherCache keeps compiled matchers per (event, pattern).
var matcherCache = hookkit.Cache[[2]string, *eventMatcher]{Max: maxMatchers}

func cachedMatcher(event, pattern string) *eventMatcher {
	return matcherCache.Get([2]string{event, pattern}, func(k [2]string) *eventMatcher { return compileMatcher(k[0], k[1]) })
}

func init() {
	// A native TOML file is strict: an invalid regex there is an error.
	// (A Claude settings file with one still loads, with a warning, and the
	// matcher matches nothing, as Claude Code does.)
	settings.RegisterMatchSyntax(Name, func(p string) error {
		return compileMatcher(eventOf(settings.PreTool).name, p).Err()
	})
}

// jsSyntax rejects the constructs of other regex dialects that
// JavaScript's RegExp refuses but regexp2's ECMAScript mode accepts
// (recorded: "(?i)bash" never matches in Claude Code): inline flags
// "(?i)" and "(?i:…)", "(?P<name>…)", atomic "(?>…)", comments "(?#…)",
// conditionals "(?(…)…)" and possessive or doubled quantifiers ("a++",
// "a*+", "a{2}+").
func jsSyntax(p string) error {
	inClass := false
	quantified := false // the previous token was a quantifier
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\':
			i++ // the escaped character is a literal
			quantified = false
			continue
		case inClass:
			if c == ']' {
				inClass = false
			}
			continue
		case c == '[':
			inClass, quantified = true, false
			continue
		case c == '(' && i+1 < len(p) && p[i+1] == '?':
			rest := p[i+2:]
			switch {
			case strings.HasPrefix(rest, ":"), strings.HasPrefix(rest, "="), strings.HasPrefix(rest, "!"),
				strings.HasPrefix(rest, "<="), strings.HasPrefix(rest, "<!"):
			case strings.HasPrefix(rest, "<") && len(rest) > 1 && isIdentStart(rest[1]):
			default:
				return fmt.Errorf("group %q is not JavaScript syntax", p[i:min(len(p), i+4)])
			}
			quantified = false
			continue
		case c == '*' || c == '+' || c == '?' || c == '{' && isBrace(p[i:]):
			if c == '?' && quantified {
				quantified = false // lazy quantifier
				continue
			}
			if quantified {
				return fmt.Errorf("quantifier %q after a quantifier", string(c))
			}
			if c == '{' {
				i += strings.IndexByte(p[i:], '}')
			}
			quantified = true
			continue
		}
		quantified = false
	}
	return nil
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// isBrace reports whether s starts with a {n}, {n,} or {n,m} quantifier.
func isBrace(s string) bool {
	end := strings.IndexByte(s, '}')
	if end < 2 {
		return false
	}
	body := s[1:end]
	for i := 0; i < len(body); i++ {
		if body[i] != ',' && (body[i] < '0' || body[i] > '9') {
			return false
		}
	}
	return body[0] != ','
}
