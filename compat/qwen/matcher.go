package qwen

import (
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/dlclark/regexp2"
	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

const regexTimeout = 100 * time.Millisecond

var regexCache sync.Map // pattern → *regexp2.Regexp, or nil when invalid

// Matches is Qwen Code's matcher rule (matchesHookPattern): the matcher
// trimmed (an escaped trailing space kept); "", "*" and ".*" match
// everything; the subject or one of its aliases equal to the matcher
// matches; a matcher with "|" that does not start with "^" or "(" is a
// list — any entry equal to "*", ".*", the subject or an alias matches,
// else the entries joined by "|" are one regex; finally an unanchored
// JavaScript regex tested against the subject only (an invalid one
// matches nothing).
func Matches(matcher, subject string, aliases []string) bool {
	pattern := trimMatcher(matcher)
	if pattern == "" || pattern == "*" || pattern == ".*" {
		return true
	}
	exact := func(s string) bool {
		if s == subject {
			return true
		}
		for _, a := range aliases {
			if a == s {
				return true
			}
		}
		return false
	}
	if exact(pattern) {
		return true
	}
	expr := pattern
	if strings.Contains(pattern, "|") && !strings.HasPrefix(pattern, "^") && !strings.HasPrefix(pattern, "(") {
		var alts []string
		for _, e := range splitList(pattern) {
			if e = trimEntry(e); e != "" {
				alts = append(alts, e)
			}
		}
		for _, e := range alts {
			if e == "*" || e == ".*" || exact(e) {
				return true
			}
		}
		if len(alts) == 0 {
			return false
		}
		expr = strings.Join(alts, "|")
	}
	v, ok := regexCache.Load(expr)
	if !ok {
		re, err := regexp2.Compile(expr, regexp2.ECMAScript)
		if err != nil || !geminicore.JSRegexSyntaxOK(expr) {
			re = nil
		} else {
			re.MatchTimeout = regexTimeout
		}
		v, _ = regexCache.LoadOrStore(expr, re)
	}
	re, _ := v.(*regexp2.Regexp)
	if re == nil {
		return false
	}
	m, err := re.MatchString(subject)
	return err == nil && m
}

// trimMatcher trims white space from both ends, keeping trailing white
// space escaped by an odd number of backslashes.
func trimMatcher(m string) string {
	end := len(m)
	for end > 0 && unicode.IsSpace(rune(m[end-1])) {
		n := 0
		for i := end - 2; i >= 0 && m[i] == '\\'; i-- {
			n++
		}
		if n%2 == 1 {
			break
		}
		end--
	}
	return strings.TrimLeftFunc(m[:end], unicode.IsSpace)
}

func trimEntry(e string) string {
	start := len(e) - len(strings.TrimLeftFunc(e, unicode.IsSpace))
	end := len(e)
	for end > start && unicode.IsSpace(rune(e[end-1])) {
		n := 0
		for i := end - 2; i >= 0 && e[i] == '\\'; i-- {
			n++
		}
		if n%2 == 1 {
			break
		}
		end--
	}
	return e[start:end]
}

// splitList splits a matcher at top-level "|" (not inside a character
// class, a group or after a backslash).
func splitList(p string) []string {
	var out []string
	var cur strings.Builder
	escaped, inClass, depth := false, false, 0
	for _, c := range p {
		switch {
		case escaped:
			escaped = false
		case c == '\\':
			escaped = true
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
		case c == '(':
			depth++
		case c == ')':
			if depth > 0 {
				depth--
			}
		case c == '|' && depth == 0:
			out = append(out, cur.String())
			cur.Reset()
			continue
		}
		cur.WriteRune(c)
	}
	return append(out, cur.String())
}

// subject is what a matcher of r is compared with for ev, and the aliases
// a tool matcher also accepts.
func subject(vocab *translate.Vocabulary, r *Row, ev *runner.Event) (string, []string) {
	switch r.Target {
	case ToolTarget:
		t := vocab.Name(translate.Native, Dialect, ev.Tool)
		return t, toolAliases.Get()[t]
	case ValueTarget:
		switch r.TargetKey {
		case "source", "reason", "trigger":
			v := hookkit.MapValue(reasonMap(r), ev.Reason, false)
			if v == "" && r.Name == "SessionStart" {
				v = "startup"
			}
			return v, nil
		case "notification_type":
			return ev.Type, nil
		case "agent_type":
			return ev.Subagent, nil
		}
		v, _ := ev.Extra.Get(r.TargetKey)
		return gjson.ParseBytes(v).String(), nil
	}
	return "", nil
}

// selects applies h's Qwen matcher to ev (hookPlanner.matchesContext): no
// matcher, an event without a matcher target or an empty target select.
func selects(vocab *translate.Vocabulary, h *settings.Hook, ev *runner.Event) bool {
	r, ok := ForNative(ev.Name)
	if !ok {
		return false
	}
	if h.Match == "" || r.Target == NoTarget {
		return true
	}
	if h.EffectiveMatchSyntax() != settings.MatchQwen {
		return format.SelectsNative(vocab, h, ev)
	}
	s, aliases := subject(vocab, r, ev)
	if s == "" {
		return true
	}
	return Matches(h.Match, s, aliases)
}

func init() { settings.RegisterMatchSyntax(settings.MatchQwen, func(string) error { return nil }) }
