package gemini_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/gemini"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore/geminitest"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

var (
	env   = geminitest.Env
	write = geminitest.Write
)

func load(t *testing.T, e *format.Env) (*format.Result, error) {
	t.Helper()
	return geminitest.Load(gemini.Format, e)
}

func codes(ws []translate.Warning) string {
	var out []string
	for _, w := range ws {
		out = append(out, w.Code)
	}
	return strings.Join(out, ",")
}

// TestGeminiLoadScopes: hooks of system defaults, user, workspace and
// system run in that order; hooksConfig.enabled takes the last file's
// value; disabled names of any file remove hooks by name or command; the
// project's own settings are dropped in an untrusted folder, with every
// other settings hook (all are "project" hooks to Gemini), extension hooks
// stay.
func TestGeminiLoadScopes(t *testing.T) {
	e := env(t)
	sys := e.System("/etc/gemini-cli")
	write(t, filepath.Join(sys, "system-defaults.json"), `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "sysdef"}]}]}}`)
	write(t, filepath.Join(sys, "settings.json"), `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "sys"}]}]}, "hooksConfig": {"disabled": ["user-off"]}}`)
	write(t, filepath.Join(e.Home, ".gemini", "settings.json"), `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "user"}, {"type": "command", "command": "x", "name": "user-off"}]}]}}`)
	write(t, filepath.Join(e.Project, ".gemini", "settings.json"), `{"hooks": {"AfterAgent": [{"hooks": [{"type": "command", "command": "proj"}]}]}}`)
	ext := filepath.Join(e.Home, ".gemini", "extensions", "ex")
	write(t, filepath.Join(ext, "gemini-extension.json"), `{"name": "ex"}`)
	write(t, filepath.Join(ext, "hooks", "hooks.json"), `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "x ${extensionPath} ${workspacePath} ${/} $HOME ${other}"}]}]}}`)
	res, err := load(t, e)
	require.NoError(t, err)
	var got []string
	for _, h := range res.Config.Hooks {
		got = append(got, h.Command)
	}
	want := []string{"sysdef", "user", "proj", "sys", "x " + ext + " " + e.Project + " / $HOME ${other}"}
	assert.Equal(t, want, got)
	assert.Contains(t, codes(res.Warnings), gemini.CodeDisabled)

	write(t, filepath.Join(e.Project, ".gemini", "settings.json"), `{"hooksConfig": {"enabled": false}}`)
	res, err = load(t, e)
	require.NoError(t, err)
	assert.Empty(t, res.Config.Hooks, "hooksConfig.enabled false in the last file: no hook at all")

	write(t, filepath.Join(e.Project, ".gemini", "settings.json"), `{"hooks": {"AfterAgent": [{"hooks": [{"type": "command", "command": "proj"}]}]}}`)
	e.Trusted = func(string, string) bool { return false }
	res, err = load(t, e)
	require.NoError(t, err)
	require.Len(t, res.Config.Hooks, 1, "untrusted: only the extension hook")
	assert.Equal(t, gemini.ScopeExtension, res.Config.Hooks[0].Source.Scope)
	assert.Contains(t, codes(res.Warnings), gemini.CodeUntrusted)
}

// TestGeminiTrustRules: the environment and security.folderTrust decide
// before the host.
func TestGeminiTrustRules(t *testing.T) {
	for _, tc := range []struct {
		vars     []string
		settings string
		host     bool
		want     int
	}{
		{nil, `{}`, false, 0},
		{nil, `{}`, true, 1},
		{[]string{"GEMINI_CLI_TRUST_WORKSPACE=true"}, `{}`, false, 1},
		{[]string{"GEMINI_CLI_TRUST_WORKSPACE=false"}, `{}`, true, 0},
		{[]string{"GEMINI_RESTRICTED_MODE=true"}, `{}`, true, 0},
		{nil, `{"security": {"folderTrust": {"enabled": false}}}`, false, 1},
	} {
		e := env(t, tc.vars...)
		write(t, filepath.Join(e.Home, ".gemini", "settings.json"), tc.settings)
		write(t, filepath.Join(e.Project, ".gemini", "settings.json"), `{"hooks": {"BeforeAgent": [{"hooks": [{"type": "command", "command": "p"}]}]}}`)
		host := tc.host
		e.Trusted = func(string, string) bool { return host }
		res, err := load(t, e)
		require.NoError(t, err)
		assert.Len(t, res.Config.Hooks, tc.want, "%v %s host=%v", tc.vars, tc.settings, tc.host)
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, "trustedFolders.json"), `{"/a/b": "TRUST_FOLDER", "/a/b/c": "DO_NOT_TRUST", "/x/y": "TRUST_PARENT"}`)
	assert.True(t, gemini.TrustedFolder(dir, "/a/b/d"))
	assert.False(t, gemini.TrustedFolder(dir, "/a/b/c/d"))
	assert.True(t, gemini.TrustedFolder(dir, "/x/z"))
	assert.False(t, gemini.TrustedFolder(dir, "/q"))
}

// TestGeminiSettingsFileRules: comments are stripped (not inside strings),
// $VAR/${VAR}/${VAR:-d} expanded at load inside any quotes, a BOM or a
// syntax error in a discovered file stops Gemini (no hook at all), Claude
// event names and other unknown events are skipped with a warning, a
// matcher that is not a string fails its whole event, timeouts are
// milliseconds.
func TestGeminiSettingsFileRules(t *testing.T) {
	e := env(t, "HOME_X=/hx")
	user := filepath.Join(e.Home, ".gemini", "settings.json")
	write(t, user, `{
  // a comment
  "hooks": { /* block */
    "BeforeTool": [{"matcher": "run_shell_command", "sequential": true, "hooks": [
      {"type": "command", "command": "c '$HOME_X' '${UNSET:-d}' '// kept' '/* kept */'", "timeout": 1500, "env": {"N": 5, "V": "$HOME_X"}},
      {"type": "plugin", "command": "p", "timeout": "abc"},
      {"type": "Command", "command": "dropped"},
      {"type": "command", "command": "zero", "timeout": 0}]}],
    "PreToolUse": [{"hooks": [{"type": "command", "command": "claude"}]}],
    "FooBar": [],
    "AfterTool": [{"hooks": [{"type": "command", "command": "after"}]}],
    "SessionStart": [{"matcher": 5, "hooks": [{"type": "command", "command": "broken"}]}],
    "disabled": ["x"]
  }
}`)
	res, err := load(t, e)
	require.NoError(t, err)
	byCmd := map[string]settings.Hook{}
	for _, h := range res.Config.Hooks {
		if _, seen := byCmd[h.Command]; !seen {
			byCmd[h.Command] = h
		}
	}
	c := byCmd["c '/hx' 'd' '// kept' '/* kept */'"]
	assert.Equal(t, 1500*time.Millisecond, c.Timeout)
	assert.Equal(t, map[string]string{"N": "5", "V": "/hx"}, c.Env)
	assert.Equal(t, "true", c.Options["sequential"])
	assert.Equal(t, time.Nanosecond, byCmd["p"].Timeout, "a timeout that is not a number fires at once")
	assert.Equal(t, "plugin", byCmd["p"].Options["type"])
	assert.Equal(t, time.Nanosecond, byCmd["zero"].Timeout)
	assert.NotContains(t, byCmd, "dropped")
	assert.NotContains(t, byCmd, "claude")
	assert.NotContains(t, byCmd, "broken", "a non-string matcher fails its event")
	var after []settings.Event
	for _, h := range res.Config.Hooks {
		if h.Command == "after" {
			after = append(after, h.Event)
		}
	}
	assert.Equal(t, []settings.Event{settings.PostTool, settings.PostToolFailure}, after, "AfterTool also covers failed calls")
	all := codes(res.Warnings)
	for _, code := range []string{translate.CodeUnknownEvent, gemini.CodeEventBroken, gemini.CodeSchema, translate.CodeUnsupportedField, translate.CodeInvalidEntry} {
		assert.Contains(t, all, code)
	}
	var claude string
	for _, w := range res.Warnings {
		if strings.Contains(w.Message, `"PreToolUse"`) {
			claude = w.String()
		}
	}
	assert.Contains(t, claude, "Claude Code event name")
	assert.Contains(t, claude, "BeforeTool")
	assert.Contains(t, claude, ":9:5:", "the warning names the line and column")

	write(t, user, "\ufeff{}")
	res, err = load(t, e)
	require.NoError(t, err, "a discovered file that does not parse is a warning")
	assert.Equal(t, gemini.CodeInvalidFile, res.Warnings[0].Code)
	_, err = gemini.Format.Load([]format.Source{{Format: "gemini", Path: user}}, e)
	require.Error(t, err, "a named one is an error")
	assert.Contains(t, err.Error(), "1:1")
	write(t, filepath.Join(e.Project, ".gemini", "settings.json"), `{"hooks": {"BeforeAgent": [{"hooks": [{"type": "command", "command": "p"}]}]}}`)
	write(t, user, `{"hooks": }`)
	res, err = load(t, e)
	require.NoError(t, err)
	assert.Empty(t, res.Config.Hooks, "Gemini CLI exits 52: no hook of any file runs")
}

// TestGeminiClassify: Gemini CLI's reading of exit codes and output.
func TestGeminiClassify(t *testing.T) {
	p := gemini.NewProtocol(nil)
	ev := &runner.Event{Name: settings.PreTool, Tool: "shell"}
	h := &settings.Hook{Event: settings.PreTool, Protocol: "gemini", Timeout: time.Second}
	for _, tc := range []struct {
		name           string
		res            runner.RunResult
		decision       runner.Decision
		reason, system string
		outcome        runner.OutcomeKind
	}{
		{"exit 2 stderr", runner.RunResult{ExitCode: 2, Stderr: []byte("no\n")}, runner.DecisionDeny, "no", "", runner.OutcomeBlocking},
		{"exit 2 stdout wins", runner.RunResult{ExitCode: 2, Stdout: []byte("out"), Stderr: []byte("err")}, runner.DecisionDeny, "out", "", runner.OutcomeBlocking},
		{"exit 2 empty", runner.RunResult{ExitCode: 2}, "", "", "", runner.OutcomeError},
		{"exit 127 text blocks", runner.RunResult{ExitCode: 127, Stderr: []byte("bash: x: not found")}, runner.DecisionDeny, "bash: x: not found", "", runner.OutcomeBlocking},
		{"exit 1 text warns", runner.RunResult{ExitCode: 1, Stdout: []byte("w")}, "", "", "Warning: w", runner.OutcomeError},
		{"exit 0 text", runner.RunResult{ExitCode: 0, Stdout: []byte("t")}, "", "", "t", runner.OutcomeSuccess},
		{"JSON wins over exit 2", runner.RunResult{ExitCode: 2, Stdout: []byte(`{"decision":"allow"}`)}, "", "", "", runner.OutcomeError},
		{"JSON deny with exit 1", runner.RunResult{ExitCode: 1, Stdout: []byte(`{"decision":"deny","reason":"r"}`)}, runner.DecisionDeny, "r", "", runner.OutcomeBlocking},
		{"JSON on stderr", runner.RunResult{ExitCode: 0, Stderr: []byte(`{"decision":"block","reason":"r"}`)}, runner.DecisionBlock, "r", "", runner.OutcomeBlocking},
		{"wrapped JSON string", runner.RunResult{ExitCode: 0, Stdout: []byte(`"{\"decision\":\"deny\"}"`)}, runner.DecisionDeny, "No reason provided", "", runner.OutcomeBlocking},
		{"primitive never blocks", runner.RunResult{ExitCode: 2, Stdout: []byte(`42`)}, "", "", "", runner.OutcomeError},
		{"array is no fields", runner.RunResult{ExitCode: 0, Stdout: []byte(`[1]`)}, "", "", "", runner.OutcomeSuccess},
		{"invalid JSON is text", runner.RunResult{ExitCode: 2, Stdout: []byte(`{oops`)}, runner.DecisionDeny, "{oops", "", runner.OutcomeBlocking},
		{"signal text is a message", runner.RunResult{ExitCode: -1, Signal: "TERM", Stdout: []byte("s")}, "", "", "s", runner.OutcomeError},
		{"uppercase deny allows", runner.RunResult{ExitCode: 0, Stdout: []byte(`{"decision":"DENY"}`)}, runner.DecisionAllow, "", "", runner.OutcomeSuccess},
		{"timeout", runner.RunResult{ExitCode: -1, TimedOut: true, Stdout: []byte(`{"decision":"deny"}`)}, "", "", "", runner.OutcomeTimeout},
		{"cut output", runner.RunResult{ExitCode: 0, Stdout: []byte(`{"decision":"allow"`), StdoutTruncated: true}, "", "", "", runner.OutcomeError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Classify(h, ev, &tc.res)
			assert.Equal(t, tc.outcome, r.Outcome)
			c := p.Combine(ev, []runner.HookReply{r})
			if tc.decision == runner.DecisionAllow {
				assert.Equal(t, runner.DecisionAllow, r.Decision)
				assert.Equal(t, runner.DecisionNone, c.Decision, "Gemini's allow does nothing")
				return
			}
			assert.Equal(t, tc.decision, c.Decision)
			assert.Equal(t, tc.reason, c.Reason)
			assert.Equal(t, tc.system, c.SystemMessage)
		})
	}
}

// TestGeminiCombine: reasons of every hook joined, the last tool_input
// wins whole, stopReason only from continue:false, suppressOutput hides
// system messages, a failed hook's decision still counts.
func TestGeminiCombine(t *testing.T) {
	p := gemini.NewProtocol(nil)
	ev := &runner.Event{Name: settings.PreTool, Tool: "shell", Args: json.RawMessage(`{"command":"ls"}`)}
	h := &settings.Hook{Event: settings.PreTool, Protocol: "gemini", Timeout: time.Second}
	reply := func(out string, exit int) runner.HookReply {
		return p.Classify(h, ev, &runner.RunResult{ExitCode: exit, Stdout: []byte(out)})
	}
	c := p.Combine(ev, []runner.HookReply{reply(`{"decision":"allow","reason":"A","systemMessage":"SA"}`, 0), reply(`{"decision":"deny","reason":"B","stopReason":"S"}`, 1)})
	assert.Equal(t, runner.DecisionDeny, c.Decision)
	assert.Equal(t, "A\nB", c.Reason)
	assert.Equal(t, "SA", c.SystemMessage)
	c = p.Combine(ev, []runner.HookReply{
		reply(`{"hookSpecificOutput":{"tool_input":{"command":"a","description":"d"}}}`, 0),
		reply(`{"hookSpecificOutput":{"tool_input":{"command":"b"}},"suppressOutput":true,"systemMessage":"x"}`, 0)})
	assert.JSONEq(t, `{"command":"b"}`, string(c.UpdatedArgs))
	assert.Empty(t, c.SystemMessage)
	c = p.Combine(ev, []runner.HookReply{reply(`{"continue":false,"stopReason":"halt","decision":"deny","reason":"r"}`, 0)})
	require.NotNil(t, c.Continue)
	assert.False(t, *c.Continue)
	assert.Equal(t, "halt", c.StopReason)
	// BeforeToolSelection: any output yields an AUTO toolConfig; NONE wins.
	bts := &runner.Event{Name: settings.BeforeToolSelection}
	r1 := p.Classify(h, bts, &runner.RunResult{Stdout: []byte(`{"hookSpecificOutput":{"toolConfig":{"mode":"ANY","allowedFunctionNames":["b","a"]}}}`)})
	r2 := p.Classify(h, bts, &runner.RunResult{Stdout: []byte(`{"decision":"deny"}`)})
	out := &runner.Outcome{Event: *bts, Hooks: []runner.Trace{{Hook: h, Outcome: r1.Outcome, Reply: r1}, {Hook: h, Outcome: r2.Outcome, Reply: r2}}}
	rd := p.Render(out)
	assert.JSONEq(t, `{"mode":"ANY","allowedFunctionNames":["a","b"]}`, string(rd.ToolConfig))
	assert.False(t, rd.Blocked, "BeforeToolSelection ignores decisions")
}

// TestGeminiMatchers: regex on tool names without aliases, exact
// triggers on lifecycle events, the empty matcher and "*" everywhere.
func TestGeminiMatchers(t *testing.T) {
	for m, want := range map[string]bool{
		"run_shell_command": true, "run_shell": true, "^run_.*_command$": true, "write_file|run_shell_command": true,
		" run_shell_command ": false, "Bash": false, "RUN_SHELL_COMMAND": false, "run_shell_command(": false,
		"(?i)run": false, "run_shell_command,write_file": false,
	} {
		assert.Equal(t, want, gemini.ToolMatches(m, "run_shell_command"), m)
	}
	p := gemini.NewProtocol(nil)
	sel := func(match string, ev runner.Event) bool {
		return p.Selects(&settings.Hook{Event: ev.Name, Protocol: "gemini", Match: match, MatchSyntax: gemini.Name}, &ev)
	}
	assert.True(t, sel(" run_shell_command ", runner.Event{Name: settings.PreTool, Tool: "shell"}), "the matcher is trimmed first")
	assert.True(t, sel("startup", runner.Event{Name: settings.SessionStart, Reason: "startup"}))
	assert.False(t, sel("startup|resume", runner.Event{Name: settings.SessionStart, Reason: "startup"}))
	assert.True(t, sel("clear", runner.Event{Name: settings.SessionStart, Reason: "new"}))
	assert.True(t, sel("nomatch", runner.Event{Name: settings.PromptSubmit}), "BeforeAgent has no matcher target")
	assert.True(t, sel("*", runner.Event{Name: settings.PreCompact, Reason: "auto"}))
	assert.False(t, sel("manual", runner.Event{Name: settings.PreCompact, Reason: "auto"}))
}

// TestGeminiPayloadRoundTrip: a Gemini payload read and written back is
// byte for byte what Gemini sent; a native event gets Gemini's names,
// keys and defaults.
func TestGeminiPayloadRoundTrip(t *testing.T) {
	for _, in := range []string{
		`{"session_id":"s","transcript_path":"/t","cwd":"/p","hook_event_name":"BeforeTool","timestamp":"2026-01-01T00:00:00.000Z","tool_name":"write_file","tool_input":{"file_path":"/p/a","content":"x<&>"}}`,
		`{"session_id":"s","transcript_path":"","cwd":"/p","hook_event_name":"AfterAgent","timestamp":"T","prompt":"do it","prompt_response":"a\nb","stop_hook_active":true}`,
		`{"session_id":"s","transcript_path":"","cwd":"/p","hook_event_name":"SessionStart","timestamp":"T","source":"clear"}`,
		`{"session_id":"s","transcript_path":"","cwd":"/p","hook_event_name":"AfterTool","timestamp":"T","tool_name":"mcp_srv_do","tool_input":{},"tool_response":{"llmContent":"e","returnDisplay":"e","error":{"message":"e","type":"x"}},"mcp_context":{"server_name":"srv","tool_name":"do"}}`,
		`{"session_id":"s","transcript_path":"","cwd":"/p","hook_event_name":"BeforeModel","timestamp":"T","llm_request":{"model":"m","messages":[{"role":"user","content":"hi"}],"config":{"temperature":0.5}}}`,
	} {
		ev, err := gemini.FromPayload([]byte(in), "/p", nil)
		require.NoError(t, err, in)
		out, err := gemini.Payload(&ev, nil)
		require.NoError(t, err)
		assert.Equal(t, in, string(out))
	}
	ev, _ := gemini.FromPayload([]byte(`{"hook_event_name":"AfterTool","tool_name":"mcp_srv_do","tool_response":{"error":{"message":"boom"}},"mcp_context":{"server_name":"srv","tool_name":"do"}}`), "/p", nil)
	assert.Equal(t, settings.PostToolFailure, ev.Name, "a failed call is natively post_tool_failure")
	assert.Equal(t, "mcp__srv__do", ev.Tool)
	assert.Equal(t, "boom", ev.Error)
	native := runner.Event{Name: settings.PreTool, SessionID: "s", Workspace: "/w", Tool: "edit", Args: json.RawMessage(`{"path":"/w/a","replace_all":true}`)}
	out, err := gemini.Payload(&native, nil)
	require.NoError(t, err)
	assert.Regexp(t, `^\{"session_id":"s","transcript_path":"","cwd":"/w","hook_event_name":"BeforeTool","timestamp":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z","tool_name":"replace","tool_input":\{"file_path":"/w/a","allow_multiple":true\}\}$`, string(out))
	stop := runner.Event{Name: settings.Stop, Extra: runner.Fields{{Key: "timestamp", Value: json.RawMessage(`"T"`)}}}
	out, _ = gemini.Payload(&stop, nil)
	assert.Contains(t, string(out), `"prompt_response":"[no response text]","stop_hook_active":false`)
}

// TestGeminiReadEventScores: Gemini's payloads win over Claude's reader;
// a shared event name needs Gemini's timestamp without permission_mode.
func TestGeminiReadEventScores(t *testing.T) {
	for in, wire := range map[string]string{
		`{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{}}`:      "gemini",
		`{"hook_event_name":"SessionStart","timestamp":"T","source":"startup"}`:                 "gemini",
		`{"hook_event_name":"SessionStart","source":"startup"}`:                                 "claude",
		`{"hook_event_name":"SessionStart","timestamp":"T","permission_mode":"x","source":"s"}`: "qwen",
	} {
		_, got, err := compat.ParseEvent([]byte(in), "/p")
		require.NoError(t, err, in)
		assert.Equal(t, wire, got, in)
	}
}

// TestGeminiCommandRewrite: the run-time replacement of Gemini's
// variables, shell-quoted, by plain prefix.
func TestGeminiCommandRewrite(t *testing.T) {
	assert.Equal(t, "'/a b'/x.sh /p/plansX s", gemini.ExpandCommand("$GEMINI_PROJECT_DIR/x.sh $GEMINI_PLANS_DIRX $GEMINI_SESSION_ID", "/a b", "/p/plans", "s"))
	assert.Equal(t, "${GEMINI_CWD}", gemini.ExpandCommand("${GEMINI_CWD}", "/p", "", ""), "braces are left to bash")
	for in, want := range map[string]string{"": "", "/plain/path": "/plain/path", "/a b": "'/a b'", "it's": `"it's"`, "a$b": `a\$b`, "C:x": "C:x"} {
		assert.Equal(t, want, gemini.ShellQuote(in), in)
	}
}

// TestGeminiSequentialChain: in a sequential plan the next hook sees the
// previous one's tool_input merged in, while the call runs with the last
// tool_input whole.
func TestGeminiSequentialChain(t *testing.T) {
	dir := t.TempDir()
	capture := filepath.Join(dir, "cap")
	cfg := &settings.Config{Hooks: []settings.Hook{
		{Event: settings.PreTool, Protocol: "gemini", Timeout: 5 * time.Second, Options: map[string]string{"sequential": "true"},
			Command: `cat > /dev/null; echo '{"hookSpecificOutput":{"tool_input":{"command":"A","description":"dA"}}}'`},
		{Event: settings.PreTool, Protocol: "gemini", Timeout: 5 * time.Second,
			Command: `cat > ` + capture + `; echo '{"hookSpecificOutput":{"tool_input":{"command":"B"}}}'`},
	}}
	eng, err := runner.New(cfg, runner.Options{Workspace: dir, Protocols: []runner.Protocol{gemini.NewProtocol(nil)}})
	require.NoError(t, err)
	out, err := eng.Fire(context.Background(), runner.Event{Name: settings.PreTool, Tool: "shell", Args: json.RawMessage(`{"command":"ls"}`)})
	require.NoError(t, err)
	got, _ := os.ReadFile(capture)
	assert.Contains(t, string(got), `"tool_input":{"command":"A","description":"dA"}`)
	assert.JSONEq(t, `{"command":"B"}`, string(out.UpdatedArgs))
}

// TestGeminiHostReply: a converted hook's answer in Gemini's schema, exit 0.
func TestGeminiHostReply(t *testing.T) {
	host := gemini.Format.(format.Host)
	f := false
	for _, tc := range []struct {
		ev   runner.Event
		out  runner.Reply
		want string
	}{
		{runner.Event{Name: settings.PreTool, Tool: "shell"}, runner.Reply{Decision: runner.DecisionDeny, Reason: "r"}, `{"decision":"deny","reason":"r"}`},
		{runner.Event{Name: settings.PreTool, Tool: "shell"}, runner.Reply{UpdatedArgs: json.RawMessage(`{"command":"x"}`)}, `{"hookSpecificOutput":{"tool_input":{"command":"x"},"hookEventName":"BeforeTool"}}`},
		{runner.Event{Name: settings.PostTool}, runner.Reply{AdditionalContext: "c", SystemMessage: "s"}, `{"hookSpecificOutput":{"additionalContext":"c","hookEventName":"AfterTool"},"systemMessage":"s"}`},
		{runner.Event{Name: settings.Stop}, runner.Reply{Decision: runner.DecisionBlock, Reason: "again"}, `{"decision":"deny","reason":"again"}`},
		{runner.Event{Name: settings.PromptSubmit}, runner.Reply{Continue: &f, StopReason: "halt"}, `{"continue":false,"stopReason":"halt"}`},
		{runner.Event{Name: settings.SessionEnd}, runner.Reply{Decision: runner.DecisionBlock, Reason: "x"}, `{}`},
	} {
		out := &runner.Outcome{Reply: tc.out, Event: tc.ev}
		stdout, _, code := host.WriteReply(out, &tc.ev)
		assert.Equal(t, 0, code)
		assert.Equal(t, tc.want+"\n", string(stdout))
	}
}

// TestGeminiShim: the shim's hook is a Gemini hook of the named event
// with Gemini's defaults; an AfterTool twin keeps its native event.
func TestGeminiShim(t *testing.T) {
	sh := gemini.Format.(format.Shimmer)
	h, err := sh.ShimHook(&format.ShimSpec{Protocol: "gemini", Event: "AfterTool", Matcher: "run_.*", Command: []string{"x"}, Options: map[string]string{"event": "post_tool_failure"}})
	require.NoError(t, err)
	assert.Equal(t, settings.PostToolFailure, h.Event)
	assert.Equal(t, gemini.DefaultTimeout, h.Timeout)
	assert.Equal(t, gemini.Name, h.MatchSyntax)
	_, err = sh.ShimHook(&format.ShimSpec{Protocol: "gemini", Event: "PreToolUse", Command: []string{"x"}})
	assert.ErrorIs(t, err, format.ErrShimUsage)
	name, ok := sh.ShimEvent(settings.PostToolFailure)
	assert.True(t, ok)
	assert.Equal(t, "AfterTool", name)
}

// TestGeminiTargetInPlace: converting into an existing Gemini settings
// file replaces only the hooks object (the converted hooks calling the
// shim, earlier converted ones replaced, the user's own kept) and leaves
// every other byte — comments included — as it was.
func TestGeminiTargetInPlace(t *testing.T) {
	existing := "{\n  // model settings\n  \"model\": {\"name\": \"gemini-2.5-pro\"}, /* keep me */\n  \"hooks\": {\n    \"AfterAgent\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"mine.sh\"}]}]\n  },\n  \"mcpServers\": {}\n}\n"
	claude := []byte(`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo \"$HOME\"; exit 2"}]}], "Stop": [{"hooks": [{"type": "command", "command": "s.sh", "timeout": 5}]}]}}`)
	res := compat.Convert([]compat.Input{{Name: "settings.json", Data: claude, From: "claude"}}, compat.ConvertOptions{Target: "gemini", Existing: []byte(existing)})
	require.Empty(t, res.Errors)
	out := string(res.Output)
	head := existing[:strings.Index(existing, `"hooks"`)]
	tail := existing[strings.Index(existing, "\n  },\n  \"mcpServers\"")+4:]
	assert.True(t, strings.HasPrefix(out, head), out)
	assert.True(t, strings.HasSuffix(out, tail), out)
	assert.Contains(t, out, `"command": "mine.sh"`, "the user's own hooks stay")
	assert.Contains(t, out, `"matcher": "^(run_shell_command)$"`)
	assert.Contains(t, out, `"timeout": 7000`, "milliseconds, 2 s above the hook's own")
	assert.NotContains(t, out, "$HOME", "no $ reference is left for Gemini's load-time expansion")
	// Converting again replaces the converted hooks, it does not add them twice.
	again := compat.Convert([]compat.Input{{Name: "settings.json", Data: claude, From: "claude"}}, compat.ConvertOptions{Target: "gemini", Existing: res.Output})
	require.Empty(t, again.Errors)
	assert.Equal(t, out, string(again.Output))
	// The file loads as Gemini hooks calling the shim.
	e := env(t)
	write(t, filepath.Join(e.Project, ".gemini", "settings.json"), out)
	loaded, err := load(t, e)
	require.NoError(t, err)
	var shim int
	for _, h := range loaded.Config.Hooks {
		if strings.Contains(h.Command, "exec --host gemini --protocol claude") {
			shim++
		}
	}
	assert.Equal(t, 2, shim)
}

// TestGeminiRewritePathChecked: a BeforeTool tool_input whose write path
// Gemini CLI refuses (outside the project and its temp folder, or through
// a blocked segment such as .env) fails the call with Gemini's text; a
// path inside the project or its temp folder is applied.
func TestGeminiRewritePathChecked(t *testing.T) {
	p := gemini.NewProtocol(nil)
	proj := t.TempDir()
	tr := filepath.Join(proj, "h", ".gemini", "tmp", "proj", "chats", "session-1.jsonl")
	ev := &runner.Event{Name: settings.PreTool, Tool: "write", Cwd: proj, TranscriptPath: tr,
		Args: json.RawMessage(`{"file_path":"a.txt","content":"x"}`)}
	h := &settings.Hook{Event: settings.PreTool, Protocol: "gemini", Timeout: time.Second}
	tmp := filepath.Join(proj, "h", ".gemini", "tmp", "proj")
	for _, tc := range []struct{ path, refused string }{
		{"/elsewhere/x.txt", "/elsewhere/x.txt"},
		{".env", filepath.Join(proj, ".env")},
		{"sub/NODE_MODULES/x.js", filepath.Join(proj, "sub/NODE_MODULES/x.js")},
		{"../x.txt", filepath.Join(filepath.Dir(proj), "x.txt")},
		{"sub/b.txt", ""},
		{filepath.Join(proj, "c.txt"), ""},
		{filepath.Join(tmp, "plan.md"), ""},
		{"my.env.txt", ""},
	} {
		t.Run(tc.path, func(t *testing.T) {
			out, _ := json.Marshal(map[string]any{"hookSpecificOutput": map[string]any{"tool_input": map[string]any{"file_path": tc.path, "content": "y"}}})
			c := p.Combine(ev, []runner.HookReply{p.Classify(h, ev, &runner.RunResult{Stdout: out})})
			if tc.refused == "" {
				assert.Equal(t, runner.DecisionNone, c.Decision)
				assert.Contains(t, string(c.UpdatedArgs), "y")
				return
			}
			assert.Equal(t, runner.DecisionDeny, c.Decision)
			assert.Equal(t, `Tool parameter modification by hook failed validation: Path not in workspace: Attempted path "`+tc.refused+
				`" resolves outside the allowed workspace directories: `+proj+` or the project temp directory: `+tmp, c.Reason)
			assert.Empty(t, c.UpdatedArgs)
		})
	}
}
