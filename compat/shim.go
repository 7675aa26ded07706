package compat

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// ShimIO is what one call of the exec shim (`hookcompat exec ARGS`) runs
// with: its event, its output streams, and the process state it would
// read — its environment and working directory.
type ShimIO struct {
	// ReadEvent returns the event on the shim's stdin (a native event, or
	// with --host the host agent's payload). It is called after the flags
	// were checked, so that a bad command line fails without reading.
	ReadEvent func() ([]byte, error)
	// Stdout receives the reply, Stderr failures and warnings.
	Stdout, Stderr io.Writer
	// Env is the shim's whole environment ("KEY=value"): the wrapped
	// hook's base environment, and HOME for paths under ~.
	Env []string
	// Dir is the shim's working directory: the workspace of an event
	// that names none.
	Dir string
	// Event, when set, is the native event on the shim's stdin, already
	// decoded (as runner.DecodeEventLenient decodes it): a shim without
	// --host reads it instead of ReadEvent's bytes, and the shim owns it.
	// An engine running the shim in-process passes it
	// (runner.Invocation.Event), so that an event is not decoded again
	// for every converted hook.
	Event *runner.Event
}

// shimDecodes counts the events the shim decoded from bytes (for the
// test that an in-process shim given the decoded event decodes none).
var shimDecodes atomic.Int64

// RunShim runs one call of the exec shim, `hookcompat exec ARGS` (ARGS
// without the program and "exec"; the command line [format.ShimArgs]
// writes and [format.ParseShimArgs] reads), and returns its exit status:
// it reads the event, fires it through the one hook ARGS describe (or,
// for a grouped call, the hooks of its sources merged by their format's
// rules: Phi's --phi-dir folders) when it is the
// hook's event, and writes the native reply — or with --host the host
// agent's reply and exit status. The native reply carries the wrapped
// runs in hookcompat's extension field ([runner.ReportKey]); failures
// are also written on Stderr, "hookcompat exec: COMMAND: OUTCOME (exit
// N): ERROR". An error of the call itself is written on Stderr as
// "hookcompat: exec: …" with exit status 1 — also a bad command line,
// since exit 2 would block in a native engine (HK-20). When ctx ends
// before the hook answered, the hook's process group is terminated and
// the status is 1 without a reply, unless the hook is fail-closed, whose
// reply is a block. This is the whole behaviour of the hookcompat exec
// command, which runs it with the process's streams, environment and
// working directory, and of a converted hook that an engine of
// [NewEngine] runs without starting hookcompat.
//
// A fail-closed shim (--fail-closed) never answers a failure of its own —
// an event it cannot read (not JSON, truncated, nested deeper than
// encoding/json reads, over MaxEventBytes, stdin closed early), a payload
// that is not its host's, a hook it cannot build, a Fire that cannot run
// — with exit 1, which Codex, Gemini CLI, Qwen Code and a plain native
// engine read as non-blocking: after the error on Stderr it answers a
// block of the hook's event in its host's reply schema and exit status
// (natively {"decision": "block"}, with the failure in the
// runner.ReportKey field), and when even its command line does not parse
// it exits 2, which every host reads as a block with Stderr as the
// reason.
func RunShim(ctx context.Context, args []string, sio ShimIO) int {
	if err := runShim(ctx, time.Now(), args, sio); err != nil {
		var code shimExit
		if errors.As(err, &code) {
			return int(code)
		}
		fmt.Fprintf(sio.Stderr, "hookcompat: %v\n", err)
		if errors.Is(err, format.ErrShimUsage) {
			fmt.Fprintf(sio.Stderr, "Run 'hookcompat --help' for usage.\n")
		}
		if code, ok := failClosedAnswer(args, err, sio); ok {
			return code
		}
		return 1
	}
	return 0
}

// shimFailure is a failure of the shim itself, with what it knew of the
// hook when it failed (for its fail-closed answer).
type shimFailure struct {
	err  error
	spec *format.ShimSpec
	hook *settings.Hook
}

func (f *shimFailure) Error() string { return f.err.Error() }
func (f *shimFailure) Unwrap() error { return f.err }

// failClosedAnswer answers a failure of a fail-closed shim with a block:
// the host's reply to a block of the hook's event (a native block with
// the failure reported), or exit status 2 when the command line is too
// broken to know the host or the event. ok is false for a shim that is
// not fail-closed.
func failClosedAnswer(args []string, err error, sio ShimIO) (int, bool) {
	var sf *shimFailure
	if !errors.As(err, &sf) || sf.spec == nil || sf.hook == nil {
		if rawFailClosed(args) {
			return 2, true // a block with stderr as its reason, in every host
		}
		return 0, false
	}
	if !sf.spec.FailClosed {
		return 0, false
	}
	reason := fmt.Sprintf("hook %s failed and is fail_closed: hookcompat exec: %v", sf.hook.Label(), sf.err)
	out := &runner.Outcome{Reply: runner.Reply{Decision: runner.DecisionBlock, Reason: reason}}
	ev := runner.Event{Name: sf.hook.Event, Workspace: sio.Dir, Cwd: sio.Dir}
	out.Event = ev
	if host, _ := sf.spec.HostFormat(); host != nil {
		stdout, stderr, code := host.WriteReply(out, &ev)
		if _, werr := sio.Stdout.Write(stdout); werr != nil {
			return 2, true
		}
		_, _ = sio.Stderr.Write(stderr)
		return code, true
	}
	rep := &runner.Report{Hooks: []runner.InnerRun{{Protocol: sf.hook.EffectiveProtocol(), Command: sf.hook.Label(),
		Outcome: runner.OutcomeBlocking, Error: "hookcompat exec: " + sf.err.Error(), Decision: string(runner.DecisionBlock)}}}
	b, merr := json.Marshal(struct {
		runner.Reply
		Report *runner.Report `json:"hookcompat"`
	}{out.Reply, rep})
	if merr != nil {
		return 2, true
	}
	if _, werr := fmt.Fprintf(sio.Stdout, "%s\n", b); werr != nil {
		return 2, true
	}
	return 0, true
}

// rawFailClosed reports whether --fail-closed is among the shim's flags
// (before "--"), for a command line that does not parse.
func rawFailClosed(args []string) bool {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "--fail-closed" || a == "--fail-closed=true" {
			return true
		}
	}
	return false
}

// shimExit is the exit status of a host's reply (Codex, Gemini CLI, …
// give exit codes meaning, such as 2 for a block).
type shimExit int

func (e shimExit) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// shimUsage is a bad exec command line: its message without the "exec
// usage: " prefix, still matching format.ErrShimUsage.
type shimUsage struct{ err error }

func (e *shimUsage) Error() string {
	return "exec: " + strings.TrimPrefix(e.err.Error(), format.ErrShimUsage.Error()+": ")
}
func (e *shimUsage) Unwrap() error { return e.err }

func usageOf(err error) error {
	if errors.Is(err, format.ErrShimUsage) {
		return &shimUsage{err}
	}
	return &shimUsage{fmt.Errorf("%w: %v", format.ErrShimUsage, err)}
}

// runShim runs the shim; start is when it started, from which the
// engine running it counts the hook's timeout.
func runShim(ctx context.Context, start time.Time, args []string, sio ShimIO) error {
	spec, err := format.ParseShimArgs(args)
	if err != nil {
		return usageOf(err)
	}
	if _, err := spec.HostFormat(); err != nil {
		return usageOf(err)
	}
	h, err := spec.Hook()
	if err != nil {
		if errors.Is(err, format.ErrShimUsage) {
			return usageOf(err)
		}
		return fmt.Errorf("exec: %w", err)
	}
	// From here on the shim knows its hook: a failure of its own is
	// answered as the hook's failure (RunShim, failClosedAnswer).
	if err := runHook(ctx, start, spec, h, sio); err != nil {
		var code shimExit
		if errors.As(err, &code) {
			return err
		}
		return &shimFailure{err: err, spec: spec, hook: h}
	}
	return nil
}

// runHook runs the shim's hook h (spec's) for the event on its stdin.
func runHook(ctx context.Context, start time.Time, spec *format.ShimSpec, h *settings.Hook, sio ShimIO) error {
	home := hookkit.EnvValue(sio.Env, "HOME")
	if len(spec.Sources) > 0 {
		// A grouped call: the hooks of its sources, loaded by their
		// format's own rules.
		return fireShim(ctx, spec, sio, h.Event, func(workspace string) (*runner.Engine, error) {
			// Sources are relative to the workspace, or under ~
			// (format.ShimSpec.Portable).
			spec.Resolve(workspace, home)
			var srcs []format.Source
			for _, d := range spec.Sources {
				srcs = append(srcs, format.Source{Format: spec.Protocol, Path: d})
			}
			loaded, err := Load(Options{Project: workspace, Home: home, Sources: srcs, Env: sio.Env})
			if err != nil {
				return nil, err
			}
			for _, w := range loaded.Warnings {
				fmt.Fprintln(sio.Stderr, w.String())
			}
			return NewEngine(loaded, runner.Options{Env: sio.Env, KillGrace: 300 * time.Millisecond, LookPath: shimLookPath(sio.Env)})
		})
	}
	// A hook the flags describe badly (an invalid --matcher or --if) is
	// an error on every event, not only on those it would run for.
	one := &settings.Config{Hooks: []settings.Hook{*h}}
	if err := one.Validate(); err != nil {
		return fmt.Errorf("exec: %w", err)
	}
	return fireShim(ctx, spec, sio, h.Event, func(workspace string) (*runner.Engine, error) {
		// Paths of the call (a plugin's CLAUDE_PLUGIN_ROOT, --dir) are
		// relative to the workspace, or under ~
		// (format.ShimSpec.Portable).
		spec.Resolve(workspace, home)
		h, err := spec.Hook()
		if err != nil {
			return nil, err
		}
		one := &settings.Config{Hooks: []settings.Hook{*h}}
		// A short kill grace: the engine that runs this shim gives it its
		// own grace after SIGTERM, and the hook's group must be gone first.
		ropts := runner.Options{Workspace: workspace, Env: sio.Env, KillGrace: 300 * time.Millisecond, LookPath: shimLookPath(sio.Env)}
		if spec.Timeout > 0 {
			// The engine running this shim gives it exactly --timeout:
			// stop the hook a little earlier, so that its timeout is
			// answered by this shim with the protocol's own reply (a
			// fail_closed Claude hook denies with Claude's reason) rather
			// than seen as the shim timing out.
			reserve := min(500*time.Millisecond, h.Timeout/5)
			ropts.KillGrace = min(ropts.KillGrace, reserve/2)
			// The hook's time counts from the shim's start, as the
			// engine's own does: what reading the event and building
			// this engine took comes off it.
			ropts.TimeoutReserve = reserve + time.Since(start)
		}
		return NewEngine(&Loaded{Config: one, Project: workspace}, ropts)
	})
}

// shimLookPath is the shim's runner.Options.LookPath: a program name
// without a slash (an exec-form hook's, a protocol's shell) is found in
// the PATH of the shim's environment env, as the shim process finds it —
// exec.LookPath itself (nil) when that PATH is this process's, else the
// same search of env's PATH (an engine whose Env is not its process's
// running the shim in-process).
func shimLookPath(env []string) func(string) (string, error) {
	pathEnv := hookkit.EnvValue(env, "PATH")
	if pathEnv == os.Getenv("PATH") {
		return nil
	}
	return func(file string) (string, error) {
		for _, dir := range filepath.SplitList(pathEnv) {
			if dir == "" {
				dir = "." // as exec.LookPath: an empty entry is the working directory
			}
			p := filepath.Join(dir, file)
			if st, err := os.Stat(p); err != nil || st.IsDir() || st.Mode().Perm()&0o111 == 0 {
				continue
			}
			if !filepath.IsAbs(p) {
				return p, &exec.Error{Name: file, Err: exec.ErrDot}
			}
			return p, nil
		}
		return "", &exec.Error{Name: file, Err: exec.ErrNotFound}
	}
}

// fireShim reads one event — a native event, or the host's payload with
// --host — and, when it is the shim's event, fires it through the engine
// build makes for the event's workspace (the working directory when the
// event has none), waits for detached hooks (Engine.Close) and answers:
// the native reply, or the host's reply schema and exit status. For
// another event the answer is the empty reply. Hook failures are echoed
// on stderr, and the native reply carries every run's outcome, exit code
// and error in its runner.ReportKey field.
func fireShim(ctx context.Context, spec *format.ShimSpec, sio ShimIO, native settings.Event, build func(workspace string) (*runner.Engine, error)) error {
	host, _ := spec.HostFormat()
	var data []byte
	var err error
	if host != nil || sio.Event == nil {
		if data, err = sio.ReadEvent(); err != nil {
			return fmt.Errorf("exec: %w", err)
		}
		shimDecodes.Add(1)
	}
	var ev runner.Event
	var call *format.HostCall
	hw, world := host.(format.HostWorld)
	switch {
	case host == nil && sio.Event != nil:
		ev = *sio.Event
		if ev.Name == "" {
			err = errors.New(`stdin is not a native event: it has no "event"`)
		}
	case world:
		// The hook's world as its own agent would give it (DESIGN §3b):
		// its project directory, its tool result shapes, its transcript,
		// only the events its agent fires. --host says whose payload it
		// is (Codex's SessionEnd has Claude Code's keys exactly).
		if call, err = hw.HostCall(data, sio.Dir, sio.Env, spec.Protocol); err == nil {
			ev = call.Event
		}
	case host != nil:
		var score int
		ev, score, err = host.ReadEvent(data, sio.Dir, nil)
		if err == nil && score == 0 {
			err = fmt.Errorf("stdin is not a %s hook payload", spec.Host)
		}
		if hr, ok := host.(format.HostEventReader); ok && err == nil {
			// The hook gets its own agent's payload, not the host's.
			ev, err = hr.ReadHostEvent(data, sio.Dir, spec.Protocol)
		}
	default:
		ev, err = runner.DecodeEventLenient(data)
		if err == nil && ev.Name == "" {
			err = errors.New(`stdin is not a native event: it has no "event"`)
		}
	}
	if err != nil {
		return fmt.Errorf("exec: %w", err)
	}
	var read runner.Event // as read, for the host's reply
	if host != nil {
		read = ev.Clone()
	}
	if call != nil {
		hookWorld(spec, call, &ev, sio)
	}
	out := &runner.Outcome{Event: ev}
	var report *runner.Report
	switch {
	case call != nil && call.Skip != "" && ev.Name == native:
		fmt.Fprintf(sio.Stderr, "hookcompat exec: not run: %s\n", call.Skip)
	case ev.Name == native:
		workspace := ev.Workspace
		if workspace == "" {
			workspace = sio.Dir
		}
		eng, err := build(workspace)
		if err != nil {
			return fmt.Errorf("exec: %w", err)
		}
		out, err = eng.Fire(ctx, ev)
		if out == nil || (err != nil && !out.Decision.Blocks()) {
			// Signalled before the hook answered: no answer (a failure
			// of this shim), unless the hook is fail_closed.
			_ = eng.Close(context.Background())
			return fmt.Errorf("exec: %w", err)
		}
		_ = eng.Close(ctx) // detached (async Phi) hooks finish, or are killed, first
		for _, tr := range out.Hooks {
			if tr.Error != "" {
				code := ""
				if tr.ExitCode != nil {
					code = fmt.Sprintf(" (exit %d)", *tr.ExitCode)
				}
				fmt.Fprintf(sio.Stderr, "hookcompat exec: %s: %s%s: %s\n", tr.Command, tr.Outcome, code, tr.Error)
			}
		}
		report = runner.ReportOf(out)
	default:
		fmt.Fprintf(sio.Stderr, "hookcompat exec: the event is %q, the hooks are configured for %s; not run\n", ev.Name, spec.Event)
	}
	if host != nil {
		if report != nil {
			// The wrapped runs, for an engine that runs this host's hooks
			// itself (hookcompat's): a host's reply schema has no room for
			// them, and the host ignores a hook's stderr on success.
			if line, err := runner.ReportLine(report); err == nil {
				_, _ = sio.Stderr.Write(line)
			}
		}
		stdout, stderr, code := host.WriteReply(out, &read)
		if _, err := sio.Stdout.Write(stdout); err != nil {
			return err
		}
		if _, err := sio.Stderr.Write(stderr); err != nil {
			return err
		}
		if code != 0 {
			return shimExit(code)
		}
		return nil
	}
	// The native reply, and hookcompat's extension field naming the runs
	// it stands for (runner.ReportKey), so that an engine that knows it
	// traces the wrapped hook's failure; a plain one ignores it.
	b, err := json.Marshal(struct {
		runner.Reply
		Report *runner.Report `json:"hookcompat,omitempty"`
	}{out.Reply, report})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(sio.Stdout, "%s\n", b)
	return err
}

// hookWorld gives the shim's hook, of format spec.Protocol, the world the
// host described in call (format.HookWorld): its agent's tool input and
// result shapes and its agent's transcript, written next to the host's
// (or, where that folder cannot be written, under the temporary
// directory) and named in ev.TranscriptPath. A format without a world
// gets the host's values as they are.
func hookWorld(spec *format.ShimSpec, call *format.HostCall, ev *runner.Event, sio ShimIO) {
	f, ok := format.Lookup(spec.Protocol)
	if !ok {
		return
	}
	hw, ok := f.(format.HookWorld)
	if !ok {
		return
	}
	hw.WorldEvent(ev, call.Outcome)
	t := call.Transcript
	if t == nil {
		if call.TranscriptPath == "" && ev.SessionID == "" {
			return
		}
		t = &format.Transcript{} // unreadable: an empty one, never the host's format
	}
	base := filepath.Base(call.TranscriptPath)
	if call.TranscriptPath == "" {
		base = ev.SessionID + ".jsonl"
	}
	name, data, err := hw.WorldTranscript(t, ev, base)
	if err != nil {
		fmt.Fprintf(sio.Stderr, "hookcompat exec: transcript: %v\n", err)
		return
	}
	dirs := []string{filepath.Join(os.TempDir(), "hookcompat-transcripts")}
	if call.TranscriptPath != "" {
		dirs = append([]string{filepath.Dir(call.TranscriptPath)}, dirs...)
	}
	for _, dir := range dirs {
		p := filepath.Join(dir, name)
		if err := writeFileAtomic(p, data); err == nil {
			ev.TranscriptPath = p
			return
		}
	}
	fmt.Fprintf(sio.Stderr, "hookcompat exec: transcript: cannot write %s\n", name)
}

// writeFileAtomic writes data to path through a temporary file in the
// same folder, renamed over path: a reader sees the old file or the new
// one, never a part.
func writeFileAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(tmp.Name(), 0o600)
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		_ = os.Remove(tmp.Name())
	}
	return werr
}

// inProcessShim is NewEngine's runner.Options.InProcess: a command hook
// whose argv is a call of the exec shim of converted TOML — a program
// named exactly hookcompat that the engine would start (found in this
// process's PATH, or at its path relative to the hook's directory, a
// regular file with an execute bit), "exec", and a command line that
// parses, for a native engine (no --host, or --host native), whose
// relative paths resolve alike here and in the hook's directory
// (relativeAlike) — runs through [RunShim] in this process, with the
// hook's stdin (read as the process reads it, [ReadEvent]), environment
// and directory, instead of as a second process. Anything else, and a
// shim that would not start (exit 127), starts as a process.
func inProcessShim(inv *runner.Invocation) runner.InProcessFunc {
	argv := inv.Argv
	if len(argv) < 2 || argv[1] != "exec" || filepath.Base(argv[0]) != "hookcompat" {
		return nil
	}
	if spec, err := format.ParseShimArgs(argv[2:]); err != nil || (spec.Host != "" && spec.Host != settings.ProtocolNative) {
		return nil
	}
	path := argv[0]
	if filepath.Base(path) == path {
		p, err := exec.LookPath(path)
		if err != nil {
			return nil
		}
		path = p
	} else if !filepath.IsAbs(path) {
		path = filepath.Join(inv.Dir, path)
	}
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() || st.Mode().Perm()&0o111 == 0 {
		return nil
	}
	if !relativeAlike(inv) {
		return nil
	}
	return func(ctx context.Context, inv *runner.Invocation, stdout, stderr *runner.Output) int {
		ev := inv.Event
		if len(inv.Stdin) > MaxEventBytes+1 {
			ev = nil // the shim process cannot read it: it fails the same way
		}
		return RunShim(ctx, inv.Argv[2:], ShimIO{
			// Read as the shim process reads its stdin: one JSON value
			// within MaxEventBytes — or, as the engine decoded it, the
			// event itself (no second decoding).
			ReadEvent: func() ([]byte, error) { return ReadEvent(bytes.NewReader(inv.Stdin)) },
			Event:     ev,
			Stdout:    stdout, Stderr: stderr, Env: inv.Env, Dir: inv.Dir,
		})
	}
}

// relativeAlike reports whether the relative paths the shim resolves —
// the event's workspace (inv.Dir for an event without one) and cwd, and
// what its flags name under them — name the same files from this
// process's working directory as from inv.Dir, the shim process's: they
// are absolute, or inv.Dir is this process's working directory. A shim
// whose paths would differ starts as a process.
func relativeAlike(inv *runner.Invocation) bool {
	var ws, cwd string
	if inv.Event != nil {
		ws, cwd = inv.Event.Workspace, inv.Event.Cwd
	} else {
		ws, cwd = gjson.GetBytes(inv.Stdin, "workspace").String(), gjson.GetBytes(inv.Stdin, "cwd").String()
	}
	if ws == "" {
		ws = inv.Dir
	}
	if (ws == "" || filepath.IsAbs(ws)) && (cwd == "" || filepath.IsAbs(cwd)) {
		return true
	}
	if inv.Dir == "" {
		return true
	}
	wd, err := os.Getwd()
	if err != nil {
		return false
	}
	dir := inv.Dir
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(wd, dir)
	}
	return filepath.Clean(dir) == filepath.Clean(wd)
}
