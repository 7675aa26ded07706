package cli

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hookcompat/hookcompat/compat"
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
		Long: `Validate loads the given sources (found as for run) and reports only errors: a file that
does not parse or whose hooks are invalid (with file:line:col), and hooks whose program
cannot be found (doctor's errors). Hooks the agent itself would skip and so never run are
errors too: a discovered settings file or Phi hook.json that does not parse, an unknown
event, an entry of the wrong shape, a matcher that cannot compile or never fires (a
permission rule such as "Bash(git commit:*)" used as a matcher). Other warnings are
not printed. The exit status is 0 when
there is no error and 1 otherwise, so it fits a CI step.`,
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
	loaded, err := opts.load()
	if err != nil {
		errs = append(errs, validationError{Message: err.Error(), Code: "load"})
	} else {
		for _, w := range loaded.Warnings {
			if compat.DropsHooks(w) {
				// Printed as doctor prints its errors: position, "error", code.
				f := compat.Finding{File: w.File, Line: w.Line, Col: w.Col, Severity: compat.SeverityError, Code: w.Code, Message: w.Message}
				errs = append(errs, validationError{Message: f.String(), Code: w.Code, File: w.File, Line: w.Line, Col: w.Col})
			}
		}
		for _, f := range compat.Doctor(loaded, nil) {
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
	}
	if len(errs) > 0 {
		return fmt.Errorf("validate: %d error(s)", len(errs))
	}
	return nil
}
