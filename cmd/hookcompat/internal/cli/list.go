package cli

import (
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

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
runs (a long command is cut after its script, never before), its match (and match syntax;
a hook whose own event fires for some tools only, such as Cursor's beforeShellExecution,
shows those tools first: "match shell", "match shell & git"; a converted hook's shim that
selects again in its own syntax shows that after an arrow: "match ^(?:Shell)$ → claude Bash"),
its if rule, fail_closed,
async, its protocol, where it came from (file:line:col), and its last five failures
recorded by earlier "hookcompat run" calls. A converted hook that calls the exec shim is
shown by the hook it wraps, its protocol as "native→claude"; its failures are the wrapped
hook's (exit 127 for a missing script), as the shim reports them.
Failures are kept (HK-66) in $XDG_STATE_HOME/hookcompat/failures.jsonl, else
~/.local/state/hookcompat/failures.jsonl, at most 256 KiB; HOOKCOMPAT_FAILURE_LOG=off
turns it off, another value names the file. Sources are found as for run.

--agent NAME lists what that agent would run in this project, as run --agent fires it, each
hook with its review state where the agent keeps one: "reviewed" or "needs review (/hooks)"
(Codex, with --bypass-hook-trust; without it such hooks are not loaded and a warning names
each), "managed", "third-party" (Claude Code hooks Cursor runs with --third-party).
--agent copilot includes the project's .claude/settings.json and .claude/settings.local.json,
whose hooks Copilot CLI runs itself: they are listed (and run) as copilot hooks of scope
claude-project, with Copilot's payloads and rules, in a trusted folder only.`,
		Example: `  hookcompat list --project .
  hookcompat list --agent codex
  hookcompat list --agent cursor --third-party
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
	loaded, err := opts.load(opts.Err)
	if err != nil {
		return err
	}
	opts.warn(opts.Err, loaded.Warnings)
	logged := runner.DefaultFailureLog(nil).Read()
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
		switch {
		case len(h.Tools) > 0 && match != "":
			match = strings.Join(h.Tools, "|") + " & " + match
		case len(h.Tools) > 0:
			match = strings.Join(h.Tools, "|")
		case match == "":
			match = "(all)"
		}
		if h.ShimMatch != "" && h.ShimMatch != h.Match {
			match += " → " + h.Wraps + " " + h.ShimMatch // the shim's own selection
		}
		extra := ""
		if h.If != "" {
			extra += " if=" + h.If
		}
		if h.FailClosed {
			extra += " fail_closed"
		}
		if h.Async {
			extra += " async"
		}
		if h.Review != "" {
			extra += " " + reviewNote[h.Review]
		}
		proto := h.Protocol
		if h.Wraps != "" {
			proto += "→" + h.Wraps // through the exec shim
		}
		fmt.Fprintf(tw, "  %s\tmatch %s\t%s %gs%s\t%s\n", shown(h), match, proto, h.Timeout, extra, h.Source)
		for _, f := range h.Failures {
			outcome := string(f.Outcome)
			if f.ExitCode != nil {
				outcome += fmt.Sprintf(" (exit %d)", *f.ExitCode)
			}
			fmt.Fprintf(tw, "    failed %s\t%s\t%s\n", f.Time.Format("2006-01-02 15:04:05"), outcome, oneLine(f.Error, 80))
		}
	}
	return tw.Flush()
}

// reviewNote is what list prints of a hook's review state.
var reviewNote = map[string]string{
	settings.ReviewManaged:    "managed (runs without review)",
	settings.ReviewRecorded:   "reviewed",
	settings.ReviewNeeded:     "needs review (/hooks)",
	settings.ReviewModified:   "modified since review, needs review again (/hooks)",
	settings.ReviewThirdParty: "third-party (Cursor's Include third-party configs)",
}

// shown is what list prints of what h runs: the command on one line, cut
// after at most 60 characters — but never before the end of its script.
func shown(h compat.ListedHook) string {
	const max = 60
	r := strings.Join(strings.Fields(h.Runs), " ")
	if len(r) <= max {
		return r
	}
	if h.Script != "" {
		if i := strings.Index(r, h.Script); i >= 0 && i+len(h.Script) > max-1 {
			end := i + len(h.Script)
			if end < len(r) {
				return r[:end] + " …"
			}
			return r
		}
	}
	return oneLine(r, max)
}

func oneLine(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > max {
		s = s[:max-1] + "…"
	}
	return s
}
