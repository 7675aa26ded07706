// Package runner is hookcompat's shared engine: it fires native events
// ([Event]) through hooks of any protocol and merges their replies into
// one native reply ([Reply], [Outcome]).
//
// An agent that embeds hookcompat usually builds its engine with package
// compat (compat.Load, compat.NewEngine), which loads Claude Code, Phi,
// native and other agents' hook files and gives the engine every
// format's protocol; then it drives the engine through a [Session], or
// through [Engine.Fire], [Engine.Dispatch] and [Engine.Enqueue] directly.
//
// # What it owns
//
//   - selection: by event name, the hook protocol's matcher and the if
//     rule (HK-01, HK-64; native rule kinds resolve through
//     Options.ToolKinds, the host's tool names);
//   - execution: command hooks as processes in their own process group
//     with stdin written concurrently and closed, stdout and stderr capped
//     while drained (1 MiB of stderr and plain stdout, 64 MiB of a JSON
//     reply), SIGTERM then SIGKILL to the group on timeout (and SIGKILL to
//     escaped descendants still holding its output), and a bounded drain
//     after exit; at most 64 hooks of a parallel group, and 64 hook runs
//     of an engine, at once; args hooks without a shell (HK-65); http
//     hooks as a JSON POST, redirects not followed (HK-62); a command an
//     [InProcessFunc] stands for (package compat's: the exec shim of
//     converted TOML) in this process, under the same timeout, caps and
//     classification; prompt and
//     agent hooks through a [Judge] (HK-63) and mcp_tool hooks through an
//     [MCPCaller], both provided by the embedding agent;
//   - protocols: a [Protocol] encodes the event for its hooks and
//     classifies their exit code and output. The native protocol (HK-02,
//     HK-10, HK-20, HK-21) lives here; the formats of package compat
//     provide the others;
//   - merging: [Merge] is a pure function of replies in configured order
//     (HK-20, HK-53, HK-60, HK-61);
//   - tracing, audit and observation: every run is traced in the
//     [Outcome], audited through log/slog with a logger (HK-22), and
//     reported to an [Observer] with one.
//
// The engine never leaves a timed-out hook's process behind and never
// waits on a pipe that a background child keeps open. A hook that exits
// normally keeps its detached children. A hook that failed — its output
// cut, its matcher not evaluable, its run cancelled, its reply
// unreadable — never counts as an allow: its fail_closed applies. The
// embedding agent's callbacks cannot take it down or hold an event: a
// [Judge] or [MCPCaller] that panics has failed (a [*CallbackPanic] in
// the trace), one that ignores its context is abandoned when the context
// ends, and an [Observer] call is bounded by [ObserverTimeout]. A hook
// whose executable is still open for writing (ETXTBSY, "text file busy":
// a script just written by an installer, or a descriptor another
// goroutine's fork inherited) is started again up to five times within
// 31 ms before its start counts as failed.
//
// # Which events must be fired
//
// Whether an agent waits for an event's hooks depends on the hooks'
// protocol ([Awaiter]). The native spec runs session_start,
// prompt_submit, pre_tool, permission_request and stop synchronously
// (HK-51) and post_tool, post_tool_failure, subagent_start,
// subagent_stop, pre_compact, post_compact, notification and session_end
// on an ordered background queue (HK-30, HK-52). Claude Code waits for
// the hooks of every event whose output has an effect — PostToolUse
// among them: its feedback and updatedToolOutput apply to the tool
// result — and Phi for its pre_tool and post_tool hooks. [Engine.Fire]
// runs every selected hook now; [Engine.Enqueue] queues the event;
// [Engine.Dispatch], which [Session] uses for every event, runs the
// hooks whose protocol awaits the event now and queues the event for the
// others.
//
// # Stability
//
// From v1.0.0 on, this package follows semantic versioning: the exported
// API — names, signatures, the documented meaning of fields, defaults
// and errors, and the JSON forms of [Event], [Reply], [Trace] and
// [Outcome] — only grows in minor releases; a field or method may be
// added to a struct or to an optional interface ([Validator],
// [RuleProtocol], [SelectWarner], [Detacher], [Awaiter],
// [JudgeProtocol]), never to [Protocol], [Judge], [MCPCaller] or
// [Observer]. What is not promised: the exact text of messages and of
// trace errors (match on the typed errors and [OutcomeKind] instead), the
// order of audit attributes, and behaviour the documentation calls a
// default that may be tuned (the limits' values are documented
// constants and stay as documented within a major version).
package runner
