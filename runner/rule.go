package runner

import (
	"maps"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
)

// ifSelects applies a hook's if rule (HK-64) in the syntax of the hook's
// protocol: native rules here, with the engine's tool kinds, foreign ones
// through [RuleProtocol].
func ifSelects(p Protocol, h *settings.Hook, ev *Event, kinds map[string]string) bool {
	if h.If == "" {
		return true
	}
	if !ev.Name.ToolEvent() {
		// A rule names tool calls; on other events the hook never runs.
		return false
	}
	if rp, ok := p.(RuleProtocol); ok {
		return rp.RuleSelects(h, ev)
	}
	rule, err := settings.ParseRule(h.If)
	if err != nil {
		return false // rejected at load time; unreachable for validated configs
	}
	return nativeRuleSelects(rule, ev, kinds)
}

// RuleProtocol is implemented by protocols whose if rules have their own
// syntax (Claude's Bash(git *)); the engine asks them instead of
// evaluating a native rule.
type RuleProtocol interface {
	RuleSelects(h *settings.Hook, ev *Event) bool
}

// defaultToolKinds are the rule kinds of the built-in native tool names
// and their aliases (the default vocabulary's).
var defaultToolKinds = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"shell": settings.RuleShell, "bash": settings.RuleShell, "sh": settings.RuleShell, "run_shell_command": settings.RuleShell,
		"read": settings.RuleRead, "glob": settings.RuleRead, "grep": settings.RuleRead,
		"write": settings.RuleWrite, "edit": settings.RuleWrite, "multi_edit": settings.RuleWrite, "notebook_edit": settings.RuleWrite,
		"delete":    settings.RuleDelete,
		"web_fetch": settings.RuleWeb, "web_search": settings.RuleWeb,
		"skill": settings.RuleSkill,
		"agent": settings.RuleAgent,
	}
}}

// DefaultToolKinds returns the rule kinds of the built-in native tool
// names (those of the default tool vocabulary, aliases included): shell,
// bash, sh and run_shell_command are of kind shell; read, glob and grep
// of kind read; write, edit, multi_edit and notebook_edit of kind write;
// delete of kind delete; web_fetch and web_search of kind web; skill and
// agent of their own kind. The map is a new copy.
func DefaultToolKinds() map[string]string { return maps.Clone(defaultToolKinds.Get()) }

// nativeRuleSelects reports whether a native permission rule names the
// tool call of ev (HK-64), kinds mapping the event's tool name to its
// rule kind:
//   - shell(PATTERN): a tool of kind shell, and PATTERN matches one
//     command of the script in args.command ;
//   - read(GLOB), write(GLOB), delete(GLOB): a tool of that kind whose
//     args.path matches GLOB ;
//   - web(HOST): a tool of kind web whose args.url host matches HOST
//     ("*.example.com" covers subdomains; a "domain:" prefix is accepted);
//   - skill(NAME), agent(NAME): a tool of that kind whose args.name
//     (agent: args.subagent_type) matches NAME;
//   - any other NAME or NAME(GLOB): the tool NAME, its primary argument
//     (command, path or url) matching GLOB.
func nativeRuleSelects(r settings.Rule, ev *Event, kinds map[string]string) bool {
	args := gjson.ParseBytes(ev.Args)
	kind := kinds[ev.Tool]
	switch r.Name {
	case settings.RuleShell:
		if kind != r.Name {
			return false
		}
		return !r.HasSpec || hookkit.ShellRuleMatches(r.Specifier, args.Get("command").String())
	case settings.RuleRead, settings.RuleWrite, settings.RuleDelete:
		if kind != r.Name {
			return false
		}
		return !r.HasSpec || hookkit.PathRuleMatches(r.Specifier, args.Get("path").String(), ev.Cwd)
	case settings.RuleWeb:
		if kind != r.Name {
			return false
		}
		return !r.HasSpec || hookkit.HostRuleMatches(r.Specifier, args.Get("url").String())
	case settings.RuleSkill, settings.RuleAgent:
		if kind != r.Name {
			return false
		}
		name := args.Get("name").String()
		if r.Name == settings.RuleAgent {
			name = args.Get("subagent_type").String()
		}
		return !r.HasSpec || hookkit.GlobMatch(r.Specifier, name)
	}
	if !hookkit.GlobMatch(r.Name, ev.Tool) {
		return false
	}
	if !r.HasSpec {
		return true
	}
	for _, k := range []string{"command", "path", "url"} {
		if v := args.Get(k); v.Exists() {
			return hookkit.GlobMatch(r.Specifier, v.String())
		}
	}
	return false
}
