package compat

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
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
	CodeUnresolvable = "command-not-found" // HK-40: the first word of a command does not resolve
	CodeNotChecked   = "not-checked"       // HK-40: the command contains $;|& and is not checked
	CodeHTTPHook     = "http-hook"         // HK-40: http hooks are listed
	CodePromptHook   = "prompt-hook"       // HK-40: prompt hooks are listed
	CodeMCPToolHook  = "mcp-tool-hook"     // mcp_tool hooks are listed like http hooks
	CodeInvalidShim  = "invalid-shim"      // a hookcompat exec command line that does not parse
)

// Doctor checks the loaded hooks. HK-40: the first word of every command
// hook — of every event; an args hook's first element — must resolve to
// an executable (on env's PATH, or as a path relative to the directory the
// hook runs in), unless the command contains one of $ ; | & (then it is
// listed as not checked); http and prompt hooks are listed. The variables
// a hook's format sets for it ([format.CommandVars]: Claude's
// $CLAUDE_PROJECT_DIR, $CLAUDE_PLUGIN_ROOT, $CLAUDE_PLUGIN_DATA) and $HOME
// are expanded first, so that the scripts they point to are checked too.
// A native hook that calls the exec shim (`hookcompat exec …`, converted
// TOML) is seen through: the shim itself must resolve, and the hook it
// wraps is checked as a hook of its own format. A script's #! line must
// name an interpreter that exists, without a carriage return. Every hook
// then gets its format's lints ([format.Linter]: Claude's include a
// matcher that backtracks catastrophically). env is the environment hooks get
// ("KEY=value"); nil means os.Environ().
func Doctor(l *Loaded, env []string) []Finding {
	if env == nil {
		env = os.Environ()
	}
	var out []Finding
	for i := range l.Config.Hooks {
		out = append(out, doctorHook(&l.Config.Hooks[i], l.Project, env)...)
	}
	return out
}

func doctorHook(h *settings.Hook, project string, env []string) []Finding {
	var out []Finding
	f := Finding{File: h.Source.File, Line: h.Source.Line, Col: h.Source.Col, Event: string(h.Event), Hook: h.Label()}
	add := func(code, sev, msg, hint string) {
		f.Code, f.Severity, f.Message, f.Hint = code, sev, msg, hint
		out = append(out, f)
	}
	switch h.EffectiveType() {
	case settings.TypeHTTP:
		add(CodeHTTPHook, SeverityInfo, "http hook: POST "+h.URL, "")
		return out
	case settings.TypePrompt, settings.TypeAgent:
		msg := h.EffectiveType() + " hook judged by a model"
		if h.Model != "" {
			msg += " (" + h.Model + ")"
		}
		add(CodePromptHook, SeverityInfo, msg, "it runs only when the embedding agent provides a judge")
		return out
	case settings.TypeMCPTool:
		add(CodeMCPToolHook, SeverityInfo, "mcp_tool hook: calls "+h.MCPTool+" on MCP server "+h.MCPServer, "it runs only when the embedding agent provides an MCP caller")
		return out
	}
	fm, _ := format.Lookup(h.EffectiveProtocol())
	if lt, ok := fm.(format.Linter); ok {
		lt.Lint(h, &format.LintContext{Project: project, Env: env}, add)
	}
	dir := hookDir(h, project)
	var word string
	if len(h.Args) > 0 {
		word = expandKnown(h, h.Args[0], project, env)
	} else {
		w, ok := firstWord(h, project, env)
		if !ok {
			add(CodeNotChecked, SeverityInfo, "the command contains $, ;, | or &: its first word is not checked", "")
			return out
		}
		word = w
	}
	if ok, why := resolvable(word, dir, env); !ok {
		hint := "install it or fix the path"
		if strings.Contains(word, "/") && !filepath.IsAbs(word) {
			hint = "a relative path resolves from " + dir + "; start it with $CLAUDE_PROJECT_DIR (quoted) to run from anywhere"
		}
		if format.IsShim(h.Args) {
			hint = "converted hooks call hookcompat: install it on the engine's PATH (go install github.com/hookcompat/hookcompat/cmd/hookcompat@latest) or convert with --shim PATH"
		}
		add(CodeUnresolvable, SeverityError, fmt.Sprintf("%q %s", word, why), hint)
	} else {
		lintScript(word, dir, add)
	}
	if format.IsShim(h.Args) {
		out = append(out, doctorShim(h, project, env, add)...)
	}
	return out
}

// doctorShim checks the hook a shim call wraps, as a hook of its own
// format, at the shim hook's position.
func doctorShim(h *settings.Hook, project string, env []string, add func(code, sev, msg, hint string)) []Finding {
	spec, inner, err := format.ParseShim(h.Args)
	if err != nil {
		add(CodeInvalidShim, SeverityError, err.Error(), "convert the source again")
		return nil
	}
	var hooks []settings.Hook
	if len(spec.PhiDirs) > 0 {
		l, err := Load(Options{Project: project, PhiDirs: absDirs(project, spec.PhiDirs)})
		if err != nil {
			add(CodeInvalidShim, SeverityError, err.Error(), "")
			return nil
		}
		for _, ph := range l.Config.Hooks {
			if ph.Event == inner.Event {
				hooks = append(hooks, ph)
			}
		}
	} else {
		inner.Source = h.Source
		inner.Source.Format = inner.Protocol
		hooks = append(hooks, *inner)
	}
	var out []Finding
	for i := range hooks {
		out = append(out, doctorHook(&hooks[i], project, env)...)
	}
	return out
}

func absDirs(project string, dirs []string) []string {
	out := make([]string, len(dirs))
	for i, d := range dirs {
		if !filepath.IsAbs(d) {
			d = filepath.Join(project, d)
		}
		out[i] = d
	}
	return out
}

// hookDir is where a hook runs: its own dir, else the workspace.
func hookDir(h *settings.Hook, project string) string {
	if h.Dir != "" {
		return h.Dir
	}
	return project
}

// knownVars are expanded before a command is checked: $HOME, the hook's
// own variables and those its format sets ([format.CommandVars]).
func knownVars(h *settings.Hook, project string, env []string) map[string]string {
	vars := map[string]string{}
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok && k == "HOME" {
			vars["HOME"] = v
		}
	}
	for k, v := range h.Env {
		vars[k] = v
	}
	if f, ok := format.Lookup(h.EffectiveProtocol()); ok {
		if cv, ok := f.(format.CommandVars); ok {
			for k, v := range cv.Vars(h, project) {
				vars[k] = v
			}
		}
	}
	return vars
}

func expandKnown(h *settings.Hook, s, project string, env []string) string {
	vars := knownVars(h, project, env)
	return os.Expand(s, func(k string) string { return vars[k] })
}

// firstWord returns the first word of a command, with the known variables
// of a Claude hook expanded; ok is false when HK-40 leaves the command
// unchecked (it contains $;|& beyond those variables).
func firstWord(h *settings.Hook, project string, env []string) (string, bool) {
	cmd := h.Command
	vars := knownVars(h, project, env)
	if h.EffectiveProtocol() != settings.ProtocolNative {
		for k := range vars {
			cmd = strings.ReplaceAll(cmd, "${"+k+"}", "")
			cmd = strings.ReplaceAll(cmd, "$"+k, "")
		}
	}
	if strings.ContainsAny(cmd, "$;|&") {
		return "", false
	}
	f, err := syntax.NewParser().Parse(strings.NewReader(h.Command), "")
	if err != nil || len(f.Stmts) == 0 {
		return "", false
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return "", false
	}
	cfg := &expand.Config{Env: expand.FuncEnviron(func(k string) string { return vars[k] })}
	w, err := expand.Literal(cfg, call.Args[0])
	if err != nil {
		return "", false
	}
	return w, true
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
	path := ""
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			path = v
		}
	}
	for _, d := range filepath.SplitList(path) {
		if d == "" {
			d = "."
		}
		if st, err := os.Stat(filepath.Join(d, word)); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return true, ""
		}
	}
	return false, "is not on PATH"
}

func isShellBuiltin(w string) bool {
	switch w {
	case "echo", "printf", "cd", "exit", "true", "false", "test", "[", "read", "export", "set", "eval", "exec", ":", ".", "source", "if", "for", "while", "case":
		return true
	}
	return false
}
