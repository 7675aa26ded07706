// Package codex is the hook format of the OpenAI Codex CLI (version
// 0.169.0, checked against recordings of the real binary), registered as
// format "codex".
//
// Sources: hooks.json files and [hooks] tables of config.toml at every
// config layer — managed requirements.toml, the system folder, the user's
// $CODEX_HOME (default ~/.codex), legacy managed_config.toml and, for a
// project Codex trusts, <dir>/.codex of every folder from the project root
// down — all of which run, in that order. [features] hooks = false
// switches every hook off, allow_managed_hooks_only keeps the managed
// layers, [hooks.state."…"] enabled = false in the user's config.toml
// disables one handler. Project trust is the host's answer
// (format.Env.Trusted("codex", root)): false leaves out the project's
// .codex layers. Each hook carries Codex's per-hook review state
// (settings.Source.Review): reviewed when the user's [hooks.state]
// trusted_hash is the hash Codex computes of the hook as it is now
// (trusthash.go; Source.ReviewHash), modified when it is another,
// needs-review when none is recorded, managed for the managed layers.
//
// Runtime (the Protocol): a matcher is an exact name when it has only
// [A-Za-z0-9_|], else an unanchored Rust regex, parsed with Rust's
// grammar (package compat/codex/internal/rustregex; a matcher Rust
// accepts and Go cannot evaluate selects every value, with a warning);
// apply_patch answers to Edit and Write with the
// patch text as its input. Hooks run as /bin/bash -c in the session's
// directory with Codex's environment (no project-dir variable), get
// compact JSON in Codex's key order without a trailing newline, and are
// SIGKILLed when their timeout (seconds, default 600; SessionEnd and
// Interrupt: default 1 s, at most 3 s) expires. Exit 2 with
// stderr blocks, with empty stderr it fails; "ask" is unsupported; "allow"
// counts only with updatedInput; a PostToolUse block replaces the tool
// output; a Stop block continues the turn with a hook prompt. The event
// table (events.go) is where per-event rules live.
//
// Also: the renderer of what the model sees (`--render codex`), doctor
// lints, the exec shim's host side (`hookcompat exec --host codex`) and
// the "codex" conversion target, which writes a hooks.json whose commands
// call the shim.
package codex
