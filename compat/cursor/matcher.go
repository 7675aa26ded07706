package cursor

import (
	"fmt"
	"time"

	"github.com/dlclark/regexp2"

	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/settings"
)

// Matcher is a compiled Cursor matcher (cursor §4): absent, "" and "*"
// match every value; anything else is a JavaScript regular expression
// (new RegExp(matcher)) tested unanchored and case-sensitively against
// the step's subject, compiled with dlclark/regexp2 in ECMAScript mode.
// A matcher that does not compile is rejected when the file loads (the
// whole file is then not loaded, as in Cursor); one that cannot be
// evaluated at run time (a backtracking runaway) matches, as Cursor's
// bundle does for a pattern it cannot use.
type Matcher struct {
	all bool
	re  *regexp2.Regexp
	err error
}

// regexTimeout bounds one evaluation of a user's pattern.
const regexTimeout = 100 * time.Millisecond

// compileMatcher compiles a Cursor matcher. An invalid pattern is
// reported by Err.
func compileMatcher(m string) *Matcher {
	if m == "" || m == "*" {
		return &Matcher{all: true}
	}
	re, err := regexp2.Compile(m, regexp2.ECMAScript)
	if err != nil {
		return &Matcher{err: fmt.Errorf("matcher %q is not a valid JavaScript regular expression: %w", m, err)}
	}
	re.MatchTimeout = regexTimeout
	return &Matcher{re: re}
}

// Err is the compile error of an invalid pattern, or nil.
func (m *Matcher) Err() error { return m.err }

// All reports whether the matcher matches every value.
func (m *Matcher) All() bool { return m.all }

// Match reports whether value is selected: RegExp.prototype.test. A
// pattern that does not compile or cannot be evaluated in time matches.
func (m *Matcher) Match(value string) bool {
	if m.all || m.re == nil {
		return true
	}
	ok, err := m.re.MatchString(value)
	return err != nil || ok
}

// maxMatchers bounds the compiled matchers kept (hookkit.Cache: it starts
// over when full).
const maxMatchers = 1024

// matcherCache keeps compiled matchers per pattern.
var matcherCache = hookkit.Cache[string, *Matcher]{Max: maxMatchers}

func cachedMatcher(pattern string) *Matcher { return matcherCache.Get(pattern, compileMatcher) }

func init() {
	// A native TOML file is strict: an invalid Cursor pattern there is an
	// error.
	settings.RegisterMatchSyntax(Name, func(p string) error {
		return compileMatcher(p).Err()
	})
}
