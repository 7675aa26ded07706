package phi

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

func TestRequestBytes(t *testing.T) {
	tests := []struct {
		name string
		ev   runner.Event
		want string
	}{
		{"pre: field order, compacted input with escapes and numbers kept, HTML escapes",
			runner.Event{Name: settings.PreTool, SessionID: "sess-stdin", Workspace: "/w", Cwd: "/w", Tool: "shell", ToolCallID: "call_abc",
				Args: json.RawMessage("{\"command\": \"echo <b> & 'q'\", \"nested\": {\"list\": [1, 2.50, 1e3, true, null]},\n \"unicode\": \"h\\u00e9 \\u2713 ✓ é \u2028\"}")},
			`{"session_id":"sess-stdin","cwd":"/w","hook_event":"pre_tool","tool":"bash","tool_use_id":"call_abc","input":{"command":"echo \u003cb\u003e \u0026 'q'","nested":{"list":[1,2.50,1e3,true,null]},"unicode":"h\u00e9 \u2713 ✓ é \u2028"}}` + "\n"},
		{"empty ids are sent, missing input is null",
			runner.Event{Name: settings.PreTool, Workspace: "/w", Cwd: "/w", Tool: "bash"},
			`{"session_id":"","cwd":"/w","hook_event":"pre_tool","tool":"bash","tool_use_id":"","input":null}` + "\n"},
		{"post success: output only; a JSON string result is its text",
			runner.Event{Name: settings.PostTool, SessionID: "s", Cwd: "/w", Tool: "shell", ToolCallID: "c",
				Args: json.RawMessage(`{"command":"ls"}`), Result: json.RawMessage(`"line 1\nline <2> & done\n"`)},
			`{"session_id":"s","cwd":"/w","hook_event":"post_tool","tool":"bash","tool_use_id":"c","input":{"command":"ls"},"output":"line 1\nline \u003c2\u003e \u0026 done\n"}` + "\n"},
		{"post failure: the error is output and error",
			runner.Event{Name: settings.PostToolFailure, SessionID: "s", Cwd: "/w", Tool: "shell", ToolCallID: "c",
				Args: json.RawMessage(`{"command":"ls"}`), Error: "exit status 1"},
			`{"session_id":"s","cwd":"/w","hook_event":"post_tool","tool":"bash","tool_use_id":"c","input":{"command":"ls"},"output":"exit status 1","error":"exit status 1"}` + "\n"},
		{"post: other JSON results are their compact text; unknown tools pass through",
			runner.Event{Name: settings.PostTool, Cwd: "/w", Tool: "mcp__x__y", Result: json.RawMessage(`{"a": [1, 2]}`)},
			`{"session_id":"","cwd":"","hook_event":"post_tool","tool":"mcp__x__y","tool_use_id":"","input":null,"output":"{\"a\":[1,2]}"}` + "\n"},
		{"native names become Phi's; cwd falls back to the workspace",
			runner.Event{Name: settings.PreTool, Workspace: "/w", Tool: "web_fetch", Args: json.RawMessage(`{"url":"u"}`)},
			`{"session_id":"","cwd":"/w","hook_event":"pre_tool","tool":"fetch","tool_use_id":"","input":{"url":"u"}}` + "\n"},
	}
	tests[4].ev.Cwd = "" // no cwd, no workspace
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := requestBytes(&tt.ev)
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(got))
		})
	}
}

func TestRequestInvalidInput(t *testing.T) {
	_, err := requestBytes(&runner.Event{Name: settings.PreTool, Tool: "bash", Args: json.RawMessage("{not json")})
	require.Error(t, err)
	assert.Equal(t, "json: error calling MarshalJSON for type json.RawMessage: invalid character 'n' looking for beginning of object key string", err.Error())
}

func TestEnv(t *testing.T) {
	base := []string{
		"PATH=/bin", "HOME=/h",
		// removed: the upper-cased name contains a listed substring
		"OPENAI_API_KEY=x", "my_api_key_lower=x", "GITHUB_TOKEN=x", "TOKENIZERS_PARALLELISM=x",
		"GOOGLE_APPLICATION_CREDENTIALS=x", "DB_PASSWORD=x", "CLIENT_SECRET=x", "SSH_PRIVATE_KEY=x",
		"HTTP_AUTHORIZATION=x", "BEARER=x", "OAUTH_CLIENT=x", "AWS_ACCESS_KEY_ID=x", "PHI_API_KEY=x",
		// kept
		"OPENAI_KEY=k", "APIKEY=k", "PASSWD=k", "GH_PAT=k", "DATABASE_URL=k", "SESSION=k", "PHI_HOOKS=0", "PHI_DEBUG=1",
		// replaced
		"PHI_HOOK_EVENT=bogus", "PHI_CWD=/bogus", "PHI_SESSION_ID=old", "PHI_PROJECT_DIR=/old",
	}
	ev := &runner.Event{Name: settings.PostTool, Workspace: "/proj", Cwd: "/proj"}
	assert.Equal(t, []string{
		"PATH=/bin", "HOME=/h",
		"OPENAI_KEY=k", "APIKEY=k", "PASSWD=k", "GH_PAT=k", "DATABASE_URL=k", "SESSION=k", "PHI_HOOKS=0", "PHI_DEBUG=1",
		"PHI_HOOK_EVENT=post_tool", "PHI_SESSION_ID=", "PHI_CWD=/proj", "PHI_PROJECT_DIR=/proj",
	}, hookEnv(base, ev))
	for _, name := range []string{"API_KEY", "x_secret_y", "Token", "aws_session_token"} {
		assert.True(t, isSensitive(name), name)
	}
}

func TestPrepare(t *testing.T) {
	h := &settings.Hook{Event: settings.PreTool, Protocol: "phi", Name: "g", Args: []string{"/hooks/g/run.sh"}, Dir: "/hooks/g"}
	p := newProtocol(nil)
	ev := &runner.Event{Name: settings.PreTool, Tool: "shell", Workspace: "/w", Cwd: "/w"}
	pl, err := p.Encode(ev, []string{"A=1"})
	require.NoError(t, err)
	inv, err := p.Prepare(h, ev, pl)
	require.NoError(t, err)
	assert.Equal(t, []string{"/hooks/g/run.sh"}, inv.Argv, "run directly, no shell")
	assert.Equal(t, "/hooks/g", inv.Dir)
	assert.Equal(t, DefaultTimeout, inv.Timeout, "an unset timeout is Phi's 5 s")
	assert.Equal(t, "A=1", inv.Env[0])
	assert.Contains(t, string(inv.Stdin), `"hook_event":"pre_tool"`)

	_, err = p.Encode(&runner.Event{Name: settings.PreTool, Args: json.RawMessage("{x")}, nil)
	var re *requestError
	assert.ErrorAs(t, err, &re, "an unencodable input fails the hook before it starts")
}

func TestSelects(t *testing.T) {
	hook := func(match string, failClosed bool) *settings.Hook {
		return &settings.Hook{Event: settings.PreTool, Protocol: "phi", Match: match, MatchSyntax: settings.MatchExact, FailClosed: failClosed}
	}
	ev := func(tool, mode string) *runner.Event {
		return &runner.Event{Name: settings.PreTool, Tool: tool, PermissionMode: mode}
	}
	p := newProtocol(nil)
	tests := []struct {
		h    *settings.Hook
		ev   *runner.Event
		want bool
	}{
		{hook("*", false), ev("shell", ""), true},
		{hook("", false), ev("read", ""), true},
		{hook("bash", false), ev("shell", ""), true},  // native shell is Phi's bash
		{hook("bash", false), ev("bash", ""), true},   // bash is an alias of shell
		{hook("Bash", false), ev("shell", ""), false}, // case-sensitive
		{hook("ba*", false), ev("shell", ""), false},  // no glob
		{hook("bash|read", false), ev("shell", ""), false},
		{hook("fetch", false), ev("web_fetch", ""), true},
		{hook("mcp__x", false), ev("mcp__x", ""), true},
		{hook("*", false), ev("shell", "readonly"), false}, // readonly: only fail_closed hooks
		{hook("*", true), ev("shell", "readonly"), true},
		{hook("*", false), ev("shell", "plan"), true},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, p.Selects(tt.h, tt.ev), "match %q, tool %q, mode %q", tt.h.Match, tt.ev.Tool, tt.ev.PermissionMode)
	}
}

func TestScheduleAndDetached(t *testing.T) {
	p := newProtocol(nil)
	assert.Equal(t, runner.Schedule{StopOnBlock: true, ChainArgs: true}, p.Schedule(&runner.Event{Name: settings.PreTool}))
	assert.Equal(t, runner.Schedule{Parallel: true}, p.Schedule(&runner.Event{Name: settings.PostTool}))
	async := &settings.Hook{Async: true}
	assert.True(t, p.Detached(async, &runner.Event{Name: settings.PostTool}))
	assert.True(t, p.Detached(async, &runner.Event{Name: settings.PostToolFailure}))
	assert.False(t, p.Detached(&settings.Hook{}, &runner.Event{Name: settings.PostTool}))
}
