package runner

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/hookcompat/hookcompat/internal/hookjson"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/settings"
)

// maxPassedDepth bounds the nesting of the JSON values a reply passes on
// (updated_args, updated_result): encoding/json, which encodes the merged
// reply, stops at 10,000 levels.
const maxPassedDepth = 10000

// defaultBlockReason is the reason of an exit-2 block with empty stderr
// (HK-20).
const defaultBlockReason = "blocked by hook"

// native is the protocol of the native engine spec (HK-02, HK-10, HK-20,
// HK-21, HK-53, HK-60).
type native struct{}

// Native returns the protocol of the native hook spec (HK-02, HK-10,
// HK-20, HK-21, HK-53, HK-60). Every engine speaks it.
func Native() Protocol { return native{} }

func (native) Name() string { return settings.ProtocolNative }

// Selects applies HK-01: match is a path.Match glob on the native tool
// name, empty matches all, and it is ignored on events without a tool.
func (native) Selects(h *settings.Hook, ev *Event) bool { return nativeSelects(h, ev) }

// SelectKey is the tool name on tool events (what HK-01 matches compare
// with), "" on the others ([SelectKeyer]).
func (native) SelectKey(ev *Event) string {
	if ev.Name.ToolEvent() {
		return ev.Tool
	}
	return ""
}

// nativeSelects applies a hook's match the native way (HK-01): on tool
// events a path.Match glob on the native tool name (match syntax glob) or
// an exact name or "*" (match syntax exact); an empty match, and any match
// on an event without a tool, selects the hook. Foreign protocols reach it
// through compat/format's SelectsNative.
func nativeSelects(h *settings.Hook, ev *Event) bool {
	if h.Match == "" || !ev.Name.ToolEvent() {
		return true
	}
	switch h.EffectiveMatchSyntax() {
	case settings.MatchExact:
		return h.Match == "*" || h.Match == ev.Tool
	default:
		ok, err := path.Match(h.Match, ev.Tool)
		return err == nil && ok
	}
}

// Encode is the event JSON plus a newline (HK-10) and the engine's
// environment unchanged (HK-02).
func (native) Encode(ev *Event, base []string) (*Payload, error) {
	payload, err := ev.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("encoding event: %w", err)
	}
	return &Payload{Stdin: append(payload, '\n'), Env: base}, nil
}

// Prepare runs command hooks as `bash -c <command>` and args hooks
// directly, in the workspace, with the engine's environment plus the
// hook's env, and the event JSON on stdin (HK-02, HK-10, HK-65); an http
// hook's headers have $VAR and ${VAR} expanded for allowed_env_vars only
// (HK-62).
func (native) Prepare(h *settings.Hook, ev *Event, p *Payload) (*Invocation, error) {
	env := hookkit.WithEnv(p.Env, h.Env)
	inv := &Invocation{
		Dir:     firstNonEmpty(h.Dir, ev.Workspace),
		Env:     env,
		Stdin:   p.Stdin,
		Timeout: h.EffectiveTimeout(),
		URL:     h.URL,
		// HK-62: $VAR and ${VAR} only for allowed_env_vars; others stay.
		Headers: hookkit.ExpandHeaders(h.Headers, h.AllowedEnvVars, env, true),
		Event:   ev, // what Stdin encodes (Encode), for an in-process run
	}
	switch {
	case len(h.Args) > 0:
		inv.Argv = append([]string(nil), h.Args...)
	case h.Command != "":
		inv.Argv = []string{"bash", "-c", h.Command}
		inv.Direct = true // a simple command runs without bash, unchanged
	}
	return inv, nil
}

// Classify applies HK-20 and HK-21: exit 2 blocks with stderr as reason;
// exit 0 reads stdout as a JSON reply when it starts with "{" (plain text
// is context on session_start and prompt_submit, HK-51); any other
// failure is ignored unless fail_closed, which blocks with
// "hook X failed and is fail_closed: …". A JSON reply's [ReportKey]
// field (hookcompat's extension, written by the exec shim) puts the
// wrapped hook's outcome, exit code and error into the trace; the
// decision is the native fields' alone.
func (native) Classify(h *settings.Hook, ev *Event, res *RunResult) HookReply {
	fail := func(outcome OutcomeKind, why string) HookReply {
		r := HookReply{Outcome: outcome, Err: why}
		if h.FailClosed {
			r.Decision = DecisionBlock
			r.Reason = fmt.Sprintf("hook %s failed and is fail_closed: %s", h.Label(), why)
			r.Outcome = OutcomeBlocking
		}
		return r
	}
	switch {
	case res.StartErr != nil:
		return fail(OutcomeError, res.StartErr.Error())
	case res.TimedOut:
		return fail(OutcomeTimeout, fmt.Sprintf("timed out after %s", h.EffectiveTimeout()))
	case res.Cancelled:
		return HookReply{Outcome: OutcomeCancelled, Err: "cancelled"}
	case res.HTTPStatus != 0 && (res.HTTPStatus < 200 || res.HTTPStatus > 299):
		return fail(OutcomeError, fmt.Sprintf("http status %d", res.HTTPStatus))
	case res.Lost != "" && res.ExitCode != 2:
		// Output was cut: the reply cannot be read whole (an exit 2
		// blocks whatever its stderr holds).
		return fail(OutcomeError, res.Lost)
	case res.ExitCode == 2:
		reason := strings.TrimSpace(string(res.Stderr))
		if reason == "" {
			reason = defaultBlockReason
		}
		return HookReply{Reply: Reply{Decision: DecisionBlock, Reason: reason}, Outcome: OutcomeBlocking}
	case res.ExitCode != 0:
		why := fmt.Sprintf("exited %d", res.ExitCode)
		if res.Signal != "" {
			why = "killed by SIG" + res.Signal
		}
		if s := hookkit.FirstLine(res.Stderr); s != "" {
			why += ": " + s
		}
		return fail(OutcomeError, why)
	}
	if res.StdoutTruncated {
		return fail(OutcomeError, "stdout exceeded the output limit (64 MiB for a JSON reply, 1 MiB for plain text by default); the reply cannot be read whole")
	}
	out := bytes.TrimSpace(res.Stdout)
	if len(out) == 0 {
		return HookReply{Outcome: OutcomeSuccess}
	}
	if out[0] != '{' {
		r := HookReply{Outcome: OutcomeSuccess}
		if ev.Name == settings.SessionStart || ev.Name == settings.PromptSubmit {
			r.AdditionalContext = string(out)
		}
		return r
	}
	var reply Reply
	if err := decodeNativeReply(out, &reply); err != nil {
		return fail(OutcomeError, "invalid JSON reply: "+err.Error())
	}
	r := HookReply{Reply: reply, Outcome: OutcomeSuccess}
	if reply.Decision.Blocks() {
		r.Outcome = OutcomeBlocking
		if r.Reason == "" {
			r.Reason = defaultBlockReason
		}
	}
	if runs := readReport(out); runs != nil {
		// hookcompat's extension: the runs the reply stands for (the exec
		// shim's wrapped hook). It changes what the trace shows, never
		// the decision.
		applyReport(&r, runs)
	}
	return r
}

// decodeNativeReply reads a native JSON reply, nested to any depth (up to
// the engine's reply limit). Unknown keys are tolerated (a hook may print
// more than the reply), but known keys must have the right types and
// decision must be one of the native values; keys match
// case-insensitively, the last one winning, as in encoding/json.
func decodeNativeReply(data []byte, r *Reply) error {
	if ok, _ := hookjson.Valid(data); !ok {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			return err // encoding/json names the offset and the problem
		}
		return errors.New("not one JSON value")
	}
	if err := hookjson.Decode(data, r, hookjson.Fold); err != nil {
		return err
	}
	switch r.Decision {
	case DecisionNone, DecisionBlock, DecisionDeny, DecisionAsk, DecisionAllow:
	default:
		return fmt.Errorf("unknown decision %q", r.Decision)
	}
	if r.UpdatedArgs != nil && bytes.Equal(bytes.TrimSpace(r.UpdatedArgs), []byte("null")) {
		r.UpdatedArgs = nil
	}
	if r.UpdatedArgs != nil && bytes.TrimSpace(r.UpdatedArgs)[0] != '{' {
		return fmt.Errorf("updated_args must be an object")
	}
	for _, raw := range []json.RawMessage{r.UpdatedArgs, r.UpdatedResult} {
		if _, depth := hookjson.Valid(raw); raw != nil && depth > maxPassedDepth {
			return fmt.Errorf("updated_args or updated_result is nested %d levels deep (at most %d are passed on)", depth, maxPassedDepth)
		}
	}
	return nil
}

// Schedule runs native hooks one after another in configured order, and
// updated_args reach the hooks after the one that set them (HK-60). Where
// a block stops the action, the first blocking hook wins and the rest do
// not run (HK-20); on post_tool and post_tool_failure, where the tool has
// run and a block is only feedback, every hook runs.
func (native) Schedule(ev *Event) Schedule {
	feedbackOnly := ev.Name == settings.PostTool || ev.Name == settings.PostToolFailure
	return Schedule{StopOnBlock: !feedbackOnly, ChainArgs: true}
}

// Combine is [Merge]; on post_tool and post_tool_failure, where every
// hook runs and a block is feedback for the model, the reasons of all
// blocking hooks are kept, joined with a newline in order.
func (native) Combine(ev *Event, replies []HookReply) Reply {
	rs := make([]Reply, len(replies))
	for i := range replies {
		rs[i] = replies[i].Reply
	}
	out := Merge(rs)
	if out.Decision.Blocks() && (ev.Name == settings.PostTool || ev.Name == settings.PostToolFailure) {
		var reasons []string
		for _, r := range rs {
			if r.Decision.Blocks() && r.Reason != "" {
				reasons = append(reasons, r.Reason)
			}
		}
		out.Reason = strings.Join(reasons, "\n")
	}
	return out
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
