package cli

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hookcompat/hookcompat/compat"
)

type doctorOptions struct {
	IO
	sources
	JSON bool
}

func newDoctorCmd(stdio IO, runF func(*doctorOptions) error) *cobra.Command {
	opts := &doctorOptions{IO: stdio}
	cmd := &cobra.Command{
		Use:   "doctor " + sourceFlagsUsage() + " [--json]",
		Short: "Check that every hook's command can run (HK-40)",
		Long: `Doctor checks every loaded hook (HK-40): the program of each command hook (an args
hook's first element) must resolve to an executable — on PATH, or as a path from the
directory the hook runs in — and when it is an interpreter (python3, node, uv run, bash,
…) the script it is given must exist. A native command that contains $ ; | or & is not
checked; a foreign hook's command is split as its shell would, with the variables its
agent sets ($CLAUDE_PROJECT_DIR, a plugin's $CLAUDE_PLUGIN_ROOT, $HOME, ~) expanded, and a
list, a pipe or a word using another variable is not checked. A converted hook that calls
the exec shim (hookcompat exec …) is seen through: the shim must be on PATH (or where
--shim put it), and the hook it wraps is checked as a hook of its own format. http and
prompt hooks are listed, not checked. Load warnings that mean a hook will not run (an
unknown event, a discovered file that does not parse) are errors too: doctor reports
every error validate reports, each once.

Findings print as file:line:col: severity: code: message (hint), then
"N checked, M not checked, K error(s)"; the exit status is 1 when there is an error.`,
		Example: `  hookcompat doctor --project .
  hookcompat doctor --config hooks.toml --json`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return runDoctor(opts)
		},
	}
	opts.sources.flags(cmd)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print JSON")
	return cmd
}

func runDoctor(opts *doctorOptions) error {
	loaded, err := opts.load(opts.Err)
	if err != nil {
		return err
	}
	// The warnings that mean a hook will not run are findings (errors),
	// and a warning a finding says again is not printed twice.
	rep := compat.Diagnose(loaded, nil)
	opts.warn(opts.Err, rep.Warnings)
	if opts.JSON {
		findings := rep.Findings
		if findings == nil {
			findings = []compat.Finding{}
		}
		enc := json.NewEncoder(opts.Out)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(findings); err != nil {
			return err
		}
	} else {
		for _, f := range rep.Findings {
			fmt.Fprintln(opts.Out, f.String())
		}
		fmt.Fprintf(opts.Out, "%d checked, %d not checked, %d error(s)\n", rep.Checked, rep.NotChecked, rep.Errors)
	}
	if rep.Errors > 0 {
		return fmt.Errorf("doctor: %d error(s)", rep.Errors)
	}
	return nil
}
