package gemini_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/gemini"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore/geminitest"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

var reply = geminitest.Reply

// TestGeminiModelView: compat.ModelView (and --render model) shows the
// Gemini hooks' texts as Gemini CLI sends them, each with its kind and
// place: a blocked call's functionResponse, an AfterTool block's
// replacement, contexts in their <hook_context> blocks, a continuation;
// a block by another protocol's hook is no Gemini text.
func TestGeminiModelView(t *testing.T) {
	shell := runner.Event{Name: settings.PreTool, Tool: "shell", Args: []byte(`{"command":"rm -rf x"}`)}
	after := runner.Event{Name: settings.PostTool, Tool: "shell", Args: []byte(`{"command":"ls"}`), Result: []byte(`{"llmContent":"a b","returnDisplay":"a b"}`)}
	for _, tc := range []struct {
		name, event, hook string
		ev                runner.Event
		want              []format.ModelText
	}{
		{"BeforeTool deny", "BeforeTool", reply(`{"decision":"deny","reason":"no rm"}`), shell,
			[]format.ModelText{{Kind: "tool_result", Text: `{"error":"Tool execution blocked: no rm"}`, Placement: "tool_result"}}},
		{"BeforeTool rewrite", "BeforeTool", reply(`{"hookSpecificOutput":{"tool_input":{"command":"ls"}}}`), shell,
			[]format.ModelText{{Kind: "context", Text: "[System] Tool input parameters were modified by a hook before execution.", Placement: "tool_result_tail"}}},
		{"BeforeTool allow", "BeforeTool", reply(`{"decision":"allow"}`), shell, nil},
		{"AfterTool block", "AfterTool", reply(`{"decision":"deny","reason":"secret"}`), after,
			[]format.ModelText{{Kind: "tool_result", Text: `{"error":"secret"}`, Placement: "tool_result"}}},
		{"AfterTool context", "AfterTool", reply(`{"hookSpecificOutput":{"additionalContext":"see <b>"}}`), after,
			[]format.ModelText{{Kind: "context", Text: "<hook_context>see &lt;b&gt;</hook_context>", Placement: "tool_result_tail"}}},
		{"BeforeAgent context", "BeforeAgent", reply(`{"hookSpecificOutput":{"additionalContext":"ctx"}}`), runner.Event{Name: settings.PromptSubmit, Prompt: "hi"},
			[]format.ModelText{{Kind: "context", Text: "<hook_context>ctx</hook_context>", Placement: "first_message"}}},
		{"BeforeAgent block", "BeforeAgent", reply(`{"decision":"block","reason":"not now"}`), runner.Event{Name: settings.PromptSubmit, Prompt: "hi"},
			[]format.ModelText{{Kind: "user_text", Text: "Agent execution blocked: not now", Placement: "user"}}},
		{"SessionStart context", "SessionStart", reply(`{"hookSpecificOutput":{"additionalContext":"hello"}}`), runner.Event{Name: settings.SessionStart, Reason: "startup"},
			[]format.ModelText{{Kind: "context", Text: "<hook_context>hello</hook_context>", Placement: "first_message"}}},
		{"AfterAgent block", "AfterAgent", reply(`{"decision":"block","reason":"again"}`), runner.Event{Name: settings.Stop},
			[]format.ModelText{{Kind: "prompt", Text: "again", Placement: "continuation"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := session(t, `{"hooks": {"`+tc.event+`": [{"hooks": [`+tc.hook+`]}]}}`)
			out := geminitest.Fire(t, s.Engine, tc.ev)
			got := compat.ModelView(out, nil)
			var want []format.ModelText
			for _, w := range tc.want {
				w.Protocol, w.Delivery, w.Hooks = gemini.Name, format.DeliveryNow, []string{out.Hooks[0].Command}
				want = append(want, w)
			}
			if want == nil {
				want = []format.ModelText{}
			}
			assert.Equal(t, want, got)
		})
	}
}

// TestGeminiModelViewOwnTexts: with hooks of two formats on one event,
// each format's texts are its own agent's: a native post_tool hook's
// block is native feedback, not a Gemini replacement of the result, and
// the Gemini hook's context still reaches the model.
func TestGeminiModelViewOwnTexts(t *testing.T) {
	e := env(t)
	gem := write(t, e.Project+"/.gemini/settings.json", `{"hooks": {"AfterTool": [{"hooks": [`+reply(`{"hookSpecificOutput":{"additionalContext":"ctx"}}`)+`]}]}}`)
	toml := write(t, e.Project+"/hooks.toml", "[[hooks.post_tool]]\ncommand = \"cat >/dev/null; echo '{\\\"decision\\\":\\\"block\\\",\\\"reason\\\":\\\"native says no\\\"}'\"\n")
	_, eng := geminitest.Engine(t, e, format.Source{Format: gemini.Name, Path: gem}, format.Source{Format: settings.ProtocolNative, Path: toml})
	out := geminitest.Fire(t, eng, runner.Event{Name: settings.PostTool, Tool: "shell", Args: []byte(`{}`), Result: []byte(`{"llmContent":"out"}`)})
	require.Equal(t, runner.DecisionBlock, out.Decision)
	var got []string
	for _, m := range compat.ModelView(out, nil) {
		got = append(got, m.Protocol+" "+m.Kind+" "+m.Text)
	}
	assert.ElementsMatch(t, []string{"gemini context <hook_context>ctx</hook_context>", "native feedback native says no"}, got)
}
