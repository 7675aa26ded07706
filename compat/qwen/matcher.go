package qwen

import (
	"strings"
	"unicode"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/compat/internal/jsregex"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// matches is Qwen Code's matcher rule (matchesHookPattern): the matcher
// trimmed (an escaped trailing space kept); "", "*" and ".*" match
// everything; the subject or one of its aliases equal to the matcher
// matches; a matcher with "|" that does not start with "^" or "(" is a
// list — any entry equal to "*", ".*", the subject or an alias matches,
// else the entries joined by "|" are one regex; finally an unanchored
// JavaScript regex tested against the subject only (an invalid one
// matches nothing). A regex that cannot be evaluated within its bound
// matches ([Match] says so).
func matches(matcher, subject string, aliases []string) bool {
	ok, _ := Match(matcher, subject, aliases)
	return ok
}

// Match applies Qwen Code's matcher rule (matchesHookPattern) to subject
// and its aliases: the matcher trimmed; "", "*" and ".*" match
// everything; the subject or an alias equal to the matcher matches; a
// matcher with "|" not starting with "^" or "(" is a list; else an
// unanchored JavaScript regex tested against the subject (an invalid one
// matches nothing). err is that of a regex that could not be evaluated
// on subject within its bound (catastrophic backtracking): the match is
// then unknown and ok is true, the safe answer (the hook runs).
func Match(matcher, subject string, aliases []string) (ok bool, err error) {
	expr, decided, ok := matchExpr(matcher, subject, aliases)
	if decided {
		return ok, nil
	}
	re := jsregex.Compile(expr)
	if re == nil {
		return false, nil
	}
	return jsregex.Test(re, subject)
}

// matchExpr applies the rules of matches before the regex: it returns
// the answer when they decide (decided), else the regex to test.
func matchExpr(matcher, subject string, aliases []string) (expr string, decided, ok bool) {
	pattern := trimMatcher(matcher)
	if pattern == "" || pattern == "*" || pattern == ".*" {
		return "", true, true
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
		return "", true, true
	}
	expr = pattern
	if strings.Contains(pattern, "|") && !strings.HasPrefix(pattern, "^") && !strings.HasPrefix(pattern, "(") {
		var alts []string
		for _, e := range splitList(pattern) {
			if e = trimEntry(e); e != "" {
				alts = append(alts, e)
			}
		}
		for _, e := range alts {
			if e == "*" || e == ".*" || exact(e) {
				return "", true, true
			}
		}
		if len(alts) == 0 {
			return "", true, false
		}
		expr = strings.Join(alts, "|")
	}
	return expr, false, false
}

// regexOf is the regex Qwen Code tests a matcher as when no exact name
// or list entry decides (the entries of a list joined by "|"), or false
// when the matcher never reaches a regex ("", "*", ".*").
func regexOf(matcher string) (string, bool) {
	expr, decided, _ := matchExpr(matcher, "", nil)
	return expr, !decided
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

// selects applies h's Qwen matcher to ev (hookPlanner.matchesContext):
// an event without a matcher target or an empty target selects; a tool
// matcher is compared with the canonical Qwen tool name and its aliases,
// a value matcher with the payload's value of the row's MatchKey. A regex
// that cannot be evaluated within its bound selects, with the error (the
// core's SelectWarn puts it in the hook's trace): Qwen Code's own
// evaluation hangs and may match, and a guard must never be skipped
// silently. A matcher of another syntax (a native hook of protocol qwen) is applied
// by the native rules.
func selects(p *geminicore.Protocol, r *geminicore.Row, h *settings.Hook, ev *runner.Event) (bool, error) {
	if r.Match == geminicore.MatchNone {
		return true, nil
	}
	if h.EffectiveMatchSyntax() != Name {
		return format.SelectsNative(p.Vocab, h, ev), nil
	}
	var s string
	var aliases []string
	if r.Match == geminicore.MatchTool {
		s = p.Vocab.Name(translate.Native, Dialect, ev.Tool)
		aliases = toolAliases.Get()[s]
	} else {
		s = p.Agent.Subject(r, ev, p.Vocab)
	}
	if s == "" {
		return true, nil
	}
	return Match(h.Match, s, aliases)
}

func init() { settings.RegisterMatchSyntax(Name, func(string) error { return nil }) }
