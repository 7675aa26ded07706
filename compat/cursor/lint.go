package cursor

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Lint codes of the Cursor format's doctor lints.
const (
	CodeTimeoutMS   = translate.CodeTimeoutUnit // a seconds timeout that looks like milliseconds
	CodeNeverFires  = "matcher-never-fires"     // a matcher written with another agent's tool names
	CodeDoubleFire  = "double-fire"             // converted Claude hooks while Cursor may also run the originals
	CodeMinimalPath = "minimal-path"            // a bare program name on GUI Cursor's minimal PATH
)

// foreignTools are tool names of other agents that Cursor's tools are
// not called (Cursor: Shell, StrReplace, Task, MCP:<tool>).
var foreignTools = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`\b(Bash|MultiEdit|NotebookEdit|Agent|mcp__\w*|shell|bash|read_file|write_file|run_shell_command)\b`)
}}

// builtins are words a shell runs without PATH.
var builtins = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"[": true, "test": true, "echo": true, "printf": true, "true": true, "false": true, "exit": true, "cd": true, ":": true, "exec": true, "set": true, "export": true, "if": true, "for": true, "case": true, "while": true}
}}

// Lint adds the Cursor-specific lints of one hook: a timeout that looks
// like milliseconds (Cursor's are seconds), a tool matcher written with
// another agent's tool names (Bash where Cursor says Shell), converted
// Claude hooks in a project whose .claude/settings.json still has hooks
// (with Cursor's third-party setting on, Cursor runs those too: every
// hook fires twice), and a command starting with a bare program name,
// which GUI Cursor on macOS may not find on the minimal PATH it gives
// hooks.
func (cursorFormat) Lint(h *settings.Hook, c *format.LintContext, add func(code, sev, msg, hint string)) {
	s := stepOf(h)
	if s == nil {
		return
	}
	if secs := h.Timeout.Seconds(); looksLikeMillis(secs) {
		add(CodeTimeoutMS, format.SeverityWarning, fmt.Sprintf("timeout %s: Cursor timeouts are seconds; this looks like milliseconds", h.Timeout), fmt.Sprintf("write %g", secs/1000))
	}
	if s.Subject == subjectTool && h.Match != "" {
		if m := foreignTools.Get().FindString(h.Match); m != "" && !matchesCursorTool(h.Match) {
			add(CodeNeverFires, format.SeverityError, fmt.Sprintf("matcher %q names %s, which is not a Cursor tool name: it never matches", h.Match, m),
				"Cursor's tools are Shell, Read, Write, StrReplace, Grep, Glob, Delete, Task, MCP:<tool>")
		}
	}
	if h.EffectiveType() != settings.TypeCommand {
		return
	}
	if strings.Contains(h.Command, "exec --host cursor") && claudeHooks(c.Project) != "" {
		add(CodeDoubleFire, format.SeverityWarning, fmt.Sprintf("this converted hook runs Claude Code hooks that %s still defines: with Cursor's third-party hooks setting on, Cursor runs those as well, so they fire twice", claudeHooks(c.Project)),
			"turn off Settings → Rules, Skills, Subagents → Include third-party configs, or remove the hooks from the Claude settings")
	}
	if w := firstWord(h.Command); w != "" && !strings.Contains(w, "/") && !builtins.Get()[w] && !strings.Contains(w, "$") {
		add(CodeMinimalPath, format.SeverityInfo, fmt.Sprintf("%q is looked up on PATH: Cursor started from the macOS dock gives hooks a minimal PATH, where it may be missing", w), "write the program's absolute path")
	}
}

// matchesCursorTool reports whether a tool matcher selects any of
// Cursor's tool names.
func matchesCursorTool(pattern string) bool {
	m := compileMatcher(pattern)
	for _, t := range translate.DefaultVocabulary.Tools() {
		if n := t.Name(Dialect); n != "" && m.Match(n) {
			return true
		}
	}
	for n := range cursorAliases.Get() {
		if m.Match(n) {
			return true
		}
	}
	return m.Match("MCP:")
}

// claudeHooks names the project's Claude settings file that defines
// hooks, or "".
func claudeHooks(project string) string {
	for _, f := range []string{"settings.json", "settings.local.json"} {
		p := filepath.Join(project, ".claude", f)
		data, err := os.ReadFile(p)
		if err == nil {
			if hooks := gjson.GetBytes(data, "hooks"); hooks.IsObject() && len(hooks.Map()) > 0 {
				return p
			}
		}
	}
	return ""
}

// firstWord is the first word of a shell command, without quotes.
func firstWord(cmd string) string {
	f := strings.Fields(cmd)
	if len(f) == 0 {
		return ""
	}
	return strings.Trim(f[0], `"'`)
}
