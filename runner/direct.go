package runner

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"mvdan.cc/sh/v3/syntax"
)

// Direct exec (docs/decisions/017-direct-exec.md): a shell-form command
// hook that is one simple command of words the engine can know without
// the shell — literals, quotes, $NAME and ${NAME} of variables the shell
// takes unchanged from its environment, a leading ~ — runs as that one
// program, without `sh -c` in front of it, exactly as the shell would run
// it: the same argv, the program found in the hook's own PATH the way the
// shell searches it, the environment the shell would pass on (which the
// shell adjusts: PWD, and for bash SHLVL, OLDPWD and _), and, for a shell
// that forks the command rather than replacing itself with it (dash), the
// shell's exit status for a command killed by a signal (128+n) and its
// message. Everything else — builtins, functions, a program that is not
// found or cannot be executed, a script without #!, any syntax beyond one
// simple command, environments the shell would treat specially — is left
// to the shell itself, so its own words and exit codes (127, 126) are
// what the hook sees. For dash one thing cannot be reproduced: the
// program's parent process is the shell, which the program can see
// (its PPID); the native protocol opts in for bash only, and the Claude
// protocol runs every command through /bin/sh.

// shellKind is a shell implementation whose handling of one simple
// command direct exec reproduces.
type shellKind uint8

const (
	shellUnknown shellKind = iota
	// shellDash is dash 0.5 (Debian's /bin/sh): it forks the command and
	// waits for it, exiting with 128+n and printing the signal's
	// description when the command is killed by signal n.
	shellDash
	// shellBash is bash invoked as bash: `bash -c` replaces itself with
	// a single simple command (after setting SHLVL and _).
	shellBash
)

// shellKinds caches resolveShell, keyed by the shell's name (and this
// process's PATH for a name without a slash).
var shellKinds sync.Map

// resolveShell identifies the shell that exec.Command(shell) would run:
// dash (at any path, /bin/sh included) or bash invoked by the name bash.
// Anything else — bash as sh (POSIX mode), busybox, zsh — is unknown, and
// its commands always run through the shell.
func resolveShell(shell string) shellKind {
	key := shell
	if !strings.ContainsRune(shell, '/') {
		key = shell + "\x00" + os.Getenv("PATH")
	}
	if k, ok := shellKinds.Load(key); ok {
		return k.(shellKind)
	}
	kind := shellUnknown
	p := shell
	var err error
	if !strings.ContainsRune(shell, '/') {
		p, err = exec.LookPath(shell)
	}
	if err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			switch filepath.Base(real) {
			case "dash":
				kind = shellDash
			case "bash":
				if filepath.Base(shell) == "bash" {
					kind = shellBash
				}
			}
		}
	}
	shellKinds.Store(key, kind)
	return kind
}

// directShellArgv reports whether `shell -c command`, started with environment
// env ("KEY=value", the last definition of a name winning), runs one
// simple command whose words are known without running the shell, and
// returns those words as the shell would pass them as argv (argv[0] as
// written, not yet looked up in PATH). The shell is dash (such as
// /bin/sh on Debian) or bash invoked as "bash"; for any other shell ok is
// false.
//
// A word qualifies when it is made of literal text (backslash escapes,
// 'single' and "double" quotes), $NAME or ${NAME} of a variable the shell
// takes unchanged from env — quoted, or unquoted with a value that the
// shell would neither split nor glob — and a leading ~ or ~/ (HOME, when
// set and not empty). ok is false for everything else: more than one
// command, pipes, redirections, assignments, command substitution, globs,
// special or shell-managed variables (PWD, IFS, BASH_*, …), a command name
// that is a builtin or a keyword of dash or bash, and an env the shell
// would not pass on unchanged (such as BASH_ENV, SHELLOPTS or exported
// functions for bash, IFS or OPTIND for dash).
func directShellArgv(shell, command string, env []string) (argv []string, ok bool) {
	kind := resolveShell(shell)
	if kind == shellUnknown {
		return nil, false
	}
	return directArgv(kind, command, env)
}

func directArgv(kind shellKind, command string, env []string) ([]string, bool) {
	t := compileDirect(kind, command)
	if t == nil || !envPassesThrough(kind, env) {
		return nil, false
	}
	argv := make([]string, 0, len(t.words))
	for _, w := range t.words {
		s, ok := w.expand(env)
		if !ok {
			return nil, false
		}
		argv = append(argv, s)
	}
	if argv[0] == "" || (!strings.ContainsRune(argv[0], '/') && shellBuiltin(argv[0])) {
		return nil, false
	}
	return argv, true
}

// directTemplate is a command compiled for direct exec: its words, each a
// sequence of parts to concatenate.
type directTemplate struct {
	words []directWord
}

type directWord []directPart

// directPart is one piece of a word: literal text, a variable (quoted:
// its value as is; unquoted: its value, which must not be split or
// globbed), or HOME for a leading tilde.
type directPart struct {
	kind partKind
	s    string // the text, or the variable's name
}

type partKind uint8

const (
	partLit partKind = iota
	partVar
	partVarUnquoted
	partHome
)

func (w directWord) expand(env []string) (string, bool) {
	if len(w) == 1 && w[0].kind == partLit {
		return w[0].s, true
	}
	var b strings.Builder
	for _, p := range w {
		switch p.kind {
		case partLit:
			b.WriteString(p.s)
		case partVar:
			v, _ := envLookup(env, p.s)
			b.WriteString(v)
		case partVarUnquoted:
			v, _ := envLookup(env, p.s)
			// Field splitting (IFS is the default in both shells: bash
			// ignores an inherited IFS, dash's is refused by
			// envPassesThrough) and pathname expansion would apply; an
			// empty value would remove the word when alone.
			if v == "" || strings.ContainsAny(v, " \t\n*?[\\") {
				return "", false
			}
			b.WriteString(v)
		case partHome:
			v, _ := envLookup(env, "HOME")
			if v == "" {
				return "", false
			}
			b.WriteString(v)
		}
	}
	return b.String(), true
}

// directCache holds compiled templates (nil for commands that do not
// qualify) per shell kind and command. It stops growing at
// maxDirectCache entries; commands beyond are compiled on every run.
var (
	directCache     sync.Map
	directCacheSize atomic.Int64
)

const maxDirectCache = 4096

type directKey struct {
	kind    shellKind
	command string
}

func compileDirect(kind shellKind, command string) *directTemplate {
	key := directKey{kind, command}
	if t, ok := directCache.Load(key); ok {
		return t.(*directTemplate)
	}
	t := parseDirect(kind, command)
	if directCacheSize.Load() < maxDirectCache {
		if _, loaded := directCache.LoadOrStore(key, t); !loaded {
			directCacheSize.Add(1)
		}
	}
	return t
}

// parseDirect parses command as the shell's language (POSIX for dash,
// bash for bash) and compiles it when it is one simple command of
// qualifying words; otherwise it returns nil.
func parseDirect(kind shellKind, command string) *directTemplate {
	lang := syntax.LangPOSIX
	if kind == shellBash {
		lang = syntax.LangBash
	}
	f, err := syntax.NewParser(syntax.Variant(lang)).Parse(strings.NewReader(command), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil
	}
	st := f.Stmts[0]
	if st.Negated || st.Background || st.Coprocess || st.Disown || len(st.Redirs) > 0 {
		return nil
	}
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Assigns) > 0 || len(call.Args) == 0 {
		return nil
	}
	t := &directTemplate{}
	for _, w := range call.Args {
		dw, ok := compileWord(w)
		if !ok {
			return nil
		}
		t.words = append(t.words, dw)
	}
	return t
}

// compileWord compiles one word of the command, or reports that it does
// not qualify.
func compileWord(w *syntax.Word) (directWord, bool) {
	var out directWord
	lit := func(s string) {
		if n := len(out); n > 0 && out[n-1].kind == partLit {
			out[n-1].s += s
			return
		}
		out = append(out, directPart{kind: partLit, s: s})
	}
	for i, part := range w.Parts {
		switch x := part.(type) {
		case *syntax.Lit:
			v := x.Value
			if i == 0 && strings.HasPrefix(v, "~") {
				// A tilde prefix: "~" up to the first slash, or the whole
				// word; only a bare ~ (HOME) qualifies, and only when no
				// character of the prefix is quoted.
				rest, ok := strings.CutPrefix(v, "~")
				if !ok || (rest != "" && rest[0] != '/') || (rest == "" && len(w.Parts) > 1) {
					return nil, false
				}
				out = append(out, directPart{kind: partHome})
				v = rest
			}
			s, ok := unquotedLit(v)
			if !ok {
				return nil, false
			}
			if s != "" {
				lit(s)
			}
		case *syntax.SglQuoted:
			if x.Dollar {
				return nil, false
			}
			lit(x.Value)
		case *syntax.DblQuoted:
			if x.Dollar {
				return nil, false
			}
			if len(x.Parts) == 0 {
				lit("")
			}
			for _, qp := range x.Parts {
				switch q := qp.(type) {
				case *syntax.Lit:
					s, ok := doubleQuotedLit(q.Value)
					if !ok {
						return nil, false
					}
					lit(s)
				case *syntax.ParamExp:
					name, ok := simpleParam(q)
					if !ok {
						return nil, false
					}
					out = append(out, directPart{kind: partVar, s: name})
				default:
					return nil, false
				}
			}
		case *syntax.ParamExp:
			name, ok := simpleParam(x)
			if !ok {
				return nil, false
			}
			out = append(out, directPart{kind: partVarUnquoted, s: name})
		default:
			return nil, false
		}
	}
	if len(out) == 0 {
		return nil, false
	}
	return out, true
}

// unquotedLit removes the backslash escapes of unquoted literal text. It
// refuses text the shell would expand or treat specially: glob
// characters, braces (bash's brace expansion), a tilde after the start of
// the word, a dollar sign.
func unquotedLit(v string) (string, bool) {
	if !strings.ContainsAny(v, "\\*?[{}~$") {
		return v, true
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch c {
		case '\\':
			i++
			if i == len(v) {
				return "", false
			}
			if v[i] != '\n' { // backslash-newline is a line continuation
				b.WriteByte(v[i])
			}
		case '*', '?', '[', '{', '}', '~', '$':
			return "", false
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// doubleQuotedLit removes the escapes of literal text between double
// quotes: a backslash quotes only $ ` " \ and newline.
func doubleQuotedLit(v string) (string, bool) {
	if !strings.ContainsAny(v, "\\$`") {
		return v, true
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch c {
		case '\\':
			if i+1 < len(v) {
				switch n := v[i+1]; n {
				case '$', '`', '"', '\\':
					b.WriteByte(n)
					i++
					continue
				case '\n':
					i++
					continue
				}
			}
			b.WriteByte(c)
		case '$', '`':
			return "", false
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// simpleParam returns the name of $NAME or ${NAME} when NAME is a
// variable the shell takes from its environment unchanged.
func simpleParam(p *syntax.ParamExp) (string, bool) {
	if p.Param == nil || p.Flags != nil || p.Excl || p.Length || p.Width || p.IsSet ||
		p.NestedParam != nil || p.Index != nil || len(p.Modifiers) > 0 || p.Slice != nil ||
		p.Repl != nil || p.Names != 0 || p.Exp != nil {
		return "", false
	}
	name := p.Param.Value
	if !validName(name) || shellOwnVar(name) || strings.HasPrefix(name, "BASH") || strings.HasPrefix(name, "COMP_") || strings.HasPrefix(name, "READLINE_") {
		return "", false
	}
	return name, true
}

// validName reports whether s is a shell variable name
// ([A-Za-z_][A-Za-z0-9_]*).
func validName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return true
}

// shellOwnVar reports variables dash or bash set, reset or compute
// themselves, whose value in the shell is not (or not always) the one in
// its environment: a command that expands one runs through the shell.
// (Names starting with BASH, COMP_ or READLINE_ are refused too.)
func shellOwnVar(name string) bool {
	switch name {
	case "_", "CDPATH", "COLUMNS", "COPROC", "DIRSTACK", "ENV", "EPOCHREALTIME", "EPOCHSECONDS",
		"EUID", "EXECIGNORE", "FUNCNAME", "GLOBIGNORE", "GROUPS", "HISTCMD", "HISTFILE", "HISTFILESIZE",
		"HISTSIZE", "HOSTNAME", "HOSTTYPE", "IFS", "LINENO", "LINES", "MACHTYPE", "MAIL", "MAILCHECK",
		"MAILPATH", "MAPFILE", "OLDPWD", "OPTARG", "OPTERR", "OPTIND", "OSTYPE", "PATH", "PIPESTATUS",
		"POSIXLY_CORRECT", "PPID", "PS0", "PS1", "PS2", "PS3", "PS4", "PWD", "RANDOM", "REPLY",
		"SECONDS", "SHELL", "SHELLOPTS", "SHLVL", "SRANDOM", "TERM", "TIMEFORMAT", "TMOUT", "UID":
		return true
	}
	return false
}

// shellBuiltin reports the builtins and reserved words of dash and bash:
// a command named so (without a slash) is the shell's own. (Switches, not
// maps: nothing to build when a process starts.)
func shellBuiltin(name string) bool {
	switch name {
	case ".", ":", "[", "[[", "]]", "{", "}", "!", "alias", "bg", "bind", "break", "builtin",
		"caller", "case", "cd", "chdir", "command", "compgen", "complete", "compopt", "continue",
		"coproc", "declare", "dirs", "disown", "do", "done", "echo", "elif", "else", "enable", "esac",
		"eval", "exec", "exit", "export", "false", "fc", "fg", "fi", "for", "function", "getopts",
		"hash", "help", "history", "if", "in", "jobs", "kill", "let", "local", "logout", "mapfile",
		"popd", "printf", "pushd", "pwd", "read", "readarray", "readonly", "return", "select", "set",
		"shift", "shopt", "source", "suspend", "test", "then", "time", "times", "trap", "true", "type",
		"typeset", "ulimit", "umask", "unalias", "unset", "until", "wait", "while":
		return true
	}
	return false
}

// envPassesThrough reports whether the shell would take env as it is
// (apart from what directEnv reproduces): no variable the shell resets
// or reads as configuration, no entry without a name.
func envPassesThrough(kind shellKind, env []string) bool {
	for _, kv := range env {
		i := strings.IndexByte(kv, '=')
		if i <= 0 {
			if kind == shellDash && i < 0 {
				continue // dash drops it; directEnv does too
			}
			return false
		}
		name := kv[:i]
		switch kind {
		case shellDash:
			switch name {
			case "IFS", "OPTIND", "PPID":
				return false
			}
		case shellBash:
			if strings.HasPrefix(name, "BASH") || bashReset(name) {
				return false
			}
			if name == "LC_ALL" {
				// bash warns on stderr about a locale it cannot set.
				switch kv[i+1:] {
				case "", "C", "POSIX":
				default:
					return false
				}
			}
		}
	}
	return true
}

// bashReset reports variables bash resets, removes or reads as its own
// configuration when it finds them in its environment (besides BASH*,
// and PWD, OLDPWD, SHLVL and _, which directEnv reproduces).
func bashReset(name string) bool {
	switch name {
	case "COMP_WORDBREAKS", "ENV", "EPOCHREALTIME", "EPOCHSECONDS", "EXECIGNORE", "HISTCMD", "IFS",
		"LINENO", "OPTERR", "OPTIND", "POSIXLY_CORRECT", "PPID", "PS1", "PS2", "PS4", "RANDOM",
		"SHELLOPTS", "SRANDOM":
		return true
	}
	return false
}

// envLookup returns the value of name in env, the last definition
// winning (as os/exec passes it on).
func envLookup(env []string, name string) (string, bool) {
	for i := len(env) - 1; i >= 0; i-- {
		kv := env[i]
		if len(kv) > len(name) && kv[len(name)] == '=' && kv[:len(name)] == name {
			return kv[len(name)+1:], true
		}
	}
	return "", false
}
