package copilot

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/dlclark/regexp2"
)

// Matcher is a compiled Copilot matcher (recorded hc_pre_matchers_*,
// hc_perm_matcher, hc_notif_pascal): a JavaScript regular expression
// that must match the whole value (^(?:matcher)$), case-sensitively —
// "ba" does not select bash, "BASH" does not, "(?i)bash" and "*" do not
// compile (the hook is skipped when the file loads). A PascalCase hook's
// matcher is Claude Code's: "*" selects every value, and it is tested
// against both names of the tool (Claude's Bash and Copilot's bash), so
// "bash" and "Bash" both select the shell tool there.
type Matcher struct {
	all bool
	re  *regexp2.Regexp
	err error
}

// regexTimeout bounds one evaluation of a user's pattern.
const regexTimeout = 100 * time.Millisecond

// CompileMatcher compiles a camelCase hook's matcher.
func CompileMatcher(m string) *Matcher {
	if inlineGroup(m) {
		return &Matcher{err: fmt.Errorf("invalid matcher regex: %q (JavaScript has no inline flags)", m)}
	}
	re, err := regexp2.Compile("^(?:"+m+")$", regexp2.ECMAScript)
	if err != nil {
		return &Matcher{err: fmt.Errorf("invalid matcher regex: %q", m)}
	}
	re.MatchTimeout = regexTimeout
	return &Matcher{re: re}
}

// compilePascal compiles a PascalCase hook's matcher: "*" (and "") match
// every value.
func compilePascal(m string) *Matcher {
	if m == "*" || m == "" {
		return &Matcher{all: true}
	}
	return CompileMatcher(m)
}

// Err is the compile error of an invalid pattern, or nil.
func (m *Matcher) Err() error { return m.err }

// Match reports whether any of values is selected. A pattern that cannot
// be evaluated in time selects (a guard is never skipped because its
// matcher could not be read); unevaluable reports it.
func (m *Matcher) Match(values ...string) (ok, unevaluable bool) {
	if m.all {
		return true, false
	}
	if m.re == nil {
		return false, false
	}
	for _, v := range values {
		hit, err := m.re.MatchString(v)
		if err != nil {
			return true, true
		}
		if hit {
			return true, false
		}
	}
	return false, false
}

var matcherCache sync.Map

func cachedMatcher(pattern string, pascal bool) *Matcher {
	key := pattern
	if pascal {
		key = "P\x00" + pattern
	}
	if m, ok := matcherCache.Load(key); ok {
		return m.(*Matcher)
	}
	m := CompileMatcher(pattern)
	if pascal {
		m = compilePascal(pattern)
	}
	matcherCache.Store(key, m)
	return m
}

// checkMatcher is the registered check of match syntax "copilot" (native
// TOML is strict: a pattern Copilot would skip is an error there).
func checkMatcher(p string) error {
	if p == "*" {
		return nil // a PascalCase hook's match-all; the hook's dialect decides
	}
	return CompileMatcher(p).Err()
}

// inlineGroup reports a "(?" that opens none of JavaScript's groups
// ((?:, (?=, (?!, (?<=, (?<!, (?<name>): an inline flag such as (?i),
// which JavaScript rejects and regexp2 would accept (recorded
// hc_pre_matchers_camel: '(?i)bash' is skipped as invalid).
func inlineGroup(p string) bool {
	inClass := false
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '\\':
			i++
		case c == '[':
			inClass = true
		case c == ']':
			inClass = false
		case !inClass && c == '(' && i+1 < len(p) && p[i+1] == '?':
			if i+2 >= len(p) || !strings.ContainsRune(":=!<", rune(p[i+2])) {
				return true
			}
		}
	}
	return false
}
