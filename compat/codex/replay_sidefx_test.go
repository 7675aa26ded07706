package codex

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"mvdan.cc/sh/v3/shell"
)

// The tool calls Codex carried out between the recorded events are
// carried out by the replay too, in the replay's project folder, so that
// a hook reading what a call wrote (a Stop checker waiting for a file the
// model created, a PostToolUse formatter reading the patched file) sees
// what it saw in Codex. Only calls the recording shows ran are carried
// out, with the input they ran with:
//
//   - a call ran when a PostToolUse of it was recorded, or when the output
//     the model got is the tool's own (exec_command: "Process exited with
//     code N"; apply_patch: "Success. Updated the following files"); a
//     call blocked by a hook, rejected by an approval, or still running
//     when Codex answered the model (its effects depend on timing) is not;
//   - its input is the recorded PostToolUse's tool_input when there is
//     one, else for a shell call the command of Codex's command_execution
//     stream item (rewrites show there), else — the recording shows none —
//     the effective input of the replayed PreToolUse of it, else the
//     model's;
//   - it runs before the recorded PostToolUse of it, else right after the
//     recorded PreToolUse of it, else before the first event of a later
//     model turn (a later call's events, a Stop after a later answer).
//
// Shell commands run with bash -c in the call's workdir (against the
// case's cwd) with the case's environment; apply_patch texts (and shell
// commands that are an apply_patch heredoc, which Codex intercepts) are
// applied by [applyPatchText].

// toolRun is one tool call the replay carries out.
type toolRun struct {
	callID  string
	turn    int    // index in model_turns, -1 when unknown
	shell   string // bash -c script, or ""
	patch   string // apply_patch text, or ""
	workdir string // absolute
	// pre: the recorded PreToolUse of a call whose input the recording
	// does not show; the replay's rendering of it gives the input.
	pre *firing
}

// streamCommand reads Codex's "/bin/bash -lc '<cmd>'" back as <cmd>.
func streamCommand(s string) (string, bool) {
	words, err := shell.Fields(s, func(string) string { return "" })
	if err != nil || len(words) != 3 || !strings.HasSuffix(words[0], "bash") || words[1] != "-lc" {
		return "", false
	}
	return words[2], true
}

var heredocPatchRE = regexp.MustCompile(`(?s)^\s*(?:apply_patch|applypatch)\s+<<-?\s*['"]?(\w+)['"]?\n(.*?)\n(\w+)\s*$`)

// heredocPatch is the patch of a shell command "apply_patch <<'EOF' …
// EOF", which Codex applies itself instead of running.
func heredocPatch(cmd string) (string, bool) {
	m := heredocPatchRE.FindStringSubmatch(cmd)
	if m == nil || m[1] != m[3] {
		return "", false
	}
	return m[2], true
}

// toolRuns lists the calls of the recording that ran (see above), in the
// recorded order; skipped says why others that may have run are not
// carried out.
func toolRuns(obs *observed, firings []*firing, l *layout) (runs []toolRun, skipped []string) {
	post, pre := map[string]*firing{}, map[string]*firing{}
	for _, f := range firings {
		if f.synth {
			continue
		}
		if id := stopID(f); id != "" && f.event == "PostToolUse" {
			post[id] = f
		} else if id != "" && f.event == "PreToolUse" {
			pre[id] = f
		}
	}
	// Codex's command_execution items, each used once.
	var streamCmds []string
	for _, e := range obs.StreamEvents {
		if e.Type != "item.started" || e.Item["type"] != "command_execution" {
			continue
		}
		if s, ok := e.Item["command"].(string); ok {
			if c, ok := streamCommand(s); ok {
				streamCmds = append(streamCmds, c)
			}
		}
	}
	takeStream := func(cmd string) bool {
		for i, s := range streamCmds {
			if s == cmd {
				streamCmds = append(streamCmds[:i], streamCmds[i+1:]...)
				return true
			}
		}
		return false
	}
	turnOfCall := func(id string) int {
		for i, t := range obs.ModelTurns {
			for _, it := range t.Reply {
				if it["call_id"] == id {
					return i
				}
			}
		}
		return -1
	}
	type pending struct {
		run       toolRun
		fromModel bool // a shell call whose input is the model's: the stream may show a rewrite
	}
	var ps []*pending
	for _, tc := range obs.ToolCalls {
		var out string
		_ = json.Unmarshal(tc.Output, &out)
		q := post[tc.CallID]
		var postInput string
		if q != nil {
			var in struct {
				Command *string `json:"command"`
			}
			if json.Unmarshal(jsonField(q.stdin, "tool_input"), &in) == nil && in.Command != nil {
				postInput = *in.Command
			}
		}
		run := toolRun{callID: tc.CallID, turn: turnOfCall(tc.CallID), workdir: l.cwd}
		p := &pending{}
		switch tc.Name {
		case "exec_command":
			var in struct {
				Cmd     *string `json:"cmd"`
				Workdir string  `json:"workdir"`
			}
			if json.Unmarshal(tc.Input, &in) != nil || in.Cmd == nil {
				continue
			}
			if in.Workdir != "" {
				wd := l.ph.Expand(in.Workdir)
				if !filepath.IsAbs(wd) {
					wd = filepath.Join(l.cwd, wd)
				}
				run.workdir = wd
			}
			if strings.Contains(out, "\nProcess running with session ID ") && q == nil {
				skipped = append(skipped, fmt.Sprintf("call %s still ran when Codex answered the model: its effects depend on timing", tc.CallID))
				continue
			}
			ran := q != nil || strings.Contains(out, "\nProcess exited with code ") ||
				(strings.HasPrefix(out, "Warning: truncated output") && strings.Contains(out, "Process exited with code "))
			cmd := *in.Cmd
			if patch, ok := heredocPatch(cmd); ok {
				if ran || strings.Contains(out, "Success. Updated the following files") {
					run.patch = patch
					ps = append(ps, &pending{run: run})
				}
				continue
			}
			if !ran {
				continue
			}
			if postInput != "" {
				cmd = postInput
			} else {
				p.fromModel = true
			}
			run.shell = cmd
		case "apply_patch":
			var patch string
			if json.Unmarshal(tc.Input, &patch) != nil {
				continue
			}
			if q == nil && !strings.Contains(out, "Success. Updated the following files") {
				continue
			}
			if postInput != "" && strings.HasPrefix(strings.TrimSpace(postInput), "*** Begin Patch") {
				patch = postInput
			} else {
				run.pre = pre[tc.CallID]
			}
			run.patch = patch
		default:
			continue
		}
		p.run = run
		ps = append(ps, p)
	}
	// Stream items of calls whose input is known; the others (rewritten
	// with no PostToolUse recorded) take the remaining items in order.
	var unmatched []*pending
	for _, p := range ps {
		if p.run.shell != "" && !takeStream(p.run.shell) && p.fromModel {
			unmatched = append(unmatched, p)
		}
	}
	for _, p := range unmatched {
		if len(streamCmds) > 0 {
			p.run.shell, streamCmds = streamCmds[0], streamCmds[1:]
		} else {
			p.run.pre = pre[p.run.callID]
		}
	}
	for _, p := range ps {
		runs = append(runs, p.run)
	}
	return runs, skipped
}

// scheduleToolRuns says before which firing each run is carried out (see
// above); those after the last recorded event are under the nil key.
func scheduleToolRuns(obs *observed, firings []*firing, runs []toolRun) map[*firing][]toolRun {
	callTurn := map[string]int{}
	for _, r := range runs {
		callTurn[r.callID] = r.turn
	}
	for _, tc := range obs.ToolCalls {
		if _, ok := callTurn[tc.CallID]; !ok {
			callTurn[tc.CallID] = -1
			for i, t := range obs.ModelTurns {
				for _, it := range t.Reply {
					if it["call_id"] == tc.CallID {
						callTurn[tc.CallID] = i
					}
				}
			}
		}
	}
	// The model turn after whose answer each recorded firing came, -1
	// when not known: a tool event is in its call's turn; a Stop follows
	// the next answer with no tool call whose text it carries.
	slot := map[*firing]int{}
	next := 0
	for _, f := range firings {
		slot[f] = -1
		if f.synth {
			continue
		}
		if id := stopID(f); id != "" {
			if t, ok := callTurn[id]; ok && t >= 0 {
				slot[f] = t
				next = max(next, t)
			}
			continue
		}
		if f.event != "Stop" {
			continue
		}
		var m map[string]any
		_ = json.Unmarshal(f.stdin, &m)
		last, _ := m["last_assistant_message"].(string)
		for j := next; j < len(obs.ModelTurns); j++ {
			answer, calls := false, false
			for _, it := range obs.ModelTurns[j].Reply {
				if it["call_id"] != nil {
					calls = true
				}
				if it["type"] == "message" && it["role"] == "assistant" && messageText(it) == last {
					answer = true
				}
			}
			if answer && !calls {
				slot[f], next = j, j+1
				break
			}
		}
	}
	index := map[*firing]int{}
	for i, f := range firings {
		index[f] = i
	}
	find := func(event, id string) int {
		for i, f := range firings {
			if !f.synth && f.event == event && stopID(f) == id {
				return i
			}
		}
		return -1
	}
	sched := map[*firing][]toolRun{}
	for _, r := range runs {
		at := -1
		if i := find("PostToolUse", r.callID); i >= 0 {
			at = i
		} else if i := find("PreToolUse", r.callID); i >= 0 {
			at = i + 1
		} else if r.turn >= 0 {
			for i, f := range firings {
				if slot[f] > r.turn {
					at = i
					break
				}
			}
		}
		for at >= 0 && at < len(firings) && firings[at].synth {
			at++ // a synthesised event stands for no recorded moment
		}
		var f *firing
		if at >= 0 && at < len(firings) {
			f = firings[at]
		}
		sched[f] = append(sched[f], r)
	}
	return sched
}

// toolRunTimeout bounds one carried-out call.
const toolRunTimeout = time.Minute

// carryOut runs one call in l's folders; a failure is logged (the call
// may have failed in Codex too), one that would touch files outside the
// replay's temp dir is refused.
func carryOut(r reporter, l *layout, run toolRun) {
	r.Helper()
	if run.pre != nil && run.pre.render.EffectiveInput != nil {
		if c := commandOf(run.pre.render.EffectiveInput); c != "" && run.patch != "" {
			run.patch = c
		} else if c != "" {
			run.shell = c
		}
	}
	if run.patch != "" {
		if err := applyPatchText(l.ph.Expand(run.patch), run.workdir, l.root); err != nil {
			r.Logf("call %s: apply_patch: %v", run.callID, err)
		}
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), toolRunTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "/bin/bash", "-c", l.ph.Expand(run.shell))
	cmd.Dir = run.workdir
	cmd.Env = l.env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 2 * time.Second
	out, err := cmd.CombinedOutput()
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // its background children too
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) || ctx.Err() != nil {
		r.Logf("call %s: %q: %v: %s", run.callID, run.shell, err, out)
	}
}

// applyPatchText applies a Codex patch text (Add, Update, Delete File,
// Move to) with relative paths against dir, refusing paths outside root.
// As Codex, it checks every operation before changing any file.
func applyPatchText(text, dir, root string) error {
	ops, ok := parsePatch(text)
	if !ok {
		return fmt.Errorf("not a patch: %.60q", text)
	}
	abs := func(p string) (string, error) {
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		p = filepath.Clean(p)
		if rel, err := filepath.Rel(root, p); err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
			return "", fmt.Errorf("%s is outside the replay's folder", p)
		}
		return p, nil
	}
	type write struct {
		path, content string
		remove        bool
	}
	var writes []write
	for _, op := range ops {
		p, err := abs(op.path)
		if err != nil {
			return err
		}
		switch op.kind {
		case "add":
			writes = append(writes, write{path: p, content: strings.Join(op.lines, "\n") + "\n"})
		case "delete":
			if _, err := os.Stat(p); err != nil {
				return err
			}
			writes = append(writes, write{path: p, remove: true})
		case "update":
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			content, err := applyHunks(string(data), op.hunks)
			if err != nil {
				return fmt.Errorf("%s: %w", op.path, err)
			}
			if op.move != "" {
				dst, err := abs(op.move)
				if err != nil {
					return err
				}
				writes = append(writes, write{path: dst, content: content}, write{path: p, remove: true})
			} else {
				writes = append(writes, write{path: p, content: content})
			}
		}
	}
	for _, w := range writes {
		if w.remove {
			if err := os.Remove(w.path); err != nil {
				return err
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(w.path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(w.path, []byte(w.content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// applyHunks replaces each hunk's old lines, found in order (exactly,
// else ignoring trailing then surrounding blanks), by its new lines; a
// hunk with no old lines appends. The result ends with a newline.
func applyHunks(content string, hunks []hunk) (string, error) {
	lines := strings.Split(content, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	from := 0
	for _, h := range hunks {
		if len(h.old) == 0 {
			lines = append(lines, h.new...)
			from = len(lines)
			continue
		}
		at := -1
		for _, eq := range []func(a, b string) bool{
			func(a, b string) bool { return a == b },
			func(a, b string) bool { return strings.TrimRight(a, " \t") == strings.TrimRight(b, " \t") },
			func(a, b string) bool { return strings.TrimSpace(a) == strings.TrimSpace(b) },
		} {
			for i := from; at < 0 && i+len(h.old) <= len(lines); i++ {
				match := true
				for j := range h.old {
					if !eq(lines[i+j], h.old[j]) {
						match = false
						break
					}
				}
				if match {
					at = i
				}
			}
			if at >= 0 {
				break
			}
		}
		if at < 0 {
			return "", fmt.Errorf("lines not found: %q", strings.Join(h.old, "\n"))
		}
		rest := append([]string{}, lines[at+len(h.old):]...)
		lines = append(append(lines[:at], h.new...), rest...)
		from = at + len(h.new)
	}
	return strings.Join(lines, "\n") + "\n", nil
}

// TestApplyPatchText checks the replay's patch applier on each operation,
// its all-or-nothing check and its refusal of paths outside the folder.
func TestApplyPatchText(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "proj")
	write := func(rel, s string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, rel)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, rel), []byte(s), 0o644))
	}
	read := func(rel string) string {
		b, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			return "<" + err.Error() + ">"
		}
		return string(b)
	}
	write("f.txt", "a\nold line\nb\nc\n")
	write("gone.txt", "x\n")
	write("mv.txt", "one\n")
	require.NoError(t, applyPatchText("*** Begin Patch\n*** Update File: f.txt\n@@\n a\n-old line\n+new line\n@@\n-c\n+C\n+D\n*** Delete File: gone.txt\n*** Add File: sub/new.txt\n+n\n+m\n*** Update File: mv.txt\n*** Move to: moved.txt\n@@\n-one\n+two\n*** End Patch", dir, root))
	require.Equal(t, "a\nnew line\nb\nC\nD\n", read("f.txt"))
	require.Contains(t, read("gone.txt"), "no such file")
	require.Equal(t, "n\nm\n", read("sub/new.txt"))
	require.Equal(t, "two\n", read("moved.txt"))
	require.Contains(t, read("mv.txt"), "no such file")

	// A failing operation changes no file.
	err := applyPatchText("*** Begin Patch\n*** Add File: first.txt\n+x\n*** Update File: missing.txt\n@@\n-a\n+b\n*** End Patch", dir, root)
	require.Error(t, err)
	require.Contains(t, read("first.txt"), "no such file")
	err = applyPatchText("*** Begin Patch\n*** Update File: f.txt\n@@\n-not there\n+x\n*** End Patch", dir, root)
	require.ErrorContains(t, err, "lines not found")

	err = applyPatchText("*** Begin Patch\n*** Add File: ../../outside.txt\n+x\n*** End Patch", dir, root)
	require.ErrorContains(t, err, "outside the replay's folder")
	require.Error(t, applyPatchText("not a patch", dir, root))
}

// TestReplayToolInputs checks how a carried-out call's input is read:
// Codex's quoted stream command and an apply_patch heredoc.
func TestReplayToolInputs(t *testing.T) {
	c, ok := streamCommand(`/bin/bash -lc 'echo it'"'"'s | tee -a ran.log'`)
	require.True(t, ok)
	require.Equal(t, `echo it's | tee -a ran.log`, c)
	_, ok = streamCommand(`/bin/zsh -c 'x'`)
	require.False(t, ok)

	p, ok := heredocPatch("apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: hd.txt\n+x\n*** End Patch\nEOF")
	require.True(t, ok)
	require.Equal(t, "*** Begin Patch\n*** Add File: hd.txt\n+x\n*** End Patch", p)
	_, ok = heredocPatch("cat <<'EOF'\nx\nEOF")
	require.False(t, ok)
}
