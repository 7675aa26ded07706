package golden_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/internal/oracletest"
)

// The tool calls Claude carried out between the recorded events are
// carried out by the Claude replay too, in the replay's project, so that
// a hook reading what a call wrote (a PostToolUse formatter of the file a
// Write created, a Stop checker counting its lines) finds what it found
// in Claude. Only calls the recording shows ran are carried out, with the
// input they ran with:
//
//   - a call ran when Claude neither denied it (permission_denials) nor
//     refused it before running (a <tool_use_error> result), and its
//     result went back to the model or a PostToolUse (Failure) of it was
//     recorded; a Bash call run in the background is not carried out (its
//     effects depend on timing);
//   - its input is the recorded PostToolUse's tool_input, else the
//     effective input of the replayed PreToolUse of it, else the model's;
//   - it runs before the recorded PostToolUse (Failure) of it, else right
//     after its recorded PreToolUse or PermissionRequest, else before the
//     first Stop, SubagentStop or PostToolBatch at or after the place of
//     the calls placed so far;
//   - Bash runs with bash -c in the call's cwd (the PreToolUse payload's)
//     with the hooks' environment, in which sleep returns at once (the
//     replay does not replay time); Write writes its content, Edit and
//     MultiEdit replace their strings as Claude does; other tools change
//     no file. Nothing outside the replay's folder is written.

// toolRun is one tool call the replay carries out.
type toolRun struct {
	id, tool string
	input    json.RawMessage // recorded, placeholders in it; nil: the PreToolUse's effective input
	model    json.RawMessage // the model's input
	cwd      string          // recorded, placeholders in it ("" : the project)
}

// scheduleToolRuns returns, by occurrence index, the calls carried out
// before it (see above; oracletest.ClaudeView.ToolRuns places them).
func (rc *claudeCase) scheduleToolRuns(occs []*occurrence) map[int][]toolRun {
	in := make([]oracletest.ClaudeOccurrence, len(occs))
	for i, o := range occs {
		in[i] = oracletest.ClaudeOccurrence{Event: o.event, Payload: o.payload, Stdin: o.stdin, Synth: o.synth}
	}
	out := map[int][]toolRun{}
	for at, runs := range rc.view.ToolRuns(in) {
		for _, r := range runs {
			out[at] = append(out[at], toolRun{id: r.ID, tool: r.Tool, input: r.Input, model: r.Model, cwd: r.Cwd})
		}
	}
	return out
}

// carryOut runs one call in the replay's folders; its failure is logged
// as a problem only when it cannot have failed in Claude (a Write or Edit
// the replay could not apply).
func (rc *claudeCase) carryOut(run toolRun, fired []*fired) {
	in := run.input
	if in == nil {
		for _, f := range fired {
			if f.o.event == "PreToolUse" && f.o.payload["tool_use_id"] == run.id && f.render.EffectiveInput != nil && (f.render.ToolRuns == nil || *f.render.ToolRuns) {
				in = json.RawMessage(rc.ph.Normalize(string(f.render.EffectiveInput)))
			}
		}
	}
	if in == nil {
		in = run.model
	}
	cwd := rc.proj
	if run.cwd != "" {
		cwd = rc.ph.Expand(run.cwd)
	}
	if err := carryOutTool(run.tool, []byte(rc.ph.Expand(string(in))), cwd, rc.root, rc.env); err != nil {
		rc.fail("carrying out %s %s: %v", run.tool, run.id, err)
	}
}

// carryOutTool carries out one call of tool with input (Claude's names)
// in cwd, writing nothing outside root.
func carryOutTool(tool string, input []byte, cwd, root string, env []string) error {
	var in oracletest.ClaudeFileInput
	if err := json.Unmarshal(input, &in); err != nil {
		return err
	}
	if tool == "Bash" {
		return runBash(in.Command, cwd, root, env)
	}
	p := in.FilePath
	if !filepath.IsAbs(p) {
		p = filepath.Join(cwd, p)
	}
	p = filepath.Clean(p)
	if rel, err := filepath.Rel(root, p); err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return fmt.Errorf("%s is outside the replay's folder", p)
	}
	var old []byte
	if tool != "Write" {
		var err error
		if old, err = os.ReadFile(p); err != nil {
			return err
		}
	}
	s, err := in.Apply(tool, string(old))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, []byte(s), 0o644)
}

// runBash runs a Bash call as Claude's Bash tool would (bash -c in cwd),
// with a sleep that returns at once; a command that fails failed in
// Claude too (PostToolUseFailure), so only a command that cannot run is
// an error.
func runBash(command, cwd, root string, env []string) error {
	bin := filepath.Join(root, "replay-bin")
	if _, err := os.Stat(bin); err != nil {
		if err := os.MkdirAll(bin, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(bin, "sleep"), []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
			return err
		}
	}
	env = append([]string(nil), env...)
	for i, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			env[i] = "PATH=" + bin + string(os.PathListSeparator) + v
		}
	}
	if err := os.MkdirAll(cwd, 0o755); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "/bin/bash", "-c", command)
	cmd.Dir, cmd.Env = cwd, env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 2 * time.Second
	_, err := cmd.CombinedOutput()
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // its background children too
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) && ctx.Err() == nil {
		return nil
	}
	return err
}

// TestCarryOutTool checks the replay's Write, Edit, MultiEdit and Bash,
// and its refusal of paths outside its folder.
func TestCarryOutTool(t *testing.T) {
	root := t.TempDir()
	proj := filepath.Join(root, "proj")
	require.NoError(t, os.MkdirAll(proj, 0o755))
	env := []string{"PATH=" + os.Getenv("PATH")}
	read := func(rel string) string {
		b, _ := os.ReadFile(filepath.Join(proj, rel))
		return string(b)
	}
	require.NoError(t, carryOutTool("Write", []byte(`{"file_path":"`+proj+`/src/a.txt","content":"one\ntwo\none\n"}`), proj, root, env))
	require.Equal(t, "one\ntwo\none\n", read("src/a.txt"))
	require.NoError(t, carryOutTool("Edit", []byte(`{"file_path":"src/a.txt","old_string":"one","new_string":"1"}`), proj, root, env))
	require.Equal(t, "1\ntwo\none\n", read("src/a.txt"))
	require.NoError(t, carryOutTool("MultiEdit", []byte(`{"file_path":"src/a.txt","edits":[{"old_string":"one","new_string":"1"},{"old_string":"two","new_string":"2","replace_all":true}]}`), proj, root, env))
	require.Equal(t, "1\n2\n1\n", read("src/a.txt"))
	require.Error(t, carryOutTool("Edit", []byte(`{"file_path":"src/a.txt","old_string":"zzz","new_string":"1"}`), proj, root, env))
	require.ErrorContains(t, carryOutTool("Write", []byte(`{"file_path":"/etc/x","content":"x"}`), proj, root, env), "outside the replay's folder")
	require.NoError(t, carryOutTool("Bash", []byte(`{"command":"command -v sleep > where.txt; echo B | tee -a ran.log; exit 3"}`), proj, root, env), "a failing command is no error")
	require.Equal(t, "B\n", read("ran.log"))
	require.Equal(t, filepath.Join(root, "replay-bin", "sleep")+"\n", read("where.txt"), "sleep is the replay's, which returns at once")
}
