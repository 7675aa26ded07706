package copilot

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// Copilot as the host of converted hooks (`convert --target copilot`
// writes a hooks file whose commands are `hookcompat exec --host copilot
// --protocol claude …`): the shim reads Copilot's payload
// ([copilotFormat.ReadHostEvent]), runs the wrapped hook with its own
// format's protocol, and answers with WriteReply in Copilot's reply
// schema, exit status 0.

// shellTrailer is the line Copilot appends to a shell call's result.
var shellTrailer = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`\n?<shellId: [^>]*(?:completed with exit code (-?\d+))?[^>]*>\s*$`)
}}

// ReadHostEvent reads the payload Copilot gives a converted hook into the
// event the hook's own agent would send: Copilot's own keys (timestamp,
// toolResult's resultType, agentId, …) are left out, so that the hook
// cannot mistake Copilot for its own agent. For a Claude Code hook
// (protocol "claude") a shell call's result becomes Bash's
// tool_response {stdout, stderr, interrupted, isImage} (the text
// without Copilot's "<shellId: …>" line), another tool's result its
// text; the transcript path is Copilot's events.jsonl of the session.
// The workspace is COPILOT_PROJECT_DIR when Copilot set it, else the
// payload's cwd.
func (copilotFormat) ReadHostEvent(data []byte, workspace, protocol string) (runner.Event, error) {
	if dir := os.Getenv(EnvProjectDir); dir != "" {
		workspace = dir
	}
	p := NewProtocol(nil)
	ev, _, _, err := p.FromPayload(data, workspace)
	if err != nil {
		return runner.Event{}, err
	}
	from := ev.Extra
	ev.Extra = nil
	if ev.Workspace == "" {
		ev.Workspace = ev.Cwd
	}
	if protocol != claudeName {
		return ev, nil
	}
	if len(ev.Result) > 0 {
		var res struct {
			Text *string `json:"textResultForLlm"`
		}
		if json.Unmarshal(ev.Result, &res) == nil && res.Text != nil {
			if p.toolName(ev.Tool) == "bash" {
				o := jsonwire.NewObject(jsonwire.JS)
				o.Str("stdout", shellTrailer.Get().ReplaceAllString(*res.Text, ""))
				o.Str("stderr", "")
				o.Bool("interrupted", false)
				o.Bool("isImage", false)
				ev.Result, _ = o.Bytes()
			} else {
				ev.Result = jsonwire.RawString(*res.Text)
			}
		}
	}
	if v, ok := from.Get("agentType"); ok && ev.Subagent == "" {
		var s string
		if json.Unmarshal(v, &s) == nil {
			ev.Subagent = s
		}
	}
	return ev, nil
}

// stopCap is how many consecutive continuations a converted Stop hook may
// force before the shim stops answering them: Claude Code ends the turn
// after 8 (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP).
const stopCap = 8

// WriteReply answers Copilot for a converted hook (its reply schema,
// camelCase): preToolUse — permissionDecision deny with the reason,
// ask, allow, modifiedArgs in Copilot's names (the whole argument
// object), additionalContext; permissionRequest — behavior allow or deny
// with message (and interrupt); postToolUse — a block's reason as
// additionalContext (appended to the result, which Copilot's own block
// would replace), modifiedResult for a rewritten result,
// additionalContext;
// postToolUseFailure, sessionStart, subagentStart, notification —
// additionalContext; userPromptSubmitted — decision block with the
// reason, additionalContext; agentStop and subagentStop — decision
// block with the reason (at most stopCap times in a row, as Claude
// Code). Always one JSON object and exit status 0: Copilot reads a
// non-zero exit of a preToolUse hook as a denial.
func (copilotFormat) WriteReply(out *runner.Outcome, ev *runner.Event) ([]byte, []byte, int) {
	r, ok := rowFor(ev.Name)
	if !ok {
		return []byte("{}\n"), nil, 0
	}
	o := jsonwire.NewObject(jsonwire.Serde)
	reason := strings.TrimSpace(out.Reason)
	ctx := strings.TrimSpace(out.AdditionalContext)
	addCtx := func() {
		if ctx != "" {
			o.Str("additionalContext", ctx)
		}
	}
	p := NewProtocol(nil)
	switch r.Reply {
	case replyGate:
		switch {
		case out.Decision.Blocks():
			if reason == "" {
				reason = "blocked by a " + r.Camel + " hook"
			}
			o.Str("permissionDecision", "deny")
			o.Str("permissionDecisionReason", reason)
		case out.Decision == runner.DecisionAsk:
			o.Str("permissionDecision", "ask")
			if reason != "" {
				o.Str("permissionDecisionReason", reason)
			}
		case out.Decision == runner.DecisionAllow:
			o.Str("permissionDecision", "allow")
		}
		if out.UpdatedArgs != nil && !out.Decision.Blocks() {
			o.Raw("modifiedArgs", p.vocab.Args(translate.Native, Dialect, ev.Tool, out.UpdatedArgs))
		}
		addCtx()
	case replyApproval:
		switch {
		case out.Decision.Blocks():
			o.Str("behavior", "deny")
			if reason != "" {
				o.Str("message", reason)
			}
		case out.Decision == runner.DecisionAllow:
			o.Str("behavior", "allow")
		}
	case replyResult:
		switch {
		case out.Decision.Blocks():
			// The wrapped agent (Claude Code) shows the model both the
			// tool's output and a block's reason; Copilot's own block
			// would replace the output ("Tool result blocked: R"): the
			// reason goes as additionalContext instead, appended to the
			// result before the other contexts (recorded
			// o_post_decision_block in testdata/cross-agent).
			if reason != "" {
				if ctx != "" {
					ctx = reason + "\n\n" + ctx
				} else {
					ctx = reason
				}
			}
		case out.UpdatedResult != nil:
			text := string(out.UpdatedResult)
			var s string
			if json.Unmarshal(out.UpdatedResult, &s) == nil {
				text = s
			}
			mr := jsonwire.NewObject(jsonwire.Serde)
			mr.Str("textResultForLlm", text)
			mr.Str("resultType", "success")
			b, _ := mr.Bytes()
			o.Raw("modifiedResult", b)
		}
		addCtx()
	case replyPrompt:
		if out.Decision.Blocks() {
			if reason == "" {
				reason = "blocked by a " + r.Camel + " hook"
			}
			o.Str("decision", "block")
			o.Str("reason", reason)
		} else {
			addCtx()
		}
	case replyContinue:
		if out.Decision.Blocks() && reason != "" && stopAllowed(ev) {
			o.Str("decision", "block")
			o.Str("reason", reason)
		}
	case replyGuidance, replyContext:
		addCtx()
	}
	b, err := o.Bytes()
	if err != nil || b == nil {
		return []byte("{}\n"), nil, 0
	}
	return append(b, '\n'), nil, 0
}

// stopAllowed counts a converted Stop hook's consecutive continuations
// per session (a state file under $TMPDIR) and reports whether one more
// is allowed.
func stopAllowed(ev *runner.Event) bool {
	limit := stopCap
	if v, err := strconv.Atoi(os.Getenv("CLAUDE_CODE_STOP_HOOK_BLOCK_CAP")); err == nil && v > 0 {
		limit = v
	}
	sum := sha256.Sum256([]byte(ev.SessionID + "\x00" + string(ev.Name)))
	path := filepath.Join(os.TempDir(), "hookcompat-copilot-stop", hex.EncodeToString(sum[:8]))
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
