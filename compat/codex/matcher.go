package codex

import (
	"regexp"
	"strings"
	"sync"

	"github.com/hookcompat/hookcompat/settings"
)

// Matcher is a compiled Codex matcher (codex §1.6):
//   - absent, null, "" and "*" match every value;
//   - a matcher made only of [A-Za-z0-9_|] is a list of exact names:
//     "Bash|Edit" matches Bash and Edit, "|" matches nothing, "Bash|"
//     matches Bash;
//   - anything else is an unanchored, case-sensitive Rust regex
//     ([compileRust]); an invalid one drops its group at load (Err).
type Matcher struct {
	all   bool
	names []string
	re    *regexp.Regexp
	err   error
}

// CompileMatcher compiles a Codex matcher.
func CompileMatcher(m string) *Matcher {
	if m == "" || m == "*" {
		return &Matcher{all: true}
	}
	if exactMatcher.Get().MatchString(m) {
		return &Matcher{names: strings.Split(m, "|")}
	}
	re, err := compileRust(m)
	if err != nil {
		return &Matcher{err: err}
	}
	return &Matcher{re: re}
}

// Err is why the matcher does not compile (Rust's regex parse error), or
// nil.
func (m *Matcher) Err() error { return m.err }

// IsRegex reports whether the matcher is a regular expression.
func (m *Matcher) IsRegex() bool { return m.re != nil }

// All reports whether the matcher matches everything.
func (m *Matcher) All() bool { return m.all }

// Names returns the names of an exact matcher (empty names of "a||b"
// included, as Codex splits), else nil.
func (m *Matcher) Names() []string { return append([]string(nil), m.names...) }

// Match reports whether any of values is selected (a tool is tested under
// its name and every alias, codex §1.6 rule 5).
func (m *Matcher) Match(values ...string) bool {
	switch {
	case m.all:
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

var matcherCache sync.Map

func cachedMatcher(pattern string) *Matcher {
	if m, ok := matcherCache.Load(pattern); ok {
		return m.(*Matcher)
	}
	m := CompileMatcher(pattern)
	matcherCache.Store(pattern, m)
	return m
}

func init() {
	// A native TOML hook with match_syntax "codex" must hold a matcher
	// Rust's regex accepts.
	settings.RegisterMatchSyntax(settings.MatchCodex, func(p string) error { return CompileMatcher(p).Err() })
}
