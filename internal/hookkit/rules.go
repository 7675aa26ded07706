package hookkit

import (
	"net/url"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/hookcompat/hookcompat/internal/lazy"
	"mvdan.cc/sh/v3/syntax"
)

// shellCommands parses script as POSIX shell (mvdan.cc/sh) and returns
// each simple command's text, without leading VAR=value assignments, in
// source order, including commands inside $(…) and backquotes. dynamic
// reports whether some command contains an expansion ($VAR, $(…), `…`)
// whose value cannot be known. ok is false when the script does not parse.
func shellCommands(script string) (cmds []string, dynamic, ok bool) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(script), "")
	if err != nil {
		return nil, false, false
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CallExpr:
			if len(x.Args) == 0 {
				return true
			}
			start, end := x.Args[0].Pos().Offset(), x.Args[len(x.Args)-1].End().Offset()
			if int(end) <= len(script) && start < end {
				cmds = append(cmds, script[start:end])
			}
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp, *syntax.ProcSubst:
			dynamic = true
		}
		return true
	})
	return cmds, dynamic, true
}

// ShellRuleMatches reports whether a shell rule's pattern names one of the
// commands of script (HK-64, claude §2.5). A pattern is a command with "*"
// wildcards ("git push *"; a trailing " *" also matches the bare command)
// or the legacy prefix form "npm run test:*". Each simple command is
// compared as written and, when it starts with a wrapper (command, exec,
// env, sudo, nohup, nice, timeout, xargs, …), also from the wrapped
// command on; a command name given as a path (/bin/rm) is compared by its
// base name. The filter fails open — the hook runs — when the script does
// not parse, when a command's name is an expansion ($CMD, $(…)), or when
// the pattern says more than a command name and the script has an
// expansion.
func ShellRuleMatches(pattern, script string) bool {
	pattern = strings.TrimSpace(pattern)
	if pattern == "" || pattern == "*" {
		return true
	}
	if p, ok := strings.CutSuffix(pattern, ":*"); ok {
		pattern = p + " *"
	}
	calls, ok := parseShellCalls(script)
	if !ok {
		return true
	}
	re := wildcardRegexp(pattern)
	bare := ""
	if strings.HasSuffix(pattern, " *") {
		bare = strings.TrimSuffix(pattern, " *")
	}
	detailed := strings.ContainsAny(strings.TrimSuffix(pattern, " *"), " ")
	for _, c := range calls {
		starts, nameDynamic := c.commandStarts()
		if nameDynamic || (detailed && c.anyDynamic()) {
			return true
		}
		for _, i := range starts {
			words := append([]string(nil), c.words[i:]...)
			words[0] = path.Base(words[0])
			text := strings.Join(strings.Fields(strings.Join(words, " ")), " ")
			if re.MatchString(text) || (bare != "" && text == bare) {
				return true
			}
		}
	}
	return false
}

// shellCall is one simple command of a script: its words as written and
// whether each holds an expansion.
type shellCall struct {
	words   []string
	dynamic []bool
}

func (c shellCall) anyDynamic() bool {
	for _, d := range c.dynamic {
		if d {
			return true
		}
	}
	return false
}

// wrappers run the command that follows them; the map lists each one's
// options that take a value (so that the value is not taken for the
// command).
var wrappers = lazy.Value[map[string]map[string]bool]{New: func() map[string]map[string]bool {
	return map[string]map[string]bool{
		"command": nil, "builtin": nil, "exec": {"-a": true}, "nohup": nil, "time": nil, "unbuffer": nil,
		"sudo":    {"-u": true, "-g": true, "-C": true, "-D": true, "-h": true, "-p": true, "-r": true, "-t": true, "-U": true},
		"doas":    {"-u": true, "-C": true},
		"env":     {"-u": true, "-C": true, "-S": true},
		"nice":    {"-n": true},
		"ionice":  {"-c": true, "-n": true, "-p": true},
		"stdbuf":  {"-i": true, "-o": true, "-e": true},
		"xargs":   {"-I": true, "-n": true, "-P": true, "-L": true, "-d": true, "-E": true, "-s": true, "-a": true},
		"timeout": {"-s": true, "-k": true},
	}
}}

// commandStarts returns the word indexes where a command name starts: 0,
// and after each wrapper with its options (and, for env, assignments; for
// timeout, the duration). nameDynamic reports that the effective command
// name is an expansion.
func (c shellCall) commandStarts() (starts []int, nameDynamic bool) {
	i := 0
	for i < len(c.words) {
		starts = append(starts, i)
		if c.dynamic[i] {
			return starts, true
		}
		name := path.Base(c.words[i])
		valued, ok := wrappers.Get()[name]
		if !ok {
			return starts, false
		}
		i++
		positional := name == "timeout"
		for i < len(c.words) {
			w := c.words[i]
			switch {
			case strings.HasPrefix(w, "-"):
				i++
				if valued[w] {
					i++
				}
				continue
			case name == "env" && strings.Contains(w, "="):
				i++
				continue
			case positional:
				i++
				positional = false
				continue
			}
			break
		}
	}
	return starts, false
}

// parseShellCalls parses script as bash (mvdan.cc/sh) into its simple
// commands, including those inside $(…) and backquotes, without leading
// VAR=value assignments. ok is false when the script does not parse.
func parseShellCalls(script string) (calls []shellCall, ok bool) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(script), "")
	if err != nil {
		return nil, false
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		x, isCall := n.(*syntax.CallExpr)
		if !isCall || len(x.Args) == 0 {
			return true
		}
		var c shellCall
		for _, w := range x.Args {
			start, end := w.Pos().Offset(), w.End().Offset()
			if int(end) > len(script) || start >= end {
				continue
			}
			dyn := false
			syntax.Walk(w, func(m syntax.Node) bool {
				switch m.(type) {
				case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp, *syntax.ProcSubst:
					dyn = true
				}
				return !dyn
			})
			c.words = append(c.words, unquoteStatic(script[start:end], dyn))
			c.dynamic = append(c.dynamic, dyn)
		}
		if len(c.words) > 0 {
			calls = append(calls, c)
		}
		return true
	})
	return calls, true
}

// unquoteStatic removes the quotes of a word without expansions, so that
// 'rm' and "rm" compare as rm; other words stay as written.
func unquoteStatic(w string, dynamic bool) string {
	if dynamic || !strings.ContainsAny(w, `'"\`) {
		return w
	}
	var b strings.Builder
	quote := byte(0)
	for i := 0; i < len(w); i++ {
		ch := w[i]
		switch {
		case (ch == '\'' || ch == '"') && (quote == 0 || quote == ch):
			if quote == 0 {
				quote = ch
			} else {
				quote = 0
			}
		case ch == '\\' && quote != '\'' && i+1 < len(w):
			i++
			b.WriteByte(w[i])
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// wildcardRegexp compiles a pattern whose only wildcard is "*" (any run of
// characters) into an anchored regexp.
func wildcardRegexp(p string) *regexp.Regexp {
	parts := strings.Split(p, "*")
	for i := range parts {
		parts[i] = regexp.QuoteMeta(parts[i])
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$")
}

// PathRuleMatches reports whether path matches a gitignore-style glob:
// "**" spans directories, "*" and "?" stay within one; a relative glob is
// anchored at cwd ("src/**" means cwd/src/**) unless it has no slash, in
// which case it matches the base name at any depth.
func PathRuleMatches(glob, path, cwd string) bool {
	if path == "" {
		return false
	}
	glob = strings.TrimPrefix(glob, "./")
	if !strings.Contains(glob, "/") {
		return globPathRegexp(glob).MatchString(filepath.Base(path))
	}
	if !filepath.IsAbs(glob) && !strings.HasPrefix(glob, "**") {
		glob = filepath.ToSlash(filepath.Join(cwd, glob)) + strings.Repeat("/", boolInt(strings.HasSuffix(glob, "/")))
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(cwd, path)
	}
	return globPathRegexp(glob).MatchString(filepath.ToSlash(path))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func globPathRegexp(glob string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(glob); i++ {
		switch c := glob[i]; c {
		case '*':
			if i+1 < len(glob) && glob[i+1] == '*' {
				i++
				if i+1 < len(glob) && glob[i+1] == '/' {
					i++
					b.WriteString("(?:.*/)?")
				} else {
					b.WriteString(".*")
				}
			} else {
				b.WriteString("[^/]*")
			}
		case '?':
			b.WriteString("[^/]")
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// HostRuleMatches reports whether the host of rawURL matches pattern
// ("example.com", "*.example.com", optionally prefixed "domain:"),
// case-insensitively.
func HostRuleMatches(pattern, rawURL string) bool {
	pattern = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(pattern), "domain:"))
	u, err := url.Parse(rawURL)
	if err != nil || u.Hostname() == "" {
		return false
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if rest, ok := strings.CutPrefix(pattern, "*."); ok {
		return host == rest || strings.HasSuffix(host, "."+rest)
	}
	return host == pattern
}

// GlobMatch reports whether s matches pattern, whose only wildcard is
// "*" (any run of characters, "/" included), anchored at both ends.
func GlobMatch(pattern, s string) bool {
	return wildcardRegexp(pattern).MatchString(s)
}
