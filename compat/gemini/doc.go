// Package gemini is the hook format of Gemini CLI (version 0.61.0, checked
// against recordings of the real binary), registered as format "gemini".
//
// Sources: the "hooks" of settings.json in every scope — system defaults,
// ~/.gemini/settings.json, <project>/.gemini/settings.json, the system
// settings — then extension hooks; event arrays are concatenated,
// hooksConfig.enabled (last scope wins) and hooksConfig.disabled apply,
// // and /* */ comments are allowed, and every string is expanded with the
// launch environment when the file loads ($NAME, ${NAME},
// ${NAME:-default}). In a folder Gemini does not trust only extension
// hooks run; trust is the host's answer (format.Env.Trusted).
//
// Runtime (the Protocol): Gemini's events (BeforeTool, AfterTool,
// BeforeAgent, AfterAgent, BeforeModel, AfterModel, BeforeToolSelection,
// SessionStart, …) from one event table (events.go), the only place that
// decides by event; regex matchers on Gemini's tool names (one that
// cannot be evaluated runs its hook, with a warning); timeouts in
// milliseconds; a group marked sequential runs serially, chained (each
// hook sees the previous one's rewrite); exit 2 and the decision fields as
// Gemini reads them; the events Gemini waits for are awaited by an
// embedding agent's session (runner.Awaiter). Also the renderer of what
// the model sees (`--render gemini`) and its part of the model view of
// every format (`--render model`, format.ModelViewer), lints, the exec
// shim's host side and the "gemini" conversion target, which can write
// into an existing settings file and keep every other byte (comments
// included). What Qwen Code shares with it — the payload walk, the
// protocol, the scopes, the format glue, the target — is one core
// parametrised by each agent's table, compat/internal/geminicore.
package gemini
