package compat_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// TestClaudeSelectionCacheMatchesMatchers: the engine reuses a Claude
// matcher's answer for events with the same name and selection key; over
// events that differ in tool, reason, notification type, sub-agent and
// extension fields, repeated so that answers come from the cache, the
// hooks selected are those the protocol's matchers select for each event.
func TestClaudeSelectionCacheMatchesMatchers(t *testing.T) {
	p := claude.NewProtocol(nil)
	matchers := []struct{ m, syntax string }{
		{"", ""}, {"*", ""}, {"Bash", ""}, {"Edit|Write", ""}, {"mcp__.*", ""}, {"^Read$", ""}, {"Bas", ""},
		{"startup", ""}, {"compact|resume", ""}, {"permission_prompt", ""}, {"Explore", ""}, {"\\.env$", ""},
		{"shell", settings.MatchGlob}, {"re*", settings.MatchGlob}, {"edit", settings.MatchExact},
	}
	events := []settings.Event{settings.PreTool, settings.PostTool, settings.SessionStart, settings.Notification, settings.SubagentStop, settings.FileChanged, settings.PreCompact}
	var hooks []settings.Hook
	for _, ev := range events {
		for i, m := range matchers {
			syntax := m.syntax
			if syntax == "" {
				syntax = claude.Name
			}
			hooks = append(hooks, settings.Hook{Event: ev, Protocol: claude.Name, Type: settings.TypePrompt,
				Prompt: fmt.Sprintf("%s/%d", ev, i), Match: m.m, MatchSyntax: syntax})
		}
	}
	eng, err := runner.New(&settings.Config{Hooks: hooks}, runner.Options{Workspace: t.TempDir(), Protocols: []runner.Protocol{p}})
	require.NoError(t, err)
	var fired []runner.Event
	for _, tool := range []string{"shell", "read", "edit", "write", "mcp__github__create_issue", "web_fetch"} {
		fired = append(fired, runner.Event{Name: settings.PreTool, Tool: tool, Args: json.RawMessage(`{}`)},
			runner.Event{Name: settings.PostTool, Tool: tool, Args: json.RawMessage(`{}`)})
	}
	for _, r := range []string{"startup", "resume", "new"} {
		fired = append(fired, runner.Event{Name: settings.SessionStart, Reason: r}, runner.Event{Name: settings.PreCompact, Reason: r})
	}
	for _, typ := range []string{"permission_prompt", "idle_prompt"} {
		fired = append(fired, runner.Event{Name: settings.Notification, Type: typ})
	}
	for _, sub := range []string{"Explore", "Plan"} {
		fired = append(fired, runner.Event{Name: settings.SubagentStop, Subagent: sub})
	}
	for _, f := range []string{"/p/.env", "/p/main.go"} {
		ev := runner.Event{Name: settings.FileChanged}
		ev.Extra.Set("file_path", json.RawMessage(fmt.Sprintf("%q", f)))
		fired = append(fired, ev)
	}
	for range 3 {
		for _, ev := range fired {
			out, err := eng.Fire(context.Background(), ev)
			require.NoError(t, err)
			var got, want []string
			for _, tr := range out.Hooks {
				got = append(got, tr.Hook.Prompt)
			}
			for i := range hooks {
				h := &hooks[i]
				if h.Event != ev.Name {
					continue
				}
				check := ev
				check.Workspace, check.Cwd = eng.Workspace(), eng.Workspace()
				if ok, _ := p.SelectWarn(h, &check); ok {
					want = append(want, h.Prompt)
				}
			}
			assert.Equal(t, want, got, "%s tool=%q reason=%q type=%q subagent=%q extra=%s", ev.Name, ev.Tool, ev.Reason, ev.Type, ev.Subagent, ev.Extra)
		}
	}
}
