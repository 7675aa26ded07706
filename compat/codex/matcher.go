package codex

import (
	"errors"
	"regexp"
	"strings"

	"github.com/hookcompat/hookcompat/compat/codex/internal/rustregex"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/settings"
)

// Matcher is a compiled Codex matcher (codex §1.6):
//   - absent, null, "" and "*" match every value;
//   - a matcher made only of [A-Za-z0-9_|] is a list of exact names:
//     "Bash|Edit" matches Bash and Edit, "|" matches nothing, "Bash|"
//     matches Bash;
//   - anything else is an unanchored, case-sensitive Rust regex, read
//     with Rust's grammar (package rustregex); one Rust rejects drops its
//     group at load (Err); one Rust accepts and hookcompat cannot
//     evaluate (a repetition count above 1000) is loaded, as Codex loads
//     it, and selects every value (Unsupported): a guard is never
//     skipped because its matcher could not be evaluated.
type Matcher struct {
	all   bool
	names []string
	regex bool
	re    *regexp.Regexp
	err   error // Rust rejects the pattern
	unsup error // Rust accepts it, Go cannot evaluate it
}

// compileMatcher compiles a Codex matcher.
func compileMatcher(m string) *Matcher {
	if m == "" || m == "*" {
		return &Matcher{all: true}
	}
	if exactMatcher.Get().MatchString(m) {
		return &Matcher{names: strings.Split(m, "|")}
	}
	re, err := rustregex.Compile(m)
	var unsup *rustregex.UnsupportedError
	switch {
	case errors.As(err, &unsup):
		return &Matcher{regex: true, unsup: err}
	case err != nil:
		return &Matcher{regex: true, err: err}
	}
	return &Matcher{regex: true, re: re}
}

// Err is why the matcher does not compile (Rust's regex parse error, a
// *rustregex.SyntaxError), or nil.
func (m *Matcher) Err() error { return m.err }

// Unsupported is why hookcompat cannot evaluate a matcher Rust accepts
// (a *rustregex.UnsupportedError), or nil; such a matcher selects every
// value.
func (m *Matcher) Unsupported() error { return m.unsup }

// IsRegex reports whether the matcher is a regular expression.
func (m *Matcher) IsRegex() bool { return m.regex }

// All reports whether the matcher matches everything.
func (m *Matcher) All() bool { return m.all }

// Names returns the names of an exact matcher (empty names of "a||b"
// included, as Codex splits), else nil.
func (m *Matcher) Names() []string { return append([]string(nil), m.names...) }

// Match reports whether any of values is selected (a tool is tested under
// its name and every alias, codex §1.6 rule 5); an Unsupported matcher
// selects every value, an invalid one none.
func (m *Matcher) Match(values ...string) bool {
	switch {
	case m.all, m.unsup != nil:
		return true
	case m.names != nil:
		for _, v := range values {
			for _, n := range m.names {
				if n == v {
					return true
				}
			}
		}
	case m.re != nil:
		for _, v := range values {
			if m.re.MatchString(v) {
				return true
			}
		}
	}
	return false
}

// maxMatchers bounds the compiled matchers kept (hookkit.Cache: it starts
// over when full).
const maxMatchers = 1024

// matcherCache keeps compiled matchers per pattern.
var matcherCache = hookkit.Cache[string, *Matcher]{Max: maxMatchers}

func cachedMatcher(pattern string) *Matcher { return matcherCache.Get(pattern, compileMatcher) }

func init() {
	// A native TOML hook with match_syntax "codex" must hold a matcher
	// Rust's regex accepts.
	settings.RegisterMatchSyntax(Name, func(p string) error { return compileMatcher(p).Err() })
}
