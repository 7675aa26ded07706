package hookkit

import "strings"

// Nearest returns the candidate that name most likely misspells, or ""
// when none is near enough to say so: first a candidate equal to name
// but for case (pretooluse → PreToolUse), then one equal when case and
// the separators '_', '-', '.' and ' ' are ignored (pre-tool, PRE_TOOL →
// pre_tool), then the one whose form without case and separators is
// nearest name's by [EditDistance], at most 1 for a name of up to 4
// such letters, 2 up to 8 and 3 beyond (pre_tools → pre_tool;
// preEditHook → nothing). A tie goes to the first in candidates. Every
// did-you-mean hint of an event name (the exec shim's --event, a native
// event's "event", each format's hooks file, convert and validate) is
// made with it.
func Nearest(name string, candidates []string) string {
	for _, c := range candidates {
		if strings.EqualFold(c, name) {
			return c
		}
	}
	n := squash(name)
	if n == "" {
		return ""
	}
	for _, c := range candidates {
		if squash(c) == n {
			return c
		}
	}
	limit := 3
	switch {
	case len(n) <= 4:
		limit = 1
	case len(n) <= 8:
		limit = 2
	}
	best, bestD := "", limit+1
	for _, c := range candidates {
		if d := EditDistance(n, squash(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// DidYouMean is `; did you mean "X"?` for X = [Nearest](name,
// candidates), or "" when nothing is near: the tail of a message about
// an unknown name.
func DidYouMean(name string, candidates []string) string {
	if near := Nearest(name, candidates); near != "" && near != name {
		return `; did you mean "` + near + `"?`
	}
	return ""
}

// squash is s in lower case without the separators '_', '-', '.' and ' '.
func squash(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch r {
		case '_', '-', '.', ' ':
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
