// Package copilot is hookcompat's GitHub Copilot CLI format (version
// 1.0.102, checked against recordings of the real binary), registered as
// "copilot".
//
// Sources, in the order their hooks run: $COPILOT_HOME/hooks/**/*.json
// (default ~/.copilot/hooks) and the "hooks" of
// $COPILOT_HOME/settings.json, in every folder; the repository's
// .github/hooks/**/*.json and the Claude Code settings files Copilot
// reads itself (.claude/settings.json, .claude/settings.local.json) only
// in a trusted folder (format.Env.Trusted for "copilot"). A hooks file is
// {"version": 1, "hooks": {"<event>": [entries]}}; an entry runs a bash
// (or command) string with /bin/bash --norc --noprofile -c, a powershell
// string with pwsh, or an exec program with its args, in the repository
// root or its cwd, with its env as written, for timeoutSec seconds (30
// by default); a matcher is a JavaScript regular expression that must
// match the whole value. Folders are read in the file system's order.
//
// Two dialects, chosen by the event key's casing: camelCase keys
// (preToolUse) give hooks Copilot's payload (sessionId, timestamp in
// milliseconds, toolName "bash", toolArgs) and match Copilot's tool
// names; PascalCase keys (PreToolUse, Stop, UserPromptSubmit) give
// Claude Code's snake_case shape (hook_event_name, an ISO timestamp,
// tool_name "Bash" — Claude's names — with Copilot's arguments) and
// their matchers take both names.
//
// Runtime (the Protocol, the event table in events.go): an event's hooks
// run one after another in file order; preToolUse is fail-closed (a
// deny, exit 2, a non-zero exit or a command that cannot start deny the
// call; only a timeout lets it proceed), an allow skips Copilot's
// permission request, "ask" is a deny in copilot -p, modifiedArgs (or
// updatedInput) replaces the whole argument object and later hooks see
// it, additionalContext is a user message after the call's result;
// postToolUse's block replaces the result ("Tool result blocked: R"),
// modifiedResult replaces it, additionalContext is appended to it;
// userPromptSubmitted's block drops the prompt; sessionStart's context is
// a user message before the prompt; agentStop's block continues the
// turn; permissionRequest fires for bash and file changes, even under
// --allow-all, and its deny (or exit 2, or a failure) denies.
//
// Also: the renderer of what the model sees (`--render copilot`, the
// model view), doctor lints, the exec shim's host side (`hookcompat exec
// --host copilot`: Claude hooks inside Copilot) and the "copilot"
// conversion target, which writes a hooks file whose commands call the
// shim (and writes into an existing one with --in-place).
package copilot
