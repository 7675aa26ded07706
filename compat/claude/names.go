package claude

import (
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Name is the format's name ([Format]'s): the protocol its hooks speak
// (settings.Hook.Protocol), its hooks' match syntax (settings.Hook.MatchSyntax) and its
// tool-vocabulary dialect ([Dialect]). The format registers each with
// the package that keeps it.
const Name = "claude"

// Dialect is Claude Code's dialect of tool names in the tool vocabulary
// ([translate.Vocabulary]): the format registers its table
// ([translate.RegisterDialect]), so that matchers, payloads and rendering
// of its hooks name tools as Claude Code does.
const Dialect translate.Dialect = Name

func init() {
	settings.RegisterProtocol(Name)
	format.SetShimDefault(Name) // `hookcompat exec` without --protocol runs a Claude hook
	translate.RegisterDialect(Dialect, claudeTools)
}

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

// Sources are Claude Code hook files to load (compat.Options.Sources), in
// order: settings files, plugin hooks.json files or plugin directories. A
// file named hooks.json in a directory named hooks, and a directory, is a
// plugin's: its hooks get CLAUDE_PLUGIN_ROOT (the plugin directory) and
// CLAUDE_PLUGIN_DATA (claude §1.6).
func Sources(paths ...string) []format.Source {
	out := make([]format.Source, len(paths))
	for i, p := range paths {
		out[i] = format.Source{Format: Name, Path: p}
	}
	return out
}

// Plugins are installed Claude Code plugin directories to load (each
// one's hooks/hooks.json), as [Sources] but marked installed
// (format.Source.Installed): like Claude Code's installed plugins they
// load beside the discovered settings rather than instead of them.
func Plugins(dirs ...string) []format.Source {
	out := Sources(dirs...)
	for i := range out {
		out[i].Installed = true
	}
	return out
}
