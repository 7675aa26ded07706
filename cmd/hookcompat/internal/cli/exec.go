package cli

import (
	"context"
	"os"

	"github.com/spf13/cobra"

	"github.com/hookcompat/hookcompat/compat"
)

const execLong = `Exec reads a native event on stdin, runs COMMAND with the given protocol's stdin, environment
and working directory exactly as its home agent would, and answers on stdout in the native
reply schema (HK-20, HK-53, HK-60): {"decision", "reason", "continue", "additional_context",
"updated_args", "system_message"}, exit status 0. The reply also carries hookcompat's
extension field "hookcompat": {"hooks": [{"protocol", "command", "outcome", "exit_code",
"error", ...}]}, the run of the wrapped hook, so that an engine that knows the field (hookcompat
itself) traces and records the wrapped hook's failure (exit 127, a timeout) as its own; a
plain native engine ignores it, and the decision is always in the native fields. Failures
are also written on stderr. This is what lets TOML converted with
--target native run unchanged Claude Code scripts under any engine of the native spec.
hookcompat's own engine (run, watch, the Go library) runs such a call inside its own
process, with the same output and exit status, instead of starting hookcompat again.

COMMAND is one shell command string (Claude's shell form, run as /bin/sh -c), or with --exec a
program and its arguments (Claude's exec form). --matcher applies the format's matcher to the
event (tool name, source, …); when it does not match, the reply is empty. Unknown fields of the
native event are kept and passed on. On SIGTERM, SIGINT or SIGHUP the hook's process group is
terminated first; then a --fail-closed hook answers a block, any other exits 1 without an
answer. A failure of the shim itself — an event it cannot read (not JSON, truncated, nested too
deep, over 64 MiB, stdin closed early), a payload that is not its host's — is written on stderr
and exits 1, except with --fail-closed: then the shim answers a block of the hook's event in its
host's reply schema and exit status (exit 2 when its own command line does not parse).

With --host FORMAT the shim runs inside that agent instead of a native engine (what
"convert --target FORMAT" writes): it reads the agent's hook payload and answers in the
agent's reply schema and exit codes.

Flags (before --):
  --host FORMAT           the agent running the shim (default: native, an engine of the
                          native spec; codex, gemini, qwen, …: that agent's payload
                          and replies)
  --protocol NAME         the hook's format: claude (default), codex, gemini, qwen, phi, …
  --event EVENT           the event the hook is configured for, in its format's terms
                          (Claude: PreToolUse, …; Phi: pre_tool or post_tool; Gemini:
                          BeforeTool, …); required
  --matcher M             the hook's matcher in its format's syntax
  --if RULE               the hook's if rule in its format's syntax
  --timeout SECONDS       the hook's timeout (default: the format's, 600 for Claude); the hook is
                          stopped a fifth of it earlier, at most 0.5 s, so this shim answers in time
  --fail-closed           a failure blocks (Claude onFailure: block)
  --async                 the hook is async: its decisions have no effect
  --rewake                with --async, an exit 2 wakes the agent (Claude asyncRewake)
  --exec                  COMMAND is a program and its arguments, not a shell command string
  --env KEY=value         added to the hook's environment (repeatable); a value ".", "./…" or
                          "../…" is a path under the event's workspace, "~" or "~/…" under the
                          home directory (what convert writes for a plugin's directories)
  --url URL               run an http hook: POST the event to URL
  --header "Name: value"  header of the http hook (repeatable)
  --allowed-env-var NAME  variable the http headers may use (repeatable)
  --option KEY=value      an option of the hook's format, as convert writes them (repeatable;
                          Gemini: sequential, expand_vars, event; Qwen: sequential, stop_cap, …)
  --name NAME             the hook's name (Phi: used in its messages)
  --dir DIR               the hook's working directory (Phi: the hook directory; relative to
                          the event's workspace, or ~/…)
  --phi-dir DIR           run every Phi hook of --event in this hooks folder, merged as Phi
                          merges them (repeatable; relative to the event's workspace, or ~/…)`

func newExecCmd(stdio IO) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "exec --protocol claude --event EVENT [flags] -- COMMAND...",
		Short: "Run one foreign hook for a native engine (the shim of converted TOML)",
		Long:  execLong,
		Example: `  hookcompat exec --protocol claude --event PreToolUse --matcher 'Edit|Write' -- '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh'
  hookcompat exec --protocol claude --event PostToolUse --exec -- node hooks/format.mjs --fix
  hookcompat exec --protocol phi --event pre_tool --phi-dir .phi/hooks
  hookcompat exec --host gemini --protocol claude --event PreToolUse --timeout 10 -- .claude/hooks/guard.sh`,
		// The command line is built and parsed in one place
		// (format.ShimArgs, format.ParseShimArgs).
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if wantsHelp(args) {
				return cmd.Help()
			}
			return runExec(cmd.Context(), stdio, args)
		},
	}
	return cmd
}

// execDirect runs `hookcompat exec ARGS` without building the command
// tree: the shim starts once per hook call, and nothing it does not need
// is built. ok is false when ARGS ask for help (cobra prints it).
func execDirect(ctx context.Context, stdio IO, args []string) (ok bool, err error) {
	if wantsHelp(args) {
		return false, nil
	}
	return true, runExec(ctx, stdio, args)
}

// wantsHelp reports whether -h or --help comes before the command.
func wantsHelp(args []string) bool {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "--help" {
			return true
		}
	}
	return false
}

// runExec runs the shim (compat.RunShim) with this process's stdin,
// environment and working directory; RunShim has written its errors.
func runExec(ctx context.Context, stdio IO, args []string) error {
	wd, _ := os.Getwd()
	code := compat.RunShim(ctx, args, compat.ShimIO{
		ReadEvent: func() ([]byte, error) { return readEvent(stdio.In) },
		Stdout:    stdio.Out, Stderr: stdio.Err, Env: os.Environ(), Dir: wd,
	})
	if code != 0 {
		return exitCode(code)
	}
	return nil
}
