package copilot

import (
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Name is the format's name ([Format]'s): the protocol its hooks speak
// (settings.Hook.Protocol), its hooks' match syntax
// (settings.Hook.MatchSyntax) and its tool-vocabulary dialect
// ([Dialect]). The format registers each with the package that keeps it.
const Name = "copilot"

// Dialect is GitHub Copilot CLI's dialect of tool names in the tool
// vocabulary ([translate.Vocabulary]): the names its camelCase hooks get
// (toolName "bash", "view", "create", …) and its argument names
// (file_text, old_str, new_str). The format registers its table
// ([translate.RegisterDialect]). Its PascalCase hooks get Claude Code's
// names for the same tools ([pascalName]) with Copilot's arguments.
const Dialect translate.Dialect = Name

func init() {
	settings.RegisterProtocol(Name)
	settings.RegisterMatchSyntax(Name, checkMatcher)
	translate.RegisterDialect(Dialect, copilotTools)
}

// copilotTools are Copilot CLI 1.0.102's tool names as its camelCase
// hooks get them (recorded: bash, view, create, edit, glob, grep, task),
// and the arguments it spells differently from the native ones: create's
// text is file_text, edit's strings old_str and new_str. Copilot's own
// tools without a native row (read_bash, stop_bash, sql, …) pass
// through unchanged.
func copilotTools() translate.DialectTable {
	return translate.DialectTable{
		Dialect: Dialect,
		Names: map[string]string{
			"shell": "bash", "powershell": "powershell", "read": "view", "write": "create", "edit": "edit",
			"glob": "glob", "grep": "grep", "web_fetch": "web_fetch", "agent": "task", "ask_user": "ask_user",
			"skill": "skill",
		},
		Args: map[string]map[string]string{
			"write": {"content": "file_text"},
			"edit":  {"old_string": "old_str", "new_string": "new_str"},
		},
	}
}

// pascalNames are the tool names Copilot gives its PascalCase hooks
// (tool_name, and what their matchers are compared with): Claude Code's
// names for the tools both agents have (recorded: Bash, Read, Write,
// Edit, Glob, Grep, and Agent for task), Copilot's own name for the
// others. Keyed by
// Copilot's camelCase name.
var pascalNames = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"bash": "Bash", "powershell": "PowerShell", "view": "Read", "create": "Write", "edit": "Edit",
		"glob": "Glob", "grep": "Grep", "web_fetch": "WebFetch", "task": "Agent", "ask_user": "AskUserQuestion",
		"skill": "Skill",
	}
}}

// pascalName is the PascalCase dialect's name of Copilot tool name n.
func pascalName(n string) string {
	if p, ok := pascalNames.Get()[n]; ok {
		return p
	}
	return n
}

// camelName is the Copilot tool name of a PascalCase dialect's name.
func camelName(p string) string {
	for c, q := range pascalNames.Get() {
		if q == p {
			return c
		}
	}
	return p
}

// claudeName is Claude Code's format name, for the Claude hooks this
// format meets (Claude hooks converted to run inside Copilot, and the
// Claude settings files Copilot reads itself): their protocol, match
// syntax and tool-vocabulary dialect (claudeDialect).
const claudeName = "claude"

const claudeDialect translate.Dialect = claudeName
