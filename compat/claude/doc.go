// Package claude is hookcompat's Claude Code format: it reads Claude Code
// settings files and plugin hooks.json files into native hooks
// (translator, registered as format "claude"), and it speaks Claude Code's
// hook protocol at run time ([Protocol], registered with the runner as
// protocol "claude").
//
// The reference is the Claude protocol reference (claude §N) and, where
// the two differ, the recordings of the real binary, Claude Code
// [RenderVersion] (testdata/recordings/claude and the shared oracle's
// cases, replayed by golden's TestClaudeReplay).
//
// Everything that differs by event is one row of the event table
// (events.go): the payload's keys in Claude's order, what a matcher is
// compared with, which outputs count, what exit 2 and continue:false do,
// whether hooks get CLAUDE_ENV_FILE, whether contexts of several hooks
// join, where the texts land, which outputs are persisted. The other
// files read the table:
//   - payload.go rebuilds stdin byte for byte as Claude Code writes it
//     (payloadBytes, fromPayload);
//   - protocol.go spawns commands as `/bin/sh -c` with CLAUDE_PROJECT_DIR
//     set, selects by Claude's exact-list-or-ECMAScript-regex matchers
//     (compileMatcher) and deduplicates identical handlers;
//   - classify.go reads exit code and stdout by Claude's outcome matrix
//     ([Protocol.Classify], classifyStdout) into a native reply and a
//     [Detail] of what Claude itself takes from the run;
//   - combine.go merges several hooks as Claude does (deny > defer > ask >
//     allow; schema-checked updatedInput; the Stop block cap);
//   - render.go says what the model sees ([Rendering]), also as the
//     format's part of the model view of mixed setups (format.ModelText);
//   - permissions.go is Claude Code's permission layer — its permission
//     rules and modes around the PreToolUse hooks' decision, package
//     permission — as an engine option ([PermissionLayer],
//     runner.Options.Permissions) and as the rendering's Permission.
//
// Prompt and agent handlers run through the embedding agent's judge
// ([Protocol.ApplyVerdict] applies claude §6.11 to its verdict), mcp_tool
// handlers through its MCP caller; Claude Code awaits the hooks of every
// event whose output has an effect, PostToolUse included
// ([Protocol.Awaits]).
package claude
