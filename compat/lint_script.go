package compat

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

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

// Doctor codes of the scripts a hook runs.
const (
	// CodeScriptSyntax: the script's interpreter rejects it without
	// running it (bash -n, sh -n, python3's py_compile, node --check): the
	// hook fails on every run, so a guard never blocks.
	CodeScriptSyntax = "script-syntax-error"
	// CodeNotExecutable: the hook runs a script directly that has no
	// execute bit: every run fails with "Permission denied".
	CodeNotExecutable = "not-executable"
)

// syntaxTimeout bounds one interpreter's check of a script.
const syntaxTimeout = 10 * time.Second

// syntaxOutputLimit bounds what a finding quotes of a check's output.
const syntaxOutputLimit = 2048

// syntaxCache keeps each script's check per content version (path,
// size, modification time) for the life of the process: a script run by
// four converted copies of one hook is checked once.
var syntaxCache sync.Map // string -> syntaxResult

type syntaxResult struct {
	checker, output string
	failed          bool
}

// lintSyntax checks a script with its interpreter's own check, without
// running it: interp is the interpreter the command names (python3 for
// "python3 guard.py"), or "" when the script is the program (its #! line
// names the interpreter). Interpreters without such a check, and
// checkers missing from env's PATH, are not run.
func lintSyntax(script, shown, interp string, env []string, add func(code, sev, msg, hint string)) {
	st, err := os.Stat(script)
	if err != nil || !st.Mode().IsRegular() {
		return
	}
	if interp == "" {
		interp = shebangInterpreter(script)
	}
	argv, kind := syntaxChecker(interp, script)
	if argv == nil {
		return
	}
	bin, ok := lookPath(argv[0], env)
	if !ok {
		return
	}
	argv[0] = bin
	key := fmt.Sprintf("%s\x00%d\x00%d\x00%s", script, st.Size(), st.ModTime().UnixNano(), kind)
	var res syntaxResult
	if v, ok := syntaxCache.Load(key); ok {
		res = v.(syntaxResult)
	} else {
		res = runSyntaxCheck(argv, kind, env)
		syntaxCache.Store(key, res)
	}
	if !res.failed {
		return
	}
	add(CodeScriptSyntax, SeverityError,
		fmt.Sprintf("%s rejects %s: %s — the script fails on every run, so the hook never does its job (a guard never blocks)", res.checker, shown, res.output),
		"fix the script; check it with: "+res.checker+" "+shown)
}

// syntaxChecker is the argv that checks script for interpreter interp
// (a path or a name), and its kind; nil when the interpreter has no check.
func syntaxChecker(interp, script string) ([]string, string) {
	base := filepath.Base(strings.TrimSpace(interp))
	switch {
	case base == "bash":
		return []string{"bash", "-n", script}, "bash -n"
	case base == "sh" || base == "dash":
		return []string{interp, "-n", script}, "sh -n"
	case base == "node" || base == "nodejs":
		if strings.HasSuffix(script, ".ts") || strings.HasSuffix(script, ".mts") {
			return nil, ""
		}
		return []string{base, "--check", script}, "node --check"
	case base == "python" || strings.HasPrefix(base, "python3") || strings.HasPrefix(base, "python2"):
		return []string{base, "-c", pyCheck, script}, "py_compile"
	}
	return nil, ""
}

// pyCheck byte-compiles argv[1] into argv[2] (a temporary folder's file)
// and prints only the compiler's message when it fails.
const pyCheck = `import py_compile, sys
try:
    py_compile.compile(sys.argv[1], cfile=sys.argv[2], doraise=True)
except py_compile.PyCompileError as e:
    sys.stderr.write(e.msg)
    sys.exit(1)
`

// runSyntaxCheck runs one check with a timeout; python's compiled file
// goes to a temporary folder, removed after.
func runSyntaxCheck(argv []string, kind string, env []string) syntaxResult {
	checker := strings.Join(append([]string{filepath.Base(argv[0])}, argv[1:len(argv)-1]...), " ")
	if kind == "py_compile" {
		checker = filepath.Base(argv[0]) + " -m py_compile"
		dir, err := os.MkdirTemp("", "hookcompat-pycheck-")
		if err != nil {
			return syntaxResult{}
		}
		defer os.RemoveAll(dir)
		argv = append(argv, filepath.Join(dir, "check.pyc"))
	}
	ctx, cancel := context.WithTimeout(context.Background(), syntaxTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = []string{"PATH=" + envValue(env, "PATH"), "HOME=" + envValue(env, "HOME"), "PYTHONDONTWRITEBYTECODE=1", "LC_ALL=C"}
	cmd.Stdin = nil
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if err == nil || ctx.Err() != nil {
		return syntaxResult{} // passed, or could not decide in time
	}
	if _, isExit := err.(*exec.ExitError); !isExit {
		return syntaxResult{}
	}
	// The lines up to the error's name (node adds a stack), on one line.
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			lines = append(lines, l)
		}
		if strings.Contains(l, "Error") || len(lines) == 6 {
			break
		}
	}
	text := strings.Join(lines, " | ")
	if len(text) > syntaxOutputLimit {
		text = text[:syntaxOutputLimit] + " …"
	}
	return syntaxResult{checker: checker, output: text, failed: true}
}

// shebangInterpreter is the interpreter a script's #! line names, the
// program env runs included ("#!/usr/bin/env python3" gives python3).
func shebangInterpreter(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, 256)
	n, _ := io.ReadFull(f, head)
	line, _, _ := strings.Cut(string(head[:n]), "\n")
	rest, ok := strings.CutPrefix(line, "#!")
	if !ok {
		return ""
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return ""
	}
	if filepath.Base(fields[0]) == "env" {
		for _, f := range fields[1:] {
			if !strings.HasPrefix(f, "-") {
				return f
			}
		}
		return ""
	}
	return fields[0]
}

// lookPath finds name (or an absolute path) as env's PATH would.
func lookPath(name string, env []string) (string, bool) {
	if strings.Contains(name, "/") {
		st, err := os.Stat(name)
		return name, err == nil && !st.IsDir() && st.Mode()&0o111 != 0
	}
	for _, d := range filepath.SplitList(envValue(env, "PATH")) {
		if d == "" {
			d = "."
		}
		p := filepath.Join(d, name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return p, true
		}
	}
	return "", false
}
