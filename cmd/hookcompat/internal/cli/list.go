package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

type listOptions struct {
	IO
	sources
	JSON bool
}

func newListCmd(stdio IO, runF func(*listOptions) error) *cobra.Command {
	opts := &listOptions{IO: stdio}
	cmd := &cobra.Command{
		Use:   "list " + sourceFlagsUsage() + " [--json]",
		Short: "List every loaded hook by event (HK-66)",
		Long: `List shows every hook of the given sources by event, in the order they run: what it
runs, its match (and match syntax), its if rule, fail_closed, its protocol, where it came
from (file:line:col), and its last five failures recorded by earlier "hookcompat run"
calls (HK-66; kept in $XDG_STATE_HOME/hookcompat/failures.jsonl, else
~/.local/state/hookcompat/failures.jsonl, at most 256 KiB; HOOKCOMPAT_FAILURE_LOG=off
turns it off, another value names the file).
Sources are found as for run.`,
		Example: `  hookcompat list --project .
  hookcompat list --settings .claude/settings.json --json`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return runList(opts)
		},
	}
	opts.sources.flags(cmd)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print JSON")
	return cmd
}

func runList(opts *listOptions) error {
	loaded, err := opts.load()
	if err != nil {
		return err
	}
	printWarnings(opts.Err, loaded.Warnings)
	logged := readFailureLog()
	list := compat.List(loaded, func(h *settings.Hook) []runner.Failure { return logged[runner.HookKey(h)] })
	if opts.JSON {
		enc := json.NewEncoder(opts.Out)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(list)
	}
	if len(list) == 0 {
		fmt.Fprintln(opts.Out, "no hooks")
		return nil
	}
	tw := tabwriter.NewWriter(opts.Out, 0, 4, 2, ' ', 0)
	last := ""
	for _, h := range list {
		if h.Event != last {
			if last != "" {
				fmt.Fprintln(tw)
			}
			fmt.Fprintf(tw, "%s\n", h.Event)
			last = h.Event
		}
		match := h.Match
		if match == "" {
			match = "(all)"
		}
		extra := ""
		if h.If != "" {
			extra += " if=" + h.If
		}
		if h.FailClosed {
			extra += " fail_closed"
		}
		fmt.Fprintf(tw, "  %s\tmatch %s\t%s %gs%s\t%s\n", oneLine(h.Runs, 60), match, h.Protocol, h.Timeout, extra, h.Source)
		for _, f := range h.Failures {
			fmt.Fprintf(tw, "    failed %s\t%s\t%s\n", f.Time.Format("2006-01-02 15:04:05"), f.Outcome, oneLine(f.Error, 80))
		}
	}
	return tw.Flush()
}

func oneLine(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > max {
		s = s[:max-1] + "…"
	}
	return s
}

// failureRecord is one line of the failure log run writes.
type failureRecord struct {
	Key string `json:"key"`
	runner.Failure
}

// failureLogPath is where run records hook failures for list (HK-66), or
// "" when there is no state directory or the log is turned off
// (failurelog.go).
func failureLogPath() string {
	if failureLogOff() {
		return ""
	}
	if p := os.Getenv(failureLogEnv); p != "" {
		return p
	}
	if d := os.Getenv("XDG_STATE_HOME"); d != "" {
		return d + "/hookcompat/failures.jsonl"
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return ""
	}
	return home + "/.local/state/hookcompat/failures.jsonl"
}

// appendFailures records the failures of one run. The log is a
// convenience for list: failing to write it is not an error of run.
func appendFailures(out *runner.Outcome) {
	path := failureLogPath()
	if path == "" {
		return
	}
	var lines []byte
	for _, tr := range out.Hooks {
		f := failureOf(tr, string(out.Event.Name))
		if f == nil {
			continue
		}
		b, err := json.Marshal(failureRecord{Key: runner.HookKey(tr.Hook), Failure: *f})
		if err == nil {
			lines = append(append(lines, b...), '\n')
		}
	}
	if len(lines) == 0 {
		return
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return
	}
	fh, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return
	}
	_, _ = fh.Write(lines)
	fh.Close()
	compactFailureLog(path)
}

func failureOf(t runner.Trace, event string) *runner.Failure {
	if t.Hook == nil || !t.Reply.Failed() || t.Outcome == runner.OutcomeCancelled {
		return nil
	}
	return &runner.Failure{Time: time.Now(), Event: event, Outcome: t.Outcome, ExitCode: t.ExitCode, Error: t.Error}
}

// readFailureLog returns the last five failures per hook key.
func readFailureLog() map[string][]runner.Failure {
	out := map[string][]runner.Failure{}
	path := failureLogPath()
	if path == "" {
		return out
	}
	fh, err := os.Open(path)
	if err != nil {
		return out
	}
	defer fh.Close()
	dec := json.NewDecoder(fh)
	for {
		var r failureRecord
		if err := dec.Decode(&r); err != nil {
			break // end of file, or a torn last line
		}
		list := append(out[r.Key], r.Failure)
		if len(list) > runner.MaxFailures {
			list = list[len(list)-runner.MaxFailures:]
		}
		out[r.Key] = list
	}
	return out
}
