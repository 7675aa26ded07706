package compat

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Doctor codes for hooks that could fail at run time in ways the runner
// guards against (docs/decisions/008).
const (
	// CodeBacktracking: a Claude regex matcher can take exponential time
	// on some values (nested quantifiers); hookcompat stops evaluating it
	// after claude.MatcherTimeout and runs the hook with a warning.
	CodeBacktracking = "catastrophic-backtracking"
	// CodeMissingInterpreter: a script's #! line names an interpreter
	// that does not exist; every run fails ("no such file or directory").
	CodeMissingInterpreter = "missing-interpreter"
	// CodeCRLFShebang: a script's #! line ends with a carriage return
	// (CRLF line endings), so its interpreter "/bin/sh\r" does not exist.
	CodeCRLFShebang = "crlf-shebang"
)

// lintScript checks the script a hook runs (word, as resolved from dir):
// its #! line must name an interpreter that exists, without a carriage
// return.
func lintScript(word, dir string, add func(code, sev, msg, hint string)) {
	if !strings.Contains(word, "/") {
		return // a program on PATH, not a script of the user's
	}
	p := word
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	interp, crlf, ok := runner.Shebang(p)
	if !ok {
		return
	}
	switch {
	case crlf:
		add(CodeCRLFShebang, SeverityError, fmt.Sprintf("the #! line of %s ends with a carriage return (CRLF line endings): the interpreter %q does not exist, so the hook fails on every run", word, interp),
			"convert the script to LF line endings (dos2unix, or git config core.autocrlf input)")
	case !interpreterExists(interp):
		add(CodeMissingInterpreter, SeverityError, fmt.Sprintf("the interpreter %q on the #! line of %s does not exist, so the hook fails on every run", interp, word),
			"install it or fix the #! line (#!/usr/bin/env NAME finds it on PATH)")
	}
}

func interpreterExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir() && st.Mode()&0o111 != 0
}

// lintHostile adds the findings of one hook that hold whatever its
// protocol: a matcher in Claude syntax that backtracks catastrophically.
func lintHostile(h *settings.Hook, add func(code, sev, msg, hint string)) {
	if h.Match != "" && h.EffectiveMatchSyntax() == settings.MatchClaude {
		event, _ := translate.ClaudeEvent(h.Event)
		if m := claude.CompileMatcher(event, h.Match); m.IsRegex() {
			if what := claude.Backtracking(h.Match); what != "" {
				add(CodeBacktracking, SeverityError,
					fmt.Sprintf("matcher %q can take exponential time on some names (%s): hookcompat gives up after %s and runs the hook with a warning; Claude Code can hang on it", h.Match, what, claude.MatcherTimeout),
					"repeat the inner item only once, e.g. a+b instead of (a+)+b, or list the exact names")
			}
		}
	}
}
