package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

type execOptions struct {
	IO
	// Spec is the parsed command line (format.ParseShimArgs).
	Spec *format.ShimSpec
}

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

COMMAND is one shell command string (Claude's shell form, run as /bin/sh -c), or with --exec a
program and its arguments (Claude's exec form). --matcher applies the format's matcher to the
event (tool name, source, …); when it does not match, the reply is empty. Unknown fields of the
native event are kept and passed on. On SIGTERM, SIGINT or SIGHUP the hook's process group is
terminated first; then a --fail-closed hook answers a block, any other exits 1 without an
answer.

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

func newExecCmd(stdio IO, runF func(*execOptions) error) *cobra.Command {
	opts := &execOptions{IO: stdio}
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
			for _, a := range args {
				if a == "--" {
					break
				}
				if a == "-h" || a == "--help" {
					return cmd.Help()
				}
			}
			spec, err := format.ParseShimArgs(args)
			if err != nil {
				return &usageError{fmt.Errorf("exec: %w", unwrapUsage(err))}
			}
			opts.Spec = spec
			if runF != nil {
				return runF(opts)
			}
			return runExec(cmd.Context(), opts)
		},
	}
	return cmd
}

// execDirect runs `hookcompat exec ARGS` without building the command
// tree: the shim starts once per hook call, and nothing it does not need
// is built. ok is false when ARGS ask for help (cobra prints it).
func execDirect(ctx context.Context, stdio IO, args []string) (ok bool, err error) {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "--help" {
			return false, nil
		}
	}
	spec, err := format.ParseShimArgs(args)
	if err != nil {
		return true, &usageError{fmt.Errorf("exec: %w", unwrapUsage(err))}
	}
	return true, runExec(ctx, &execOptions{IO: stdio, Spec: spec})
}

// unwrapUsage drops the "exec usage: " prefix of a shim usage error.
func unwrapUsage(err error) error {
	msg := err.Error()
	if errors.Is(err, format.ErrShimUsage) {
		msg = strings.TrimPrefix(msg, format.ErrShimUsage.Error()+": ")
	}
	return errors.New(msg)
}

func runExec(ctx context.Context, opts *execOptions) error {
	spec := opts.Spec
	if _, err := spec.HostFormat(); err != nil {
		return &usageError{fmt.Errorf("exec: %w", unwrapUsage(err))}
	}
	h, err := spec.Hook()
	if err != nil {
		if errors.Is(err, format.ErrShimUsage) {
			return &usageError{fmt.Errorf("exec: %w", unwrapUsage(err))}
		}
		return fmt.Errorf("exec: %w", err)
	}
	home, _ := os.UserHomeDir()
	if len(spec.PhiDirs) > 0 {
		return fireShim(ctx, opts, h.Event, func(workspace string) (*runner.Engine, error) {
			// Folders are relative to the workspace, or under ~
			// (format.ShimSpec.Portable).
			spec.Resolve(workspace, home)
			var srcs []format.Source
			for _, d := range spec.PhiDirs {
				srcs = append(srcs, format.Source{Format: settings.ProtocolPhi, Path: d})
			}
			loaded, err := compat.Load(compat.Options{Project: workspace, Sources: srcs})
			if err != nil {
				return nil, err
			}
			printWarnings(opts.Err, loaded.Warnings)
			return compat.NewEngine(loaded, runner.Options{KillGrace: 300 * time.Millisecond})
		})
	}
	// A hook the flags describe badly (an invalid --matcher or --if) is
	// an error on every event, not only on those it would run for.
	one := &settings.Config{Hooks: []settings.Hook{*h}}
	if err := one.Validate(); err != nil {
		return fmt.Errorf("exec: %w", err)
	}
	return fireShim(ctx, opts, h.Event, func(workspace string) (*runner.Engine, error) {
		// Paths of the call (a plugin's CLAUDE_PLUGIN_ROOT, --dir) are
		// relative to the workspace, or under ~
		// (format.ShimSpec.Portable).
		spec.Resolve(workspace, home)
		h, err := spec.Hook()
		if err != nil {
			return nil, err
		}
		one := &settings.Config{Hooks: []settings.Hook{*h}}
		// A short kill grace: the engine that runs this shim gives it its
		// own grace after SIGTERM, and the hook's group must be gone first.
		ropts := runner.Options{Workspace: workspace, KillGrace: 300 * time.Millisecond}
		if spec.Timeout > 0 {
			// The engine running this shim gives it exactly --timeout:
			// stop the hook a little earlier, so that its timeout is
			// answered by this shim with the protocol's own reply (a
			// fail_closed Claude hook denies with Claude's reason) rather
			// than seen as the shim timing out.
			ropts.TimeoutReserve = min(500*time.Millisecond, h.Timeout/5)
			ropts.KillGrace = min(ropts.KillGrace, ropts.TimeoutReserve/2)
		}
		return compat.NewEngine(&compat.Loaded{Config: one, Project: workspace}, ropts)
	})
}

// fireShim reads one event from stdin — a native event, or the host's
// payload with --host — and, when it is the shim's event, fires it
// through the engine build makes for the event's workspace (the working
// directory when the event has none), waits for detached hooks
// (Engine.Close) and answers: the native reply, or the host's reply
// schema and exit status. For another event the answer is the empty
// reply. Hook failures are echoed on stderr, and the native reply carries
// every run's outcome, exit code and error in its runner.ReportKey field.
func fireShim(ctx context.Context, opts *execOptions, native settings.Event, build func(workspace string) (*runner.Engine, error)) error {
	data, err := readEvent(opts.In)
	if err != nil {
		return fmt.Errorf("exec: %w", err)
	}
	host, _ := opts.Spec.HostFormat()
	var ev runner.Event
	if host != nil {
		wd, _ := os.Getwd()
		var score int
		ev, score, err = host.ReadEvent(data, wd, nil)
		if err == nil && score == 0 {
			err = fmt.Errorf("stdin is not a %s hook payload", opts.Spec.Host)
		}
		if hr, ok := host.(format.HostEventReader); ok && err == nil {
			// The hook gets its own agent's payload, not the host's.
			ev, err = hr.ReadHostEvent(data, wd, opts.Spec.Protocol)
		}
	} else {
		ev, err = runner.DecodeEventLenient(data)
	}
	if err != nil {
		return fmt.Errorf("exec: %w", err)
	}
	read := ev.Clone()
	out := &runner.Outcome{Event: ev}
	var report *runner.Report
	if ev.Name == native {
		workspace := ev.Workspace
		if workspace == "" {
			workspace, _ = os.Getwd()
		}
		eng, err := build(workspace)
		if err != nil {
			return fmt.Errorf("exec: %w", err)
		}
		out, err = eng.Fire(ctx, ev)
		if out == nil || (err != nil && !out.Decision.Blocks()) {
			// Signalled before the hook answered: no answer (a failure
			// of this shim), unless the hook is fail_closed.
			_ = eng.Close(context.Background())
			return fmt.Errorf("exec: %w", err)
		}
		_ = eng.Close(ctx) // detached (async Phi) hooks finish, or are killed, first
		for _, tr := range out.Hooks {
			if tr.Error != "" {
				code := ""
				if tr.ExitCode != nil {
					code = fmt.Sprintf(" (exit %d)", *tr.ExitCode)
				}
				fmt.Fprintf(opts.Err, "hookcompat exec: %s: %s%s: %s\n", tr.Command, tr.Outcome, code, tr.Error)
			}
		}
		report = runner.ReportOf(out)
	} else {
		fmt.Fprintf(opts.Err, "hookcompat exec: the event is %q, the hooks are configured for %s; not run\n", ev.Name, opts.Spec.Event)
	}
	if host != nil {
		stdout, stderr, code := host.WriteReply(out, &read)
		if _, err := opts.Out.Write(stdout); err != nil {
			return err
		}
		if _, err := opts.Err.Write(stderr); err != nil {
			return err
		}
		if code != 0 {
			return exitCode(code)
		}
		return nil
	}
	// The native reply, and hookcompat's extension field naming the runs
	// it stands for (runner.ReportKey), so that an engine that knows it
	// traces the wrapped hook's failure; a plain one ignores it.
	b, err := json.Marshal(struct {
		runner.Reply
		Report *runner.Report `json:"hookcompat,omitempty"`
	}{out.Reply, report})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(opts.Out, "%s\n", b)
	return err
}
