package cli

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

type eventOptions struct {
	IO
	To      string
	Project string
}

func newEventCmd(stdio IO, runF func(*eventOptions) error) *cobra.Command {
	opts := &eventOptions{IO: stdio}
	cmd := &cobra.Command{
		Use:   "event --to native|FORMAT [--project DIR] < EVENT.json",
		Short: "Translate one event between the native and an agent's wire form",
		Long: `Event reads one event on stdin — a native event (it has "event") or an agent's hook
payload (a Claude Code payload has "hook_event_name") — and writes it in the form --to
asks for:

  native  the native event JSON a native hook receives (HK-10, HK-50), foreign-only
          fields under "extra" in their original order;
  FORMAT  the stdin bytes a hook of that format receives (claude: compact JSON in
          Claude's key order with a trailing newline), rebuilt from the native event.

A Claude payload as Claude Code sends it, translated to native and back, is
byte-identical; a field Claude Code always sends that is missing (permission_mode)
comes back with its default.

A native event is decoded strictly: a field it does not have is an error naming the
native field meant, when it is an agent's name for one (Claude Code's "source" on
SessionStart is "reason"). The fields of each native event, and under each the
agents' names of them (field ← agent key (formats; agent value is native value)):

` + nativeEventsHelp(),
		Example: `  hookcompat event --to native < payload.json
  echo '{"event":"pre_tool","tool":"shell","args":{"command":"ls"}}' | hookcompat event --to claude`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return runEvent(opts)
		},
	}
	cmd.Flags().StringVar(&opts.To, "to", "", "target form: native or a format's name such as claude (required)")
	cmd.Flags().StringVar(&opts.Project, "project", "", "workspace directory (the native workspace field; default: the current directory)")
	return cmd
}

func runEvent(opts *eventOptions) error {
	var proto runner.Protocol
	if opts.To != settings.ProtocolNative {
		f, ok := format.Lookup(opts.To)
		if ok {
			proto = f.Protocol(nil)
		}
		if proto == nil {
			var names []string
			for _, f := range format.All() {
				if f.Protocol(nil) != nil {
					names = append(names, f.Name())
				}
			}
			return usageErrorf("event: --to %q: want native or one of %s", opts.To, strings.Join(names, ", "))
		}
	}
	project := opts.Project
	if project == "" {
		project, _ = os.Getwd()
	}
	data, err := readEvent(opts.In)
	if err != nil {
		return fmt.Errorf("event: %w", err)
	}
	ev, _, err := compat.ParseEvent(data, project)
	if err != nil {
		return err
	}
	var out []byte
	if proto != nil {
		var pl *runner.Payload
		if pl, err = proto.Encode(&ev, os.Environ()); err == nil {
			out = pl.Stdin
		}
	} else {
		out, err = ev.MarshalJSON()
		out = append(out, '\n')
	}
	if err != nil {
		return err
	}
	_, err = opts.Out.Write(out)
	return err
}

// nativeEventsHelp lists the common fields of every native event, then
// each native event's own (compat.NativeEventFields), each followed by
// the agents' names of its fields (compat.AgentFieldNames).
func nativeEventsHelp() string {
	var b strings.Builder
	row := func(name, fields string, agents []string) {
		fmt.Fprintf(&b, "  %-20s %s\n", name, fields)
		for _, a := range agents {
			b.WriteString(wrapHelp(a, 100, strings.Repeat(" ", 25), strings.Repeat(" ", 29)))
		}
	}
	row("every event", strings.Join(compat.CommonEventFields, ", "), compat.AgentFieldNames(""))
	for _, e := range settings.Events() {
		row(string(e), strings.Join(compat.NativeEventFields(e), "; "), compat.AgentFieldNames(e))
	}
	fmt.Fprintf(&b, "  %-20s %s", "extension events", strings.Join(compat.NativeEventFields(""), "; "))
	return b.String()
}

// wrapHelp breaks s into lines of at most width columns (a word longer
// than that keeps its own line), the first indented by first, the others
// by rest; each line ends in a newline.
func wrapHelp(s string, width int, first, rest string) string {
	var b strings.Builder
	line := first
	fresh := true
	for _, w := range strings.Fields(s) {
		if !fresh && len([]rune(line))+1+len([]rune(w)) > width {
			b.WriteString(line + "\n")
			line, fresh = rest, true
		}
		if !fresh {
			line += " "
		}
		line += w
		fresh = false
	}
	b.WriteString(line + "\n")
	return b.String()
}
