package codex

import "github.com/hookcompat/hookcompat/translate"

// Warning codes of the Codex format (besides translate's shared codes).
const (
	// CodeInvalidFile: a discovered hooks.json Codex rejects whole (bad
	// JSON, an unknown root key, a value of the wrong type); it is
	// skipped, the other sources still load.
	CodeInvalidFile = "invalid-file"
	// CodeSkippedHandler: a handler Codex skips at load (prompt and agent
	// handlers, an empty command) or runs but hookcompat cannot (mcp_tool).
	CodeSkippedHandler = translate.CodeUnsupportedHandler
	// CodeInvalidMatcher: a matcher Rust's regex rejects; Codex drops the
	// group with a warning.
	CodeInvalidMatcher = translate.CodeInvalidMatcher
	// CodeNotLoaded: a layer Codex does not load (untrusted project,
	// hooks switched off, allow_managed_hooks_only, a disabled handler).
	CodeNotLoaded = "disabled-by-policy"
	// CodeBothForms: one config layer holds both hooks.json and [hooks]
	// in config.toml (Codex loads both and warns).
	CodeBothForms = "two-representations"
	// CodeDeprecated: an old name Codex still accepts ([features]
	// codex_hooks).
	CodeDeprecated = translate.CodeDeprecated
	// CodeUnsupported: a handler field whose effect hookcompat does not
	// reproduce exactly (async, statusMessage, commandWindows).
	CodeUnsupported = translate.CodeUnsupportedField
	// CodeTimeoutClamped: a SessionEnd or Interrupt handler's timeout
	// above 3 s, which Codex clamps to 3 s (and says so at start).
	CodeTimeoutClamped = "timeout-clamped"
)
