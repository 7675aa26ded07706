package settings

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func encode(t testing.TB, cfg *Config, opts EncodeOptions) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, Encode(&b, cfg, opts))
	return b.String()
}

// withoutSources returns a copy of cfg's hooks with provenance cleared:
// equality of configs ignores Source.
func withoutSources(cfg *Config) []Hook {
	hooks := append([]Hook(nil), cfg.Hooks...)
	for i := range hooks {
		hooks[i].Source = Source{}
	}
	return hooks
}

func TestEncodeGolden(t *testing.T) {
	cfg := &Config{Hooks: []Hook{
		{Event: PreTool, Match: "shell", Command: `./check.sh "$1"`, Timeout: 10 * time.Second, FailClosed: true,
			If: "shell(git push *)", Source: Source{File: "a.json", Line: 3, Col: 5, Event: "PreToolUse"}},
		{Event: SessionStart, Args: []string{"echo", "hi there"}, Timeout: 1500 * time.Millisecond,
			Source: Source{File: "b.toml", Line: 7, Col: 1, Event: "session_start"}},
		{Event: PreTool, Type: "http", URL: "https://example.com/h",
			Headers: map[string]string{"X-B": "2", "A": "1", "Weird key": "v"}, AllowedEnvVars: []string{"TOKEN"}},
		{Event: FileChanged, Command: "make", Protocol: "native", MatchSyntax: "exact",
			Env: map[string]string{"Z": "1", "A": "é\t"}, Shell: "bash", Async: true, StatusMessage: "busy", Once: true},
		{Event: Stop, Type: "prompt", Prompt: "line1\nline2 \"q\"", Model: "m"},
	}}
	opts := EncodeOptions{
		Header:     []string{"converted by hookcompat", "", "second\nthird"},
		Provenance: true,
		Comments: func(h *Hook) []string {
			if h.Command == "make" {
				return []string{"warning: extension event"}
			}
			return nil
		},
	}
	want := `# converted by hookcompat
#
# second
# third

# from b.toml:7:1
[[hooks.session_start]]
args = ["echo", "hi there"]
timeout_seconds = 1.5

# from a.json:3:5 (PreToolUse)
[[hooks.pre_tool]]
match = "shell"
command = "./check.sh \"$1\""
timeout_seconds = 10
fail_closed = true
if = "shell(git push *)"

[[hooks.pre_tool]]
type = "http"
url = "https://example.com/h"
headers = { A = "1", "Weird key" = "v", X-B = "2" }
allowed_env_vars = ["TOKEN"]

[[hooks.stop]]
type = "prompt"
prompt = "line1\nline2 \"q\""
model = "m"

# warning: extension event
[[hooks.file_changed]]
command = "make"
protocol = "native"
match_syntax = "exact"
env = { A = "é\t", Z = "1" }
shell = "bash"
async = true
status_message = "busy"
once = true
`
	assert.Equal(t, want, encode(t, cfg, opts))

	// Without options: no comments, no leading blank line.
	plain := encode(t, &Config{Hooks: cfg.Hooks[1:2]}, EncodeOptions{})
	assert.Equal(t, "[[hooks.session_start]]\nargs = [\"echo\", \"hi there\"]\ntimeout_seconds = 1.5\n", plain)
	assert.Empty(t, encode(t, &Config{}, EncodeOptions{}))

	// Encode does not reorder the caller's config.
	assert.Equal(t, PreTool, cfg.Hooks[0].Event)
	assert.Equal(t, SessionStart, cfg.Hooks[1].Event)
}

func TestEncodeTimeoutSeconds(t *testing.T) {
	for d, want := range map[time.Duration]string{
		30 * time.Second:                        "30",
		90 * time.Second:                        "90",
		1500 * time.Millisecond:                 "1.5",
		250 * time.Millisecond:                  "0.25",
		time.Millisecond:                        "0.001",
		time.Nanosecond:                         "0.000000001",
		time.Hour + time.Millisecond:            "3600.001",
		2*time.Second + 123456*time.Microsecond: "2.123456",
	} {
		out := encode(t, &Config{Hooks: []Hook{{Event: Stop, Command: "x", Timeout: d}}}, EncodeOptions{})
		assert.Contains(t, out, "\ntimeout_seconds = "+want+"\n", "timeout %s", d)
	}
}

func TestEncodeUnknownEventsLastByName(t *testing.T) {
	cfg := &Config{Hooks: []Hook{
		{Event: "zzz_custom", Command: "z"},
		{Event: "aaa_custom", Command: "a"},
		{Event: Stop, Command: "s"},
	}}
	out := encode(t, cfg, EncodeOptions{})
	s, a, z := strings.Index(out, "[[hooks.stop]]"), strings.Index(out, "[[hooks.aaa_custom]]"), strings.Index(out, "[[hooks.zzz_custom]]")
	require.True(t, s >= 0 && a >= 0 && z >= 0, out)
	assert.True(t, s < a && a < z, "known events first, then unknown events by name:\n%s", out)
}

func TestEncodeQuotesKeysAndStrings(t *testing.T) {
	cfg := &Config{Hooks: []Hook{{Event: Stop, Command: "x",
		Env: map[string]string{"with.dot": "1", "": "empty key", "ok_key-1": "2", "é": "3"}}}}
	out := encode(t, cfg, EncodeOptions{})
	assert.Contains(t, out, "\n"+`env = { "" = "empty key", ok_key-1 = "2", "with.dot" = "1", "é" = "3" }`+"\n",
		"keys sorted bytewise; bare when TOML allows, quoted otherwise")

	for in, want := range map[string]string{
		"plain":             `"plain"`,
		"quote \" back \\":  `"quote \" back \\"`,
		"\b\t\n\f\r":        `"\b\t\n\f\r"`,
		"\x00\x01\x1f\x7f":  `"\u0000\u0001\u001F\u007F"`,
		"日本語 ✓ 🎉":           `"日本語 ✓ 🎉"`,
		"bad \xff byte":     `"bad \uFFFD byte"`,
		"\u2028 separators": "\"\u2028 separators\"",
	} {
		assert.Equal(t, want, quote(in), "quote(%q)", in)
	}
}

// richConfig exercises every field, fractional timeouts, maps, unicode
// and control characters.
func richConfig() *Config {
	return &Config{Hooks: []Hook{
		{Event: SessionStart, Command: "echo \"hi\"\n\tsecond line \\ end", Timeout: 1500 * time.Millisecond},
		{Event: PromptSubmit, Args: []string{"/bin/prog", "", "日本語", "\x00\x01\x7f", "tab\there"}, Timeout: time.Nanosecond},
		{Event: PreTool, Match: "web_*", Command: "x", Timeout: 2*time.Second + 123456789*time.Nanosecond, FailClosed: true,
			If: "shell(git push *)"},
		{Event: PreTool, Type: "http", URL: "https://example.com/a?b=c#d", Timeout: 250 * time.Millisecond,
			Headers:        map[string]string{"Authorization": "Bearer ${TOKEN}", "X-Ünïcode": "✓", "weird key.dot": "\"q\"", "": "empty"},
			AllowedEnvVars: []string{"TOKEN", "OTHER"}},
		{Event: PermissionRequest, Type: "prompt", Prompt: "Is this safe?\r\nAnswer as JSON.", Model: "claude-haiku", Timeout: 90 * time.Second},
		{Event: Stop, Type: "agent", Prompt: "verify", Timeout: time.Hour + time.Millisecond},
		{Event: FileChanged, Command: "make", Protocol: "native", MatchSyntax: "exact", Match: "*.go",
			Env: map[string]string{"A": "1", "EMPTY": "", "B": "\u00e9\f"}, Shell: "powershell", Async: true,
			StatusMessage: "Running \U0001F680", Once: true},
		{Event: PreTool, Command: "second pre_tool keeps its place"},
		{Event: PostTool, Type: "mcp_tool", MCPServer: "github", MCPTool: "create_issue",
			MCPInput: json.RawMessage(`{"title":"${tool_input.file_path}","n":2}`), Timeout: 600 * time.Second},
	}}
}

func TestEncodeRoundTrip(t *testing.T) {
	cfg := richConfig()
	cfg.Sort() // Decode returns canonical order
	out := encode(t, cfg, EncodeOptions{Header: []string{"hdr"}, Provenance: true})
	back, err := Decode("rt.toml", []byte(out))
	require.NoError(t, err, out)
	assert.Equal(t, withoutSources(cfg), withoutSources(back), "decode(encode(x)) == x apart from Source")
	for _, h := range back.Hooks {
		assert.Equal(t, "rt.toml", h.Source.File)
		assert.Positive(t, h.Source.Line)
	}
}

func TestEncodeIdempotent(t *testing.T) {
	first := encode(t, richConfig(), EncodeOptions{})
	back, err := Decode("x.toml", []byte(first))
	require.NoError(t, err)
	second := encode(t, back, EncodeOptions{})
	assert.Equal(t, first, second, "encoding our own output again gives the same bytes")
}
