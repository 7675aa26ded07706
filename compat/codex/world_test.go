package codex

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// rolloutLines is a rollout of one prompt, one exec_command call that
// exited 3, an answer, a Stop continuation and a second answer, in the
// shape Codex 0.169.0 writes (recorded with --keep-tmp).
func rolloutLines(cwd string) string {
	lines := []string{
		`{"timestamp":"2026-12-02T02:09:36.387Z","type":"session_meta","payload":{"id":"s-1","timestamp":"2026-12-02T02:09:36.387Z","cwd":%[1]q,"cli_version":"0.169.0"}}`,
		`{"timestamp":"2026-12-02T02:09:36.400Z","type":"response_item","payload":{"type":"message","role":"developer","content":[{"type":"input_text","text":"<permissions instructions>x</permissions instructions>"}]}}`,
		`{"timestamp":"2026-12-02T02:09:36.401Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"<environment_context>\n  <cwd>/p</cwd>\n</environment_context>"}]}}`,
		`{"timestamp":"2026-12-02T02:09:36.402Z","type":"turn_context","payload":{"turn_id":"t-1","cwd":%[1]q,"model":"gpt-5.5"}}`,
		`{"timestamp":"2026-12-02T02:09:36.867Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"do it"}]}}`,
		`{"timestamp":"2026-12-02T02:09:37.001Z","type":"response_item","payload":{"type":"function_call","name":"exec_command","arguments":"{\"cmd\": \"echo failing >&2; exit 3\"}","call_id":"call_1"}}`,
		`{"timestamp":"2026-12-02T02:09:37.683Z","type":"event_msg","payload":{"type":"item_completed","item":{"type":"CommandExecution","id":"call_1","aggregated_output":"failing\n","exit_code":3,"duration":{"secs":0,"nanos":6908000}}}}`,
		`{"timestamp":"2026-12-02T02:09:37.911Z","type":"response_item","payload":{"type":"function_call_output","call_id":"call_1","output":"Chunk ID: 56491f\nWall time: 0.0000 seconds\nProcess exited with code 3\nOriginal token count: 3\nOutput:\nfailing\n"}}`,
		`{"timestamp":"2026-12-02T02:09:38.370Z","type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"working on it"}]}}`,
		`{"timestamp":"2026-12-02T02:09:38.500Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"<hook_prompt hook_run_id=\"stop:0:/h/hooks.json\">RALPH-PROMPT: finish</hook_prompt>"}]}}`,
		`{"timestamp":"2026-12-02T02:09:39.000Z","type":"response_item","payload":{"type":"custom_tool_call","name":"apply_patch","input":"*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch","call_id":"call_2"}}`,
		`{"timestamp":"2026-12-02T02:09:39.100Z","type":"response_item","payload":{"type":"custom_tool_call_output","call_id":"call_2","output":"Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nA a.txt\n"}}`,
		`{"timestamp":"2026-12-02T02:09:40.000Z","type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"all done <promise>DONE</promise>"}]}}`,
	}
	return fmt.Sprintf(strings.Join(lines, "\n")+"\n", cwd)
}

func codexPayload(event string, extra string, transcript string, cwd string) []byte {
	return []byte(fmt.Sprintf(`{"session_id":"s-1","turn_id":"t-1","transcript_path":%q,"cwd":%q,"hook_event_name":%q,"model":"gpt-5.5","permission_mode":"bypassPermissions"%s}`, transcript, cwd, event, extra))
}

// TestHostCallWorld: Codex tells a converted Claude hook its world — the
// project whose .codex layer runs the shim (the session started in a
// subfolder), a failed command as post_tool_failure with its exit code
// and output, an Add File's new file, the rollout as a transcript.
func TestHostCallWorld(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, ".git"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(root, ".codex"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, ".codex", "hooks.json"), []byte(`{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"hookcompat exec --host codex --protocol claude --event PreToolUse -- x"}]}]}}`), 0o644))
	sub := filepath.Join(root, "sub", "deeper")
	require.NoError(t, os.MkdirAll(sub, 0o755))
	roll := filepath.Join(t.TempDir(), "rollout-2026-12-02T02-09-36-s-1.jsonl")
	require.NoError(t, os.WriteFile(roll, []byte(rolloutLines(root)), 0o644))

	call, err := codexFormat{}.HostCall(codexPayload("PreToolUse", `,"tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"call_1"`, roll, sub), sub, nil, claudeName)
	require.NoError(t, err)
	assert.Equal(t, root, call.Event.Workspace, "the project whose .codex runs the shim, not the session's subfolder")
	assert.Equal(t, root, call.Event.Cwd, "a hook of another format runs in the project, where its own agent would have been started (a relative script path finds its script)")
	assert.Empty(t, call.Skip)
	require.NotNil(t, call.Transcript)
	tr := call.Transcript
	assert.Equal(t, "s-1", tr.SessionID)
	assert.Equal(t, "gpt-5.5", tr.Model)
	var got []string
	for _, e := range tr.Entries {
		s := e.Role + ":" + e.Text
		if e.Meta {
			s += " (meta)"
		}
		for _, u := range e.ToolUses {
			s += " " + u.Tool + string(u.Args)
		}
		if e.IsError {
			s += " (error)"
		}
		got = append(got, s)
	}
	assert.Equal(t, []string{
		"user:do it",
		`assistant: shell{"command":"echo failing >&2; exit 3"}`,
		"tool:failing (error)",
		"assistant:working on it",
		"user:RALPH-PROMPT: finish (meta)",
		`assistant: write{"path":"` + filepath.Join(root, "a.txt") + `","content":"hi\n"}`,
		"tool:Success. Updated the following files:\nA a.txt",
		"assistant:all done <promise>DONE</promise>",
	}, got, "the environment context and developer messages are not a person's")

	// A command that exited 3 is a failure for a Claude hook.
	call, err = codexFormat{}.HostCall(codexPayload("PostToolUse", `,"tool_name":"Bash","tool_input":{"command":"echo failing >&2; exit 3"},"tool_response":"failing\n","tool_use_id":"call_1"`, roll, root), root, nil, claudeName)
	require.NoError(t, err)
	assert.Equal(t, settings.PostToolFailure, call.Event.Name)
	require.NotNil(t, call.Outcome)
	assert.Equal(t, "failing\n", call.Outcome.Output)
	assert.True(t, call.Outcome.Merged)
	require.NotNil(t, call.Outcome.ExitCode)
	assert.Equal(t, 3, *call.Outcome.ExitCode)

	// An Add File: the file as it is now, new.
	require.NoError(t, os.WriteFile(filepath.Join(root, "a.txt"), []byte("hi\n"), 0o644))
	call, err = codexFormat{}.HostCall(codexPayload("PostToolUse", `,"tool_name":"apply_patch","tool_input":{"command":"*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch"},"tool_response":"Exit code: 0\nOutput:\nSuccess.\n","tool_use_id":"call_2"`, roll, root), root, nil, claudeName)
	require.NoError(t, err)
	assert.Equal(t, settings.PostTool, call.Event.Name)
	assert.Equal(t, "write", call.Event.Tool)
	require.NotNil(t, call.Outcome.Content)
	assert.Equal(t, "hi\n", *call.Outcome.Content)
	assert.True(t, call.Outcome.OriginalKnown)
	assert.Nil(t, call.Outcome.Original)

	// An Update File: the file before is the patch undone.
	require.NoError(t, os.WriteFile(filepath.Join(root, "b.txt"), []byte("one\nTWO\nthree\n"), 0o644))
	call, err = codexFormat{}.HostCall(codexPayload("PostToolUse", `,"tool_name":"apply_patch","tool_input":{"command":"*** Begin Patch\n*** Update File: b.txt\n@@\n one\n-two\n+TWO\n three\n*** End Patch"},"tool_response":"Exit code: 0\nOutput:\nSuccess.\n","tool_use_id":"call_3"`, roll, root), root, nil, claudeName)
	require.NoError(t, err)
	assert.Equal(t, "edit", call.Event.Tool)
	require.NotNil(t, call.Outcome.Original)
	assert.Equal(t, "one\ntwo\nthree\n", *call.Outcome.Original)
}

// TestHostCallPromptInSubagent: UserPromptSubmit inside a subagent is not
// a person's prompt; the main agent's is.
func TestHostCallPromptInSubagent(t *testing.T) {
	dir := t.TempDir()
	call, err := codexFormat{}.HostCall(codexPayload("UserPromptSubmit", `,"prompt":"do it"`, "", dir), dir, nil, claudeName)
	require.NoError(t, err)
	assert.Empty(t, call.Skip)
	call, err = codexFormat{}.HostCall([]byte(`{"session_id":"s-1","turn_id":"t-2","agent_id":"a-1","agent_type":"worker","transcript_path":null,"cwd":"/p","hook_event_name":"UserPromptSubmit","model":"gpt-5.5","permission_mode":"default","prompt":"say hi"}`), dir, nil, claudeName)
	require.NoError(t, err)
	assert.Contains(t, call.Skip, "subagent")
}

// TestWriteReplyAskDenies: an ask under Codex, which has none, denies the
// call with the reason, as Claude Code headless does.
func TestWriteReplyAskDenies(t *testing.T) {
	ev := runner.Event{Name: settings.PreTool, Tool: "shell", Args: json.RawMessage(`{"command":"x"}`)}
	out := &runner.Outcome{Event: ev, Reply: runner.Reply{Decision: runner.DecisionAsk, Reason: "ASK-REASON: confirm"}}
	stdout, _, code := codexFormat{}.WriteReply(out, &ev)
	assert.Equal(t, 0, code)
	assert.JSONEq(t, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"ASK-REASON: confirm"}}`, string(stdout))
}

// TestCodexTargetWrites: SessionEnd hooks are written as Codex runs them
// (timeout at most 3 s, no async) with one warning each; a name list's
// alternative naming a tool Codex never calls is a warning.
func TestCodexTargetWrites(t *testing.T) {
	cfg := &settings.Config{Hooks: []settings.Hook{
		{Event: settings.SessionEnd, Protocol: claudeName, Command: "end.sh", Timeout: 10e9, Async: true, Source: settings.Source{File: "s.json", Line: 1, Event: "SessionEnd"}},
		{Event: settings.SessionEnd, Protocol: claudeName, Command: "end2.sh", Timeout: 20e9, Source: settings.Source{File: "s.json", Line: 2, Event: "SessionEnd"}},
		{Event: settings.PreTool, Protocol: claudeName, Command: "guard.sh", Match: "Read|Edit|Write|Bash", MatchSyntax: claudeName, Source: settings.Source{File: "s.json", Line: 3, Event: "PreToolUse"}},
	}}
	out, err := target{}.Write(cfg, &format.TargetOptions{})
	require.NoError(t, err)
	var doc struct {
		Hooks map[string][]struct {
			Matcher string `json:"matcher"`
			Hooks   []struct {
				Command string `json:"command"`
				Timeout int    `json:"timeout"`
				Async   bool   `json:"async"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	require.NoError(t, json.Unmarshal(out.Data, &doc))
	require.Len(t, doc.Hooks["SessionEnd"], 2)
	for _, g := range doc.Hooks["SessionEnd"] {
		assert.Equal(t, 3, g.Hooks[0].Timeout)
		assert.False(t, g.Hooks[0].Async)
		assert.Contains(t, g.Hooks[0].Command, "--timeout 3 ")
		assert.NotContains(t, g.Hooks[0].Command, "--async")
	}
	assert.Equal(t, "Edit|Write|Bash", doc.Hooks["PreToolUse"][0].Matcher)
	var msgs []string
	for _, w := range out.Warnings {
		msgs = append(msgs, w.Message)
	}
	joined := strings.Join(msgs, "\n")
	assert.Equal(t, 1, strings.Count(joined, "timeouts over it are written as 3s"), "the clamp is warned once: %s", joined)
	assert.Equal(t, 1, strings.Count(joined, "synchronously"), "the dropped async is warned once: %s", joined)
	assert.Contains(t, joined, `matcher "Read|Edit|Write|Bash": Read names a tool Codex never calls`)
}
