package cli

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

type watchOptions struct {
	IO
	sources
	For time.Duration
}

func newWatchCmd(stdio IO, runF func(*watchOptions) error) *cobra.Command {
	opts := &watchOptions{IO: stdio}
	cmd := &cobra.Command{
		Use:   "watch " + sourceFlagsUsage() + " [--for DURATION]",
		Short: "Reload hooks when their files change, and say what changed",
		Long: `Watch loads the hooks of the given sources (found as for run) and watches their files.
When an edit changes the hooks, they are re-translated and swapped in at once, and
"reloaded: A hook(s) added, R removed, C changed" is printed, then each hook added (+),
removed (-) and changed (~, with what changed: its matcher, timeout, if rule, fail_closed,
command, type, …), and each new load warning that means a hook will not run (!, such as an
event renamed to a name its format does not know). A Phi hooks folder is watched with its
hook folders, also those created after the start. Load warnings go to stderr, each once:
a reload prints only those the hooks running before it did not have (with --quiet only
those that mean a hook will not run). A broken edit keeps the previous hooks running and is
reported with file:line.

The scripts the hooks run are watched too (each script or program a command names by a
path, and the script an interpreter is given, wherever it is; also after an editor replaces
it by a rename). When one loses its execute bit, is deleted, is replaced by a file that is
not executable or fails its interpreter's syntax check (bash -n, sh -n, py_compile,
node --check), "! FILE:LINE:COL: CODE: EVENT HOOK will not run: … (the fix, e.g. chmod +x)"
is printed once, and "ok FILE:LINE:COL: EVENT HOOK runs again" when it is fixed. A change of
a script alone does not reload the hooks: each event runs the script as it is then (a Phi
hook folder's files are its source's and reload as before). The scripts already broken at
the start are printed after the "watching" line. It runs until interrupted, or for --for.`,
		Example: `  hookcompat watch --project .
  hookcompat watch --config hooks.toml --for 10m`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return runWatch(cmd.Context(), opts)
		},
	}
	opts.sources.flags(cmd)
	cmd.Flags().DurationVar(&opts.For, "for", 0, "stop after this long (default: until interrupted)")
	return cmd
}

func runWatch(ctx context.Context, opts *watchOptions) error {
	loadOpts := opts.options()
	first, err := compat.Load(loadOpts)
	if err != nil {
		return err
	}
	if !opts.Quiet {
		fmt.Fprintln(opts.Err, sourcesLine(first))
	}
	opts.warn(opts.Err, first.Warnings)
	warned := warningSet(first.Warnings) // the running load's warnings, printed once
	dropped := map[string]bool{}         // the warnings that drop hooks, of the running load
	for _, x := range droppedHooks(first.Warnings) {
		dropped[x] = true
	}
	eng, err := compat.NewEngine(first, runner.Options{})
	if err != nil {
		return err
	}
	var mu sync.Mutex // serialises output
	w, err := compat.Watch(first, eng, func(c compat.Change) {
		mu.Lock()
		defer mu.Unlock()
		if c.Err != nil {
			fmt.Fprintf(opts.Out, "kept the previous hooks: %v\n", c.Err)
			return
		}
		if !c.Applied {
			// A script changed: only what it means for the hooks.
			printScripts(opts.Out, c.Broken, c.Fixed)
			return
		}
		fmt.Fprintf(opts.Out, "reloaded: %d hook(s) added, %d removed, %d changed\n", len(c.Added), len(c.Removed), len(c.Changed))
		for _, a := range c.Added {
			fmt.Fprintf(opts.Out, "  + %s\n", a)
		}
		for _, r := range c.Removed {
			fmt.Fprintf(opts.Out, "  - %s\n", r)
		}
		for _, x := range c.Changed {
			fmt.Fprintf(opts.Out, "  ~ %s\n", x)
		}
		// A warning that drops hooks (an event renamed to an unknown
		// name), new since the last reload, is a change too.
		now := droppedHooks(c.Warnings)
		for _, x := range now {
			if !dropped[x] {
				fmt.Fprintf(opts.Out, "  ! %s\n", x)
			}
		}
		printScripts(opts.Out, c.Broken, c.Fixed)
		dropped = map[string]bool{}
		for _, x := range now {
			dropped[x] = true
		}
		// Each load warning once: a reload prints those the running load
		// did not have (every reload loads every source again).
		var fresh []translate.Warning
		for _, x := range c.Warnings {
			if !warned[x.String()] {
				fresh = append(fresh, x)
			}
		}
		opts.warn(opts.Err, fresh)
		warned = warningSet(c.Warnings)
	})
	if err != nil {
		return err
	}
	defer w.Close()
	mu.Lock()
	fmt.Fprintf(opts.Out, "watching %d file(s): %d hook(s)\n", len(first.Files), len(eng.Hooks()))
	printScripts(opts.Out, compat.ScriptFindings(first, nil), nil)
	mu.Unlock()
	if opts.For > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.For)
		defer cancel()
	}
	<-ctx.Done()
	return nil
}

// printScripts prints the hooks that will not run because of the file
// they run ("  ! FILE:LINE:COL: CODE: EVENT HOOK will not run: MESSAGE
// (HINT)"), then those that run again, one line per hook ("  ok
// FILE:LINE:COL: EVENT HOOK runs again (CODE fixed)").
func printScripts(w io.Writer, broken, fixed []compat.Finding) {
	for _, f := range broken {
		line := fmt.Sprintf("  ! %s: %s: %s %s will not run: %s", findingPos(f), f.Code, f.Event, f.Hook, f.Message)
		if f.Hint != "" {
			line += " (" + f.Hint + ")"
		}
		fmt.Fprintln(w, line)
	}
	var order []string
	codes := map[string][]string{}
	for _, f := range fixed {
		k := fmt.Sprintf("%s: %s %s", findingPos(f), f.Event, f.Hook)
		if _, ok := codes[k]; !ok {
			order = append(order, k)
		}
		if !slices.Contains(codes[k], f.Code) {
			codes[k] = append(codes[k], f.Code)
		}
	}
	for _, k := range order {
		fmt.Fprintf(w, "  ok %s runs again (%s fixed)\n", k, strings.Join(codes[k], ", "))
	}
}

// findingPos is f's file:line:col.
func findingPos(f compat.Finding) string {
	pos := f.File
	if f.Line > 0 {
		pos += fmt.Sprintf(":%d", f.Line)
		if f.Col > 0 {
			pos += fmt.Sprintf(":%d", f.Col)
		}
	}
	return pos
}

// warningSet is the set of warns as printed.
func warningSet(warns []translate.Warning) map[string]bool {
	m := make(map[string]bool, len(warns))
	for _, w := range warns {
		m[w.String()] = true
	}
	return m
}

// droppedHooks are the warnings of warns that mean hooks will not run.
func droppedHooks(warns []translate.Warning) []string {
	var out []string
	for _, w := range warns {
		if compat.DropsHooks(w) {
			out = append(out, w.String())
		}
	}
	return out
}
