package cli

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/hookcompat/hookcompat/compat/format"
)

func newVersionCmd(stdio IO) *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print hookcompat's version and the agent versions whose behaviour it reproduces",
		Example: `  hookcompat version`,
		Args:    usageArgs(cobra.NoArgs),
		RunE:    func(*cobra.Command, []string) error { return printVersion(stdio) },
	}
}

// printVersion prints hookcompat's version and, per format, the agent
// version whose behaviour it reproduces.
func printVersion(stdio IO) error {
	v := "(devel)"
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		v = bi.Main.Version
	}
	if _, err := fmt.Fprintf(stdio.Out, "hookcompat %s\n", v); err != nil {
		return err
	}
	for _, f := range format.All() {
		if in := f.Info(); in.Version != "" {
			basis := in.Basis
			if basis == "" {
				basis = "oracle recordings"
			}
			if _, err := fmt.Fprintf(stdio.Out, "%s behaviour: %s (%s)\n", in.Title, in.Version, basis); err != nil {
				return err
			}
		}
	}
	return nil
}
