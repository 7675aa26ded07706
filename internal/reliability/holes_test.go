//go:build linux

package reliability

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/native"
	"github.com/hookcompat/hookcompat/compat/phi"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// TestSmallerHoles (issue class 7): a NUL byte in an event field that
// becomes an environment variable (Claude's session id, Phi's cwd) does
// not stop the hook from starting — its payload keeps the field exactly,
// the variable drops the NUL — and a script whose interpreter is missing,
// or whose #! line ends with a carriage return, fails with an error naming
// the interpreter (doctor flags both).
func TestSmallerHoles(t *testing.T) {
	t.Run("nul_in_claude_session_id", func(t *testing.T) {
		marker := newMarker(t)
		got := filepath.Join(t.TempDir(), "stdin.json")
		cmd := `cat > '` + got + `'; printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"guard"}}'`
		eng := claudeEngine(t, claudeHook(cmd, false), marker, runner.Options{})
		ev := preToolBash("rm -rf /")
		ev.SessionID = "s\x00id"
		out, _, err := fireWithin(t, context.Background(), eng, ev, 30*time.Second)
		require.NoError(t, err)
		assert.Equal(t, runner.DecisionDeny, out.Decision, "the guard started and denied: %+v", out.Hooks)
		stdin, err := os.ReadFile(got)
		require.NoError(t, err)
		assert.Contains(t, string(stdin), `"session_id":"s\u0000id"`, "the payload keeps the field exactly")
	})

	t.Run("nul_in_phi_cwd", func(t *testing.T) {
		marker := newMarker(t)
		ws := t.TempDir()
		dir := filepath.Join(ws, ".phi", "hooks", "guard")
		require.NoError(t, os.MkdirAll(dir, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "hook.json"), []byte(`{"event":"pre_tool","run":"./run.sh"}`), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "run.sh"), []byte("#!/bin/sh\ncat >/dev/null\necho \"{\\\"action\\\":\\\"deny\\\",\\\"reason\\\":\\\"cwd=$PHI_CWD\\\"}\"\n"), 0o755))
		loaded, err := compat.Load(compat.Options{Project: ws, Sources: phi.Sources(filepath.Join(ws, ".phi", "hooks"))})
		require.NoError(t, err)
		eng, err := compat.NewEngine(loaded, runner.Options{Env: markedEnv(marker), KillGrace: killGrace, DrainDelay: drainDelay})
		require.NoError(t, err)
		ev := preToolBash("rm -rf /")
		ev.Workspace, ev.Cwd = ws, ws+"/a\x00b"
		out, _, err := fireWithin(t, context.Background(), eng, ev, 30*time.Second)
		require.NoError(t, err)
		assert.Equal(t, runner.DecisionDeny, out.Decision, "the guard started and denied: %+v", out.Hooks)
		assert.Equal(t, "cwd="+ws+"/ab", out.Reason, "the variable drops the NUL")
	})

	for _, tc := range []struct{ name, shebang, code, want string }{
		{"missing_interpreter", "#!/nonexistent/python9\n", compat.CodeMissingInterpreter, `the interpreter "/nonexistent/python9" named on the #! line`},
		{"crlf_shebang", "#!/bin/sh\r\n", compat.CodeCRLFShebang, `ends with a carriage return (CRLF line endings), so its interpreter "/bin/sh\r" does not exist`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			marker := newMarker(t)
			ws := t.TempDir()
			script := filepath.Join(ws, "guard.sh")
			require.NoError(t, os.WriteFile(script, []byte(tc.shebang+"exit 2\n"), 0o755))
			eng := nativeEngine(t, []settings.Hook{{Event: settings.PreTool, Args: []string{script}, FailClosed: true}}, marker, runner.Options{Workspace: ws})
			out, _, err := fireWithin(t, context.Background(), eng, preToolBash("ls"), 30*time.Second)
			require.NoError(t, err)
			require.Len(t, out.Hooks, 1)
			assert.Equal(t, runner.DecisionBlock, out.Decision, "fail_closed: the start failure blocks")
			assert.Contains(t, out.Hooks[0].Error, "no such file or directory", "the system's message is kept")
			assert.Contains(t, out.Hooks[0].Error, tc.want, "and the interpreter is named")

			toml := filepath.Join(ws, "hooks.toml")
			require.NoError(t, os.WriteFile(toml, []byte("[[hooks.pre_tool]]\nargs = ['"+script+"']\n\n[[hooks.pre_tool]]\ncommand = '"+script+" --flag'\n"), 0o644))
			loaded, err := compat.Load(compat.Options{Project: ws, Sources: native.Sources(toml)})
			require.NoError(t, err)
			var found []string
			for _, f := range compat.Doctor(loaded, nil) {
				if f.Code == tc.code {
					found = append(found, f.Severity)
				}
			}
			assert.Equal(t, []string{compat.SeverityError, compat.SeverityError}, found, "doctor flags the args and the command hook")
			requireNoneLeft(t, marker)
		})
	}
}
