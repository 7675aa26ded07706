package codex

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// The shim's answer to Codex for a converted hook's outcome (codex-format
// §8.3): only fields Codex accepts for the event, each reply valid for
// Codex's own classifier.
func TestCodexHostWriteReply(t *testing.T) {
	goOn, stop := true, false
	shell := func(name settings.Event) runner.Event {
		return runner.Event{Name: name, Tool: "shell", Args: json.RawMessage(`{"command":"ls"}`), Cwd: "/p", SessionID: "s", PromptID: "t"}
	}
	rows := []struct {
		name string
		ev   runner.Event
		out  runner.Reply
		want string
	}{
		{"pre deny", shell(settings.PreTool), runner.Reply{Decision: runner.DecisionDeny, Reason: "NO", AdditionalContext: "C", Continue: &stop, SystemMessage: "S"},
			`{"systemMessage":"S","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"NO","additionalContext":"C"}}`},
		{"pre deny without reason", shell(settings.PreTool), runner.Reply{Decision: runner.DecisionDeny},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"blocked by a PreToolUse hook"}}`},
		{"pre rewrite", shell(settings.PreTool), runner.Reply{Decision: runner.DecisionAllow, UpdatedArgs: json.RawMessage(`{"command":"echo NEW","description":"d"}`)},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"echo NEW"}}}`},
		{"pre allow alone: nothing", shell(settings.PreTool), runner.Reply{Decision: runner.DecisionAllow}, ``},
		{"pre ask: a deny (Claude Code headless)", shell(settings.PreTool), runner.Reply{Decision: runner.DecisionAsk, Reason: "?"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"?"}}`},
		{"perm allow", shell(settings.PermissionRequest), runner.Reply{Decision: runner.DecisionAllow, UpdatedArgs: json.RawMessage(`{"command":"x"}`)},
			`{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}`},
		{"perm deny", shell(settings.PermissionRequest), runner.Reply{Decision: runner.DecisionDeny, Reason: "M", Continue: &stop},
			`{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"M"}}}`},
		{"post block: the reason as context, the output kept (Claude Code shows both)", shell(settings.PostTool), runner.Reply{Decision: runner.DecisionBlock, Reason: "R", UpdatedResult: json.RawMessage(`"x"`)},
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"R"}}`},
		{"post block with context", shell(settings.PostTool), runner.Reply{Decision: runner.DecisionBlock, Reason: "R", AdditionalContext: "C"},
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"R\n\nC"}}`},
		{"post continue:false: dropped (Codex would replace the output)", shell(settings.PostTool), runner.Reply{Continue: &stop, StopReason: "S", AdditionalContext: "C"},
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"C"}}`},
		{"ups block", runner.Event{Name: settings.PromptSubmit}, runner.Reply{Decision: runner.DecisionBlock, Reason: "B", AdditionalContext: "dropped"},
			`{"decision":"block","reason":"B"}`},
		{"ups context", runner.Event{Name: settings.PromptSubmit}, runner.Reply{AdditionalContext: "C"},
			`{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"C"}}`},
		{"session start context", runner.Event{Name: settings.SessionStart}, runner.Reply{AdditionalContext: "C"},
			`{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"C"}}`},
		{"stop block", runner.Event{Name: settings.Stop, SessionID: "host-test-stop"}, runner.Reply{Decision: runner.DecisionBlock, Reason: "MORE", Continue: &goOn},
			`{"decision":"block","reason":"MORE"}`},
		{"stop continue:false", runner.Event{Name: settings.Stop}, runner.Reply{Continue: &stop},
			`{"continue":false}`},
		{"session end: nothing", runner.Event{Name: settings.SessionEnd}, runner.Reply{Decision: runner.DecisionBlock, Reason: "R"}, ``},
	}
	p := NewProtocol(nil)
	h := &settings.Hook{Protocol: Name, Command: "x", Timeout: time.Minute}
	for _, tc := range rows {
		t.Run(tc.name, func(t *testing.T) {
			ev := tc.ev
			stdout, stderr, code := codexFormat{}.WriteReply(&runner.Outcome{Reply: tc.out, Event: ev}, &ev)
			assert.Equal(t, 0, code)
			assert.Empty(t, stderr)
			assert.Equal(t, tc.want, strings.TrimSuffix(string(stdout), "\n"))
			if tc.want == "" {
				return
			}
			// Codex reads the reply as valid.
			r := p.Classify(h, &ev, &runner.RunResult{Stdout: stdout})
			assert.NotEqual(t, runner.OutcomeError, r.Outcome, "Codex would reject the reply: %s", r.Err)
		})
	}
}

// A file rewrite becomes patch text; a partial-line edit is widened to
// whole lines from the file.
func TestCodexHostRewritesEditsAsPatches(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.txt"), []byte("one foo two\nkeep\n"), 0o644))
	ev := runner.Event{Name: settings.PreTool, Tool: "edit", Cwd: dir, Args: json.RawMessage(`{"path":"a.txt"}`)}
	out := runner.Outcome{Reply: runner.Reply{UpdatedArgs: json.RawMessage(`{"path":"` + filepath.Join(dir, "a.txt") + `","old_string":"foo","new_string":"bar"}`)}}
	stdout, _, _ := codexFormat{}.WriteReply(&out, &ev)
	assert.Equal(t, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"*** Begin Patch\n*** Update File: a.txt\n@@\n-one foo two\n+one bar two\n*** End Patch"}}}`+"\n", string(stdout))
	out.Reply.UpdatedArgs = json.RawMessage(`{"path":"` + filepath.Join(dir, "new.txt") + `","content":"x\n"}`)
	stdout, _, _ = codexFormat{}.WriteReply(&out, &ev)
	assert.Contains(t, string(stdout), `*** Add File: new.txt\n+x\n*** End Patch`)
}

// Claude Code stops forcing continuations after 8 blocks in a row; the
// shim does too (Codex itself has no cap).
func TestCodexHostStopCap(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	goOn := true
	ev := runner.Event{Name: settings.Stop, SessionID: "cap", PromptID: "t"}
	block := runner.Outcome{Reply: runner.Reply{Decision: runner.DecisionBlock, Reason: "AGAIN", Continue: &goOn}}
	for i := 1; i <= stopCap+1; i++ {
		ev.StopHookActive = i > 1
		stdout, _, _ := codexFormat{}.WriteReply(&block, &ev)
		if i <= stopCap {
			assert.Contains(t, string(stdout), "AGAIN", "continuation %d", i)
		} else {
			assert.Empty(t, string(stdout), "the 9th consecutive block is not passed on")
		}
	}
	ev.StopHookActive = false
	stdout, _, _ := codexFormat{}.WriteReply(&block, &ev)
	assert.Contains(t, string(stdout), "AGAIN", "a new chain starts over")
}

// The shim's command line with Codex as its host, built and parsed in one
// place.
func TestCodexShimRoundTrip(t *testing.T) {
	spec := &format.ShimSpec{Host: "codex", Protocol: "claude", Event: "PreToolUse", Matcher: "Edit|Write", Timeout: 600 * time.Second, Command: []string{`"$CLAUDE_PROJECT_DIR"/.claude/hooks/x.sh`}}
	argv := format.ShimArgs("hookcompat", spec)
	back, err := format.ParseShimArgs(argv[2:])
	require.NoError(t, err)
	assert.Equal(t, spec, back)
	host, err := back.HostFormat()
	require.NoError(t, err)
	assert.NotNil(t, host)
	// A Codex hook through the shim (convert --target native of a Codex
	// file): its own event and matcher syntax.
	h, err := (&format.ShimSpec{Protocol: "codex", Event: "PostToolUse", Matcher: "^Ba", Command: []string{"x"}}).Hook()
	require.NoError(t, err)
	assert.Equal(t, settings.PostTool, h.Event)
	assert.Equal(t, Name, h.MatchSyntax)
	assert.Equal(t, DefaultTimeout, h.Timeout)
	_, err = (&format.ShimSpec{Protocol: "codex", Event: "Notification", Command: []string{"x"}}).Hook()
	assert.ErrorIs(t, err, format.ErrShimUsage)
}
