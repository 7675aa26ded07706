package codex

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Lint codes of the Codex format's doctor lints.
const (
	CodeUndefinedEnv = "undefined-env-var"       // a variable Codex never sets
	CodeNeverFires   = "matcher-never-fires"     // a matcher no Codex tool name matches
	CodeRelativePath = "relative-path"           // a relative script path
	CodeTimeoutMS    = translate.CodeTimeoutUnit // a seconds timeout that looks like milliseconds
	CodeAsyncIgnored = "async-reply-ignored"     // an async hook whose reply Codex never reads
)

// neverCalled are tool names hooks copy from other agents that no Codex
// tool call has (Codex reads with Bash and edits with apply_patch), with
// what to write instead.
var neverCalled = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"Read": "Bash", "Glob": "Bash", "Grep": "Bash", "LS": "Bash", "MultiEdit": "apply_patch (or Edit|Write)",
		"NotebookEdit": "apply_patch", "WebFetch": "", "WebSearch": "", "TodoWrite": "", "Task": "spawn_agent",
		"bash": "Bash", "shell": "Bash", "exec_command": "Bash", "shell_command": "Bash", "edit": "Edit", "write": "Write",
		"run_shell_command": "Bash", "write_file": "Write", "replace": "Edit",
	}
}}

var varRef = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`\$\{?([A-Za-z_][A-Za-z0-9_]*)`) }}

// Lint adds the Codex lints of one hook: variables Codex never sets
// ($CLAUDE_PROJECT_DIR, $CODEX_PROJECT_DIR — Codex sets none, codex
// §2.4), matchers that name tools Codex never calls or that differ from
// Codex's names only in case, a relative script path (hooks run in the
// session's directory), a timeout that looks like milliseconds, an async
// hook (its reply is ignored).
func (codexFormat) Lint(h *settings.Hook, c *format.LintContext, add func(code, sev, msg, hint string)) {
	if h.Timeout > time.Hour && h.Timeout != maxTimeout {
		add(CodeTimeoutMS, format.SeverityWarning, fmt.Sprintf("timeout %s: Codex timeouts are whole seconds; this looks like milliseconds", h.Timeout), fmt.Sprintf("write %d", roundUpSeconds(h.Timeout/1000)))
	}
	if h.Async {
		add(CodeAsyncIgnored, format.SeverityInfo, "async: Codex starts the hook and never reads its reply (no block, no context)", "drop async to let the hook decide")
	}
	if row, ok := rowFor(h.Event); ok && row.Match == matchTool && h.Match != "" && h.EffectiveMatchSyntax() == Name {
		m := compileMatcher(h.Match)
		if !m.IsRegex() && m.Err() == nil && !m.All() {
			for _, n := range m.Names() {
				if instead, ok := neverCalled.Get()[n]; ok {
					hint := "Codex's tools are Bash, apply_patch (Edit, Write), mcp__<server>__<tool> and its built-in tools"
					if instead != "" {
						hint = "write " + instead
					}
					add(CodeNeverFires, format.SeverityWarning, fmt.Sprintf("matcher names %s, which no Codex tool call has (matchers are exact and case-sensitive)", n), hint)
				}
			}
		}
	}
	if h.EffectiveType() != settings.TypeCommand || h.Command == "" {
		return
	}
	for _, m := range varRef.Get().FindAllStringSubmatch(h.Command, -1) {
		switch name := m[1]; {
		case name == "CLAUDE_PROJECT_DIR" || name == "CODEX_PROJECT_DIR" || name == "GEMINI_PROJECT_DIR":
			if _, set := h.Env[name]; !set {
				add(CodeUndefinedEnv, format.SeverityWarning, fmt.Sprintf("$%s is never set: Codex gives hooks no project-dir variable (they run in the session's directory)", name),
					"use a path relative to the project, or read \"cwd\" from the JSON on stdin")
			}
		}
	}
	first := strings.Fields(h.Command)
	relative := func(p string) bool {
		return !filepath.IsAbs(p) && !strings.HasPrefix(p, "~") && !strings.HasPrefix(p, "$") && !strings.HasPrefix(p, `"$`)
	}
	say := func(p string) {
		add(CodeRelativePath, format.SeverityInfo, fmt.Sprintf("relative path %q: Codex runs hooks in the session's directory (codex -C), not in the config's", p),
			"make it absolute, or start it with $HOME/ or ~/")
	}
	switch {
	case len(first) == 0:
	case strings.Contains(first[0], "/") && relative(first[0]):
		say(first[0])
	case interpreters[filepath.Base(first[0])]:
		// The script an interpreter runs is as relative (codex §2.4).
		for _, a := range first[1:] {
			if a == "-c" || a == "-e" || a == "-m" || a == "--eval" {
				break // code or a module follows, not a script path
			}
			if strings.HasPrefix(a, "-") {
				continue
			}
			if a = strings.Trim(a, `'"`); a != "" && relative(a) {
				say(a)
			}
			break
		}
	}
}

// interpreters are the programs whose first operand is the script they
// run.
var interpreters = map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true, "python": true, "python3": true,
	"node": true, "ruby": true, "perl": true, "deno": true, "bun": true, "tsx": true, "php": true}

var _ format.Linter = codexFormat{}
