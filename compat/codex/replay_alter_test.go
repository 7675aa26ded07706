package codex

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCodexOracleReplayFailsOnAlteredRecording proves the replay can
// fail: each alteration of a committed recording (in a temp copy) must be
// reported, while the unaltered copy replays clean.
func TestCodexOracleReplayFailsOnAlteredRecording(t *testing.T) {
	recs := filepath.Join("..", "..", "testdata", "recordings", "codex")
	if _, err := os.Stat(recs); err != nil {
		t.Skipf("no recordings: %v", err)
	}
	editJSON := func(t *testing.T, path string, edit func(m map[string]any)) {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		var m map[string]any
		require.NoError(t, json.Unmarshal(data, &m))
		edit(m)
		out, err := json.MarshalIndent(m, "", "  ")
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(path, out, 0o644))
	}
	cases := []struct {
		name, rec string
		alter     func(t *testing.T, dir string)
		wantIn    string
	}{
		{"block reason the model saw", "hc_pre_json_deny_and_context", func(t *testing.T, dir string) {
			editJSON(t, filepath.Join(dir, "observed.json"), func(m map[string]any) {
				tc := m["tool_calls"].([]any)[0].(map[string]any)
				tc["output_sent_to_model"] = strings.Replace(tc["output_sent_to_model"].(string), "DENY-CTX", "DENY-OTHER", 1)
			})
		}, "PreToolUse block"},
		{"stdin key order", "hc_pre_json_deny_and_context", func(t *testing.T, dir string) {
			p := filepath.Join(dir, "raw", "captures", "01-pre.stdin.json")
			data, err := os.ReadFile(p)
			require.NoError(t, err)
			s := strings.Replace(string(data), `"model":"gpt-5.5","permission_mode":"bypassPermissions"`, `"permission_mode":"bypassPermissions","model":"gpt-5.5"`, 1)
			require.NotEqual(t, string(data), s)
			require.NoError(t, os.WriteFile(p, []byte(s), 0o644))
		}, "got stdin"},
		{"developer context", "hc_pre_json_deny_and_context", func(t *testing.T, dir string) {
			editJSON(t, filepath.Join(dir, "observed.json"), func(m map[string]any) {
				turn := m["model_turns"].([]any)[1].(map[string]any)
				msg := turn["new_input_since_last_model_output"].([]any)[0].(map[string]any)
				msg["content"].([]any)[0].(map[string]any)["text"] = "PRE-CTX-ALTERED"
			})
		}, "developer contexts"},
		{"hook prompt", "hc_stop_exit2_once", func(t *testing.T, dir string) {
			editJSON(t, filepath.Join(dir, "observed.json"), func(m map[string]any) {
				for _, tr := range m["model_turns"].([]any) {
					items := tr.(map[string]any)["new_input_since_last_model_output"].([]any)
					c := items[0].(map[string]any)["content"].([]any)[0].(map[string]any)
					if s, _ := c["text"].(string); strings.HasPrefix(s, "<hook_prompt") {
						c["text"] = strings.Replace(s, "stop:0:", "stop:7:", 1)
					}
				}
			})
		}, "continuation"},
		{"a hook that must not run", "hc_layer_project_untrusted", func(t *testing.T, dir string) {
			editJSON(t, filepath.Join(dir, "case.json"), func(m map[string]any) { m["trust_project"] = true })
		}, "hooks that ran"},
		{"a hook run removed", "hc_par_two_denies", func(t *testing.T, dir string) {
			editJSON(t, filepath.Join(dir, "observed.json"), func(m map[string]any) {
				runs := m["hook_runs"].([]any)
				m["hook_runs"] = runs[1:]
			})
		}, "hooks that ran"},
		{"a tool call that did not run", "hc_cp_stop_checker_file", func(t *testing.T, dir string) {
			// The shell call that creates DONE shown as rejected: the
			// replay must not carry it out, so the Stop checker blocks
			// again.
			editJSON(t, filepath.Join(dir, "observed.json"), func(m map[string]any) {
				tc := m["tool_calls"].([]any)[0].(map[string]any)
				tc["output_sent_to_model"] = `exec_command failed: CreateProcess { message: "Rejected(\"no\")" }`
				var runs []any
				for _, h := range m["hook_runs"].([]any) {
					if h.(map[string]any)["event"] != "PostToolUse" {
						runs = append(runs, h)
					}
				}
				m["hook_runs"] = runs
			})
		}, "continues 2"},
		{"exit code", "hc_pre_exit3", func(t *testing.T, dir string) {
			editJSON(t, filepath.Join(dir, "observed.json"), func(m map[string]any) {
				m["hook_runs"].([]any)[0].(map[string]any)["exit_code"] = 0
			})
		}, "hooks that ran"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := filepath.Join(recs, tc.rec)
			clean := copyDir(t, src, filepath.Join(t.TempDir(), tc.rec))
			c := &collector{root: t.TempDir()}
			require.Empty(t, c.run(clean))
			require.Empty(t, c.errs, "the unaltered recording must replay clean")

			altered := copyDir(t, src, filepath.Join(t.TempDir(), tc.rec))
			tc.alter(t, altered)
			c = &collector{root: t.TempDir()}
			c.run(altered)
			require.NotEmpty(t, c.errs, "the replay must report the altered recording")
			require.Contains(t, strings.Join(c.errs, "\n"), tc.wantIn)
		})
	}
}

func copyDir(t *testing.T, src, dst string) string {
	t.Helper()
	require.NoError(t, filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if info.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, info.Mode())
	}))
	return dst
}
