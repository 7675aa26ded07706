package geminicore

import (
	"regexp"
	"strings"

	"github.com/hookcompat/hookcompat/internal/lazy"
)

// Expander replaces $NAME, ${NAME} (and, with Defaults, ${NAME:-default})
// references in the strings of a settings file at load, as Gemini CLI
// and Qwen Code do before they read any hook: with the environment the
// agent was launched with, inside any quotes (this is not a shell), only
// for variables that are set (a set but empty variable gives ""), leaving
// unknown references as written.
type Expander struct {
	// Lookup returns a variable of the launch environment and whether it
	// is set.
	Lookup func(name string) (string, bool)
	// Defaults enables ${NAME:-default} (Gemini CLI): the default is used
	// when NAME is not set. Without it (Qwen Code) the whole ${…} is a
	// name, which is never set.
	Defaults bool
	// Keep, if set, reports names that stay as written (Qwen Code keeps
	// SESSION_ID, QWEN_CODE_SESSION_ID and its internal secret names).
	Keep func(name string) bool
}

var (
	refWithDefault = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`\$(?:(\w+)|\{([^}]+?)(?::-([^}]*))?\})`) }}
	refPlain       = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`\$(?:(\w+)|\{([^}]+)\})`) }}
)

// Expand returns s with every reference replaced (gemini-cli settings §3,
// qwen-code settings §4).
func (e Expander) Expand(s string) string {
	if e.Lookup == nil || !strings.Contains(s, "$") {
		return s
	}
	re := refPlain.Get()
	if e.Defaults {
		re = refWithDefault.Get()
	}
	var b strings.Builder
	last := 0
	for _, m := range re.FindAllStringSubmatchIndex(s, -1) {
		b.WriteString(s[last:m[0]])
		last = m[1]
		match := s[m[0]:m[1]]
		name := ""
		if m[2] >= 0 {
			name = s[m[2]:m[3]]
		} else if m[4] >= 0 {
			name = s[m[4]:m[5]]
		}
		switch {
		case name == "" || (e.Keep != nil && e.Keep(name)):
			b.WriteString(match)
		default:
			if v, ok := e.Lookup(name); ok {
				b.WriteString(v)
			} else if e.Defaults && len(m) > 6 && m[6] >= 0 {
				b.WriteString(s[m[6]:m[7]])
			} else {
				b.WriteString(match)
			}
		}
	}
	b.WriteString(s[last:])
	return b.String()
}

// HasRefs reports whether s holds a reference the expander would look up.
func (e Expander) HasRefs(s string) bool {
	re := refPlain.Get()
	if e.Defaults {
		re = refWithDefault.Get()
	}
	return re.MatchString(s)
}

// EnvLookup is a Lookup over "KEY=value" pairs (the last definition wins).
func EnvLookup(env []string) func(string) (string, bool) {
	m := map[string]string{}
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok {
			m[k] = v
		}
	}
	return func(name string) (string, bool) { v, ok := m[name]; return v, ok }
}
