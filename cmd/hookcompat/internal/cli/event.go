package cli

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/claude"
)

type eventOptions struct {
	IO
	To      string
	Project string
}

func newEventCmd(stdio IO, runF func(*eventOptions) error) *cobra.Command {
	opts := &eventOptions{IO: stdio}
	cmd := &cobra.Command{
		Use:   "event --to native|claude [--project DIR] < EVENT.json",
		Short: "Translate one event between the native and the Claude Code wire forms",
		Long: `Event reads one event on stdin — a native event (it has "event") or a Claude Code hook
payload (it has "hook_event_name") — and writes it in the form --to asks for:

  native  the native event JSON a native hook receives (HK-10, HK-50), foreign-only
          fields under "extra" in their original order;
  claude  the stdin bytes a Claude Code hook receives: compact JSON in Claude's key
          order with a trailing newline, rebuilt from the native event.

A Claude payload as Claude Code sends it, translated to native and back, is
byte-identical; a field Claude Code always sends that is missing (permission_mode)
comes back with its default.`,
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
	cmd.Flags().StringVar(&opts.To, "to", "", "target form: native or claude (required)")
	cmd.Flags().StringVar(&opts.Project, "project", "", "workspace directory (the native workspace field; default: the current directory)")
	return cmd
}

func runEvent(opts *eventOptions) error {
	if opts.To != "native" && opts.To != "claude" {
		return usageErrorf("event: --to %q: want native or claude", opts.To)
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
	if opts.To == "claude" {
		out, err = claude.Payload(&ev)
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
