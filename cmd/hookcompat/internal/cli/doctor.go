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
		Long: `Doctor checks every loaded hook (HK-40): the first word of each command hook (an args
hook's first element) must resolve to an executable — on PATH, or as a path from the
directory the hook runs in — unless the command contains $ ; | or & (then it is listed as
not checked). In Claude hooks $CLAUDE_PROJECT_DIR, $CLAUDE_PLUGIN_ROOT and $HOME are
expanded first, so their scripts are checked too. http and prompt hooks are listed.
Findings print as file:line:col: severity: code: message; the exit status is 1 when a
finding is an error.`,
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
	loaded, err := opts.load()
	if err != nil {
		return err
	}
	printWarnings(opts.Err, loaded.Warnings)
	findings := compat.Doctor(loaded, nil)
	errs := 0
	for _, f := range findings {
		if f.Severity == compat.SeverityError {
			errs++
		}
	}
	if opts.JSON {
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
		for _, f := range findings {
			fmt.Fprintln(opts.Out, f.String())
		}
		fmt.Fprintf(opts.Out, "%d hook(s) checked, %d error(s)\n", len(loaded.Config.Hooks), errs)
	}
	if errs > 0 {
		return fmt.Errorf("doctor: %d hook(s) cannot run as written", errs)
	}
	return nil
}
