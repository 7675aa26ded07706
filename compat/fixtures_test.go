package compat

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// discovered is, per format that discovers project hooks, where a
// project's own hooks file is and a file with one pre-tool hook whose
// handler object is handler (a JSON object's members, without braces:
// `"type":"command","command":"…"` plus the fields under test).
type discovered struct {
	format string
	// project is the file's path under the project, user under the home.
	project, user string
	// doc wraps the handler's members into the file.
	doc func(handler string) string
	// command is the handler's members for a command hook running cmd.
	command func(cmd string) string
}

var discoveredFormats = []discovered{
	{format: "claude", project: ".claude/settings.json", user: ".claude/settings.json",
		doc:     func(h string) string { return `{"hooks":{"PreToolUse":[{"matcher":"","hooks":[{` + h + `}]}]}}` },
		command: func(c string) string { return fmt.Sprintf(`"type":"command","command":%q`, c) }},
	{format: "codex", project: ".codex/hooks.json", user: ".codex/hooks.json",
		doc:     func(h string) string { return `{"hooks":{"PreToolUse":[{"hooks":[{` + h + `}]}]}}` },
		command: func(c string) string { return fmt.Sprintf(`"type":"command","command":%q`, c) }},
	{format: "gemini", project: ".gemini/settings.json", user: ".gemini/settings.json",
		doc:     func(h string) string { return `{"hooks":{"BeforeTool":[{"matcher":"","hooks":[{` + h + `}]}]}}` },
		command: func(c string) string { return fmt.Sprintf(`"type":"command","command":%q`, c) }},
	{format: "qwen", project: ".qwen/settings.json", user: ".qwen/settings.json",
		doc:     func(h string) string { return `{"hooks":{"PreToolUse":[{"matcher":"","hooks":[{` + h + `}]}]}}` },
		command: func(c string) string { return fmt.Sprintf(`"type":"command","command":%q`, c) }},
	{format: "cursor", project: ".cursor/hooks.json", user: ".cursor/hooks.json",
		doc:     func(h string) string { return `{"version":1,"hooks":{"preToolUse":[{` + h + `}]}}` },
		command: func(c string) string { return fmt.Sprintf(`"command":%q`, c) }},
	{format: "phi", project: ".phi/hooks/guard/hook.json", user: ".phi/hooks/audit/hook.json",
		doc:     func(h string) string { return `{` + h + `}` },
		command: func(c string) string { return fmt.Sprintf(`"event":"pre_tool","run":%q`, c) }},
}

// writeFile writes data at path, making its directory.
func writeFile(t *testing.T, path, data string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(data), 0o644))
}
