package format

import (
	"path/filepath"
	"strings"

	"github.com/hookcompat/hookcompat/internal/hookkit"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// A format whose hook commands are shell strings (Codex's, Gemini's,
// Cursor's hooks.json) calls the shim as one /bin/sh command line:
// [ShimCommand] writes it, [ShimCommandArgs] reads it back, and both
// agree with [ShimArgs] and [ParseShimArgs] word for word.

// ShellQuote quotes s as one /bin/sh word: as it is when it consists of
// letters, digits and _ @ % + = : , . / - only, else in single quotes (a
// quote inside is closed, escaped with a backslash and reopened); every
// POSIX shell reads it back as s.
func ShellQuote(s string) string { return hookkit.ShellQuote(s) }

// ShellJoin quotes every word of argv ([ShellQuote]) and joins them with
// spaces: one /bin/sh command line running argv.
func ShellJoin(argv []string) string { return hookkit.ShellJoin(argv) }

// ShimLine writes a shim call's argv as one shell command line for a
// host agent's file: [ShellJoin], or with unexpanded
// hookkit.ShellJoinUnexpanded (agents that expand $VAR in the text before
// a shell reads it). A shim under the home, "~/…" (convert --shim
// '~/go/bin/hookcompat'), keeps "~/" outside the quotes, so that the
// hook's shell expands it for the user it runs as and one committed file
// works for every user who installed hookcompat there.
func ShimLine(argv []string, unexpanded bool) string {
	join := hookkit.ShellJoin
	if unexpanded {
		join = hookkit.ShellJoinUnexpanded
	}
	if len(argv) > 0 {
		if rest, ok := strings.CutPrefix(argv[0], "~/"); ok && rest != "" {
			return "~/" + join(append([]string{rest}, argv[1:]...))
		}
	}
	return join(argv)
}

// ShimCommand is the shim call running spec as one /bin/sh command line,
// shim its first word: [ShimArgs] quoted word by word.
func ShimCommand(shim string, s *ShimSpec) string { return ShimLine(ShimArgs(shim, s), false) }

// ShellWords splits command into its words the way /bin/sh would, when it
// is one simple command of literal words (quoted or not): no variable,
// command or arithmetic substitution, no redirection or assignment, no
// pipe, list or background job. ok is false for anything else, and for a
// command that does not parse.
func ShellWords(command string) (words []string, ok bool) {
	// A program under the home, "~/…" (convert --shim '~/go/bin/hookcompat'),
	// is a word as written: its shell expands it where the hook runs.
	if rest, tilde := strings.CutPrefix(command, "~/"); tilde {
		words, ok := ShellWords("/" + rest)
		if ok && len(words) > 0 {
			words[0] = "~" + words[0]
		}
		return words, ok
	}
	f, err := syntax.NewParser().Parse(strings.NewReader(command), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil, false
	}
	st := f.Stmts[0]
	call, isCall := st.Cmd.(*syntax.CallExpr)
	if !isCall || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 || len(call.Assigns) > 0 || len(call.Args) == 0 {
		return nil, false
	}
	for _, w := range call.Args {
		if !literal(w) {
			return nil, false
		}
		// A Config of its own: expand's shared default (a nil Config) is
		// written by every call, so concurrent loads would race on it.
		fields, err := expand.Fields(&expand.Config{}, w)
		if err != nil || len(fields) != 1 {
			return nil, false
		}
		words = append(words, fields[0])
	}
	return words, true
}

// literal reports whether w expands to itself with quotes removed: it
// holds no expansion of any kind (globs count, since a shell may expand
// them).
func literal(w *syntax.Word) bool {
	ok := true
	syntax.Walk(w, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp, *syntax.ProcSubst, *syntax.ExtGlob, *syntax.BraceExp:
			ok = false
		case *syntax.Lit:
			if strings.ContainsAny(x.Value, "*?[") {
				ok = false
			}
		case *syntax.SglQuoted:
			if x.Dollar {
				ok = false
			}
		}
		return ok
	})
	if ok && len(w.Parts) > 0 {
		if lit, isLit := w.Parts[0].(*syntax.Lit); isLit && strings.HasPrefix(lit.Value, "~") {
			ok = false // tilde expansion
		}
	}
	return ok
}

// ShimCommandArgs returns the argv of a /bin/sh command line that calls
// the exec shim ([ShellWords], then [IsShim]); ok is false for any other
// command.
func ShimCommandArgs(command string) (argv []string, ok bool) {
	words, ok := ShellWords(command)
	if !ok || !IsShim(words) {
		return nil, false
	}
	return words, true
}

// Converted files are committed to repositories and run in other clones
// by other users: paths in a shim call are written relative to the
// workspace or to the home directory ([ShimSpec.Portable]) and resolved
// by the shim when it runs ([ShimSpec.Resolve]).

// Portable rewrites the paths of s for a file that works in any clone of
// project and for any user: --dir and a grouped call's sources (Phi's
// --phi-dir folders) under project become relative to it (the shim
// resolves them against the event's workspace), under home "~/…"; an
// --env value that is an absolute path (a Claude plugin's
// CLAUDE_PLUGIN_ROOT) becomes "./…" under project and "~/…" under home
// (the nearer of the two when one lies inside the other). Other paths
// stay as they are. Empty project or home skips that rewrite.
func (s *ShimSpec) Portable(project, home string) {
	for k, v := range s.Env {
		if filepath.IsAbs(v) {
			s.Env[k] = portable(v, project, home, true)
		}
	}
	if s.Dir != "" {
		s.Dir = portable(s.Dir, project, home, false)
	}
	for i, d := range s.Sources {
		s.Sources[i] = portable(d, project, home, false)
	}
}

// Resolve undoes [ShimSpec.Portable] where the shim runs: "~" and "~/…"
// in --dir, a grouped call's sources and --env values are under home; a
// relative --dir or source, and an --env value "." or starting with "./"
// or "../",
// are under workspace. Absolute paths and other values are unchanged.
func (s *ShimSpec) Resolve(workspace, home string) {
	for k, v := range s.Env {
		if v == "." || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || v == "~" || strings.HasPrefix(v, "~/") {
			s.Env[k] = resolve(v, workspace, home)
		}
	}
	if s.Dir != "" {
		s.Dir = resolve(s.Dir, workspace, home)
	}
	for i, d := range s.Sources {
		s.Sources[i] = resolve(d, workspace, home)
	}
}

// portable writes abs relative to project (with a leading "./" when
// dotSlash, so that an --env value reads as a path) or to home ("~/…").
func portable(abs, project, home string, dotSlash bool) string {
	if !filepath.IsAbs(abs) {
		return abs
	}
	abs = filepath.Clean(abs)
	rp, inProject := under(abs, project)
	rh, inHome := under(abs, home)
	if inProject && inHome && len(filepath.Clean(home)) > len(filepath.Clean(project)) {
		inProject = false // the home lies inside the project: the nearer one counts
	}
	switch {
	case inProject && !dotSlash:
		return rp
	case inProject && rp == ".":
		return "."
	case inProject:
		return "./" + rp
	case inHome && rh == ".":
		return "~"
	case inHome:
		return "~/" + rh
	}
	return abs
}

// under returns path relative to dir when it lies inside dir.
func under(path, dir string) (string, bool) {
	if dir == "" || !filepath.IsAbs(dir) {
		return "", false
	}
	r, err := filepath.Rel(filepath.Clean(dir), path)
	if err != nil || r == ".." || strings.HasPrefix(r, "../") {
		return "", false
	}
	return filepath.ToSlash(r), true
}

func resolve(p, workspace, home string) string {
	switch {
	case p == "~" && home != "":
		return home
	case strings.HasPrefix(p, "~/") && home != "":
		return filepath.Join(home, p[2:])
	case filepath.IsAbs(p) || workspace == "" || strings.HasPrefix(p, "~"):
		return p
	}
	return filepath.Join(workspace, p)
}
