//go:build unix

package compat_test

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/native"
	"github.com/hookcompat/hookcompat/compat/phi"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// write creates the files of a test project (path → content).
func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		mode := os.FileMode(0o644)
		if strings.HasSuffix(name, ".sh") {
			mode = 0o755
		}
		require.NoError(t, os.WriteFile(p, []byte(content), mode))
	}
}

// TestEnginesWithDifferentVocabulariesFireConcurrently: the vocabulary is
// an engine's, fixed at construction, used by matching, payloads and if
// rules of every protocol. One engine's host calls its shell tool
// "shell", the other's "exec"; fired concurrently (go test -race), each
// engine's Claude, Phi and native hooks select its own host's shell calls
// and the Claude hook sees tool_name Bash in both.
func TestEnginesWithDifferentVocabulariesFireConcurrently(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		".claude/settings.json": `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"\"$CLAUDE_PROJECT_DIR\"/claude.sh"}]}]}}`,
		"claude.sh": `#!/bin/sh
name=$(grep -o '"tool_name":"[A-Za-z]*"' | cut -d'"' -f4)
printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"claude saw %s"}}' "$name"
`,
		"hooks.toml": `[[hooks.pre_tool]]
if = "shell(git push *)"
command = 'echo "{\"additional_context\":\"native push guard\"}"'
`,
		".phi/hooks/guard/hook.json": `{"name":"guard","event":"pre_tool","match":"bash","run":"./run.sh"}`,
		".phi/hooks/guard/run.sh":    "#!/bin/sh\necho '{\"action\":\"allow\",\"context\":\"phi guard\"}'\n",
	})
	engine := func(vocab *translate.Vocabulary) *runner.Engine {
		l, err := compat.Load(compat.Options{Project: dir, Home: t.TempDir(), ManagedDir: t.TempDir(), Vocabulary: vocab,
			Sources: slices.Concat(claude.Sources(filepath.Join(dir, ".claude/settings.json")), native.Sources(filepath.Join(dir, "hooks.toml")),
				phi.Sources(filepath.Join(dir, ".phi/hooks")))})
		require.NoError(t, err)
		e, err := compat.NewEngine(l, runner.Options{})
		require.NoError(t, err)
		return e
	}
	plain := engine(nil)
	host := engine(translate.DefaultVocabulary.Rename(map[string]string{"shell": "exec"}))
	args := json.RawMessage(`{"command":"git push origin main"}`)
	check := func(e *runner.Engine, tool string) error {
		out, err := e.Fire(context.Background(), runner.Event{Name: settings.PreTool, SessionID: "s", Tool: tool, Args: args})
		if err != nil {
			return err
		}
		if len(out.Hooks) != 3 {
			return errors.New(tool + ": want the Claude, Phi and native hooks selected")
		}
		for _, want := range []string{"claude saw Bash", "native push guard", "phi guard"} {
			if !strings.Contains(out.AdditionalContext, want) {
				return errors.New(tool + ": missing " + want + " in " + out.AdditionalContext)
			}
		}
		return nil
	}
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for range 20 {
		wg.Add(2)
		go func() { defer wg.Done(); errs <- check(plain, "shell") }()
		go func() { defer wg.Done(); errs <- check(host, "exec") }()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	// The host's engine still accepts the old native name (an alias); the
	// default one knows no exec tool.
	for _, c := range []struct {
		e    *runner.Engine
		tool string
		n    int
	}{{plain, "exec", 0}, {host, "shell", 3}} {
		out, err := c.e.Fire(context.Background(), runner.Event{Name: settings.PreTool, SessionID: "s", Tool: c.tool, Args: args})
		require.NoError(t, err)
		require.Len(t, out.Hooks, c.n, "tool %s", c.tool)
	}
}

// TestLoadErrorsAreTyped: a missing file or project matches
// fs.ErrNotExist; a bad matcher, rule or event is found by errors.As with
// its position; NewEngine(nil) is an error.
func TestLoadErrorsAreTyped(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nope")
	for _, opts := range []compat.Options{
		{Project: dir, Sources: claude.Sources(missing + ".json")},
		{Project: dir, Sources: native.Sources(missing + ".toml")},
		{Project: dir, Sources: []format.Source{{Path: missing + ".json"}}},
		{Project: missing},
	} {
		_, err := compat.Load(opts)
		assert.ErrorIs(t, err, fs.ErrNotExist, "%+v", opts)
	}
	write(t, dir, map[string]string{
		"matcher.toml": "[[hooks.pre_tool]]\nmatch = \"[\"\ncommand = \"x\"\n",
		"rule.toml":    "[[hooks.pre_tool]]\nif = \"shell(git\"\ncommand = \"x\"\n",
		"event.toml":   "[[hooks.pre_tol]]\ncommand = \"x\"\n",
	})
	_, err := compat.Load(compat.Options{Project: dir, Sources: native.Sources(filepath.Join(dir, "matcher.toml"))})
	var me *settings.MatcherError
	require.ErrorAs(t, err, &me)
	assert.Equal(t, 2, me.Line)
	_, err = compat.Load(compat.Options{Project: dir, Sources: native.Sources(filepath.Join(dir, "rule.toml"))})
	var re *settings.RuleError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, "shell(git", re.Rule)
	_, err = compat.Load(compat.Options{Project: dir, Sources: native.Sources(filepath.Join(dir, "event.toml"))})
	var ue *settings.UnknownEventError
	require.ErrorAs(t, err, &ue)
	assert.Equal(t, settings.Event("pre_tol"), ue.Event)

	_, err = compat.NewEngine(nil, runner.Options{})
	assert.Error(t, err)
	_, err = compat.Watch(nil, nil, nil)
	assert.Error(t, err)
}

// TestClaudePromptHooksThroughTheJudge: a Claude prompt hook asks the
// judge with $ARGUMENTS replaced by Claude's hook input; a blocking
// verdict ({"ok": false}) denies the call, and a judge answering in the
// native shape ({"decision": "deny"}) is read the same way. With a judge
// the hook loads without the unsupported-handler warning.
func TestClaudePromptHooksThroughTheJudge(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{".claude/settings.json": `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[
		{"type":"prompt","prompt":"Deny deleting commands: $ARGUMENTS"}]}],
		"Stop":[{"hooks":[{"type":"prompt","prompt":"the tests pass"}]}]}}`})
	opts := compat.Options{Project: dir, Home: t.TempDir(), ManagedDir: t.TempDir(), Sources: claude.Sources(filepath.Join(dir, ".claude/settings.json"))}
	l, err := compat.Load(opts)
	require.NoError(t, err)
	assert.True(t, hasCode(l.Warnings, translate.CodeUnsupportedHandler), "without a judge the hook cannot run: %v", l.Warnings)

	var mu sync.Mutex
	var prompts []string
	for _, answer := range []string{`{"ok": false, "reason": "rm deletes"}`, `{"decision": "deny", "reason": "rm deletes"}`} {
		opts.Judge = runner.JudgeFunc(func(_ context.Context, req *runner.JudgeRequest) (runner.Verdict, error) {
			mu.Lock()
			prompts = append(prompts, req.Prompt)
			mu.Unlock()
			return runner.ParseVerdict([]byte(answer))
		})
		l, err := compat.Load(opts)
		require.NoError(t, err)
		assert.False(t, hasCode(l.Warnings, translate.CodeUnsupportedHandler), "%v", l.Warnings)
		e, err := compat.NewEngine(l, runner.Options{})
		require.NoError(t, err)
		out, err := e.Fire(context.Background(), runner.Event{Name: settings.PreTool, SessionID: "s", Tool: "shell", Args: json.RawMessage(`{"command":"rm -rf /"}`)})
		require.NoError(t, err)
		assert.Equal(t, runner.DecisionDeny, out.Decision, "answer %s", answer)
		assert.Equal(t, "rm deletes", out.Reason)
		require.NotNil(t, out.Continue, "a prompt hook's block ends the turn on PreToolUse (claude §6.11)")
		assert.False(t, *out.Continue)

		out, err = e.Fire(context.Background(), runner.Event{Name: settings.Stop, SessionID: "s"})
		require.NoError(t, err)
		assert.Equal(t, runner.DecisionBlock, out.Decision, "on Stop a block continues the turn")
		require.NotNil(t, out.Continue)
		assert.True(t, *out.Continue)
	}
	require.NotEmpty(t, prompts)
	assert.True(t, strings.HasPrefix(prompts[0], `Deny deleting commands: {"session_id":"s"`), "$ARGUMENTS is Claude's hook input: %s", prompts[0])
	assert.Contains(t, prompts[0], `"tool_name":"Bash"`)
	assert.Contains(t, prompts[1], "has the following stopping condition been satisfied?")
	assert.Contains(t, prompts[1], "Condition: the tests pass\n\nARGUMENTS: {")
}

// TestClaudeMCPToolHooksThroughTheCaller: with an MCP caller, Claude's
// mcp_tool handlers load and run through it, its text read as the hook's
// stdout; without one they are skipped with a warning.
func TestClaudeMCPToolHooksThroughTheCaller(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{".claude/settings.json": `{"hooks":{"PreToolUse":[{"matcher":"Write","hooks":[
		{"type":"mcp_tool","server":"policy","tool":"check_path","input":{"path":"${tool_input.file_path}"}}]}]}}`})
	opts := compat.Options{Project: dir, Home: t.TempDir(), ManagedDir: t.TempDir(), Sources: claude.Sources(filepath.Join(dir, ".claude/settings.json"))}
	l, err := compat.Load(opts)
	require.NoError(t, err)
	assert.Empty(t, l.Config.Hooks)
	assert.True(t, hasCode(l.Warnings, translate.CodeUnsupportedHandler))

	var got *runner.MCPCall
	opts.MCP = runner.MCPCallerFunc(func(_ context.Context, call *runner.MCPCall) (runner.MCPResult, error) {
		got = call
		return runner.MCPResult{Text: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"protected path"}}`}, nil
	})
	l, err = compat.Load(opts)
	require.NoError(t, err)
	require.Len(t, l.Config.Hooks, 1)
	assert.Equal(t, 600*time.Second, l.Config.Hooks[0].Timeout)
	e, err := compat.NewEngine(l, runner.Options{})
	require.NoError(t, err)
	out, err := e.Fire(context.Background(), runner.Event{Name: settings.PreTool, SessionID: "s", Tool: "write", Args: json.RawMessage(`{"path":"/etc/passwd","content":"x"}`)})
	require.NoError(t, err)
	require.NotNil(t, got)
	assert.Equal(t, "policy", got.Server)
	assert.JSONEq(t, `{"path":"/etc/passwd"}`, string(got.Input), "lookups read Claude's hook input (file_path)")
	assert.Equal(t, runner.DecisionDeny, out.Decision)
	assert.Equal(t, "protected path", out.Reason)
}

func hasCode(ws []translate.Warning, code string) bool {
	for _, w := range ws {
		if w.Code == code {
			return true
		}
	}
	return false
}

// TestWatchReportsWarnings: Watch starts from the load it is given (no
// second load), and each applied change carries the new load's warnings:
// a hook dropped by a bad matcher on reload is visible, also when the
// edit changes nothing else.
func TestWatchReportsWarnings(t *testing.T) {
	dir := t.TempDir()
	settingsFile := filepath.Join(dir, ".claude/settings.json")
	write(t, dir, map[string]string{".claude/settings.json": `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./guard.sh"}]}]}}`})
	l, err := compat.Load(compat.Options{Project: dir, Home: t.TempDir(), ManagedDir: t.TempDir(), Sources: claude.Sources(settingsFile)})
	require.NoError(t, err)
	e, err := compat.NewEngine(l, runner.Options{})
	require.NoError(t, err)
	changes := make(chan compat.Change, 10)
	w, err := compat.Watch(l, e, func(c compat.Change) { changes <- c })
	require.NoError(t, err)
	defer w.Close()
	next := func() compat.Change {
		t.Helper()
		select {
		case c := <-changes:
			return c
		case <-time.After(10 * time.Second):
			t.Fatal("no change reported")
		}
		return compat.Change{}
	}

	// The guard's matcher is broken: the hook is dropped, with a warning.
	write(t, dir, map[string]string{".claude/settings.json": `{"hooks":{"PreToolUse":[{"matcher":"(Bash","hooks":[{"type":"command","command":"./guard.sh"}]}]}}`})
	c := next()
	require.NoError(t, c.Err)
	assert.True(t, c.Applied)
	assert.Len(t, c.Removed, 1)
	assert.True(t, hasCode(c.Warnings, translate.CodeInvalidMatcher), "%v", c.Warnings)
	assert.Empty(t, e.Hooks())

	// Fixed, then a second hook with a broken matcher is added: the
	// running hooks gain the fixed one only, and the warning says why.
	write(t, dir, map[string]string{".claude/settings.json": `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./guard.sh"}]}]}}`})
	c = next()
	assert.Len(t, c.Added, 1)
	assert.Empty(t, c.Warnings)
	write(t, dir, map[string]string{".claude/settings.json": `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./guard.sh"}]},{"matcher":"[","hooks":[{"type":"command","command":"./other.sh"}]}]}}`})
	c = next()
	require.NoError(t, c.Err)
	assert.Empty(t, c.Added, "the new hook does not load")
	assert.True(t, hasCode(c.Warnings, translate.CodeInvalidMatcher), "an edit that only adds a warning is reported: %v", c.Warnings)
	require.NotNil(t, c.Loaded)
	assert.Len(t, e.Hooks(), 1)
}

// TestDoctorListsMCPToolHooks: doctor lists an mcp_tool hook instead of
// looking for a program it does not run.
func TestDoctorListsMCPToolHooks(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{".claude/settings.json": `{"hooks":{"Stop":[{"hooks":[{"type":"mcp_tool","server":"ci","tool":"status"}]}]}}`})
	l, err := compat.Load(compat.Options{Project: dir, Home: t.TempDir(), ManagedDir: t.TempDir(), Sources: claude.Sources(filepath.Join(dir, ".claude/settings.json")),
		MCP: runner.MCPCallerFunc(func(context.Context, *runner.MCPCall) (runner.MCPResult, error) { return runner.MCPResult{}, nil })})
	require.NoError(t, err)
	findings := compat.Doctor(l, nil)
	require.Len(t, findings, 1)
	assert.Equal(t, compat.CodeMCPToolHook, findings[0].Code)
}

// TestCursorPromptHooksWithAJudge: a Cursor prompt hook loads without the
// unsupported-handler warning when the load has a judge.
func TestCursorPromptHooksWithAJudge(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{".cursor/hooks.json": `{"version":1,"hooks":{"beforeShellExecution":[{"type":"prompt","prompt":"is it safe?"}]}}`})
	opts := compat.Options{Project: dir, Home: t.TempDir(), ManagedDir: t.TempDir(), Sources: []format.Source{{Format: "cursor", Path: filepath.Join(dir, ".cursor/hooks.json")}}}
	l, err := compat.Load(opts)
	require.NoError(t, err)
	require.Len(t, l.Config.Hooks, 1)
	assert.True(t, hasCode(l.Warnings, translate.CodeUnsupportedHandler))
	opts.Judge = runner.JudgeFunc(func(context.Context, *runner.JudgeRequest) (runner.Verdict, error) { return runner.Verdict{}, nil })
	l, err = compat.Load(opts)
	require.NoError(t, err)
	assert.False(t, hasCode(l.Warnings, translate.CodeUnsupportedHandler), "%v", l.Warnings)
}

// TestDefaultToolKindsMatchTheVocabulary: an engine built without
// ToolKinds (runner.New directly) resolves native rule kinds as one built
// by NewEngine with the default vocabulary does.
func TestDefaultToolKindsMatchTheVocabulary(t *testing.T) {
	assert.Equal(t, translate.DefaultVocabulary.Kinds(), runner.DefaultToolKinds())
}
