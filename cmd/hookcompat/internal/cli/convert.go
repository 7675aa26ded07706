package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/rogpeppe/go-internal/diff"
	"github.com/spf13/cobra"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/writefile"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

type convertOptions struct {
	IO
	// ctx ends when a signal asks hookcompat to stop: nothing is written
	// after that.
	ctx    context.Context
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
	// current content kept except the converted hooks), instead of
	// stdout.
	InPlace string
	// Output is a new file the output is written to, instead of stdout.
	Output string
	// Check writes nothing: it compares the --in-place or -o file with
	// what convert would write now (exit 1 and a diff when it differs).
	Check bool
	// AsLoaded converts what each input's agent would load, leaving out
	// the hooks it would drop (otherwise such an input is an error).
	AsLoaded bool
	// Prune removes, writing in place, the converted entries the inputs
	// no longer have (otherwise they are kept, with a note).
	Prune bool
	Files []string
}

func newConvertCmd(stdio IO, runF func(*convertOptions) error) *cobra.Command {
	opts := &convertOptions{IO: stdio}
	cmd := &cobra.Command{
		Use:   "convert [--from FORMAT|auto] [--target TARGET] [--in-place FILE | -o FILE] [--check] FILE|DIR...",
		Short: "Convert hook configs to native TOML or another agent's format",
		Long: `Convert reads hook configs of any format — Claude Code settings files and plugin
hooks.json files, Codex hooks.json or config.toml, Gemini CLI and Qwen Code settings.json,
Cursor hooks.json, Phi hook folders (a directory such as .phi/hooks, one hook directory, or a
hook.json) or native TOML — and writes one config of the --target format on stdout (native
TOML by default). Every construct that is not carried over exactly is reported on
stderr as file:line:col: code: message. A file that cannot be read or parsed is an
error: it is named with its position and the exit status is 1. "-" reads stdin.

A source its own agent would not load whole is an error too: one handler field of the
wrong type makes Claude Code drop every hook of its file, an event it does not know drops
that event's hooks. Converting that would switch those guards off without a word, so
convert names the reason and its position, writes nothing and exits 1; --as-loaded
converts what the agent would load instead (the hooks it drops are left out, with their
warnings).

Formats (--from): ` + strings.Join(format.Names(), ", ") + `, or auto: each file is read as the format
that loads every hook it declares (a Gemini CLI or Cursor file is one wherever it lies),
ties broken by the agent whose folder or file name its path is, then by load order; when
another format would read it too, a format-detected note names the choice and the --from
that picks the other.
Targets (--target): ` + strings.Join(format.TargetNames(), ", ") + `:
  native      (default) TOML a plain engine of the native spec runs as is: foreign hooks
              become args = ["hookcompat", "exec", "--protocol", "claude", ..., "--",
              "<original command>"], so their scripts run unchanged; exact matchers become
              native globs.
  hookcompat  TOML with hookcompat's extension fields (protocol, match_syntax, env, ...)
              for agents that embed hookcompat; nothing needs the exec shim.
  codex       a Codex hooks.json — or config.toml [hooks] tables, for a file named *.toml —
              whose commands run the hooks through "hookcompat exec --host codex" (Codex runs
              them once reviewed); statusMessage is kept.
  cursor      Cursor's .cursor/hooks.json: each hook an entry whose command calls
              "<shim> exec --host cursor --protocol claude ...", so the script gets its own
              agent's payload and reply rules inside Cursor.
  gemini      Gemini CLI's settings.json "hooks": each hook a handler named hc-<event>-<hash>
              whose command is "<shim> exec --host gemini --protocol claude ... -- <command>"
              ($ protected from Gemini's load-time expansion), its timeout in milliseconds.
  qwen        Qwen Code's settings.json "hooks", the same with --host qwen; timeouts in
              Qwen's mixed unit (seconds below 1000, milliseconds from 1000 up).

Writing files. --in-place FILE writes into FILE, an existing file of the target (any target:
a Codex hooks.json or config.toml, Cursor's hooks.json, Gemini CLI's or Qwen Code's
settings.json, native TOML): only the entries convert wrote before for the formats of the
given inputs change — those it writes again stay where they are, those whose source hook
changed (its timeout, matcher or arguments: the same script, name or URL) are replaced in
their place (a converted-hook-updated note names each), those it no longer writes are
kept (a converted-hook-kept note names each: nothing in an entry says which file it was
converted from, so it may be the guard of a file converted into FILE before, and removing
it would switch that guard off) or, with --prune, removed (a converted-hook-removed warning
names each), new ones follow the file's own
entries of their event — and every other byte stays: the file's own hooks, comments (among
the hooks too), key order, a second "hooks" key (the agent reads the last, so the hooks go
there), CRLF line ends, bytes that are not UTF-8. A "hooks" value or an event of a shape the
agent does not read is an error naming its position, never overwritten. A FILE that is also
an input is not converted again (its hooks stay where they are). -o FILE writes a new file
(an existing one only when it is empty or a native TOML file convert wrote). Every write is
atomic — a temporary file in the same folder, synced, renamed over the file, the folder
synced: the agent never sees half a file, whatever signal arrives — and keeps the file's
mode, owner and hard links; a symbolic link is written through to its target (a note says
so); a read-only file, or one that changed since convert read it, is not written.
--check writes nothing: with --in-place or -o it compares FILE with what convert would
write now and exits 1 with a unified diff on stdout when they differ (for CI: the
converted files are stale).

Warnings are of two classes (docs/conversion.md lists every code): loss — for some run of
the hook, what it does at the target differs whatever it answers (left out, never fires,
runs twice, may not be found) — and note — information, or a difference in some answer
only. --strict fails on losses only; --json and --warnings-json carry each warning's class.

The shim (--shim): converted commands call "hookcompat" found on the PATH the agent runs
hooks with. Where that PATH lacks it (GUI Cursor on macOS), give a path that works for
every machine that uses the file: a path under the home written with ~
(--shim '~/go/bin/hookcompat', expanded by the hook's shell at run time), or the absolute
path when every machine has the same.`,
		Example: `  hookcompat convert .claude/settings.json > hooks.toml
  hookcompat convert -o hooks.toml .claude/settings.json
  hookcompat convert --target codex --in-place .codex/hooks.json .claude/settings.json
  hookcompat convert --target codex --in-place .codex/config.toml .claude/settings.json
  hookcompat convert --target gemini --in-place .gemini/settings.json .claude/settings.json
  hookcompat convert --target cursor --shim '~/go/bin/hookcompat' --in-place .cursor/hooks.json .claude/settings.json
  hookcompat convert --check --target gemini --in-place .gemini/settings.json .claude/settings.json
  hookcompat convert --target hookcompat --from claude plugin/hooks/hooks.json
  cat settings.json | hookcompat convert -`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Files = args
			if runF != nil {
				return runF(opts)
			}
			opts.ctx = cmd.Context()
			return runConvert(opts)
		},
	}
	cmd.Flags().StringVar(&opts.From, "from", "auto", "input format: "+strings.Join(format.Names(), ", ")+" or auto (detect per file, by content first)")
	cmd.Flags().StringVar(&opts.Target, "target", compat.TargetNative, "output format: "+strings.Join(format.TargetNames(), ", "))
	cmd.Flags().StringVar(&opts.Shim, "shim", "hookcompat", "`command` that runs hookcompat exec in the output: hookcompat on the agent's PATH, a path under ~ (expanded where the hook runs), or an absolute path")
	cmd.Flags().BoolVar(&opts.Strict, "strict", false, "fail, writing nothing, when a warning is a loss (a behaviour will differ)")
	cmd.Flags().StringVar(&opts.InPlace, "in-place", "", "write into this existing file of the target, replacing only the hooks convert wrote before")
	cmd.Flags().StringVarP(&opts.Output, "output", "o", "", "write a new file instead of stdout")
	cmd.Flags().BoolVar(&opts.Check, "check", false, "write nothing: exit 1 with a diff when the --in-place or -o file is not what convert writes now")
	cmd.Flags().BoolVar(&opts.Prune, "prune", false, "with --in-place: remove the hooks convert wrote before that the inputs no longer have (else they are kept, with a note: they may come from a file not given now)")
	cmd.Flags().BoolVar(&opts.AsLoaded, "as-loaded", false, "convert what each input's agent would load: leave out the hooks it drops (else such an input is an error)")
	cmd.Flags().BoolVar(&opts.WarningsJSON, "warnings-json", false, "print warnings on stderr as one JSON array of {file, line, col, code, message, class}")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the result on stdout as one JSON object: {target, output, wrapped, losses, warnings, errors}")
	cmd.Flags().StringVar(&opts.Project, "project", "", "the workspace the output is for (default: the current directory): paths under it are written relative to it, paths under your home with ~")
	return cmd
}

// convertRun is one conversion's outcome, for both output forms.
type convertRun struct {
	res    *compat.Converted
	file   *writefile.File // the --in-place or -o file, or nil
	inputs int
	fail   error // why nothing is written (errors, --strict)
	diff   []byte
}

func runConvert(opts *convertOptions) error {
	if _, err := format.Get(opts.From); err != nil && opts.From != "auto" {
		return usageErrorf("--from %q: want %s or auto", opts.From, strings.Join(format.Names(), ", "))
	}
	if _, err := format.GetTarget(opts.Target); err != nil {
		return usageErrorf("--target %q: want %s", opts.Target, strings.Join(format.TargetNames(), ", "))
	}
	if strings.HasPrefix(opts.Shim, "~") && (opts.Target == compat.TargetNative || opts.Target == compat.TargetHookcompat) {
		return usageErrorf("--shim %q: a native engine runs the shim's args without a shell, so ~ is not expanded: give an absolute path, or leave hookcompat on its PATH", opts.Shim)
	}
	if opts.InPlace != "" && opts.Output != "" {
		return usageErrorf("--in-place and -o: give one (--in-place writes into an existing file, -o writes a new one)")
	}
	if opts.Check && opts.InPlace == "" && opts.Output == "" {
		return usageErrorf("--check compares a file with what convert writes: give it --in-place FILE or -o FILE")
	}
	run := &convertRun{inputs: len(opts.Files)}
	var existing []byte
	path := ""
	switch {
	case opts.InPlace != "":
		if !format.SupportsInPlace(opts.Target) {
			return usageErrorf("--in-place: target %q cannot write into an existing file; -o FILE writes a new one", opts.Target)
		}
		f, err := writefile.Read(opts.InPlace)
		if err != nil {
			return fmt.Errorf("--in-place: %w", err)
		}
		if !f.Exists {
			// A mistyped path must not become a new file the agent never
			// reads.
			return fmt.Errorf("--in-place: %s does not exist (-o %s writes a new file)", opts.InPlace, opts.InPlace)
		}
		run.file, existing, path = f, f.Data, opts.InPlace
		if existing == nil {
			existing = []byte{}
		}
	case opts.Output != "":
		f, err := writefile.Read(opts.Output)
		if err != nil {
			return fmt.Errorf("-o: %w", err)
		}
		if f.Exists && len(bytes.TrimSpace(f.Data)) > 0 && !convertedTOML(f.Data) && !opts.Check {
			return fmt.Errorf("-o: %s exists; --in-place %s writes into it, keeping everything convert did not write (or remove it first)", opts.Output, opts.Output)
		}
		run.file, path = f, opts.Output
	}
	var inputs []compat.Input
	// A file named twice (the same path, another spelling of it, a
	// symbolic or hard link to it) is read once: its agent loads it once.
	type seenInput struct {
		name string
		info os.FileInfo
	}
	var seen []seenInput
	var twice []translate.Warning
	for _, p := range opts.Files {
		var data []byte
		var err error
		if p != "-" {
			if st, serr := os.Stat(p); serr == nil {
				dup := ""
				for _, s := range seen {
					if os.SameFile(s.info, st) {
						dup = s.name
						break
					}
				}
				if dup != "" {
					twice = append(twice, translate.Warning{File: p, Code: codeInputGivenTwice, Class: compat.ClassNote,
						Message: fmt.Sprintf("the same file as the input %s: read once (its hooks would be written twice and run twice)", dup)})
					continue
				}
				seen = append(seen, seenInput{p, st})
			}
		}
		name := p
		if p == "-" {
			name = "<stdin>"
			data, err = io.ReadAll(opts.In)
		} else if st, serr := os.Stat(p); serr == nil && st.IsDir() {
			// A directory (a Phi hook folder) is read by its format.
			inputs = append(inputs, compat.Input{Name: p, From: opts.From})
			continue
		} else {
			data, err = os.ReadFile(p)
		}
		if err != nil {
			return fmt.Errorf("reading %s: %w", p, err)
		}
		in := compat.Input{Name: name, Data: data, From: opts.From}
		if p != "-" && opts.InPlace != "" && sameFile(p, run.file.Path) {
			in.Target = true
		}
		if p != "-" && stdoutIs(opts.Out, p) {
			return fmt.Errorf("stdout is %s, one of the inputs: the shell emptied it before convert could read it (restore it from version control); write into it with --in-place %s", p, p)
		}
		inputs = append(inputs, in)
	}
	project := opts.Project
	if project == "" {
		project = "."
	}
	project, err := filepath.Abs(project)
	if err != nil {
		return err
	}
	run.res = compat.Convert(inputs, compat.ConvertOptions{Target: opts.Target, Shim: opts.Shim, Project: project,
		Existing: existing, Path: path, AsLoaded: opts.AsLoaded, Prune: opts.Prune})
	res := run.res
	res.Warnings = append(twice, res.Warnings...)
	switch {
	case res.Failed > 0:
		run.fail = fmt.Errorf("convert: %d of %d file(s) could not be converted; no output written", res.Failed, len(inputs))
	case len(res.Errors) > 0:
		run.fail = errors.New("convert: no output written")
	case opts.Strict && res.Losses() > 0:
		run.fail = fmt.Errorf("convert: %d loss warning(s) and --strict; no output written", res.Losses())
	}
	if run.fail == nil && opts.ctx != nil && opts.ctx.Err() != nil {
		// A signal (Ctrl-C, a CI step's timeout) asked convert to stop
		// before it wrote anything: it stops, writing nothing.
		run.fail = errors.New("convert: interrupted by a signal before the output was written; no output written")
	}
	var werr error
	if run.fail == nil && run.file != nil {
		switch {
		case opts.Check:
			if !bytes.Equal(run.file.Data, res.Output) {
				run.diff = diff.Diff(path+" (now)", run.file.Data, path+" (convert)", res.Output)
			}
		default:
			werr = run.file.Replace(res.Output)
			if werr == nil && run.file.Link {
				res.Warnings = append(res.Warnings, translate.Warning{File: path, Code: compat.CodeLinkWrittenThrough, Class: compat.ClassNote,
					Message: fmt.Sprintf("a symbolic link: its target %s was written, the link kept", run.file.Path)})
			}
		}
	}
	if opts.JSON {
		if err := convertJSON(opts, run); err != nil {
			return err
		}
	} else {
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
		// `convert … > hooks.toml` never replaces a good file with a bad
		// one.
		if run.fail == nil && run.file == nil {
			if _, err := opts.Out.Write(res.Output); err != nil {
				return err
			}
		}
		if run.diff != nil {
			if _, err := opts.Out.Write(run.diff); err != nil {
				return err
			}
		}
	}
	switch {
	case run.fail != nil:
		return run.fail
	case werr != nil:
		return werr
	case run.diff != nil:
		return fmt.Errorf("convert --check: %s is not what convert writes now (the diff is on stdout); run the command without --check to update it", path)
	}
	return nil
}

// convertedTOML reports whether data is a native TOML file convert wrote
// whole (its header says so), which -o may replace.
func convertedTOML(data []byte) bool {
	return bytes.Contains(data, []byte("# Native hooks converted by hookcompat (target "))
}

// sameFile reports whether a and b name the same file.
// codeInputGivenTwice (a note): an input names a file already given.
const codeInputGivenTwice = "input-given-twice"

func sameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}

// stdoutIs reports whether w is the file p (a shell redirection of
// stdout into an input).
func stdoutIs(w io.Writer, p string) bool {
	f, ok := w.(interface{ Stat() (os.FileInfo, error) })
	if !ok {
		return false
	}
	so, err := f.Stat()
	if err != nil || !so.Mode().IsRegular() {
		return false
	}
	sp, err := os.Stat(p)
	return err == nil && os.SameFile(so, sp)
}

// convertResult is what convert --json prints.
type convertResult struct {
	Target string `json:"target"`
	// Output is the converted file; empty when the conversion failed (or
	// --strict met a loss).
	Output  string `json:"output"`
	Wrapped int    `json:"wrapped"`
	// Losses counts the warnings of class loss.
	Losses int `json:"losses"`
	// Written is the file written (--in-place, -o), if any.
	Written string `json:"written,omitempty"`
	// Stale reports, with --check, that the file is not what convert
	// writes now; Diff is the unified diff.
	Stale    bool                `json:"stale,omitempty"`
	Diff     string              `json:"diff,omitempty"`
	Warnings []translate.Warning `json:"warnings"`
	Errors   []convertError      `json:"errors"`
}

type convertError struct {
	Message string `json:"message"`
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Col     int    `json:"col,omitempty"`
}

// convertJSON prints run as one JSON object on stdout.
func convertJSON(opts *convertOptions, run *convertRun) error {
	res := run.res
	out := convertResult{Target: opts.Target, Output: string(res.Output), Wrapped: res.Wrapped, Losses: res.Losses(),
		Warnings: res.Warnings, Errors: []convertError{}, Stale: run.diff != nil, Diff: string(run.diff)}
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
	if run.fail != nil {
		out.Output = ""
	} else if run.file != nil && !opts.Check {
		out.Written = run.file.Name
	}
	enc := json.NewEncoder(opts.Out)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
