package codex

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	_ "github.com/hookcompat/hookcompat/compat/claude" // the wrapped hooks' protocol
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
)

// TestCodexTargetPostToolUseFailure: a Claude PostToolUseFailure hook is
// written for Codex as a PostToolUse hook on Bash (Codex fires PostToolUse
// for a failed shell command and nothing of its own), and the shim runs it
// only when the command failed, with Claude Code's event and error; a
// matcher naming only other tools is left out, warned.
func TestCodexTargetPostToolUseFailure(t *testing.T) {
	dir := t.TempDir()
	hook := filepath.Join(dir, "onfail.sh")
	require.NoError(t, os.WriteFile(hook, []byte("#!/bin/sh\ncat >> \""+dir+"/seen.jsonl\"\necho >> \""+dir+"/seen.jsonl\"\n"), 0o755))
	cfg := &settings.Config{Hooks: []settings.Hook{
		{Event: settings.PostToolFailure, Protocol: claudeName, Command: hook, Match: "Bash", MatchSyntax: claudeName, Source: settings.Source{File: "s.json", Line: 1, Event: "PostToolUseFailure"}},
		{Event: settings.PostToolFailure, Protocol: claudeName, Command: "edits.sh", Match: "Edit|Write", MatchSyntax: claudeName, Source: settings.Source{File: "s.json", Line: 2, Event: "PostToolUseFailure"}},
	}}
	out, err := target{}.Write(cfg, &format.TargetOptions{})
	require.NoError(t, err)
	var doc struct {
		Hooks map[string][]struct {
			Matcher string `json:"matcher"`
			Hooks   []struct {
				Command string `json:"command"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	require.NoError(t, json.Unmarshal(out.Data, &doc))
	require.Len(t, doc.Hooks["PostToolUse"], 1, "only the Bash hook is written: %s", out.Data)
	g := doc.Hooks["PostToolUse"][0]
	assert.Equal(t, "Bash", g.Matcher)
	var msgs []string
	for _, w := range out.Warnings {
		msgs = append(msgs, w.Code+": "+w.Message)
	}
	joined := strings.Join(msgs, "\n")
	assert.Contains(t, joined, CodeDiffersInCodex+": PostToolUseFailure under Codex: written as a Codex PostToolUse hook on Bash")
	assert.Contains(t, joined, CodeNotForCodex+`: PostToolUseFailure matcher "Edit|Write"`)

	args := strings.Fields(g.Hooks[0].Command)
	require.Equal(t, []string{"hookcompat", "exec"}, args[:2], g.Hooks[0].Command)
	roll := filepath.Join(dir, "rollout.jsonl")
	require.NoError(t, os.WriteFile(roll, []byte(rolloutLines(dir)), 0o644))
	fire := func(payload []byte) int {
		var stdout, stderr bytes.Buffer
		code := compat.RunShim(context.Background(), args[2:], compat.ShimIO{ReadEvent: func() ([]byte, error) { return payload, nil }, Stdout: &stdout, Stderr: &stderr, Dir: dir, Env: os.Environ()})
		require.Equal(t, 0, code, stderr.String())
		return code
	}
	// The command that exited 0 (the rollout's apply_patch is no shell
	// call; an echo that succeeded): not a failure, the hook does not run.
	fire(codexPayload("PostToolUse", `,"tool_name":"Bash","tool_input":{"command":"echo ok"},"tool_response":"ok\n","tool_use_id":"call_9"`, roll, dir))
	_, err = os.Stat(filepath.Join(dir, "seen.jsonl"))
	assert.True(t, os.IsNotExist(err), "the failure hook ran for a command that succeeded")
	// The command that exited 3: the hook runs as Claude Code's
	// PostToolUseFailure.
	fire(codexPayload("PostToolUse", `,"tool_name":"Bash","tool_input":{"command":"echo failing >&2; exit 3"},"tool_response":"failing\n","tool_use_id":"call_1"`, roll, dir))
	seen, err := os.ReadFile(filepath.Join(dir, "seen.jsonl"))
	require.NoError(t, err, "the failure hook did not run for a failed command")
	var got map[string]any
	require.NoError(t, json.Unmarshal(bytes.TrimSpace(seen), &got))
	assert.Equal(t, "PostToolUseFailure", got["hook_event_name"])
	assert.Equal(t, "Bash", got["tool_name"])
	assert.Contains(t, got["error"], "Exit code 3")
}
