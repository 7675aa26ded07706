package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

type convertOptions struct {
	IO
	From   string
	Strict bool
	Files  []string
}

func newConvertCmd(stdio IO, runF func(*convertOptions) error) *cobra.Command {
	opts := &convertOptions{IO: stdio}
	cmd := &cobra.Command{
		Use:   "convert [--from claude|native|auto] FILE...",
		Short: "Convert hook configs to native TOML",
		Long: `Convert reads Claude Code settings files, plugin hooks.json files or native TOML and
writes one native TOML config on stdout. Every construct that is not carried over
exactly is reported on stderr as file:line:col: code: message. A file that cannot be
read or parsed is an error: it is named with its position and the exit status is 1.
"-" reads stdin.`,
		Example: `  hookcompat convert .claude/settings.json > hooks.toml
  hookcompat convert --from claude plugin/hooks/hooks.json
  cat settings.json | hookcompat convert -`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Files = args
			if runF != nil {
				return runF(opts)
			}
			return runConvert(opts)
		},
	}
	cmd.Flags().StringVar(&opts.From, "from", "auto", "input format: claude, native or auto (detect per file)")
	cmd.Flags().BoolVar(&opts.Strict, "strict", false, "treat warnings as errors")
	return cmd
}

func runConvert(opts *convertOptions) error {
	switch opts.From {
	case "auto", "claude", "native":
	default:
		return usageErrorf("--from %q: want claude, native or auto", opts.From)
	}
	all := &settings.Config{}
	var warnings []translate.Warning
	var failed []error
	for _, path := range opts.Files {
		cfg, warns, err := convertOne(opts, path)
		if err != nil {
			fmt.Fprintf(opts.Err, "%v\n", err)
			failed = append(failed, err)
			continue
		}
		all.Append(cfg)
		warnings = append(warnings, warns...)
	}
	for _, w := range warnings {
		fmt.Fprintln(opts.Err, w.String())
	}
	header := []string{"Native hooks converted by hookcompat convert from:"}
	for _, f := range opts.Files {
		header = append(header, "  "+f)
	}
	header = append(header, "Foreign hooks keep their protocol (protocol = \"claude\"): run this file with hookcompat.")
	var buf bytes.Buffer
	if err := settings.Encode(&buf, all, settings.EncodeOptions{Header: header, Provenance: true}); err != nil {
		return err
	}
	if _, err := opts.Out.Write(buf.Bytes()); err != nil {
		return err
	}
	switch {
	case len(failed) > 0:
		return fmt.Errorf("convert: %d of %d file(s) could not be converted", len(failed), len(opts.Files))
	case opts.Strict && len(warnings) > 0:
		return fmt.Errorf("convert: %d warning(s) and --strict", len(warnings))
	}
	return nil
}

func convertOne(opts *convertOptions, path string) (*settings.Config, []translate.Warning, error) {
	var data []byte
	var err error
	name := path
	if path == "-" {
		name = "<stdin>"
		data, err = io.ReadAll(opts.In)
	} else {
		data, err = os.ReadFile(path)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("reading %s: %w", path, err)
	}
	format := opts.From
	src := compat.SourceFor(name, data)
	if format == "auto" {
		if filepath.Ext(path) == ".toml" {
			format = "native"
		} else if format, err = translate.Detect(src); err != nil {
			return nil, nil, err
		}
	}
	switch format {
	case "native":
		cfg, err := settings.Decode(name, data)
		return cfg, nil, err
	default:
		t, err := translate.Get(format)
		if err != nil {
			return nil, nil, err
		}
		cfg, warns, err := t.Translate(src)
		if err != nil {
			return nil, nil, err
		}
		if err := cfg.Validate(); err != nil {
			return nil, nil, err
		}
		return cfg, warns, nil
	}
}
