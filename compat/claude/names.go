package claude

import "github.com/hookcompat/hookcompat/translate"

// Dialect is Claude Code's dialect of tool names in the tool vocabulary
// ([translate.Vocabulary]): the format registers its table
// ([translate.RegisterDialect]), so that matchers, payloads and rendering
// of its hooks name tools as Claude Code does.
const Dialect translate.Dialect = "claude"

func init() { translate.RegisterDialect(Dialect, claudeTools) }

// claudeTools are Claude Code's tool names (claude §5.1) and the arguments
// it spells differently.
func claudeTools() translate.DialectTable {
	return translate.DialectTable{
		Dialect: Dialect,
		Names: map[string]string{
			"shell": "Bash", "powershell": "PowerShell", "read": "Read", "write": "Write", "edit": "Edit",
			"multi_edit": "MultiEdit", "glob": "Glob", "grep": "Grep", "web_fetch": "WebFetch",
			"web_search": "WebSearch", "agent": "Agent", "notebook_edit": "NotebookEdit",
			"todo_write": "TodoWrite", "skill": "Skill", "ask_user": "AskUserQuestion",
			"exit_plan_mode": "ExitPlanMode",
		},
		Args: map[string]map[string]string{
			"shell":         {"timeout_ms": "timeout"},
			"powershell":    {"timeout_ms": "timeout"},
			"read":          {"path": "file_path"},
			"write":         {"path": "file_path"},
			"edit":          {"path": "file_path"},
			"multi_edit":    {"path": "file_path"},
			"notebook_edit": {"path": "notebook_path"},
		},
	}
}
