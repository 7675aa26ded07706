package rustregex

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hookcompat/hookcompat/internal/lazy"
)

// SyntaxError is a pattern Rust's regex rejects, rendered as the regex
// crate's Display does ("regex parse error:\n    <pattern>\n    <carets>\n
// error: <reason>").
type SyntaxError struct {
	// Pattern is the pattern as given.
	Pattern string
	// Start and End are the character (not byte) columns of the span
	// the error points at, 0-based, End exclusive.
	Start, End int
	// Msg is the reason, in Rust's words ("unclosed character class").
	Msg string
	// Aux is the span of what the error refers back to (the first of
	// two duplicate flags or capture names), or nil; Rust marks both.
	Aux *[2]int
}

func (e *SyntaxError) Error() string {
	spans := [][2]int{{e.Start, e.End}}
	if e.Aux != nil {
		spans = append(spans, *e.Aux)
		sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
	}
	var marks strings.Builder
	col := 0
	for _, sp := range spans {
		for ; col < sp[0]; col++ {
			marks.WriteByte(' ')
		}
		for n := 0; n < max(1, sp[1]-sp[0]); n++ {
			marks.WriteByte('^')
			col++
		}
	}
	return fmt.Sprintf("regex parse error:\n    %s\n    %s\nerror: %s", e.Pattern, marks.String(), e.Msg)
}

// UnsupportedError is a pattern Rust's regex accepts that Go's regexp
// cannot evaluate (a repetition count above 1000): the agent loads it,
// hookcompat cannot tell what it matches.
type UnsupportedError struct {
	Pattern string
	// Why says what Go cannot do.
	Why string
}

func (e *UnsupportedError) Error() string {
	return "hookcompat cannot evaluate this Rust regex: " + e.Why
}

// OneLine is err on one line, for a finding: a *SyntaxError as "regex
// parse error at character N: <reason>" (N counts from 1), any other
// error with its newlines made spaces.
func OneLine(err error) string {
	var se *SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("regex parse error at character %d: %s", se.Start+1, se.Msg)
	}
	return strings.ReplaceAll(err.Error(), "\n", " ")
}

// Compile parses pattern as a Rust regex and compiles its Go
// translation ([Translate]) with Go's regexp. The error is a
// *SyntaxError when Rust rejects the pattern, an *UnsupportedError when
// Rust accepts it and Go cannot evaluate the translation.
func Compile(pattern string) (*regexp.Regexp, error) {
	goPat, err := Translate(pattern)
	if err != nil {
		return nil, err
	}
	re, err := regexp.Compile(goPat)
	if err != nil {
		return nil, &UnsupportedError{Pattern: pattern, Why: err.Error()}
	}
	return re, nil
}

// Translate returns the Go regexp syntax of a Rust regex (regex-syntax
// 0.8 rules, Unicode on). Errors as [Compile]'s.
func Translate(pattern string) (string, error) {
	p := &rxParser{src: []rune(pattern), pattern: pattern}
	p.flags = rxFlags{unicode: true}
	out, err := p.parseAlternation(0)
	if err != nil {
		return "", err
	}
	if p.pos < len(p.src) { // an unopened ')'
		return "", p.errAt(p.pos, p.pos+1, "unopened group")
	}
	return out, nil
}

type rxFlags struct {
	caseI, multi, dotNL, swapGreed, unicode, verbose, crlf bool
}

type rxParser struct {
	src      []rune
	pattern  string
	pos      int
	flags    rxFlags
	depth    int
	captures map[string]int // capture name -> where it was first given
}

const rustNestLimit = 250

func (p *rxParser) errAt(start, end int, msg string) error {
	return &SyntaxError{Pattern: p.pattern, Start: start, End: end, Msg: msg}
}

func (p *rxParser) eof() bool { return p.pos >= len(p.src) }

func (p *rxParser) peek(off int) (rune, bool) {
	if p.pos+off < len(p.src) {
		return p.src[p.pos+off], true
	}
	return 0, false
}

// skipSpace skips whitespace and # comments in verbose (x) mode.
func (p *rxParser) skipSpace() {
	if !p.flags.verbose {
		return
	}
	for !p.eof() {
		c := p.src[p.pos]
		switch {
		case unicode.IsSpace(c):
			p.pos++
		case c == '#':
			for !p.eof() && p.src[p.pos] != '\n' {
				p.pos++
			}
		default:
			return
		}
	}
}

func (p *rxParser) nest(start int) error {
	p.depth++
	if p.depth > rustNestLimit {
		return p.errAt(start, p.pos, fmt.Sprintf("exceed the maximum number of nested parentheses/brackets (%d)", rustNestLimit))
	}
	return nil
}

// atom is one translated element of a concatenation.
type atom struct {
	text string
	// kind: 'e' empty, 'f' flags, 'r' repetition, 'a' anything else.
	kind byte
}

// parseAlternation parses up to a ')' at depth > 0 or the end. open is
// the position of the group's '(' (for errors).
func (p *rxParser) parseAlternation(open int) (string, error) {
	var branches []string
	var concat []atom
	saved := p.flags
	defer func() { p.flags = saved }()
	for {
		p.skipSpace()
		if p.eof() {
			break
		}
		c := p.src[p.pos]
		switch c {
		case ')':
			goto done
		case '|':
			branches = append(branches, joinAtoms(concat))
			concat = nil
			p.pos++
			continue
		case '(':
			a, err := p.parseGroup()
			if err != nil {
				return "", err
			}
			concat = append(concat, a)
		case '[':
			start := p.pos
			set, err := p.parseClass()
			if err != nil {
				return "", err
			}
			if !p.flags.unicode && set.hasNonASCII() {
				return "", p.errAt(start, p.pos, "pattern can match invalid UTF-8")
			}
			concat = append(concat, atom{text: set.goClass(), kind: 'a'})
		case '?', '*', '+':
			start := p.pos
			if len(concat) == 0 || concat[len(concat)-1].kind == 'e' || concat[len(concat)-1].kind == 'f' {
				return "", p.errAt(start, start+1, "repetition operator missing expression")
			}
			p.pos++
			op := string(c)
			if !p.eof() && p.src[p.pos] == '?' {
				op += "?"
				p.pos++
			}
			last := &concat[len(concat)-1]
			last.text, last.kind = repeatOf(*last, op), 'r'
		case '{':
			start := p.pos
			if len(concat) == 0 || concat[len(concat)-1].kind == 'e' || concat[len(concat)-1].kind == 'f' {
				return "", p.errAt(start, start+1, "repetition operator missing expression")
			}
			op, err := p.parseCounted()
			if err != nil {
				return "", err
			}
			last := &concat[len(concat)-1]
			last.text, last.kind = repeatOf(*last, op), 'r'
		default:
			a, err := p.parsePrimitive()
			if err != nil {
				return "", err
			}
			concat = append(concat, a)
		}
	}
done:
	branches = append(branches, joinAtoms(concat))
	return strings.Join(branches, "|"), nil
}

func joinAtoms(as []atom) string {
	var b strings.Builder
	for _, a := range as {
		b.WriteString(a.text)
	}
	return b.String()
}

// repeatOf applies a repetition operator; Go rejects a repetition of a
// repetition (Rust nests them), so such an operand is grouped first.
func repeatOf(a atom, op string) string {
	if a.kind == 'r' {
		return "(?:" + a.text + ")" + op
	}
	return a.text + op
}

// parseCounted parses {n}, {n,} or {n,m} (with a trailing ? for lazy) at
// p.pos, returning the Go operator.
func (p *rxParser) parseCounted() (string, error) {
	start := p.pos
	p.pos++ // {
	p.skipSpace()
	unclosed := func() error { return p.errAt(start, p.pos, "unclosed counted repetition") }
	if p.eof() {
		return "", unclosed()
	}
	lo, ok, err := p.parseDecimal()
	if err != nil {
		return "", err
	}
	if !ok {
		return "", p.errAt(p.pos, p.pos, "repetition quantifier expects a valid decimal")
	}
	hi, bounded, atLeast := lo, false, false
	if p.eof() {
		return "", unclosed()
	}
	if p.src[p.pos] == ',' {
		p.pos++
		p.skipSpace()
		if p.eof() {
			return "", unclosed()
		}
		if p.src[p.pos] != '}' {
			v, ok, err := p.parseDecimal()
			if err != nil {
				return "", err
			}
			if !ok {
				return "", p.errAt(p.pos, p.pos, "repetition quantifier expects a valid decimal")
			}
			hi, bounded = v, true
		} else {
			atLeast = true
		}
	}
	if p.eof() || p.src[p.pos] != '}' {
		return "", unclosed()
	}
	p.pos++
	lazy := ""
	p.skipSpace()
	if !p.eof() && p.src[p.pos] == '?' {
		lazy = "?"
		p.pos++
	}
	if bounded && lo > hi {
		return "", p.errAt(start, p.pos, "invalid repetition count range, the start must be <= the end")
	}
	if lo > 1000 || hi > 1000 {
		return "", &UnsupportedError{Pattern: p.pattern, Why: "Go's regexp allows repetition counts up to 1000"}
	}
	switch {
	case atLeast:
		return fmt.Sprintf("{%d,}%s", lo, lazy), nil
	case bounded:
		return fmt.Sprintf("{%d,%d}%s", lo, hi, lazy), nil
	}
	return fmt.Sprintf("{%d}%s", lo, lazy), nil
}

// parseDecimal reads digits (whitespace around them is allowed, as in
// regex-syntax).
func (p *rxParser) parseDecimal() (uint64, bool, error) {
	for !p.eof() && unicode.IsSpace(p.src[p.pos]) {
		p.pos++
	}
	start := p.pos
	var digits []rune
	for !p.eof() && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
		digits = append(digits, p.src[p.pos])
		p.pos++
		p.skipSpace()
	}
	end := p.pos
	for !p.eof() && unicode.IsSpace(p.src[p.pos]) {
		p.pos++
	}
	if len(digits) == 0 {
		return 0, false, nil
	}
	n, err := strconv.ParseUint(string(digits), 10, 32)
	if err != nil {
		return 0, false, p.errAt(start, end, "decimal literal invalid")
	}
	return n, true, nil
}

// parseGroup parses a group or a flag setting at '('.
func (p *rxParser) parseGroup() (atom, error) {
	open := p.pos
	p.pos++
	p.skipSpace()
	rest := string(p.src[p.pos:min(len(p.src), p.pos+4)])
	if strings.HasPrefix(rest, "?=") || strings.HasPrefix(rest, "?!") || strings.HasPrefix(rest, "?<=") || strings.HasPrefix(rest, "?<!") {
		end := p.pos + 2
		if strings.HasPrefix(rest, "?<") {
			end++
		}
		return atom{}, p.errAt(open, end, "look-around, including look-ahead and look-behind, is not supported")
	}
	prefix := "("
	named := false
	if strings.HasPrefix(rest, "?P<") || strings.HasPrefix(rest, "?<") {
		if strings.HasPrefix(rest, "?P<") {
			p.pos += 3
		} else {
			p.pos += 2
		}
		if err := p.parseCaptureName(); err != nil {
			return atom{}, err
		}
		named = true
	} else if !p.eof() && p.src[p.pos] == '?' {
		p.pos++
		if p.eof() {
			return atom{}, p.errAt(open, open+1, "unclosed group")
		}
		fl, goFlags, err := p.parseFlags()
		if err != nil {
			return atom{}, err
		}
		end := p.src[p.pos]
		p.pos++
		if end == ')' {
			if fl == nil {
				return atom{}, p.errAt(open+1, open+2, "repetition operator missing expression")
			}
			fl(&p.flags)
			if goFlags == "" {
				return atom{kind: 'f'}, nil
			}
			return atom{text: "(?" + goFlags + ")", kind: 'f'}, nil
		}
		// (?flags:…)
		saved := p.flags
		if fl != nil {
			fl(&p.flags)
		}
		if err := p.nest(open); err != nil {
			return atom{}, err
		}
		inner, err := p.parseAlternation(open)
		p.depth--
		p.flags = saved
		if err != nil {
			return atom{}, err
		}
		if p.eof() {
			return atom{}, p.errAt(open, open+1, "unclosed group")
		}
		p.pos++ // )
		return atom{text: "(?" + goFlags + ":" + inner + ")", kind: 'a'}, nil
	}
	_ = named
	if err := p.nest(open); err != nil {
		return atom{}, err
	}
	saved := p.flags
	inner, err := p.parseAlternation(open)
	p.depth--
	p.flags = saved
	if err != nil {
		return atom{}, err
	}
	if p.eof() {
		return atom{}, p.errAt(open, open+1, "unclosed group")
	}
	p.pos++
	// Capture names do not matter for is_match, and Rust's allowed name
	// characters differ from Go's: every group is emitted unnamed.
	return atom{text: prefix + inner + ")", kind: 'a'}, nil
}

func (p *rxParser) parseCaptureName() error {
	if p.eof() {
		return p.errAt(p.pos, p.pos, "unclosed capture group name")
	}
	start := p.pos
	for !p.eof() && p.src[p.pos] != '>' {
		c := p.src[p.pos]
		first := p.pos == start
		ok := c == '_' || unicode.IsLetter(c) || (!first && (c == '.' || c == '[' || c == ']' || unicode.IsLetter(c) || unicode.IsDigit(c) || unicode.IsNumber(c)))
		if !ok {
			return p.errAt(p.pos, p.pos+1, "invalid capture group character")
		}
		p.pos++
	}
	if p.eof() {
		return p.errAt(p.pos, p.pos, "unclosed capture group name")
	}
	name := string(p.src[start:p.pos])
	p.pos++ // >
	if name == "" {
		return p.errAt(start, start, "empty capture group name")
	}
	if p.captures == nil {
		p.captures = map[string]int{}
	}
	end := start + utf8.RuneCountInString(name)
	if first, dup := p.captures[name]; dup {
		err := p.errAt(start, end, "duplicate capture group name").(*SyntaxError)
		err.Aux = &[2]int{first, first + end - start}
		return err
	}
	p.captures[name] = start
	return nil
}

// parseFlags parses flag letters up to ':' or ')' and returns a setter
// (nil when no flag was given) and the flags Go understands.
func (p *rxParser) parseFlags() (func(*rxFlags), string, error) {
	type item struct {
		neg  bool
		flag rune
	}
	var items []item
	seen := map[rune]int{}
	neg := false
	negAt := -1
	lastNeg := -1
	for !p.eof() && p.src[p.pos] != ':' && p.src[p.pos] != ')' {
		c := p.src[p.pos]
		if c == '-' {
			if negAt >= 0 {
				err := p.errAt(p.pos, p.pos+1, "flag negation operator repeated").(*SyntaxError)
				err.Aux = &[2]int{negAt, negAt + 1}
				return nil, "", err
			}
			neg, negAt, lastNeg = true, p.pos, p.pos
		} else {
			if !strings.ContainsRune("imsUuRx", c) {
				return nil, "", p.errAt(p.pos, p.pos+1, "unrecognized flag")
			}
			if first, dup := seen[c]; dup {
				err := p.errAt(p.pos, p.pos+1, "duplicate flag").(*SyntaxError)
				err.Aux = &[2]int{first, first + 1}
				return nil, "", err
			}
			seen[c] = p.pos
			items = append(items, item{neg, c})
			lastNeg = -1
		}
		p.pos++
		if p.eof() {
			return nil, "", p.errAt(p.pos, p.pos, "expected flag but got end of regex")
		}
	}
	if p.eof() {
		return nil, "", p.errAt(p.pos, p.pos, "expected flag but got end of regex")
	}
	if lastNeg >= 0 {
		return nil, "", p.errAt(lastNeg, lastNeg+1, "dangling flag negation operator")
	}
	if len(items) == 0 && negAt < 0 {
		return nil, "", nil
	}
	var on, off strings.Builder
	for _, it := range items {
		if strings.ContainsRune("imsU", it.flag) {
			if it.neg {
				off.WriteRune(it.flag)
			} else {
				on.WriteRune(it.flag)
			}
		}
	}
	goFlags := on.String()
	if off.Len() > 0 {
		goFlags += "-" + off.String()
	}
	set := func(f *rxFlags) {
		for _, it := range items {
			v := !it.neg
			switch it.flag {
			case 'i':
				f.caseI = v
			case 'm':
				f.multi = v
			case 's':
				f.dotNL = v
			case 'U':
				f.swapGreed = v
			case 'u':
				f.unicode = v
			case 'x':
				f.verbose = v
			case 'R':
				f.crlf = v
			}
		}
	}
	return set, goFlags, nil
}

// parsePrimitive parses a literal, '.', an anchor or an escape.
func (p *rxParser) parsePrimitive() (atom, error) {
	c := p.src[p.pos]
	switch c {
	case '\\':
		return p.parseEscape(false)
	case '.':
		if !p.flags.unicode {
			return atom{}, p.errAt(p.pos, p.pos+1, "pattern can match invalid UTF-8")
		}
		p.pos++
		return atom{text: ".", kind: 'a'}, nil
	case '^', '$':
		p.pos++
		return atom{text: string(c), kind: 'a'}, nil
	}
	p.pos++
	return atom{text: regexp.QuoteMeta(string(c)), kind: 'a'}, nil
}

// escapeResult is what an escape denotes: a literal, a class or an
// assertion (Go text).
type escapeResult struct {
	lit       rune
	isLit     bool
	set       *runeSet
	assertion string
}

// parseEscape parses an escape at '\'. inClass restricts it to literals
// and classes.
func (p *rxParser) parseEscape(inClass bool) (atom, error) {
	start := p.pos
	r, err := p.escape()
	if err != nil {
		return atom{}, err
	}
	switch {
	case r.isLit:
		return atom{text: goLiteral(r.lit), kind: 'a'}, nil
	case r.set != nil:
		if !p.flags.unicode && r.set.hasNonASCII() {
			return atom{}, p.errAt(start, p.pos, "pattern can match invalid UTF-8")
		}
		return atom{text: r.set.goClass(), kind: 'a'}, nil
	}
	if inClass {
		return atom{}, p.errAt(start, p.pos, "this escape sequence is not valid in a character class")
	}
	return atom{text: r.assertion, kind: 'a'}, nil
}

func goLiteral(c rune) string {
	if c < utf8.RuneSelf && c >= ' ' && c != 0x7f {
		return regexp.QuoteMeta(string(c))
	}
	return fmt.Sprintf(`\x{%x}`, c)
}

func isRustMeta(c rune) bool { return strings.ContainsRune(`\.+*?()|[]{}^$#&-~`, c) }

func isRustEscapeable(c rune) bool {
	if isRustMeta(c) {
		return true
	}
	if c >= utf8.RuneSelf {
		return false
	}
	switch {
	case c >= '0' && c <= '9', c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c == '<', c == '>':
		return false
	}
	return true
}

func (p *rxParser) escape() (escapeResult, error) {
	start := p.pos
	p.pos++ // '\'
	if p.eof() {
		return escapeResult{}, p.errAt(start, p.pos, "incomplete escape sequence, reached end of pattern prematurely")
	}
	c := p.src[p.pos]
	switch {
	case c >= '0' && c <= '9':
		return escapeResult{}, p.errAt(start, p.pos+1, "backreferences are not supported")
	case c == 'x' || c == 'u' || c == 'U':
		r, err := p.parseHex(start)
		return escapeResult{lit: r, isLit: true}, err
	case c == 'p' || c == 'P':
		set, err := p.parseUnicodeClass(start)
		return escapeResult{set: set}, err
	case strings.ContainsRune("dswDSW", c):
		p.pos++
		return escapeResult{set: perlClass(c, p.flags.unicode)}, nil
	}
	p.pos++
	if isRustEscapeable(c) {
		return escapeResult{lit: c, isLit: true}, nil
	}
	switch c {
	case 'a':
		return escapeResult{lit: 7, isLit: true}, nil
	case 'f':
		return escapeResult{lit: '\f', isLit: true}, nil
	case 't':
		return escapeResult{lit: '\t', isLit: true}, nil
	case 'n':
		return escapeResult{lit: '\n', isLit: true}, nil
	case 'r':
		return escapeResult{lit: '\r', isLit: true}, nil
	case 'v':
		return escapeResult{lit: '\v', isLit: true}, nil
	case 'A':
		return escapeResult{assertion: `\A`}, nil
	case 'z':
		return escapeResult{assertion: `\z`}, nil
	case 'B':
		return escapeResult{assertion: `\B`}, nil
	case '<', '>':
		return escapeResult{assertion: `\b`}, nil
	case 'b':
		if !p.eof() && p.src[p.pos] == '{' {
			// A special word boundary \b{start} …, or (when the brace does
			// not start with [-A-Za-z]) a counted repetition of \b.
			brace := p.pos
			p.pos++
			p.skipSpace()
			if p.eof() {
				return escapeResult{}, p.errAt(start, p.pos, "found either the beginning of a special word boundary or a bounded repetition on a \\b with an opening brace, but no closing brace")
			}
			wordChar := func(c rune) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' }
			if !wordChar(p.src[p.pos]) {
				p.pos = brace
				return escapeResult{assertion: `\b`}, nil
			}
			contents := p.pos
			var name []rune
			for !p.eof() && wordChar(p.src[p.pos]) {
				name = append(name, p.src[p.pos])
				p.pos++
				p.skipSpace()
			}
			if p.eof() || p.src[p.pos] != '}' {
				return escapeResult{}, p.errAt(brace, p.pos, "special word boundary assertion is either unclosed or contains an invalid character")
			}
			end := p.pos
			p.pos++
			switch string(name) {
			case "start", "end", "start-half", "end-half":
				return escapeResult{assertion: `\b`}, nil
			}
			return escapeResult{}, p.errAt(contents, end, "unrecognized special word boundary assertion, valid choices are: start, end, start-half or end-half")
		}
		return escapeResult{assertion: `\b`}, nil
	}
	return escapeResult{}, p.errAt(start, p.pos, "unrecognized escape sequence")
}

func (p *rxParser) parseHex(start int) (rune, error) {
	kind := p.src[p.pos]
	digits := map[rune]int{'x': 2, 'u': 4, 'U': 8}[kind]
	p.pos++
	p.skipSpace()
	if p.eof() {
		return 0, p.errAt(p.pos, p.pos, "incomplete escape sequence, reached end of pattern prematurely")
	}
	var hex []rune
	var from, to int // the digits' span
	if p.src[p.pos] == '{' {
		brace := p.pos
		p.pos++
		p.skipSpace()
		from = p.pos
		for !p.eof() && p.src[p.pos] != '}' {
			if !isHex(p.src[p.pos]) {
				return 0, p.errAt(p.pos, p.pos+1, "invalid hexadecimal digit")
			}
			hex = append(hex, p.src[p.pos])
			p.pos++
			p.skipSpace()
		}
		if p.eof() {
			return 0, p.errAt(brace, p.pos, "incomplete escape sequence, reached end of pattern prematurely")
		}
		to = p.pos
		p.pos++
		if len(hex) == 0 {
			return 0, p.errAt(brace, p.pos, "hexadecimal literal empty")
		}
	} else {
		from = p.pos
		for i := 0; i < digits; i++ {
			if p.eof() {
				return 0, p.errAt(p.pos, p.pos, "incomplete escape sequence, reached end of pattern prematurely")
			}
			if !isHex(p.src[p.pos]) {
				return 0, p.errAt(p.pos, p.pos+1, "invalid hexadecimal digit")
			}
			hex = append(hex, p.src[p.pos])
			p.pos++
			if i+1 < digits {
				p.skipSpace()
			}
		}
		to = p.pos
	}
	n, err := strconv.ParseUint(string(hex), 16, 32)
	if err != nil || n > unicode.MaxRune || (n >= 0xD800 && n <= 0xDFFF) {
		return 0, p.errAt(from, to, "hexadecimal literal is not a Unicode scalar value")
	}
	if !p.flags.unicode && n > 0x7f {
		return 0, p.errAt(start, p.pos, "pattern can match invalid UTF-8")
	}
	return rune(n), nil
}

func isHex(c rune) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

// parseUnicodeClass parses \pX, \p{Name}, \p{name=value} (and \P).
func (p *rxParser) parseUnicodeClass(start int) (*runeSet, error) {
	negated := p.src[p.pos] == 'P'
	p.pos++
	p.skipSpace()
	if p.eof() {
		return nil, p.errAt(p.pos, p.pos, "incomplete escape sequence, reached end of pattern prematurely")
	}
	var name string
	if p.src[p.pos] == '{' {
		p.pos++
		begin := p.pos
		for !p.eof() && p.src[p.pos] != '}' {
			p.pos++
		}
		if p.eof() {
			return nil, p.errAt(p.pos, p.pos, "incomplete escape sequence, reached end of pattern prematurely")
		}
		name = string(p.src[begin:p.pos])
		p.pos++
	} else {
		if p.src[p.pos] == '\\' {
			return nil, p.errAt(p.pos, p.pos+1, "invalid Unicode character class")
		}
		name = string(p.src[p.pos])
		p.pos++
	}
	if !p.flags.unicode {
		return nil, p.errAt(start, p.pos, "Unicode not allowed here")
	}
	set, err := unicodeProperty(name)
	if err != nil {
		return nil, p.errAt(start, p.pos, err.Error())
	}
	if negated {
		set = set.complement()
	}
	return set, nil
}

// parseClass parses a bracketed class at '[' (nested classes, ASCII
// classes, ranges, escapes and the set operations &&, -- and ~~).
func (p *rxParser) parseClass() (*runeSet, error) {
	open := p.pos
	if err := p.nest(open); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	p.pos++ // [
	p.skipSpace()
	// The class's opening spans '[' and what follows it as part of the
	// opening ('^', leading '-'s, a leading ']'); Rust's unclosed-class
	// error points at it.
	openEnd := p.pos
	unclosed := func() error { return p.errAt(open, openEnd, "unclosed character class") }
	if p.eof() {
		return nil, unclosed()
	}
	negated := false
	if p.src[p.pos] == '^' {
		negated = true
		p.pos++
		p.skipSpace()
		openEnd = p.pos
		if p.eof() {
			return nil, unclosed()
		}
	}
	cur := &runeSet{}
	leading := false
	for !p.eof() && p.src[p.pos] == '-' {
		cur.add('-', '-')
		leading = true
		p.pos++
		p.skipSpace()
		if p.eof() {
			return nil, p.errAt(open, open, "unclosed character class")
		}
	}
	if !leading && p.src[p.pos] == ']' {
		cur.add(']', ']')
		p.pos++
		p.skipSpace()
		if p.eof() {
			return nil, p.errAt(open, p.pos, "unclosed character class")
		}
	}
	openEnd = p.pos
	// lhs and op hold a pending binary operation.
	var lhs *runeSet
	op := ""
	apply := func() {
		if lhs == nil {
			return
		}
		switch op {
		case "&&":
			cur = lhs.intersect(cur)
		case "--":
			cur = lhs.minus(cur)
		case "~~":
			cur = lhs.minus(cur).union(cur.minus(lhs))
		}
		lhs, op = nil, ""
	}
	for {
		p.skipSpace()
		if p.eof() {
			return nil, unclosed()
		}
		c := p.src[p.pos]
		switch {
		case c == '[':
			if s, ok := p.asciiClass(); ok {
				cur = cur.union(s)
				continue
			}
			s, err := p.parseClass()
			if err != nil {
				return nil, err
			}
			cur = cur.union(s)
		case c == ']':
			p.pos++
			apply()
			if p.flags.caseI {
				cur = cur.caseFold()
			}
			if negated {
				cur = cur.complement()
			}
			return cur, nil
		case c == '&' || c == '-' || c == '~':
			if n, ok := p.peek(1); ok && n == c {
				p.pos += 2
				apply()
				lhs, op, cur = cur, string([]rune{c, c}), &runeSet{}
				continue
			}
			if err := p.classRange(cur); err != nil {
				return nil, err
			}
		default:
			if err := p.classRange(cur); err != nil {
				return nil, err
			}
		}
	}
}

// classItem is one literal or class inside brackets.
type classItem struct {
	lit        rune
	set        *runeSet
	start, end int
}

func (p *rxParser) classItem() (classItem, error) {
	start := p.pos
	if p.src[p.pos] == '\\' {
		r, err := p.escape()
		if err != nil {
			return classItem{}, err
		}
		switch {
		case r.isLit:
			return classItem{lit: r.lit, start: start, end: p.pos}, nil
		case r.set != nil:
			return classItem{set: r.set, start: start, end: p.pos}, nil
		}
		return classItem{}, p.errAt(start, p.pos, "this escape sequence is not valid in a character class")
	}
	c := p.src[p.pos]
	p.pos++
	return classItem{lit: c, start: start, end: p.pos}, nil
}

// classRange parses a literal, a class escape or a range into cur.
func (p *rxParser) classRange(cur *runeSet) error {
	a, err := p.classItem()
	if err != nil {
		return err
	}
	p.skipSpace()
	if p.eof() {
		return nil // the caller reports the unclosed class
	}
	isRange := false
	if p.src[p.pos] == '-' {
		// "-]" and "--" are not ranges.
		q := p.pos + 1
		if p.flags.verbose {
			for q < len(p.src) && unicode.IsSpace(p.src[q]) {
				q++
			}
		}
		isRange = q < len(p.src) && p.src[q] != ']' && p.src[q] != '-'
	}
	if !isRange {
		if a.set != nil {
			*cur = *cur.union(a.set)
		} else {
			cur.add(a.lit, a.lit)
		}
		return nil
	}
	p.pos++ // -
	p.skipSpace()
	if p.eof() {
		return nil
	}
	b, err := p.classItem()
	if err != nil {
		return err
	}
	if a.set != nil || b.set != nil {
		bad := a
		if a.set == nil {
			bad = b
		}
		return p.errAt(bad.start, bad.end, "invalid range boundary, must be a literal")
	}
	if a.lit > b.lit {
		return p.errAt(a.start, b.end, "invalid character class range, the start must be <= the end")
	}
	cur.add(a.lit, b.lit)
	return nil
}

// asciiClass parses [:name:] or [:^name:] at '['; on anything else it
// leaves the position unchanged (regex-syntax then reads a nested class).
func (p *rxParser) asciiClass() (*runeSet, bool) {
	start := p.pos
	rest := string(p.src[p.pos:])
	if !strings.HasPrefix(rest, "[:") {
		return nil, false
	}
	body := rest[2:]
	end := strings.Index(body, ":]")
	if end < 0 {
		return nil, false
	}
	name := body[:end]
	negated := strings.HasPrefix(name, "^")
	name = strings.TrimPrefix(name, "^")
	if strings.Contains(name, ":") {
		return nil, false
	}
	ranges, ok := asciiClasses.Get()[name]
	if !ok {
		return nil, false
	}
	p.pos = start + utf8.RuneCountInString("[:"+body[:end]+":]")
	s := &runeSet{}
	for _, r := range ranges {
		s.add(r[0], r[1])
	}
	if negated {
		s = s.complement()
	}
	return s, true
}

var asciiClasses = lazy.Value[map[string][][2]rune]{New: func() map[string][][2]rune {
	return map[string][][2]rune{
		"alnum": {{'0', '9'}, {'A', 'Z'}, {'a', 'z'}}, "alpha": {{'A', 'Z'}, {'a', 'z'}}, "ascii": {{0, 0x7f}},
		"blank": {{'\t', '\t'}, {' ', ' '}}, "cntrl": {{0, 0x1f}, {0x7f, 0x7f}}, "digit": {{'0', '9'}},
		"graph": {{'!', '~'}}, "lower": {{'a', 'z'}}, "print": {{' ', '~'}},
		"punct": {{'!', '/'}, {':', '@'}, {'[', '`'}, {'{', '~'}}, "space": {{'\t', '\r'}, {' ', ' '}},
		"upper": {{'A', 'Z'}}, "word": {{'0', '9'}, {'A', 'Z'}, {'a', 'z'}, {'_', '_'}},
		"xdigit": {{'0', '9'}, {'A', 'F'}, {'a', 'f'}},
	}
}}

// perlClass is \d, \s, \w (and negations): Unicode classes by default,
// ASCII with (?-u).
func perlClass(c rune, uni bool) *runeSet {
	s := &runeSet{}
	switch unicode.ToLower(c) {
	case 'd':
		if uni {
			s.addTable(unicode.Nd)
		} else {
			s.add('0', '9')
		}
	case 's':
		if uni {
			s.addTable(unicode.White_Space)
		} else {
			s.add('\t', '\r')
			s.add(' ', ' ')
		}
	case 'w':
		if uni {
			// Rust's \w: Alphabetic, M, Nd, Pc, Join_Control.
			for _, t := range []*unicode.RangeTable{unicode.L, unicode.Nl, unicode.Other_Alphabetic, unicode.M, unicode.Nd, unicode.Pc, unicode.Join_Control} {
				s.addTable(t)
			}
		} else {
			for _, r := range asciiClasses.Get()["word"] {
				s.add(r[0], r[1])
			}
		}
	}
	if unicode.IsUpper(c) {
		s = s.complement()
	}
	return s
}

// unicodeProperty resolves a \p name the way regex-syntax does, with
// loose matching (case, spaces, '_' and '-' ignored): general categories
// (short and long names), scripts, the binary properties Go has tables
// for, Alphabetic, Lowercase, Uppercase, Any, ASCII, Assigned, and the
// name=value forms gc=, sc= and scx= (script extensions read as the
// script).
func unicodeProperty(name string) (*runeSet, error) {
	key, value, isPair := "", name, false
	for _, sep := range []string{"!=", ":", "="} {
		if i := strings.Index(name, sep); i >= 0 {
			key, value, isPair = loose(name[:i]), name[i+len(sep):], true
			if sep == "!=" {
				s, err := unicodeProperty(name[:i] + "=" + value)
				if err != nil {
					return nil, err
				}
				return s.complement(), nil
			}
			break
		}
	}
	v := loose(value)
	lookupIn := func(tables map[string]*unicode.RangeTable) *runeSet {
		for n, t := range tables {
			if loose(n) == v {
				s := &runeSet{}
				s.addTable(t)
				return s
			}
		}
		return nil
	}
	cat := func() *runeSet {
		if n, ok := categoryNames.Get()[v]; ok {
			v = loose(n)
		}
		if v == "lc" || v == "casedletter" {
			s := &runeSet{}
			s.addTable(unicode.Lu)
			s.addTable(unicode.Ll)
			s.addTable(unicode.Lt)
			return s
		}
		return lookupIn(unicode.Categories)
	}
	script := func() *runeSet {
		if n, ok := scriptAbbrev.Get()[v]; ok {
			v = loose(n)
		}
		return lookupIn(unicode.Scripts)
	}
	if isPair {
		var s *runeSet
		switch key {
		case "gc", "generalcategory":
			s = cat()
		case "sc", "script", "scx", "scriptextensions":
			s = script()
		default:
			return nil, errPropertyNotFound
		}
		if s == nil {
			return nil, errValueNotFound
		}
		return s, nil
	}
	switch v {
	case "any":
		s := &runeSet{}
		s.add(0, unicode.MaxRune)
		return s, nil
	case "ascii":
		s := &runeSet{}
		s.add(0, 0x7f)
		return s, nil
	case "assigned":
		s := &runeSet{}
		for _, t := range unicode.Categories {
			s.addTable(t)
		}
		return s.minus(tableSet(unicode.Co)).union(tableSet(unicode.Co)), nil
	case "alphabetic", "alpha":
		s := &runeSet{}
		for _, t := range []*unicode.RangeTable{unicode.L, unicode.Nl, unicode.Other_Alphabetic} {
			s.addTable(t)
		}
		return s, nil
	case "lowercase", "lower":
		return tableSet(unicode.Ll).union(tableSet(unicode.Other_Lowercase)), nil
	case "uppercase", "upper":
		return tableSet(unicode.Lu).union(tableSet(unicode.Other_Uppercase)), nil
	case "whitespace", "wspace", "space":
		return tableSet(unicode.White_Space), nil
	}
	if s := cat(); s != nil {
		return s, nil
	}
	if s := script(); s != nil {
		return s, nil
	}
	if s := lookupIn(unicode.Properties); s != nil {
		return s, nil
	}
	if members, ok := asciiOnlyProperties.Get()[v]; ok {
		s := &runeSet{}
		for _, c := range members {
			s.add(c, c)
		}
		return s, nil
	}
	return nil, errPropertyNotFound
}

// asciiOnlyProperties are binary properties Rust's regex knows and Go has
// no table for, by loose name, with their ASCII members (Unicode 15 UCD).
// Codex compares matchers with ASCII names (tool names, sources,
// triggers), so these sets decide every real match; a non-ASCII
// character is never a member here (a known difference).
var asciiOnlyProperties = lazy.Value[map[string][]rune]{New: func() map[string][]rune {
	const (
		upper  = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
		lower  = "abcdefghijklmnopqrstuvwxyz"
		digits = "0123456789"
	)
	printable := make([]rune, 0, 95)
	for c := rune(0x20); c <= 0x7e; c++ {
		printable = append(printable, c)
	}
	m := map[string][]rune{
		"emoji": []rune("#*" + digits), "emojicomponent": []rune("#*" + digits),
		"emojipresentation": nil, "emojimodifier": nil, "emojimodifierbase": nil,
		"extendedpictographic": nil, "extpict": nil,
		"xidstart": []rune(upper + lower), "xids": []rune(upper + lower),
		"idstart": []rune(upper + lower), "ids": []rune(upper + lower),
		"xidcontinue": []rune(upper + lower + digits + "_"), "xidc": []rune(upper + lower + digits + "_"),
		"idcontinue": []rune(upper + lower + digits + "_"), "idc": []rune(upper + lower + digits + "_"),
		"defaultignorablecodepoint": nil, "di": nil,
		"changeswhencasefolded": []rune(upper), "cwcf": []rune(upper),
		"changeswhenlowercased": []rune(upper), "cwl": []rune(upper),
		"changeswhenuppercased": []rune(lower), "cwu": []rune(lower),
		"changeswhentitlecased": []rune(lower), "cwt": []rune(lower),
		"changeswhencasemapped": []rune(upper + lower), "cwcm": []rune(upper + lower),
		"changeswhennfkccasefolded": []rune(upper), "cwkcf": []rune(upper),
		"cased":         []rune(upper + lower),
		"caseignorable": []rune("'.:^`"), "ci": []rune("'.:^`"),
		"graphemebase": printable, "grbase": printable,
		"graphemeextend": nil, "grext": nil,
		"math": []rune("+<=>^|~"),
	}
	return m
}}

// Rust's messages, capitalised as Rust writes them.
var (
	errPropertyNotFound = errors.New("Unicode property not found")       //lint:ignore ST1005 Rust's message
	errValueNotFound    = errors.New("Unicode property value not found") //lint:ignore ST1005 Rust's message
)

func loose(s string) string {
	var b strings.Builder
	for _, c := range s {
		if c == ' ' || c == '_' || c == '-' || unicode.IsSpace(c) {
			continue
		}
		b.WriteRune(unicode.ToLower(c))
	}
	return b.String()
}

// categoryNames maps long general category names (loosely) to short ones.
var categoryNames = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"letter": "L", "uppercaseletter": "Lu", "lowercaseletter": "Ll", "titlecaseletter": "Lt",
		"modifierletter": "Lm", "otherletter": "Lo", "mark": "M", "combiningmark": "M", "nonspacingmark": "Mn",
		"spacingmark": "Mc", "enclosingmark": "Me", "number": "N", "decimalnumber": "Nd", "digit": "Nd",
		"letternumber": "Nl", "othernumber": "No", "punctuation": "P", "punct": "P", "connectorpunctuation": "Pc",
		"dashpunctuation": "Pd", "openpunctuation": "Ps", "closepunctuation": "Pe", "initialpunctuation": "Pi",
		"finalpunctuation": "Pf", "otherpunctuation": "Po", "symbol": "S", "mathsymbol": "Sm",
		"currencysymbol": "Sc", "modifiersymbol": "Sk", "othersymbol": "So", "separator": "Z",
		"spaceseparator": "Zs", "lineseparator": "Zl", "paragraphseparator": "Zp", "other": "C",
		"control": "Cc", "cntrl": "Cc", "format": "Cf", "surrogate": "Cs", "privateuse": "Co", "unassigned": "Cn",
	}
}}

// scriptAbbrev maps the ISO 15924 codes of common scripts to their names.
var scriptAbbrev = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"latn": "Latin", "grek": "Greek", "cyrl": "Cyrillic", "arab": "Arabic", "hebr": "Hebrew",
		"hani": "Han", "hira": "Hiragana", "kana": "Katakana", "hang": "Hangul", "thai": "Thai",
		"deva": "Devanagari", "zyyy": "Common", "zinh": "Inherited", "armn": "Armenian", "geor": "Georgian",
	}
}}

// runeSet is a set of code points as sorted, non-overlapping ranges.
type runeSet struct{ r [][2]rune }

func tableSet(t *unicode.RangeTable) *runeSet {
	s := &runeSet{}
	s.addTable(t)
	return s
}

func (s *runeSet) add(lo, hi rune) {
	s.r = append(s.r, [2]rune{lo, hi})
	s.normalize()
}

func (s *runeSet) addTable(t *unicode.RangeTable) {
	for _, r := range t.R16 {
		for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
			if r.Stride == 1 {
				s.r = append(s.r, [2]rune{rune(r.Lo), rune(r.Hi)})
				break
			}
			s.r = append(s.r, [2]rune{c, c})
		}
	}
	for _, r := range t.R32 {
		for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
			if r.Stride == 1 {
				s.r = append(s.r, [2]rune{rune(r.Lo), rune(r.Hi)})
				break
			}
			s.r = append(s.r, [2]rune{c, c})
		}
	}
	s.normalize()
}

func (s *runeSet) normalize() {
	sort.Slice(s.r, func(i, j int) bool { return s.r[i][0] < s.r[j][0] })
	var out [][2]rune
	for _, x := range s.r {
		if n := len(out); n > 0 && x[0] <= out[n-1][1]+1 {
			if x[1] > out[n-1][1] {
				out[n-1][1] = x[1]
			}
			continue
		}
		out = append(out, x)
	}
	s.r = out
}

func (s *runeSet) union(o *runeSet) *runeSet {
	out := &runeSet{r: append(append([][2]rune{}, s.r...), o.r...)}
	out.normalize()
	return out
}

func (s *runeSet) complement() *runeSet {
	out := &runeSet{}
	next := rune(0)
	for _, x := range s.r {
		if x[0] > next {
			out.r = append(out.r, [2]rune{next, x[0] - 1})
		}
		next = x[1] + 1
	}
	if next <= unicode.MaxRune {
		out.r = append(out.r, [2]rune{next, unicode.MaxRune})
	}
	return out
}

func (s *runeSet) intersect(o *runeSet) *runeSet {
	return s.complement().union(o.complement()).complement()
}

func (s *runeSet) minus(o *runeSet) *runeSet { return s.intersect(o.complement()) }

// caseFold adds the simple case folds of every member (regex-syntax folds
// a bracketed class under (?i)).
func (s *runeSet) caseFold() *runeSet {
	out := &runeSet{r: append([][2]rune{}, s.r...)}
	for _, x := range s.r {
		if x[1]-x[0] > 0x3000 {
			continue // huge ranges (negations) already hold their folds, or nearly
		}
		for c := x[0]; c <= x[1]; c++ {
			for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
				out.r = append(out.r, [2]rune{f, f})
			}
		}
	}
	out.normalize()
	return out
}

func (s *runeSet) hasNonASCII() bool {
	return len(s.r) > 0 && s.r[len(s.r)-1][1] > 0x7f
}

// goClass renders the set as a Go character class.
func (s *runeSet) goClass() string {
	if len(s.r) == 0 {
		return `[^\x00-\x{10FFFF}]`
	}
	var b strings.Builder
	b.WriteByte('[')
	for _, x := range s.r {
		b.WriteString(classRune(x[0]))
		if x[1] != x[0] {
			b.WriteByte('-')
			b.WriteString(classRune(x[1]))
		}
	}
	b.WriteByte(']')
	return b.String()
}

func classRune(c rune) string {
	if (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' {
		return string(c)
	}
	return fmt.Sprintf(`\x{%x}`, c)
}
