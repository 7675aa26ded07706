//go:build unix

package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// inProcessFor runs invocations of the program named name through f and
// starts every other one.
func inProcessFor(name string, f InProcessFunc) func(*Invocation) InProcessFunc {
	return func(inv *Invocation) InProcessFunc {
		if len(inv.Argv) > 0 && inv.Argv[0] == name {
			return f
		}
		return nil
	}
}

// An in-process run gets what the process would: the hook's stdin,
// environment (deduplicated as a process's) and directory; its stdout is
// the hook's reply and its exit status is classified as a process's.
func TestInProcessRunsAsTheProcessWould(t *testing.T) {
	var got Invocation
	f := func(ctx context.Context, inv *Invocation, stdout, stderr *Output) int {
		got = *inv
		stdout.Write([]byte(`{"decision":"block","reason":"in process"}`))
		stderr.Write([]byte("said on stderr"))
		return 0
	}
	e := newEngine(t, `
[[hooks.pre_tool]]
args = ["in-process-hook", "a b"]
`, Options{Env: []string{"A=1", "A=2", "PATH=/nonexistent"}, InProcess: inProcessFor("in-process-hook", f)})
	out := fire(t, e, preTool("shell", `{"command":"ls"}`))
	assert.Equal(t, Reply{Decision: DecisionBlock, Reason: "in process"}, out.Reply)
	assert.Equal(t, []string{"in-process-hook", "a b"}, got.Argv)
	assert.Equal(t, e.Workspace(), got.Dir)
	assert.Contains(t, got.Env, "A=2")
	assert.NotContains(t, got.Env, "A=1", "the last definition wins, as for a process")
	var ev map[string]any
	require.NoError(t, json.Unmarshal(got.Stdin, &ev))
	assert.Equal(t, "pre_tool", ev["event"])

	// The program that is not recognised starts as a process.
	e = newEngine(t, `
[[hooks.pre_tool]]
args = ["/nonexistent/hookcompat-hook"]
`, Options{InProcess: inProcessFor("in-process-hook", f)})
	out = fire(t, e, preTool("shell", `{}`))
	require.Len(t, out.Hooks, 1)
	assert.Equal(t, OutcomeError, out.Hooks[0].Outcome)
}

// Output beyond the caps is cut and counted, as a process's pipe: a
// cut reply makes the hook failed, never an empty opinion.
func TestInProcessOutputCapped(t *testing.T) {
	f := func(ctx context.Context, inv *Invocation, stdout, stderr *Output) int {
		stdout.Write([]byte(`{"decision":"block","reason":"`))
		stdout.Write(bytes.Repeat([]byte("x"), 4096))
		stdout.Write([]byte(`"}`))
		return 0
	}
	e := newEngine(t, `
[[hooks.pre_tool]]
args = ["in-process-hook"]
fail_closed = true
`, Options{OutputLimit: 512, ReplyLimit: 1024, InProcess: inProcessFor("in-process-hook", f)})
	out := fire(t, e, preTool("shell", `{}`))
	require.Len(t, out.Hooks, 1)
	assert.Equal(t, OutcomeBlocking, out.Hooks[0].Outcome, "a cut reply is a failure of a fail_closed hook")
	assert.Contains(t, out.Reply.Reason, "output limit")
}

// A run that outlasts its timeout and ignores ctx does not hang Fire: it
// is left behind after the kill grace and drain delay, timed out.
func TestInProcessIgnoringTimeoutDoesNotHang(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	f := func(ctx context.Context, inv *Invocation, stdout, stderr *Output) int {
		<-release
		return 0
	}
	e := newEngine(t, `
[[hooks.pre_tool]]
args = ["in-process-hook"]
timeout_seconds = 0.2
fail_closed = true
`, Options{KillGrace: 50 * time.Millisecond, DrainDelay: 50 * time.Millisecond, InProcess: inProcessFor("in-process-hook", f)})
	start := time.Now()
	out := fire(t, e, preTool("shell", `{}`))
	assert.Less(t, time.Since(start), hangBound)
	require.Len(t, out.Hooks, 1)
	assert.Equal(t, OutcomeBlocking, out.Hooks[0].Outcome)
	assert.Equal(t, DecisionBlock, out.Reply.Decision)
	assert.Contains(t, out.Hooks[0].Error, "timed out")
}

// A run that answers ctx's end in time is timed out too, whatever it
// wrote, as a process the engine signalled.
func TestInProcessTimeoutClassified(t *testing.T) {
	f := func(ctx context.Context, inv *Invocation, stdout, stderr *Output) int {
		<-ctx.Done()
		stdout.Write([]byte(`{}`))
		return 1
	}
	e := newEngine(t, `
[[hooks.pre_tool]]
args = ["in-process-hook"]
timeout_seconds = 0.2
`, Options{InProcess: inProcessFor("in-process-hook", f)})
	out := fire(t, e, preTool("shell", `{}`))
	require.Len(t, out.Hooks, 1)
	assert.Equal(t, OutcomeTimeout, out.Hooks[0].Outcome)
}

// A panic is a failure to start: the hook failed, its fail_closed
// applies, and the engine goes on.
func TestInProcessPanicFails(t *testing.T) {
	f := func(ctx context.Context, inv *Invocation, stdout, stderr *Output) int { panic("boom") }
	e := newEngine(t, `
[[hooks.pre_tool]]
args = ["in-process-hook"]
fail_closed = true
`, Options{InProcess: inProcessFor("in-process-hook", f)})
	out := fire(t, e, preTool("shell", `{}`))
	require.Len(t, out.Hooks, 1)
	assert.Equal(t, OutcomeBlocking, out.Hooks[0].Outcome)
	assert.Contains(t, out.Hooks[0].Error, "boom")
}

// NoInProcess starts every hook: a program that writes a file when it
// runs writes it.
func TestNoInProcessStarts(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "prog")
	marker := filepath.Join(dir, "ran")
	require.NoError(t, os.WriteFile(prog, []byte("#!/bin/sh\n: > "+marker+"\n"), 0o755))
	e := newEngine(t, `
[[hooks.pre_tool]]
args = ["`+prog+`"]
`, Options{InProcess: NoInProcess})
	out := fire(t, e, preTool("shell", `{}`))
	require.Len(t, out.Hooks, 1)
	assert.Equal(t, OutcomeSuccess, out.Hooks[0].Outcome, out.Hooks[0].Error)
	assert.FileExists(t, marker)
}
