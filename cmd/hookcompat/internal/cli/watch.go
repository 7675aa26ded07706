package cli

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/runner"
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
When an edit changes the hooks, they are re-translated and swapped in at once, and each
added or removed hook is printed. A broken edit keeps the previous hooks running and is
reported with file:line. It runs until interrupted, or for --for.`,
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
	printWarnings(opts.Err, first.Warnings)
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
		fmt.Fprintf(opts.Out, "reloaded: %d hook(s) added, %d removed\n", len(c.Added), len(c.Removed))
		for _, a := range c.Added {
			fmt.Fprintf(opts.Out, "  + %s\n", a)
		}
		for _, r := range c.Removed {
			fmt.Fprintf(opts.Out, "  - %s\n", r)
		}
		printWarnings(opts.Err, c.Warnings)
	})
	if err != nil {
		return err
	}
	defer w.Close()
	mu.Lock()
	fmt.Fprintf(opts.Out, "watching %d file(s): %d hook(s)\n", len(first.Files), len(eng.Hooks()))
	mu.Unlock()
	if opts.For > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.For)
		defer cancel()
	}
	<-ctx.Done()
	return nil
}
