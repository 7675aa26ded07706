//go:build linux

package reliability

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/runner"
)

// denySettings is a Claude PreToolUse hook on Bash that reads its payload
// and prints a deny.
const denySettings = `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","timeout":60,
 "command":"cat >/dev/null; printf '%s' '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"no\"}}'"}]}]}}`

// TestReplyBytesAreNeverThrownAway (issue class 1): 1,000 concurrent
// Fire calls on one engine, each running a Claude hook that prints a
// deny, give 1,000 denies. The bytes a hook wrote before it exited are
// read whatever the load; the drain delay bounds only writers that
// outlive the hook.
func TestReplyBytesAreNeverThrownAway(t *testing.T) {
	marker := newMarker(t)
	eng := claudeEngine(t, denySettings, marker, runner.Options{})
	const n = 1000
	var wg sync.WaitGroup
	var mu sync.Mutex
	decisions := map[runner.Decision]int{}
	var errs []error
	var outcomes = map[string]int{}
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out, err := eng.Fire(context.Background(), preToolBash("rm -rf build"))
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, err)
				return
			}
			decisions[out.Decision]++
			for _, h := range out.Hooks {
				outcomes[string(h.Outcome)+" "+h.Error]++
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Minute):
		t.Fatal("1,000 fires did not finish")
	}
	require.Empty(t, errs)
	assert.Equal(t, map[runner.Decision]int{runner.DecisionDeny: n}, decisions, "lost decisions; hook outcomes: %v", outcomes)
	requireNoneLeft(t, marker)
}
