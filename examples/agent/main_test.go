//go:build unix

package main

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSessionAgainstTheFixture runs the whole example session against
// testdata/project (go test -race runs it under the race detector) and
// checks what the agent saw, then that every goroutine the session
// started — hook runs, the background queue, the file watcher — has
// returned after Close.
func TestSessionAgainstTheFixture(t *testing.T) {
	before := runtime.NumGoroutine()
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), &out, ""))
	got := out.String()
	for _, want := range []string{
		"loaded 9 hooks from 3 files, 0 warnings",
		"This project builds with make; run make test before finishing.",     // Claude SessionStart, kept for the prompt
		"The user prefers small commits.",                                    // native prompt_submit
		`shell {"command":"rm -rf build"}: blocked: rm -rf is not allowed`,   // Claude PreToolUse exit 2
		`shell {"command":"ls"}: rewritten to {"command":"ls -la"}`,          // Phi modify
		"context for the model: Check the listing for stray build files.",    // Claude PostToolUse, awaited
		`write {"path":"/etc/hosts","content":"127.0.0.1 example"}: blocked`, // Claude prompt hook, judged
		`write {"path":"NOTES.md","content":"done"}: allowed`,
		`stop: a hook sends the agent back: "Run make test before you stop."`,
		"stop: the turn ends (continue=false)",
		"reloaded: 1 hook(s) added, 0 removed",
		`warning: invalid-matcher: PreToolUse[2].matcher: matcher "(Bash"`,
		"background events run: 3", // two native post_tool events and session_end
		"session_end saw: session_id=session-1 prompt_id=prompt-1 permission_mode=default agent=example-agent transcript=session-1.jsonl",
		"hook runs observed: 10 success, 3 blocking",
	} {
		assert.Contains(t, got, want)
	}
	assert.Equal(t, 2, strings.Count(got, "post_tool queued for background hooks"))

	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<20)
		t.Fatalf("%d goroutines after the session, %d before:\n%s", n, before, buf[:runtime.Stack(buf, true)])
	}
}
