package compat_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
)

// targetPaths are where each target's file lives, so that reading a
// converted file back (--from auto) finds its format as a user's would.
var targetPaths = map[string]string{
	compat.TargetNative: "hooks.toml", compat.TargetHookcompat: "hookcompat.toml",
	"codex": ".codex/hooks.json", "gemini": ".gemini/settings.json", "qwen": ".qwen/settings.json",
	"cursor": ".cursor/hooks.json", "copilot": ".github/hooks/hooks.json",
}

// unwrapSources are sources of several formats with the shapes a
// converted hook must keep: exact matchers of several tools (written as
// the host's own matcher, one native table per tool), a regex only the
// shim can apply, statusMessage, async, fail-closed, an http hook and
// events of every kind.
var unwrapSources = map[string]string{
	".claude/settings.json": `{"hooks": {
  "PreToolUse": [
    {"matcher": "Bash", "hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh", "timeout": 30, "statusMessage": "Checking the command"}]},
    {"matcher": "Edit|MultiEdit|Write", "hooks": [{"type": "command", "command": "python3 .claude/hooks/protect.py"}]},
    {"matcher": "mcp__github__.*", "hooks": [{"type": "command", "command": "echo mcp", "onFailure": "block"}]}
  ],
  "PostToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "./fmt.sh", "async": true}]}],
  "UserPromptSubmit": [{"hooks": [{"type": "http", "url": "http://127.0.0.1:9/hook", "timeout": 5}]}],
  "SessionStart": [{"matcher": "startup", "hooks": [{"type": "command", "command": "echo ctx"}]}],
  "Stop": [{"hooks": [{"type": "command", "command": "echo 'done' && exit 0"}]}]
}}`,
	".codex/hooks.json": `{"hooks": {
  "PreToolUse": [{"matcher": "^Bash$", "hooks": [{"type": "command", "command": "python3 .codex/hooks/pre.py", "timeout": 30, "statusMessage": "Checking"}]}],
  "Stop": [{"hooks": [{"type": "command", "command": "./stop.sh"}]}]
}}`,
	".gemini/settings.json": `{"hooks": {
  "BeforeTool": [{"matcher": "run_shell_command|write_file", "hooks": [{"type": "command", "name": "guard", "command": "node .gemini/guard.js", "timeout": 5000}]}],
  "AfterAgent": [{"hooks": [{"type": "command", "command": "echo after"}]}]
}}`,
	".cursor/hooks.json": `{"version": 1, "hooks": {
  "beforeShellExecution": [{"command": "./.cursor/check.sh", "timeout": 10}],
  "preToolUse": [{"command": "./.cursor/pre.sh", "matcher": "Shell|Write"}],
  "stop": [{"command": "./.cursor/stop.sh", "loop_limit": 3}]
}}`,
	".github/hooks/hooks.json": `{"version": 1, "hooks": {
  "preToolUse": [{"type": "command", "bash": "./guard.sh", "timeoutSec": 20, "matcher": "bash"}],
  "agentStop": [{"type": "command", "bash": "./stop.sh"}]
}}`,
}

// shimCalls matches one exec shim call in a converted command or args.
var shimCalls = regexp.MustCompile(`hookcompat"?,? "?exec`)

// tomlProvenance are the lines of a converted TOML file that name its
// inputs and their positions, which differ when the input differs.
var tomlProvenance = regexp.MustCompile(`(?m)^#(   .*| from .*)$`)

// statusMessage is a hook's statusMessage field in a JSON target, its
// status_message in TOML.
var statusMessage = regexp.MustCompile(`,\n\s*"statusMessage": "[^"]*"|(?m)^status_message = .*\n`)

// TestConvertConvertedFile: converting a file convert wrote — whose hooks
// call the exec shim — converts the hooks they wrap, for every target:
// never a shim around a shim; for the file's own host again the same
// bytes; for another host what converting the source gives (TOML up to
// the provenance comments). A new-user trial got `exec … -- hookcompat
// exec … -- script` from `convert --target copilot` of a Copilot file
// convert wrote.
func TestConvertConvertedFile(t *testing.T) {
	targets := format.TargetNames()
	for src, data := range unwrapSources {
		direct := map[string]*compat.Converted{}
		for _, t1 := range targets {
			res := compat.Convert([]compat.Input{{Name: src, Data: []byte(data)}}, compat.ConvertOptions{Target: t1, AsLoaded: true})
			require.Empty(t, res.Errors, "%s → %s", src, t1)
			direct[t1] = res
		}
		for _, t1 := range targets {
			first := direct[t1].Output
			for _, t2 := range targets {
				again := compat.Convert([]compat.Input{{Name: targetPaths[t1], Data: first}}, compat.ConvertOptions{Target: t2, AsLoaded: true})
				require.Empty(t, again.Errors, "%s → %s → %s", src, t1, t2)
				for _, w := range again.Warnings {
					assert.NotEqual(t, compat.CodeShimKept, w.Code, "%s → %s → %s: %s", src, t1, t2, w)
				}
				for _, line := range strings.Split(string(again.Output), "\n") {
					assert.LessOrEqual(t, len(shimCalls.FindAllString(line, -1)), 1, "%s → %s → %s: a shim around a shim: %s", src, t1, t2, line)
				}
				want, got := string(direct[t2].Output), string(again.Output)
				for _, w := range direct[t1].Warnings {
					if w.Code == "status-message-dropped" { // lost at t1
						want = statusMessage.ReplaceAllString(want, "")
					}
				}
				if t2 == compat.TargetNative || t2 == compat.TargetHookcompat {
					want, got = tomlProvenance.ReplaceAllString(want, "#"), tomlProvenance.ReplaceAllString(got, "#")
				}
				if t2 == t1 {
					assert.Equal(t, string(first), string(again.Output), "%s → %s, converted again for %s: not the same bytes", src, t1, t1)
				}
				assert.Equal(t, want, got, "%s → %s → %s differs from %s → %s", src, t1, t2, src, t2)
			}
		}
	}
}
