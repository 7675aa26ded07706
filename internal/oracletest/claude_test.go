package oracletest

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const claudeRecordings = "../../testdata/recordings/claude"

func claudeView(t *testing.T, name string) (*Case, *ClaudeView) {
	t.Helper()
	c, err := Load(filepath.Join(claudeRecordings, name))
	require.NoError(t, err)
	return c, NewClaudeView(c)
}

// The texts of a recording go to the events that made them: the contexts
// of two UserPromptSubmit, PreToolUse and PostToolUse hooks each, and the
// SessionStart's, in the requests Claude sent them with, as the
// recording has them (hc_misc_order_config_vs_finish).
func TestClaudeTextsGoToTheirEvents(t *testing.T) {
	c, v := claudeView(t, "hc_misc_order_config_vs_finish")
	attr := v.Attribute()
	got := map[string][]string{}
	seen := map[string]bool{}
	for _, r := range c.HookRuns {
		var p map[string]any
		require.NoError(t, json.Unmarshal(r.Stdin, &p))
		key := r.Event + string(r.Stdin)
		if seen[key] {
			continue // the event's other hook
		}
		seen[key] = true
		at := attr.Event(r.Event, p)
		require.True(t, at.Known, "%s: %s", r.Event, at.Why)
		for _, x := range at.Texts {
			got[r.Event] = append(got[r.Event], UnwrapReminder(x.Text))
		}
	}
	assert.Equal(t, []string{"SessionStart hook additional context: SS-FAST-SECOND-CONFIGURED\nSS-SLOW-FIRST-CONFIGURED"}, got["SessionStart"])
	assert.Equal(t, []string{"UserPromptSubmit hook additional context: UPS-FAST-SECOND-CONFIGURED", "UserPromptSubmit hook additional context: UPS-SLOW-FIRST-CONFIGURED"}, got["UserPromptSubmit"])
	assert.Equal(t, []string{"PreToolUse:Bash hook additional context: PRE-FAST-SECOND-CONFIGURED\nPRE-SLOW-FIRST-CONFIGURED"}, got["PreToolUse"])
	assert.Equal(t, []string{"PostToolUse:Bash hook additional context: POST-FAST-SECOND-CONFIGURED", "PostToolUse:Bash hook additional context: POST-SLOW-FIRST-CONFIGURED"}, got["PostToolUse"])
}

// A Stop continued the main conversation when another request of it
// followed, with the Stop hook's feedback; the last Stop did not.
func TestClaudeStopContinuation(t *testing.T) {
	c, v := claudeView(t, "hc_sidefx_stop_reads_files")
	attr := v.Attribute()
	var conts []bool
	for _, r := range c.HookRuns {
		var p map[string]any
		require.NoError(t, json.Unmarshal(r.Stdin, &p))
		at := attr.Event(r.Event, p)
		require.NotNil(t, at.Continues)
		conts = append(conts, *at.Continues)
		if *at.Continues {
			require.NotEmpty(t, at.Texts)
			assert.Contains(t, at.Texts[0].Text, "notes.md has 4 lines")
		}
	}
	assert.Equal(t, []bool{true, false}, conts)
}

// The tool calls Claude ran between the events are placed before the
// first event that can see them: the Write and the Bash call before the
// first Stop of a session with only Stop hooks.
func TestClaudeToolRunsPlacement(t *testing.T) {
	c, v := claudeView(t, "hc_sidefx_stop_reads_files")
	var occs []ClaudeOccurrence
	for _, r := range c.HookRuns {
		var p map[string]any
		require.NoError(t, json.Unmarshal(r.Stdin, &p))
		occs = append(occs, ClaudeOccurrence{Event: r.Event, Payload: p, Stdin: r.Stdin})
	}
	runs := v.ToolRuns(occs)
	require.Len(t, runs[0], 2)
	assert.Equal(t, "Write", runs[0][0].Tool)
	assert.Equal(t, "Bash", runs[0][1].Tool)
	assert.Empty(t, runs[1])
}

// Apply writes, edits once, edits every occurrence, and refuses an edit
// whose old string is not in the file.
func TestClaudeFileInputApply(t *testing.T) {
	read := func(s string) *ClaudeFileInput {
		var in ClaudeFileInput
		require.NoError(t, json.Unmarshal([]byte(s), &in))
		return &in
	}
	got, err := read(`{"file_path":"f","content":"a\nb\n"}`).Apply("Write", "old")
	require.NoError(t, err)
	assert.Equal(t, "a\nb\n", got)
	got, err = read(`{"file_path":"f","old_string":"b","new_string":"B"}`).Apply("Edit", "b b")
	require.NoError(t, err)
	assert.Equal(t, "B b", got)
	got, err = read(`{"file_path":"f","edits":[{"old_string":"b","new_string":"B","replace_all":true},{"old_string":"a","new_string":"A"}]}`).Apply("MultiEdit", "a b b a")
	require.NoError(t, err)
	assert.Equal(t, "A B B a", got)
	_, err = read(`{"file_path":"f","old_string":"x","new_string":"y"}`).Apply("Edit", "abc")
	assert.True(t, err != nil && strings.Contains(err.Error(), "not found"))
}
