package claude

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

const ms = time.Millisecond

// TestCompletionOrder: by end time, ends within TieWindow of a run's
// first end in configured order.
func TestCompletionOrder(t *testing.T) {
	for _, c := range []struct {
		name  string
		ended []time.Duration
		want  []int
	}{
		{"none", nil, []int{}},
		{"all at once: configured order", []time.Duration{0, 0, 0}, []int{0, 1, 2}},
		{"instant hooks a few ms apart: configured order", []time.Duration{9 * ms, 2 * ms, 5 * ms}, []int{0, 1, 2}},
		{"slow first configured finishes last", []time.Duration{600 * ms, 5 * ms}, []int{1, 0}},
		{"hc_dec_two_denies: d2, d3 (0.3 s), d1 (0.6 s)", []time.Duration{600 * ms, 4 * ms, 300 * ms}, []int{1, 2, 0}},
		{"exactly the window apart: tied", []time.Duration{TieWindow, 0}, []int{0, 1}},
		{"just over the window: completion", []time.Duration{TieWindow + ms, 0}, []int{1, 0}},
		{"a run spans at most the window from its first end", []time.Duration{180 * ms, 90 * ms, 0}, []int{1, 2, 0}},
		{"runs after a slow one", []time.Duration{500 * ms, 510 * ms, 0, 20 * ms}, []int{2, 3, 0, 1}},
	} {
		got := completionOrder(len(c.ended), func(i int) time.Duration { return c.ended[i] })
		assert.Equal(t, c.want, got, c.name)
	}
}

// TestCombineInCompletionOrder: the one deny reason is the last
// finisher's, joined contexts and separate reminders come in completion
// order, the last updatedInput to finish wins — unless the hooks ended
// within TieWindow of each other (then configured order), as recorded in
// hc_misc_order_deny_reasons, hc_dec_two_denies, hc_dec_two_contexts_pre,
// hc_misc_order_config_vs_finish and hc_sub_start_two_contexts (each with
// the first configured hook slowest).
func TestCombineInCompletionOrder(t *testing.T) {
	deny := func(reason string) string {
		return fmt.Sprintf(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":%q}}`, reason)
	}
	t.Run("deny reason", func(t *testing.T) {
		out, r := fire(t, bashPre(), run{cmd: "slow", stdout: deny("SLOW-FIRST-CONFIGURED"), ended: 500 * ms}, run{cmd: "fast", stdout: deny("FAST-SECOND-CONFIGURED"), ended: 6 * ms})
		assert.Equal(t, "SLOW-FIRST-CONFIGURED", out.Reply.Reason, "the last to finish gives the reason")
		assert.Equal(t, []string{"PreToolUse:Bash hook error: SLOW-FIRST-CONFIGURED"}, r.ModelText)
		out, r = fire(t, bashPre(), run{cmd: "slow", stdout: deny("SLOW-FIRST-CONFIGURED"), ended: 60 * ms}, run{cmd: "fast", stdout: deny("FAST-SECOND-CONFIGURED"), ended: 6 * ms})
		assert.Equal(t, "FAST-SECOND-CONFIGURED", out.Reply.Reason, "within the window: the last in configured order")
		assert.Equal(t, []string{"PreToolUse:Bash hook error: FAST-SECOND-CONFIGURED"}, r.ModelText)
	})
	t.Run("deny reason beside an exit 2", func(t *testing.T) {
		out, r := fire(t, bashPre(),
			run{cmd: "d1", stdout: deny("DENY-ONE"), ended: 600 * ms},
			run{cmd: "d2", stdout: deny("DENY-TWO"), ended: 3 * ms},
			run{cmd: "d3", exit: 2, stderr: "DENY-THREE\n", ended: 300 * ms})
		assert.Equal(t, "DENY-ONE", out.Reply.Reason)
		assert.Equal(t, []string{"PreToolUse:Bash hook error: DENY-ONE"}, r.ModelText)
		out, r = fire(t, bashPre(),
			run{cmd: "d1", stdout: deny("DENY-ONE"), ended: 3 * ms},
			run{cmd: "d2", stdout: deny("DENY-TWO"), ended: 600 * ms},
			run{cmd: "d3", exit: 2, stderr: "DENY-THREE\n", ended: 300 * ms})
		assert.Equal(t, "DENY-TWO", out.Reply.Reason)
		assert.Equal(t, []string{"PreToolUse:Bash hook error: DENY-TWO"}, r.ModelText)
	})
	t.Run("joined context", func(t *testing.T) {
		out, r := fire(t, bashPre(), run{cmd: "c1", stdout: ctxJSON("PreToolUse", "PRE-CTX-ONE"), ended: 400 * ms},
			run{cmd: "c2", stdout: ctxJSON("PreToolUse", "PRE-CTX-TWO"), ended: 4 * ms})
		assert.Equal(t, "PRE-CTX-TWO\nPRE-CTX-ONE", out.Reply.AdditionalContext)
		assert.Equal(t, []string{reminder("PreToolUse:Bash hook additional context: PRE-CTX-TWO\nPRE-CTX-ONE")}, r.ModelText)
		out, r = fire(t, bashPre(), run{cmd: "c1", stdout: ctxJSON("PreToolUse", "PRE-CTX-ONE"), ended: 40 * ms},
			run{cmd: "c2", stdout: ctxJSON("PreToolUse", "PRE-CTX-TWO"), ended: 4 * ms})
		assert.Equal(t, "PRE-CTX-ONE\nPRE-CTX-TWO", out.Reply.AdditionalContext)
		assert.Equal(t, []string{reminder("PreToolUse:Bash hook additional context: PRE-CTX-ONE\nPRE-CTX-TWO")}, r.ModelText)
		sub := &runner.Event{Name: settings.SubagentStart, SessionID: "s"}
		_, r = fire(t, sub, run{cmd: "a", stdout: ctxJSON("SubagentStart", "SUBSTART-SLOW"), ended: 400 * ms},
			run{cmd: "b", stdout: ctxJSON("SubagentStart", "SUBSTART-FAST"), ended: 2 * ms})
		require.Len(t, r.ModelText, 1)
		assert.Contains(t, r.ModelText[0], "SUBSTART-FAST\nSUBSTART-SLOW")
	})
	t.Run("separate reminders", func(t *testing.T) {
		post := &runner.Event{Name: settings.PostTool, SessionID: "s", Tool: "shell", Args: json.RawMessage(`{"command":"ls"}`)}
		out, r := fire(t, post, run{cmd: "slow", stdout: ctxJSON("PostToolUse", "POST-SLOW"), ended: 600 * ms},
			run{cmd: "fast", stdout: ctxJSON("PostToolUse", "POST-FAST"), ended: 1 * ms})
		assert.Equal(t, "POST-FAST\n\nPOST-SLOW", out.Reply.AdditionalContext)
		assert.Equal(t, []string{reminder("PostToolUse:Bash hook additional context: POST-FAST"), reminder("PostToolUse:Bash hook additional context: POST-SLOW")}, r.ModelText)
		out, r = fire(t, post, run{cmd: "slow", exit: 2, stderr: "SLOW", ended: 600 * ms}, run{cmd: "fast", exit: 2, stderr: "FAST", ended: 1 * ms})
		assert.Equal(t, "FAST\nSLOW", out.Reply.Reason, "every block's feedback, in completion order")
		require.Len(t, r.ModelText, 2)
		assert.Contains(t, r.ModelText[0], "[fast]: FAST")
		assert.Contains(t, r.ModelText[1], "[slow]: SLOW")
		ups := &runner.Event{Name: settings.PromptSubmit, SessionID: "s", Prompt: "p"}
		_, r = fire(t, ups, run{cmd: "slow", stdout: ctxJSON("UserPromptSubmit", "UPS-SLOW"), ended: 600 * ms},
			run{cmd: "fast", stdout: ctxJSON("UserPromptSubmit", "UPS-FAST"), ended: 1 * ms})
		assert.Equal(t, []string{reminder("UserPromptSubmit hook additional context: UPS-FAST"), reminder("UserPromptSubmit hook additional context: UPS-SLOW")}, r.ModelText)
	})
	t.Run("updatedInput", func(t *testing.T) {
		input := func(cmd string) string {
			return fmt.Sprintf(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":%q}}}`, cmd)
		}
		out, _ := fire(t, bashPre(), run{cmd: "slow", stdout: input("slow"), ended: 300 * ms}, run{cmd: "fast", stdout: input("fast"), ended: 2 * ms})
		assert.JSONEq(t, `{"command":"slow"}`, string(out.Reply.UpdatedArgs), "the last to finish wins")
		out, _ = fire(t, bashPre(), run{cmd: "slow", stdout: input("slow"), ended: 2 * ms}, run{cmd: "fast", stdout: input("fast"), ended: 300 * ms})
		assert.JSONEq(t, `{"command":"fast"}`, string(out.Reply.UpdatedArgs))
		out, _ = fire(t, bashPre(), run{cmd: "slow", stdout: input("slow"), ended: 30 * ms}, run{cmd: "fast", stdout: input("fast"), ended: 2 * ms})
		assert.JSONEq(t, `{"command":"fast"}`, string(out.Reply.UpdatedArgs), "within the window: the last in configured order")
	})
}
