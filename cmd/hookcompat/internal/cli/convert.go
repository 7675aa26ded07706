package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

type convertOptions struct {
	IO
	From   string
	Target string
	Shim   string
	Strict bool
	// WarningsJSON prints the warnings as one JSON array on stderr.
	WarningsJSON bool
	// JSON prints the whole result as one JSON object on stdout.
	JSON bool
	// Project is the workspace the output is for (default: the working
	// directory).
	Project string
	// InPlace is the agent's file the output is written into (its
	// current content kept except the hooks), instead of stdout.
	InPlace string
	Files   []string
}

func newConvertCmd(stdio IO, runF func(*convertOptions) error) *cobra.Command {
	opts := &convertOptions{IO: stdio}
	cmd := &cobra.Command{
		Use:   "convert [--from FORMAT|auto] [--target TARGET] FILE|DIR...",
		Short: "Convert hook configs to native TOML or another agent's format",
		Long: `Convert reads hook configs of any format — Claude Code settings files and plugin
hooks.json files, Codex hooks.json or config.toml, Gemini CLI and Qwen Code settings.json,
Cursor hooks.json, Phi hook folders (a directory such as .phi/hooks, one hook directory, or a
hook.json) or native TOML — and writes one config of the --target format on stdout (native
TOML by default). Every construct that is not carried over exactly is reported on
stderr as file:line:col: code: message. A file that cannot be read or parsed is an
error: it is named with its position and the exit status is 1. "-" reads stdin.

Formats (--from): ` + strings.Join(format.Names(), ", ") + `, or auto (detect per file).
Targets (--target): ` + strings.Join(format.TargetNames(), ", ") + `:
  native      (default) TOML a plain engine of the native spec runs as is: foreign hooks
              become args = ["hookcompat", "exec", "--protocol", "claude", ..., "--",
              "<original command>"], so their scripts run unchanged; exact matchers become
              native globs.
  hookcompat  TOML with hookcompat's extension fields (protocol, match_syntax, env, ...)
              for agents that embed hookcompat; nothing needs the exec shim.
  codex       a Codex hooks.json whose commands run the hooks through
              "hookcompat exec --host codex" (Codex runs them once reviewed).
  cursor      Cursor's .cursor/hooks.json: each hook an entry whose command calls
              "<shim> exec --host cursor --protocol claude ...", so the script gets its own
              agent's payload and reply rules inside Cursor. Give --shim the absolute path
              of hookcompat: GUI Cursor runs hooks with a minimal PATH.
  gemini      Gemini CLI's settings.json "hooks": each hook a handler named hc-<event>-<hash>
              whose command is "<shim> exec --host gemini --protocol claude ... -- <command>"
              ($ protected from Gemini's load-time expansion), its timeout in milliseconds.
  qwen        Qwen Code's settings.json "hooks", the same with --host qwen; timeouts in
              Qwen's mixed unit (seconds below 1000, milliseconds from 1000 up).

--in-place FILE writes into FILE (for targets that support it: ` + strings.Join(inPlaceTargets(), ", ") + `) instead of
stdout, replacing only the hooks that call the shim and keeping every other byte; FILE must
exist (a new file is written by redirecting stdout).`,
		Example: `  hookcompat convert .claude/settings.json > hooks.toml
  hookcompat convert --target hookcompat --from claude plugin/hooks/hooks.json
  hookcompat convert --target hookcompat .phi/hooks
  cat settings.json | hookcompat convert -
  hookcompat convert --target cursor --shim "$(command -v hookcompat)" --in-place .cursor/hooks.json .claude/settings.json
  hookcompat convert --target gemini --in-place .gemini/settings.json .claude/settings.json`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Files = args
			if runF != nil {
				return runF(opts)
			}
			return runConvert(opts)
		},
	}
	cmd.Flags().StringVar(&opts.From, "from", "auto", "input format: "+strings.Join(format.Names(), ", ")+" or auto (detect per file)")
	cmd.Flags().StringVar(&opts.Target, "target", compat.TargetNative, "output format: "+strings.Join(format.TargetNames(), ", "))
	cmd.Flags().StringVar(&opts.Shim, "shim", "hookcompat", "`command` that runs hookcompat exec in the output: the hookcompat binary, an absolute path where the agent runs hooks with a minimal PATH")
	cmd.Flags().BoolVar(&opts.Strict, "strict", false, "treat warnings as errors")
	cmd.Flags().StringVar(&opts.InPlace, "in-place", "", "write into this existing agent file instead of stdout, replacing only its hooks (targets that support it)")
	cmd.Flags().BoolVar(&opts.WarningsJSON, "warnings-json", false, "print warnings on stderr as one JSON array of {file, line, col, code, message}")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the result on stdout as one JSON object: {target, output, wrapped, warnings, errors}")
	cmd.Flags().StringVar(&opts.Project, "project", "", "the workspace the output is for (default: the current directory): paths under it are written relative to it, paths under your home with ~")
	return cmd
}

// inPlaceTargets are the targets --in-place accepts.
func inPlaceTargets() []string {
	var out []string
	for _, name := range format.TargetNames() {
		if format.SupportsInPlace(name) {
			out = append(out, name)
		}
	}
	return out
}

func runConvert(opts *convertOptions) error {
	if _, err := format.Get(opts.From); err != nil && opts.From != "auto" {
		return usageErrorf("--from %q: want %s or auto", opts.From, strings.Join(format.Names(), ", "))
	}
	if _, err := format.GetTarget(opts.Target); err != nil {
		return usageErrorf("--target %q: want %s", opts.Target, strings.Join(format.TargetNames(), ", "))
	}
	var existing []byte
	if opts.InPlace != "" {
		if !format.SupportsInPlace(opts.Target) {
			return usageErrorf("--in-place: target %q writes a whole file; redirect stdout instead", opts.Target)
		}
		data, err := os.ReadFile(opts.InPlace)
		switch {
		case os.IsNotExist(err):
			// --in-place writes into the agent's existing file; a
			// mistyped path must not become a new file the agent never
			// reads.
			return fmt.Errorf("--in-place: %s does not exist (to write a new file, redirect stdout: > %s)", opts.InPlace, opts.InPlace)
		case err != nil:
			return fmt.Errorf("reading %s: %w", opts.InPlace, err)
		}
		existing = data
	}
	var inputs []compat.Input
	for _, path := range opts.Files {
		var data []byte
		var err error
		name := path
		if path == "-" {
			name = "<stdin>"
			data, err = io.ReadAll(opts.In)
		} else if st, serr := os.Stat(path); serr == nil && st.IsDir() {
			// A directory (a Phi hook folder) is read by its format.
			inputs = append(inputs, compat.Input{Name: path, From: opts.From})
			continue
		} else {
			data, err = os.ReadFile(path)
		}
		if err != nil {
			return fmt.Errorf("reading %s: %w", path, err)
		}
		inputs = append(inputs, compat.Input{Name: name, Data: data, From: opts.From})
	}
	project := opts.Project
	if project == "" {
		project = "."
	}
	project, err := filepath.Abs(project)
	if err != nil {
		return err
	}
	res := compat.Convert(inputs, compat.ConvertOptions{Target: opts.Target, Shim: opts.Shim, Project: project, Existing: existing})
	if opts.JSON {
		return convertJSON(opts, res, len(inputs))
	}
	for _, err := range res.Errors {
		fmt.Fprintln(opts.Err, err)
	}
	if opts.WarningsJSON {
		ws := res.Warnings
		if ws == nil {
			ws = []translate.Warning{}
		}
		enc := json.NewEncoder(opts.Err)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(ws); err != nil {
			return err
		}
	} else {
		printWarnings(opts.Err, res.Warnings)
	}
	// Nothing goes to stdout when the conversion failed, so that
	// `convert … > hooks.toml` never replaces a good file with a bad one.
	switch {
	case len(res.Errors) > 0:
		return fmt.Errorf("convert: %d of %d file(s) could not be converted; no output written", len(res.Errors), len(inputs))
	case opts.Strict && len(res.Warnings) > 0:
		return fmt.Errorf("convert: %d warning(s) and --strict; no output written", len(res.Warnings))
	}
	if opts.InPlace != "" {
		return writeFileAtomic(opts.InPlace, res.Output)
	}
	_, err = opts.Out.Write(res.Output)
	return err
}

// writeFileAtomic replaces path with data through a temporary file in
// the same directory, keeping path's mode, so that a reader never sees
// half a file.
func writeFileAtomic(path string, data []byte) error {
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// convertResult is what convert --json prints.
type convertResult struct {
	Target string `json:"target"`
	// Output is the converted file; empty when the conversion failed (or
	// --strict met a warning).
	Output   string              `json:"output"`
	Wrapped  int                 `json:"wrapped"`
	Warnings []translate.Warning `json:"warnings"`
	Errors   []convertError      `json:"errors"`
}

type convertError struct {
	Message string `json:"message"`
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Col     int    `json:"col,omitempty"`
}

// convertJSON prints res as one JSON object on stdout, with the same exit
// status as the text form.
func convertJSON(opts *convertOptions, res *compat.Converted, inputs int) error {
	out := convertResult{Target: opts.Target, Output: string(res.Output), Wrapped: res.Wrapped,
		Warnings: res.Warnings, Errors: []convertError{}}
	if out.Warnings == nil {
		out.Warnings = []translate.Warning{}
	}
	for _, err := range res.Errors {
		e := convertError{Message: err.Error()}
		var se *settings.Error
		if errors.As(err, &se) {
			e.File, e.Line, e.Col = se.File, se.Line, se.Col
		}
		out.Errors = append(out.Errors, e)
	}
	var fail error
	switch {
	case len(res.Errors) > 0:
		fail = fmt.Errorf("convert: %d of %d file(s) could not be converted; no output written", len(res.Errors), inputs)
	case opts.Strict && len(res.Warnings) > 0:
		fail = fmt.Errorf("convert: %d warning(s) and --strict; no output written", len(res.Warnings))
	}
	if fail != nil {
		out.Output = ""
	} else if opts.InPlace != "" {
		if err := writeFileAtomic(opts.InPlace, res.Output); err != nil {
			return err
		}
	}
	enc := json.NewEncoder(opts.Out)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	return fail
}
