// Package permission reproduces Claude Code's permission layer — the
// permissions key of its settings files (allow, ask and deny rules,
// defaultMode, additionalDirectories) and its permission modes (default,
// plan, acceptEdits, bypassPermissions, dontAsk) — around the decision of
// its PreToolUse hooks, as Claude Code 2.1.332 applies them in print mode
// (`claude -p`), with its own texts.
//
// [Read] merges the permissions of every settings scope ([Settings]);
// [Settings.Decide] decides one tool call ([Call]: the tool, its input,
// the session's mode and directories, the hooks' decision) into a
// [Verdict]: whether the tool runs, is denied (with the tool_result the
// model gets) or asks (with the question, and whether the
// PermissionRequest hooks are asked first). The rule syntax is the one
// of a hook's if rule (claude §2.5): Bash(git push *), Bash(npm run
// test:*), Edit(src/**), Read(./.env), WebFetch(domain:example.com),
// mcp__github, Write.
//
// The reference is the recordings of the real binary
// (testdata/recordings/claude/hc_perm_*); where they are silent the
// verdict follows Claude Code's documentation, and a verdict of the Bash
// tool's own safety check on a command the recordings do not show is
// marked Approximate (Claude's tables of read-only and file-changing
// commands are longer than hookcompat's).
package permission
