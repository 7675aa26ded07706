// Package claude is hookcompat's Claude Code format: it reads Claude Code
// settings files and plugin hooks.json files into native hooks
// ([Translator], registered as format "claude"), and it speaks Claude Code's
// hook protocol at run time ([Protocol], registered with the runner as
// protocol "claude").
//
// The reference is Claude Code's documented hook protocol (the claude §
// section numbers in this package's comments) and, where the two differ,
// recordings of the real binary (version [RenderVersion]): stdin payloads
// are rebuilt from the native event byte for byte as Claude Code writes
// them ([Payload], [FromPayload]), commands run as `/bin/sh -c` with
// CLAUDE_PROJECT_DIR set, matchers follow Claude's
// exact-list-or-ECMAScript-regex rule ([CompileMatcher]), and exit code
// plus stdout are read by Claude's outcome matrix ([Protocol.Classify],
// [ClassifyStdout]). Several Claude hooks of one event run in parallel and
// identical handlers run once; their replies combine by Claude's
// precedence (deny > defer > ask > allow) before the native merge.
// Prompt and agent handlers run through the embedding agent's judge
// ([Protocol.ApplyVerdict] applies claude §6.11 to its verdict), mcp_tool
// handlers through its MCP caller; Claude Code awaits the hooks of every
// event whose output has an effect, PostToolUse included
// ([Protocol.Awaits]).
package claude
