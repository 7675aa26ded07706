//go:build unix

package compat_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/native"
	"github.com/hookcompat/hookcompat/internal/testbin"
	"github.com/hookcompat/hookcompat/runner"
)

// realShim is the hookcompat binary: the process side of the in-process
// equivalence probes.
func realShim(t *testing.T) string { return testbin.Hookcompat(t) }

// equivCase is one native TOML hook list whose args call the shim
// (SHIM in the text stands for the built binary), fired once.
type equivCase struct {
	toml string
	// opts of the engine (Workspace is the case's folder unless set).
	opts runner.Options
	// event fired; the default is a pre_tool shell call.
	event *runner.Event
	// cancelAfter cancels the Fire's context after this long.
	cancelAfter time.Duration
	// setup prepares the workspace (scripts, …) before the TOML is loaded.
	setup func(t *testing.T, dir string)
}

var durations = regexp.MustCompile(`[0-9.]+(ns|µs|ms|s)\b`)

// view is what must be the same both ways: the merged reply and every
// hook's outcome, exit code and signal (but those of a stopped run),
// decision and error (durations aside), and the wrapped runs the shim's
// report names.
func view(out *runner.Outcome) string {
	var b strings.Builder
	r, _ := json.Marshal(out.Reply)
	b.Write(r)
	for _, tr := range out.Hooks {
		code, sig := "nil", tr.Signal
		switch {
		case strings.HasPrefix(tr.Error, "timed out") || strings.HasPrefix(tr.Error, "cancelled"):
			// Stopped by its timeout or the caller: the shim process
			// exits 0 or 1, or is killed, as its signals and its hook's
			// end race; a shim in-process is never signalled (018).
			code, sig = "stopped", "-"
		case tr.ExitCode != nil:
			code = fmt.Sprint(*tr.ExitCode)
		}
		fmt.Fprintf(&b, "\n%s exit=%s sig=%s decision=%s err=%s", tr.Outcome, code, sig, tr.Decision, durations.ReplaceAllString(tr.Error, "D"))
		for _, in := range tr.Inner {
			ic := "nil"
			if in.ExitCode != nil {
				ic = fmt.Sprint(*in.ExitCode)
			}
			fmt.Fprintf(&b, "\n  inner %s %s exit=%s err=%s", in.Command, in.Outcome, ic, durations.ReplaceAllString(in.Error, "D"))
		}
	}
	return b.String()
}

// fireBoth fires c through an engine of NewEngine (the shim in-process)
// and through one that starts the shim process, and returns both views.
func fireBoth(t *testing.T, c equivCase) (inProcess, process string) {
	t.Helper()
	shim := realShim(t)
	dir := t.TempDir()
	if c.setup != nil {
		c.setup(t, dir)
	}
	toml := filepath.Join(dir, "hooks.toml")
	require.NoError(t, os.WriteFile(toml, []byte(strings.ReplaceAll(c.toml, "SHIM", shim)), 0o644))
	fire := func(inProc func(*runner.Invocation) runner.InProcessFunc) string {
		loaded, err := compat.Load(compat.Options{Project: dir, Sources: native.Sources(toml)})
		require.NoError(t, err)
		opts := c.opts
		if opts.Workspace == "" {
			opts.Workspace = dir
		}
		opts.InProcess = inProc
		eng, err := compat.NewEngine(loaded, opts)
		require.NoError(t, err)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if c.cancelAfter > 0 {
			time.AfterFunc(c.cancelAfter, cancel)
		}
		ev := runner.Event{Name: "pre_tool", SessionID: "s", Tool: "shell", ToolCallID: "t1", Args: json.RawMessage(`{"command":"ls"}`)}
		if c.event != nil {
			ev = *c.event
		}
		out, err := eng.Fire(ctx, ev)
		if out == nil {
			return "error: " + err.Error()
		}
		require.NoError(t, eng.Close(context.Background()))
		return view(out)
	}
	return fire(nil), fire(runner.NoInProcess)
}

func assertEquiv(t *testing.T, c equivCase) string {
	t.Helper()
	in, proc := fireBoth(t, c)
	assert.Equal(t, proc, in, "in-process (actual) differs from the shim process (expected)")
	return in
}

func hookTOML(extra string, args ...string) string {
	q := make([]string, len(args))
	for i, a := range args {
		b, _ := json.Marshal(a)
		q[i] = string(b)
	}
	return "[[hooks.pre_tool]]\nargs = [\"SHIM\", \"exec\", " + strings.Join(q, ", ") + "]\n" + extra + "\n"
}

func claudeHook(extra string, flagsAndCommand ...string) string {
	return hookTOML(extra, append([]string{"--protocol", "claude", "--event", "PreToolUse"}, flagsAndCommand...)...)
}

const denyJSON = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}'`

func TestShimEquivalence(t *testing.T) {
	cases := map[string]equivCase{
		"deny":             {toml: claudeHook("", "--", denyJSON)},
		"exit 2":           {toml: claudeHook("", "--", "echo nope >&2; exit 2")},
		"exit 127":         {toml: claudeHook("", "--", "no-such-command-xyz")},
		"exec form 127":    {toml: claudeHook("", "--exec", "--", "no-such-command-xyz", "a")},
		"exit 1 stderr":    {toml: claudeHook("", "--", "echo warn >&2; exit 1")},
		"fail closed 127":  {toml: claudeHook("", "--fail-closed", "--", "no-such-command-xyz")},
		"matcher no match": {toml: claudeHook("", "--matcher", "Edit", "--", denyJSON)},
		"if no match":      {toml: claudeHook("", "--if", "Bash(git *)", "--", denyJSON)},
		"other event":      {toml: hookTOML("", "--protocol", "claude", "--event", "PostToolUse", "--", denyJSON)},
		"usage error":      {toml: claudeHook("", "--no-such-flag", "--", denyJSON)},
		"help":             {toml: claudeHook("", "--help", "--", denyJSON)},
		"relative shim": {toml: strings.Replace(claudeHook("", "--", denyJSON), `"SHIM"`, `"./bin/hookcompat"`, 1),
			setup: func(t *testing.T, dir string) {
				require.NoError(t, os.MkdirAll(filepath.Join(dir, "bin"), 0o755))
				require.NoError(t, os.Symlink(realShim(t), filepath.Join(dir, "bin", "hookcompat")))
			}},
		"usage no event":            {toml: hookTOML("", "--protocol", "claude", "--", denyJSON)},
		"bad protocol":              {toml: hookTOML("", "--protocol", "nope", "--event", "PreToolUse", "--", denyJSON)},
		"bad matcher":               {toml: claudeHook("", "--matcher", "(", "--", denyJSON)},
		"host native":               {toml: hookTOML("", "--host", "native", "--protocol", "claude", "--event", "PreToolUse", "--", denyJSON)},
		"async":                     {toml: claudeHook("", "--async", "--", denyJSON)},
		"plain stdout":              {toml: claudeHook("", "--", "echo plain text")},
		"big plain stdout":          {toml: claudeHook("", "--", "head -c 2000000 /dev/zero | tr '\\0' a")},
		"stderr flood":              {toml: claudeHook("", "--", "head -c 3000000 /dev/zero | tr '\\0' e >&2; exit 2")},
		"env rel":                   {toml: claudeHook("", "--env", "X=./sub", "--", `printf '{"systemMessage":"%s"}' "$X"`)},
		"env home":                  {toml: claudeHook("", "--env", "X=~/sub", "--", `printf '{"systemMessage":"%s"}' "$X"`)},
		"dir":                       {toml: claudeHook("", "--dir", "sub", "--", `printf '{"systemMessage":"%s"}' "$PWD"`), setup: mkdirSub},
		"nested shim":               {toml: claudeHook("", "--", `SHIM exec --protocol claude --event PreToolUse -- '`+strings.ReplaceAll(denyJSON, "'", `'\''`)+`'`)},
		"fail closed outer 127":     {toml: claudeHook("fail_closed = true", "--", "no-such-command-xyz")},
		"timeout inner":             {toml: claudeHook("timeout_seconds = 5", "--timeout", "1", "--", "sleep 3; "+denyJSON)},
		"timeout inner fail closed": {toml: claudeHook("timeout_seconds = 5", "--timeout", "1", "--fail-closed", "--", "sleep 3")},
		"timeout outer":             {toml: claudeHook("timeout_seconds = 1", "--timeout", "5", "--", "sleep 3; "+denyJSON)},
		"timeout outer fail closed": {toml: claudeHook("timeout_seconds = 1\nfail_closed = true", "--timeout", "5", "--", "sleep 3")},
		"ignores SIGTERM":           {toml: claudeHook("timeout_seconds = 5", "--timeout", "1", "--fail-closed", "--", "trap '' TERM; sleep 3")},
		"cancel":                    {toml: claudeHook("", "--", "sleep 3"), cancelAfter: 300 * time.Millisecond},
		"cancel fail closed":        {toml: claudeHook("", "--fail-closed", "--", "sleep 3"), cancelAfter: 300 * time.Millisecond},
		"no workspace event": {toml: claudeHook("", "--", `printf '{"systemMessage":"%s"}' "$CLAUDE_PROJECT_DIR"`),
			event: &runner.Event{Name: "pre_tool", Tool: "shell", Args: json.RawMessage(`{}`)}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			if testing.Short() && (strings.Contains(name, "timeout") || strings.Contains(name, "SIGTERM")) {
				t.Skip("slow")
			}
			t.Parallel() // mostly waiting on timeouts
			t.Log(assertEquiv(t, c))
		})
	}
}

func mkdirSub(t *testing.T, dir string) {
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "sub"), 0o755))
}

// envWith is this process's environment with key set to value.
func envWith(key, value string) []string {
	env := []string{key + "=" + value}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, key+"=") {
			env = append(env, kv)
		}
	}
	return env
}

// The engine's environment is the shim's whole environment, also where
// the shim reads process state: a program of the exec form is found in
// that PATH (not only the engine process's), ~ is that HOME.
func TestShimEquivalenceEnv(t *testing.T) {
	tool := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(tool, "mytool-equiv"), []byte("#!/bin/sh\n"+denyJSON+"\n"), 0o755))
	home := t.TempDir()
	for name, c := range map[string]equivCase{
		"PATH exec form": {toml: claudeHook("", "--exec", "--", "mytool-equiv"),
			opts: runner.Options{Env: envWith("PATH", tool+string(os.PathListSeparator)+os.Getenv("PATH"))}},
		"HOME": {toml: claudeHook("", "--env", "X=~/sub", "--", `printf '{"systemMessage":"%s %s"}' "$X" "$HOME"`),
			opts: runner.Options{Env: envWith("HOME", home)}},
	} {
		t.Run(name, func(t *testing.T) { t.Log(assertEquiv(t, c)) })
	}
}

// A relative workspace is relative to the shim's working directory, as
// in the shim process.
func TestShimEquivalenceRelativeWorkspace(t *testing.T) {
	c := equivCase{
		toml: claudeHook("", "--", `printf '{"systemMessage":"%s"}' "$PWD"`),
		setup: func(t *testing.T, dir string) {
			require.NoError(t, os.MkdirAll(filepath.Join(dir, "sub", "sub"), 0o755))
			t.Chdir(dir)
		},
		opts: runner.Options{Workspace: "sub"},
	}
	t.Log(assertEquiv(t, c))
}

// An event beyond the shim's stdin bound (MaxEventBytes) fails the shim
// in-process as in the process, and a fail-closed converted hook blocks.
func TestShimEquivalenceHugeEvent(t *testing.T) {
	if testing.Short() {
		t.Skip("a 64 MiB event, twice")
	}
	// Built, not marshalled: encoding/json walks a 64 MiB string byte by
	// byte, seconds under -race.
	big := json.RawMessage(`{"command":"` + strings.Repeat("x", compat.MaxEventBytes) + `"}`)
	c := equivCase{
		toml:  claudeHook("fail_closed = true", "--", "cat >/dev/null; "+denyJSON),
		event: &runner.Event{Name: "pre_tool", SessionID: "s", Tool: "shell", ToolCallID: "t1", Args: big},
	}
	out := assertEquiv(t, c)
	assert.Contains(t, out, `"decision":"block"`)
}

// Many converted hooks in one event, fired by concurrent calls: the
// same merged reply and outcomes as through shim processes (run with
// -race).
func TestShimEquivalenceConcurrent(t *testing.T) {
	var toml strings.Builder
	for i := range 6 {
		switch i % 3 {
		case 0:
			toml.WriteString(claudeHook("", "--", fmt.Sprintf(`printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"c%d"}}'`, i)))
		case 1:
			toml.WriteString(claudeHook("", "--", "echo warn >&2; exit 1"))
		case 2:
			toml.WriteString(claudeHook("", "--matcher", "Bash", "--", denyJSON))
		}
	}
	shim := realShim(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "hooks.toml")
	require.NoError(t, os.WriteFile(path, []byte(strings.ReplaceAll(toml.String(), "SHIM", shim)), 0o644))
	views := func(inProc func(*runner.Invocation) runner.InProcessFunc) []string {
		loaded, err := compat.Load(compat.Options{Project: dir, Sources: native.Sources(path)})
		require.NoError(t, err)
		eng, err := compat.NewEngine(loaded, runner.Options{Workspace: dir, InProcess: inProc})
		require.NoError(t, err)
		out := make([]string, 4)
		var wg sync.WaitGroup
		for i := range out {
			wg.Add(1)
			go func() {
				defer wg.Done()
				o, err := eng.Fire(context.Background(), runner.Event{Name: "pre_tool", SessionID: "s", Tool: "shell", ToolCallID: fmt.Sprint("t", i), Args: json.RawMessage(`{"command":"ls"}`)})
				if err != nil {
					out[i] = err.Error()
					return
				}
				out[i] = view(o)
			}()
		}
		wg.Wait()
		return out
	}
	in, proc := views(nil), views(runner.NoInProcess)
	assert.Equal(t, proc, in)
	assert.Contains(t, in[0], `"decision":"deny"`)
}

// A wrapped hook that leaves a background process holding its output,
// or that outlives its timeout in a new session, ends alike both ways.
func TestShimEquivalenceBackground(t *testing.T) {
	for name, c := range map[string]equivCase{
		"background holds stdout": {toml: claudeHook("", "--", "sleep 2.5 & "+denyJSON)},
		"setsid daemon timeout":   {toml: claudeHook("timeout_seconds = 5", "--timeout", "1", "--fail-closed", "--", "setsid sleep 3.5; "+denyJSON)},
	} {
		t.Run(name, func(t *testing.T) {
			if testing.Short() {
				t.Skip("slow")
			}
			t.Log(assertEquiv(t, c))
		})
	}
}

// --phi-dir folders (relative to the workspace, or under the HOME of the
// engine's environment), and PHI_HOOKS=off in that environment.
func TestShimEquivalencePhiDirs(t *testing.T) {
	home := t.TempDir()
	phiHook := func(t *testing.T, root string) {
		d := filepath.Join(root, ".phi", "hooks", "guard")
		require.NoError(t, os.MkdirAll(d, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(d, "hook.json"), []byte(`{"name":"guard","event":"pre_tool","match":"bash","run":"./run.sh"}`), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(d, "run.sh"), []byte("#!/bin/sh\ncat >/dev/null\necho '{\"action\":\"deny\",\"reason\":\"phi says no\"}'\n"), 0o755))
	}
	phiHook(t, home)
	phi := func(dir string) string {
		return hookTOML("", "--protocol", "phi", "--event", "pre_tool", "--phi-dir", dir)
	}
	for name, c := range map[string]equivCase{
		"workspace":     {toml: phi(".phi/hooks"), setup: phiHook},
		"home":          {toml: phi("~/.phi/hooks"), opts: runner.Options{Env: envWith("HOME", home)}},
		"PHI_HOOKS off": {toml: phi(".phi/hooks"), setup: phiHook, opts: runner.Options{Env: envWith("PHI_HOOKS", "off")}},
		"missing":       {toml: phi("nowhere")},
	} {
		t.Run(name, func(t *testing.T) { t.Log(assertEquiv(t, c)) })
	}
}

// The engine's caps on a shim's reply, and an outer timeout with a kill
// grace shorter than the shim's own, whose hook ignores SIGTERM.
func TestShimEquivalenceLimits(t *testing.T) {
	big := `printf '{"systemMessage":"%s"}' "$(head -c 100000 /dev/zero | tr '\0' m)"`
	for name, c := range map[string]equivCase{
		"reply over ReplyLimit": {toml: claudeHook("", "--", big), opts: runner.Options{ReplyLimit: 1 << 16, OutputLimit: 1 << 16}},
		"reply over ReplyLimit fail closed": {toml: claudeHook("fail_closed = true", "--", big),
			opts: runner.Options{ReplyLimit: 1 << 16, OutputLimit: 1 << 16}},
		"short kill grace": {toml: claudeHook("timeout_seconds = 1\nfail_closed = true", "--timeout", "5", "--", "trap '' TERM; sleep 2"),
			opts: runner.Options{KillGrace: 20 * time.Millisecond, DrainDelay: 20 * time.Millisecond}},
	} {
		t.Run(name, func(t *testing.T) {
			if testing.Short() && strings.Contains(name, "grace") {
				t.Skip("slow")
			}
			t.Log(assertEquiv(t, c))
		})
	}
}
