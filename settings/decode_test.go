package settings

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	toml "github.com/pelletier/go-toml/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const happyTOML = `# native hooks
[[hooks.pre_tool]]
match = "shell"
command = "./check.sh"
timeout_seconds = 10
fail_closed = true
if = "shell(git push *)"

[[hooks.session_start]]
args = ["echo", "hi"]
timeout_seconds = 1.5

  [[hooks.pre_tool]]
  type = "http"
  url = "https://example.com/hook"
  headers = { Authorization = "Bearer $TOKEN", "X-Two" = "2" }
  allowed_env_vars = ["TOKEN"]

[[hooks.stop]]
type = "prompt"
prompt = "done?"
model = "small"

[[hooks.file_changed]]
command = "make"
protocol = "native"
match_syntax = "exact"
env = { A = "1" }
shell = "bash"
async = true
status_message = "building"
once = true
`

func src(line, col int, event string) Source {
	return Source{File: "hooks.toml", Line: line, Col: col, Format: "native", Event: event}
}

func TestDecodeHappyPath(t *testing.T) {
	cfg, err := Decode("hooks.toml", []byte(happyTOML))
	require.NoError(t, err)
	want := []Hook{
		{Event: SessionStart, Args: []string{"echo", "hi"}, Timeout: 1500 * time.Millisecond,
			Source: src(9, 1, "session_start")},
		{Event: PreTool, Match: "shell", Command: "./check.sh", Timeout: 10 * time.Second, FailClosed: true,
			If: "shell(git push *)", Source: src(2, 1, "pre_tool")},
		{Event: PreTool, Type: "http", URL: "https://example.com/hook",
			Headers: map[string]string{"Authorization": "Bearer $TOKEN", "X-Two": "2"}, AllowedEnvVars: []string{"TOKEN"},
			Source: src(13, 3, "pre_tool")},
		{Event: Stop, Type: "prompt", Prompt: "done?", Model: "small", Source: src(19, 1, "stop")},
		{Event: FileChanged, Command: "make", Protocol: "native", MatchSyntax: "exact", Env: map[string]string{"A": "1"},
			Shell: "bash", Async: true, StatusMessage: "building", Once: true, Source: src(24, 1, "file_changed")},
	}
	assert.Equal(t, want, cfg.Hooks, "canonical event order, file order within an event")
}

func TestDecodeEmptyAndBOM(t *testing.T) {
	cfg, err := Decode("empty.toml", nil)
	require.NoError(t, err)
	assert.Empty(t, cfg.Hooks)

	cfg, err = Decode("bom.toml", []byte("\ufeff[[hooks.stop]]\ncommand = \"x\"\n"))
	require.NoError(t, err, "a UTF-8 byte order mark is skipped")
	require.Len(t, cfg.Hooks, 1)
	assert.Equal(t, "x", cfg.Hooks[0].Command)
	assert.Equal(t, 1, cfg.Hooks[0].Source.Line)
}

// Empty arrays and tables decode like absent keys (nil), which is how
// Encode writes them, so that decode → encode → decode is stable.
func TestDecodeEmptyCollectionsAreAbsent(t *testing.T) {
	cfg, err := Decode("e.toml", []byte("[[hooks.stop]]\ncommand = \"x\"\nenv = {}\nheaders = {}\nallowed_env_vars = []\n"))
	require.NoError(t, err)
	require.Len(t, cfg.Hooks, 1)
	assert.Nil(t, cfg.Hooks[0].Env)
	assert.Nil(t, cfg.Hooks[0].Headers)
	assert.Nil(t, cfg.Hooks[0].AllowedEnvVars)

	cfg, err = Decode("e.toml", []byte("[[hooks.stop]]\nargs = [\"x\"]\n[[hooks.stop]]\ncommand = \"y\"\nargs = []\n"))
	require.NoError(t, err, "args = [] next to a command is no conflict (HK-65)")
	assert.Equal(t, []string{"x"}, cfg.Hooks[0].Args)
	assert.Nil(t, cfg.Hooks[1].Args)
}

func TestDecodeTimeouts(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"0":           0,
		"30":          30 * time.Second,
		"1.5":         1500 * time.Millisecond,
		"0.25":        250 * time.Millisecond,
		"0.001":       time.Millisecond,
		"0.000000001": time.Nanosecond,
		"1e2":         100 * time.Second,
		"3600.001":    time.Hour + time.Millisecond,
	} {
		cfg, err := Decode("t.toml", []byte("[[hooks.stop]]\ncommand = \"x\"\ntimeout_seconds = "+in+"\n"))
		require.NoError(t, err, in)
		assert.Equal(t, want, cfg.Hooks[0].Timeout, "timeout_seconds = %s", in)
	}
}

// TestDecodeErrors checks every error kind with its exact position and
// field.
func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // the *Error's one-line form
	}{
		{"unknown top-level key", "version = 2\n",
			`e.toml:1:1: version: unknown key "version" (a native config has only [[hooks.<event>]] tables)`},
		{"unknown key in a hook", "[[hooks.pre_tool]]\ncommand = \"x\"\n  bogus = 1\n",
			`e.toml:3:3: hooks.pre_tool[0].bogus: unknown key "bogus"`},
		{"unknown key in the second hook of an event", "[[hooks.pre_tool]]\ncommand = \"x\"\n[[hooks.pre_tool]]\ncommand = \"y\"\ncomand = \"z\"\n",
			`e.toml:5:1: hooks.pre_tool[1].comand: unknown key "comand" (did you mean "command"?)`},
		{"wrong type string", "[[hooks.pre_tool]]\ncommand = 1\n",
			`e.toml:2:1: hooks.pre_tool[0].command: want a string, got an integer`},
		{"wrong type boolean", "[[hooks.pre_tool]]\ncommand = \"x\"\nfail_closed = \"yes\"\n",
			`e.toml:3:1: hooks.pre_tool[0].fail_closed: want a boolean, got a string`},
		{"wrong type timeout", "[[hooks.pre_tool]]\ncommand = \"x\"\ntimeout_seconds = \"10\"\n",
			`e.toml:3:1: hooks.pre_tool[0].timeout_seconds: want a number of seconds, got a string`},
		{"negative timeout", "[[hooks.pre_tool]]\ncommand = \"x\"\ntimeout_seconds = -1\n",
			`e.toml:3:1: hooks.pre_tool[0].timeout_seconds: want a non-negative number of seconds, got -1`},
		{"infinite timeout", "[[hooks.pre_tool]]\ncommand = \"x\"\ntimeout_seconds = inf\n",
			`e.toml:3:1: hooks.pre_tool[0].timeout_seconds: want a non-negative number of seconds, got +Inf`},
		{"huge timeout", "[[hooks.pre_tool]]\ncommand = \"x\"\ntimeout_seconds = 1e300\n",
			`e.toml:3:1: hooks.pre_tool[0].timeout_seconds: timeout of 1e+300 seconds is too large`},
		{"wrong type array", "[[hooks.pre_tool]]\nargs = \"echo hi\"\n",
			`e.toml:2:1: hooks.pre_tool[0].args: want an array of strings, got a string`},
		{"wrong type array element", "[[hooks.pre_tool]]\nargs = [\"echo\", 1]\n",
			`e.toml:2:1: hooks.pre_tool[0].args: element 1: want a string, got an integer`},
		{"wrong type table", "[[hooks.pre_tool]]\ncommand = \"x\"\nheaders = \"A: b\"\n",
			`e.toml:3:1: hooks.pre_tool[0].headers: want a table of strings, got a string`},
		{"wrong type table value", "[[hooks.pre_tool]]\ncommand = \"x\"\nenv = { A = 1 }\n",
			`e.toml:3:1: hooks.pre_tool[0].env.A: want a string, got an integer`},
		{"hooks is not a table", "hooks = 1\n",
			`e.toml:1:1: hooks: want a table of events, got an integer`},
		{"event is a table, not an array of tables", "[hooks.pre_tool]\ncommand = \"x\"\n",
			`e.toml:1:1: hooks.pre_tool: want an array of tables ([[hooks.pre_tool]]), got a table`},
		{"unknown event", "\n[[hooks.bogus]]\ncommand = \"x\"\n",
			`e.toml:2:1: hooks.bogus: unknown event "bogus" (events: session_start, prompt_submit, pre_tool, permission_request, post_tool, post_tool_failure, subagent_start, subagent_stop, stop, pre_compact, post_compact, notification, session_end, and Claude's other events in snake_case, e.g. file_changed)`},
		{"HK-01 empty command", "[[hooks.pre_tool]]\n  command = \"  \"\n",
			`e.toml:2:3: hooks.pre_tool[0].command: empty command (HK-01)`},
		{"HK-01 no command at all", "[[hooks.pre_tool]]\nmatch = \"shell\"\n",
			`e.toml:1:1: hooks.pre_tool[0].command: empty command (HK-01)`},
		{"HK-01 invalid glob", "[[hooks.pre_tool]]\nmatch = \"[\"\ncommand = \"x\"\n",
			`e.toml:2:1: hooks.pre_tool[0].match: invalid glob "["`},
		{"HK-65 command and args", "[[hooks.pre_tool]]\ncommand = \"x\"\nargs = [\"y\"]\n",
			`e.toml:3:1: hooks.pre_tool[0].args: a hook has command or args, not both (HK-65)`},
		{"HK-65 empty program", "[[hooks.pre_tool]]\nargs = [\"\", \"y\"]\n",
			`e.toml:2:1: hooks.pre_tool[0].args: args[0] (the program) is empty (HK-65)`},
		{"HK-62 http without url", "[[hooks.pre_tool]]\ntype = \"http\"\n",
			`e.toml:1:1: hooks.pre_tool[0].url: an http hook needs an http(s) url, got "" (HK-62)`},
		{"HK-62 http with a non-http url", "[[hooks.pre_tool]]\ntype = \"http\"\nurl = \"ftp://example.com\"\n",
			`e.toml:3:1: hooks.pre_tool[0].url: an http hook needs an http(s) url, got "ftp://example.com" (HK-62)`},
		{"HK-65 http with a command", "[[hooks.pre_tool]]\ntype = \"http\"\nurl = \"https://x.example\"\ncommand = \"x\"\n",
			`e.toml:4:1: hooks.pre_tool[0].command: an http hook has no command or args (HK-65)`},
		{"HK-63 prompt without prompt", "[[hooks.stop]]\ntype = \"prompt\"\n",
			`e.toml:1:1: hooks.stop[0].prompt: a prompt hook needs a prompt (HK-63)`},
		{"HK-64 bad if rule", "[[hooks.pre_tool]]\ncommand = \"x\"\nif = \"shell(git push\"\n",
			`e.toml:3:1: hooks.pre_tool[0].if: rule "shell(git push": missing closing parenthesis or text after it (HK-64)`},
		{"unknown type", "[[hooks.pre_tool]]\ntype = \"martian\"\n",
			`e.toml:2:1: hooks.pre_tool[0].type: unknown hook type "martian" (known: command, http, prompt, agent, mcp_tool)`},
		{"unknown match syntax", "[[hooks.pre_tool]]\ncommand = \"x\"\nmatch_syntax = \"regex\"\n",
			`e.toml:3:1: hooks.pre_tool[0].match_syntax: unknown match syntax "regex" (known: ` + strings.Join(MatchSyntaxes(), ", ") + `)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := Decode("e.toml", []byte(tt.in))
			require.Error(t, err)
			assert.Nil(t, cfg)
			var e *Error
			require.True(t, errors.As(err, &e), "want *Error, got %T", err)
			assert.Equal(t, tt.want, err.Error())
		})
	}
}

func TestDecodeUnknownProtocol(t *testing.T) {
	_, err := Decode("e.toml", []byte("[[hooks.pre_tool]]\ncommand = \"x\"\nprotocol = \"martian-xyz\"\n"))
	var e *Error
	require.True(t, errors.As(err, &e), "want *Error, got %v", err)
	assert.Equal(t, 3, e.Line)
	assert.Equal(t, 1, e.Col)
	assert.Equal(t, "hooks.pre_tool[0].protocol", e.Field)
	assert.Contains(t, e.Msg, `unknown protocol "martian-xyz" (known: `)
	assert.Contains(t, e.Msg, "native")
}

func TestDecodeSyntaxError(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		line, col int
	}{
		{"unterminated string (at the newline)", "[[hooks.pre_tool]]\ncommand = \"x\n", 2, 13},
		{"missing value", "[[hooks.pre_tool]]\ncommand =\n", 2, 10},
		{"duplicate key", "[[hooks.pre_tool]]\ncommand = \"x\"\ncommand = \"y\"\n", 3, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode("s.toml", []byte(tt.in))
			var e *Error
			require.True(t, errors.As(err, &e), "want *Error, got %T: %v", err, err)
			assert.Equal(t, "s.toml", e.File)
			assert.Equal(t, tt.line, e.Line, "line of %s", err)
			assert.Equal(t, tt.col, e.Col, "column of %s", err)
			assert.Empty(t, e.Field)
			var de *toml.DecodeError
			assert.True(t, errors.As(err, &de), "the TOML library's error is kept")
			assert.NotContains(t, err.Error(), "\n", "Error() is one line")
		})
	}
}

func TestDecodeSeveralErrorsInFileOrder(t *testing.T) {
	in := `[[hooks.stop]]
command = ""

[[hooks.pre_tool]]
match = "["
command = "x"
zzz = 1
aaa = 2
`
	_, err := Decode("m.toml", []byte(in))
	var list ErrorList
	require.True(t, errors.As(err, &list), "several problems come as an ErrorList, got %T", err)
	var got []string
	for _, e := range list {
		got = append(got, e.Error())
	}
	assert.Equal(t, []string{
		`m.toml:2:1: hooks.stop[0].command: empty command (HK-01)`,
		`m.toml:5:1: hooks.pre_tool[0].match: invalid glob "["`,
		`m.toml:7:1: hooks.pre_tool[0].zzz: unknown key "zzz"`,
		`m.toml:8:1: hooks.pre_tool[0].aaa: unknown key "aaa"`,
	}, got, "every problem, sorted by position")

	var e *Error
	require.True(t, errors.As(err, &e), "errors.As finds each *Error")
	assert.Equal(t, 2, e.Line)
	assert.Equal(t, got[0]+"\n"+got[1]+"\n"+got[2]+"\n"+got[3], err.Error())
}

// A misspelt key (one with a near match) is the problem to fix: the hook
// is not validated further, so "comand" does not also report "empty
// command".
func TestDecodeMisspeltKeySkipsValidation(t *testing.T) {
	_, err := Decode("t.toml", []byte("[[hooks.pre_tool]]\ncomand = \"make\"\n"))
	require.Error(t, err)
	assert.Equal(t, `t.toml:2:1: hooks.pre_tool[0].comand: unknown key "comand" (did you mean "command"?)`, err.Error())
}

func TestDecodeTypeErrorSkipsValidation(t *testing.T) {
	_, err := Decode("e.toml", []byte("[[hooks.pre_tool]]\ncommand = 1\n"))
	var e *Error
	require.True(t, errors.As(err, &e), "one problem is one *Error, not a list: %v", err)
	assert.Equal(t, "hooks.pre_tool[0].command", e.Field)
}

func TestErrorString(t *testing.T) {
	assert.Equal(t, "f: m", (&Error{File: "f", Msg: "m"}).Error())
	assert.Equal(t, "f:3: m", (&Error{File: "f", Line: 3, Msg: "m"}).Error())
	assert.Equal(t, "f:3:4: x.y: m", (&Error{File: "f", Line: 3, Col: 4, Field: "x.y", Msg: "m"}).Error())
	inner := errors.New("inner")
	assert.ErrorIs(t, &Error{File: "f", Msg: "m", Err: inner}, inner)
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	_, err := Load(filepath.Join(dir, "missing.toml"))
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrNoConfig, "absent is distinguishable from invalid")

	bad := filepath.Join(dir, "bad.toml")
	require.NoError(t, os.WriteFile(bad, []byte("[[hooks.stop]]\ncommand = \"\"\n"), 0o644))
	_, err = Load(bad)
	require.Error(t, err)
	assert.NotErrorIs(t, err, ErrNoConfig)
	assert.Contains(t, err.Error(), bad+":2:1: hooks.stop[0].command")

	good := filepath.Join(dir, "good.toml")
	require.NoError(t, os.WriteFile(good, []byte("[[hooks.stop]]\ncommand = \"x\"\n"), 0o644))
	cfg, err := Load(good)
	require.NoError(t, err)
	require.Len(t, cfg.Hooks, 1)
	assert.Equal(t, good, cfg.Hooks[0].Source.File)
}

// A hook's position is the opening bracket of its header, wherever the
// header is indented and however its key is spaced.
func TestDecodeHookPosition(t *testing.T) {
	in := "[[hooks.stop]]\ncommand = \"a\"\n\t[[ hooks.stop ]]\n\tcommand = \"b\"\n    [[hooks . stop]]\n    command = \"c\"\n"
	cfg, err := Decode("p.toml", []byte(in))
	require.NoError(t, err)
	require.Len(t, cfg.Hooks, 3)
	assert.Equal(t, "p.toml:1:1", cfg.Hooks[0].Source.String())
	assert.Equal(t, "p.toml:3:2", cfg.Hooks[1].Source.String())
	assert.Equal(t, "p.toml:5:5", cfg.Hooks[2].Source.String())
}

// TestDecodeUnknownEventDidYouMean: an unknown event table names the
// nearest native event, also for another agent's spelling of it.
func TestDecodeUnknownEventDidYouMean(t *testing.T) {
	for name, want := range map[string]string{
		"pre_tools": "pre_tool", "PreToolUse": "pre_tool", "UserPromptSubmit": "prompt_submit",
		"PostToolUseFailure": "post_tool_failure", "sesion_start": "session_start",
	} {
		_, err := Decode("hooks.toml", []byte("[[hooks."+name+"]]\ncommand = \"x\"\n"))
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), `unknown event "`+name+`" (did you mean `+want+`?) (events: session_start, `, name)
	}
	_, err := Decode("hooks.toml", []byte("[[hooks.xyzzy]]\ncommand = \"x\"\n"))
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "did you mean")
}

// TestTypedErrors checks that the problems an embedder branches on are
// found by errors.As with their position, and that a missing file is
// fs.ErrNotExist.
func TestTypedErrors(t *testing.T) {
	_, err := Decode("h.toml", []byte("[[hooks.pre_tol]]\ncommand = \"x\"\n"))
	var ue *UnknownEventError
	require.ErrorAs(t, err, &ue)
	assert.Equal(t, Event("pre_tol"), ue.Event)
	assert.Equal(t, "h.toml", ue.File)
	assert.Equal(t, 1, ue.Line)

	_, err = Decode("h.toml", []byte("[[hooks.pre_tool]]\nmatch = \"[\"\ncommand = \"x\"\n"))
	var me *MatcherError
	require.ErrorAs(t, err, &me)
	assert.Equal(t, "[", me.Match)
	assert.Equal(t, MatchGlob, me.Syntax)
	assert.Equal(t, "hooks.pre_tool[0].match", me.Field)
	assert.Equal(t, 2, me.Line)

	_, err = Decode("h.toml", []byte("[[hooks.pre_tool]]\ncommand = \"x\"\nif = \"shell(git\"\n"))
	var re *RuleError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, "shell(git", re.Rule)
	assert.Equal(t, "hooks.pre_tool[0].if", re.Field)
	assert.Equal(t, 3, re.Line)
	assert.Contains(t, re.Error(), "h.toml:3:")

	cfg := &Config{Hooks: []Hook{{Event: "nope", Command: "x", Source: Source{File: "a.json", Line: 4, Col: 2}}}}
	err = cfg.Validate()
	require.ErrorAs(t, err, &ue)
	assert.Equal(t, "a.json", ue.File)
	assert.Equal(t, 4, ue.Line)

	_, err = Load(filepath.Join(t.TempDir(), "missing.toml"))
	assert.ErrorIs(t, err, fs.ErrNotExist)
	assert.ErrorIs(t, err, ErrNoConfig)
}

// TestDecodePositionUnderArrayEntry: a key of a table under an
// array-table entry ([hooks.pre_tool.env] after [[hooks.pre_tool]]) is
// positioned where it is written, not at the entry's header.
func TestDecodePositionUnderArrayEntry(t *testing.T) {
	_, err := Decode("h.toml", []byte("[[hooks.pre_tool]]\ncommand = \"a\"\n[[hooks.pre_tool]]\ncommand = \"b\"\n[hooks.pre_tool.env]\nA = 1\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "h.toml:6:1: hooks.pre_tool[1].env.A: want a string")
}
