package codex

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/runner"
)

// Codex as the host of converted hooks (`convert --target codex` writes a
// hooks.json whose commands are `hookcompat exec --host codex --protocol
// claude …`): the shim reads Codex's payload ([codexFormat.ReadEvent]),
// runs the wrapped hook with its own format's protocol, and answers with
// WriteReply in Codex's reply schema — only fields Codex accepts for the
// event, since any other one makes the whole reply invalid (codex §3.2) —
// and exit status 0.

// stopCap is how many consecutive Stop continuations a converted Claude
// hook may force before the shim stops answering them: Claude Code ends
// the turn after 8 (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP), Codex has no cap.
const stopCap = 8

// WriteReply renders the shim's outcome as Codex's reply (codex-format
// §8.3): PreToolUse — a block, and an ask (Codex has none; Claude Code
// headless refuses an asked call with the reason), as permissionDecision
// deny with the reason (non-blank), a rewrite as allow + updatedInput
// ({"command"} for Bash, the patch text for file edits), nothing for
// allow (Codex has no allow-without-rewrite); PermissionRequest — decision.behavior
// allow or deny + message, updatedInput/updatedPermissions/interrupt
// dropped; PostToolUse — a block's reason as additionalContext (before
// the tool's output, which Codex's own block would replace),
// continue:false dropped; UserPromptSubmit — block, continue:false; SessionStart and
// SubagentStart — continue:false; Stop and SubagentStop — block + reason
// (at most stopCap times in a row, as Claude Code), continue:false;
// additionalContext in hookSpecificOutput where the event has one;
// systemMessage kept. Fields Codex would reject are never written.
func (codexFormat) WriteReply(out *runner.Outcome, ev *runner.Event) ([]byte, []byte, int) {
	row, ok := rowFor(ev.Name)
	if !ok {
		return nil, nil, 0
	}
	p := NewProtocol(nil)
	top := jsonwire.NewObject(jsonwire.Serde)
	hso := jsonwire.NewObject(jsonwire.Serde)
	hso.Str("hookEventName", row.Codex)
	hsoFields := 0
	ctx := strings.TrimSpace(out.AdditionalContext)
	addCtx := func() {
		if ctx != "" && has(row.HSO, "additionalContext") {
			hso.Str("additionalContext", ctx)
			hsoFields++
		}
	}
	reason := strings.TrimSpace(out.Reason)
	stopped := out.Continue != nil && !*out.Continue
	switch row.Reply {
	case replyGate:
		switch {
		case out.Decision.Blocks() || out.Decision == runner.DecisionAsk:
			// Codex has no ask: Claude Code without a person to ask
			// (headless) refuses the call with the reason, and so does
			// the shim.
			if reason == "" {
				reason = "blocked by a " + row.Codex + " hook"
			}
			hso.Str("permissionDecision", "deny")
			hso.Str("permissionDecisionReason", reason)
			hsoFields++
		case out.UpdatedArgs != nil:
			rewritten := *ev
			rewritten.Args = out.UpdatedArgs
			if in, ok := p.rewriteInput(&rewritten, row); ok {
				hso.Str("permissionDecision", "allow")
				hso.Raw("updatedInput", in)
				hsoFields++
			}
		}
		addCtx()
	case replyApproval:
		switch out.Decision {
		case runner.DecisionDeny, runner.DecisionBlock:
			d := jsonwire.NewObject(jsonwire.Serde)
			d.Str("behavior", "deny")
			if reason != "" {
				d.Str("message", reason)
			}
			b, _ := d.Bytes()
			hso.Raw("decision", b)
			hsoFields++
		case runner.DecisionAllow:
			hso.Raw("decision", json.RawMessage(`{"behavior":"allow"}`))
			hsoFields++
		}
	case replyFeedback:
		// Claude Code shows the model both the tool's output and a
		// block's reason; Codex's block (and its continue:false) would
		// replace the output with the reason: the reason goes as context
		// instead, before the output, and continue:false is dropped (Codex
		// cannot stop the turn here; a convert warning).
		if out.Decision.Blocks() && reason != "" {
			if ctx != "" {
				ctx = reason + "\n\n" + ctx
			} else {
				ctx = reason
			}
		}
		addCtx()
	case replyDrop:
		switch {
		case stopped:
			top.Bool("continue", false)
			if out.StopReason != "" {
				top.Str("stopReason", out.StopReason)
			}
		case out.Decision.Blocks():
			if reason == "" {
				reason = "blocked by a " + row.Codex + " hook"
			}
			top.Str("decision", "block")
			top.Str("reason", reason)
		default:
			addCtx()
		}
	case replyStart:
		if stopped {
			top.Bool("continue", false)
			if out.StopReason != "" {
				top.Str("stopReason", out.StopReason)
			}
		}
		addCtx()
	case replyContinue:
		switch {
		case stopped:
			top.Bool("continue", false)
			if out.StopReason != "" {
				top.Str("stopReason", out.StopReason)
			}
		case out.Decision.Blocks() && reason != "" && stopAllowed(ev):
			top.Str("decision", "block")
			top.Str("reason", reason)
		}
	default:
		// PreCompact, PostCompact, SessionEnd, model requests, Interrupt:
		// Codex acts on no reply.
		return nil, nil, 0
	}
	if s := strings.TrimSpace(out.SystemMessage); s != "" && has(row.Top, "systemMessage") {
		top.Str("systemMessage", s)
	}
	if hsoFields > 0 {
		b, err := hso.Bytes()
		if err == nil {
			top.Raw("hookSpecificOutput", b)
		}
	}
	if top.Len() == 0 {
		return nil, nil, 0
	}
	b, err := top.Bytes()
	if err != nil {
		return nil, []byte("hookcompat exec: " + err.Error() + "\n"), 0
	}
	return append(b, '\n'), nil, 0
}

// rewriteInput is the updatedInput Codex takes for a rewritten call:
// {"command": …} for Bash, {"command": <patch>} for a file change (built
// from the rewritten arguments, reading the file to widen a partial-line
// edit), the arguments as they are for other tools.
func (p *Protocol) rewriteInput(ev *runner.Event, row *eventRow) (json.RawMessage, bool) {
	switch p.codexToolName(ev.Tool) {
	case "Bash":
		var a struct {
			Command *string `json:"command"`
		}
		if json.Unmarshal(ev.Args, &a) != nil || a.Command == nil {
			return nil, false
		}
		o := jsonwire.NewObject(jsonwire.Serde)
		o.Str("command", *a.Command)
		b, err := o.Bytes()
		return b, err == nil
	case "apply_patch":
		patch, ok := patchFromNative(ev.Tool, ev.Args, ev.Cwd, true)
		if !ok {
			return nil, false
		}
		o := jsonwire.NewObject(jsonwire.Serde)
		o.Str("command", patch)
		b, err := o.Bytes()
		return b, err == nil
	}
	in, err := p.codexInput(ev, row)
	return in, err == nil
}

// stopAllowed counts a converted Stop hook's consecutive continuations
// per session and turn (a state file under $TMPDIR) and reports whether
// one more is allowed.
func stopAllowed(ev *runner.Event) bool {
	limit := stopCap
	if v, err := strconv.Atoi(os.Getenv("CLAUDE_CODE_STOP_HOOK_BLOCK_CAP")); err == nil && v > 0 {
		limit = v
	}
	sum := sha256.Sum256([]byte(ev.SessionID + "\x00" + ev.PromptID + "\x00" + string(ev.Name)))
	path := filepath.Join(os.TempDir(), "hookcompat-codex-stop", hex.EncodeToString(sum[:8]))
	n := 0
	if ev.StopHookActive {
		if b, err := os.ReadFile(path); err == nil {
			n, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		}
	}
	n++
	if n > limit {
		_ = os.Remove(path)
		return false
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err == nil {
		_ = os.WriteFile(path, []byte(strconv.Itoa(n)), 0o600)
	}
	return true
}

var _ format.Host = codexFormat{}
