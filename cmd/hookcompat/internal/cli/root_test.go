//go:build unix

// The hooks of these tests are shell commands.

package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunExitCodes checks the exit status contract of Run and that each
// error is printed once, prefixed "hookcompat: ", with a usage hint only
// for usage errors.
func TestRunExitCodes(t *testing.T) {
	dir := t.TempDir()
	config := filepath.Join(dir, "hooks.toml")
	if err := os.WriteFile(config, []byte("[[hooks.pre_tool]]\ncommand = \"exit 2\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const event = `{"event": "pre_tool", "tool": "shell", "args": {"command": "ls"}}`
	tests := []struct {
		name    string
		args    []string
		stdin   string
		want    int
		wantErr string // first line of stderr; "" = no stderr
	}{
		{name: "run blocks, still 0", args: []string{"run", "--quiet", "--config", config, "--project", dir}, stdin: event, want: ExitOK},
		{name: "run bad event", args: []string{"run", "-q", "--config", config, "--project", dir}, stdin: "{", want: ExitError, wantErr: "hookcompat: reading the event: stdin is not JSON"},
		{name: "run bad render", args: []string{"run", "--config", config, "--render", "x"}, stdin: event, want: ExitUsage, wantErr: `hookcompat: --render "x"`},
		{name: "run unknown flag", args: []string{"run", "--bogus"}, want: ExitUsage, wantErr: "hookcompat: unknown flag: --bogus"},
		{name: "unknown command", args: []string{"frob"}, want: ExitUsage, wantErr: `hookcompat: unknown command "frob"; commands: `},
		{name: "misspelt command", args: []string{"valdate"}, want: ExitUsage, wantErr: `hookcompat: unknown command "valdate" (did you mean validate?)`},
		{name: "misspelt flag", args: []string{"run", "--confg", config}, want: ExitUsage, wantErr: "hookcompat: unknown flag: --confg (did you mean --config?)"},
		{name: "extra argument", args: []string{"doctor", "extra"}, want: ExitUsage, wantErr: `hookcompat: unknown command "extra"`},
		{name: "run args not an object", args: []string{"run", "-q", "--config", config, "--project", dir}, stdin: `{"event":"pre_tool","tool":"shell","args":"rm -rf /"}`, want: ExitError, wantErr: "hookcompat: native event: args must be a JSON object"},
		{name: "convert", args: []string{"convert", config}, want: ExitOK},
		{name: "convert missing file", args: []string{"convert", filepath.Join(dir, "nope.json")}, want: ExitError, wantErr: "hookcompat: reading "},
		{name: "convert bad from", args: []string{"convert", "--from", "x", config}, want: ExitUsage, wantErr: `hookcompat: --from "x"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			got := Run(context.Background(), tt.args, IO{In: strings.NewReader(tt.stdin), Out: &stdout, Err: &stderr})
			if got != tt.want {
				t.Errorf("exit status = %d, want %d; stderr:\n%s", got, tt.want, stderr.String())
			}
			lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
			if tt.wantErr == "" {
				if stderr.Len() > 0 {
					t.Errorf("stderr = %q, want nothing", stderr.String())
				}
				return
			}
			if !strings.HasPrefix(lines[0], tt.wantErr) {
				t.Errorf("stderr starts %q, want %q", lines[0], tt.wantErr)
			}
			if n := strings.Count(stderr.String(), "hookcompat: "); n != 1 {
				t.Errorf("stderr has %d errors, want 1:\n%s", n, stderr.String())
			}
			hint := strings.Contains(stderr.String(), "Run 'hookcompat --help' for usage.")
			if hint != (tt.want == ExitUsage) {
				t.Errorf("usage hint = %v, want %v", hint, tt.want == ExitUsage)
			}
		})
	}
}
