//go:build unix

// The hooks of these tests are shell commands.

package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNewRunCmd checks argv → options.
func TestNewRunCmd(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		want    runOptions
		wantErr string
	}{
		{name: "defaults", args: nil, want: runOptions{}},
		{
			name: "repeated sources keep their order",
			args: []string{"--settings", "a.json", "--config", "x.toml", "--settings", "b.json", "--config", "y.toml", "--project", "proj", "--render", "claude", "-v"},
			want: runOptions{sources: sources{Named: map[string][]string{"claude": {"a.json", "b.json"}, "native": {"x.toml", "y.toml"}}, Project: "proj"}, Render: "claude", Verbose: true},
		},
		{name: "verbose long form", args: []string{"--verbose"}, want: runOptions{Verbose: true}},
		{name: "phi dirs keep their order", args: []string{"--phi-dir", "home/.phi/hooks", "--phi-dir", ".phi/hooks"},
			want: runOptions{sources: sources{Named: map[string][]string{"phi": {"home/.phi/hooks", ".phi/hooks"}}}}},
		{name: "no positional arguments", args: []string{"event.json"}, wantErr: `unknown command "event.json"`},
		{name: "unknown flag", args: []string{"--conf", "x"}, wantErr: "unknown flag: --conf"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseFlags(t, newRunCmd, tt.args)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error = %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got.IO = IO{}
			if !reflect.DeepEqual(*got, tt.want) {
				t.Errorf("options = %+v\nwant      %+v", *got, tt.want)
			}
		})
	}
}

// TestRunRun checks options and stdin → the JSON reply on stdout, or an
// error and nothing on stdout.
func TestRunRun(t *testing.T) {
	dir := t.TempDir()
	config := filepath.Join(dir, "hooks.toml")
	err := os.WriteFile(config, []byte(`[[hooks.pre_tool]]
match = "shell"
command = "if grep -q 'rm -rf'; then echo 'no rm -rf' >&2; exit 2; fi"
`), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	settings := filepath.Join(dir, "settings.json")
	err = os.WriteFile(settings, []byte(`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "cat >/dev/null; echo denied >&2; exit 2"}]}]}}`), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	const rm = `{"event": "pre_tool", "tool": "shell", "args": {"command": "rm -rf /"}}`

	tests := []struct {
		name      string
		opts      runOptions
		stdin     string
		want      map[string]any // top-level fields of the reply
		wantHooks int
		wantErr   string
		wantUsage bool
	}{
		{
			name:      "native block",
			opts:      runOptions{sources: sources{Named: map[string][]string{"native": {config}}, Project: dir}},
			stdin:     rm,
			want:      map[string]any{"decision": "block", "reason": "no rm -rf", "updated_args": nil},
			wantHooks: 1,
		},
		{
			name:      "native pass",
			opts:      runOptions{sources: sources{Named: map[string][]string{"native": {config}}, Project: dir}},
			stdin:     `{"event": "pre_tool", "tool": "shell", "args": {"command": "ls"}}`,
			want:      map[string]any{"decision": "", "reason": ""},
			wantHooks: 1,
		},
		{
			name:      "claude deny rendered",
			opts:      runOptions{sources: sources{Named: map[string][]string{"claude": {settings}}, Project: dir}, Render: "claude"},
			stdin:     rm,
			want:      map[string]any{"decision": "deny", "reason": "denied"},
			wantHooks: 1,
		},
		{
			name:      "no matching hook",
			opts:      runOptions{sources: sources{Named: map[string][]string{"native": {config}}, Project: dir}},
			stdin:     `{"event": "pre_tool", "tool": "read", "args": {"path": "a"}}`,
			want:      map[string]any{"decision": ""},
			wantHooks: 0,
		},
		{name: "empty stdin", opts: runOptions{sources: sources{Named: map[string][]string{"native": {config}}, Project: dir}}, stdin: " \n", wantErr: "no event on stdin"},
		{name: "not json", opts: runOptions{sources: sources{Named: map[string][]string{"native": {config}}, Project: dir}}, stdin: "rm -rf /", wantErr: "reading the event: stdin is not JSON"},
		{name: "no event key", opts: runOptions{sources: sources{Named: map[string][]string{"native": {config}}, Project: dir}}, stdin: `{"tool": "shell"}`, wantErr: `neither a native event`},
		{name: "unknown event", opts: runOptions{sources: sources{Named: map[string][]string{"native": {config}}, Project: dir}}, stdin: `{"event": "pre_toolz"}`, wantErr: `unknown event "pre_toolz"`},
		{name: "missing config", opts: runOptions{sources: sources{Named: map[string][]string{"native": {filepath.Join(dir, "nope.toml")}}, Project: dir}}, stdin: rm, wantErr: "reading " + filepath.Join(dir, "nope.toml")},
		{name: "bad render", opts: runOptions{sources: sources{Named: map[string][]string{"native": {config}}, Project: dir}, Render: "phi"}, stdin: rm, wantErr: `--render "phi"`, wantUsage: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			opts := tt.opts
			opts.IO = IO{In: strings.NewReader(tt.stdin), Out: &stdout, Err: &stderr}
			cmd := &cobra.Command{}
			cmd.SetContext(context.Background())
			err := runRun(cmd, &opts)
			checkErr(t, err, tt.wantErr, tt.wantUsage)
			if tt.wantErr != "" {
				if stdout.Len() > 0 {
					t.Errorf("stdout = %q, want nothing", stdout.String())
				}
				return
			}
			var reply map[string]any
			if err := json.Unmarshal(stdout.Bytes(), &reply); err != nil {
				t.Fatalf("stdout is not one JSON object: %v\n%s", err, stdout.String())
			}
			for k, v := range tt.want {
				if got, ok := reply[k]; !ok || !reflect.DeepEqual(got, v) {
					t.Errorf("%s = %#v, want %#v", k, got, v)
				}
			}
			if hooks, _ := reply["hooks"].([]any); len(hooks) != tt.wantHooks || reply["hooks"] == nil {
				t.Errorf("hooks = %v, want %d traces", reply["hooks"], tt.wantHooks)
			}
			if _, ok := reply["claude"]; ok != (opts.Render == "claude") {
				t.Errorf("claude view present = %v, want %v", ok, opts.Render == "claude")
			}
		})
	}
}

// B16 / breaker D5: run reads one JSON value and does not wait for stdin
// to close (a host may keep it open).
func TestRunDoesNotWaitForStdinEOF(t *testing.T) {
	dir := t.TempDir()
	config := filepath.Join(dir, "hooks.toml")
	require.NoError(t, os.WriteFile(config, []byte("[[hooks.pre_tool]]\ncommand = \"echo no >&2; exit 2\"\n"), 0o644))
	pr, pw := io.Pipe()
	defer pw.Close()
	go func() { _, _ = pw.Write([]byte(`{"event":"pre_tool","tool":"shell"}`)) }() // stdin stays open
	var out, errb bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- Run(context.Background(), []string{"run", "--config", config, "--project", dir}, IO{In: pr, Out: &out, Err: &errb})
	}()
	select {
	case code := <-done:
		assert.Equal(t, ExitOK, code, errb.String())
		assert.Contains(t, out.String(), `"decision": "block"`)
	case <-time.After(10 * time.Second):
		t.Fatal("run waited for stdin to close")
	}
}

// TestRunRenderClaudePermission: --render claude says what Claude Code
// decides with its permission rules and mode around the hooks' decision
// (recorded: hc_perm_rules_hook_allow, hc_perm_mode_plan_hook_allow),
// and the reply stays the hooks'.
func TestRunRenderClaudePermission(t *testing.T) {
	dir, _ := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, os.MkdirAll(filepath.Join(dir, ".claude"), 0o755))
	allow := `cat >/dev/null; echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`
	hooks, _ := json.Marshal(map[string]any{"hooks": map[string]any{"PreToolUse": []any{map[string]any{"hooks": []any{map[string]any{"type": "command", "command": allow}}}}}})
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), hooks, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".claude", "settings.local.json"), []byte(`{"permissions": {"deny": ["Bash(rm *)"]}}`), 0o644))
	payload := func(mode, tool, input string) string {
		return `{"session_id":"s","transcript_path":"/t","cwd":"` + dir + `","permission_mode":"` + mode + `","hook_event_name":"PreToolUse","tool_name":"` + tool + `","tool_input":` + input + `,"tool_use_id":"t1"}`
	}
	for _, tc := range []struct {
		name, stdin, behavior, by, message string
		runs                               bool
	}{
		{"deny rule beats the hook's allow", payload("default", "Bash", `{"command":"rm -rf build"}`), "deny", "rule", "Permission to use Bash with command rm -rf build has been denied.", false},
		{"the hook's allow", payload("default", "Bash", `{"command":"node -e 1"}`), "allow", "hook", "", true},
		{"plan mode keeps an allowed edit from running", payload("plan", "Write", `{"file_path":"`+dir+`/w.txt","content":"x"}`), "ask", "mode", "Cannot write to " + dir + "/w.txt while in plan mode.", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := Run(context.Background(), []string{"run", "--project", dir, "--settings", filepath.Join(dir, ".claude", "settings.json"),
				"--settings", filepath.Join(dir, ".claude", "settings.local.json"), "--render", "claude"}, IO{In: strings.NewReader(tc.stdin), Out: &out, Err: &errb})
			require.Equal(t, ExitOK, code, errb.String())
			var reply struct {
				Decision string `json:"decision"`
				Claude   struct {
					ToolRuns   bool `json:"tool_runs"`
					Permission struct {
						Behavior string `json:"behavior"`
						By       string `json:"decided_by"`
						Message  string `json:"message"`
						ToolRuns bool   `json:"tool_runs"`
					} `json:"permission"`
				} `json:"claude"`
			}
			require.NoError(t, json.Unmarshal(out.Bytes(), &reply), out.String())
			assert.Equal(t, "allow", reply.Decision, "the reply is the hooks'")
			assert.True(t, reply.Claude.ToolRuns, "as far as the hooks decide")
			assert.Equal(t, tc.behavior, reply.Claude.Permission.Behavior)
			assert.Equal(t, tc.by, reply.Claude.Permission.By)
			assert.Equal(t, tc.message, reply.Claude.Permission.Message)
			assert.Equal(t, tc.runs, reply.Claude.Permission.ToolRuns)
		})
	}
}
