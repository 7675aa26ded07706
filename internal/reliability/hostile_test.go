//go:build linux

package reliability

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// claudeDeny is the start and end of a Claude PreToolUse deny reply;
// between them goes one more member ("pad") of any size or depth.
const (
	claudeDenyHead = `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"},"pad":`
	claudeDenyTail = `}`
)

// repeat is a shell pipeline that prints n copies of byte c fast (no shell
// loop), for big hook output.
func repeat(n int, c string) string {
	return fmt.Sprintf(`head -c %d /dev/zero | tr '\0' '%s'`, n, c)
}

// claudeHook is a settings.json with one Claude PreToolUse command hook.
func claudeHook(command string, failClosed bool) string {
	q := strings.ReplaceAll(strings.ReplaceAll(command, `\`, `\\`), `"`, `\"`)
	onFailure := ""
	if failClosed {
		onFailure = `,"onFailure":"block"`
	}
	return `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","timeout":60` + onFailure + `,"command":"` + q + `"}]}]}}`
}

// TestNothingAHookWritesCanCrashOrStallTheHost (issue class 3): replies
// are decided as the home agent decides them up to the documented cap —
// a valid 10 MB deny and a deny nested 100,000 levels deep deny, as
// Claude Code's JSON.parse does — and only a reply past the cap (64 MiB)
// fails the hook, whose fail_closed then applies. Memory stays bounded
// by the cap: the output beyond it is read and discarded.
func TestNothingAHookWritesCanCrashOrStallTheHost(t *testing.T) {
	cases := []struct {
		name       string
		pad        string // shell printing the pad member's value
		failClosed bool
		want       runner.Decision
		outcome    runner.OutcomeKind
	}{
		{"claude_10MB_deny", `printf '"'; ` + repeat(10_000_000, "x") + `; printf '"'`, false, runner.DecisionDeny, runner.OutcomeBlocking},
		{"claude_100000_deep_deny", repeat(100_000, "[") + "; " + repeat(100_000, "]"), false, runner.DecisionDeny, runner.OutcomeBlocking},
		{"claude_past_the_cap_fails", `printf '"'; ` + repeat(65<<20, "x") + `; printf '"'`, false, runner.DecisionNone, runner.OutcomeError},
		{"claude_past_the_cap_fail_closed_blocks", `printf '"'; ` + repeat(65<<20, "x") + `; printf '"'`, true, runner.DecisionDeny, runner.OutcomeBlocking},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			marker := newMarker(t)
			cmd := `cat >/dev/null; printf '%s' '` + claudeDenyHead + `'; ` + tc.pad + `; printf '%s' '` + claudeDenyTail + `'`
			eng := claudeEngine(t, claudeHook(cmd, tc.failClosed), marker, runner.Options{})
			out, took, err := fireWithin(t, context.Background(), eng, preToolBash("rm -rf /"), 60*time.Second+slack)
			require.NoError(t, err)
			require.Len(t, out.Hooks, 1)
			assert.Equal(t, tc.want, out.Decision, "trace: %+v", out.Hooks[0])
			assert.Equal(t, tc.outcome, out.Hooks[0].Outcome, "trace: %+v", out.Hooks[0])
			assert.Less(t, took, 60*time.Second)
			requireNoneLeft(t, marker)
		})
	}

	// The native protocol reads its replies the same way.
	for _, tc := range []struct {
		name string
		pad  string
	}{
		{"native_10MB_block", `printf '"'; ` + repeat(10_000_000, "x") + `; printf '"'`},
		{"native_100000_deep_block", repeat(100_000, "[") + "; " + repeat(100_000, "]")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			marker := newMarker(t)
			eng := nativeEngine(t, []settings.Hook{{Event: settings.PreTool, Timeout: 60 * time.Second,
				Command: `printf '%s' '{"decision":"block","reason":"no","pad":'; ` + tc.pad + `; printf '}'`}}, marker, runner.Options{})
			out, _, err := fireWithin(t, context.Background(), eng, preToolBash("rm -rf /"), 60*time.Second+slack)
			require.NoError(t, err)
			assert.Equal(t, runner.DecisionBlock, out.Decision, "trace: %+v", out.Hooks)
			requireNoneLeft(t, marker)
		})
	}
}
