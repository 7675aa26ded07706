package settings

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEventsCanonicalOrder(t *testing.T) {
	want := []Event{
		"session_start", "prompt_submit", "pre_tool", "permission_request", "post_tool", "post_tool_failure",
		"subagent_start", "subagent_stop", "stop", "pre_compact", "post_compact", "notification", "session_end",
	}
	got := Events()
	assert.Equal(t, want, got, "the 13 events of the native spec in canonical order")
	got[0] = "mutated"
	assert.Equal(t, SessionStart, Events()[0], "Events returns a copy")

	ext := ExtensionEvents()
	assert.Len(t, ext, 33)
	ext[0] = "mutated"
	assert.Equal(t, Setup, ExtensionEvents()[0], "ExtensionEvents returns a copy")

	for i, e := range append(Events(), ExtensionEvents()...) {
		assert.Equal(t, i, e.Rank(), "rank of %s", e)
		assert.True(t, e.Known(), e)
		assert.Equal(t, i < 13, e.Native(), "native: %s", e)
	}
	assert.Equal(t, -1, Event("bogus").Rank())
	assert.False(t, Event("bogus").Known())
	assert.False(t, Event("bogus").Native())
	assert.False(t, Event("").Known())
}

func TestEventKinds(t *testing.T) {
	tool := map[Event]bool{PreTool: true, PostTool: true, PostToolFailure: true, PermissionRequest: true, PermissionDenied: true}
	// HK-30, HK-52: background events; HK-51: the synchronous ones.
	background := map[Event]bool{PostTool: true, PostToolFailure: true, SubagentStart: true, SubagentStop: true,
		PreCompact: true, PostCompact: true, Notification: true, SessionEnd: true}
	for _, e := range append(Events(), ExtensionEvents()...) {
		assert.Equal(t, tool[e], e.ToolEvent(), "ToolEvent(%s)", e)
		assert.Equal(t, background[e], e.Background(), "Background(%s)", e)
	}
	for _, e := range []Event{SessionStart, PromptSubmit, PreTool, PermissionRequest, Stop} {
		assert.False(t, e.Background(), "HK-51: %s is synchronous", e)
	}
}

func TestConfigSortIsStable(t *testing.T) {
	cfg := &Config{Hooks: []Hook{
		{Event: Stop, Command: "stop-1"},
		{Event: PreTool, Command: "pre-1"},
		{Event: "zz_unknown", Command: "zz-1"},
		{Event: SessionStart, Command: "start-1"},
		{Event: FileChanged, Command: "file-1"},
		{Event: PreTool, Command: "pre-2"},
		{Event: "aa_unknown", Command: "aa-1"},
		{Event: Stop, Command: "stop-2"},
		{Event: "zz_unknown", Command: "zz-2"},
		{Event: PreTool, Command: "pre-3"},
		{Event: SessionEnd, Command: "end-1"},
	}}
	cfg.Sort()
	var got []string
	for _, h := range cfg.Hooks {
		got = append(got, h.Command)
	}
	assert.Equal(t, []string{
		"start-1", "pre-1", "pre-2", "pre-3", "stop-1", "stop-2", "end-1", "file-1", "aa-1", "zz-1", "zz-2",
	}, got, "canonical event order; configured order within an event; unknown events last by name")

	cfg.Sort()
	var again []string
	for _, h := range cfg.Hooks {
		again = append(again, h.Command)
	}
	assert.Equal(t, got, again, "sorting is idempotent")
}

func TestConfigForEventAndAppend(t *testing.T) {
	a := &Config{Hooks: []Hook{{Event: PreTool, Command: "a1"}, {Event: Stop, Command: "a2"}}}
	b := &Config{Hooks: []Hook{{Event: PreTool, Command: "b1"}}}
	a.Append(b)
	a.Append(nil)
	hooks := a.ForEvent(PreTool)
	require.Len(t, hooks, 2)
	assert.Equal(t, "a1", hooks[0].Command)
	assert.Equal(t, "b1", hooks[1].Command)
	hooks[0].Command = "changed"
	assert.Equal(t, "changed", a.Hooks[0].Command, "ForEvent returns pointers into the config")
	assert.Empty(t, a.ForEvent(SessionEnd))
}

func TestHookDefaultsAndLabel(t *testing.T) {
	var h Hook
	assert.Equal(t, TypeCommand, h.EffectiveType())
	assert.Equal(t, ProtocolNative, h.EffectiveProtocol())
	assert.Equal(t, MatchGlob, h.EffectiveMatchSyntax())
	assert.Equal(t, 30*time.Second, h.EffectiveTimeout(), "HK-02 default timeout")
	assert.Equal(t, "(empty hook)", h.Label())

	h = Hook{Type: TypeHTTP, Protocol: "acme", MatchSyntax: "acme", Timeout: 5 * time.Second}
	assert.Equal(t, TypeHTTP, h.EffectiveType())
	assert.Equal(t, "acme", h.EffectiveProtocol())
	assert.Equal(t, "acme", h.EffectiveMatchSyntax())
	assert.Equal(t, 5*time.Second, h.EffectiveTimeout())

	assert.Equal(t, "./x.sh", (&Hook{Command: "./x.sh", URL: "http://u"}).Label())
	assert.Equal(t, `["prog" "a b"]`, (&Hook{Args: []string{"prog", "a b"}}).Label())
	assert.Equal(t, "http://u", (&Hook{URL: "http://u"}).Label())
	assert.Equal(t, "prompt: safe?", (&Hook{Prompt: "safe?"}).Label())

	assert.True(t, matchGlobValid(""))
	assert.True(t, matchGlobValid("web_*"))
	assert.False(t, matchGlobValid("["))
}

func TestSourceString(t *testing.T) {
	assert.Equal(t, "", Source{Line: 3}.String())
	assert.Equal(t, "f", Source{File: "f"}.String())
	assert.Equal(t, "f:3", Source{File: "f", Line: 3}.String())
	assert.Equal(t, "f:3:4", Source{File: "f", Line: 3, Col: 4}.String())
}

func TestParseRule(t *testing.T) {
	tests := []struct {
		in      string
		want    Rule
		wantErr string
	}{
		{in: "shell(git push *)", want: Rule{Name: "shell", Specifier: "git push *", HasSpec: true}},
		{in: "  write(src/**)  ", want: Rule{Name: "write", Specifier: "src/**", HasSpec: true}},
		{in: "web(domain:example.com)", want: Rule{Name: "web", Specifier: "domain:example.com", HasSpec: true}},
		{in: "mcp__github__create_issue", want: Rule{Name: "mcp__github__create_issue"}},
		{in: "mcp__github__*", want: Rule{Name: "mcp__github__*"}},
		{in: "shell()", want: Rule{Name: "shell", Specifier: "", HasSpec: true}},
		{in: "shell(echo (a) (b))", want: Rule{Name: "shell", Specifier: "echo (a) (b)", HasSpec: true}},
		{in: "shell (ls)", want: Rule{Name: "shell", Specifier: "ls", HasSpec: true}},
		{in: "npm:run.test-x", want: Rule{Name: "npm:run.test-x"}},
		{in: "", wantErr: "empty rule"},
		{in: "   ", wantErr: "empty rule"},
		{in: "(ls)", wantErr: "rule has no tool name"},
		{in: "shell(git push", wantErr: `rule "shell(git push": missing closing parenthesis or text after it`},
		{in: "shell(ls) extra", wantErr: `rule "shell(ls) extra": missing closing parenthesis or text after it`},
		{in: "shell(a))", wantErr: `rule "shell(a))": unbalanced parentheses`},
		{in: "shell((a)", wantErr: `rule "shell((a)": unbalanced parentheses`},
		{in: "shell(a)(b)", wantErr: `rule "shell(a)(b)": unbalanced parentheses`},
		{in: "two words", wantErr: `malformed rule "two words"`},
		{in: "shell)", wantErr: `malformed rule "shell)"`},
		{in: "sh/ell", wantErr: `rule name "sh/ell": unexpected character '/'`},
		{in: "sh$ell(x)", wantErr: `rule name "sh$ell": unexpected character '$'`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseRule(tt.in)
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Equal(t, tt.wantErr, err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			again, err := ParseRule(got.String())
			require.NoError(t, err, "String() parses again")
			assert.Equal(t, got, again)
		})
	}
}

func TestValidatePositionsBySource(t *testing.T) {
	cfg := &Config{Hooks: []Hook{
		{Event: PreTool, Command: "ok"},
		{Event: PreTool, Command: "", Source: Source{File: "s.json", Line: 4, Col: 7}},
		{Event: "bogus", Command: "x", Source: Source{File: "t.toml", Line: 9, Col: 1}},
		{Event: Stop, Command: "x", Timeout: -time.Second, Source: Source{File: "u.toml", Line: 2, Col: 1}},
	}}
	err := cfg.Validate()
	var list ErrorList
	require.True(t, errors.As(err, &list), "%v", err)
	var got []string
	for _, e := range list {
		got = append(got, e.Error())
	}
	assert.Equal(t, []string{
		"s.json:4:7: hooks.pre_tool.command: empty command (HK-01)",
		`t.toml:9:1: hooks.bogus: unknown event "bogus"`,
		"u.toml:2:1: hooks.stop.timeout_seconds: must not be negative",
	}, got)

	assert.NoError(t, (&Config{}).Validate())
	assert.NoError(t, (&Config{Hooks: cfg.Hooks[:1]}).Validate())
}

func TestValidateForeignHTTPURL(t *testing.T) {
	// A foreign hook with a bad url loads (its agent fails it at run
	// time); a native one, or any hook without a url, is rejected.
	foreign := Hook{Event: PreTool, Type: TypeHTTP, URL: "not a url", Protocol: "validate-test-proto"}
	RegisterProtocol("validate-test-proto")
	RegisterProtocol("validate-test-proto") // twice is harmless
	assert.NoError(t, (&Config{Hooks: []Hook{foreign}}).Validate())
	foreign.URL = ""
	assert.Error(t, (&Config{Hooks: []Hook{foreign}}).Validate())
	native := Hook{Event: PreTool, Type: TypeHTTP, URL: "not a url"}
	assert.Error(t, (&Config{Hooks: []Hook{native}}).Validate())
}

func TestRegisterMatchSyntax(t *testing.T) {
	assert.PanicsWithValue(t, "settings: match syntax registered twice: glob", func() {
		RegisterMatchSyntax(MatchGlob, nil)
	})
	RegisterMatchSyntax("test-upper", func(p string) error {
		if p != "" && p[0] >= 'a' {
			return errors.New("must start upper-case")
		}
		return nil
	})
	ok := Hook{Event: PreTool, Command: "x", MatchSyntax: "test-upper", Match: "Bash"}
	bad := Hook{Event: PreTool, Command: "x", MatchSyntax: "test-upper", Match: "bash"}
	assert.NoError(t, (&Config{Hooks: []Hook{ok}}).Validate())
	err := (&Config{Hooks: []Hook{bad}}).Validate()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "hooks.pre_tool.match: must start upper-case")

	RegisterMatchSyntax("test-any", nil)
	assert.NoError(t, (&Config{Hooks: []Hook{{Event: PreTool, Command: "x", MatchSyntax: "test-any", Match: "[("}}}).Validate(),
		"a nil check accepts every pattern")
}
