package cursor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/format"
)

// TestCursorHostWorld: Cursor tells a converted Claude hook its world by
// the rules of its documentation (no Cursor recording exists): the first
// workspace root is the project, a Shell call's {output, exitCode} is the
// merged output and exit code (a failed command is known as failed), a
// Read call's content is the file's, and the agent transcript is read as
// prompts, answers, tool calls (native names) and results, in order.
func TestCursorHostWorld(t *testing.T) {
	t.Setenv("CURSOR_PROJECT_DIR", "")
	dir := t.TempDir()
	tr := filepath.Join(dir, "c-1.jsonl")
	lines := []string{
		`{"role":"user","message":{"content":[{"type":"text","text":"run the tests"}]}}`,
		`{"role":"assistant","message":{"content":[{"type":"text","text":"running them"},{"type":"tool_use","id":"tu-1","name":"Shell","input":{"command":"go test ./..."}}]}}`,
		`{"role":"user","message":{"content":[{"type":"tool_result","tool_use_id":"tu-1","content":[{"type":"text","text":"FAIL x\n"}],"is_error":true}]}}`,
		`{"role":"assistant","message":{"content":"all done"}}`,
	}
	require.NoError(t, os.WriteFile(tr, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	payload := func(step, fields string) []byte {
		return []byte(strings.Replace(sample(step, fields), `"/h/.cursor/projects/w/agent-transcripts/c-1/c-1.jsonl"`, `"`+tr+`"`, 1))
	}
	f := cursorFormat{}

	call, err := f.HostCall(payload("postToolUse", `"tool_name":"Shell","tool_input":{"command":"go test ./..."},"tool_output":"{\"output\":\"FAIL x\\n\",\"exitCode\":1}","duration":3,"tool_use_id":"tu-1","cwd":"/w/sub",`), "/wd", nil, claudeName)
	require.NoError(t, err)
	assert.Equal(t, "/w", call.Event.Workspace, "the project is the first workspace root, not the cwd")
	assert.Empty(t, call.Skip, "Cursor fires nothing a Claude hook would not see")
	require.NotNil(t, call.Outcome)
	assert.Equal(t, "FAIL x\n", call.Outcome.Output)
	assert.True(t, call.Outcome.Merged, "Cursor gives both streams together")
	require.NotNil(t, call.Outcome.ExitCode)
	assert.Equal(t, 1, *call.Outcome.ExitCode)

	require.NotNil(t, call.Transcript)
	var got []string
	for _, e := range call.Transcript.Entries {
		s := e.Role + ":" + e.Text
		for _, u := range e.ToolUses {
			s += " [" + u.Tool + " " + string(u.Args) + "]"
		}
		if e.Role == format.RoleTool {
			s += " (" + e.ToolUseID + ")"
			if e.IsError {
				s += " error"
			}
		}
		got = append(got, s)
	}
	assert.Equal(t, []string{
		"user:run the tests",
		`assistant:running them [shell {"command":"go test ./..."}]`,
		"tool:FAIL x\n (tu-1) error",
		"assistant:all done",
	}, got)

	call, err = f.HostCall(payload("postToolUse", `"tool_name":"Read","tool_input":{"file_path":"/w/a.go"},"tool_output":"{\"content\":\"package a\\n\"}","duration":1,"tool_use_id":"tu-2","cwd":"/w",`), "/wd", nil, claudeName)
	require.NoError(t, err)
	require.NotNil(t, call.Outcome)
	require.NotNil(t, call.Outcome.Content)
	assert.Equal(t, "package a\n", *call.Outcome.Content)
}
