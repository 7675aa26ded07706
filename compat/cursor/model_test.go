package cursor

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// cursorHook is a Cursor hook of step whose command prints reply.
func cursorHook(step, reply string) settings.Hook {
	h := *hookOf(step)
	h.Command = "printf '%s' '" + reply + "'"
	h.Timeout = 10 * time.Second
	return h
}

func viewOf(t *testing.T, ev *runner.Event, hooks ...settings.Hook) ([]format.ModelText, *runner.Outcome) {
	t.Helper()
	ev.Workspace, ev.Cwd = t.TempDir(), ""
	eng, err := runner.New(&settings.Config{Hooks: hooks}, runner.Options{Workspace: t.TempDir(), Protocols: []runner.Protocol{NewProtocol(nil)}})
	require.NoError(t, err)
	defer func() { _ = eng.Close(context.Background()) }()
	out, err := eng.Fire(context.Background(), *ev)
	require.NoError(t, err)
	f, _ := format.Lookup(Name)
	return f.(format.ModelViewer).ModelView(out, nil), out
}

// TestCursorModelView: the model view has Cursor's texts for its own
// hooks — a denied shell command's "Command execution was blocked by a
// hook: …" as the tool's result, a context, a follow-up, what the user is
// shown — and none for another protocol's block.
func TestCursorModelView(t *testing.T) {
	got, out := viewOf(t, eventOf("beforeShellExecution"), cursorHook("beforeShellExecution", `{"permission":"deny","user_message":"no ls"}`))
	require.Len(t, got, 1, "%+v", got)
	assert.Equal(t, "tool_result", got[0].Kind)
	assert.Equal(t, "tool_result", got[0].Placement)
	assert.True(t, strings.HasPrefix(got[0].Text, "Command execution was blocked by a hook: no ls\n"), got[0].Text)
	assert.Equal(t, []string{out.Hooks[0].Command}, got[0].Hooks)

	got, _ = viewOf(t, eventOf("postToolUse"), cursorHook("postToolUse", `{"additional_context":"lint is clean"}`))
	assert.Equal(t, []format.ModelText{{Protocol: "cursor", Kind: "context", Text: "lint is clean", Delivery: "now", Hooks: got[0].Hooks}}, got)

	got, _ = viewOf(t, eventOf("stop"), cursorHook("stop", `{"followup_message":"run the tests"}`))
	require.Len(t, got, 1)
	assert.Equal(t, "prompt", got[0].Kind)
	assert.Equal(t, "run the tests", got[0].Text)

	got, _ = viewOf(t, eventOf("beforeSubmitPrompt"), cursorHook("beforeSubmitPrompt", `{"continue":false,"user_message":"no secrets"}`))
	assert.Equal(t, []format.ModelText{{Protocol: "cursor", Kind: "user_text", Text: "no secrets", Placement: "user", Delivery: "now", Hooks: got[0].Hooks}}, got)

	native := settings.Hook{Event: settings.PreTool, Protocol: settings.ProtocolNative, Command: `echo '{"decision":"block","reason":"native says no"}'`, Timeout: 10 * time.Second}
	got, out = viewOf(t, eventOf("preToolUse"), cursorHook("preToolUse", `{"permission":"allow"}`), native)
	require.True(t, out.Decision.Blocks())
	assert.Empty(t, got, "a native hook's block is not Cursor's text")
}
