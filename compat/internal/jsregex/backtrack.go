package jsregex

import (
	"strings"
)

// Backtracking names the first construct of an ECMAScript regular
// expression that makes a backtracking engine (JavaScript's, and
// regexp2's) take exponential time on some inputs, or returns "" when it
// finds none:
//   - a group repeated without bound (*, +, {n,}) that itself contains a
//     quantifier repeated without bound, as in (a+)+ or (\w*)*;
//   - a group repeated without bound whose alternatives overlap (one is
//     a prefix of another, or they are equal), as in (a|ab)*.
//
// It is a lint, not a proof: it looks for the shapes that cause nearly
// all catastrophic backtracking in practice.
func Backtracking(pattern string) string {
	stack := []*btGroup{{start: 0, literal: true}}
	top := func() *btGroup { return stack[len(stack)-1] }
	// closed is the group that just ended, when the next rune could be its
	// quantifier.
	var closed *btGroup
	closedText := ""
	rs := []rune(pattern)
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		// A quantifier applies to the previous item.
		if q, n := quantifier(rs, i); n > 0 {
			if q && closed != nil {
				if closed.unbounded {
					return "nested quantifier: " + closedText + string(rs[i:i+n]) + " repeats a group that repeats itself"
				}
				if closed.hasAlt && overlapping(closed.alts) {
					return "overlapping alternatives: " + closedText + string(rs[i:i+n]) + " repeats alternatives that can match the same text"
				}
			}
			if q {
				top().unbounded = true
			}
			top().literal = false
			closed = nil
			i += n - 1
			continue
		}
		closed = nil
		switch c {
		case '\\':
			top().literal = false
			i++
		case '[':
			top().literal = false
			i++
			if i < len(rs) && rs[i] == '^' {
				i++
			}
			for ; i < len(rs) && rs[i] != ']'; i++ {
				if rs[i] == '\\' {
					i++
				}
			}
		case '(':
			g := &btGroup{start: i, literal: true}
			if i+1 < len(rs) && rs[i+1] == '?' {
				// (?:…), (?=…), (?!…), (?<=…), (?<!…), (?<name>…)
				j := i + 2
				if j < len(rs) && rs[j] == '<' && j+1 < len(rs) && rs[j+1] != '=' && rs[j+1] != '!' {
					for j < len(rs) && rs[j] != '>' {
						j++
					}
				} else if j < len(rs) && rs[j] == '<' {
					j++
				}
				i = j
			}
			stack = append(stack, g)
		case ')':
			if len(stack) == 1 {
				continue // unbalanced: the compiler reports it
			}
			g := top()
			g.alts = append(g.alts, g.alt())
			stack = stack[:len(stack)-1]
			if g.unbounded {
				top().unbounded = true
			}
			top().literal = false
			closed, closedText = g, string(rs[g.start:i+1])
		case '|':
			g := top()
			g.alts = append(g.alts, g.alt())
			g.hasAlt = true
			g.literal = true
			g.cur.Reset()
		case '.', '^', '$':
			top().literal = false
		default:
			top().cur.WriteRune(c)
		}
	}
	return ""
}

// btGroup is a group of the pattern (the whole pattern at the bottom of
// the stack) as Backtracking scans it.
type btGroup struct {
	start     int
	unbounded bool     // contains an item repeated without bound
	hasAlt    bool     // has a '|' at its own level
	alts      []string // each alternative's literal text, or notLiteral
	literal   bool     // the current alternative is plain text so far
	cur       strings.Builder
}

// alt is the literal text of the group's current alternative, or
// notLiteral.
func (g *btGroup) alt() string {
	if !g.literal {
		return notLiteral
	}
	return g.cur.String()
}

// quantifier reports whether rs[i:] starts with a quantifier, whether it
// is unbounded (*, +, {n,}), and its length (with a lazy '?').
func quantifier(rs []rune, i int) (unbounded bool, n int) {
	switch rs[i] {
	case '*', '+':
		unbounded, n = true, 1
	case '?':
		n = 1
	case '{':
		j := i + 1
		digits := 0
		for j < len(rs) && rs[j] >= '0' && rs[j] <= '9' {
			j++
			digits++
		}
		if digits == 0 {
			return false, 0
		}
		if j < len(rs) && rs[j] == '}' {
			n = j - i + 1
			break
		}
		if j >= len(rs) || rs[j] != ',' {
			return false, 0
		}
		j++
		upper := 0
		for j < len(rs) && rs[j] >= '0' && rs[j] <= '9' {
			j++
			upper++
		}
		if j >= len(rs) || rs[j] != '}' {
			return false, 0
		}
		unbounded, n = upper == 0, j-i+1
	default:
		return false, 0
	}
	if i+n < len(rs) && rs[i+n] == '?' {
		n++
	}
	return unbounded, n
}

// overlapping reports whether two of the literal alternatives can start
// the same match: one is a prefix of the other (equal included). An
// alternative that is not a plain literal is skipped.
func overlapping(alts []string) bool {
	for i, a := range alts {
		for j, b := range alts {
			if i == j || a == notLiteral || b == notLiteral || a == "" {
				continue
			}
			if strings.HasPrefix(b, a) {
				return true
			}
		}
	}
	return false
}

const notLiteral = "\x00not a literal"
