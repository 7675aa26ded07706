package compat

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Severities of a [Finding].
const (
	SeverityError   = format.SeverityError
	SeverityWarning = format.SeverityWarning
	SeverityInfo    = format.SeverityInfo
)

// Finding is one result of [Doctor].
type Finding = format.Finding

// Doctor codes.
const (
	CodeUnresolvable = "command-not-found" // HK-40: the program of a command does not resolve
	CodeNotChecked   = "not-checked"       // HK-40: what the command runs cannot be known before it runs
	CodeHTTPHook     = "http-hook"         // HK-40: http hooks are listed
	CodePromptHook   = "prompt-hook"       // HK-40: prompt hooks are listed
	CodeMCPToolHook  = "mcp-tool-hook"     // mcp_tool hooks are listed like http hooks
	CodeInvalidShim  = "invalid-shim"      // a hookcompat exec command line that does not parse
	CodeShimNotFound = "shim-not-found"    // the hookcompat binary a converted hook calls does not resolve
	// CodeMissingScript: the script an interpreter (python3, node, uv
	// run, bash, …) is given does not exist, so the hook fails on every
	// run. Formats may report it from their own lints too; each hook gets
	// it once.
	CodeMissingScript = "missing-script"
)

// Report is what [Diagnose] found: every finding, and how many hooks it
// could check.
type Report struct {
	// Findings are the load warnings that mean a hook will never run
	// (format.DropsHooks, as errors), then each hook's findings in load
	// order, each finding once.
	Findings []Finding
	// Hooks is the number of hooks loaded; Checked of them doctor could
	// check (what the hook runs was found: its program, the script an
	// interpreter runs and, through the exec shim, the hook it wraps),
	// NotChecked the others (a command built at run time, http and prompt
	// hooks). Checked + NotChecked == Hooks.
	Hooks, Checked, NotChecked int
	// Errors counts the findings of severity error.
	Errors int
	// Warnings are the load's other warnings (those format.DropsHooks
	// does not make findings), less each that a finding already says:
	// one of the same file and code about the hook whose definition holds
	// the warning's position (the hook the warning is about, or a
	// converted copy of it). A fact is printed once per hook and place.
	Warnings []translate.Warning
}

// Doctor returns the findings of [Diagnose].
func Doctor(l *Loaded, env []string) []Finding { return Diagnose(l, env).Findings }

// Diagnose checks the loaded hooks. A load warning that means hooks their
// author wrote will never run (an unknown event, a discovered file that
// does not parse; format.DropsHooks) is an error finding. HK-40: the
// program of every command hook — of every event; an args hook's first
// element — must resolve to an executable (on env's PATH, or as a path
// relative to the directory the hook runs in); a native hook whose
// command contains one of $ ; | & is listed as not checked. The command
// of a foreign hook is split into words as its shell would (a list or a
// pipe is not checked), with the variables its format sets for it
// ([format.CommandVars]: Claude's $CLAUDE_PROJECT_DIR,
// $CLAUDE_PLUGIN_ROOT, $CLAUDE_PLUGIN_DATA), $HOME and a leading ~
// expanded; a word using any other variable or a substitution cannot be
// checked. When the program is an interpreter (python3, node, uv run,
// bash, …), the script it is given must exist too. A script's #! line
// must name an interpreter that exists, without a carriage return.
//
// A hook that calls the exec shim (`hookcompat exec …`: a converted
// native args hook, or a shell command of another format's file) is seen
// through: the shim must resolve for the engine that runs it, and the
// hook it wraps is checked as a hook of its own format, with the paths of
// the call resolved as the shim resolves them (the workspace is the
// loaded project). Every hook then gets its format's lints
// ([format.Linter]). http, prompt and mcp_tool hooks are listed, not
// checked. env is the environment hooks get ("KEY=value"); nil means
// os.Environ().
func Diagnose(l *Loaded, env []string) *Report {
	if env == nil {
		env = os.Environ()
	}
	r := &Report{Hooks: len(l.Config.Hooks)}
	var out []Finding
	for _, w := range l.Warnings {
		if format.DropsHooks(w) {
			out = append(out, Finding{File: w.File, Line: w.Line, Col: w.Col, Severity: SeverityError, Code: w.Code, Message: w.Message})
		}
	}
	d := &doctor{project: l.Project, env: env, home: envValue(env, "HOME"), vocab: l.Vocabulary}
	if d.vocab == nil {
		d.vocab = translate.DefaultVocabulary
	}
	for i := range l.Config.Hooks {
		fs, checked := d.hook(&l.Config.Hooks[i])
		out = append(out, fs...)
		if checked {
			r.Checked++
		} else {
			r.NotChecked++
		}
	}
	out = append(out, staleFindings(l)...)
	out = onePerPlace(subsume(dedupe(out)))
	r.Warnings = unsaid(l, out)
	r.Findings = groupFindings(out)
	for _, f := range r.Findings {
		if f.Severity == SeverityError {
			r.Errors++
		}
	}
	return r
}

// dedupe keeps one finding per hook, position, code and message — and
// one missing-script or not-checked finding per hook and position,
// whatever its wording, since doctor and a format's lints may both report
// it: the most severe, the first of equals. Distinct findings of one code
// (a matcher naming two unknown tools) are all kept.
func dedupe(in []Finding) []Finding {
	type key struct {
		file, hook, code, message string
		line, col                 int
	}
	at := map[key]int{}
	var out []Finding
	for _, f := range in {
		k := key{f.File, f.Hook, f.Code, f.Message, f.Line, f.Col}
		if f.Code == CodeMissingScript || f.Code == CodeNotChecked {
			k.message = ""
		}
		if i, seen := at[k]; seen {
			if severityRank(f.Severity) > severityRank(out[i].Severity) {
				out[i] = f
			}
			continue
		}
		at[k] = len(out)
		out = append(out, f)
	}
	return out
}

func severityRank(s string) int {
	switch s {
	case SeverityError:
		return 2
	case SeverityWarning:
		return 1
	}
	return 0
}

type doctor struct {
	project, home string
	env           []string
	vocab         *translate.Vocabulary
	// script, if set, is told the path of each file a hook runs that
	// doctor checks (a program given by a path, an interpreter's script),
	// as resolved, whether it exists or not ([Watch] watches them).
	script func(path string)
}

// hook checks one hook and reports whether what it runs could be
// checked.
func (d *doctor) hook(h *settings.Hook) ([]Finding, bool) {
	var out []Finding
	f := Finding{File: h.Source.File, Line: h.Source.Line, Col: h.Source.Col, Event: string(h.Event), Hook: h.Label()}
	add := func(code, sev, msg, hint string) {
		f.Code, f.Severity, f.Message, f.Hint = code, sev, msg, hint
		out = append(out, f)
	}
	switch h.EffectiveType() {
	case settings.TypeHTTP:
		add(CodeHTTPHook, SeverityInfo, "http hook: POST "+h.URL, "")
		return out, false
	case settings.TypePrompt, settings.TypeAgent:
		msg := h.EffectiveType() + " hook judged by a model"
		if h.Model != "" {
			msg += " (" + h.Model + ")"
		}
		add(CodePromptHook, SeverityInfo, msg, "it runs only when the embedding agent provides a judge")
		return out, false
	case settings.TypeMCPTool:
		add(CodeMCPToolHook, SeverityInfo, "mcp_tool hook: calls "+h.MCPTool+" on MCP server "+h.MCPServer, "it runs only when the embedding agent provides an MCP caller")
		return out, false
	}
	argv := h.Args
	if len(argv) == 0 {
		if a, ok := format.ShimCommandArgs(h.Command); ok {
			argv = a
		}
	}
	// A converted hook's command is the shim's: its host's lints about
	// what a command uses ($CLAUDE_PROJECT_DIR, which the shim sets) do
	// not apply (shimCommandLint); the hook it wraps gets its own format's.
	fm, _ := format.Lookup(h.EffectiveProtocol())
	if lt, ok := fm.(format.Linter); ok {
		lint := add
		if format.IsShim(argv) {
			lint = func(code, sev, msg, hint string) {
				if !shimCommandLint[code] {
					add(code, sev, msg, hint)
				}
			}
		}
		lt.Lint(h, &format.LintContext{Project: d.project, Env: d.env}, lint)
	}
	lintMatcher(h, d.vocab, add)
	if format.IsShim(argv) {
		inner, checked := d.shim(h, argv, add)
		// What the wrapped hook's own lints say (a timeout that looks
		// like milliseconds, checked under its home rules) the converted
		// copy's host lints do not say again.
		said := map[string]bool{}
		for _, f := range inner {
			said[f.Code] = true
		}
		kept := out[:0]
		for _, f := range out {
			if !said[f.Code] {
				kept = append(kept, f)
			}
		}
		return append(kept, inner...), checked
	}
	return out, d.command(h, add)
}

// command checks what a command or args hook runs: its program and, for
// an interpreter, its script.
func (d *doctor) command(h *settings.Hook, add func(code, sev, msg, hint string)) bool {
	dir := hookDir(h, d.project)
	var words []word
	switch {
	case len(h.Args) > 0 && h.EffectiveProtocol() == settings.ProtocolNative:
		for _, a := range h.Args {
			words = append(words, word{value: a, ok: true}) // run as they are (HK-65)
		}
	case len(h.Args) > 0:
		vars := d.vars(h)
		for _, a := range h.Args {
			words = append(words, word{value: os.Expand(a, func(k string) string { return vars[k] }), ok: true})
		}
	case h.EffectiveProtocol() == settings.ProtocolNative && strings.ContainsAny(h.Command, "$;|&"):
		add(CodeNotChecked, SeverityInfo, "the command contains $, ;, | or &: its first word is not checked", "")
		return false
	default:
		var why string
		words, why = splitCommand(h.Command, d.vars(h))
		if why != "" {
			add(CodeNotChecked, SeverityInfo, why+": what it runs is not checked", "")
			return false
		}
	}
	if len(words) == 0 || !words[0].ok {
		add(CodeNotChecked, SeverityInfo, "its program is given by a variable or substitution known only when it runs: it is not checked", "")
		return false
	}
	prog := words[0].value
	if strings.Contains(prog, "/") && d.script != nil {
		if filepath.IsAbs(prog) {
			d.script(prog)
		} else {
			d.script(filepath.Join(dir, prog))
		}
	}
	if ok, why := resolvable(prog, dir, d.env); !ok && why == "is not executable" {
		add(CodeNotExecutable, SeverityError, fmt.Sprintf("%q has no execute permission: every run fails (Permission denied), so the hook never does its job", prog), "chmod +x "+prog)
		return true
	} else if !ok {
		hint := "install it or fix the path"
		if strings.Contains(prog, "/") && !filepath.IsAbs(prog) {
			hint = "a relative path resolves from " + dir + "; make it absolute to run from anywhere"
			if _, set := d.vars(h)["CLAUDE_PROJECT_DIR"]; set { // only where the agent sets it
				hint = "a relative path resolves from " + dir + "; start it with $CLAUDE_PROJECT_DIR (quoted) to run from anywhere"
			}
		}
		add(CodeUnresolvable, SeverityError, fmt.Sprintf("%q %s", prog, why), hint)
		return true
	}
	lintScript(prog, dir, add)
	if strings.Contains(prog, "/") {
		p := prog
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		lintSyntax(p, prog, "", d.env, add)
	}
	i, interp := scriptArg(words)
	switch {
	case !interp || i < 0:
		return true
	case !words[i].ok:
		add(CodeNotChecked, SeverityInfo, fmt.Sprintf("the script %s runs is given by a variable or substitution known only when it runs: it is not checked", filepath.Base(prog)), "")
		return false
	}
	script := words[i].value
	p := script
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	if d.script != nil {
		d.script(p)
	}
	if st, err := os.Stat(p); err != nil || st.IsDir() {
		what := "does not exist"
		if err == nil {
			what = "is a directory"
		}
		add(CodeMissingScript, SeverityError, fmt.Sprintf("script %q %s: %s fails on every run, so the hook never does its job", script, what, filepath.Base(prog)),
			"fix the path or remove the hook")
	} else {
		lintSyntax(p, script, prog, d.env, add)
	}
	return true
}

// shim checks a call of the exec shim: the binary must resolve, and the
// hook it wraps is checked as a hook of its own format.
func (d *doctor) shim(h *settings.Hook, argv []string, add func(code, sev, msg, hint string)) ([]Finding, bool) {
	dir := hookDir(h, d.project)
	shimBin := argv[0]
	if rest, ok := strings.CutPrefix(shimBin, "~/"); ok && d.home != "" {
		shimBin = filepath.Join(d.home, rest) // expanded by the hook's shell
	}
	shimOK, why := resolvable(shimBin, dir, d.env)
	if !shimOK {
		add(CodeShimNotFound, SeverityError, fmt.Sprintf("the exec shim %q %s: the converted hook cannot run, and a guard fails open", argv[0], why),
			"install hookcompat on the PATH of the engine that runs this file (go install github.com/hookcompat/hookcompat/cmd/hookcompat@latest), or convert again with --shim PATH")
		// The wrapped hook is still checked.
	}
	spec, err := format.ParseShimArgs(argv[2:])
	if err == nil {
		_, err = spec.HostFormat()
	}
	if err != nil {
		add(CodeInvalidShim, SeverityError, err.Error(), "convert the source again")
		return nil, shimOK
	}
	spec.Resolve(d.project, d.home)
	inner, err := spec.Hook()
	if err != nil {
		add(CodeInvalidShim, SeverityError, err.Error(), "convert the source again")
		return nil, shimOK
	}
	var hooks []settings.Hook
	var out []Finding
	if len(spec.Sources) > 0 {
		// A grouped call: its sources' hooks are checked as their format
		// loads them.
		var srcs []format.Source
		for _, p := range spec.Sources {
			srcs = append(srcs, format.Source{Format: spec.Protocol, Path: p})
		}
		l, err := Load(Options{Project: d.project, Sources: srcs})
		if err != nil {
			add(CodeInvalidShim, SeverityError, err.Error(), "")
			return nil, false
		}
		for _, w := range l.Warnings {
			if format.DropsHooks(w) {
				out = append(out, Finding{File: w.File, Line: w.Line, Col: w.Col, Severity: SeverityError, Code: w.Code, Message: w.Message})
			}
		}
		for _, ph := range l.Config.Hooks {
			if ph.Event == inner.Event {
				hooks = append(hooks, ph)
			}
		}
	} else {
		inner.Source = h.Source
		inner.Source.Format = inner.Protocol
		if err := validate(&settings.Config{Hooks: []settings.Hook{*inner}}, translate.DefaultVocabulary); err != nil {
			add(CodeInvalidShim, SeverityError, err.Error(), "the shim refuses every event: convert the source again")
			return nil, shimOK
		}
		hooks = append(hooks, *inner)
	}
	checked := shimOK
	for i := range hooks {
		fs, ok := d.hook(&hooks[i])
		out = append(out, fs...)
		checked = checked && ok
	}
	return out, checked
}

// hookDir is where a hook runs: its own dir, else the workspace.
func hookDir(h *settings.Hook, project string) string {
	if h.Dir != "" {
		if !filepath.IsAbs(h.Dir) {
			return filepath.Join(project, h.Dir)
		}
		return h.Dir
	}
	return project
}

// vars are expanded before a command is checked: $HOME, the hook's own
// variables and those its format sets ([format.CommandVars]).
func (d *doctor) vars(h *settings.Hook) map[string]string {
	vars := map[string]string{}
	if d.home != "" {
		vars["HOME"] = d.home
	}
	for k, v := range h.Env {
		vars[k] = v
	}
	if f, ok := format.Lookup(h.EffectiveProtocol()); ok {
		if cv, ok := f.(format.CommandVars); ok {
			for k, v := range cv.Vars(h, d.project) {
				vars[k] = v
			}
		}
	}
	return vars
}

// resolvable reports whether word names an executable: a path (relative
// to dir) or a name on env's PATH.
func resolvable(word, dir string, env []string) (bool, string) {
	if word == "" {
		return false, "is empty"
	}
	if strings.Contains(word, "/") {
		p := word
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		st, err := os.Stat(p)
		switch {
		case err != nil:
			return false, "does not exist"
		case st.IsDir():
			return false, "is a directory"
		case st.Mode()&0o111 == 0:
			return false, "is not executable"
		}
		return true, ""
	}
	if isShellBuiltin(word) {
		return true, ""
	}
	for _, d := range filepath.SplitList(envValue(env, "PATH")) {
		if d == "" {
			d = "."
		}
		if st, err := os.Stat(filepath.Join(d, word)); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return true, ""
		}
	}
	return false, "is not on PATH"
}

// envValue is the value of name in env ("KEY=value"; the last definition
// wins).
func envValue(env []string, name string) string { return hookkit.EnvValue(env, name) }

func isShellBuiltin(w string) bool {
	switch w {
	case "echo", "printf", "cd", "exit", "true", "false", "test", "[", "read", "export", "set", "eval", "exec", ":", ".", "source", "if", "for", "while", "case":
		return true
	}
	return false
}
