package cli

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/hookcompat/hookcompat/compat/claude"
)

func newVersionCmd(stdio IO) *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print hookcompat's version and the Claude Code version it reproduces",
		Example: `  hookcompat version`,
		Args:    usageArgs(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error {
			v := "(devel)"
			if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
				v = bi.Main.Version
			}
			_, err := fmt.Fprintf(stdio.Out, "hookcompat %s\nClaude Code behaviour: %s (oracle recordings)\n", v, claude.RenderVersion)
			return err
		},
	}
}
