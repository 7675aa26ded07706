//go:build unix

package compat_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/compat/native"
	"github.com/hookcompat/hookcompat/compat/phi"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// project writes files (path → content) into a new temporary project
// directory; the examples' hooks are shell one-liners.
func project(files map[string]string) string {
	dir, err := os.MkdirTemp("", "hookcompat-example-")
	if err != nil {
		panic(err)
	}
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			panic(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
			panic(err)
		}
	}
	return dir
}

// Load a project's Claude Code settings and fire a tool call through
// them: the Claude hook reads Claude's payload (tool_name Bash for the
// native tool shell) and blocks with exit 2.
func ExampleLoad() {
	dir := project(map[string]string{
		".claude/settings.json": `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[
			{"type":"command","command":"grep -q 'rm -rf' && { echo 'no rm -rf here' >&2; exit 2; }; exit 0"}]}]}}`,
	})
	defer os.RemoveAll(dir)

	loaded, err := compat.Load(compat.Options{Project: dir, Sources: claude.Sources(filepath.Join(dir, ".claude/settings.json"))})
	if err != nil {
		panic(err)
	}
	eng, err := compat.NewEngine(loaded, runner.Options{})
	if err != nil {
		panic(err)
	}
	defer eng.Close(context.Background())

	out, err := eng.Fire(context.Background(), runner.Event{
		Name: settings.PreTool, SessionID: "s1", Tool: "shell", Args: json.RawMessage(`{"command":"rm -rf /"}`),
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(out.Decision, out.Reason)
	fmt.Println(out.Hooks[0].Protocol, out.Hooks[0].Outcome)
	// Output:
	// deny no rm -rf here
	// claude blocking
}

// Load hooks of several formats at once: a Claude Code settings file, a
// Phi hook folder and a native TOML file. Each hook runs with its own
// agent's payload and reply rules; their replies merge into one native
// reply (here, a Phi hook rewrites the command and the native hook adds
// context).
func ExampleLoad_mixedSources() {
	dir := project(map[string]string{
		".claude/settings.json":   `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"exit 0"}]}]}}`,
		".phi/hooks/ls/hook.json": `{"name":"ls","event":"pre_tool","match":"bash","run":"./run.sh"}`,
		".phi/hooks/ls/run.sh":    "#!/bin/sh\necho '{\"action\":\"modify\",\"input\":{\"command\":\"ls -la\"}}'\n",
		"hooks.toml": "[[hooks.pre_tool]]\nmatch = \"shell\"\n" +
			`command = 'echo "{\"additional_context\":\"listed by the native hook\"}"'` + "\n",
	})
	defer os.RemoveAll(dir)

	loaded, err := compat.Load(compat.Options{
		Project: dir,
		Sources: slices.Concat(
			claude.Sources(filepath.Join(dir, ".claude/settings.json")),
			phi.Sources(filepath.Join(dir, ".phi/hooks")),
			native.Sources(filepath.Join(dir, "hooks.toml")),
		),
	})
	if err != nil {
		panic(err)
	}
	eng, err := compat.NewEngine(loaded, runner.Options{})
	if err != nil {
		panic(err)
	}
	defer eng.Close(context.Background())
	out, err := eng.Fire(context.Background(), runner.Event{Name: settings.PreTool, Tool: "shell", Args: json.RawMessage(`{"command":"ls"}`)})
	if err != nil {
		panic(err)
	}
	for _, h := range out.Hooks {
		fmt.Println(h.Protocol, h.Outcome)
	}
	fmt.Println(string(out.UpdatedArgs), out.AdditionalContext)
	// Output:
	// claude success
	// phi success
	// native success
	// {"command":"ls -la"} listed by the native hook
}

// Watch keeps an engine in step with its files: an edit that breaks a
// matcher drops that hook, and the change says why.
func ExampleWatch() {
	dir := project(map[string]string{
		".claude/settings.json": `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"exit 0"}]}]}}`,
	})
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, ".claude/settings.json")
	loaded, err := compat.Load(compat.Options{Project: dir, Sources: claude.Sources(file)})
	if err != nil {
		panic(err)
	}
	eng, err := compat.NewEngine(loaded, runner.Options{})
	if err != nil {
		panic(err)
	}
	defer eng.Close(context.Background())

	changes := make(chan compat.Change, 1)
	w, err := compat.Watch(loaded, eng, func(c compat.Change) { changes <- c })
	if err != nil {
		panic(err)
	}
	defer w.Close()

	edit := `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"exit 0"}]}],
		"PreToolUse":[{"matcher":"(Bash","hooks":[{"type":"command","command":"./guard.sh"}]}]}}`
	if err := os.WriteFile(file, []byte(edit), 0o644); err != nil {
		panic(err)
	}
	select {
	case c := <-changes:
		fmt.Println("applied:", c.Applied, "hooks running:", len(eng.Hooks()))
		for _, w := range c.Warnings {
			fmt.Println(w.Code)
		}
	case <-time.After(10 * time.Second):
		fmt.Println("no change")
	}
	// Output:
	// applied: true hooks running: 1
	// invalid-matcher
}

// Render shows what an agent shows its model for an outcome: here Claude
// Code's view of a call a Claude hook blocked.
func ExampleRender() {
	dir := project(map[string]string{
		".claude/settings.json": `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"echo 'not on main' >&2; exit 2"}]}]}}`,
	})
	defer os.RemoveAll(dir)
	loaded, err := compat.Load(compat.Options{Project: dir, Sources: claude.Sources(filepath.Join(dir, ".claude/settings.json"))})
	if err != nil {
		panic(err)
	}
	eng, err := compat.NewEngine(loaded, runner.Options{})
	if err != nil {
		panic(err)
	}
	defer eng.Close(context.Background())
	out, err := eng.Fire(context.Background(), runner.Event{Name: settings.PreTool, Tool: "shell", ToolCallID: "t1", Args: json.RawMessage(`{"command":"git push"}`)})
	if err != nil {
		panic(err)
	}
	view, err := compat.Render(loaded, "claude", out)
	if err != nil {
		panic(err)
	}
	r := view.(*claude.Rendering)
	fmt.Println("tool runs:", *r.ToolRuns)
	fmt.Println(r.ModelText[0])
	// Output:
	// tool runs: false
	// PreToolUse:Bash hook error: [echo 'not on main' >&2; exit 2]: not on main
}
