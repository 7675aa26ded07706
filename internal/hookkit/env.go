package hookkit

import (
	"bytes"
	"regexp"
	"sort"
	"strings"

	"github.com/hookcompat/hookcompat/internal/lazy"
)

// FirstLine is the first line of b, trimmed: the short form of a hook's
// stderr in messages.
func FirstLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// WithEnv returns base ("KEY=value") with the variables of add set,
// replacing any earlier definition; added variables come last, sorted by
// name. With nothing to add it returns base itself (callers must not
// modify the result).
func WithEnv(base []string, add map[string]string) []string {
	if len(add) == 0 {
		return base
	}
	out := make([]string, 0, len(base)+len(add))
	for _, kv := range base {
		k, _, _ := strings.Cut(kv, "=")
		if _, replaced := add[k]; !replaced {
			out = append(out, kv)
		}
	}
	keys := make([]string, 0, len(add))
	for k := range add {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		out = append(out, k+"="+add[k])
	}
	return out
}

// WithoutEnv returns env ("KEY=value") without the named variables.
func WithoutEnv(env []string, names ...string) []string {
	found := false
	for _, kv := range env {
		for _, n := range names {
			found = found || (len(kv) > len(n) && kv[len(n)] == '=' && kv[:len(n)] == n)
		}
	}
	if !found {
		return env[:len(env):len(env)]
	}
	out := make([]string, 0, len(env))
next:
	for _, kv := range env {
		for _, n := range names {
			if strings.HasPrefix(kv, n+"=") {
				continue next
			}
		}
		out = append(out, kv)
	}
	return out
}

// EnvValue returns the value of name in env ("KEY=value"; the last
// definition wins), or "".
func EnvValue(env []string, name string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], name+"="); ok {
			return v
		}
	}
	return ""
}

// (compiled on first use: not at the start of every hookcompat process)
var envRef = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)`)
}}

// ExpandHeaders returns headers with $VAR and ${VAR} replaced by the
// variable's value from env ("KEY=value" list) for names in allowed
// (HK-62, claude §2.2). A reference to a name outside allowed is kept as
// written when keepOthers is true (native) and replaced by the empty
// string otherwise (Claude).
func ExpandHeaders(headers map[string]string, allowed []string, env []string, keepOthers bool) map[string]string {
	if len(headers) == 0 {
		return nil
	}
	ok := map[string]bool{}
	for _, n := range allowed {
		ok[n] = true
	}
	vals := map[string]string{}
	for _, kv := range env {
		if k, v, found := bytes.Cut([]byte(kv), []byte("=")); found {
			vals[string(k)] = string(v)
		}
	}
	out := make(map[string]string, len(headers))
	for k, v := range headers {
		re := envRef.Get()
		out[k] = re.ReplaceAllStringFunc(v, func(ref string) string {
			m := re.FindStringSubmatch(ref)
			name := m[1] + m[2]
			if ok[name] {
				return vals[name]
			}
			if keepOthers {
				return ref
			}
			return ""
		})
	}
	return out
}
