package cli

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestNewConvertCmd checks argv → options: the command hands its parsed
// flags and files to runF unchanged.
func TestNewConvertCmd(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		want    convertOptions
		wantErr string
	}{
		{
			name: "defaults",
			args: []string{"settings.json"},
			want: convertOptions{From: "auto", Target: "native", Shim: "hookcompat", Files: []string{"settings.json"}},
		},
		{
			name: "all flags",
			args: []string{"--from", "claude", "--target", "hookcompat", "--shim", "/opt/hc", "--strict", "a.json", "-", "b.json"},
			want: convertOptions{From: "claude", Target: "hookcompat", Shim: "/opt/hc", Strict: true, Files: []string{"a.json", "-", "b.json"}},
		},
		{
			name: "flag values are not checked here",
			args: []string{"--from=bogus", "x"},
			want: convertOptions{From: "bogus", Target: "native", Shim: "hookcompat", Files: []string{"x"}},
		},
		{name: "no file", args: nil, wantErr: "requires at least 1 arg"},
		{name: "unknown flag", args: []string{"--frm", "claude", "x"}, wantErr: "unknown flag: --frm"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseFlags(t, newConvertCmd, tt.args)
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

// parseFlags builds a command with newCmd, runs it on args with a RunE
// that only keeps the options it is given, and returns them (nil when
// cobra rejected the arguments) with cobra's error.
func parseFlags[O any](t *testing.T, newCmd func(IO, func(*O) error) *cobra.Command, args []string) (*O, error) {
	t.Helper()
	var got *O
	cmd := newCmd(IO{}, func(o *O) error { got = o; return nil })
	cmd.SetArgs(args)
	cmd.SetOut(&bytes.Buffer{})
	cmd.SetErr(&bytes.Buffer{})
	err := cmd.Execute()
	return got, err
}

// TestRunConvert checks options → stdout, stderr and error.
func TestRunConvert(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.json", `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}]}}`)
	warn := write("warn.json", `{"hooks": {"PreToolCall": [{"hooks": [{"type": "command", "command": "true"}]}]}}`)
	bad := write("bad.json", "{\n  \"hooks\": {,}\n}\n")
	native := write("hooks.toml", "[[hooks.pre_tool]]\nmatch = \"shell\"\ncommand = \"./check.sh\"\n")

	tests := []struct {
		name       string
		opts       convertOptions
		stdin      string
		wantOut    []string // substrings of stdout
		wantNoOut  bool
		wantErrOut []string // substrings of stderr
		wantErr    string   // substring of the error; "" = success
		wantUsage  bool
	}{
		{
			name:    "claude to hookcompat target",
			opts:    convertOptions{From: "auto", Target: "hookcompat", Files: []string{good}},
			wantOut: []string{"[[hooks.pre_tool]]\n", "match = \"Bash\"\n", "command = \"./guard.sh\"\n", "protocol = \"claude\"\n"},
		},
		{
			name:    "claude to native target",
			opts:    convertOptions{From: "auto", Target: "native", Shim: "hookcompat", Files: []string{good}},
			wantOut: []string{"match = \"shell\"\n", `args = ["hookcompat", "exec", "--protocol", "claude", "--event", "PreToolUse"`},
		},
		{
			name:    "native",
			opts:    convertOptions{From: "auto", Target: "native", Files: []string{native}},
			wantOut: []string{"match = \"shell\"\ncommand = \"./check.sh\"\n"},
		},
		{
			name:    "stdin",
			opts:    convertOptions{From: "native", Target: "native", Files: []string{"-"}},
			stdin:   "[[hooks.stop]]\ncommand = \"./done.sh\"\n",
			wantOut: []string{"#   <stdin>\n", "[[hooks.stop]]\ncommand = \"./done.sh\"\n"},
		},
		{
			name:       "hooks the agent drops",
			opts:       convertOptions{From: "auto", Target: "native", Files: []string{warn}},
			wantNoOut:  true,
			wantErrOut: []string{warn + ":1:12: unknown-event: ", "--as-loaded converts what Claude Code loads"},
			wantErr:    "convert: 1 of 1 file(s) could not be converted; no output written",
		},
		{
			name:       "as loaded",
			opts:       convertOptions{From: "auto", Target: "native", AsLoaded: true, Files: []string{warn}},
			wantErrOut: []string{warn + ":1:12: unknown-event: "},
		},
		{
			name:       "strict loss",
			opts:       convertOptions{From: "auto", Target: "native", Strict: true, AsLoaded: true, Files: []string{warn}},
			wantErrOut: []string{"unknown-event"},
			wantErr:    "convert: 1 loss warning(s) and --strict; no output written",
		},
		{
			name: "strict note",
			opts: convertOptions{From: "auto", Target: "codex", Strict: true, Files: []string{good}},
			// codex-review-needed is a note.
			wantOut:    []string{`"matcher": "Bash"`},
			wantErrOut: []string{"codex-review-needed"},
		},
		{
			name:       "invalid json",
			opts:       convertOptions{From: "claude", Target: "native", Files: []string{good, bad}},
			wantNoOut:  true,
			wantErrOut: []string{bad + ":2:13: invalid JSON: "},
			wantErr:    "convert: 1 of 2 file(s) could not be converted; no output written",
		},
		{
			name:      "missing file",
			opts:      convertOptions{From: "auto", Target: "native", Files: []string{filepath.Join(dir, "nope.json")}},
			wantNoOut: true,
			wantErr:   "reading " + filepath.Join(dir, "nope.json"),
		},
		{
			name:      "bad from",
			opts:      convertOptions{From: "yaml", Target: "native", Files: []string{good}},
			wantNoOut: true,
			wantErr:   `--from "yaml": want claude, codex, copilot, cursor, gemini, native, phi, qwen or auto`,
			wantUsage: true,
		},
		{
			name:      "bad target",
			opts:      convertOptions{From: "auto", Target: "phi", Files: []string{good}},
			wantNoOut: true,
			wantErr:   `--target "phi": want codex, copilot, cursor, gemini, hookcompat, native, qwen`,
			wantUsage: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			opts := tt.opts
			opts.IO = IO{In: strings.NewReader(tt.stdin), Out: &stdout, Err: &stderr}
			err := runConvert(&opts)
			checkErr(t, err, tt.wantErr, tt.wantUsage)
			for _, s := range tt.wantOut {
				if !strings.Contains(stdout.String(), s) {
					t.Errorf("stdout lacks %q:\n%s", s, stdout.String())
				}
			}
			if tt.wantNoOut && stdout.Len() > 0 {
				t.Errorf("stdout = %q, want nothing", stdout.String())
			}
			for _, s := range tt.wantErrOut {
				if !strings.Contains(stderr.String(), s) {
					t.Errorf("stderr lacks %q:\n%s", s, stderr.String())
				}
			}
			if len(tt.wantErrOut) == 0 && stderr.Len() > 0 {
				t.Errorf("stderr = %q, want nothing", stderr.String())
			}
		})
	}
}

// checkErr fails t unless err matches want ("" = nil) and is a usage
// error exactly when usage is set.
func checkErr(t *testing.T, err error, want string, usage bool) {
	t.Helper()
	if want == "" {
		if err != nil {
			t.Fatalf("error = %v, want none", err)
		}
		return
	}
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error = %v, want one containing %q", err, want)
	}
	var ue *usageError
	if errors.As(err, &ue) != usage {
		t.Errorf("error %v: usage error = %v, want %v", err, !usage, usage)
	}
}
