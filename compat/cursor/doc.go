// Package cursor is hookcompat's Cursor format, registered as "cursor":
// Cursor's hooks.json files (enterprise, team, project, user; the flat
// {"version": 1, "hooks": {"<step>": [{"command", …}]}} form) read into
// native hooks, Cursor's runtime protocol (payload, environment, working
// directory, reply classifier and combiner), its view of an outcome
// (`--render cursor`), its doctor lints, its exec shim in both directions
// (Cursor hooks converted to native TOML run through `hookcompat exec
// --protocol cursor`; converted Claude Code hooks run inside Cursor
// through `hookcompat exec --host cursor --protocol claude`) and the
// conversion target "cursor", which writes .cursor/hooks.json.
//
// Cursor is closed source and no oracle of it runs here: every rule is
// taken from Cursor's documentation, from third parties' readings of its
// shipped bundle and their live captures, and from integrators, as the
// project's research note on Cursor's hooks collects them; where they
// disagree the choice is written down in docs/decisions/014-cursor.md.
// Every per-step rule is one row of the package's step table (events.go).
package cursor
