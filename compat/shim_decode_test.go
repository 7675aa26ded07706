//go:build unix

package compat

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

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
)

// An in-process shim is given the event the engine decoded: however
// many converted hooks run, and however big the event, the shim decodes
// no event of its own (counted); the shim reading bytes (its process,
// or RunShim without the event) decodes one per call.
func TestInProcessShimDoesNotDecodeTheEventAgain(t *testing.T) {
	dir := t.TempDir()
	// The installed shim must exist for the engine to run it in-process;
	// this one would only leave a marker.
	shim := filepath.Join(dir, "bin", "hookcompat")
	marker := filepath.Join(dir, "started")
	require.NoError(t, os.MkdirAll(filepath.Dir(shim), 0o755))
	require.NoError(t, os.WriteFile(shim, []byte("#!/bin/sh\n: > '"+marker+"'\n"), 0o755))
	deny := `cat >/dev/null; echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"converted"}}'`
	settingsJSON := `{"hooks":{"PreToolUse":[{"matcher":"Write","hooks":[{"type":"command","command":` + strQuote(deny) + `},{"type":"command","command":"cat >/dev/null"}]}]}}`
	conv := Convert([]Input{{Name: "settings.json", Data: []byte(settingsJSON), From: "claude"}}, ConvertOptions{Target: TargetNative, Shim: shim})
	require.Empty(t, conv.Errors)
	toml := filepath.Join(dir, "hooks.toml")
	require.NoError(t, os.WriteFile(toml, conv.TOML, 0o644))
	loaded, err := Load(Options{Project: dir, Sources: []format.Source{{Format: "native", Path: toml}}})
	require.NoError(t, err)
	require.Len(t, loaded.Config.Hooks, 2)
	eng, err := NewEngine(loaded, runner.Options{Workspace: dir})
	require.NoError(t, err)

	args, _ := json.Marshal(map[string]string{"file_path": "big.txt", "content": strings.Repeat("a line of a big file\n", 1<<16)})
	ev := runner.Event{Name: "pre_tool", SessionID: "s", Tool: "write", ToolCallID: "t1", Args: args}
	before := shimDecodes.Load()
	for range 3 {
		out, err := eng.Fire(context.Background(), ev)
		require.NoError(t, err)
		assert.Equal(t, runner.DecisionDeny, out.Decision)
		assert.Equal(t, "converted", out.Reason)
	}
	assert.Equal(t, int64(0), shimDecodes.Load()-before, "no in-process shim run decoded the event")
	assert.NoFileExists(t, marker, "the shim ran in-process")

	// The shim reading its stdin decodes it, once per call.
	payload, err := ev.MarshalJSON()
	require.NoError(t, err)
	before = shimDecodes.Load()
	var stdout, stderr bytes.Buffer
	code := RunShim(context.Background(), []string{"--protocol", "claude", "--event", "PreToolUse", "--", deny}, ShimIO{
		ReadEvent: func() ([]byte, error) { return ReadEvent(bytes.NewReader(payload)) },
		Stdout:    &stdout, Stderr: &stderr, Dir: dir, Env: os.Environ(),
	})
	assert.Equal(t, 0, code, stderr.String())
	assert.Contains(t, stdout.String(), `"decision":"deny"`)
	assert.Equal(t, int64(1), shimDecodes.Load()-before)
}

func strQuote(s string) string { b, _ := json.Marshal(s); return string(b) }
