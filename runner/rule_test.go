package runner

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
)

func TestNativeRuleSelects(t *testing.T) {
	tests := []struct {
		name string
		rule string
		tool string
		args string
		want bool
	}{
		{"HK-64 shell rule on a matching command", "shell(git push *)", "shell", `{"command":"git status; git push"}`, true},
		{"HK-64 shell rule on another command", "shell(git push *)", "shell", `{"command":"git status"}`, false},
		{"HK-64 shell rule on another tool", "shell(git push *)", "read", `{"command":"git push"}`, false},
		{"HK-64 shell rule on an alias of the shell tool", "shell(git push *)", "bash", `{"command":"git push"}`, true},
		{"HK-64 shell rule on a tool of no kind", "shell(git push *)", "exec", `{"command":"git push"}`, false},
		{"HK-64 bare shell rule", "shell", "shell", `{"command":"anything"}`, true},
		{"HK-64 read rule on read", "read(*.env)", "read", `{"path":"/w/.env"}`, true},
		{"HK-64 read rule on grep", "read(src/**)", "grep", `{"path":"src/a"}`, true},
		{"HK-64 read rule other path", "read(*.env)", "read", `{"path":"/w/main.go"}`, false},
		{"HK-64 read rule on write tool", "read(*.env)", "write", `{"path":"/w/.env"}`, false},
		{"HK-64 write rule on edit", "write(src/**)", "edit", `{"path":"/w/src/x.go"}`, true},
		{"HK-64 write rule on notebook_edit", "write", "notebook_edit", `{"path":"n.ipynb"}`, true},
		{"HK-64 write rule without path", "write(src/**)", "write", `{}`, false},
		{"HK-64 delete rule", "delete(/tmp/**)", "delete", `{"path":"/tmp/a/b"}`, true},
		{"HK-64 web rule on web_fetch", "web(*.example.com)", "web_fetch", `{"url":"https://api.example.com/v1"}`, true},
		{"HK-64 web rule on web_search", "web(example.com)", "web_search", `{"url":"https://example.com"}`, true},
		{"HK-64 web rule other host", "web(example.com)", "web_fetch", `{"url":"https://evil.net"}`, false},
		{"HK-64 web rule on shell", "web(example.com)", "shell", `{"url":"https://example.com"}`, false},
		{"HK-64 skill rule", "skill(commit*)", "skill", `{"name":"commit-msg"}`, true},
		{"HK-64 skill rule other skill", "skill(commit*)", "skill", `{"name":"review"}`, false},
		{"HK-64 agent rule reads subagent_type", "agent(Explore)", "agent", `{"name":"Explore","subagent_type":"Plan"}`, false},
		{"HK-64 agent rule", "agent(Explore)", "agent", `{"subagent_type":"Explore"}`, true},
		{"HK-64 tool name", "mcp__github__create_issue", "mcp__github__create_issue", `{}`, true},
		{"HK-64 tool name glob", "mcp__github__*", "mcp__github__create_issue", `{}`, true},
		{"HK-64 tool name other tool", "mcp__github__*", "mcp__gitlab__create_issue", `{}`, false},
		{"HK-64 tool with specifier on primary argument", "my_tool(foo*)", "my_tool", `{"path":"foobar"}`, true},
		{"HK-64 primary argument is command before path", "my_tool(foo*)", "my_tool", `{"command":"bar","path":"foobar"}`, false},
		{"HK-64 tool with specifier but no primary argument", "my_tool(foo*)", "my_tool", `{"other":"foo"}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := settings.ParseRule(tt.rule)
			require.NoError(t, err)
			ev := &Event{Name: settings.PreTool, Tool: tt.tool, Args: json.RawMessage(tt.args), Cwd: "/w"}
			assert.Equal(t, tt.want, nativeRuleSelects(r, ev, defaultToolKinds.Get()))
		})
	}
}

// TestNativeRulesUseTheEnginesToolKinds: a host whose shell tool is named
// exec sets ToolKinds; shell(…) rules then select its calls, and an engine
// with the default kinds does not (HK-64).
func TestNativeRulesUseTheEnginesToolKinds(t *testing.T) {
	cfg := &settings.Config{Hooks: []settings.Hook{{Event: settings.PreTool, If: "shell(git push *)", Command: "echo guard"}}}
	call := Event{Name: settings.PreTool, Tool: "exec", Args: json.RawMessage(`{"command":"git push origin"}`)}

	host, err := New(cfg, Options{Workspace: t.TempDir(), ToolKinds: map[string]string{"exec": settings.RuleShell}})
	require.NoError(t, err)
	out, err := host.Fire(context.Background(), call)
	require.NoError(t, err)
	require.Len(t, out.Hooks, 1, "exec is of kind shell for this engine")

	plain, err := New(cfg, Options{Workspace: t.TempDir()})
	require.NoError(t, err)
	out, err = plain.Fire(context.Background(), call)
	require.NoError(t, err)
	assert.Empty(t, out.Hooks, "the default kinds know no exec tool")
	assert.Equal(t, settings.RuleShell, DefaultToolKinds()["shell"])
}
