package claude

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

func lines(n int, edit map[int]string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if s, ok := edit[i]; ok {
			b.WriteString(s + "\n")
			continue
		}
		b.WriteString("line" + itoaTest(i) + "\n")
	}
	return b.String()
}

func itoaTest(i int) string { b, _ := json.Marshal(i); return string(b) }

// TestStructuredPatchRecorded: the hunks are Claude Code 2.1.332's for the
// recorded edits (an Edit of line 6 of a 12-line file; a Write that
// changes the first of two lines).
func TestStructuredPatchRecorded(t *testing.T) {
	got, err := json.Marshal(structuredPatch(lines(12, nil), lines(12, map[int]string{6: "LINE-SIX"})))
	require.NoError(t, err)
	assert.JSONEq(t, `[{"oldStart":3,"oldLines":7,"newStart":3,"newLines":7,"lines":[" line3"," line4"," line5","-line6","+LINE-SIX"," line7"," line8"," line9"]}]`, string(got))
	got, err = json.Marshal(structuredPatch("alpha\nbeta\n", "gamma\nbeta\n"))
	require.NoError(t, err)
	assert.JSONEq(t, `[{"oldStart":1,"oldLines":2,"newStart":1,"newLines":2,"lines":["-alpha","+gamma"," beta"]}]`, string(got))
	got, err = json.Marshal(structuredPatch("one\n", "two\n"))
	require.NoError(t, err)
	assert.JSONEq(t, `[{"oldStart":1,"oldLines":1,"newStart":1,"newLines":1,"lines":["-one","+two"]}]`, string(got))
	assert.Empty(t, structuredPatch("same\n", "same\n"))
}

// TestStructuredPatchShapes: changes far apart are separate hunks, close
// ones one hunk; a file without a final newline says so.
func TestStructuredPatchShapes(t *testing.T) {
	far := structuredPatch(lines(30, nil), lines(30, map[int]string{2: "X", 25: "Y"}))
	require.Len(t, far, 2)
	assert.Equal(t, 1, far[0].OldStart)
	assert.Equal(t, 22, far[1].OldStart)
	near := structuredPatch(lines(30, nil), lines(30, map[int]string{5: "X", 10: "Y"}))
	require.Len(t, near, 1, "changes with at most six unchanged lines between them share a hunk")
	assert.Equal(t, 2, near[0].OldStart)
	assert.Equal(t, 12, near[0].OldLines)
	noEOL := structuredPatch("a\nb", "a\nc")
	require.Len(t, noEOL, 1)
	assert.Equal(t, []string{" a", "-b", `\ No newline at end of file`, "+c", `\ No newline at end of file`}, noEOL[0].Lines)
	added := structuredPatch("a\n", "a\nb\n")
	require.Len(t, added, 1)
	assert.Equal(t, []string{" a", "+b"}, added[0].Lines)
}

func worldEvent(name settings.Event, tool, args string) *runner.Event {
	return &runner.Event{Name: name, Tool: tool, Args: json.RawMessage(args)}
}

// TestWorldEventShapes: a host's outcome becomes Claude Code's
// tool_response for each tool, as recorded (learn_tool_shapes: Bash with
// both streams, Read with offset, Edit, Write over a file, Write of a new
// file), and a failed command's PostToolUseFailure error.
func TestWorldEventShapes(t *testing.T) {
	f := claudeFormat{}
	ev := worldEvent(settings.PostTool, "shell", `{"command":"x"}`)
	f.WorldEvent(ev, &format.ToolOutcome{Output: "  lead\n\nmid  \n\n\nE1\n", Merged: true})
	assert.JSONEq(t, `{"stdout":"  lead\n\nmid  \n\n\nE1","stderr":"","interrupted":false,"isImage":false,"noOutputExpected":false}`, string(ev.Result))

	ev = worldEvent(settings.PostTool, "shell", `{"command":"mkdir -p d"}`)
	f.WorldEvent(ev, &format.ToolOutcome{Merged: true})
	assert.JSONEq(t, `{"stdout":"","stderr":"","interrupted":false,"isImage":false,"noOutputExpected":true}`, string(ev.Result))

	content := "line3\nline4\nline5\nline6"
	ev = worldEvent(settings.PostTool, "read", `{"path":"/p/notes.txt","offset":3,"limit":4}`)
	f.WorldEvent(ev, &format.ToolOutcome{Content: &content, StartLine: 3, TotalLines: 13})
	assert.JSONEq(t, `{"type":"text","file":{"filePath":"/p/notes.txt","content":"line3\nline4\nline5\nline6","numLines":4,"startLine":3,"totalLines":13}}`, string(ev.Result))

	orig, now := lines(12, nil), lines(12, map[int]string{6: "LINE-SIX"})
	ev = worldEvent(settings.PostTool, "edit", `{"path":"/p/notes.txt","old_string":"line6","new_string":"LINE-SIX"}`)
	f.WorldEvent(ev, &format.ToolOutcome{File: "/p/notes.txt", Content: &now, Original: &orig, OriginalKnown: true})
	assert.JSONEq(t, `{"path":"/p/notes.txt","old_string":"line6","new_string":"LINE-SIX","replace_all":false}`, string(ev.Args), "Claude Code writes replace_all into an Edit's input")
	assert.JSONEq(t, `{"filePath":"/p/notes.txt","oldString":"line6","newString":"LINE-SIX","originalFile":"line1\nline2\nline3\nline4\nline5\nline6\nline7\nline8\nline9\nline10\nline11\nline12\n","structuredPatch":[{"oldStart":3,"oldLines":7,"newStart":3,"newLines":7,"lines":[" line3"," line4"," line5","-line6","+LINE-SIX"," line7"," line8"," line9"]}],"userModified":false,"replaceAll":false}`, string(ev.Result))

	before, after := "alpha\nbeta\n", "gamma\nbeta\n"
	ev = worldEvent(settings.PostTool, "write", `{"path":"/p/other.txt","content":"gamma\nbeta\n"}`)
	f.WorldEvent(ev, &format.ToolOutcome{File: "/p/other.txt", Content: &after, Original: &before, OriginalKnown: true})
	assert.JSONEq(t, `{"type":"update","filePath":"/p/other.txt","content":"gamma\nbeta\n","structuredPatch":[{"oldStart":1,"oldLines":2,"newStart":1,"newLines":2,"lines":["-alpha","+gamma"," beta"]}],"originalFile":"alpha\nbeta\n","userModified":false}`, string(ev.Result))

	ev = worldEvent(settings.PostTool, "write", `{"path":"/p/notes.txt","content":"hello\nworld\n"}`)
	f.WorldEvent(ev, &format.ToolOutcome{OriginalKnown: true})
	assert.JSONEq(t, `{"type":"create","filePath":"/p/notes.txt","content":"hello\nworld\n","structuredPatch":[],"originalFile":null,"userModified":false}`, string(ev.Result))

	code := 3
	ev = worldEvent(settings.PostToolFailure, "shell", `{"command":"x"}`)
	f.WorldEvent(ev, &format.ToolOutcome{Output: "failing\nout1\n", Merged: true, ExitCode: &code})
	assert.Equal(t, "Exit code 3\nfailing\nout1", ev.Error)
	assert.Nil(t, ev.Result, "PostToolUseFailure has no tool_response")
	v, ok := ev.Extra.Get("is_interrupt")
	require.True(t, ok)
	assert.Equal(t, "false", string(v))

	ev = worldEvent(settings.PreTool, "shell", `{"command":"x"}`)
	f.WorldEvent(ev, nil)
	assert.Nil(t, ev.Result)
	assert.JSONEq(t, `{"command":"x"}`, string(ev.Args))

	ev = worldEvent(settings.PostTool, "glob", `{"pattern":"*"}`)
	ev.Result = json.RawMessage(`{"llmContent":"x"}`)
	f.WorldEvent(ev, &format.ToolOutcome{Text: "x"})
	assert.JSONEq(t, `{"llmContent":"x"}`, string(ev.Result), "Claude Code 2.1.332 has no Glob tool: the host's result stays")
}

func sampleTranscript() *format.Transcript {
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	return &format.Transcript{SessionID: "s-1", Cwd: "/p", Model: "m", Entries: []format.TranscriptEntry{
		{Role: format.RoleUser, Text: "do it", Timestamp: at},
		{Role: format.RoleAssistant, ToolUses: []format.ToolUse{{ID: "call_1", Tool: "shell", Args: json.RawMessage(`{"command":"echo T-OUT"}`)}}},
		{Role: format.RoleTool, ToolUseID: "call_1", Text: "T-OUT"},
		{Role: format.RoleAssistant, Text: "working on it"},
		{Role: format.RoleUser, Text: "RALPH-PROMPT: finish", Meta: true},
		{Role: format.RoleAssistant, Text: "all done <promise>DONE</promise>", ToolUses: []format.ToolUse{{ID: "call_2", Tool: "edit", Args: json.RawMessage(`{"path":"/p/a","old_string":"a","new_string":"b"}`)}}},
	}}
}

// TestWorldTranscript: the translated transcript is Claude Code's JSONL:
// compact lines (so that grep '"role":"assistant"' finds the model's),
// one content block an assistant line, tool calls under Claude's names and
// input, tool results as tool_result blocks, a continuation as a meta
// entry; parentUuid chains the lines; the same conversation gives the
// same bytes.
func TestWorldTranscript(t *testing.T) {
	f := claudeFormat{}
	ev := &runner.Event{SessionID: "s-1", Workspace: "/p"}
	name, data, err := f.WorldTranscript(sampleTranscript(), ev, "rollout-2026-x.jsonl")
	require.NoError(t, err)
	assert.Equal(t, "claude-rollout-2026-x.jsonl", name)
	_, again, err := f.WorldTranscript(sampleTranscript(), ev, "rollout-2026-x.jsonl")
	require.NoError(t, err)
	assert.Equal(t, data, again, "deterministic")
	var entries []map[string]any
	prev := ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		var m map[string]any
		require.NoError(t, json.Unmarshal(sc.Bytes(), &m), "one JSON object a line")
		if prev != "" {
			assert.Equal(t, prev, m["parentUuid"])
		} else {
			assert.Nil(t, m["parentUuid"])
		}
		prev = m["uuid"].(string)
		entries = append(entries, m)
	}
	require.Len(t, entries, 7, "user, tool_use, tool_result, text, meta user, text, tool_use")
	assert.Equal(t, "do it", entries[0]["message"].(map[string]any)["content"])
	assert.Equal(t, "2026-01-02T03:04:05.000Z", entries[0]["timestamp"])
	use := entries[1]["message"].(map[string]any)["content"].([]any)[0].(map[string]any)
	assert.Equal(t, "Bash", use["name"])
	assert.Equal(t, map[string]any{"command": "echo T-OUT"}, use["input"])
	res := entries[2]["message"].(map[string]any)["content"].([]any)[0].(map[string]any)
	assert.Equal(t, map[string]any{"tool_use_id": "call_1", "type": "tool_result", "content": "T-OUT", "is_error": false}, res)
	assert.Equal(t, true, entries[4]["isMeta"])
	assert.Equal(t, "Stop hook feedback:\nRALPH-PROMPT: finish", entries[4]["message"].(map[string]any)["content"])
	edit := entries[6]["message"].(map[string]any)["content"].([]any)[0].(map[string]any)
	assert.Equal(t, "Edit", edit["name"])
	assert.Equal(t, map[string]any{"file_path": "/p/a", "old_string": "a", "new_string": "b", "replace_all": false}, edit["input"])
	assert.Equal(t, 4, bytes.Count(data, []byte(`"role":"assistant"`)), "compact JSON, as Claude Code writes it")
}

// TestWorldTranscriptRalph: the jq program Anthropic's ralph-loop Stop
// hook runs on the transcript finds the last assistant text in the
// translated file.
func TestWorldTranscriptRalph(t *testing.T) {
	jq, err := exec.LookPath("jq")
	if err != nil {
		t.Skip("jq is not installed")
	}
	_, data, err := claudeFormat{}.WorldTranscript(sampleTranscript(), &runner.Event{SessionID: "s-1"}, "x.jsonl")
	require.NoError(t, err)
	var assistant bytes.Buffer
	for _, l := range bytes.Split(data, []byte("\n")) {
		if bytes.Contains(l, []byte(`"role":"assistant"`)) {
			assistant.Write(l)
			assistant.WriteByte('\n')
		}
	}
	cmd := exec.Command(jq, "-rs", `map(.message.content[]? | select(.type == "text") | .text) | last // ""`)
	cmd.Stdin = &assistant
	out, err := cmd.Output()
	require.NoError(t, err)
	assert.Equal(t, "all done <promise>DONE</promise>\n", string(out))
}
