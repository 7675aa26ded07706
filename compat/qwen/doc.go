// Package qwen is the hook format of Qwen Code (version 0.24.4, checked
// against recordings of the real binary), registered as format "qwen".
// Qwen Code is a fork of Gemini CLI whose hooks use Claude Code's event
// names and reply fields and follows Gemini CLI's releases: what it
// shares with Gemini CLI is one core parametrised by each agent's table
// (compat/internal/geminicore), and it diverges in its own event table
// (events.go, the only place that decides by event), its decoder, merge,
// reply and load rules.
//
// Sources: the "hooks" of <project>/.qwen/settings.json,
// ~/.qwen/settings.json and the system settings, kept apart per scope,
// then extension hooks; disableAllHooks switches them off; comments and a
// BOM are allowed; strings are expanded at load ($NAME, ${NAME}). Folder
// trust, when enabled in the settings, is the host's answer
// (format.Env.Trusted("qwen", project)).
//
// Runtime (the Protocol): 22 events; command, http and prompt hooks;
// matchers with Qwen's tool aliases (one that cannot be evaluated runs
// its hook, with a warning); timeouts in Qwen's mixed unit (values below
// 1000 are seconds, from 1000 up milliseconds); Qwen's merge (an allow can
// override a sibling's deny, as recorded); a Stop block cap; the events
// Qwen waits for are awaited by an embedding agent's session
// (runner.Awaiter). Also the renderer (`--render qwen`) and its part of
// the model view of every format (`--render model`, format.ModelViewer),
// lints, the exec shim's host side and the "qwen" conversion target.
package qwen
