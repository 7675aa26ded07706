package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"mvdan.cc/sh/v3/shell"

	"github.com/hookcompat/hookcompat/conformance"
)

type conformanceOptions struct {
	IO
	Impl     string
	Agent    string
	Version  string
	Filter   []string
	JSON     bool
	Cases    string
	Parallel int
	Verbose  bool
	Report   string
}

func newConformanceCmd(stdio IO) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "conformance",
		Short: "Run the hook-engine conformance suite (cases from recordings of the real agents) against an implementation",
		Long: `The conformance kit (conformance/README.md) is a suite of cases generated from recordings of the
real Claude Code, Codex, Gemini CLI and Qwen Code: for each event an agent fired, the hook files,
the payload it sent, and what it did — which hooks ran with which stdin and environment, whether
the tool ran and with which input, the texts that reached the model, whether a stop continued.
An implementation under test is a command that speaks the kit's line protocol; hookcompat's own
is "hookcompat conformance serve", which "run" uses when no --impl is given.`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error { return c.Help() },
	}
	cmd.AddCommand(newConformanceRunCmd(stdio), newConformanceListCmd(stdio), newConformanceServeCmd(stdio))
	return cmd
}

func newConformanceRunCmd(stdio IO) *cobra.Command {
	opts := &conformanceOptions{IO: stdio}
	cmd := &cobra.Command{
		Use:   "run [--impl CMD] [--agent NAME [--version V]] [--filter PATTERN]... [--json]",
		Short: "Run the suite against an implementation and print per-class results",
		Long: `Run gives the implementation each case of the suite and compares the effect it reports, and
what its hooks received, with what the real agent did. It prints one line per agent, version
and class, the pass rate of each check, the failing cases, and a summary line
"conformance: N/M cases pass"; --json prints every case's result instead, --report FILE
writes it to FILE besides the table. The exit status is
0 when every case that was run passed or was not supported, 1 otherwise.

--impl CMD is the implementation's command line (split as a shell would, no expansion but of
$VARS); without it hookcompat runs its own ("hookcompat conformance serve"). --filter selects
case ids: a glob of the whole id when it has *, ? or [ (* crosses /), else a substring;
repeatable.`,
		Example: `  hookcompat conformance run
  hookcompat conformance run --agent claude --version 2.1.332 --filter PreToolUse
  hookcompat conformance run --impl './my-engine --conformance' --json`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error { return runConformance(c, opts) },
	}
	f := cmd.Flags()
	f.StringVar(&opts.Impl, "impl", "", "the implementation's command line (default: hookcompat's own)")
	f.StringVar(&opts.Agent, "agent", "", "run only this agent's cases (claude, codex, gemini, qwen)")
	f.StringVar(&opts.Version, "version", "", "run only cases of this agent version")
	f.StringArrayVar(&opts.Filter, "filter", nil, "run only cases whose id matches (glob or substring; repeatable)")
	f.BoolVar(&opts.JSON, "json", false, "print every case's result as JSON")
	f.StringVar(&opts.Cases, "cases", "", "read the suite from this folder instead of the built-in one")
	f.IntVar(&opts.Parallel, "parallel", 8, "sessions run at once")
	f.BoolVarP(&opts.Verbose, "verbose", "v", false, "list every failing case with all its problems")
	f.StringVar(&opts.Report, "report", "", "also write every case's result as JSON (as --json prints it) to this file")
	return cmd
}

func newConformanceListCmd(stdio IO) *cobra.Command {
	opts := &conformanceOptions{IO: stdio}
	cmd := &cobra.Command{
		Use:   "list [--cases DIR]",
		Short: "List the suite's agents, versions and classes with their case counts",
		Args:  usageArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			suite, err := loadSuite(opts.Cases)
			if err != nil {
				return err
			}
			tw := tabwriter.NewWriter(opts.Out, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "AGENT\tVERSION\tCLASS\tCASES")
			for _, c := range suite.Counts() {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%d\n", c.Agent, c.Version, c.Class, c.Cases)
			}
			if err := tw.Flush(); err != nil {
				return err
			}
			_, err = fmt.Fprintf(opts.Out, "%d cases in %d sessions\n", suite.Cases(), len(suite.Sessions))
			return err
		},
	}
	cmd.Flags().StringVar(&opts.Cases, "cases", "", "read the suite from this folder instead of the built-in one")
	return cmd
}

func newConformanceServeCmd(stdio IO) *cobra.Command {
	return &cobra.Command{
		Use:   "serve",
		Short: "Speak the conformance protocol on stdin and stdout: hookcompat as the implementation under test",
		Long: `Serve is hookcompat's implementation of the conformance kit's protocol: it reads one session
(the runner's first line) and its events from stdin and writes an effect per event to stdout,
loading the session's hooks as the agent discovers them and firing each payload through the
engine. "conformance run" starts it once per session.`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error { return serveConformance(c.Context(), stdio.In, stdio.Out) },
	}
}

func loadSuite(dir string) (*conformance.Suite, error) {
	var fsys fs.FS = conformance.Embedded()
	if dir != "" {
		if _, err := os.Stat(dir); err != nil {
			return nil, fmt.Errorf("--cases: %w", err)
		}
		fsys = os.DirFS(dir)
	}
	return conformance.Load(fsys, ".")
}

func runConformance(c *cobra.Command, opts *conformanceOptions) error {
	suite, err := loadSuite(opts.Cases)
	if err != nil {
		return err
	}
	var command []string
	if opts.Impl == "" {
		self, err := os.Executable()
		if err != nil {
			return err
		}
		command = []string{self, "conformance", "serve"}
	} else {
		command, err = shell.Fields(opts.Impl, os.Getenv)
		if err != nil || len(command) == 0 {
			return usageErrorf("--impl %q: not a command line", opts.Impl)
		}
	}
	r := &conformance.Runner{Command: command, Agent: opts.Agent, Version: opts.Version, Filter: opts.Filter,
		Parallel: opts.Parallel, Retries: 1}
	if len(r.Select(suite)) == 0 {
		return fmt.Errorf("no case of the suite matches --agent %q --version %q --filter %q", opts.Agent, opts.Version, opts.Filter)
	}
	rep, err := r.Run(c.Context(), suite)
	if err != nil {
		return err
	}
	pass, fail, uns := rep.Total()
	report := map[string]any{"pass": pass, "fail": fail, "unsupported": uns, "summary": rep.Summary(),
		"classes": rep.Tallies(), "checks": rep.CheckTallies(), "results": rep.Results}
	encode := func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(report)
	}
	if opts.Report != "" {
		var buf bytes.Buffer
		if err := encode(&buf); err != nil {
			return err
		}
		if err := os.WriteFile(opts.Report, buf.Bytes(), 0o644); err != nil {
			return fmt.Errorf("--report: %w", err)
		}
	}
	if opts.JSON {
		if err := encode(opts.Out); err != nil {
			return err
		}
	} else {
		printConformance(opts, rep)
	}
	if _, fail, _ := rep.Total(); fail > 0 {
		return exitCode(ExitError)
	}
	return nil
}

func printConformance(opts *conformanceOptions, rep *conformance.Report) {
	tw := tabwriter.NewWriter(opts.Out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "AGENT\tVERSION\tCLASS\tPASS\tFAIL\tNOT SUPPORTED")
	for _, t := range rep.Tallies() {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d/%d\t%d\t%d\n", t.Agent, t.Version, t.Class, t.Pass, t.Of, t.Fail, t.Unsupported)
	}
	_ = tw.Flush()
	var checks []string
	for _, ct := range rep.CheckTallies() {
		checks = append(checks, fmt.Sprintf("%s %d/%d", ct.Check, ct.Pass, ct.Of))
	}
	if len(checks) > 0 {
		fmt.Fprintf(opts.Out, "checks: %s\n", strings.Join(checks, ", "))
	}
	var failed []conformance.Result
	for _, r := range rep.Results {
		if r.Status == conformance.StatusFail {
			failed = append(failed, r)
		}
	}
	sort.SliceStable(failed, func(i, j int) bool { return failed[i].ID < failed[j].ID })
	const shown = 30
	for i, r := range failed {
		if i == shown && !opts.Verbose {
			fmt.Fprintf(opts.Out, "… and %d more failing cases (-v lists them)\n", len(failed)-shown)
			break
		}
		if opts.Verbose {
			fmt.Fprintf(opts.Out, "FAIL %s\n", r.ID)
			for _, p := range r.Problems {
				fmt.Fprintf(opts.Out, "    %s\n", strings.ReplaceAll(p, "\n", "\n    "))
			}
			continue
		}
		first := ""
		if len(r.Problems) > 0 {
			first = strings.SplitN(r.Problems[0], "\n", 2)[0]
			if len(first) > 160 {
				first = first[:160] + "…"
			}
		}
		fmt.Fprintf(opts.Out, "FAIL %s: %s\n", r.ID, first)
	}
	retried := 0
	for _, r := range rep.Results {
		if r.Retried {
			retried++
		}
	}
	if retried > 0 {
		fmt.Fprintf(opts.Out, "%d case(s) passed when their session was run again alone\n", retried)
	}
	fmt.Fprintln(opts.Out, rep.Summary())
}
