package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

type execOptions struct {
	IO
	Protocol   string
	Event      string
	Matcher    string
	If         string
	Timeout    float64
	FailClosed bool
	Async      bool
	Exec       bool
	Env        []string
	URL        string
	Headers    []string
	AllowedEnv []string
	Name       string
	Dir        string
	PhiDirs    []string
	Command    []string
}

func newExecCmd(stdio IO, runF func(*execOptions) error) *cobra.Command {
	opts := &execOptions{IO: stdio}
	cmd := &cobra.Command{
		Use:   "exec --protocol claude --event EVENT [flags] -- COMMAND...",
		Short: "Run one foreign hook for a native engine (the shim of converted TOML)",
		Long: `Exec reads a native event on stdin, runs COMMAND with the given protocol's stdin, environment
and working directory exactly as its home agent would, and answers on stdout in the native
reply schema (HK-20, HK-53, HK-60): {"decision", "reason", "continue", "additional_context",
"updated_args", "system_message"}, exit status 0. This is what lets TOML converted with
--target native run unchanged Claude Code scripts under any engine of the native spec.

COMMAND is one shell command string (Claude's shell form, run as /bin/sh -c), or with --exec a
program and its arguments (Claude's exec form). --matcher applies Claude's matcher to the event
(tool name, source, …); when it does not match, the reply is empty. Unknown fields of the native
event are kept and passed on. On SIGTERM, SIGINT or SIGHUP the hook's process group is
terminated first; then a --fail-closed hook answers a block, any other exits 1 without
an answer.`,
		Example: `  hookcompat exec --protocol claude --event PreToolUse --matcher 'Edit|Write' -- '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh'
  hookcompat exec --protocol claude --event PostToolUse --exec -- node hooks/format.mjs --fix
  hookcompat exec --protocol phi --event pre_tool --matcher bash --name guard --dir .phi/hooks/guard --exec -- ./run.sh`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if cmd.ArgsLenAtDash() >= 0 {
				opts.Command = args[cmd.ArgsLenAtDash():]
			}
			if (len(opts.Command) == 0) == (opts.URL == "") && len(opts.PhiDirs) == 0 {
				return usageErrorf("exec: give the hook's command after --, or --url for an http hook (not both)")
			}
			if runF != nil {
				return runF(opts)
			}
			return runExec(cmd, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Protocol, "protocol", settings.ProtocolClaude, "the hook's protocol: claude or phi")
	f.StringVar(&opts.Event, "event", "", "the event the hook is configured for (Claude: e.g. PreToolUse; Phi: pre_tool or post_tool)")
	f.StringVar(&opts.Matcher, "matcher", "", "the hook's matcher in its protocol's syntax")
	f.StringVar(&opts.If, "if", "", "the hook's if rule in its protocol's syntax")
	f.Float64Var(&opts.Timeout, "timeout", 0, "timeout in seconds (default: the protocol's, 600 for Claude); when given, the hook is stopped a fifth of it earlier, at most 0.5 s, so that this shim answers within it")
	f.BoolVar(&opts.FailClosed, "fail-closed", false, "a failure blocks (Claude onFailure: block)")
	f.BoolVar(&opts.Async, "async", false, "the hook is async: its decisions have no effect")
	f.BoolVar(&opts.Exec, "exec", false, "COMMAND is a program and its arguments, not a shell command string")
	f.StringArrayVar(&opts.Env, "env", nil, "KEY=value added to the hook's environment (repeatable)")
	f.StringVar(&opts.URL, "url", "", "run an http hook: POST the event to this URL")
	f.StringArrayVar(&opts.Headers, "header", nil, `"Name: value" header of the http hook (repeatable)`)
	f.StringArrayVar(&opts.AllowedEnv, "allowed-env-var", nil, "variable the http headers may use (repeatable)")
	f.StringVar(&opts.Name, "name", "", "the hook's name (Phi: used in its messages)")
	f.StringVar(&opts.Dir, "dir", "", "the hook's working directory (Phi: the hook directory)")
	f.StringArrayVar(&opts.PhiDirs, "phi-dir", nil, "run every Phi hook of --event in this hooks folder, merged as Phi merges them (repeatable)")
	return cmd
}

// runExecPhiDirs fires the native event through every Phi hook of the
// folders for its event, with Phi's schedule and merge, and prints the
// native reply.
func runExecPhiDirs(cmd *cobra.Command, opts *execOptions, native settings.Event) error {
	return fireShim(cmd, opts, native, func(project string) (*runner.Engine, error) {
		loaded, err := compat.Load(compat.Options{Project: project, PhiDirs: opts.PhiDirs})
		if err != nil {
			return nil, err
		}
		printWarnings(opts.Err, loaded.Warnings)
		return compat.NewEngine(loaded, runner.Options{KillGrace: 300 * time.Millisecond})
	})
}

// fireShim reads one native event from stdin and, when it is the shim's
// event, fires it through the engine build makes for the event's
// workspace (the working directory when the event has none), waits for
// detached hooks (Engine.Close) and prints the native reply; for another
// event it prints the empty reply. Hook failures are echoed on stderr.
func fireShim(cmd *cobra.Command, opts *execOptions, native settings.Event, build func(workspace string) (*runner.Engine, error)) error {
	data, err := readEvent(opts.In)
	if err != nil {
		return fmt.Errorf("exec: %w", err)
	}
	ev, err := runner.DecodeEventLenient(data)
	if err != nil {
		return fmt.Errorf("exec: %w", err)
	}
	reply := runner.Reply{}
	if ev.Name == native {
		workspace := ev.Workspace
		if workspace == "" {
			workspace, _ = os.Getwd()
		}
		eng, err := build(workspace)
		if err != nil {
			return fmt.Errorf("exec: %w", err)
		}
		out, err := eng.Fire(cmd.Context(), ev)
		if out == nil || (err != nil && !out.Decision.Blocks()) {
			// Signalled before the hook answered: no answer (a failure
			// of this shim), unless the hook is fail_closed.
			_ = eng.Close(context.Background())
			return fmt.Errorf("exec: %w", err)
		}
		_ = eng.Close(cmd.Context()) // detached (async Phi) hooks finish, or are killed, first
		reply = out.Reply
		for _, tr := range out.Hooks {
			if tr.Error != "" {
				fmt.Fprintf(opts.Err, "hookcompat exec: %s: %s\n", tr.Outcome, tr.Error)
			}
		}
	} else {
		fmt.Fprintf(opts.Err, "hookcompat exec: the event is %q, the hooks are configured for %s; not run\n", ev.Name, opts.Event)
	}
	b, err := json.Marshal(reply)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(opts.Out, "%s\n", b)
	return err
}

func runExec(cmd *cobra.Command, opts *execOptions) error {
	var native settings.Event
	switch opts.Protocol {
	case settings.ProtocolClaude:
		var ok bool
		if native, ok = translate.NativeEvent(opts.Event); !ok {
			return usageErrorf("exec: --event %q is not a Claude Code event", opts.Event)
		}
	case settings.ProtocolPhi:
		// Phi's events are pre_tool and post_tool, the native names.
		native = settings.Event(opts.Event)
		if native != settings.PreTool && native != settings.PostTool {
			return usageErrorf("exec: --event %q: a Phi hook is pre_tool or post_tool", opts.Event)
		}
		if len(opts.PhiDirs) > 0 {
			if len(opts.Command) > 0 || opts.URL != "" {
				return usageErrorf("exec: --phi-dir runs the hooks of a folder; give no command")
			}
			return runExecPhiDirs(cmd, opts, native)
		}
		if opts.URL != "" || !opts.Exec {
			return usageErrorf("exec: a Phi hook runs its program directly: use --exec -- RUN, or --phi-dir DIR")
		}
	default:
		return usageErrorf("exec: --protocol %q: want claude or phi", opts.Protocol)
	}
	if opts.Timeout < 0 || math.IsNaN(opts.Timeout) || math.IsInf(opts.Timeout, 0) || opts.Timeout >= float64(math.MaxInt64)/float64(time.Second) {
		return usageErrorf("exec: --timeout must be a non-negative number of seconds below 9e9")
	}
	h := settings.Hook{
		Event:      native,
		Protocol:   opts.Protocol,
		Match:      opts.Matcher,
		If:         opts.If,
		FailClosed: opts.FailClosed,
		Async:      opts.Async,
		Timeout:    time.Duration(opts.Timeout * float64(time.Second)),
		Name:       opts.Name,
		Dir:        opts.Dir,
		Source:     settings.Source{File: "flags", Format: opts.Protocol, Event: opts.Event},
	}
	switch {
	case h.Timeout == 0 && opts.Protocol == settings.ProtocolPhi:
		h.Timeout = 5 * time.Second // Phi's default
	case h.Timeout == 0:
		h.Timeout = 600 * time.Second // Claude's default
	}
	if opts.Matcher != "" {
		h.MatchSyntax = settings.MatchClaude
		if opts.Protocol == settings.ProtocolPhi {
			h.MatchSyntax = settings.MatchExact
		}
	}
	switch {
	case opts.URL != "":
		h.Type, h.URL, h.AllowedEnvVars = settings.TypeHTTP, opts.URL, opts.AllowedEnv
		for _, hv := range opts.Headers {
			k, v, ok := strings.Cut(hv, ":")
			if !ok {
				return usageErrorf("exec: --header %q: want \"Name: value\"", hv)
			}
			if h.Headers == nil {
				h.Headers = map[string]string{}
			}
			h.Headers[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	case opts.Exec:
		h.Args = opts.Command
	default:
		h.Command = strings.Join(opts.Command, " ")
	}
	for _, kv := range opts.Env {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return usageErrorf("exec: --env %q: want KEY=value", kv)
		}
		if h.Env == nil {
			h.Env = map[string]string{}
		}
		h.Env[k] = v
	}
	// A hook the flags describe badly (an invalid --matcher or --if) is
	// an error on every event, not only on those it would run for.
	if err := (&settings.Config{Hooks: []settings.Hook{h}}).Validate(); err != nil {
		return fmt.Errorf("exec: %w", err)
	}
	return fireShim(cmd, opts, native, func(workspace string) (*runner.Engine, error) {
		// A short kill grace: the engine that runs this shim gives it its
		// own grace after SIGTERM, and the hook's group must be gone first.
		ropts := runner.Options{Workspace: workspace, KillGrace: 300 * time.Millisecond}
		if opts.Timeout > 0 {
			// The engine running this shim gives it exactly --timeout:
			// stop the hook a little earlier, so that its timeout is
			// answered by this shim with the protocol's own reply (a
			// fail_closed Claude hook denies with Claude's reason) rather
			// than seen as the shim timing out.
			ropts.TimeoutReserve = min(500*time.Millisecond, h.Timeout/5)
			ropts.KillGrace = min(ropts.KillGrace, ropts.TimeoutReserve/2)
		}
		return runner.New(&settings.Config{Hooks: []settings.Hook{h}}, ropts)
	})
}
