package qwen_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore/geminitest"
	"github.com/hookcompat/hookcompat/compat/qwen"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

var (
	env   = geminitest.Env
	write = geminitest.Write
)

func load(t *testing.T, e *format.Env) *format.Result {
	t.Helper()
	res, err := geminitest.Load(qwen.Format, e)
	require.NoError(t, err)
	return res
}

func commands(res *format.Result) []string {
	var out []string
	for _, h := range res.Config.Hooks {
		out = append(out, h.Command)
	}
	return out
}

// TestQwenLoadOrderAndSwitches: project hooks are planned first, then
// user, system, extensions; disableAllHooks turns everything off; a
// workspace that does not parse is skipped while a user file that does
// not parse stops Qwen; identical hooks of one file register once.
func TestQwenLoadOrderAndSwitches(t *testing.T) {
	e := env(t, "HX=/hx")
	write(t, filepath.Join(e.System("/etc/qwen-code"), "settings.json"), `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "sys"}]}]}}`)
	user := filepath.Join(e.Home, ".qwen", "settings.json")
	write(t, user, `{
  // comments and a BOM are fine
  "hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "user $HX ${X:-d}"}, {"type": "command", "command": "dup", "name": "n"}, {"type": "command", "command": "other", "name": "n"}]}],
            "BeforeTool": [{"hooks": [{"type": "command", "command": "gemini-name"}]}]}
}`)
	write(t, filepath.Join(e.Project, ".qwen", "settings.json"), `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "proj"}]}]}}`)
	ext := filepath.Join(e.Home, ".qwen", "extensions", "ex")
	write(t, filepath.Join(ext, "qwen-extension.json"), `{"name": "ex", "hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "ext ${CLAUDE_PLUGIN_ROOT} $HX"}]}]}}`)
	res := load(t, e)
	assert.Equal(t, []string{"proj", "user /hx ${X:-d}", "dup", "sys", "ext " + ext + " /hx"}, commands(res))
	all := ""
	for _, w := range res.Warnings {
		all += w.String() + "\n"
	}
	assert.Contains(t, all, qwen.CodeDuplicate)
	assert.Contains(t, all, `"BeforeTool" is not a Qwen Code event`)

	write(t, filepath.Join(e.Project, ".qwen", "settings.json"), `{"disableAllHooks": true}`)
	assert.Empty(t, load(t, e).Config.Hooks)

	write(t, filepath.Join(e.Project, ".qwen", "settings.json"), `{"hooks": `)
	res = load(t, e)
	assert.Equal(t, []string{"user /hx ${X:-d}", "dup", "sys", "ext " + ext + " /hx"}, commands(res), "a broken workspace file is skipped")
	write(t, user, "\ufeff{\"hooks\": ")
	assert.Empty(t, load(t, e).Config.Hooks, "a broken user file stops Qwen Code")
}

// TestQwenTrust: folder trust is off by default; with it on, an untrusted
// project loses its own hooks only.
func TestQwenTrust(t *testing.T) {
	e := env(t)
	write(t, filepath.Join(e.Home, ".qwen", "settings.json"), `{"security": {"folderTrust": {"enabled": true}}, "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "u"}]}]}}`)
	write(t, filepath.Join(e.Project, ".qwen", "settings.json"), `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "p"}]}]}}`)
	e.Trusted = func(string, string) bool { return false }
	assert.Equal(t, []string{"u"}, commands(load(t, e)))
	e.Trusted = func(string, string) bool { return true }
	assert.Equal(t, []string{"p", "u"}, commands(load(t, e)))
	write(t, filepath.Join(e.Home, ".qwen", "settings.json"), `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "u"}]}]}}`)
	e.Trusted = func(string, string) bool { return false }
	assert.Equal(t, []string{"p", "u"}, commands(load(t, e)), "folder trust off: every folder is trusted")
}

// TestQwenTimeoutUnits: command timeouts are seconds below 1000 and
// milliseconds from 1000 up (with a warning); zero, negative and
// non-numbers are the 60 s default; http and prompt timeouts are seconds.
func TestQwenTimeoutUnits(t *testing.T) {
	e := env(t)
	write(t, filepath.Join(e.Home, ".qwen", "settings.json"), `{"hooks": {"PreToolUse": [{"hooks": [
  {"type": "command", "command": "a", "timeout": 1500},
  {"type": "command", "command": "b", "timeout": 2},
  {"type": "command", "command": "c", "timeout": "1"},
  {"type": "command", "command": "d", "timeout": 0},
  {"type": "command", "command": "e", "timeout": -5},
  {"type": "command", "command": "f", "timeout": 999},
  {"type": "http", "url": "http://127.0.0.1:9/h", "timeout": 3},
  {"type": "http", "url": "http://127.0.0.1:9/i", "timeout": 0},
  {"type": "prompt", "prompt": "p $ARGUMENTS"}]}]}}`)
	res := load(t, e)
	got := map[string]time.Duration{}
	for _, h := range res.Config.Hooks {
		got[h.Label()] = h.Timeout
	}
	assert.Equal(t, map[string]time.Duration{
		"a": 1500 * time.Millisecond, "b": 2 * time.Second, "c": time.Second, "d": time.Minute, "e": time.Minute,
		"f": 999 * time.Second, "http://127.0.0.1:9/h": 3 * time.Second, "http://127.0.0.1:9/i": 600 * time.Second,
		"prompt: p $ARGUMENTS": 30 * time.Second,
	}, got)
	var units int
	for _, w := range res.Warnings {
		if w.Code == qwen.CodeTimeoutUnit {
			units++
		}
	}
	assert.Equal(t, 1, units, "the millisecond reading of 1500 is a warning")
}

// TestQwenMatchers: exact names and aliases, lists, and regexes tested
// against the canonical name only.
func TestQwenMatchers(t *testing.T) {
	als := []string{"Shell", "ShellTool", "Bash"}
	for m, want := range map[string]bool{
		"run_shell_command": true, "Shell": true, "Bash": true, "ShellTool": true, " Bash ": true, "run_shell": true,
		"^run_.*_command$": true, "Write|Bash": true, "Edit | Bash": true, "Shell|Nope": true, ".*": true, "*": true, "": true,
		"RUN_SHELL_COMMAND": false, "bash": false, "write_file": false, "run_shell_command(": false, "Bash(echo:*)": false,
		"^Bash$": false, "(Bash)": false, "Bash.*": false, "run_shell_command,write_file": false, "(?i)run": false,
	} {
		assert.Equal(t, want, qwen.Matches(m, "run_shell_command", als), m)
	}
	p := qwen.NewProtocol(nil)
	sel := func(match string, ev runner.Event) bool {
		return p.Selects(&settings.Hook{Event: ev.Name, Protocol: "qwen", Match: match, MatchSyntax: qwen.Name}, &ev)
	}
	assert.True(t, sel("startup|resume", runner.Event{Name: settings.SessionStart, Reason: "startup"}), "lists work on every event")
	assert.True(t, sel("auth_.*", runner.Event{Name: settings.Notification, Type: "auth_success"}))
	assert.False(t, sel("permission_prompt", runner.Event{Name: settings.Notification, Type: "auth_success"}))
	assert.True(t, sel("Edit", runner.Event{Name: settings.PreTool, Tool: "edit"}))
	assert.True(t, sel("replace", runner.Event{Name: settings.PreTool, Tool: "edit"}))
	assert.True(t, sel("anything", runner.Event{Name: settings.Stop}), "Stop has no matcher target")
}

// TestQwenClassify: exit 2 reads stderr only; other exits read stdout,
// then stderr; JSON wins over the exit code; invalid "{" output is
// ignored; plain stdout is context on SessionStart and UserPromptSubmit.
func TestQwenClassify(t *testing.T) {
	p := qwen.NewProtocol(nil)
	h := &settings.Hook{Protocol: "qwen", Timeout: time.Second}
	pre := &runner.Event{Name: settings.PreTool, Tool: "shell"}
	ups := &runner.Event{Name: settings.PromptSubmit, Prompt: "p"}
	for _, tc := range []struct {
		name     string
		ev       *runner.Event
		res      runner.RunResult
		decision runner.Decision
		reason   string
		context  string
	}{
		{"exit 2 stderr denies", pre, runner.RunResult{ExitCode: 2, Stderr: []byte("no"), Stdout: []byte("ignored")}, runner.DecisionDeny, "no", ""},
		{"exit 2 stdout only is nothing", pre, runner.RunResult{ExitCode: 2, Stdout: []byte(`{"decision":"deny"}`)}, "", "", ""},
		{"exit 2 JSON on stderr allows", pre, runner.RunResult{ExitCode: 2, Stderr: []byte(`{"decision":"allow"}`)}, "", "", ""},
		{"exit 3 text does not block", pre, runner.RunResult{ExitCode: 3, Stderr: []byte("x")}, "", "", ""},
		{"exit 127 does not block", pre, runner.RunResult{ExitCode: 127, Stderr: []byte("bash: x: not found")}, "", "", ""},
		{"exit 1 JSON deny", pre, runner.RunResult{ExitCode: 1, Stdout: []byte(`{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"R"}}`)}, runner.DecisionDeny, "R", ""},
		{"ask is a headless deny", pre, runner.RunResult{Stdout: []byte(`{"hookSpecificOutput":{"permissionDecision":"ask"}}`)}, runner.DecisionAsk, "User confirmation required", ""},
		{"continue false refuses the call", pre, runner.RunResult{Stdout: []byte(`{"continue":false,"stopReason":"S"}`)}, runner.DecisionDeny, "S", ""},
		{"permissionDecision allow beats decision deny", pre, runner.RunResult{Stdout: []byte(`{"decision":"deny","hookSpecificOutput":{"permissionDecision":"allow"}}`)}, "", "", ""},
		{"invalid brace ignored", pre, runner.RunResult{ExitCode: 2, Stderr: []byte("{not json")}, runner.DecisionDeny, "{not json", ""},
		{"invalid brace exit 0 ignored", pre, runner.RunResult{Stdout: []byte("{not json")}, "", "", ""},
		{"plain stdout is prompt context", ups, runner.RunResult{Stdout: []byte("ctx \x1b[31mred\x1b[0m")}, "", "", "ctx red"},
		{"updatedInput ignored", pre, runner.RunResult{Stdout: []byte(`{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"command":"x"}}}`)}, "", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Classify(h, tc.ev, &tc.res)
			c := p.Combine(tc.ev, []runner.HookReply{r})
			assert.Equal(t, tc.decision, c.Decision)
			assert.Equal(t, tc.reason, c.Reason)
			assert.Equal(t, tc.context, c.AdditionalContext)
			assert.Nil(t, c.UpdatedArgs)
		})
	}
	// Two hooks: reasons joined, a sibling's permissionDecision allow wins.
	r1 := p.Classify(h, pre, &runner.RunResult{Stdout: []byte(`{"decision":"deny","reason":"R1"}`)})
	r2 := p.Classify(h, pre, &runner.RunResult{Stdout: []byte(`{"hookSpecificOutput":{"permissionDecision":"allow"},"reason":"R2"}`)})
	assert.Equal(t, runner.DecisionNone, p.Combine(pre, []runner.HookReply{r1, r2}).Decision)
	r2 = p.Classify(h, pre, &runner.RunResult{Stdout: []byte(`{"decision":"block","reason":"R2"}`)})
	c := p.Combine(pre, []runner.HookReply{r1, r2})
	assert.Equal(t, "R1\nR2", c.Reason)
	// A Todo exit-2 deny does not block; two hooks' deny merges to block.
	todo := &runner.Event{Name: settings.TodoCreated, Extra: runner.Fields{{Key: "phase", Value: json.RawMessage(`"validation"`)}}}
	d1 := p.Classify(h, todo, &runner.RunResult{ExitCode: 2, Stderr: []byte("no")})
	assert.Equal(t, runner.DecisionNone, p.Combine(todo, []runner.HookReply{d1}).Decision)
	assert.Equal(t, runner.DecisionBlock, p.Combine(todo, []runner.HookReply{d1, d1}).Decision)
}

func TestQwenPromptDecision(t *testing.T) {
	o := qwen.PromptDecision("```json\n{\"ok\": false, \"reason\": \"NO\", \"additionalContext\": \"c\"}\n```")
	require.NotNil(t, o)
	p := qwen.NewProtocol(nil)
	h := &settings.Hook{Protocol: "qwen", Type: settings.TypePrompt, Prompt: "x"}
	pre := &runner.Event{Name: settings.PreTool, Tool: "shell"}
	r := p.Classify(h, pre, &runner.RunResult{Stdout: []byte(`{"ok": false}`)})
	assert.Equal(t, runner.DecisionDeny, r.Decision)
	assert.Equal(t, "Blocked by prompt hook", r.Reason)
	assert.Nil(t, qwen.PromptDecision("I think it is fine"), "prose allows")
	r = p.Classify(h, &runner.Event{Name: settings.PromptSubmit}, &runner.RunResult{Stdout: []byte(`{"ok": true, "additionalContext": "C"}`)})
	assert.Equal(t, "C", r.AdditionalContext)
}

// TestQwenPayloadRoundTrip: payloads read and written back are byte for
// byte what Qwen sent; the agent id of SubagentStart is the new agent's.
func TestQwenPayloadRoundTrip(t *testing.T) {
	for _, in := range []string{
		`{"session_id":"s","transcript_path":"/q/projects/-p/chats/s.jsonl","cwd":"/p","hook_event_name":"PreToolUse","timestamp":"T","permission_mode":"yolo","prompt_id":"s########0","tool_name":"run_shell_command","tool_input":{"command":"ls"},"tool_use_id":"toolu_1","tool_call_id":"call_0_0"}`,
		`{"session_id":"s","transcript_path":"/t","cwd":"/p","hook_event_name":"Stop","timestamp":"T","permission_mode":"yolo","prompt_id":"x","stop_hook_active":false,"last_assistant_message":"a","background_tasks":[],"crons":[],"context_usage":0.00005,"context_limit":200000,"input_tokens":10}`,
		`{"session_id":"s","transcript_path":"/t","cwd":"/p","hook_event_name":"SubagentStop","timestamp":"T","permission_mode":"yolo","agent_id":"a1","prompt_id":"x","stop_hook_active":false,"agent_type":"general","agent_transcript_path":"/a","last_assistant_message":"d","background_tasks":[],"crons":[]}`,
		`{"session_id":"s","transcript_path":"/t","cwd":"/p","hook_event_name":"SessionStart","timestamp":"T","permission_mode":"default","source":"clear","model":"m"}`,
		`{"session_id":"s","transcript_path":"/t","cwd":"/p","hook_event_name":"TodoCreated","timestamp":"T","permission_mode":"yolo","prompt_id":"x","todo_id":"1","todo_content":"c","todo_status":"pending","all_todos":[],"phase":"validation"}`,
	} {
		ev, err := qwen.FromPayload([]byte(in), "/p", nil)
		require.NoError(t, err, in)
		out, err := qwen.Payload(&ev, nil, nil)
		require.NoError(t, err)
		assert.Equal(t, in, string(out))
	}
	ev := runner.Event{Name: settings.PreTool, SessionID: "s", Workspace: "/w", Tool: "edit", ToolCallID: "c1", Args: json.RawMessage(`{"path":"/w/a"}`)}
	out, err := qwen.Payload(&ev, nil, []string{"HOME=/home/u"})
	require.NoError(t, err)
	assert.Regexp(t, `^\{"session_id":"s","transcript_path":"/home/u/\.qwen/projects/-w/chats/s\.jsonl","cwd":"/w","hook_event_name":"PreToolUse","timestamp":"[^"]+","permission_mode":"default","tool_name":"edit","tool_input":\{"file_path":"/w/a"\},"tool_use_id":"c1","tool_call_id":"c1"\}$`, string(out))
	p := qwen.NewProtocol(nil)
	sa := runner.Event{Name: settings.SubagentStart, SessionID: "s", Extra: runner.Fields{{Key: "agent_id", Value: json.RawMessage(`"sub"`)}}}
	pl, err := p.Encode(&sa, nil)
	require.NoError(t, err)
	assert.Equal(t, "", hookkit.EnvValue(pl.Env, "QWEN_CODE_AGENT_ID"))
	st := runner.Event{Name: settings.SubagentStop, SessionID: "s", Extra: sa.Extra}
	pl, _ = p.Encode(&st, []string{"QWEN_SERVER_TOKEN=secret", "X=1"})
	assert.Equal(t, "sub", hookkit.EnvValue(pl.Env, "QWEN_CODE_AGENT_ID"))
	assert.Equal(t, "", hookkit.EnvValue(pl.Env, "QWEN_SERVER_TOKEN"), "Qwen's internal secrets are removed")
	assert.Equal(t, "1", hookkit.EnvValue(pl.Env, "X"))
}

// Qwen Code's approval modes read as Claude Code's permission modes
// (what a Claude hook converted for Qwen Code gets) and are written back
// as Qwen's.
func TestQwenPermissionModesAreClaudes(t *testing.T) {
	for qwenMode, native := range map[string]string{"yolo": "bypassPermissions", "auto_edit": "acceptEdits", "plan": "plan", "default": "default"} {
		in := `{"session_id":"s","transcript_path":"/t","cwd":"/p","hook_event_name":"SessionStart","timestamp":"T","permission_mode":"` + qwenMode + `","source":"startup","model":"m"}`
		ev, err := qwen.FromPayload([]byte(in), "/p", nil)
		require.NoError(t, err)
		assert.Equal(t, native, ev.PermissionMode, qwenMode)
		out, err := qwen.Payload(&ev, nil, nil)
		require.NoError(t, err)
		assert.Equal(t, in, string(out), "written back in Qwen's words")
	}
}

// TestQwenHTTPChecks: the URL allow-list and the SSRF guard.
func TestQwenHTTPChecks(t *testing.T) {
	p := qwen.NewProtocol(nil)
	ev := &runner.Event{Name: settings.PreTool}
	try := func(url string, opts map[string]string) error {
		_, err := p.Prepare(&settings.Hook{Type: settings.TypeHTTP, URL: url, Protocol: "qwen", Options: opts}, ev, &runner.Payload{})
		return err
	}
	assert.NoError(t, try("http://127.0.0.1:9/h", nil), "loopback is allowed")
	assert.Error(t, try("http://169.254.169.254/x", map[string]string{"allow_private": "true"}), "metadata is always refused")
	assert.Error(t, try("http://10.0.0.1/x", nil))
	assert.NoError(t, try("http://10.0.0.1/x", map[string]string{"allow_private": "true"}))
	assert.Error(t, try("http://metadata.google.internal/x", nil))
	assert.Error(t, try("http://127.0.0.1:9/h", map[string]string{"allowed_urls": "https://api.example.com/*"}))
	assert.NoError(t, try("HTTP://127.0.0.1:9/h", map[string]string{"allowed_urls": "http://127.0.0.1:*"}), "case-insensitive wildcard patterns")
	once := &settings.Hook{Type: settings.TypeHTTP, URL: "http://127.0.0.1:9/o", Protocol: "qwen", Once: true}
	_, err := p.Prepare(once, ev, &runner.Payload{})
	assert.NoError(t, err)
	_, err = p.Prepare(once, ev, &runner.Payload{})
	assert.Error(t, err, "once: only the first run per url and event")
}

// TestQwenHostReply: a converted hook's answer in Qwen's schema.
func TestQwenHostReply(t *testing.T) {
	host := qwen.Format.(format.Host)
	f := false
	for _, tc := range []struct {
		ev   runner.Event
		out  runner.Reply
		want string
	}{
		{runner.Event{Name: settings.PreTool}, runner.Reply{Decision: runner.DecisionDeny, Reason: "r"}, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"r"}}`},
		{runner.Event{Name: settings.Stop}, runner.Reply{Decision: runner.DecisionBlock, Reason: "again"}, `{"decision":"block","reason":"again"}`},
		{runner.Event{Name: settings.Stop}, runner.Reply{Continue: &f, StopReason: "halt"}, `{}`},
		{runner.Event{Name: settings.PostTool}, runner.Reply{AdditionalContext: "c"}, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"c"}}`},
		{runner.Event{Name: settings.PermissionRequest, Tool: "shell"}, runner.Reply{Decision: runner.DecisionAllow, UpdatedArgs: json.RawMessage(`{"command":"x"}`)}, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow","updatedInput":{"command":"x"}}}}`},
	} {
		out := &runner.Outcome{Reply: tc.out, Event: tc.ev}
		stdout, _, code := host.WriteReply(out, &tc.ev)
		assert.Equal(t, 0, code)
		assert.Equal(t, tc.want+"\n", string(stdout))
	}
}

// TestQwenTargetInPlace: converting into an existing Qwen settings file
// keeps every other byte ("$version" and comments included); timeouts are
// written in Qwen's mixed unit.
func TestQwenTargetInPlace(t *testing.T) {
	existing := "{\n  \"$version\": 4,\n  // model\n  \"model\": {\"name\": \"qwen3\"}\n}\n"
	claude := []byte(`{"hooks": {"PreToolUse": [{"matcher": "Bash|Edit", "hooks": [{"type": "command", "command": "g.sh", "timeout": 5}]}], "Stop": [{"hooks": [{"type": "command", "command": "s.sh", "timeout": 1200}]}]}}`)
	res := compat.Convert([]compat.Input{{Name: "settings.json", Data: claude, From: "claude"}}, compat.ConvertOptions{Target: "qwen", Existing: []byte(existing)})
	require.Empty(t, res.Errors)
	out := string(res.Output)
	assert.True(t, strings.HasPrefix(out, "{\n  \"$version\": 4,\n  // model\n  \"model\": {\"name\": \"qwen3\"},\n  \"hooks\": {"), out)
	assert.True(t, strings.HasSuffix(out, "\n  }\n}\n"), out)
	assert.Contains(t, out, `"matcher": "^(edit|run_shell_command)$"`)
	assert.Contains(t, out, `"timeout": 7`, "seconds below 1000")
	assert.Contains(t, out, `"timeout": 1202000`, "milliseconds from 1000 up")
	var warn string
	for _, w := range res.Warnings {
		warn += w.Message + "\n"
	}
	assert.Contains(t, warn, "stopHookBlockingCap")
	e := env(t)
	write(t, filepath.Join(e.Project, ".qwen", "settings.json"), out)
	loaded := load(t, e)
	require.Len(t, loaded.Config.Hooks, 2)
	assert.Equal(t, 7*time.Second, loaded.Config.Hooks[0].Timeout)
	assert.Equal(t, 1202*time.Second, loaded.Config.Hooks[1].Timeout)
}
