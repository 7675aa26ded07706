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
// SessionStart, …) from one event table (table.go); regex matchers on
// Gemini's tool names; timeouts in milliseconds; a group marked sequential
// runs serially, chained (each hook sees the previous one's rewrite); exit
// 2 and the decision fields as Gemini reads them; the renderer of what the model sees
// (`--render gemini`), lints, the exec shim's host side and the "gemini"
// conversion target, which can write into an existing settings file and
// keep every other byte (comments included). What Qwen Code shares with it
// lives in compat/internal/geminicore.
package gemini
