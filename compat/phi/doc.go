// Package phi is hookcompat's Phi format: it discovers Phi hook
// directories (~/.phi/hooks/<dir>/hook.json and
// <project>/.phi/hooks/<dir>/hook.json) and reads them into native hooks
// ([Format], registered as format "phi"; [Sources] names hooks folders
// for compat.Options), and it speaks Phi's hook protocol at run time
// (Format.Protocol, protocol "phi" of the runner).
//
// The reference is what Phi's code does at commit 4c650fa (the last
// commit of the hook.json era) and, where that and Phi's own
// documentation differ, recordings of Phi's runs: hook.json
// is read with Go's encoding/json rules (keys case-insensitive, trimmed
// values, 5 s default timeout, at most 60 s), hooks are keyed by name
// (project replaces user) and run in name order; the hook's run file is
// executed directly in its own directory with a filtered environment and
// the PHI_* variables; stdin is Phi's request byte for byte; the first
// stdout line is Phi's reply; pre_tool hooks run one after another (first
// deny wins, modifies chain), post_tool hooks in parallel (async ones
// detached), and their replies combine as Phi's manager combines them.
//
// A Phi hook becomes a settings.Hook with protocol "phi", match syntax
// "exact" (the match as written, compared with the Phi tool name), Args
// = [absolute run path] (no shell), Timeout, FailClosed, Async, Name (the
// Phi name) and Dir (the hook directory, its working directory). A
// post_tool hook is a native post_tool hook: the native spec fires
// post_tool for every call, failed ones included (HK-52), just as Phi
// runs its post hooks after failed tools.
//
// Where hookcompat deliberately differs from Phi (process lifecycle,
// post stop, the readonly mode) is written down in
// docs/decisions/007-phi-compatibility.md and on the functions concerned.
package phi
