package qwen

import (
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Name is the format's name ([Format]'s): the protocol its hooks speak
// (settings.Hook.Protocol), its hooks' match syntax (settings.Hook.MatchSyntax) and its
// tool-vocabulary dialect ([Dialect]). The format registers each with
// the package that keeps it.
const Name = "qwen"

// Dialect is Qwen Code's dialect of tool names in the tool vocabulary
// ([translate.Vocabulary]): the format registers its table
// ([translate.RegisterDialect]), so that matchers, payloads and rendering
// of its hooks name tools as Qwen Code does.
const Dialect translate.Dialect = Name

func init() {
	settings.RegisterProtocol(Name)
	translate.RegisterDialect(Dialect, qwenTools)
}

// qwenTools are Qwen Code's canonical tool names (qwen-code §5b: what its
// PreToolUse/PostToolUse payloads carry) and the arguments it spells
// differently: the file tools name their file file_path, the shell's
// run_in_background is is_background and its timeout (milliseconds) is
// timeout. The other names Qwen's matchers accept for a tool (Bash, Shell,
// ShellTool for run_shell_command; Edit, replace for edit; …) are read by
// the format itself. list_directory adds the native row ls; MCP tools keep
// Claude's mcp__<server>__<tool> names.
func qwenTools() translate.DialectTable {
	return translate.DialectTable{
		Dialect: Dialect,
		Names: map[string]string{
			"shell": "run_shell_command", "read": "read_file", "write": "write_file", "edit": "edit",
			"glob": "glob", "grep": "grep_search", "web_fetch": "web_fetch", "web_search": "web_search",
			"agent": "agent", "todo_write": "todo_write", "skill": "skill", "ask_user": "ask_user_question",
			"notebook_edit": "notebook_edit", "exit_plan_mode": "exit_plan_mode", "ls": "list_directory",
		},
		Args: map[string]map[string]string{
			"shell": {"run_in_background": "is_background", "timeout_ms": "timeout"},
			"read":  {"path": "file_path"},
			"write": {"path": "file_path"},
			"edit":  {"path": "file_path"},
		},
	}
}
