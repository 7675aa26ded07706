package claude

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Lint codes of the Claude format's doctor lints. Each finding carries a
// fix hint.
const (
	CodeUndefinedEnv    = "undefined-env-var"         // a variable Claude Code never sets
	CodeBashOnly        = "bash-only-syntax"          // bash syntax in a command /bin/sh (dash) runs
	CodeUnquotedProject = "unquoted-project-dir"      // $CLAUDE_PROJECT_DIR outside quotes
	CodeRelativePath    = "relative-path"             // a relative script path breaks after cd
	CodeMissingScript   = "missing-script"            // an interpreter whose script is missing
	CodePluginVar       = "plugin-var-outside-plugin" // $CLAUDE_PLUGIN_ROOT in a hook that is not a plugin's
	CodeNeverFires      = "matcher-never-fires"       // a matcher no tool name can match
	CodeTimeoutMS       = translate.CodeTimeoutUnit   // a seconds timeout that looks like milliseconds
	CodeExtensionEvent  = translate.CodeExtensionEvent
)

// claudeEnv are the variables Claude Code sets for hooks (claude §7.4); a
// $CLAUDE_* variable outside this list is never set.
var claudeEnv = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`^(CLAUDE_PROJECT_DIR|CLAUDE_PLUGIN_ROOT|CLAUDE_PLUGIN_DATA|CLAUDE_PLUGIN_OPTION_\w+|CLAUDE_ENV_FILE|CLAUDE_EFFORT|CLAUDE_PID|CLAUDE_CODE_\w+|CLAUDECODE|CLAUDE_CONFIG_DIR)$`)
}}

// mythVars are variables tutorials use that no agent sets (claude §7.4).
var mythVars = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"TOOL_ARGS": true, "TOOL_NAME": true, "TOOL_INPUT": true, "STDIN_JSON": true, "FILE_PATH": true, "FILE_PATHS": true}
}}

var varRef = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`\$\{?([A-Za-z_][A-Za-z0-9_]*)`) }}

// interpreters and the exit status each gives for a missing script: 2
// blocks in Claude Code (claude §6.4 "accidental exit 2").
var interpreters = lazy.Value[map[string]int]{New: func() map[string]int {
	return map[string]int{"python": 2, "python3": 2, "node": 1, "ruby": 1, "perl": 2, "bash": 127, "sh": 127, "deno": 1, "bun": 1}
}}

// removedTools are tool names Claude Code no longer has (claude §5.1).
var removedTools = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"MultiEdit": "removed", "LS": "removed", "NotebookRead": "removed (Read reads notebooks)", "TodoRead": "removed", "KillShell": "renamed TaskStop", "BashOutput": "renamed TaskOutput"}
}}

// Lint adds the Claude-specific lints of one hook: variables Claude Code
// never sets ($CLAUDE_FILE_PATHS, $TOOL_INPUT, …), bash-only syntax in a
// command /bin/sh runs, an unquoted $CLAUDE_PROJECT_DIR, a relative script
// path, an interpreter whose script is missing (python's exit 2 would
// block every call), matchers that never fire (permission rules, removed
// or lower-case tool names, a bare mcp__server), timeouts that look like
// milliseconds, and events a plain native engine cannot run.
func (claudeFormat) Lint(h *settings.Hook, c *format.LintContext, add func(code, sev, msg, hint string)) {
	lint(h, c.Project, add)
}

// CodeBacktracking: a Claude regex matcher can take exponential time on
// some values (nested quantifiers); hookcompat stops evaluating it after
// MatcherTimeout and runs the hook with a warning.
const CodeBacktracking = "catastrophic-backtracking"

func lint(h *settings.Hook, project string, add func(code, sev, msg, hint string)) {
	event := claudeName(h.Event)
	if h.Match != "" && h.EffectiveMatchSyntax() == Name {
		if m := compileMatcher(event, h.Match); m.IsRegex() {
			if what := backtrackingConstruct(h.Match); what != "" {
				add(CodeBacktracking, format.SeverityError,
					fmt.Sprintf("matcher %q can take exponential time on some names (%s): hookcompat gives up after %s and runs the hook with a warning; Claude Code can hang on it", h.Match, what, MatcherTimeout),
					"repeat the inner item only once, e.g. a+b instead of (a+)+b, or list the exact names")
			}
		}
	}
	if h.Timeout > time.Hour {
		add(CodeTimeoutMS, format.SeverityWarning, fmt.Sprintf("timeout %s: Claude timeouts are seconds; this looks like milliseconds", h.Timeout), fmt.Sprintf("write %g", h.Timeout.Seconds()/1000))
	}
	if !h.Event.Native() {
		add(CodeExtensionEvent, format.SeverityInfo, fmt.Sprintf("%s is not an event of the native spec: a plain native engine may never fire it", event), "it runs under hookcompat; convert --target native keeps it with a warning")
	}
	lintMatcher(h, event, add)
	lintIf(h, event, add)
	if h.EffectiveType() != settings.TypeCommand {
		return
	}
	text := h.Command
	if len(h.Args) > 0 {
		text = strings.Join(h.Args, " ")
	}
	pluginVar := map[string]bool{}
	for _, m := range varRef.Get().FindAllStringSubmatch(text, -1) {
		name := m[1]
		if (strings.HasPrefix(name, "CLAUDE") && !claudeEnv.Get().MatchString(name)) || mythVars.Get()[name] {
			add(CodeUndefinedEnv, format.SeverityWarning, fmt.Sprintf("$%s is never set: Claude Code passes the event on stdin, not in variables", name),
				"read the JSON on stdin, e.g. jq -r '.tool_input.file_path'")
		}
		if (name == "CLAUDE_PLUGIN_ROOT" || name == "CLAUDE_PLUGIN_DATA") && !pluginVar[name] {
			if _, set := h.Env[name]; !set {
				pluginVar[name] = true
				add(CodePluginVar, format.SeverityError, fmt.Sprintf("$%s is set only for the hooks of a plugin (its hooks/hooks.json); this hook is not one, so it expands to nothing and the command cannot find its files", name),
					`write "$CLAUDE_PROJECT_DIR"/path/to/script, or load the plugin's directory or hooks/hooks.json itself`)
			}
		}
	}
	if len(h.Args) > 0 {
		return
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(text), "")
	if err != nil {
		return
	}
	if what := bashOnly(f); what != "" {
		add(CodeBashOnly, format.SeverityWarning, "bash-only syntax ("+what+") in a command run by /bin/sh (dash on Debian): it fails there (a syntax error exits 2, which Claude Code reads as a block)",
			"move it into a script with #!/bin/bash, or wrap it: bash -c '…'")
	}
	unquoted := false
	syntax.Walk(f, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.DblQuoted, *syntax.SglQuoted:
			return false // quoted: fine
		case *syntax.ParamExp:
			if x.Param != nil && x.Param.Value == "CLAUDE_PROJECT_DIR" {
				unquoted = true
			}
		}
		return true
	})
	if unquoted {
		add(CodeUnquotedProject, format.SeverityWarning, "$CLAUDE_PROJECT_DIR outside double quotes splits on spaces in the project path",
			`write "$CLAUDE_PROJECT_DIR"/path/to/script`)
	}
	if len(f.Stmts) == 0 {
		return
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return
	}
	first := call.Args[0].Lit()
	if first != "" && strings.Contains(first, "/") && !filepath.IsAbs(first) {
		add(CodeRelativePath, format.SeverityWarning, fmt.Sprintf("relative path %q: hooks run in the session's current directory, which follows cd", first),
			`start it with "$CLAUDE_PROJECT_DIR"/`)
	}
	if status, isInterp := interpreters.Get()[filepath.Base(first)]; isInterp && len(call.Args) > 1 {
		script := call.Args[1].Lit()
		if script == "" || strings.HasPrefix(script, "-") {
			return
		}
		p := script
		if !filepath.IsAbs(p) {
			// The interpreter opens its script from the session's
			// directory, as the shell finds a relative program.
			add(CodeRelativePath, format.SeverityWarning, fmt.Sprintf("relative path %q: %s opens it from the session's current directory, which follows cd", script, first),
				fmt.Sprintf(`write %s "$CLAUDE_PROJECT_DIR"/%s`, first, script))
			p = filepath.Join(project, p)
		}
		if _, err := os.Stat(p); err != nil {
			sev, effect := format.SeverityWarning, fmt.Sprintf("%s exits %d: a non-blocking error", first, status)
			if status == 2 {
				sev, effect = format.SeverityError, fmt.Sprintf("%s exits 2, which Claude Code reads as a block: every matching call would be blocked", first)
			}
			add(CodeMissingScript, sev, fmt.Sprintf("script %q does not exist; %s", script, effect), "fix the path or remove the hook")
		}
	}
}

// bashOnly names the first construct of f that POSIX sh (dash) lacks:
// [[ ]], (( )), arrays, <<<, process substitution, $'…', ${x[i]},
// ${x:o:l}, ${x//a/b}, &>, the function keyword.
func bashOnly(f *syntax.File) string {
	what := ""
	syntax.Walk(f, func(n syntax.Node) bool {
		if what != "" {
			return false
		}
		switch x := n.(type) {
		case *syntax.TestClause:
			what = "[[ ]]"
		case *syntax.ArithmCmd:
			what = "(( ))"
		case *syntax.ArrayExpr:
			what = "an array"
		case *syntax.ProcSubst:
			what = "process substitution"
		case *syntax.Redirect:
			switch x.Op {
			case syntax.WordHdoc:
				what = "<<<"
			case syntax.RdrAll, syntax.AppAll:
				what = "&>"
			}
		case *syntax.SglQuoted:
			if x.Dollar {
				what = "$'…'"
			}
		case *syntax.ParamExp:
			switch {
			case x.Index != nil:
				what = "${name[index]}"
			case x.Slice != nil:
				what = "${name:offset:length}"
			case x.Repl != nil:
				what = "${name/pattern/repl}"
			}
		case *syntax.FuncDecl:
			if x.RsrvWord {
				what = "the function keyword"
			}
		}
		return true
	})
	return what
}

// permissionRuleHint is the fix for a permission rule such as
// "Bash(git commit:*)" written as a matcher: match the tool, and move the
// rule to "if" (claude §3.3).
func permissionRuleHint(rule string) string {
	if i := strings.IndexByte(rule, '('); i > 0 && strings.HasSuffix(rule, ")") && !strings.ContainsAny(rule[:i], "|*^$.[") {
		return fmt.Sprintf(`match %q and narrow with "if": %q`, rule[:i], rule)
	}
	return `use "if" for arguments`
}

// codeIfNeverMatches: a handler's "if" rule that can never hold — on an
// event that does not evaluate if (the handler never runs), or naming a
// tool its group's matcher never selects.
const codeIfNeverMatches = "if-never-matches"

// lintIf reports an "if" rule under which the handler never runs.
func lintIf(h *settings.Hook, event string, add func(code, sev, msg, hint string)) {
	row := eventOf(h.Event)
	if h.If == "" || row == nil {
		return
	}
	if !row.ifRule {
		add(codeIfNeverMatches, format.SeverityError, fmt.Sprintf("if %q: %s does not evaluate if, so this handler never runs", h.If, event), "remove the if, or move the handler to a tool event")
		return
	}
	r, err := settings.ParseRule(h.If)
	if err != nil || r.Name == "" || h.Match == "" || h.Match == "*" || h.EffectiveMatchSyntax() != Name {
		return
	}
	if m := compileMatcher(event, h.Match); !m.IsRegex() && !m.Match(r.Name) && translate.DefaultVocabulary.Name(Dialect, translate.Native, r.Name) != "" {
		add(codeIfNeverMatches, format.SeverityError, fmt.Sprintf("if %q names %s, which the matcher %q never selects: this handler never runs", h.If, r.Name, h.Match), fmt.Sprintf("add %s to the matcher, or write the if for a tool it selects", r.Name))
	}
}

// lintMatcher reports matchers that can never fire (claude §3.3, §3.5).
func lintMatcher(h *settings.Hook, event string, add func(code, sev, msg, hint string)) {
	if row := eventOf(h.Event); h.Match == "" || h.Match == "*" || h.EffectiveMatchSyntax() != Name || row == nil || !row.isTool() {
		return
	}
	m := compileMatcher(event, h.Match)
	if m.IsRegex() {
		// A settings file's permission-rule matcher is reported by the
		// load already (invalid-matcher, an error, with the same hint):
		// doctor reports it once. A native hook in Claude's syntax, or a
		// shim's --matcher (source "flags"), has no such warning.
		fromSettings := h.Source.Format == Name && h.Source.File != "flags"
		if strings.Contains(h.Match, "(") && strings.Contains(h.Match, ":") && !fromSettings {
			add(CodeNeverFires, format.SeverityWarning, fmt.Sprintf("matcher %q is a permission rule: matchers compare the tool name only", h.Match), permissionRuleHint(h.Match))
		}
		return
	}
	for _, name := range m.Names() {
		switch {
		case removedTools.Get()[name] != "":
			add(CodeNeverFires, format.SeverityWarning, fmt.Sprintf("matcher names %s, which Claude Code %s", name, removedTools.Get()[name]), "drop it from the matcher")
		case name == "Task":
			add(CodeNeverFires, format.SeverityInfo, "matcher names Task, renamed Agent in Claude Code 2.1.63; hookcompat also matches Agent", "write Agent")
		case strings.HasPrefix(name, "mcp__") && !strings.Contains(strings.TrimPrefix(name, "mcp__"), "__"):
			// An error: a guard for that server's tools never runs.
			add(CodeNeverFires, format.SeverityError, fmt.Sprintf("matcher %q names an MCP server, not a tool: it matches nothing", name), fmt.Sprintf("write %s__.* to match all its tools", name))
		case name != "" && name[0] >= 'a' && name[0] <= 'z' && !strings.HasPrefix(name, "mcp__"):
			hint := "Claude tool names start with a capital letter (Bash, Read, Edit, Write, …)"
			if c := otherAgentTools.Get()[name]; c != "" {
				hint = "write " + c
			} else if c := translate.DefaultVocabulary.Name(translate.Native, Dialect, name); c != name {
				hint = "write " + c
			}
			// An error when another name of the list fires (the hook never
			// runs for the tool this name meant; the generic lint sees a
			// matcher that fires); when none does, the generic lint's
			// error says it, with this hint.
			sev := format.SeverityWarning
			if firesOther(m.Names(), name) {
				sev = format.SeverityError
			}
			add(CodeNeverFires, sev, fmt.Sprintf("matcher %q is not a Claude tool name (they are case-sensitive)", name), hint)
		}
	}
}

// firesOther reports whether a name of an exact matcher other than name
// is a Claude tool or an MCP tool.
func firesOther(names []string, name string) bool {
	for _, n := range names {
		if n == name {
			continue
		}
		if translate.DefaultVocabulary.Name(Dialect, translate.Native, n) != "" || (strings.HasPrefix(n, "mcp__") && strings.Contains(strings.TrimPrefix(n, "mcp__"), "__")) {
			return true
		}
	}
	return false
}

// otherAgentTools maps other agents' tool names seen in Claude configs
// (Gemini CLI's) to Claude's.
var otherAgentTools = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"read_file": "Read", "write_file": "Write", "replace": "Edit", "run_shell_command": "Bash", "read_many_files": "Read", "web_fetch": "WebFetch", "google_web_search": "WebSearch"}
}}
