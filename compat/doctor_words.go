package compat

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/hookcompat/hookcompat/internal/lazy"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// word is one word of a command as its shell would see it; ok is false
// when it uses a variable or substitution that is known only at run time
// (value is then its text as written).
type word struct {
	value string
	ok    bool
}

// splitCommand splits a shell command into the words of its one simple
// command, with vars (and a leading ~, from HOME) expanded as the shell
// would expand them (an unquoted value is split on spaces). why says why
// a command cannot be split: it does not parse, or it is a list, a pipe
// or a compound command.
func splitCommand(cmd string, vars map[string]string) ([]word, string) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	switch {
	case err != nil:
		return nil, "the command does not parse as a shell command"
	case len(f.Stmts) == 0:
		return nil, "the command is empty"
	case len(f.Stmts) > 1:
		return nil, "the command holds several commands (; or a newline)"
	}
	var call *syntax.CallExpr
	switch x := f.Stmts[0].Cmd.(type) {
	case *syntax.CallExpr:
		call = x
	case *syntax.BinaryCmd:
		return nil, "the command is a pipe or a list (|, && or ||)"
	default:
		return nil, "the command is a compound command (if, for, a subshell, …)"
	}
	if len(call.Args) == 0 {
		return nil, "the command only sets variables"
	}
	env := make([]string, 0, len(vars))
	for k, v := range vars {
		env = append(env, k+"="+v)
	}
	cfg := &expand.Config{Env: expand.ListEnviron(env...)}
	var out []word
	for _, w := range call.Args {
		if !knownOnly(w, vars) {
			out = append(out, word{value: wordText(cmd, w)})
			continue
		}
		fields, err := expand.Fields(cfg, w)
		if err != nil {
			out = append(out, word{value: wordText(cmd, w)})
			continue
		}
		for _, fl := range fields {
			out = append(out, word{value: fl, ok: true})
		}
	}
	return out, ""
}

// knownOnly reports whether w expands from vars alone: its expansions are
// plain $NAME or ${NAME} of known names, and it has no substitution.
func knownOnly(w *syntax.Word, vars map[string]string) bool {
	ok := true
	syntax.Walk(w, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.ParamExp:
			if x.Param == nil || x.Excl || x.Length || x.Width || x.Index != nil || x.Slice != nil || x.Repl != nil || x.Names != 0 || x.Exp != nil || x.NestedParam != nil {
				ok = false
			} else if _, known := vars[x.Param.Value]; !known {
				ok = false
			}
		case *syntax.CmdSubst, *syntax.ArithmExp, *syntax.ProcSubst, *syntax.ExtGlob:
			ok = false
		}
		return ok
	})
	if ok && len(w.Parts) > 0 {
		if lit, isLit := w.Parts[0].(*syntax.Lit); isLit && strings.HasPrefix(lit.Value, "~") && vars["HOME"] == "" {
			ok = false // ~ without a known home
		}
	}
	return ok
}

func wordText(src string, w *syntax.Word) string {
	a, b := int(w.Pos().Offset()), int(w.End().Offset())
	if a < 0 || b > len(src) || a > b {
		return ""
	}
	return src[a:b]
}

// interpreter describes how an interpreter takes its script: the options
// that take a value (so that the value is not read as the script), the
// options after which there is no script (python -c, node -e), the
// subcommand that comes first (uv run, deno run), and whether any
// argument is a script or only one that looks like a file (uv run pytest
// runs a program of the environment).
type interpreter struct {
	valued, noScript map[string]bool
	sub              string
	fileOnly         bool
}

func set(s ...string) map[string]bool {
	m := map[string]bool{}
	for _, x := range s {
		m[x] = true
	}
	return m
}

// interpreterTable holds how each interpreter family takes its script.
type interpreterTable struct{ python, node, shell, ruby, uv, deno, bun, tsx interpreter }

// interpreters returns the table, built on first use.
var interpreters = lazy.Value[*interpreterTable]{New: func() *interpreterTable {
	return &interpreterTable{
		python: interpreter{valued: set("-W", "-X", "--check-hash-based-pycs"), noScript: set("-c", "-m", "-V", "--version", "-h", "--help")},
		node: interpreter{valued: set("-r", "--require", "--import", "--loader", "--experimental-loader", "--env-file", "--conditions", "-C", "--input-type"),
			noScript: set("-e", "--eval", "-p", "--print", "-v", "--version", "-h", "--help", "-i", "--interactive", "--test")},
		shell: interpreter{valued: set("-o", "+o", "-O", "+O", "--rcfile", "--init-file"), noScript: set("-c", "-s", "-i", "--version", "--help")},
		ruby:  interpreter{valued: set("-I", "-r", "-E", "-C"), noScript: set("-e", "-v", "--version", "-h", "--help")},
		uv: interpreter{sub: "run", fileOnly: true,
			valued: set("--with", "--with-editable", "--with-requirements", "-p", "--python", "--project", "--directory", "--extra", "--group",
				"--only-group", "--no-group", "--package", "--env-file", "--index", "--default-index", "--index-url", "-i", "--extra-index-url",
				"-f", "--find-links", "--cache-dir", "--config-file", "--color", "--prerelease", "--resolution", "--exclude-newer", "--python-platform"),
			noScript: set("-m", "--module", "--help", "-h")},
		deno: interpreter{sub: "run", fileOnly: true, valued: set("--config", "-c", "--import-map", "--lock", "--cert", "--location", "--seed", "--env-file")},
		bun:  interpreter{fileOnly: true, valued: set("--cwd", "--config", "-c", "--preload", "-r", "--env-file"), noScript: set("-e", "--eval", "-p", "--print", "x", "--help", "--version")},
		tsx:  interpreter{fileOnly: true, valued: set("--tsconfig", "-r", "--require", "--import"), noScript: set("-e", "--eval", "-p", "--print")},
	}
}}

var pythonName = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^(python|pypy)(\d+(\.\d+)*)?$`) }}

// interpreterOf returns how the program named prog (a base name) takes
// its script.
func interpreterOf(prog string) (interpreter, bool) {
	switch {
	case pythonName.Get().MatchString(prog):
		return interpreters.Get().python, true
	}
	switch prog {
	case "node", "nodejs":
		return interpreters.Get().node, true
	case "bash", "sh", "dash", "zsh", "ksh":
		return interpreters.Get().shell, true
	case "ruby", "perl", "php":
		return interpreters.Get().ruby, true
	case "uv":
		return interpreters.Get().uv, true
	case "deno":
		return interpreters.Get().deno, true
	case "bun":
		return interpreters.Get().bun, true
	case "tsx", "ts-node":
		return interpreters.Get().tsx, true
	}
	return interpreter{}, false
}

// scriptLike are the file extensions of scripts an interpreter with
// fileOnly runs.
var scriptLike = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`\.(py|pyw|js|mjs|cjs|ts|mts|cts|jsx|tsx|sh|bash|rb|pl|php)$`)
}}

// scriptArg returns the index in words of the script the interpreter
// words[0] runs: -1 when it runs none (python -c, node -e, uv run ruff),
// and interp false when words[0] is no interpreter doctor knows. A word
// that cannot be expanded is returned too (the caller reports it).
func scriptArg(words []word) (i int, interp bool) {
	in, ok := interpreterOf(filepath.Base(words[0].value))
	if !ok {
		return -1, false
	}
	i = 1
	if in.sub != "" {
		if len(words) < 2 || !words[1].ok || words[1].value != in.sub {
			return -1, true
		}
		i = 2
	}
	if filepath.Base(words[0].value) == "bun" && i < len(words) && words[i].ok && words[i].value == "run" {
		i++
	}
	for ; i < len(words); i++ {
		w := words[i]
		if !w.ok {
			return i, true
		}
		v := w.value
		if v == "--" {
			i++
			break
		}
		if !strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "+") {
			break
		}
		name, _, hasVal := strings.Cut(v, "=")
		if in.noScript[name] {
			return -1, true
		}
		switch {
		case in.valued[name] && !hasVal:
			i++
		case len(name) > 2 && name[0] == '-' && name[1] != '-' && in.valued["-"+name[len(name)-1:]]:
			i++ // a group of short options whose last takes a value (bash -euo pipefail)
		}
	}
	if i >= len(words) {
		return -1, true
	}
	if w := words[i]; w.ok && in.fileOnly && !strings.Contains(w.value, "/") && !scriptLike.Get().MatchString(w.value) {
		return -1, true
	}
	return i, true
}
