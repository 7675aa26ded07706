package translate

// Codex is the dialect of OpenAI Codex's tool names.
const Codex Dialect = "codex"

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
func codexTools() DialectTable {
	return DialectTable{
		Dialect: Codex,
		Names: map[string]string{
			"shell":    "Bash",
			"edit":     "apply_patch",
			"agent":    "spawn_agent",
			"ask_user": "request_user_input",
		},
	}
}
