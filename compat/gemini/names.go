package gemini

import (
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Name is the format's name ([Format]'s): the protocol its hooks speak
// (settings.Hook.Protocol), its hooks' match syntax (settings.Hook.MatchSyntax) and its
// tool-vocabulary dialect ([Dialect]). The format registers each with
// the package that keeps it.
const Name = "gemini"

// Dialect is Gemini CLI's dialect of tool names in the tool vocabulary
// ([translate.Vocabulary]): the format registers its table
// ([translate.RegisterDialect]), so that matchers, payloads and rendering
// of its hooks name tools as Gemini CLI does.
const Dialect translate.Dialect = Name

func init() {
	settings.RegisterProtocol(Name)
	translate.RegisterDialect(Dialect, geminiTools)
}

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

// claudeName is Claude Code's format name, for the Claude hooks and names
// this format meets (Claude hooks converted for its agent, a Claude
// matcher copied into its files): their protocol, match syntax and
// tool-vocabulary dialect (claudeDialect).
const claudeName = "claude"

const claudeDialect translate.Dialect = claudeName
