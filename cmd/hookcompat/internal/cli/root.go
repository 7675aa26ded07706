// Package cli is the hookcompat command line: one file per subcommand,
// each with an options struct, a constructor taking the IO streams and a
// run function. cobra is imported here and nowhere else.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
)

// Exit codes of hookcompat.
const (
	ExitOK    = 0 // success (run: the event was dispatched, whatever the decision)
	ExitError = 1 // bad input, unreadable or invalid config, conversion errors
	ExitUsage = 2 // wrong flags or arguments
)

// IO holds the streams a command uses.
type IO struct {
	In  io.Reader
	Out io.Writer
	Err io.Writer
}

// exitCode is an "error" that only sets the exit status: the command has
// already written everything (the exec shim answering a host agent, whose
// protocol gives exit codes meaning, such as 2 for a block).
type exitCode int

func (e exitCode) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// usageError marks an error that should be followed by a usage hint.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

func usageErrorf(format string, args ...any) error {
	return &usageError{fmt.Errorf(format, args...)}
}

// flagHint adds a did-you-mean to an unknown flag error: the command's
// flags within two edits of the name, or that start with it.
func flagHint(c *cobra.Command, err error) error {
	msg := err.Error()
	name, ok := strings.CutPrefix(msg, "unknown flag: --")
	if !ok {
		return err
	}
	best, bestD := "", 3
	c.Flags().VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		d := hookkit.EditDistance(name, f.Name)
		if strings.HasPrefix(f.Name, name) && len(name) >= 3 {
			d = min(d, 1)
		}
		if d < bestD {
			best, bestD = f.Name, d
		}
	})
	if best == "" {
		return err
	}
	return fmt.Errorf("%s (did you mean --%s?)", msg, best)
}

// usageArgs makes an argument validator's errors usage errors (exit 2).
func usageArgs(v cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if err := v(cmd, args); err != nil {
			return &usageError{err}
		}
		return nil
	}
}

// Main runs hookcompat with os.Args and the process's streams and returns
// the exit code.
func Main() int {
	stdio := IO{In: os.Stdin, Out: os.Stdout, Err: os.Stderr}
	if args := os.Args[1:]; len(args) == 1 && args[0] == "version" {
		// version starts no process: it needs neither the subreaper nor
		// the signal handling below, whose goroutine locks an OS thread
		// of its own (a thread created at every start).
		return Run(context.Background(), args, stdio)
	}
	// Descendants of hooks that daemonise are re-parented here, not to
	// init, so that a hook's timeout still finds and kills them (Linux;
	// hookcompat starts no other child processes).
	_ = runner.EnableSubreaper()
	// Every signal that would end hookcompat first cancels the running
	// hooks, whose process groups are then terminated (a closed terminal's
	// SIGHUP would otherwise orphan them).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	defer stop()
	return Run(ctx, os.Args[1:], stdio)
}

// Run runs hookcompat with args and returns the exit code. Each error is
// printed once, prefixed "hookcompat: ".
func Run(ctx context.Context, args []string, stdio IO) int {
	done, err := runLean(ctx, args, stdio)
	if !done {
		root := NewRootCmd(stdio)
		root.SetArgs(args)
		err = root.ExecuteContext(ctx)
	}
	if err == nil {
		return ExitOK
	}
	var code exitCode
	if errors.As(err, &code) {
		return int(code)
	}
	fmt.Fprintf(stdio.Err, "hookcompat: %v\n", err)
	var ue *usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stdio.Err, "Run 'hookcompat --help' for usage.\n")
		// The exec shim runs as a native hook, where exit 2 means "block"
		// (HK-20): its own usage errors must not block every call.
		if len(args) > 0 && args[0] == "exec" {
			return ExitError
		}
		return ExitUsage
	}
	return ExitError
}

// runLean runs the commands that start often — the exec shim, once per
// hook call, and version — without building the command tree (cobra's
// commands and flags for every subcommand). done is false for anything
// else, and for their help.
func runLean(ctx context.Context, args []string, stdio IO) (done bool, err error) {
	if len(args) == 0 {
		return false, nil
	}
	switch args[0] {
	case "exec":
		return execDirect(ctx, stdio, args[1:])
	case "version":
		if len(args) == 1 {
			return true, printVersion(stdio)
		}
	}
	return false, nil
}

// NewRootCmd builds the command tree.
func NewRootCmd(stdio IO) *cobra.Command {
	root := &cobra.Command{
		Use:   "hookcompat",
		Short: "Run AI-coding-agent hooks of every format through one engine, and convert them between formats",
		Long: `hookcompat loads AI-coding-agent lifecycle hooks — Claude Code settings and plugin
hooks.json files, OpenAI Codex hooks.json and config.toml [hooks], Gemini CLI and Qwen Code
settings.json, Cursor hooks.json, Phi hook folders and native TOML — and runs them unchanged
through one engine that speaks the native event set and reply schema. "hookcompat convert"
turns them into native TOML or another agent's hook file.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(stdio.In)
	root.SetOut(stdio.Out)
	root.SetErr(stdio.Err)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return &usageError{flagHint(c, err)} })
	// An unknown command is a usage error (exit 2), with a suggestion.
	root.SuggestionsMinimumDistance = 2
	root.Args = func(c *cobra.Command, args []string) error {
		if len(args) == 0 {
			return nil
		}
		msg := fmt.Sprintf("unknown command %q", args[0])
		if s := c.SuggestionsFor(args[0]); len(s) > 0 {
			msg += fmt.Sprintf(" (did you mean %s?)", strings.Join(s, " or "))
		}
		var names []string
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() {
				names = append(names, sub.Name())
			}
		}
		return usageErrorf("%s; commands: %s", msg, strings.Join(names, ", "))
	}
	root.RunE = func(c *cobra.Command, _ []string) error { return c.Help() }
	root.AddCommand(newConvertCmd(stdio, nil), newRunCmd(stdio, nil), newExecCmd(stdio), newEventCmd(stdio, nil), newListCmd(stdio, nil), newDoctorCmd(stdio, nil), newVersionCmd(stdio), newWatchCmd(stdio, nil), newValidateCmd(stdio, nil), newConformanceCmd(stdio))
	return root
}
