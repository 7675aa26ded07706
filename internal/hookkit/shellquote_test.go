package hookkit

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// hostileWords are the words every former quoter was given: hook
// commands, matchers, paths and env values as users write them, and what
// an attacker would.
var hostileWords = []string{
	"", "plain", "a b", "it's", "'", "''", `"`, `\`, `\'`, "$HOME", "${HOME}", "$(id)", "`id`", "a;b", "a&&b", "a|b",
	"a\nb", "line1\nline2\n", "tab\there", "cr\rx", "*", "?", "[a]", "~", "~/x", "-n", "--", "#c", "!x", "{a,b}",
	"a=b", "KEY=value with space", "x'y\"z", "'; rm -rf / #", "$'\\x41'", "é ü 日本", "\xff\xfe bad utf-8",
	"C:\\Program Files\\x", "--matcher=Edit|Write", "'$GEMINI_PROJECT_DIR'/hook.sh", "$1 $@ $*", "${X:-y}", "a\x01b", "\x7f",
}

// readBack parses line as a shell of variant lang does and returns its
// words, or false when it is not one simple command of literal words.
func readBack(t *testing.T, line string, lang syntax.LangVariant) ([]string, bool) {
	t.Helper()
	f, err := syntax.NewParser(syntax.Variant(lang)).Parse(strings.NewReader(line), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil, false
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Assigns) > 0 {
		return nil, false
	}
	var words []string
	for _, w := range call.Args {
		fields, err := expand.Fields(nil, w)
		if err != nil || len(fields) != 1 {
			return nil, false
		}
		words = append(words, fields[0])
	}
	return words, true
}

// runShell runs line with shell and returns the words its printf got.
func runShell(t *testing.T, shell, line string) []string {
	t.Helper()
	out, err := exec.Command(shell, "-c", `printf '%s\0' `+line).Output()
	require.NoError(t, err, "%s -c %q", shell, line)
	return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
}

// TestShellQuoteReadsBack: every hostile word, quoted by either quoter,
// is read back as itself — by the POSIX and bash grammars and by the real
// dash (/bin/sh on Debian) and bash — alone and joined with others.
func TestShellQuoteReadsBack(t *testing.T) {
	shells := []string{}
	for _, s := range []string{"dash", "bash", "sh"} {
		if _, err := exec.LookPath(s); err == nil {
			shells = append(shells, s)
		}
	}
	for name, join := range map[string]func([]string) string{"ShellJoin": ShellJoin, "ShellJoinUnexpanded": ShellJoinUnexpanded} {
		for _, w := range hostileWords {
			line := join([]string{"prog", w, "tail"})
			for _, lang := range []syntax.LangVariant{syntax.LangPOSIX, syntax.LangBash} {
				if !utf8.ValidString(w) {
					break // mvdan.cc/sh refuses invalid UTF-8; the real shells below read it
				}
				words, ok := readBack(t, line, lang)
				require.True(t, ok, "%s(%q) = %s: one command of literal words (%s)", name, w, line, lang)
				assert.Equal(t, []string{"prog", w, "tail"}, words, "%s(%q) = %s (%s)", name, w, line, lang)
			}
			if strings.ContainsRune(w, 0) {
				continue
			}
			for _, sh := range shells {
				got := runShell(t, sh, join([]string{w, w}))
				assert.Equal(t, []string{w, w}, got, "%s(%q) under %s", name, w, sh)
			}
		}
	}
}

// TestShellQuoteBytes: the quoters write the bytes converted files have
// always had (plain words bare, the rest single-quoted).
func TestShellQuoteBytes(t *testing.T) {
	for in, want := range map[string]string{
		"": "''", "plain": "plain", "a=b": "a=b", "--matcher=Edit|Write": `'--matcher=Edit|Write'`, "a b": "'a b'",
		"it's": `'it'\''s'`, "a\nb": "'a\nb'", "$HOME": "'$HOME'", "é": "'é'", "/x/y.sh": "/x/y.sh", "-n": "-n",
	} {
		assert.Equal(t, want, ShellQuote(in), "%q", in)
	}
	assert.Equal(t, `''\$'HOME '\$'{X}'`, ShellQuoteUnexpanded("$HOME ${X}"))
	assert.Equal(t, `'a$ b$'`, ShellQuoteUnexpanded("a$ b$"), "a $ that starts no reference stays quoted")
	assert.Equal(t, `prog 'a b' ''`, ShellJoin([]string{"prog", "a b", ""}))
}

// TestShellQuoteUnexpandedLeavesNoReference: no "$NAME" or "${" is left in
// the text for an agent's quote-blind expansion.
func TestShellQuoteUnexpandedLeavesNoReference(t *testing.T) {
	ref := regexp.MustCompile(`\$[A-Za-z0-9_{]`)
	for _, w := range hostileWords {
		q := ShellQuoteUnexpanded(w)
		assert.False(t, ref.MatchString(q), "%q → %s", w, q)
	}
}

// TestSyntaxQuoteIsNotTheSameSafety records why mvdan.cc/sh's
// syntax.Quote is not the quoter: a word with a newline or a tab — a
// multi-line hook command — is refused in POSIX mode, and bash mode's
// $'…' is read by dash as another word.
func TestSyntaxQuoteIsNotTheSameSafety(t *testing.T) {
	_, err := syntax.Quote("a\nb", syntax.LangPOSIX)
	assert.Error(t, err, "POSIX mode refuses a newline")
	_, err = syntax.Quote("tab\there", syntax.LangPOSIX)
	assert.Error(t, err, "and a tab")
	q, err := syntax.Quote("a\nb", syntax.LangBash)
	require.NoError(t, err)
	assert.Equal(t, `$'a\nb'`, q)
	if _, err := exec.LookPath("dash"); err != nil {
		t.Skip("no dash to show how it reads $'…'")
	}
	got := runShell(t, "dash", q)
	assert.NotEqual(t, []string{"a\nb"}, got, "dash reads %s as %q", q, got)
	assert.Equal(t, []string{"a\nb"}, runShell(t, "dash", ShellQuote("a\nb")))
	// Where syntax.Quote does quote in POSIX mode, dash reads both back
	// as the word.
	for _, w := range hostileWords {
		if q, err := syntax.Quote(w, syntax.LangPOSIX); err == nil {
			assert.Equal(t, runShell(t, "dash", q), runShell(t, "dash", ShellQuote(w)), "%q", w)
		}
	}
}
