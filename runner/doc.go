// Package runner is hookcompat's shared engine: it fires native events
// ([Event]) through hooks of any protocol and merges their replies into
// one native reply ([Reply], [Outcome]).
//
// # What it owns
//
//   - selection: by event name, the hook protocol's matcher and the if rule
//     (HK-01, HK-64);
//   - execution: command hooks as processes in their own process group
//     with stdin written concurrently and closed, stdout and stderr capped
//     at 1 MiB while drained, SIGTERM then SIGKILL to the group on timeout
//     (and SIGKILL to escaped descendants still holding its output), and a
//     bounded drain after exit (DESIGN §4); at most 64 hooks of a parallel
//     group at once; args hooks without a shell (HK-65); http hooks as a
//     JSON POST, redirects not followed (HK-62); prompt hooks through a
//     [Judge] the embedding agent provides (HK-63);
//   - protocols: a [Protocol] encodes the event for one hook and classifies
//     its exit code and output. The native protocol (HK-02, HK-10, HK-20,
//     HK-21) lives here; foreign ones register from compat/…;
//   - merging: [Merge] is a pure function of replies in configured order
//     (HK-20, HK-53, HK-60, HK-61);
//   - tracing and audit: every run is traced in the [Outcome] and, with a
//     logger, audited through log/slog (HK-22).
//
// The engine never leaves a timed-out hook's process behind and never
// waits on a pipe that a background child keeps open. A hook that exits
// normally keeps its detached children (see docs/decisions/003 and 008).
package runner
