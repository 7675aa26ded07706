package copilot

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
)

// Lint codes of the Copilot format's doctor lints.
const (
	CodeUnexpandedEnv = "env-not-expanded"    // an env value that names a variable: Copilot passes it as written
	CodeNeverFires    = "matcher-never-fires" // a matcher no Copilot tool name matches
	CodeRelativePath  = "relative-path"       // a relative script path: hooks run in the repository root
	CodeTimeoutMS     = "timeout-looks-like-ms"
	CodeUndefinedEnv  = "undefined-env-var" // a variable Copilot never sets
)

// foreignNames are tool names hooks copy from other agents that a
// camelCase Copilot matcher never sees, with Copilot's name.
var foreignNames = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"Bash": "bash", "Read": "view", "Write": "create", "Edit": "edit", "MultiEdit": "edit", "Glob": "glob",
		"Grep": "grep", "Task": "task", "Shell": "bash", "shell": "bash", "read": "view", "write": "create",
		"run_shell_command": "bash", "read_file": "view", "write_file": "create", "replace": "edit",
		"str_replace_editor": "edit", "apply_patch": "edit",
	}
}}

var varRef = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`\$\{?([A-Za-z_][A-Za-z0-9_]*)|^~/`) }}

// Lint adds the Copilot lints of one hook: env values written with $VAR
// or ~ (Copilot passes them verbatim, recorded k), a camelCase matcher
// naming another agent's tool (Bash, Read: Copilot's names are bash,
// view, …; matchers are case-sensitive and match the whole name), a
// relative script path (hooks run in the repository root, not the hooks
// folder: recorded x), a timeoutSec that looks like milliseconds, and
// variables Copilot never sets.
func (copilotFormat) Lint(h *settings.Hook, c *format.LintContext, add func(code, sev, msg, hint string)) {
	for _, k := range sortedKeys(h.Env) {
		if k == EnvHookDir {
			continue
		}
		if v := h.Env[k]; varRef.Get().MatchString(v) {
			add(CodeUnexpandedEnv, format.SeverityWarning, fmt.Sprintf("env %s=%q: Copilot passes env values as written, without expanding $VAR or ~", k, v), "write the value out, or expand it in the command")
		}
	}
	if h.Timeout > time.Hour && h.Timeout != maxTimeout {
		add(CodeTimeoutMS, format.SeverityWarning, fmt.Sprintf("timeoutSec %s: Copilot's timeouts are seconds; this looks like milliseconds", h.Timeout), fmt.Sprintf("write %g", (h.Timeout/1000).Seconds()))
	}
	if r, ok := rowFor(h.Event); ok && r.toolEvent() && h.Match != "" && h.EffectiveMatchSyntax() == Name && !pascal(h) && nameList.Get().MatchString(h.Match) {
		for _, n := range strings.Split(h.Match, "|") {
			if instead, ok := foreignNames.Get()[n]; ok {
				add(CodeNeverFires, format.SeverityWarning, fmt.Sprintf("matcher names %s, which no Copilot tool has under a camelCase key (matchers are case-sensitive and match the whole name)", n),
					fmt.Sprintf("write %s, or use the PascalCase key %s, whose matchers also take Claude's names", instead, r.Pascal))
			}
		}
	}
	if h.EffectiveType() != settings.TypeCommand || h.Command == "" {
		return
	}
	for _, m := range varRef.Get().FindAllStringSubmatch(h.Command, -1) {
		switch name := m[1]; name {
		case "CURSOR_PROJECT_DIR", "GEMINI_PROJECT_DIR", "CODEX_PROJECT_DIR", "CLAUDE_PLUGIN_ROOT":
			if _, set := h.Env[name]; !set {
				add(CodeUndefinedEnv, format.SeverityWarning, fmt.Sprintf("$%s is never set: Copilot gives hooks COPILOT_PROJECT_DIR, CLAUDE_PROJECT_DIR and COPILOT_HOOK_DIR", name),
					"use $COPILOT_PROJECT_DIR, or $COPILOT_HOOK_DIR for the hooks file's folder")
			}
		}
	}
	first := strings.Fields(h.Command)
	if len(first) > 0 && strings.Contains(first[0], "/") && !filepath.IsAbs(first[0]) && !strings.HasPrefix(first[0], "~") && !strings.HasPrefix(first[0], "$") && !strings.HasPrefix(first[0], `"$`) {
		add(CodeRelativePath, format.SeverityInfo, fmt.Sprintf("relative path %q: Copilot runs hooks in the repository root (or the entry's cwd), not in the hooks file's folder", first[0]),
			"start it with $COPILOT_HOOK_DIR/ or make it relative to the repository root")
	}
}
