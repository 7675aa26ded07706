package compat

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookcompat/hookcompat/internal/hookkit"
)

// Doctor codes for hooks that could fail at run time in ways the runner
// guards against (docs/decisions/008).
const (
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
	interp, crlf, ok := hookkit.Shebang(p)
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
