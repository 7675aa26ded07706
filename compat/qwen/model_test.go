package qwen_test

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore/geminitest"
	"github.com/hookcompat/hookcompat/compat/qwen"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

var reply = geminitest.Reply

// TestQwenModelView: compat.ModelView (and --render model) shows the
// Qwen hooks' texts as Qwen Code sends them, each with its kind and
// place: the bare reason of a refused call or replaced result, contexts
// escaped where Qwen escapes them, the system prompt's block, a
// continuation, a refused todo list.
func TestQwenModelView(t *testing.T) {
	pre := runner.Event{Name: settings.PreTool, Tool: "shell", Args: []byte(`{"command":"rm -rf x"}`)}
	post := runner.Event{Name: settings.PostTool, Tool: "shell", Args: []byte(`{"command":"ls"}`), Result: []byte(`{"llmContent":"a b","returnDisplay":"a b"}`)}
	for _, tc := range []struct {
		name, event, hook string
		ev                runner.Event
		want              []format.ModelText
	}{
		{"PreToolUse deny", "PreToolUse", reply(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm"}}`), pre,
			[]format.ModelText{{Kind: "tool_result", Text: "no rm", Placement: "tool_result"}}},
		{"PreToolUse allow", "PreToolUse", reply(`{"decision":"allow"}`), pre, nil},
		{"PostToolUse replaced", "PostToolUse", reply(`{"continue":false,"stopReason":"withheld"}`), post,
			[]format.ModelText{{Kind: "tool_result", Text: "withheld", Placement: "tool_result"}}},
		{"PostToolUse context", "PostToolUse", reply(`{"hookSpecificOutput":{"additionalContext":"see <b>"}}`), post,
			[]format.ModelText{{Kind: "context", Text: "see &lt;b&gt;", Placement: "tool_result_tail"}}},
		{"UserPromptSubmit context", "UserPromptSubmit", reply(`{"hookSpecificOutput":{"additionalContext":"ctx"}}`), runner.Event{Name: settings.PromptSubmit, Prompt: "hi"},
			[]format.ModelText{{Kind: "context", Text: "<qwen:user-prompt-submit-context>\nctx\n</qwen:user-prompt-submit-context>", Placement: "first_message"}}},
		{"SessionStart context", "SessionStart", reply(`{"hookSpecificOutput":{"additionalContext":"hello"}}`), runner.Event{Name: settings.SessionStart, Reason: "startup"},
			[]format.ModelText{{Kind: "context", Text: "<qwen:session-start-context hidden=\"true\">\nSessionStart additional context:\nhello\n</qwen:session-start-context>", Placement: "system_prompt"}}},
		{"Stop block", "Stop", reply(`{"decision":"block","reason":"again"}`), runner.Event{Name: settings.Stop},
			[]format.ModelText{{Kind: "prompt", Text: "again", Placement: "continuation"}}},
		{"TodoCreated block", "TodoCreated", reply(`{"decision":"block","reason":"no todos"}`), runner.Event{Name: settings.TodoCreated, Extra: runner.Fields{{Key: "phase", Value: json.RawMessage(`"validation"`)}}},
			[]format.ModelText{{Kind: "tool_result", Text: "Todo creation blocked: no todos\n\n<system-reminder>\nTodo list was not modified because a TodoCreated hook blocked the operation: no todos\n</system-reminder>", Placement: "tool_result"}}},
		{"SubagentStart context", "SubagentStart", reply(`{"hookSpecificOutput":{"additionalContext":"be brief"}}`), runner.Event{Name: settings.SubagentStart, Subagent: "general"},
			[]format.ModelText{{Kind: "context", Text: "be brief", Placement: "subagent_first"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := env(t)
			path := filepath.Join(e.Project, ".qwen", "settings.json")
			write(t, path, `{"hooks": {"`+tc.event+`": [{"hooks": [`+tc.hook+`]}]}}`)
			_, eng := geminitest.Engine(t, e, format.Source{Format: qwen.Name, Path: path})
			out := geminitest.Fire(t, eng, tc.ev)
			require.Len(t, out.Hooks, 1)
			var want []format.ModelText
			for _, w := range tc.want {
				w.Protocol, w.Delivery, w.Hooks = qwen.Name, format.DeliveryNow, []string{out.Hooks[0].Command}
				want = append(want, w)
			}
			if want == nil {
				want = []format.ModelText{}
			}
			assert.Equal(t, want, compat.ModelView(out, nil))
		})
	}
}
