package compat

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
)

// haltFiles are, per format, a hooks file whose pre-tool and prompt hooks
// answer {"continue": false, "stopReason": "halt here"}.
var haltFiles = map[string][2]string{
	"claude": {"settings.json", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"%s"}]}],"UserPromptSubmit":[{"hooks":[{"type":"command","command":"%s"}]}]}}`},
	"codex":  {"hooks.json", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"%s"}]}],"UserPromptSubmit":[{"hooks":[{"type":"command","command":"%s"}]}]}}`},
	"gemini": {"settings.json", `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"%s"}]}],"BeforeAgent":[{"hooks":[{"type":"command","command":"%s"}]}]}}`},
	"qwen":   {"settings.json", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"%s"}]}],"UserPromptSubmit":[{"hooks":[{"type":"command","command":"%s"}]}]}}`},
	"cursor": {"hooks.json", `{"version":1,"hooks":{"preToolUse":[{"command":"%s"}],"beforeSubmitPrompt":[{"command":"%s"}]}}`},
}

// Session's pre-tool and prompt results carry a merged continue:false
// of every format as Stop (with its StopReason), never as an allow that
// lets the agent go on; a Claude continue:false on PreToolUse and
// UserPromptSubmit is one (claude §6.9).
func TestSessionHaltsForEveryFormat(t *testing.T) {
	cmd := `echo '{\"continue\":false,\"stopReason\":\"halt here\"}'`
	for name, f := range haltFiles {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, f[0])
			body := []byte(fmt.Sprintf(f[1], cmd, cmd))
			require.NoError(t, os.WriteFile(path, body, 0o644))
			loaded, err := Load(Options{Project: dir, Sources: []format.Source{{Format: name, Path: path}}})
			require.NoError(t, err)
			require.Len(t, loaded.Config.Hooks, 2, "%v", loaded.Warnings)
			eng, err := NewEngine(loaded, runner.Options{})
			require.NoError(t, err)
			s := &runner.Session{Engine: eng, ID: "s1"}
			ctx := context.Background()

			tr, err := s.PreTool(ctx, runner.ToolCall{ID: "t1", Tool: "shell", Args: []byte(`{"command":"ls"}`)})
			require.NoError(t, err)
			out := tr.Outcome
			halted := out.Continue != nil && !*out.Continue
			assert.Equal(t, halted, tr.Stop, "pre_tool: Stop is the merged continue:false")
			if halted {
				assert.Equal(t, out.StopReason, tr.StopReason)
			}
			pr, err := s.Prompt(ctx, "p1", "hello")
			require.NoError(t, err)
			out = pr.Outcome
			halted = out.Continue != nil && !*out.Continue
			assert.Equal(t, halted, pr.Stop, "prompt_submit: Stop is the merged continue:false")
			if name == "claude" {
				assert.True(t, tr.Stop, "a Claude PreToolUse continue:false ends the loop")
				assert.Equal(t, "halt here", tr.StopReason)
				assert.True(t, pr.Stop, "a Claude UserPromptSubmit continue:false stops the prompt")
				assert.Equal(t, "halt here", pr.StopReason)
			}
			t.Logf("%s: pre_tool decision %q stop %v; prompt blocked %v stop %v", name, tr.Decision, tr.Stop, pr.Blocked, pr.Stop)
		})
	}
}
