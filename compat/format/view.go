package format

// AgentViewer is implemented by formats whose agent itself also reads
// files that discovery leaves to another format: Copilot CLI runs the
// hooks of a project's .claude/settings.json and settings.local.json,
// with its own payloads and rules, while an engine discovering every
// format reads those files once, as Claude Code's. ViewDiscover returns
// such files as sources of this format (those that exist, marked
// Discovered) and the paths to watch for them; the agent's view (compat's
// Options.Agent naming this format) loads them with the format's
// discovered sources, so that it runs what the agent runs.
type AgentViewer interface {
	ViewDiscover(env *Env) Discovery
}
