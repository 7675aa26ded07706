package codex

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Protocol is Codex CLI 0.169.0's hook protocol (codex §2–§4), protocol
// "codex" of an engine. Its tool vocabulary is fixed at construction; it
// is safe for concurrent use.
type Protocol struct {
	vocab *translate.Vocabulary
}

// NewProtocol returns the Codex protocol translating tool names with
// vocab (nil means translate.DefaultVocabulary).
func NewProtocol(vocab *translate.Vocabulary) *Protocol {
	if vocab == nil {
		vocab = translate.DefaultVocabulary
	}
	return &Protocol{vocab: vocab}
}

// Name returns "codex".
func (*Protocol) Name() string { return Name }

// Defaults of Codex's process handling (codex §2.5).
const (
	// DefaultTimeout is a handler's timeout when it has none (600 s).
	DefaultTimeout = 600 * time.Second
	// maxTimeout bounds huge timeouts (Codex accepts any u64 seconds) to
	// what a duration holds and the native TOML writes back.
	maxTimeout = 9e9 * time.Second
	// outputLimit is how much stdout and stderr hookcompat keeps of a
	// Codex hook: Codex reads the whole output (a reply padded with 2 MB
	// of spaces still counts), so the engine's 1 MiB cap is lifted.
	outputLimit = 64 << 20
	// Shell is the program Codex runs hook commands with: /bin/bash -c,
	// whatever $SHELL is.
	Shell = "/bin/bash"
)

// codexTimeout converts a Codex timeout (whole seconds; absent means 600 s;
// 0 behaves as 1 s, codex §1.4) to a duration, for an event without a
// timeout rule of its own (see [timeoutFor]).
func codexTimeout(seconds *uint64) time.Duration {
	if seconds == nil {
		return DefaultTimeout
	}
	s := *seconds
	if s == 0 {
		s = 1
	}
	if float64(s) >= maxTimeout.Seconds() {
		return maxTimeout
	}
	return time.Duration(s) * time.Second
}

// timeoutFor is a handler's timeout on the event of row, as Codex starts
// it: the event's default when absent (1 s on SessionEnd and Interrupt),
// else TimeoutOf's, clamped to the event's cap (3 s on those two);
// clamped reports a configured timeout above the cap (Codex warns).
func timeoutFor(row *eventRow, seconds *uint64) (t time.Duration, clamped bool) {
	if seconds == nil && row.Timeout > 0 {
		return row.Timeout, false
	}
	t = codexTimeout(seconds)
	if row.TimeoutCap > 0 && t > row.TimeoutCap {
		return row.TimeoutCap, true
	}
	return t, false
}

// effectiveTimeout is the hook's timeout for an event (its own, else the
// default), with the event's cap (SessionEnd and Interrupt hooks get at
// most 3 s, codex §2.5).
func effectiveTimeout(h *settings.Hook, row *eventRow) time.Duration {
	t := h.Timeout
	if t <= 0 {
		t = DefaultTimeout
		if row != nil && row.Timeout > 0 {
			t = row.Timeout
		}
	}
	if row != nil && row.TimeoutCap > 0 && t > row.TimeoutCap {
		t = row.TimeoutCap
	}
	return t
}

// formatTimeout writes a duration in Codex's words ("1s", "600s").
func formatTimeout(d time.Duration) string {
	if d%time.Second == 0 {
		return strconv.FormatInt(int64(d/time.Second), 10) + "s"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
}

// matchValues are what a hook's matcher is compared with for ev, and
// whether the event has a matcher target at all (codex §2.1).
func (p *Protocol) matchValues(row *eventRow, ev *runner.Event) ([]string, bool) {
	switch row.Match {
	case matchTool:
		return toolAliases(p.codexToolName(ev.Tool)), true
	case matchSource:
		src := hookkit.MapValue(sessionStartSource, ev.Reason, false)
		if src == "" {
			src = "startup"
		}
		return []string{src}, true
	case matchTrigger:
		t := ev.Reason
		if t == "" {
			t = "auto"
		}
		return []string{t}, true
	case matchReason:
		r := ev.Reason
		switch r {
		case "", "new", "load", "exit":
			r = "other"
		}
		return []string{r}, true
	case matchAgent:
		return []string{ev.Subagent}, true
	}
	return nil, false
}

// Selects applies the hook's Codex matcher (codex §1.6) to the event's
// matcher target; events without one run every hook. A native
// post_tool_failure runs Codex's PostToolUse hooks only for the shell
// tool (Codex fires PostToolUse for a failing shell command and nothing
// for other failed calls, codex §2.1).
func (p *Protocol) Selects(h *settings.Hook, ev *runner.Event) bool {
	row, ok := rowFor(ev.Name)
	if !ok {
		return false
	}
	if !firesFor(ev.Name, p.codexToolName(ev.Tool)) {
		return false
	}
	values, supported := p.matchValues(row, ev)
	if !supported || h.Match == "" || h.Match == "*" {
		return true
	}
	if h.EffectiveMatchSyntax() != Name {
		return format.SelectsNative(p.vocab, h, ev)
	}
	return cachedMatcher(h.Match).Match(values...)
}

// SelectWarn is [Protocol.Selects] with a warning for a matcher Rust
// accepts and hookcompat cannot evaluate (a repetition count above
// 1000): such a hook is selected, so that a guard is never skipped
// because its matcher could not be read, and the warning goes to its
// trace.
func (p *Protocol) SelectWarn(h *settings.Hook, ev *runner.Event) (bool, string) {
	ok := p.Selects(h, ev)
	if ok && h.Match != "" && h.EffectiveMatchSyntax() == Name {
		if err := cachedMatcher(h.Match).Unsupported(); err != nil {
			return true, fmt.Sprintf("matcher %q: %v; the hook runs", h.Match, err)
		}
	}
	return ok, ""
}

// Validate checks that a hook's Codex matcher compiles.
func (*Protocol) Validate(h *settings.Hook) error {
	if h.EffectiveMatchSyntax() != Name || h.Match == "" {
		return nil
	}
	return compileMatcher(h.Match).Err()
}

// Encode builds what every Codex hook gets for ev: stdin = the Codex
// payload ([Protocol.Payload]); environment = the engine's, unchanged
// (Codex adds no variable of its own, codex §2.4).
func (p *Protocol) Encode(ev *runner.Event, base []string) (*runner.Payload, error) {
	stdin, err := p.payload(ev)
	if err != nil {
		return nil, err
	}
	return &runner.Payload{Stdin: stdin, Env: base}, nil
}

// Payload returns the stdin bytes a Codex hook receives for ev (compact
// JSON, no trailing newline, Codex's key order, codex §2.2).
func (p *Protocol) Payload(ev *runner.Event) ([]byte, error) { return p.payload(ev) }

// Prepare runs a Codex command hook as `/bin/bash -c <command as
// written>` (an args hook directly) in the session's directory (the
// event's workspace — the payload's cwd may be a tool call's workdir,
// which Codex does not run hooks in; else the event's cwd), with the payload's environment plus the
// hook's own variables, its timeout (SessionEnd and Interrupt capped at 3 s), SIGKILL
// at the timeout without SIGTERM (Codex kills the process group
// outright) and the whole output read (codex §2.5).
func (p *Protocol) Prepare(h *settings.Hook, ev *runner.Event, pl *runner.Payload) (*runner.Invocation, error) {
	row, _ := rowFor(ev.Name)
	dir := ev.Workspace
	if st, err := os.Stat(dir); dir == "" || err != nil || !st.IsDir() {
		dir = ev.Cwd
	}
	if h.Dir != "" {
		dir = h.Dir
	}
	inv := &runner.Invocation{
		Dir:         dir,
		Env:         hookkit.WithEnv(pl.Env, h.Env),
		Stdin:       pl.Stdin,
		Timeout:     effectiveTimeout(h, row),
		KillGrace:   -1,
		OutputLimit: outputLimit,
		URL:         h.URL,
	}
	switch {
	case h.EffectiveType() == settings.TypeHTTP:
		inv.Headers = hookkit.ExpandHeaders(h.Headers, h.AllowedEnvVars, inv.Env, false)
	case len(h.Args) > 0:
		inv.Argv = append([]string(nil), h.Args...)
	default:
		inv.Argv = []string{Shell, "-c", h.Command}
	}
	return inv, nil
}

// Schedule runs every selected hook of an event at once and waits for all
// of them (codex §4); identical handlers all run (no deduplication).
func (*Protocol) Schedule(*runner.Event) runner.Schedule {
	return runner.Schedule{Parallel: true}
}

// Detached reports async handlers: Codex starts them and never reads
// their reply (codex §1.4).
func (*Protocol) Detached(h *settings.Hook, _ *runner.Event) bool { return h.Async }

// outputT3 is Codex's output for a Bash or apply_patch call whose winning
// rewrite had no string command (the call fails, codex §3.3).
const outputT3 = "hook returned updatedInput without string field `command`"

// Combine merges the Codex hooks' replies for one event, given in display
// order (codex §4): PreToolUse — any block wins, its reason the first
// block's; otherwise the rewrite of the hook that ran longest (Codex takes
// the last to finish; hooks start together, so the longest run finishes
// last; equal durations: the later in display order) — a rewrite without
// a string command makes the call fail (T3); PermissionRequest — deny if
// any hook denies (the first message), else allow if any allows;
// PostToolUse — the feedback texts, joined by a blank line, replace the
// output; UserPromptSubmit — any block or continue:false drops the
// prompt (its contexts are discarded); SessionStart — continue:false in
// any hook ends the session; Stop and SubagentStop — continue:false in any
// hook suppresses the continuation, else every blocking hook adds a
// fragment (reason joined by a blank line); contexts of valid replies in
// display order. No fail closed, no continuation cap.
func (p *Protocol) Combine(ev *runner.Event, replies []runner.HookReply) runner.Reply {
	row, _ := rowFor(ev.Name)
	var out runner.Reply
	var ctx []string
	details := make([]*Detail, len(replies))
	for i := range replies {
		d, _ := replies[i].Detail.(*Detail)
		if d == nil {
			d = &Detail{}
		}
		details[i] = d
		if d.HasContext && replies[i].Outcome != runner.OutcomeError {
			ctx = append(ctx, d.Context)
		}
	}
	out.AdditionalContext = strings.Join(ctx, "\n\n")
	switch row.Reply {
	case replyGate:
		for i, d := range details {
			if d.Block != "" {
				out.Decision, out.Reason = replies[i].Decision, d.Block
				if out.Decision == runner.DecisionNone {
					out.Decision = runner.DecisionDeny
				}
				return out
			}
		}
		if w := rewriteWinner(details); w >= 0 {
			if details[w].BadRewrite {
				out.Decision, out.Reason = runner.DecisionBlock, outputT3
				return out
			}
			out.UpdatedArgs = replies[w].UpdatedArgs
		}
	case replyApproval:
		for _, d := range details {
			if d.Permission == "deny" {
				out.Decision, out.Reason = runner.DecisionDeny, d.Message
				return out
			}
		}
		for _, d := range details {
			if d.Permission == "allow" {
				out.Decision = runner.DecisionAllow
			}
		}
	case replyFeedback:
		var fb []string
		for _, d := range details {
			if d.HasFeedback {
				fb = append(fb, d.Feedback)
			}
		}
		if len(fb) > 0 {
			out.Decision, out.Reason = runner.DecisionBlock, strings.Join(fb, "\n\n")
		}
	case replyDrop:
		for i, d := range details {
			if d.Block != "" || d.Stop || (replies[i].Outcome == runner.OutcomeBlocking && replies[i].Decision.Blocks()) {
				out.Decision, out.Reason, out.AdditionalContext = runner.DecisionBlock, d.Block, ""
				if d.Stop {
					stop := false
					out.Continue, out.StopReason = &stop, d.StopReason
				}
				return out
			}
		}
	case replyStart:
		for _, d := range details {
			if d.Stop {
				stop := false
				out.Continue, out.StopReason = &stop, d.StopReason
				break
			}
		}
	case replyContinue:
		for _, d := range details {
			if d.Stop {
				stop := false
				out.Continue, out.StopReason = &stop, d.StopReason
				return out
			}
		}
		var fr []string
		for _, d := range details {
			if d.HasPrompt {
				fr = append(fr, d.Prompt)
			}
		}
		if len(fr) > 0 {
			goOn := true
			out.Decision, out.Reason, out.Continue = runner.DecisionBlock, strings.Join(fr, "\n\n"), &goOn
		}
	}
	return out
}

// rewriteWinner is the index of the winning PreToolUse rewrite, or -1.
func rewriteWinner(ds []*Detail) int {
	w := -1
	for i, d := range ds {
		if d.Rewrite == nil {
			continue
		}
		if w < 0 || d.Duration >= ds[w].Duration {
			w = i
		}
	}
	return w
}

var (
	_ runner.Protocol     = (*Protocol)(nil)
	_ runner.Validator    = (*Protocol)(nil)
	_ runner.Detacher     = (*Protocol)(nil)
	_ runner.SelectWarner = (*Protocol)(nil)
)

// roundUpSeconds is d in whole seconds, rounded up (at least 1): Codex
// timeouts are integers and a fraction rejects the whole hooks.json.
func roundUpSeconds(d time.Duration) uint64 {
	s := math.Ceil(d.Seconds())
	if s < 1 {
		s = 1
	}
	return uint64(s)
}

func mustJSON(v any) json.RawMessage {
	b, err := marshalNoHTML(v)
	if err != nil {
		panic(fmt.Sprintf("codex: %v", err))
	}
	return b
}
