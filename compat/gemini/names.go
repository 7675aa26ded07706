package gemini

import "github.com/hookcompat/hookcompat/translate"

// Dialect is Gemini CLI's dialect of tool names in the tool vocabulary
// ([translate.Vocabulary]): the format registers its table
// ([translate.RegisterDialect]), so that matchers, payloads and rendering
// of its hooks name tools as Gemini CLI does.
const Dialect translate.Dialect = "gemini"

func init() { translate.RegisterDialect(Dialect, geminiTools) }

// geminiTools are Gemini CLI's tool names (gemini-cli §5b: the names its
// BeforeTool/AfterTool payloads and matchers use; there are no aliases)
// and the arguments it spells differently: the file tools name their file
// file_path, glob and grep_search their folder dir_path, replace's
// replace_all is allow_multiple, the shell's run_in_background is
// is_background and grep's file filter glob is include_pattern.
// list_directory adds the native row ls. Arguments whose values differ in
// shape (read_file's start_line/end_line against offset/limit, web_fetch's
// single prompt, write_todos' items) keep their names. MCP tools
// (mcp_<server>_<tool>) are read by the format itself.
func geminiTools() translate.DialectTable {
	return translate.DialectTable{
		Dialect: Dialect,
		Names: map[string]string{
			"shell": "run_shell_command", "read": "read_file", "write": "write_file", "edit": "replace",
			"glob": "glob", "grep": "grep_search", "web_fetch": "web_fetch", "web_search": "google_web_search",
			"agent": "invoke_agent", "todo_write": "write_todos", "skill": "activate_skill",
			"ask_user": "ask_user", "exit_plan_mode": "exit_plan_mode", "ls": "list_directory",
		},
		Args: map[string]map[string]string{
			"shell": {"run_in_background": "is_background"},
			"read":  {"path": "file_path"},
			"write": {"path": "file_path"},
			"edit":  {"path": "file_path", "replace_all": "allow_multiple"},
			"glob":  {"path": "dir_path"},
			"grep":  {"path": "dir_path", "glob": "include_pattern"},
			"ls":    {"path": "dir_path"},
		},
	}
}

// claudeDialect is Claude Code's dialect, for the Claude names found in
// this format's files (a Claude matcher copied over).
const claudeDialect translate.Dialect = "claude"
