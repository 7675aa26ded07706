package permission

import (
	"path"
	"path/filepath"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/hookcompat/hookcompat/internal/hookkit"
)

// The Bash tool's own check, as far as Claude Code 2.1.332's recordings
// show it (hc_perm_bash_classes, hc_perm_bash_classes_more,
// hc_perm_mode_*):
//   - output redirections to a file are file changes wherever they are;
//   - a ( … ) group asks ("This command uses shell operators that require
//     approval for safety"), so does a $(…) or `…` ("A nested command in
//     this command can't be checked before it runs");
//   - a command with pipes is split at them as written ("a && b | c" is
//     "a && b" and "c"): a part runs without asking when all of it is
//     read-only inside the working directories; the others are listed:
//     "This Bash command contains multiple operations. The following
//     part requires approval: <part>" ("parts require approval: <a>,
//     <b>");
//   - otherwise each simple command (split at &&, || and ;) is checked:
//     read-only commands (ls, cat, grep, …) run, unless they read a path
//     outside the working directories: "<cmd> in '<path>' was blocked.
//     For security, Claude Code may only <verb> the allowed working
//     directories for this session: '<dir>', …." (cd likewise);
//     file-changing commands (touch, mkdir, cp, mv, rm, rmdir, sed -i)
//     outside the working directories ask "… needs approval. The path is
//     outside the working directories for this session ('<dir>', …).
//     Allowing runs the command as written."; inside them they run in
//     acceptEdits mode and otherwise ask "… needs approval. The path is
//     inside the working directories for this session (…), and Claude
//     Code asks before a shell command creates, changes or removes files
//     there."; any other command (python3, node, npm, curl, chmod, tee,
//     uniq, awk, …) asks: "This command requires approval", or, with
//     several commands, the multiple-operations text.
//
// No allow rule lifts a block outside the working directories; an allow
// rule lets a command run when it covers the whole command, or every
// part that asks. Commands none of the tables below name are classified
// as asking and the verdict is marked Approximate: Claude's own tables
// are longer.

// readOnly are the commands Claude runs without asking (paths inside the
// working directories). The recordings show each of them.
var readOnly = lazySet("ls", "echo", "cat", "pwd", "true", "false", "sleep", "date", "wc", "grep", "find", "head",
	"tail", "which", "uname", "printf", "sort", "cut", "tr", "diff", "stat", "file", "du", "df", "whoami", "id",
	"basename", "dirname", "realpath", "readlink", "test", "type", "tree", "rg", "nl", "seq", "jq", "ps",
	"hostname", "free", "uptime", "md5sum", "sha256sum", "strings", "od", "hexdump", "cmp", "comm", "tac", "rev",
	"column", "paste", "fold", "expr", "nproc", "locale", "groups", "history", "cd")

// readVerbs complete "Claude Code may only <verb> the allowed working
// directories" for a read outside them (recorded).
var readVerbs = map[string]string{
	"ls": "list files in", "cat": "concatenate files from", "head": "read the beginning of files from",
	"tail": "read the end of files from", "grep": "search for patterns in files from",
	"wc": "count lines/words/bytes in files from", "sort": "sort contents of files from",
	"cd": "change directories to",
}

// noPathArgs are read-only commands whose arguments are not paths.
var noPathArgs = lazySet("echo", "pwd", "true", "false", "sleep", "date", "which", "uname", "printf", "whoami",
	"id", "type", "seq", "test", "basename", "dirname", "expr", "nproc", "locale", "groups", "history", "hostname",
	"free", "uptime", "ps")

// fileChanging are the commands Claude checks path by path and runs in
// acceptEdits mode inside the working directories (recorded).
var fileChanging = lazySet("touch", "mkdir", "cp", "mv", "rm", "rmdir")

// recordedAsking are commands the recordings show asking; other
// commands ask too, with the verdict Approximate.
var recordedAsking = lazySet("python3", "node", "env", "printenv", "npm", "make", "curl", "chmod", "ln", "tee",
	"uniq", "awk", "less", "more", "git")

// gitReadOnly are git's read-only subcommands (recorded).
var gitReadOnly = lazySet("status", "log", "diff", "show", "branch", "remote")

// shellCode are commands that run their arguments as shell code.
var shellCode = lazySet("alias", "eval")

func lazySet(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// simple is one simple command of a Bash command.
type simple struct {
	text    string   // as written (without its redirections)
	start   int      // offset in the command
	words   []string // unquoted; "" for a word with an expansion
	dynamic []bool
	redirs  []string // output redirection targets (unquoted; "" when dynamic)
}

// parsed is a Bash command as the check sees it.
type parsed struct {
	parts []simple
	// segments are the texts between the command's pipes ("a && b | c"
	// is "a && b" and "c", as Claude splits it), each with its parts;
	// one segment when there is no pipe.
	segments []segment
	// subshell reports a ( … ) group; nested a $(…), `…` or <(…).
	subshell, nested bool
}

type segment struct {
	text  string
	parts []simple
}

// bashCheck is the Bash tool's check of one command.
type bashCheck struct {
	hard, soft *Verdict // asks no allow rule lifts; asks an allow rule lifts
	needs      []string // the parts that ask (soft), as written
	// covers are, for each part that asks, its simple commands an allow
	// rule must cover (a pipe segment's that are not quiet reads).
	covers      [][]string
	rule        *Rule // the allow rule that let it run
	approximate bool
	// single reports a command of one simple command: only then can an
	// allow rule's pattern cover all of it at once ("ls *" must not
	// cover "ls && rm -rf /").
	single bool
}

// allowed reports whether an allow rule lets the command run: a
// whole-tool rule, a rule covering the whole command, or rules covering
// every part that asks.
func (b *bashCheck) allowed(x *ctx) bool {
	cmd := strings.TrimSpace(x.input.Get("command").String())
	var rules []*Rule
	for i := range x.s.Rules {
		r := &x.s.Rules[i]
		if r.Behavior != Allow || !toolMatches(r.Tool, x.c.Tool) {
			continue
		}
		if !r.HasContent || (b.single && shellPatternMatches(r.Content, cmd)) {
			b.rule = r
			return true
		}
		rules = append(rules, r)
	}
	if b.soft == nil || len(rules) == 0 || len(b.needs) == 0 {
		return false
	}
	for i, part := range b.needs {
		cmds := []string{part}
		if i < len(b.covers) && b.covers[i] != nil {
			cmds = b.covers[i]
		}
		for _, c := range cmds {
			covered := false
			for _, r := range rules {
				if shellPatternMatches(r.Content, c) {
					covered, b.rule = true, r
					break
				}
			}
			if !covered {
				b.rule = nil
				return false
			}
		}
	}
	return true
}

// shellPatternMatches matches an allow rule's content against one
// command as written: "git push *" (a trailing " *" also matches the bare
// command), the prefix form "npm run test:*", or the exact command.
func shellPatternMatches(pattern, cmd string) bool {
	pattern = strings.TrimSpace(pattern)
	if pattern == "" || pattern == "*" {
		return true
	}
	if p, ok := strings.CutSuffix(pattern, ":*"); ok {
		pattern = p + " *"
	}
	cmd = strings.Join(strings.Fields(cmd), " ")
	if bare, ok := strings.CutSuffix(pattern, " *"); ok && cmd == bare {
		return true
	}
	return hookkit.GlobMatch(pattern, cmd)
}

// ask is an ask of the Bash check.
func ask(reason, msg string, approximate bool) *Verdict {
	return &Verdict{Behavior: Ask, Stage: StageTool, ReasonType: reason, Message: msg, Approximate: approximate}
}

// checkBash classifies the call's command.
func (x *ctx) checkBash() *bashCheck {
	cmd := x.input.Get("command").String()
	b := &bashCheck{}
	p, ok := splitBash(cmd)
	if !ok || len(p.parts) == 0 {
		b.soft, b.needs, b.approximate = ask("other", "This command requires approval", true), []string{strings.TrimSpace(cmd)}, true
		return b
	}
	b.single = len(p.parts) == 1 && len(p.segments) == 1 && !p.subshell && !p.nested
	// Output redirections to files, anywhere in the command, first.
	for _, part := range p.parts {
		for _, target := range part.redirs {
			x.notePath(b, "Output redirection to", target, strings.TrimSpace(cmd))
		}
	}
	if b.hard != nil || b.soft != nil {
		return b
	}
	switch {
	case p.subshell:
		b.soft, b.needs = ask("other", "This command uses shell operators that require approval for safety", false), []string{strings.TrimSpace(cmd)}
		return b
	case p.nested:
		b.soft, b.needs = ask("other", "A nested command in this command can't be checked before it runs", false), []string{strings.TrimSpace(cmd)}
		return b
	}
	if len(p.segments) > 1 {
		// A pipeline: each segment runs without asking only when it is
		// read-only throughout; the others are the parts that ask.
		for _, seg := range p.segments {
			var loud []string
			for _, part := range seg.parts {
				if !x.quietRead(b, part) {
					loud = append(loud, part.text)
				}
			}
			if len(loud) > 0 {
				b.needs = append(b.needs, seg.text)
				b.covers = append(b.covers, loud)
			}
		}
		b.soft = b.multiple()
		return b
	}
	var others []simple
	for _, part := range p.parts {
		name := commandName(part)
		switch {
		case name == "":
			others = append(others, part)
			b.approximate = true
		case shellCode[name]:
			if b.soft == nil {
				b.soft = ask("other", "'"+name+"' evaluates arguments as shell code", name != "alias")
				b.needs = append(b.needs, part.text)
			}
		case readOnly[name] && readOnlyArgs(name, part):
			if name == "cd" || !noPathArgs[name] {
				for _, a := range pathArgs(name, part) {
					if a == "" {
						continue
					}
					if abs := x.abs(a); !x.inside(abs) && b.hard == nil {
						verb, known := readVerbs[name]
						if !known {
							verb = "read files from"
						}
						b.hard = ask("", name+" in '"+abs+"' was blocked. For security, Claude Code may only "+verb+" the allowed working directories for this session: "+quoteDirs(x.dirs)+".", !known)
					}
				}
			}
		case name == "git" && len(part.words) > 1 && gitReadOnly[part.words[1]]:
		case name == "xargs" && len(part.words) > 1 && readOnly[path.Base(part.words[1])] && noPathArgs[path.Base(part.words[1])]:
			b.approximate = true
		case fileChanging[name] || (name == "sed" && hasFlag(part.words, "-i")):
			for _, a := range pathArgs(name, part) {
				if x.notePath(b, name+" in", a, part.text) {
					break
				}
			}
		default:
			if !recordedAsking[name] {
				b.approximate = true
			}
			others = append(others, part)
		}
	}
	if b.hard != nil {
		b.hard.Approximate = b.hard.Approximate || b.approximate
		return b
	}
	if b.soft == nil {
		for _, o := range others {
			b.needs = append(b.needs, o.text)
		}
		switch {
		case len(others) == 1 && len(p.parts) == 1:
			b.soft = ask("other", "This command requires approval", false)
		case len(others) > 0:
			b.soft = b.multiple()
		}
	}
	if b.soft != nil {
		b.soft.Approximate = b.soft.Approximate || b.approximate
	}
	return b
}

// multiple is the ask of a command of several parts, b.needs the parts
// that ask (nil when none does).
func (b *bashCheck) multiple() *Verdict {
	if len(b.needs) == 0 {
		return nil
	}
	msg := "This Bash command contains multiple operations. The following part requires approval: "
	if len(b.needs) > 1 {
		msg = "This Bash command contains multiple operations. The following parts require approval: "
	}
	return ask("subcommandResults", msg+strings.Join(b.needs, ", "), b.approximate)
}

// quietRead reports whether a part of a pipeline runs without asking: a
// read-only command whose paths are inside the working directories.
func (x *ctx) quietRead(b *bashCheck, part simple) bool {
	name := commandName(part)
	switch {
	case name == "" || !readOnly[name] || !readOnlyArgs(name, part):
		if name != "" && !recordedAsking[name] && !fileChanging[name] {
			b.approximate = true
		}
		return false
	case noPathArgs[name]:
		return true
	}
	for _, a := range pathArgs(name, part) {
		if a == "" || !x.inside(x.abs(a)) {
			return false
		}
	}
	return true
}

// notePath checks one path a command would change and records what it
// asks in b: outside the working directories an ask no allow rule lifts;
// inside them nothing in acceptEdits or bypassPermissions mode, else an
// ask. It reports whether it recorded one.
func (x *ctx) notePath(b *bashCheck, what, target, part string) bool {
	if target == "/dev/null" {
		return false
	}
	if target == "" {
		if b.soft == nil {
			b.soft, b.needs = ask("other", "This command requires approval", true), append(b.needs, part)
		}
		return true
	}
	abs := x.abs(target)
	if !x.inside(abs) {
		if b.hard == nil {
			b.hard = ask("", what+" '"+abs+"' needs approval. The path is outside the working directories for this session ("+quoteDirs(x.dirs)+"). Allowing runs the command as written.", false)
		}
		return true
	}
	if x.mode == ModeAcceptEdits || x.mode == ModeBypass {
		return false
	}
	if b.soft == nil {
		b.soft = ask("", what+" '"+abs+"' needs approval. The path is inside the working directories for this session ("+quoteDirs(x.dirs)+"), and Claude Code asks before a shell command creates, changes or removes files there.", false)
		b.needs = append(b.needs, part)
	}
	return true
}

// commandName is a part's command name ("" for an expansion).
func commandName(p simple) string {
	if len(p.words) == 0 || p.words[0] == "" {
		return ""
	}
	return path.Base(p.words[0])
}

// readOnlyArgs reports whether a read-only command's options keep it
// read-only (find -exec, -delete and the like do not; sort -o writes).
func readOnlyArgs(name string, p simple) bool {
	for _, w := range p.words[1:] {
		switch {
		case name == "find" && (w == "-exec" || w == "-execdir" || w == "-delete" || w == "-ok" || w == "-okdir" || w == "-fprint"):
			return false
		case name == "sort" && (w == "-o" || strings.HasPrefix(w, "--output")):
			return false
		}
	}
	return true
}

// pathArgs are the arguments of a command that name paths: its
// operands (grep's and rg's first is the pattern, sed's first the
// script; find's are those before its expression).
func pathArgs(name string, p simple) []string {
	var out []string
	skipFirst := name == "grep" || name == "rg" || (name == "sed" && !hasFlag(p.words, "-e"))
	operands := false
	for i := 1; i < len(p.words); i++ {
		w := p.words[i]
		if p.dynamic[i] {
			out = append(out, "")
			continue
		}
		if !operands && strings.HasPrefix(w, "-") && w != "-" {
			if w == "--" {
				operands = true
			}
			if name == "find" && i > 1 {
				break
			}
			continue
		}
		if name == "find" && (w == "(" || w == "!") {
			break
		}
		if skipFirst {
			skipFirst = false
			continue
		}
		out = append(out, w)
	}
	if name == "cd" && len(out) == 0 {
		out = []string{"~"}
	}
	return out
}

func hasFlag(words []string, flag string) bool {
	for _, w := range words[1:] {
		if w == flag || (len(flag) == 2 && strings.HasPrefix(w, flag) && !strings.HasPrefix(w, "--")) {
			return true
		}
	}
	return false
}

// quoteDirs lists directories as Claude does: '<a>', '<b>'.
func quoteDirs(dirs []string) string {
	q := make([]string, len(dirs))
	for i, d := range dirs {
		q[i] = "'" + filepath.ToSlash(d) + "'"
	}
	return strings.Join(q, ", ")
}

// splitBash parses a command (bash syntax, mvdan.cc/sh) into its simple
// commands, in source order, those inside $(…), backquotes and
// subshells included, and its pipe segments; ok is false when it does
// not parse.
func splitBash(cmd string) (parsed, bool) {
	var p parsed
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return p, false
	}
	var pipes []int
	syntax.Walk(f, func(m syntax.Node) bool {
		switch y := m.(type) {
		case *syntax.Subshell:
			p.subshell = true
			return false
		case *syntax.CmdSubst, *syntax.ProcSubst:
			p.nested = true
			return false
		case *syntax.Block, *syntax.FuncDecl:
			return false
		case *syntax.BinaryCmd:
			if y.Op == syntax.Pipe || y.Op == syntax.PipeAll {
				pipes = append(pipes, int(y.OpPos.Offset()))
			}
		}
		return true
	})
	syntax.Walk(f, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok {
			return true
		}
		var s simple
		if call, ok := st.Cmd.(*syntax.CallExpr); ok && len(call.Args) > 0 {
			start, end := call.Args[0].Pos().Offset(), call.Args[len(call.Args)-1].End().Offset()
			if int(end) <= len(cmd) && start < end {
				s.text, s.start = cmd[start:end], int(start)
			}
			for _, w := range call.Args {
				v, dyn := wordValue(w)
				s.words = append(s.words, v)
				s.dynamic = append(s.dynamic, dyn)
			}
			if s.dynamic[0] {
				s.words[0] = ""
			}
		} else {
			s.start = int(st.Pos().Offset())
		}
		for _, r := range st.Redirs {
			switch r.Op {
			case syntax.RdrOut, syntax.AppOut, syntax.RdrAll, syntax.AppAll, syntax.RdrClob:
				v, dyn := wordValue(r.Word)
				if dyn {
					v = ""
				}
				s.redirs = append(s.redirs, v)
			}
		}
		if len(s.words) > 0 || len(s.redirs) > 0 {
			p.parts = append(p.parts, s)
		}
		return true
	})
	// The segments between the pipes, as written.
	sort.Ints(pipes)
	from := 0
	bounds := append(append([]int{}, pipes...), len(cmd))
	for _, end := range bounds {
		seg := segment{text: strings.TrimSpace(cmd[from:end])}
		for _, part := range p.parts {
			if part.start >= from && part.start < end && len(part.words) > 0 {
				seg.parts = append(seg.parts, part)
			}
		}
		p.segments = append(p.segments, seg)
		from = end + 1
		if from < len(cmd) && cmd[from] == '&' { // |&
			from++
		}
	}
	return p, true
}

// wordValue is a word's value without its quotes; dynamic reports an
// expansion ($VAR, $(…), arithmetic) whose value cannot be known.
func wordValue(w *syntax.Word) (string, bool) {
	var b strings.Builder
	dyn := false
	var lit func(parts []syntax.WordPart)
	lit = func(parts []syntax.WordPart) {
		for _, p := range parts {
			switch x := p.(type) {
			case *syntax.Lit:
				b.WriteString(x.Value)
			case *syntax.SglQuoted:
				b.WriteString(x.Value)
			case *syntax.DblQuoted:
				lit(x.Parts)
			default:
				dyn = true
			}
		}
	}
	lit(w.Parts)
	s := b.String()
	if !dyn {
		// A backslash escapes the next character.
		s = strings.ReplaceAll(s, `\`, "")
	}
	return s, dyn
}
