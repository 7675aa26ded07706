package compat

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"github.com/hookcompat/hookcompat/settings"
)

// Severities of a [Finding].
const (
	SeverityError   = "error"   // the hook cannot work as written
	SeverityWarning = "warning" // it probably does not do what its author meant
	SeverityInfo    = "info"    // listed for the reader (http and prompt hooks, unchecked commands)
)

// Finding is one result of [Doctor].
type Finding struct {
	Code     string `json:"code"`
	Severity string `json:"severity"`
	File     string `json:"file"`
	Line     int    `json:"line,omitempty"`
	Col      int    `json:"col,omitempty"`
	Event    string `json:"event"`
	Hook     string `json:"hook"`
	Message  string `json:"message"`
	Hint     string `json:"hint,omitempty"`
}

// String renders the finding as file:line:col: severity: code: message.
func (f Finding) String() string {
	pos := f.File
	if f.Line > 0 {
		pos += fmt.Sprintf(":%d", f.Line)
		if f.Col > 0 {
			pos += fmt.Sprintf(":%d", f.Col)
		}
	}
	s := fmt.Sprintf("%s: %s: %s: %s", pos, f.Severity, f.Code, f.Message)
	if f.Hint != "" {
		s += " (" + f.Hint + ")"
	}
	return s
}

// Doctor codes.
const (
	CodeUnresolvable = "command-not-found" // HK-40: the first word of a command does not resolve
	CodeNotChecked   = "not-checked"       // HK-40: the command contains $;|& and is not checked
	CodeHTTPHook     = "http-hook"         // HK-40: http hooks are listed
	CodePromptHook   = "prompt-hook"       // HK-40: prompt hooks are listed
)

// Doctor checks the loaded hooks. HK-40: the first word of every command
// hook — of every event; an args hook's first element — must resolve to
// an executable (on env's PATH, or as a path relative to the directory the
// hook runs in), unless the command contains one of $ ; | & (then it is
// listed as not checked); http and prompt hooks are listed. In a Claude
// hook, $CLAUDE_PROJECT_DIR, $CLAUDE_PLUGIN_ROOT, $CLAUDE_PLUGIN_DATA and
// $HOME are expanded first (they are what Claude Code's hooks mostly
// start with), so their scripts are checked too. Claude hooks also get
// the lints of issue 5, each with a code and a hint: variables Claude Code
// never sets ($CLAUDE_FILE_PATHS, $CLAUDE_TOOL_INPUT, $TOOL_ARGS, …),
// bash-only syntax in a command /bin/sh runs, an unquoted
// $CLAUDE_PROJECT_DIR, a relative script path, an interpreter whose
// script is missing (python's exit 2 would block every call), matchers
// that never fire (permission rules, removed or lower-case tool names, a
// bare mcp__server), timeouts that look like milliseconds, and events a
// plain native engine cannot run. Every hook whose matcher is in Claude
// syntax is checked for catastrophic backtracking (lint_hostile.go).
// env is the environment hooks get
// ("KEY=value"); nil means os.Environ().
func Doctor(l *Loaded, env []string) []Finding {
	if env == nil {
		env = os.Environ()
	}
	var out []Finding
	for i := range l.Config.Hooks {
		h := &l.Config.Hooks[i]
		f := Finding{File: h.Source.File, Line: h.Source.Line, Col: h.Source.Col, Event: string(h.Event), Hook: h.Label()}
		add := func(code, sev, msg, hint string) {
			f.Code, f.Severity, f.Message, f.Hint = code, sev, msg, hint
			out = append(out, f)
		}
		lintHostile(h, add)
		switch h.EffectiveType() {
		case settings.TypeHTTP:
			add(CodeHTTPHook, SeverityInfo, "http hook: POST "+h.URL, "")
			continue
		case settings.TypePrompt, settings.TypeAgent:
			msg := h.EffectiveType() + " hook judged by a model"
			if h.Model != "" {
				msg += " (" + h.Model + ")"
			}
			add(CodePromptHook, SeverityInfo, msg, "it runs only when the embedding agent provides a judge")
			continue
		}
		if h.EffectiveProtocol() == settings.ProtocolClaude {
			lintClaude(h, l.Project, add)
		}
		dir := hookDir(h, l.Project)
		var word string
		if len(h.Args) > 0 {
			word = expandKnown(h, h.Args[0], l.Project, env)
		} else {
			w, ok := firstWord(h, l.Project, env)
			if !ok {
				add(CodeNotChecked, SeverityInfo, "the command contains $, ;, | or &: its first word is not checked", "")
				continue
			}
			word = w
		}
		if ok, why := resolvable(word, dir, env); !ok {
			hint := "install it or fix the path"
			if strings.Contains(word, "/") && !filepath.IsAbs(word) {
				hint = "a relative path resolves from " + dir + "; start it with $CLAUDE_PROJECT_DIR (quoted) to run from anywhere"
			}
			add(CodeUnresolvable, SeverityError, fmt.Sprintf("%q %s", word, why), hint)
		} else {
			lintScript(word, dir, add)
		}
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

// knownVars are expanded before a Claude command is checked.
func knownVars(h *settings.Hook, project string, env []string) map[string]string {
	vars := map[string]string{"CLAUDE_PROJECT_DIR": project}
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok && k == "HOME" {
			vars["HOME"] = v
		}
	}
	for k, v := range h.Env {
		vars[k] = v
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
	if h.EffectiveProtocol() != settings.ProtocolNative {
		for _, k := range []string{"CLAUDE_PROJECT_DIR", "CLAUDE_PLUGIN_ROOT", "CLAUDE_PLUGIN_DATA", "HOME"} {
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
	vars := knownVars(h, project, env)
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
