//go:build linux

package reliability

import (
	"bytes"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// TestFailClosedExecBlocksOnAnUnreadablePayload (issue class 3, wave
// three): `hookcompat exec --fail-closed` given a payload nested deeper
// than 10,000 or larger than 64 MiB exited 1 with no reply, which Gemini
// CLI, Qwen Code and Codex read as non-blocking: the call ran and the
// guard never did. The process now answers a block its host reads as a
// block.
func TestFailClosedExecBlocksOnAnUnreadablePayload(t *testing.T) {
	bin := hookcompatBinary(t)
	deep := []byte(`{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `}`)
	big := append([]byte(`{"hook_event_name":"BeforeTool","tool_name":"write_file","tool_input":{"content":"`), bytes.Repeat([]byte("x"), 65<<20)...)
	big = append(big, `"}}`...)
	for _, host := range []string{"gemini", "qwen", "codex"} {
		for name, payload := range map[string][]byte{"deeper than 10,000": deep, "over 64 MiB": big} {
			cmd := exec.Command(bin, "exec", "--host", host, "--protocol", "claude", "--event", "PreToolUse", "--fail-closed", "--", "exit 0")
			cmd.Stdin = bytes.NewReader(payload)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			code := 0
			if err := cmd.Run(); err != nil {
				var ee *exec.ExitError
				require.True(t, errors.As(err, &ee), "%v", err)
				code = ee.ExitCode()
			}
			f, ok := format.Lookup(host)
			require.True(t, ok)
			h := &settings.Hook{Event: settings.PreTool, Protocol: host, Command: "hookcompat exec …", Timeout: 10e9}
			ev := &runner.Event{Name: settings.PreTool, Tool: "shell", Args: []byte(`{"command":"ls"}`)}
			got := f.Protocol(nil).Classify(h, ev, &runner.RunResult{ExitCode: code, Stdout: stdout.Bytes(), Stderr: stderr.Bytes()})
			assert.True(t, got.Decision.Blocks(), "%s, %s: %s reads a block (exit %d, stdout %q, stderr %q)", host, name, host, code, stdout.String(), stderr.String())
		}
	}
}
