// Package rustregex reads a pattern with the grammar of Rust's regex
// crate (regex 1.12, regex-syntax 0.8: the parse rules, error messages
// and defaults — Unicode on, octal off, nest limit 250) and writes it in
// Go's regexp syntax, so that a Go program decides what a Rust regex
// matches: the OpenAI Codex CLI compiles hook matchers with Rust's regex.
//
// Go's regexp (RE2) and Rust's regex share most of their syntax, but not
// all of it. What Rust accepts and Go does not — class set operations
// (&&, --, ~~), nested classes ([a[bc]]), \u/\U escapes, nested
// repetition (a**), (?x) verbose mode, capture names with '.', '[' or
// ']', long Unicode property names — is accepted and translated; what Go
// accepts and Rust rejects — literal braces (x{), \Q…\E, octal escapes,
// \C, (?#…) — is a [*SyntaxError] with Rust's message. Rust's \d, \w
// and \s are Unicode classes (Go's are ASCII) and are translated as such.
// testdata/differential.tsv holds the verdicts of the real Rust regex on
// such patterns, and the package's tests hold the translation to them.
//
// Known differences that remain, none of which matters for ASCII subjects
// (Codex compares matchers with tool names, sources and triggers): \b and
// \B, and the word-boundary forms \<, \>, \b{start}, \b{end},
// \b{start-half}, \b{end-half} (all evaluated as Go's ASCII \b); the
// CRLF flag R (accepted, ignored); binary Unicode properties Go has no
// table for (Emoji, XID_Start, Extended_Pictographic, Changes_When_*, …),
// which match their ASCII members only; the name=value forms of other
// properties (gcb=, wb=, sb=, age=), reported as not found; Rust's
// compiled-size limit (10 MiB), not applied; and repetition counts above
// 1000, which Rust accepts and Go cannot compile ([*UnsupportedError]).
package rustregex
