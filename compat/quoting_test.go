//go:build unix

package compat_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
)

// hostileCommands are hook commands and arguments the convert targets'
// shell quoting must carry over byte for byte.
var hostileCommands = []string{
	"plain", "echo 'it''s' \"$HOME\" `id` $(id)", "a;b && c | d", "line1\nline2\n\ttabbed", "'; rm -rf / #",
	"${X:-y} $1 $@ $GEMINI_PROJECT_DIR/x", "é 日本 \\ \\' \\\"", "!x {a,b} ~/x *?[a]", "--", "-n",
}

// argvRecorder is a directory holding a program named name that writes
// its arguments, NUL-separated, into file out.
func argvRecorder(t *testing.T, name string) (dir, out string) {
	dir = t.TempDir()
	out = filepath.Join(dir, "argv")
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\nprintf '%s\\0' \"$@\" > \""+out+"\"\n"), 0o755))
	return dir, out
}

// runCommand runs command with shell as its agent would, with dir first
// on PATH, and returns the arguments the recorder got.
func runCommand(t *testing.T, shell, command, dir, out string) []string {
	t.Helper()
	_ = os.Remove(out)
	cmd := exec.Command(shell, "-c", command)
	cmd.Env = append(os.Environ(), "PATH="+dir+":"+os.Getenv("PATH"))
	b, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s -c %q: %s", shell, command, b)
	got, err := os.ReadFile(out)
	require.NoError(t, err, "%q ran the recorder", command)
	return strings.Split(strings.TrimSuffix(string(got), "\x00"), "\x00")
}

// TestConvertedCommandsCarryHostileWords: every caller of the shell
// quoter — the shim command lines of the codex, cursor, gemini and qwen
// targets, and the Cursor target's commands of native args hooks — writes
// commands that /bin/sh and bash run with the hook's exact words, and
// that Gemini CLI's and Qwen Code's load-time expansion leaves alone.
func TestConvertedCommandsCarryHostileWords(t *testing.T) {
	shells := []string{"sh"}
	if _, err := exec.LookPath("bash"); err == nil {
		shells = append(shells, "bash")
	}
	shimDir, shimOut := argvRecorder(t, "hookcompat")
	expanders := map[string]geminicore.Expander{
		"gemini": {Lookup: func(string) (string, bool) { return "EXPANDED", true }, Defaults: true},
		"qwen":   {Lookup: func(string) (string, bool) { return "EXPANDED", true }},
	}
	for _, hostile := range hostileCommands {
		settings := `{"hooks":{"PreToolUse":[{"matcher":"Edit|Write","hooks":[{"type":"command","command":` + gjsonQuote(hostile) + `}]}]}}`
		for _, target := range []string{"codex", "cursor", "gemini", "qwen"} {
			conv := compat.Convert([]compat.Input{{Name: "settings.json", Data: []byte(settings), From: "claude"}}, compat.ConvertOptions{Target: target})
			require.Empty(t, conv.Errors, target)
			var commands []string
			collectCommands(gjson.ParseBytes(conv.Output), &commands)
			require.NotEmpty(t, commands, "%s: %s", target, conv.Output)
			for _, c := range commands {
				if e, ok := expanders[target]; ok {
					assert.Equal(t, c, e.Expand(c), "%s expands nothing in %s", target, c)
				}
				for _, sh := range shells {
					argv := runCommand(t, sh, c, shimDir, shimOut)
					require.GreaterOrEqual(t, len(argv), 2, "%s under %s: %v", target, sh, argv)
					assert.Equal(t, []string{"--", hostile}, argv[len(argv)-2:], "%s: %s under %s", target, c, sh)
					assert.Equal(t, "exec", argv[0])
				}
			}
		}
		// A Cursor args hook (hookcompat TOML) written as a Cursor command.
		progDir, progOut := argvRecorder(t, "guard")
		toml := "[[hooks.pre_tool]]\nprotocol = \"cursor\"\nargs = [\"guard\", " + gjsonQuote(hostile) + ", \"b c\"]\n"
		conv := compat.Convert([]compat.Input{{Name: "hooks.toml", Data: []byte(toml), From: "native"}}, compat.ConvertOptions{Target: "cursor"})
		require.Empty(t, conv.Errors)
		var commands []string
		collectCommands(gjson.ParseBytes(conv.Output), &commands)
		require.Len(t, commands, 1, "%s", conv.Output)
		for _, sh := range shells {
			assert.Equal(t, []string{hostile, "b c"}, runCommand(t, sh, commands[0], progDir, progOut), "%s under %s", commands[0], sh)
		}
	}
}

func collectCommands(v gjson.Result, out *[]string) {
	v.ForEach(func(k, x gjson.Result) bool {
		if k.String() == "command" && x.Type == gjson.String {
			*out = append(*out, x.String())
		} else if x.IsObject() || x.IsArray() {
			collectCommands(x, out)
		}
		return true
	})
}

// gjsonQuote is s as a JSON (and TOML basic) string.
func gjsonQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789abcdef"[r>>4])
			b.WriteByte("0123456789abcdef"[r&15])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
