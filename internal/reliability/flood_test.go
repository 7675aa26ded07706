//go:build linux

package reliability

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// TestFloodsAreBounded: hooks that flood their output (1 GiB on stdout,
// 1 GiB on stderr, endless output without a newline) or never read a
// 64 MiB event are decided, return within their timeout plus the kill
// grace, and leave no process; the engine keeps at most its caps of what
// they print (64 MiB of a JSON reply, 1 MiB otherwise) while draining the
// rest, so a flood fails the hook (fail_closed blocks) instead of growing
// memory or hanging.
func TestFloodsAreBounded(t *testing.T) {
	const timeout = 2 * time.Second
	cases := []struct {
		name, command string
		failClosed    bool
		want          runner.Decision
		outcome       runner.OutcomeKind
	}{
		{"1GiB_plain_stdout", "head -c 1073741824 /dev/zero", false, runner.DecisionNone, runner.OutcomeError},
		{"1GiB_plain_stdout_fail_closed", "head -c 1073741824 /dev/zero", true, runner.DecisionBlock, runner.OutcomeBlocking},
		{"1GiB_json_stdout_fail_closed", `printf '{"decision":"allow","x":"'; head -c 1073741824 /dev/zero; printf '"}'`, true, runner.DecisionBlock, runner.OutcomeBlocking},
		{"1GiB_stderr_then_exit2", "head -c 1073741824 /dev/zero >&2; exit 2", false, runner.DecisionBlock, runner.OutcomeBlocking},
		{"1GiB_stderr_then_block_reply", `head -c 1073741824 /dev/zero >&2; echo '{"decision":"block","reason":"r"}'`, false, runner.DecisionBlock, runner.OutcomeBlocking},
		{"endless_stdout_without_newline", "cat /dev/zero", true, runner.DecisionBlock, runner.OutcomeBlocking},
		{"endless_stderr_without_newline", "cat /dev/zero >&2", false, runner.DecisionNone, runner.OutcomeTimeout},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			marker := newMarker(t)
			eng := nativeEngine(t, []settings.Hook{{Event: settings.PreTool, Command: tc.command, Timeout: timeout + 8*time.Second, FailClosed: tc.failClosed}}, marker, runner.Options{})
			if strings.HasPrefix(tc.name, "endless") {
				eng = nativeEngine(t, []settings.Hook{{Event: settings.PreTool, Command: tc.command, Timeout: timeout, FailClosed: tc.failClosed}}, marker, runner.Options{})
			}
			out, took, err := fireWithin(t, context.Background(), eng, preToolBash("ls"), timeout+8*time.Second+killGrace+slack)
			require.NoError(t, err)
			require.Len(t, out.Hooks, 1)
			assert.Equal(t, tc.want, out.Decision, "trace %+v", out.Hooks[0])
			assert.Equal(t, tc.outcome, out.Hooks[0].Outcome, "trace %+v", out.Hooks[0])
			assert.LessOrEqual(t, len(out.Reason), runner.DefaultOutputLimit+200, "the reason is cut at the output cap")
			t.Logf("returned after %s", took)
			requireNoneLeft(t, marker)
		})
	}
}

// TestUnreadStdinIsBounded: a 64 MiB event (the largest hookcompat reads)
// given to native hooks that never read their stdin (the stdin writer is
// the runner's, shared by every protocol): one that answers is
// decided (the pipe's writer is released when it exits), one that hangs
// times out; neither blocks the engine, and nothing is left.
func TestUnreadStdinIsBounded(t *testing.T) {
	args, err := json.Marshal(map[string]string{"command": strings.Repeat("x", 64<<20-64)})
	require.NoError(t, err)
	ev := runner.Event{Name: settings.PreTool, SessionID: "s1", Tool: "shell", Args: args}
	const timeout = 2 * time.Second
	// What building and writing a 64 MiB payload costs here (slow under
	// -race), measured in the same run: the bounds below come on top.
	base := nativeEngine(t, []settings.Hook{{Event: settings.PreTool, Command: "exit 0"}}, newMarker(t), runner.Options{})
	_, payloadCost, err := fireWithin(t, context.Background(), base, ev, time.Minute)
	require.NoError(t, err)
	for _, tc := range []struct {
		name, command string
		want          runner.Decision
		outcome       runner.OutcomeKind
	}{
		{"answers_without_reading", `sleep 0.2; echo '{"decision":"block","reason":"unread"}'`, runner.DecisionBlock, runner.OutcomeBlocking},
		{"hangs_without_reading", `sleep 100`, runner.DecisionBlock, runner.OutcomeBlocking},
	} {
		{
			t.Run(tc.name, func(t *testing.T) {
				marker := newMarker(t)
				h := settings.Hook{Event: settings.PreTool, Command: tc.command, Timeout: timeout, FailClosed: true}
				eng := nativeEngine(t, []settings.Hook{h}, marker, runner.Options{})
				out, took, err := fireWithin(t, context.Background(), eng, ev, payloadCost+timeout+killGrace+slack)
				require.NoError(t, err)
				require.Len(t, out.Hooks, 1)
				assert.True(t, out.Decision.Blocks(), "trace %+v", out.Hooks[0])
				if tc.name == "hangs_without_reading" {
					assert.Contains(t, out.Hooks[0].Error, "timed out")
				} else {
					assert.Equal(t, tc.outcome, out.Hooks[0].Outcome)
				}
				assert.Less(t, took, payloadCost+timeout+killGrace+slack)
				requireNoneLeft(t, marker)
			})
		}
	}
}
