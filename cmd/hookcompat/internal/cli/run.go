package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

type runOptions struct {
	IO
	sources
	Render  string
	Verbose bool
}

func newRunCmd(stdio IO, runF func(*runOptions) error) *cobra.Command {
	opts := &runOptions{IO: stdio}
	cmd := &cobra.Command{
		Use:   "run " + sourceFlagsUsage() + " [--render NAME] < EVENT.json",
		Short: "Fire one event through the loaded hooks and print the merged native reply",
		Long: `Run reads ONE event as JSON on stdin — a native event (it has "event") or an agent's hook
payload (Claude Code, Codex, Gemini CLI, Qwen Code or Cursor; the format surest it is its
payload translates it to the native event) — fires it through the hooks of the given
sources and prints ONE JSON object, the merged native reply:

  {"decision": ""|"block"|"allow"|"deny"|"ask", "reason": "...", "continue": null|true|false,
   "additional_context": "...", "updated_args": {...}|null, "system_message": "...",
   "hooks": [{"source", "protocol", "command", "outcome", "exit_code", "duration_ms", ...}]}

The exit status is 0 whenever the event was dispatched, whatever the decision; it is 1
with a message on stderr for bad input (unreadable event, invalid config). When a signal
(SIGTERM, SIGINT, SIGHUP) ends the run, the hooks are stopped and the exit status is 1;
the reply is printed only when it blocks (a fail_closed hook that had not answered
blocks), never one with an empty decision.

Which sources load: without a source flag, every source the agents would discover: the
Claude Code files that exist of ~/.claude/settings.json, <project>/.claude/settings.json,
<project>/.claude/settings.local.json and the managed policy files; Codex's hooks.json and
config.toml [hooks] of every config layer ($CODEX_HOME, default ~/.codex, and
<project>/.codex); Gemini CLI's settings as Gemini CLI 0.61.0
finds them (system files, ~/.gemini/settings.json, <project>/.gemini/settings.json,
extensions; GEMINI_CLI_TRUST_WORKSPACE=false: no Gemini hook runs), Qwen Code's likewise
under .qwen; Cursor's hooks.json (enterprise, team, <project>/.cursor, ~/.cursor); and Phi's
hook folders ~/.phi/hooks and <project>/.phi/hooks. Naming a source (--settings, --codex,
--gemini, --qwen, --cursor, --phi-dir, --config) loads only the named ones; --discover loads
the discovered ones as well. Later --phi-dir folders replace hooks of the same name, as
Phi's project hooks replace user hooks. One stderr line names the sources loaded and the
discovered ones left out; load warnings go to stderr too; --quiet drops the line and the
warnings but those that mean a hook will not run. Detached hooks (Phi async post_tool
hooks) are awaited after the reply is written. Prompt and agent hooks run when the
environment provides an Anthropic Messages API (ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN,
ANTHROPIC_BASE_URL, ANTHROPIC_MODEL: the session's model, for hooks without a model of their
own; default claude-opus-5-5), asked as Claude Code asks them, each bounded by the hook's
timeout in seconds (default 30 for a prompt hook, 60 for an agent hook); an API error, an
answer that is not the verdict asked for or a timeout is the hook's failure, as in Claude (the
call goes ahead; a fail_closed native hook blocks). Without it they are not_runnable.

--agent NAME fires only what that agent would run in this project (discovery runs a guard
converted for four agents four times; each agent runs its own copy once): its own sources,
its own record of trusted folders (Codex's [projects] trust_level when the project has a
.codex layer, Gemini CLI's and Qwen Code's trustedFolders.json), and Codex's per-hook review:
a hook runs only while the [hooks.state] trusted_hash recorded for it is its hash as Codex
computes it — none recorded (never reviewed) or another (edited since its review: Codex's
Modified) is not run, nor one with enabled = false (--bypass-hook-trust runs the first two;
list --agent codex --json shows each hook's "review" and "review_hash"). --agent cursor --third-party adds Claude Code's
user, project and local hooks, as Cursor's Include third-party configs setting does. A named
source the agent does not read is an error.

--render NAME adds NAME's view of the outcome under the key NAME: --render claude adds
"claude": {"tool_runs", "permission", "effective_input", "effective_output", "model_text",
"user_text", "texts", "loop_ends", "persisted", …}: whether Claude Code would run the tool as
far as the hooks decide, what it decides with its permission rules and mode around them
("permission": {"behavior": allow|deny|ask, "decided_by", "rule", "mode", "message",
"permission_request", "tool_runs"}: the permissions of the loaded Claude settings, the mode of
the payload's permission_mode; the reply stays the hooks'), with which input (Claude's
argument names), and the texts Claude Code would show the model (Claude Code 2.1.332). --render model adds "model": [{"protocol", "kind", "text", "placement", "delivery",
"hooks"}, …]: every text the model sees from the hooks of every format that answered, in
hook order, each as its own agent sends it (a Claude <system-reminder>, a native HK-23 tool
error, a Phi <hook_context> block, Codex's blocked-call output, Gemini CLI's functionResponse,
Qwen Code's bare reason). Views: ` + strings.Join(renderers(), ", ") + `.`,
		Example: `  echo '{"event":"pre_tool","tool":"shell","args":{"command":"rm -rf /"}}' | hookcompat run --config hooks.toml
  hookcompat run --settings .claude/settings.json --project . < payload.json`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return runRun(cmd, opts)
		},
	}
	opts.sources.flags(cmd)
	f := cmd.Flags()
	f.StringVar(&opts.Render, "render", "", "add an agent's view of the outcome: "+strings.Join(renderers(), ", "))
	f.BoolVarP(&opts.Verbose, "verbose", "v", false, "write an audit record per hook run to stderr")
	return cmd
}

// renderModel is the --render name of the model view of every format
// (compat.ModelView).
const renderModel = compat.RenderModel

// renderers are the views --render accepts: the formats that render, and
// the model view.
func renderers() []string {
	var out []string
	for _, f := range format.All() {
		if _, ok := f.(format.Renderer); ok {
			out = append(out, f.Name())
		}
	}
	return append(out, renderModel)
}

// modelView renders the model view of every format (--render model).
type modelView struct{}

func (modelView) Render(out *runner.Outcome, vocab *translate.Vocabulary) any {
	return compat.ModelView(out, vocab)
}

func runRun(cmd *cobra.Command, opts *runOptions) error {
	var renderer format.Renderer
	if opts.Render == renderModel {
		renderer = modelView{}
	} else if opts.Render != "" {
		f, ok := format.Lookup(opts.Render)
		if ok {
			renderer, ok = f.(format.Renderer)
		}
		if !ok {
			return usageErrorf("--render %q: want one of %s", opts.Render, strings.Join(renderers(), ", "))
		}
	}
	loaded, err := opts.load(opts.Err)
	if err != nil {
		return err
	}
	opts.warn(opts.Err, loaded.Warnings)
	data, err := readEvent(opts.In)
	if err != nil {
		return err
	}
	ev, _, err := compat.ParseEventWith(data, loaded.Project, loaded.Vocabulary)
	if err != nil {
		return err
	}
	ropts := runner.Options{Workspace: loaded.Project}
	if opts.Verbose {
		ropts.Logger = slog.New(slog.NewTextHandler(opts.Err, nil))
	}
	eng, err := compat.NewEngine(loaded, ropts)
	if err != nil {
		return err
	}
	out, err := eng.Fire(cmd.Context(), ev)
	if out == nil {
		return err
	}
	runner.DefaultFailureLog(nil).Record(out) // for `hookcompat list` (HK-66)
	if opts.Render == claude.Name && err == nil {
		// What Claude's permission layer makes of the call, rules and
		// mode around the hooks' decision; the reply stays the hooks'.
		perms, perr := compat.Permissions(loaded, claude.Name)
		if perr != nil {
			return perr
		}
		out.Permission = perms.(*claude.PermissionLayer).Permit(out)
		if p := out.Permission; p != nil && out.Decision == runner.DecisionAsk && p.Decision == runner.DecisionDeny && p.By == "rule" {
			// The hooks asked and a deny rule refuses the call anyway:
			// the rule's denial is what Claude shows for their ask.
			out.Reason = p.Reason
		}
	}
	if err == nil && cmd.Context().Err() != nil {
		// A signal after the hooks answered still ends the run unanswered.
		err = fmt.Errorf("interrupted: %w", context.Cause(cmd.Context()))
	}
	if err != nil && !out.Decision.Blocks() {
		// Cancellation is never an allow: without every hook's answer
		// there is no reply to print, unless it blocks.
		_ = eng.Close(context.Background())
		return err
	}
	reply, encErr := replyJSON(out, opts.Render, renderer, loaded)
	if encErr != nil {
		return encErr
	}
	if _, werr := opts.Out.Write(reply); werr != nil {
		return werr
	}
	if err != nil {
		// The block is printed; the run still failed.
		_ = eng.Close(context.Background())
		return err
	}
	// Detached hooks (Phi async) finish, or are killed after the drain
	// timeout, before the process exits.
	return eng.Close(cmd.Context())
}

// replyJSON is the JSON run prints: the merged reply, the traces and,
// with a renderer, its view under the renderer's name.
func replyJSON(out *runner.Outcome, name string, r format.Renderer, l *compat.Loaded) ([]byte, error) {
	type plain struct {
		runner.Reply
		Hooks []runner.Trace `json:"hooks"`
	}
	p := plain{Reply: out.Reply, Hooks: out.Hooks}
	if p.Hooks == nil {
		p.Hooks = []runner.Trace{}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(p); err != nil {
		return nil, err
	}
	if r == nil {
		return buf.Bytes(), nil
	}
	// The view goes last, under its format's name.
	var view bytes.Buffer
	venc := json.NewEncoder(&view)
	venc.SetEscapeHTML(false)
	venc.SetIndent("  ", "  ")
	if err := venc.Encode(r.Render(out, l.Vocabulary)); err != nil {
		return nil, err
	}
	b := bytes.TrimRight(buf.Bytes(), "\n")
	b = bytes.TrimSuffix(b, []byte("}"))
	b = bytes.TrimRight(b, "\n")
	key, _ := json.Marshal(name)
	b = append(b, ",\n  "...)
	b = append(b, key...)
	b = append(b, ": "...)
	b = append(b, bytes.TrimRight(view.Bytes(), "\n")...)
	b = append(b, "\n}\n"...)
	return b, nil
}

func printWarnings(w io.Writer, warns []translate.Warning) {
	for _, x := range warns {
		fmt.Fprintln(w, x.String())
	}
}
