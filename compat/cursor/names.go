package cursor

import (
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Name is the format's name ([Format]'s): the protocol its hooks speak
// (settings.Hook.Protocol), its hooks' match syntax (settings.Hook.MatchSyntax) and its
// tool-vocabulary dialect ([Dialect]). The format registers each with
// the package that keeps it.
const Name = "cursor"

// Dialect is Cursor's dialect of tool names in the tool vocabulary
// ([translate.Vocabulary]): the format registers its table
// ([translate.RegisterDialect]), so that matchers, payloads and rendering
// of its hooks name tools as Cursor does.
const Dialect translate.Dialect = Name

func init() {
	settings.RegisterProtocol(Name)
	translate.RegisterDialect(Dialect, cursorTools)
}

// cursorTools are Cursor's agent tool names as its preToolUse payload and
// matchers spell them (cursor §3.3, §4, §10.3 of the format's notes), and
// the arguments it spells differently: the file tools name their file
// file_path, the Shell tool's timeout is milliseconds (timeout_ms).
// Cursor's Delete and LS tools have no Claude counterpart and add native
// rows (delete, ls). Other names Cursor uses for a native tool (Edit for
// StrReplace, Subagent for Task) and its MCP names (MCP:<tool>) are read by
// the format itself; tools without a row pass through unchanged.
func cursorTools() translate.DialectTable {
	return translate.DialectTable{
		Dialect: Dialect,
		Names: map[string]string{
			"shell": "Shell", "read": "Read", "write": "Write", "edit": "StrReplace",
			"glob": "Glob", "grep": "Grep", "web_fetch": "WebFetch", "web_search": "WebSearch",
			"agent": "Task", "todo_write": "TodoWrite", "notebook_edit": "EditNotebook",
			"delete": "Delete", "ls": "LS",
		},
		Args: map[string]map[string]string{
			"shell":  {"timeout_ms": "timeout"},
			"read":   {"path": "file_path"},
			"write":  {"path": "file_path"},
			"edit":   {"path": "file_path"},
			"grep":   {"path": "file_path"},
			"delete": {"path": "file_path"},
		},
	}
}

// claudeName is Claude Code's format name, for the Claude hooks and names
// this format meets (Claude hooks converted for its agent, a Claude
// matcher copied into its files): their protocol, match syntax and
// tool-vocabulary dialect (claudeDialect).
const claudeName = "claude"

const claudeDialect translate.Dialect = claudeName
