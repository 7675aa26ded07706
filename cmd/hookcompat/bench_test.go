//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/hookcompat/hookcompat/internal/benchratio"
)

// The hookcompat process's own cost, against baselines built and run in
// the same benchmark (internal/benchratio; docs/performance.md):
//
//	go test -run '^$' -bench . -benchtime=400x -count=6 ./cmd/hookcompat | benchstat -
//
// The binaries are built into the benchmark's TempDir as releases are
// built: without -race, and static (CGO_ENABLED=0; with cgo the dynamic
// loader alone adds about a millisecond to every start, and the net
// package is what would pull it in).

// buildEnv is the environment of the builds.
func buildEnv() []string { return append(os.Environ(), "CGO_ENABLED=0") }

// buildBinaries builds hookcompat and an empty Go program (func main(){})
// with this toolchain.
func buildBinaries(b *testing.B) (hookcompat, empty string) {
	b.Helper()
	dir := b.TempDir()
	hookcompat = filepath.Join(dir, "hookcompat")
	build := exec.Command("go", "build", "-o", hookcompat, ".")
	build.Env = buildEnv()
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	return hookcompat, buildProgram(b, dir, "empty", "")
}

// buildProgram builds, in dir, a Go program named name whose main does
// nothing and which imports the standard packages imports (for their
// initialisation only).
func buildProgram(b *testing.B, dir, name string, imports ...string) string {
	b.Helper()
	src := filepath.Join(dir, name)
	if err := os.MkdirAll(src, 0o755); err != nil {
		b.Fatal(err)
	}
	main := "package main\n\n"
	for _, imp := range imports {
		if imp != "" {
			main += "import _ \"" + imp + "\"\n\n"
		}
	}
	main += "func main() {}\n"
	for file, text := range map[string]string{"go.mod": "module " + name + "\n\ngo 1.26\n", "main.go": main} {
		if err := os.WriteFile(filepath.Join(src, file), []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	bin := filepath.Join(dir, name+"-go")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir, cmd.Env = src, buildEnv()
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build (%s program): %v\n%s", name, err, out)
	}
	return bin
}

// runner returns a function running argv with stdin, in dir, that fails
// the benchmark unless it exits 0.
func runner(b *testing.B, dir string, env []string, stdin []byte, argv ...string) func() {
	return func() {
		var stdout, stderr bytes.Buffer
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Dir, cmd.Env, cmd.Stdin = dir, env, bytes.NewReader(stdin)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			b.Fatalf("%q: %v\n%s", argv, err, stderr.Bytes())
		}
	}
}

// BenchmarkStart runs `hookcompat version` against an empty Go program:
// x-time is hookcompat's start over the least a Go program costs.
func BenchmarkStart(b *testing.B) {
	hc, empty := buildBinaries(b)
	dir, env := b.TempDir(), os.Environ()
	benchratio.Run(b, runner(b, dir, env, nil, empty), runner(b, dir, env, nil, hc, "version"))
}

// BenchmarkStartFloor runs a Go program that does nothing but import
// net/http — which hookcompat links for http hooks, and whose packages'
// initialisation (net/http, crypto/tls, x509, …) runs at every start of
// any program linking it — against the empty program: x-time is the least
// `hookcompat version` can cost against BenchmarkStart's baseline.
func BenchmarkStartFloor(b *testing.B) {
	dir := b.TempDir()
	empty := buildProgram(b, dir, "empty", "")
	nethttp := buildProgram(b, dir, "nethttp", "net/http")
	env := os.Environ()
	benchratio.Run(b, runner(b, dir, env, nil, empty), runner(b, dir, env, nil, nethttp))
}

// BenchmarkShim runs the exec shim of converted TOML — `hookcompat exec
// --protocol claude --event PreToolUse -- CMD` with a native pre_tool
// event on stdin, as a native engine runs it (args, no shell) — against
// running CMD as Claude Code runs it, /bin/sh -c with the Claude payload.
// CMD is a Claude hook, "$CLAUDE_PROJECT_DIR"/hook, a program that does
// nothing. shim-ms is the shim's overhead: its time minus the raw run's,
// in milliseconds.
func BenchmarkShim(b *testing.B) {
	hc, _ := buildBinaries(b)
	ws := b.TempDir()
	truePath, err := exec.LookPath("true")
	if err != nil {
		b.Skip("no true program")
	}
	if err := os.Symlink(truePath, filepath.Join(ws, "hook")); err != nil {
		b.Fatal(err)
	}
	cmd := `"$CLAUDE_PROJECT_DIR"/hook`
	event, _ := json.Marshal(map[string]any{"event": "pre_tool", "session_id": "bench", "workspace": ws, "cwd": ws,
		"prompt_id": "", "transcript_path": "", "permission_mode": "", "agent": "", "tool": "shell", "args": map[string]string{"command": "go test ./..."}})
	payload, _ := json.Marshal(map[string]any{"session_id": "bench", "transcript_path": "", "cwd": ws, "hook_event_name": "PreToolUse",
		"tool_name": "Bash", "tool_input": map[string]string{"command": "go test ./..."}, "tool_use_id": "toolu_01"})
	env := append(os.Environ(), "PWD="+ws)
	rawEnv := append(append([]string(nil), env...), "CLAUDE_PROJECT_DIR="+ws)
	raw := runner(b, ws, rawEnv, payload, "/bin/sh", "-c", cmd)
	shim := runner(b, ws, env, event, hc, "exec", "--protocol", "claude", "--event", "PreToolUse", "--", cmd)
	r := benchratio.Run(b, raw, shim)
	b.ReportMetric(float64(r.Measured-r.Base)/1e6, "shim-ms")
}
