package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
)

// matrixSettings is a Claude Code settings file with a hook on every event
// and every construct whose effect can differ inside another agent (a
// matcher naming Read, an async PostToolUse, a long async SessionEnd, a
// PostToolUseFailure, prompt and agent handlers, SessionStart matchers). The
// matrix of docs/conversion.md lists what convert warns for it per agent.
const matrixSettings = `{
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh"}]},
      {"matcher": "Read|Edit|Write|Bash", "hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/audit.sh", "timeout": 30}]}
    ],
    "PermissionRequest": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "perm.sh"}]}],
    "PostToolUse": [
      {"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "fmt.sh"}]},
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "lint.sh", "async": true}]}
    ],
    "PostToolUseFailure": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "fail.sh"}]}],
    "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "ups.sh"}, {"type": "prompt", "prompt": "is this ok? $ARGUMENTS"}]}],
    "Stop": [{"hooks": [{"type": "command", "command": "stop.sh"}, {"type": "agent", "prompt": "check tests"}]}],
    "SubagentStop": [{"hooks": [{"type": "command", "command": "substop.sh"}]}],
    "SessionStart": [{"matcher": "startup|resume", "hooks": [{"type": "command", "command": "ss.sh"}]}, {"matcher": "compact", "hooks": [{"type": "command", "command": "ssc.sh"}]}],
    "SessionEnd": [{"hooks": [{"type": "command", "command": "se.sh", "timeout": 30, "async": true}]}],
    "PreCompact": [{"hooks": [{"type": "command", "command": "pc.sh"}]}],
    "Notification": [{"hooks": [{"type": "command", "command": "notify.sh"}]}]
  }
}`

// TestCrossAgentMatrixDocumented: docs/conversion.md lists, per agent,
// every difference convert warns about when matrixSettings is converted for
// that agent — each warning once, as "- `code`: message" under the
// agent's heading, and no line that convert no longer prints — and the
// count line "N warned differences under AGENT". A new or changed warning
// fails the test until the matrix says it.
func TestCrossAgentMatrixDocumented(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "conversion.md"))
	require.NoError(t, err)
	for _, tg := range []struct{ name, agent string }{
		{"codex", "Codex"}, {"gemini", "Gemini CLI"}, {"qwen", "Qwen Code"}, {"cursor", "Cursor"},
	} {
		t.Run(tg.name, func(t *testing.T) {
			conv := compat.Convert([]compat.Input{{Name: ".claude/settings.json", Data: []byte(matrixSettings), From: "claude"}},
				compat.ConvertOptions{Target: tg.name, Shim: "hookcompat"})
			require.Empty(t, conv.Errors)
			seen := map[string]bool{}
			var want []string
			for _, w := range conv.Warnings {
				line := fmt.Sprintf("- `%s`: %s", w.Code, w.Message)
				if !seen[line] {
					seen[line] = true
					want = append(want, line)
				}
			}
			sort.Strings(want)
			heading := "### Every warned difference under " + tg.agent + "\n"
			i := strings.Index(string(doc), heading)
			require.GreaterOrEqual(t, i, 0, "docs/conversion.md has no %q", strings.TrimSpace(heading))
			section := string(doc)[i+len(heading):]
			if j := strings.Index(section, "\n#"); j >= 0 {
				section = section[:j]
			}
			var got []string
			for _, l := range strings.Split(section, "\n") {
				if strings.HasPrefix(l, "- `") {
					got = append(got, l)
				}
			}
			sort.Strings(got)
			assert.Equal(t, want, got, "the warnings listed under %q (convert prints them for the matrix settings)", strings.TrimSpace(heading))
			assert.Contains(t, section, fmt.Sprintf("%d warned differences under %s", len(want), tg.agent))
		})
	}
}
