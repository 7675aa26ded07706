package claude

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var updateDoc = flag.Bool("update", false, "rewrite the event table of docs/formats/claude.md")

// TestFormatDocListsTheTable keeps the event table of
// docs/formats/claude.md equal to the event table the code runs (go test
// ./compat/claude -run TestFormatDoc -update rewrites it).
func TestFormatDocListsTheTable(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "formats", "claude.md")
	doc, err := os.ReadFile(path)
	require.NoError(t, err)
	const begin, end = "<!-- event table: generated from compat/claude/events.go -->\n", "<!-- end of event table -->\n"
	before, rest, ok := strings.Cut(string(doc), begin)
	require.True(t, ok, "%s has no %q", path, begin)
	_, after, ok := strings.Cut(rest, end)
	require.True(t, ok, "%s has no %q", path, end)
	table := eventTableMarkdown()
	if *updateDoc {
		require.NoError(t, os.WriteFile(path, []byte(before+begin+table+end+after), 0o644))
		return
	}
	assert.Equal(t, table, strings.SplitN(rest, end, 2)[0], "docs/formats/claude.md's event table is stale: go test ./compat/claude -run TestFormatDoc -update")
}

// eventTableMarkdown renders the event table for people.
func eventTableMarkdown() string {
	var b strings.Builder
	b.WriteString("| event | native | matcher on | plain stdout | exit 2 | `continue:false` | contexts | lands | `CLAUDE_ENV_FILE` | > 10,000 chars |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	yes := func(v bool, s string) string {
		if v {
			return s
		}
		return ""
	}
	for _, e := range events.Get().rows {
		match := map[matchKind]string{matchNone: "— (ignored)", matchTool: "tool name", matchReason: "", matchType: "notification_type", matchSubagent: "agent_type"}[e.match.kind]
		switch e.match.kind {
		case matchReason, matchField:
			match = e.match.field
		case matchBase:
			match = "base name of " + e.match.field
		}
		plain := map[plainUse]string{plainIgnored: "", plainSuccess: "context (own reminder)", plainContext: "context (joined)"}[e.plain]
		exit2 := map[exit2Use]string{exit2Ignored: "", exit2Deny: "denies", exit2Feedback: "feedback", exit2BlockPrompt: "blocks the prompt",
			exit2Continue: "continues", exit2EndLoop: "ends the loop", exit2ToolError: "tool call fails", exit2Cancel: "cancels"}[e.exit2]
		cont := map[contUse]string{contIgnored: "ignored", contEndsLoop: "ends the loop", contStopsTurn: "stops the prompt", contEndsTurn: "ends the turn"}[e.cont]
		ctx := ""
		if e.out.has(outContext) {
			ctx = "one per hook"
			if e.join {
				ctx = "joined"
			}
		}
		if e.out.has(outIgnoreAll) {
			ctx, cont = "output ignored", "ignored"
		}
		persist := ""
		if e.persist {
			persist = map[persistID]string{idToolUse: "persisted (tool_use_id)", idUUID: "persisted (UUID)", idHookUUID: "persisted (hook-UUID)"}[e.persistID]
		}
		fmt.Fprintf(&b, "| %s | `%s` | %s | %s | %s | %s | %s | %s | %s | %s |\n", e.name, e.native, match, plain, exit2, cont, ctx, e.lands,
			yes(e.envFile, "yes"), persist)
	}
	return b.String()
}
