package hookkit

import "strings"

// shellSafe reports whether b is read by every POSIX shell (sh, dash, bash,
// zsh) as itself outside quotes, anywhere in a word.
func shellSafe(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || strings.IndexByte("_@%+=:,./-", b) >= 0
}

func plainWord(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !shellSafe(s[i]) {
			return false
		}
	}
	return true
}

// ShellQuote quotes s as one word of a POSIX shell command line, which
// every shell hosts run hook commands with (sh and dash, bash, zsh) reads
// back as s, byte for byte: as it is when it consists of letters, digits
// and _ @ % + = : , . / - only, else in single quotes, a single quote
// inside closed, escaped with a backslash and reopened. Inside the quotes
// every other byte — newline, tab, $, `, \, !, invalid UTF-8 — is
// literal. The empty string is written as two single quotes.
//
// mvdan.cc/sh's syntax.Quote is not used: for a word holding a newline,
// a tab or another non-printable character it either refuses (LangPOSIX)
// or writes $'…' (LangBash), which dash, /bin/sh on Debian and Ubuntu,
// reads as a different word.
func ShellQuote(s string) string {
	if plainWord(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// ShellQuoteUnexpanded is [ShellQuote] for a command line that its agent
// also expands before any shell reads it, ignoring quotes (Gemini CLI's
// and Qwen Code's load-time $VAR and ${VAR} expansion, Gemini CLI's
// run-time $GEMINI_PROJECT_DIR replacement): in addition, a '$' followed
// by a letter, a digit, '_' or '{' is written outside the quotes as '\$',
// so that no "$NAME" or "${" is left in the text for the agent to
// replace; the shell still reads the word back as s.
func ShellQuoteUnexpanded(s string) string {
	if plainWord(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('\'')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'':
			b.WriteString(`'\''`)
		case c == '$' && i+1 < len(s) && refStart(s[i+1]):
			b.WriteString(`'\$'`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('\'')
	return b.String()
}

func refStart(c byte) bool {
	return c == '{' || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// ShellJoin quotes every word of argv ([ShellQuote]) and joins them with
// spaces: one POSIX shell command line running argv.
func ShellJoin(argv []string) string { return join(argv, ShellQuote) }

// ShellJoinUnexpanded is [ShellJoin] with [ShellQuoteUnexpanded].
func ShellJoinUnexpanded(argv []string) string { return join(argv, ShellQuoteUnexpanded) }

func join(argv []string, quote func(string) string) string {
	out := make([]string, len(argv))
	for i, a := range argv {
		out[i] = quote(a)
	}
	return strings.Join(out, " ")
}
