//go:build unix

package compat_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/native"
	"github.com/hookcompat/hookcompat/runner"
)

// convertedEngine converts a Claude settings file denying every Bash call
// with reason "converted" to native TOML whose shim is shim, and returns
// an engine of it (opts as given).
func convertedEngine(t *testing.T, shim string, opts runner.Options) (*runner.Engine, string) {
	t.Helper()
	dir := t.TempDir()
	settingsJSON := `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","timeout":5,
"command":"echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"converted\"}}'"}]}]}}`
	conv := compat.Convert([]compat.Input{{Name: "settings.json", Data: []byte(settingsJSON), From: "claude"}},
		compat.ConvertOptions{Target: compat.TargetNative, Shim: shim})
	require.Empty(t, conv.Errors)
	toml := filepath.Join(dir, "hooks.toml")
	require.NoError(t, os.WriteFile(toml, conv.TOML, 0o644))
	loaded, err := compat.Load(compat.Options{Project: dir, Sources: native.Sources(toml)})
	require.NoError(t, err)
	opts.Workspace = dir
	eng, err := compat.NewEngine(loaded, opts)
	require.NoError(t, err)
	return eng, dir
}

func fireBash(t *testing.T, eng *runner.Engine) *runner.Outcome {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := eng.Fire(ctx, runner.Event{Name: "pre_tool", SessionID: "s", Tool: "shell", ToolCallID: "t1",
		Args: json.RawMessage(`{"command":"ls"}`)})
	require.NoError(t, err)
	return out
}

// fakeShim writes an executable named hookcompat that, when started,
// leaves a marker file and answers nothing.
func fakeShim(t *testing.T) (shim, marker string) {
	dir := t.TempDir()
	shim, marker = filepath.Join(dir, "hookcompat"), filepath.Join(dir, "started")
	require.NoError(t, os.WriteFile(shim, []byte("#!/bin/sh\ncat >/dev/null\n: > '"+marker+"'\n"), 0o755))
	return shim, marker
}

// A converted hook calling the shim runs in the engine's process: the
// hookcompat found is not started, and the wrapped Claude hook decides
// as through the shim process (the deny, Claude's reason).
func TestConvertedShimRunsInProcess(t *testing.T) {
	shim, marker := fakeShim(t)
	eng, _ := convertedEngine(t, shim, runner.Options{})
	out := fireBash(t, eng)
	assert.Equal(t, runner.DecisionDeny, out.Reply.Decision)
	assert.Equal(t, "converted", out.Reply.Reason)
	assert.NoFileExists(t, marker, "the shim process was started")
	require.Len(t, out.Hooks, 1)
	assert.Contains(t, out.Hooks[0].Hook.Args, shim, "the trace is the converted hook's")
	assert.Equal(t, `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"converted"}}'`,
		out.Hooks[0].Command, "the trace names the hook the shim call wraps")
}

// With runner.NoInProcess the shim is started as a process: the fake one
// runs and answers nothing.
func TestConvertedShimAsProcess(t *testing.T) {
	shim, marker := fakeShim(t)
	eng, _ := convertedEngine(t, shim, runner.Options{InProcess: runner.NoInProcess})
	out := fireBash(t, eng)
	assert.FileExists(t, marker)
	assert.Equal(t, runner.Reply{}, out.Reply)
}

// A shim that would not start (no such file, not executable) is not run
// in-process: the hook fails as the process would (HK-21 start failure),
// and a fail-closed converted hook's failure is never an allow.
func TestConvertedShimMissingFails(t *testing.T) {
	for name, shim := range map[string]string{
		"missing":        filepath.Join(t.TempDir(), "hookcompat"),
		"not executable": func() string { p, _ := fakeShim(t); require.NoError(t, os.Chmod(p, 0o644)); return p }(),
	} {
		t.Run(name, func(t *testing.T) {
			eng, _ := convertedEngine(t, shim, runner.Options{})
			out := fireBash(t, eng)
			require.Len(t, out.Hooks, 1)
			assert.Equal(t, runner.OutcomeError, out.Hooks[0].Outcome)
			assert.Equal(t, runner.Reply{}, out.Reply)
		})
	}
}
