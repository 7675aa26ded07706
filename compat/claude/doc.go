// Package claude is hookcompat's Claude Code format: it reads Claude Code
// settings files and plugin hooks.json files into native hooks
// ([Translator], registered as format "claude"), and it speaks Claude Code's
// hook protocol at run time ([Protocol], registered with the runner as
// protocol "claude").
//
// The reference is ../shared/spec/claude.md and, where the two differ, the
// recordings of the real binary in ../shared/oracle (version in its
// CLAUDE_CODE_VERSION): stdin payloads are rebuilt from the native event
// byte for byte as Claude Code writes them ([Payload], [FromPayload]),
// commands run as `/bin/sh -c` with CLAUDE_PROJECT_DIR set, matchers follow
// Claude's exact-list-or-ECMAScript-regex rule ([CompileMatcher]), and exit
// code plus stdout are read by Claude's outcome matrix ([Protocol.Classify],
// [ClassifyStdout]). Several Claude hooks of one event run in parallel and
// identical handlers run once; their replies combine by Claude's
// precedence (deny > defer > ask > allow) before the native merge.
package claude
