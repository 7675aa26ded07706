package cli

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/settings"
)

type validateOptions struct {
	IO
	sources
	JSON bool
}

func newValidateCmd(stdio IO, runF func(*validateOptions) error) *cobra.Command {
	opts := &validateOptions{IO: stdio}
	cmd := &cobra.Command{
		Use:   "validate " + sourceFlagsUsage() + " [--json]",
		Short: "Report only the errors of the hook configs; exit 1 when there are any (for CI)",
		Long: `Validate loads the given sources (found as for run) and reports only errors, each once,
one per line: a file that does not parse or whose hooks are invalid (with file:line:col,
each invalid hook on its own line), and every error doctor reports — hooks whose program,
script or exec shim cannot be found, converted hooks whose wrapped command cannot run.
Hooks the agent itself would skip and so never run are errors too: a discovered settings
file or Phi hook.json that does not parse, an unknown event, an entry of the wrong shape,
a matcher that cannot compile or never fires (a permission rule such as
"Bash(git commit:*)" used as a matcher). Other warnings are not printed. The last line on
stderr counts the errors printed; without errors, one line on stdout says so:
"validate: no errors (N hooks in M sources)" (not with --json or --quiet). The exit status
is 0 when there is no error and 1 otherwise, so it fits a CI step.`,
		Example: `  hookcompat validate --project .
  hookcompat validate --config hooks.toml --json`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return runValidate(opts)
		},
	}
	opts.sources.flags(cmd)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print JSON")
	return cmd
}

// validationError is one error as validate --json prints it.
type validationError struct {
	Message string `json:"message"`
	Code    string `json:"code,omitempty"`
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Col     int    `json:"col,omitempty"`
}

func runValidate(opts *validateOptions) error {
	var errs []validationError
	loaded, err := opts.load(opts.Err)
	if err != nil {
		// Each error of a list is one error (a file with three invalid
		// hooks has three).
		var list settings.ErrorList
		var one *settings.Error
		switch {
		case errors.As(err, &list):
			for _, e := range list {
				errs = append(errs, validationError{Message: e.Error(), Code: "load", File: e.File, Line: e.Line, Col: e.Col})
			}
		case errors.As(err, &one):
			errs = append(errs, validationError{Message: err.Error(), Code: "load", File: one.File, Line: one.Line, Col: one.Col})
		default:
			errs = append(errs, validationError{Message: err.Error(), Code: "load"})
		}
	} else {
		// doctor's errors: the load warnings that mean a hook will not run,
		// and the hooks that cannot run as written.
		for _, f := range compat.Diagnose(loaded, nil).Findings {
			if f.Severity == compat.SeverityError {
				errs = append(errs, validationError{Message: f.String(), Code: f.Code, File: f.File, Line: f.Line, Col: f.Col})
			}
		}
	}
	if opts.JSON {
		if errs == nil {
			errs = []validationError{}
		}
		enc := json.NewEncoder(opts.Out)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(errs); err != nil {
			return err
		}
	} else {
		for _, e := range errs {
			fmt.Fprintln(opts.Out, e.Message)
		}
		if len(errs) == 0 && !opts.Quiet {
			fmt.Fprintf(opts.Out, "validate: no errors (%d hooks in %d sources)\n", len(loaded.Config.Hooks), len(existing(loaded.Sources)))
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("validate: %d error(s)", len(errs))
	}
	return nil
}
