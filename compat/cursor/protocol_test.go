package cursor

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// TestSelects: a hook's matcher is compared with its step's subject
// (cursor §4) — unanchored, case-sensitive JavaScript regex — and a
// tool-specific step fires for its tools only.
func TestSelects(t *testing.T) {
	p := NewProtocol(nil)
	call := func(tool, args string) *runner.Event {
		return &runner.Event{Name: settings.PreTool, Tool: tool, Args: json.RawMessage(args)}
	}
	post := func(tool string) *runner.Event {
		return &runner.Event{Name: settings.PostTool, Tool: tool, Args: json.RawMessage(`{"path":"a"}`)}
	}
	shell := call("shell", `{"command":"rm -rf build"}`)
	for _, tc := range []struct {
		step, matcher string
		ev            *runner.Event
		want          bool
	}{
		{"preToolUse", "", shell, true},
		{"preToolUse", "*", shell, true},
		{"preToolUse", "Shell", shell, true},
		{"preToolUse", "shell", shell, false},
		{"preToolUse", "^Read$", shell, false},
		{"preToolUse", "Sh", shell, true},
		{"preToolUse", "Write|StrReplace", call("edit", `{}`), true},
		{"preToolUse", "MCP:issue", call("mcp__gh__issue", `{}`), true},
		{"beforeShellExecution", "", shell, true},
		{"beforeShellExecution", "rm -rf", shell, true},
		{"beforeShellExecution", "^git ", shell, false},
		{"beforeShellExecution", "", call("read", `{"path":"a"}`), false},
		{"beforeMCPExecution", "", shell, false},
		{"beforeMCPExecution", "^MCP:issue$", call("mcp__gh__issue", `{}`), true},
		{"beforeMCPExecution", "", call("MCP:issue", `{}`), true},
		{"beforeReadFile", "", call("read", `{"path":"a"}`), true},
		{"beforeReadFile", "Read", call("read", `{"path":"a"}`), true},
		{"beforeReadFile", "TabRead", call("read", `{"path":"a"}`), false},
		{"beforeReadFile", "", shell, false},
		{"afterFileEdit", "", post("edit"), true},
		{"afterFileEdit", "", post("write"), true},
		{"afterFileEdit", "", post("read"), false},
		{"afterFileEdit", "Write", post("edit"), true},
		{"afterShellExecution", "", post("shell"), true},
		{"postToolUse", "Read", post("read"), true},
		{"subagentStart", "general", &runner.Event{Name: settings.SubagentStart, Subagent: "general-purpose"}, true},
		{"subagentStart", "^explore$", &runner.Event{Name: settings.SubagentStart, Subagent: "general-purpose"}, false},
		{"beforeSubmitPrompt", "UserPromptSubmit", &runner.Event{Name: settings.PromptSubmit}, true},
		{"stop", "Stop", &runner.Event{Name: settings.Stop}, true},
		{"stop", "Go", &runner.Event{Name: settings.Stop}, false},
		{"preToolUse", "", &runner.Event{Name: settings.PostTool, Tool: "shell"}, false},
	} {
		h := hookOf(tc.step)
		if tc.matcher != "" {
			h.Match, h.MatchSyntax = tc.matcher, Name
		}
		assert.Equal(t, tc.want, p.Selects(h, tc.ev), "%s matcher %q on %s %s", tc.step, tc.matcher, tc.ev.Name, tc.ev.Tool)
	}
	// A pattern that cannot be evaluated matches (Cursor's bundle).
	h := hookOf("beforeShellExecution")
	h.Match, h.MatchSyntax = "(a+)+$", Name
	long := call("shell", `{"command":"`+strings.Repeat("a", 60)+`!"}`)
	assert.True(t, p.Selects(h, long))
}

// TestLoopLimit: a stop hook does not run once loop_count reaches its
// loop_limit (default 5; null: no limit), cursor §8.
func TestLoopLimit(t *testing.T) {
	p := NewProtocol(nil)
	stop := func(n int) *runner.Event {
		ev := &runner.Event{Name: settings.Stop}
		ev.Extra.Set("loop_count", json.RawMessage(strconv.Itoa(n)))
		return ev
	}
	h := hookOf("stop")
	assert.True(t, p.Selects(h, stop(4)))
	assert.False(t, p.Selects(h, stop(5)), "default 5")
	h.Options = map[string]string{OptionLoopLimit: "2"}
	assert.True(t, p.Selects(h, stop(1)))
	assert.False(t, p.Selects(h, stop(2)))
	h.Options = map[string]string{OptionLoopLimit: "null"}
	assert.True(t, p.Selects(h, stop(100)))
	h.Options = map[string]string{OptionLoopLimit: "1"}
	assert.False(t, p.Selects(h, &runner.Event{Name: settings.Stop, StopHookActive: true}), "a native continuation counts as one")
	assert.True(t, p.Selects(h, &runner.Event{Name: settings.Stop}))
}

// TestPrepare: the timeout is the hook's seconds (5000 stays 5000 s, as
// Cursor reads it), the working directory is the hook's or else the
// workspace (not the event's cwd), the command runs with /bin/sh -c.
func TestPrepare(t *testing.T) {
	p := NewProtocol(nil)
	dir := t.TempDir()
	ev := &runner.Event{Name: settings.Stop, Workspace: dir, Cwd: filepath.Join(dir, "sub")}
	pl, err := p.Encode(ev, nil)
	require.NoError(t, err)
	for _, tc := range []struct {
		doc  string
		want time.Duration
	}{
		{`{"command":"x","timeout":5000}`, 5000 * time.Second},
		{`{"command":"x","timeout":5}`, 5 * time.Second},
		{`{"command":"x"}`, 60 * time.Second},
	} {
		cfg, _ := translateString(t, `{"version":1,"hooks":{"stop":[`+tc.doc+`]}}`)
		inv, err := p.Prepare(&cfg.Hooks[0], ev, pl)
		require.NoError(t, err)
		assert.Equal(t, tc.want, inv.Timeout, tc.doc)
		assert.Equal(t, dir, inv.Dir)
		assert.Equal(t, []string{"/bin/sh", "-c", "x"}, inv.Argv)
	}
	h := hookOf("stop")
	h.Dir = t.TempDir()
	inv, err := p.Prepare(h, ev, pl)
	require.NoError(t, err)
	assert.Equal(t, h.Dir, inv.Dir, "a user hook runs in ~/.cursor")
}

// engine fires ev through cfg's Cursor hooks.
func engine(t *testing.T, dir string, doc string, ev runner.Event) *runner.Outcome {
	t.Helper()
	cfg, warns := translateString(t, doc)
	require.NotEmpty(t, cfg.Hooks, "%v", warns)
	eng, err := runner.New(cfg, runner.Options{Workspace: dir, Env: []string{"PATH=" + os.Getenv("PATH")}, Protocols: []runner.Protocol{NewProtocol(nil)}})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := eng.Fire(ctx, ev)
	require.NoError(t, err)
	return out
}

// TestStepOrder: a shell call's preToolUse hooks run before its
// beforeShellExecution hooks, which do not run once preToolUse denied and
// see the command preToolUse rewrote (cursor §5.3, §9.18).
func TestStepOrder(t *testing.T) {
	dir := t.TempDir()
	ev := runner.Event{Name: settings.PreTool, Workspace: dir, Tool: "shell", Args: json.RawMessage(`{"command":"rm -rf x"}`)}
	out := engine(t, dir, `{"version":1,"hooks":{
  "beforeShellExecution":[{"command":"cat > shell.json; echo '{}'"}],
  "preToolUse":[{"command":"echo '{\"permission\":\"deny\",\"user_message\":\"no\"}'"}, {"command":"echo '{\"permission\":\"allow\"}'"}]}}`, ev)
	assert.Equal(t, runner.DecisionDeny, out.Decision)
	assert.Equal(t, "no", out.Reason)
	require.Len(t, out.Hooks, 3)
	assert.Equal(t, runner.OutcomeSkipped, out.Hooks[2].Outcome, "beforeShellExecution does not run after a deny")
	assert.NoFileExists(t, filepath.Join(dir, "shell.json"))

	out = engine(t, dir, `{"version":1,"hooks":{
  "beforeShellExecution":[{"command":"cat > shell.json; echo '{\"permission\":\"allow\"}'"}],
  "preToolUse":[{"command":"echo '{\"updated_input\":{\"command\":\"rm -rf y\"}}'"}]}}`, ev)
	assert.Equal(t, runner.DecisionAllow, out.Decision)
	assert.JSONEq(t, `{"command":"rm -rf y"}`, string(out.Event.Args))
	data, err := os.ReadFile(filepath.Join(dir, "shell.json"))
	require.NoError(t, err)
	assert.Contains(t, string(data), `"command":"rm -rf y"`, "the specific step sees the rewritten command")
	assert.Contains(t, string(data), `"hook_event_name":"beforeShellExecution"`)
}

// TestRunTimeoutAndEnv: a hook is killed at its timeout in seconds and
// fails open; it runs in the workspace with Cursor's variables.
func TestRunTimeoutAndEnv(t *testing.T) {
	dir := t.TempDir()
	ev := runner.Event{Name: settings.PreTool, Workspace: dir, Cwd: "/", Tool: "shell", Args: json.RawMessage(`{"command":"ls"}`)}
	start := time.Now()
	out := engine(t, dir, `{"version":1,"hooks":{"preToolUse":[{"command":"sleep 5","timeout":0.3}]}}`, ev)
	assert.Less(t, time.Since(start), 4*time.Second)
	require.Len(t, out.Hooks, 1)
	assert.Equal(t, runner.OutcomeTimeout, out.Hooks[0].Outcome)
	assert.Equal(t, runner.DecisionNone, out.Decision, "a timed-out hook fails open")

	out = engine(t, dir, `{"version":1,"hooks":{"preToolUse":[{"command":"sleep 5","timeout":0.3,"failClosed":true}]}}`, ev)
	assert.Equal(t, runner.DecisionDeny, out.Decision)

	engine(t, dir, `{"version":1,"hooks":{"stop":[{"command":"pwd > cwd.txt; env | grep -E '^(CURSOR|CLAUDE)_' | sort > env.txt; echo '{}'"}]}}`, runner.Event{Name: settings.Stop, Workspace: dir, Cwd: "/"})
	cwd, err := os.ReadFile(filepath.Join(dir, "cwd.txt"))
	require.NoError(t, err)
	real, _ := filepath.EvalSymlinks(dir)
	assert.Contains(t, []string{dir, real}, strings.TrimSpace(string(cwd)), "project hooks run in the project root")
	env, err := os.ReadFile(filepath.Join(dir, "env.txt"))
	require.NoError(t, err)
	assert.Equal(t, "CLAUDE_PROJECT_DIR="+dir+"\nCURSOR_PROJECT_DIR="+dir+"\nCURSOR_VERSION="+DefaultCursorVersion+"\n", string(env))
}

// TestValidate: the engine rejects a Cursor hook whose options or
// matcher are wrong.
func TestValidate(t *testing.T) {
	p := NewProtocol(nil)
	h := hookOf("beforeShellExecution")
	assert.NoError(t, p.Validate(h))
	h.Options[OptionStep] = "afterFileEdit"
	assert.ErrorContains(t, p.Validate(h), "is a step of post_tool")
	h.Options[OptionStep] = "nope"
	assert.ErrorContains(t, p.Validate(h), "not a Cursor step")
	h = hookOf("stop")
	h.Options = map[string]string{OptionLoopLimit: "zero"}
	assert.ErrorContains(t, p.Validate(h), "loop_limit")
	h = hookOf("preToolUse")
	h.Match, h.MatchSyntax = "(", Name
	assert.Error(t, p.Validate(h))
	h = &settings.Hook{Event: settings.Notification, Protocol: Name, Command: "x"}
	assert.ErrorContains(t, p.Validate(h), "no Cursor step")
}
