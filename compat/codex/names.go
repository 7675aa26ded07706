package codex

import (
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Name is the format's name ([Format]'s): the protocol its hooks speak
// (settings.Hook.Protocol), its hooks' match syntax (settings.Hook.MatchSyntax) and its
// tool-vocabulary dialect ([Dialect]). The format registers each with
// the package that keeps it.
const Name = "codex"

// Dialect is OpenAI Codex's dialect of tool names in the tool vocabulary
// ([translate.Vocabulary]): the format registers its table
// ([translate.RegisterDialect]), so that matchers, payloads and rendering
// of its hooks name tools as OpenAI Codex does.
const Dialect translate.Dialect = Name

func init() {
	settings.RegisterProtocol(Name)
	translate.RegisterDialect(Dialect, codexTools)
}

// codexTools are the tool names Codex CLI 0.169.0 gives hooks (codex §5):
// the shell tool is Bash (tool_input {"command"}), the freeform patch
// tool apply_patch (tool_input {"command": <patch text>}, matchers Edit
// and Write select it too), spawn_agent and request_user_input; MCP
// tools keep their mcp__<server>__<tool> names and built-in tools
// (get_goal, view_image, …) their own. Codex has no separate write or
// multi-edit tool: native write and multi_edit calls, like edit, are
// apply_patch calls to Codex — the Codex format maps them itself
// (one native name per Codex name here, so that apply_patch reads back
// as edit).
func codexTools() translate.DialectTable {
	return translate.DialectTable{
		Dialect: Dialect,
		Names: map[string]string{
			"shell":    "Bash",
			"edit":     "apply_patch",
			"agent":    "spawn_agent",
			"ask_user": "request_user_input",
		},
	}
}

// claudeName is Claude Code's format name, for the Claude hooks this
// format meets (Claude hooks converted for its agent): their protocol
// and match syntax.
const claudeName = "claude"
