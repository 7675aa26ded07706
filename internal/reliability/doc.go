// Package reliability holds hookcompat's reliability suite: hostile hooks
// (daemons, TERM-ignoring hooks, setsid escapes, floods, huge and deeply
// nested replies, hostile CLAUDE_ENV_FILE contents, catastrophic matchers),
// load (1,000 concurrent fires) and cancellation, each asserting the
// decision, a return within the hook's timeout plus the kill grace, and
// that no process the hook started is left (found by a marker variable in
// the processes' environment). The package has no code of its own; see
// the _test.go files and docs/decisions/008-resource-limits.md, which
// names the test proving each guarantee.
package reliability
