// Package qwen is the hook format of Qwen Code (version 0.24.4, checked
// against recordings of the real binary), registered as format "qwen".
// Qwen Code is a fork of Gemini CLI whose hooks use Claude Code's event
// names and reply fields; what it shares with Gemini CLI lives in
// compat/internal/geminicore, and it diverges in its own event table
// (table.go).
//
// Sources: the "hooks" of <project>/.qwen/settings.json,
// ~/.qwen/settings.json and the system settings, kept apart per scope,
// then extension hooks; disableAllHooks switches them off; comments and a
// BOM are allowed; strings are expanded at load ($NAME, ${NAME}). Folder
// trust, when enabled in the settings, is the host's answer
// (format.Env.Trusted("qwen", project)).
//
// Runtime (the Protocol): 22 events; command, http and prompt hooks;
// matchers with Qwen's tool aliases; timeouts in Qwen's mixed unit
// (values below 1000 are seconds, from 1000 up milliseconds); Qwen's merge
// (an allow can override a sibling's deny, as recorded); a Stop block cap;
// the renderer (`--render qwen`), lints, the exec shim's host side and the
// "qwen" conversion target.
package qwen
