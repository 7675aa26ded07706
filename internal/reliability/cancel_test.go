//go:build linux

package reliability

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// TestCancellationIsNeverAnAllow (issue class 2): when the caller's
// context ends while a hook runs, Fire returns an error wrapping
// ctx.Err() along with the outcome; a fail_closed hook that had not
// answered makes the outcome block, one that is not fail_closed leaves no
// decision (and the error tells the caller not to act on it). The hook's
// processes are gone when Fire returns, within the kill grace.
func TestCancellationIsNeverAnAllow(t *testing.T) {
	for _, failClosed := range []bool{true, false} {
		t.Run(map[bool]string{true: "fail_closed", false: "fail_open"}[failClosed], func(t *testing.T) {
			marker := newMarker(t)
			started := filepath.Join(t.TempDir(), "started")
			eng := nativeEngine(t, []settings.Hook{{
				Event: settings.PreTool, Command: `touch "$STARTED"; sleep 30`, FailClosed: failClosed,
				Timeout: 60 * time.Second, Env: map[string]string{"STARTED": started},
			}}, marker, runner.Options{})
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go func() {
				for !exists(started) {
					time.Sleep(5 * time.Millisecond)
				}
				cancel()
			}()
			out, took, err := fireWithin(t, ctx, eng, preToolBash("rm -rf /"), 60*time.Second)
			require.Error(t, err, "a cancelled Fire is an error")
			assert.True(t, errors.Is(err, context.Canceled), "the error wraps ctx.Err(): %v", err)
			require.NotNil(t, out, "the outcome is returned with the error")
			require.Len(t, out.Hooks, 1)
			assert.Equal(t, runner.OutcomeCancelled, out.Hooks[0].Outcome)
			if failClosed {
				assert.Equal(t, runner.DecisionBlock, out.Decision, "a fail_closed hook that did not answer blocks")
				assert.Contains(t, out.Reason, "cancelled")
			} else {
				assert.Equal(t, runner.DecisionNone, out.Decision)
			}
			assert.Less(t, took, killGrace+slack, "Fire returns within the kill grace of the cancellation")
			requireNoneLeft(t, marker)
		})
	}

	t.Run("already_cancelled", func(t *testing.T) {
		marker := newMarker(t)
		eng := nativeEngine(t, []settings.Hook{
			{Event: settings.PreTool, Command: "exit 0"},
			{Event: settings.PreTool, Command: "exit 0", FailClosed: true},
		}, marker, runner.Options{})
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		out, _, err := fireWithin(t, ctx, eng, preToolBash("ls"), slack)
		require.ErrorIs(t, err, context.Canceled)
		require.NotNil(t, out)
		assert.Equal(t, runner.DecisionBlock, out.Decision, "a hook that never started did not answer either")
	})
}

// TestCancellationIsNeverAnAllowCLI (issue class 2): `hookcompat run`
// ended by SIGTERM, SIGINT or SIGHUP while a hook runs exits non-zero and
// prints no reply with an empty decision; with a fail_closed hook it
// prints the block. `hookcompat exec --fail-closed` answers a block.
func TestCancellationIsNeverAnAllowCLI(t *testing.T) {
	bin := hookcompatBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP} {
		for _, failClosed := range []bool{false, true} {
			name := sig.String() + map[bool]string{true: "/fail_closed", false: "/fail_open"}[failClosed]
			t.Run(name, func(t *testing.T) {
				for range 4 {
					marker := newMarker(t)
					dir := t.TempDir()
					started := filepath.Join(dir, "started")
					toml := "[[hooks.pre_tool]]\ncommand = 'touch \"" + started + "\"; sleep 30'\ntimeout_seconds = 60\n"
					if failClosed {
						toml += "fail_closed = true\n"
					}
					cfg := filepath.Join(dir, "hooks.toml")
					require.NoError(t, os.WriteFile(cfg, []byte(toml), 0o644))
					cmd := exec.Command(bin, "run", "--config", cfg, "--project", dir)
					cmd.Stdin = strings.NewReader(`{"event":"pre_tool","tool":"shell","args":{"command":"rm -rf /"}}`)
					cmd.Env = markedEnv(marker)
					var stdout, stderr bytes.Buffer
					cmd.Stdout, cmd.Stderr = &stdout, &stderr
					require.NoError(t, cmd.Start())
					waitFor(t, started)
					require.NoError(t, cmd.Process.Signal(sig))
					err := waitCmd(t, cmd, 10*time.Second)
					var ee *exec.ExitError
					require.True(t, errors.As(err, &ee), "run exits non-zero on %s; stdout %q stderr %q", sig, stdout.String(), stderr.String())
					if failClosed {
						var reply struct{ Decision string }
						require.NoError(t, json.Unmarshal(stdout.Bytes(), &reply), "stdout: %q", stdout.String())
						assert.Equal(t, "block", reply.Decision)
					} else {
						assert.Empty(t, stdout.String(), "no reply with an empty decision")
					}
					requireNoneLeft(t, marker)
				}
			})
		}
	}

	t.Run("exec_fail_closed", func(t *testing.T) {
		marker := newMarker(t)
		dir := t.TempDir()
		started := filepath.Join(dir, "started")
		cmd := exec.Command(bin, "exec", "--protocol", "claude", "--event", "PreToolUse", "--fail-closed", "--",
			`touch "`+started+`"; sleep 30`)
		cmd.Dir = dir
		cmd.Stdin = strings.NewReader(`{"event":"pre_tool","tool":"shell","args":{"command":"rm -rf /"},"workspace":"` + dir + `"}`)
		cmd.Env = markedEnv(marker)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		require.NoError(t, cmd.Start())
		waitFor(t, started)
		require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
		_ = waitCmd(t, cmd, 10*time.Second)
		var reply struct{ Decision string }
		require.NoError(t, json.Unmarshal(stdout.Bytes(), &reply), "stdout %q stderr %q", stdout.String(), stderr.String())
		assert.True(t, runner.Decision(reply.Decision).Blocks(), "the shim answers a block: %q", stdout.String())
		requireNoneLeft(t, marker)
	})
}

func exists(path string) bool { _, err := os.Stat(path); return err == nil }

// waitFor waits (bounded) until path exists.
func waitFor(t *testing.T, path string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !exists(path) {
		if time.Now().After(deadline) {
			t.Fatalf("%s was not made", path)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// waitCmd waits for cmd, killing it and failing the test after bound.
func waitCmd(t *testing.T, cmd *exec.Cmd, bound time.Duration) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(bound):
		_ = cmd.Process.Kill()
		t.Fatalf("%s did not exit within %s", cmd.Path, bound)
		return nil
	}
}
