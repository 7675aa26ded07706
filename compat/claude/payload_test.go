package claude

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// sharedDir is ../shared beside the repository; tests that read it skip
// when it is absent.
func sharedDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "shared"))
	require.NoError(t, err)
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("../shared is absent (%v): the oracle recordings are not available", err)
	}
	return dir
}

// TestPayloadRoundTripOracle: every stdin Claude Code sent in the oracle
// recordings, translated to the native event and rebuilt, is byte-identical
// (claude §4, oracle hook_runs[].stdin; issue: rebuilt, never passed through).
func TestPayloadRoundTripOracle(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(sharedDir(t), "oracle", "cases", "*", "raw", "captures", "*.stdin.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		ev, err := fromPayload(data, "/work/proj")
		require.NoError(t, err, f)
		// The native event survives its own JSON encoding.
		enc, err := json.Marshal(ev)
		require.NoError(t, err)
		var back runner.Event
		require.NoError(t, json.Unmarshal(enc, &back), string(enc))
		got, err := payloadBytes(&back)
		require.NoError(t, err)
		assert.Equal(t, string(data), string(got), "oracle %s", filepath.Base(filepath.Dir(filepath.Dir(filepath.Dir(f)))))
	}
}

// TestPayloadFromNativeEvent: a native event fired by a Go agent reaches a
// Claude hook in Claude's shape and names (B22: tool "shell"/"bash" is
// "Bash"; native arg names become Claude's).
func TestPayloadFromNativeEvent(t *testing.T) {
	ev := runner.Event{Name: settings.PreTool, SessionID: "s1", Workspace: "/w", Cwd: "/w/sub", PromptID: "p1",
		TranscriptPath: "/t.jsonl", PermissionMode: "default", Tool: "bash", ToolCallID: "call_1",
		Args: json.RawMessage(`{"command": "ls <x> & y", "timeout_ms": 5000}`)}
	got, err := payloadBytes(&ev)
	require.NoError(t, err)
	assert.Equal(t, `{"session_id":"s1","transcript_path":"/t.jsonl","cwd":"/w/sub","prompt_id":"p1","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls <x> & y","timeout":5000},"tool_use_id":"call_1"}`+"\n", string(got))

	ev = runner.Event{Name: settings.SessionStart, SessionID: "s1", Workspace: "/w", Reason: "new", PermissionMode: "default"}
	got, err = payloadBytes(&ev)
	require.NoError(t, err)
	home, _ := os.UserHomeDir()
	assert.Equal(t, `{"session_id":"s1","transcript_path":"`+home+`/.claude/projects/-w/s1.jsonl","cwd":"/w","hook_event_name":"SessionStart","source":"clear"}`+"\n", string(got),
		"SessionStart carries no permission_mode; native reason new is Claude's source clear; transcript_path default")

	ev = runner.Event{Name: settings.PreCompact, SessionID: "s1", Workspace: "/w", Reason: "manual"}
	got, err = payloadBytes(&ev)
	require.NoError(t, err)
	assert.Contains(t, string(got), `"trigger":"manual","custom_instructions":null}`, "claude §4 PreCompact custom_instructions is null when absent")
}

func TestWriteJSString(t *testing.T) {
	o := jsonwire.NewObject(jsonwire.JS)
	o.Str("k", "a\"b\\c\n\t\u0001<>&\u2028é")
	b, err := o.Bytes()
	require.NoError(t, err)
	assert.Equal(t, "{\"k\":\"a\\\"b\\\\c\\n\\t\\u0001<>&\u2028é\"}", string(b), "JSON.stringify escapes only quotes, backslashes and control characters")
}

// The transcript directory's name is the cwd with what the regular
// expression [^A-Za-z0-9] matches replaced by '-' (one per character,
// one per invalid byte).
func TestDashedIsTheRegexpReplacement(t *testing.T) {
	re := regexp.MustCompile(`[^A-Za-z0-9]`)
	for _, s := range []string{"", "/home/u/my project", "/tmp/caf\u00e9/\U0001F600", "a\xffb\xe2\x80", "AZaz09_-.~"} {
		assert.Equal(t, re.ReplaceAllString(s, "-"), dashed(s), "%q", s)
	}
}
