package codex

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCodexConvertedClaudeHooksBehaveAsInClaude compares two real agents:
// each conv_* recording is real Codex CLI 0.169.0 running a Claude oracle
// case's hooks converted with `convert --target codex` (the Claude scripts
// unchanged, through the exec shim), and its case.json names the Claude
// Code recording of the same hooks. The hooks must decide as they did in
// Claude Code: the same side effects (the tool ran or not, with which
// input — a rewrite shows in what it wrote), the same number of model
// requests (a dropped prompt, a forced continuation), and every hook
// message Claude Code showed the model (a block reason, a context) must
// reach Codex's model too, and no other.
func TestCodexConvertedClaudeHooksBehaveAsInClaude(t *testing.T) {
	recs := filepath.Join("..", "..", "testdata", "recordings", "codex")
	claudeCases := filepath.Join("..", "..", "..", "shared", "oracle", "cases")
	if _, err := os.Stat(claudeCases); err != nil {
		t.Skipf("the Claude Code recordings (%s) are absent", claudeCases)
	}
	dirs, err := filepath.Glob(filepath.Join(recs, "conv_*"))
	require.NoError(t, err)
	require.NotEmpty(t, dirs, "no conv_* recordings")
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			var spec struct {
				ClaudeCase string `json:"claude_case"`
			}
			readJSON(t, filepath.Join(dir, "case.json"), &spec)
			require.NotEmpty(t, spec.ClaudeCase, "case.json must name its claude_case")
			var codex, claude agentRun
			readJSON(t, filepath.Join(dir, "observed.json"), &codex)
			readJSON(t, filepath.Join(claudeCases, spec.ClaudeCase, "observed.json"), &claude)

			assert.Equal(t, projectFiles(claude.SideEffects), projectFiles(codex.SideEffects),
				"side effects (which tools ran, with which input)")
			assert.Equal(t, claude.ModelTurns.len(), codex.ModelTurns.len(), "model requests (a dropped prompt, a forced continuation)")
			claudeSaw, codexSaw := string(claude.ModelTurns), string(codex.ModelTurns)
			for _, m := range markers(t, filepath.Join(dir, "hooks")) {
				assert.Equal(t, strings.Contains(claudeSaw, m), strings.Contains(codexSaw, m),
					"hook text %s reached Claude Code's model: %v", m, strings.Contains(claudeSaw, m))
			}
		})
	}
}

// agentRun is what both oracles record alike.
type agentRun struct {
	SideEffects map[string]string `json:"side_effects"`
	ModelTurns  turnsJSON         `json:"model_turns"`
}

// turnsJSON keeps model_turns raw and counts them.
type turnsJSON json.RawMessage

func (t *turnsJSON) UnmarshalJSON(b []byte) error { *t = append(turnsJSON(nil), b...); return nil }

func (t turnsJSON) len() int {
	var arr []json.RawMessage
	_ = json.Unmarshal(t, &arr)
	return len(arr)
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, v))
}

// projectFiles are the side effects outside the agents' own folders.
func projectFiles(m map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		if !strings.HasPrefix(k, ".claude/") && !strings.HasPrefix(k, ".codex/") {
			out[k] = v
		}
	}
	return out
}

var markerRE = regexp.MustCompile(`[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+`)

// markers are the distinctive texts the case's hook scripts print.
func markers(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.sh"))
	require.NoError(t, err)
	seen := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range markerRE.FindAllString(string(data), -1) {
			seen[m] = true
		}
	}
	var out []string
	for m := range seen {
		out = append(out, m)
	}
	sort.Strings(out)
	return out
}
