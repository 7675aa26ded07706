//go:build unix

package claude

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/claude/permission"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// TestPermissionLayerEngineOption: an engine given Claude's permission
// layer (runner.Options.Permissions, for hosts without a permission
// system of their own) decides as Claude Code 2.1.332 does around its
// hooks: a deny rule beats the hook's allow, an ask rule its allow (the
// reply asks, Claude's question as the reason), a path deny rule keeps
// the hooks from running at all, dontAsk mode denies what would ask.
// Without the layer the reply is the hooks' alone.
func TestPermissionLayerEngineOption(t *testing.T) {
	dir, _ := filepath.EvalSymlinks(t.TempDir())
	ran := filepath.Join(dir, "ran")
	allow := `echo x >> '` + ran + `'; echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`
	cfg := &settings.Config{Hooks: []settings.Hook{{Event: settings.PreTool, Protocol: Name, MatchSyntax: Name, Command: allow}}}
	perms := permission.Read([]permission.File{{Path: "local", Scope: permission.ScopeLocal,
		Data: []byte(`{"permissions": {"deny": ["Bash(rm *)", "Read(./.env)"], "ask": ["Bash(git push *)"]}}`)}}, dir, dir)
	layer := newPermissionLayer(perms, dir, nil)
	eng, err := runner.New(cfg, runner.Options{Workspace: dir, Protocols: []runner.Protocol{NewProtocol(nil)}, Permissions: layer})
	require.NoError(t, err)
	plain, err := runner.New(cfg, runner.Options{Workspace: dir, Protocols: []runner.Protocol{NewProtocol(nil)}})
	require.NoError(t, err)
	fire := func(e *runner.Engine, mode, tool, args string) *runner.Outcome {
		out, err := e.Fire(context.Background(), runner.Event{Name: settings.PreTool, SessionID: "s", Cwd: dir, Workspace: dir,
			PermissionMode: mode, Tool: tool, ToolCallID: "t", Args: json.RawMessage(args)})
		require.NoError(t, err)
		return out
	}
	hookRuns := func() int {
		data, _ := os.ReadFile(ran)
		return len(data) / 2
	}

	out := fire(eng, "default", "shell", `{"command":"rm -rf build"}`)
	assert.Equal(t, runner.DecisionDeny, out.Decision)
	assert.Equal(t, "Permission to use Bash with command rm -rf build has been denied.", out.Reason)
	require.NotNil(t, out.Permission)
	assert.Equal(t, "rule", out.Permission.By)
	assert.Equal(t, runner.DecisionAllow, fire(plain, "default", "shell", `{"command":"rm -rf build"}`).Decision, "without the layer the hook's allow stands")

	out = fire(eng, "default", "shell", `{"command":"git push origin main"}`)
	assert.Equal(t, runner.DecisionAsk, out.Decision)
	assert.Equal(t, "Claude requested permissions to use Bash, but you haven't granted it yet.", out.Reason)

	out = fire(eng, "dontAsk", "shell", `{"command":"git push origin main"}`)
	assert.Equal(t, runner.DecisionDeny, out.Decision)
	assert.Contains(t, out.Reason, "has been denied because Claude Code is running in don't ask mode.")

	before := hookRuns()
	out = fire(eng, "default", "read", `{"path":".env"}`)
	assert.Equal(t, runner.DecisionDeny, out.Decision)
	assert.Equal(t, "<tool_use_error>File is in a directory that is denied by your permission settings.</tool_use_error>", out.Reason)
	assert.Empty(t, out.Hooks, "Claude refuses the call before its hooks")
	assert.Equal(t, before, hookRuns())

	out = fire(eng, "default", "shell", `{"command":"node -e 1"}`)
	assert.Equal(t, runner.DecisionAllow, out.Decision, "the hook's allow stands where no rule speaks")
	assert.Equal(t, "hook", out.Permission.By)

	r := NewProtocol(nil).Render(out)
	require.NotNil(t, r.Permission)
	assert.True(t, r.Permission.ToolRuns)
}
