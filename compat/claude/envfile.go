package claude

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
)

// Bounds of [EnvFileExports]: a CLAUDE_ENV_FILE is written by hooks (and
// by the model's Bash tool), so nothing in it may crash or stall the
// agent that reads it.
const (
	// MaxEnvFileBytes is the largest CLAUDE_ENV_FILE interpreted (1 MiB);
	// real ones are a few export lines.
	MaxEnvFileBytes = 1 << 20
	// EnvFileTimeout bounds the interpretation of one file.
	EnvFileTimeout = time.Second
	// MaxEnvFileSteps bounds the simple commands (builtins, function
	// calls) one interpretation runs.
	MaxEnvFileSteps = 100_000
	// EnvFileMemory bounds the memory of the process interpreting the file
	// (Linux: its address space beyond what it had at start).
	EnvFileMemory = 512 << 20
	// maxEnvFileOutput bounds the exports returned, in bytes of
	// "KEY=value" text.
	maxEnvFileOutput = 8 << 20
)

// ErrEnvFileLimit is wrapped by the error of [EnvFileExports] when the
// file hit a bound: too large, too slow, too many steps, too much memory,
// too much output. It is a warning: the exports read before the bound are
// returned (possibly none).
var ErrEnvFileLimit = errors.New("CLAUDE_ENV_FILE exceeds a bound")

// EnvFileExports reads a CLAUDE_ENV_FILE written by SessionStart hooks and
// returns the variables it exports, as "KEY=value", sorted. Claude Code
// sources the file before every later Bash tool command (claude §7.4;
// oracle u: "CLAUDE_ENV_FILE exports reach Bash"); an agent that wants the
// same adds these variables to its shell tool's environment.
//
// The file is interpreted as POSIX shell (mvdan.cc/sh) with base as the
// starting environment, without running any external program (a command
// substitution calling one fails and leaves its variable unset). Only
// variables the file exports, or changes when they were already exported,
// are returned. A missing file yields no variables and no error; a file
// that does not parse is an error naming line and column.
//
// Hostile contents cannot crash or stall the caller: a file larger than
// [MaxEnvFileBytes] is not interpreted; on Linux the interpretation runs
// in a child process (this program, re-executed through /proc/self/exe,
// which a package initializer turns into the interpreter) under the
// runner's process limits, killed after [EnvFileTimeout], whose memory
// is capped at [EnvFileMemory]; it stops after [MaxEnvFileSteps] simple
// commands. A bound hit is an error wrapping [ErrEnvFileLimit], a warning
// returned with the exports set before it. Elsewhere the interpretation
// runs in-process with the time, step and size bounds but no memory
// bound.
func EnvFileExports(path string, base []string) ([]string, error) {
	st, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("CLAUDE_ENV_FILE: %w", err)
	}
	if st.Size() > MaxEnvFileBytes {
		return nil, fmt.Errorf("CLAUDE_ENV_FILE %s: %d bytes, more than %d: not read: %w", path, st.Size(), MaxEnvFileBytes, ErrEnvFileLimit)
	}
	data, err := readAtMost(path, MaxEnvFileBytes)
	if err != nil {
		return nil, fmt.Errorf("CLAUDE_ENV_FILE: %w", err)
	}
	req := envFileRequest{Path: path, Data: string(data), Base: base}
	if runtime.GOOS != "linux" {
		return req.eval(EnvFileTimeout)
	}
	return req.inChild()
}

func readAtMost(path string, n int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, n+1))
	if err == nil && int64(len(data)) > n {
		err = fmt.Errorf("%s grew past %d bytes while read: %w", path, n, ErrEnvFileLimit)
	}
	return data, err
}

// envFileChildVar, set to envFileChildValue in a process's environment,
// makes this package's initializer interpret the request on stdin and
// exit (see EnvFileExports).
const (
	envFileChildVar   = "HOOKCOMPAT_ENV_FILE_CHILD"
	envFileChildValue = "interpret-stdin-v1"
)

func init() {
	if os.Getenv(envFileChildVar) == envFileChildValue {
		os.Exit(envFileChild())
	}
}

// envFileRequest is what the parent sends the child; envFileResponse what
// it answers.
type envFileRequest struct {
	Path string   `json:"path"`
	Data string   `json:"data"`
	Base []string `json:"base"`
}

type envFileResponse struct {
	// Made, on a line of its own, are exports the file made so far that
	// an earlier line did not carry: the child writes one such line after
	// each export, so that the exports before a bound survive a child
	// that is killed or runs out of memory. The last line, the answer,
	// has Done set.
	Made    []string `json:"made,omitempty"`
	Done    bool     `json:"done,omitempty"`
	Exports []string `json:"exports"`
	Error   string   `json:"error,omitempty"`
	Limit   bool     `json:"limit,omitempty"`
}

// inChild runs the interpretation in a re-executed child under the
// runner's limits and reads its answer.
func (req envFileRequest) inChild() ([]string, error) {
	in, err := json.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("CLAUDE_ENV_FILE: %w", err)
	}
	env := append(hookkit.WithoutEnv(os.Environ(), envFileChildVar), envFileChildVar+"="+envFileChildValue)
	if raceEnabled {
		env = append(env, "GORACE=atexit_sleep_ms=0") // a race build would wait 1 s at exit
	}
	res := runner.RunProcess(context.Background(), &runner.Invocation{
		Argv:  []string{"/proc/self/exe"},
		Env:   env,
		Stdin: in,
		// The child stops itself EnvFileTimeout after it started; this is
		// the backstop for one that cannot (a statement that never ends).
		Timeout: EnvFileTimeout + 2*time.Second,
	}, runner.Options{OutputLimit: maxEnvFileOutput + 1<<20, ReplyLimit: maxEnvFileOutput + 1<<20, KillGrace: 100 * time.Millisecond, DrainDelay: 100 * time.Millisecond})
	bound := func(why string) error {
		return fmt.Errorf("CLAUDE_ENV_FILE %s: %s: %w", req.Path, why, ErrEnvFileLimit)
	}
	switch {
	case res.StartErr != nil:
		return nil, fmt.Errorf("CLAUDE_ENV_FILE %s: cannot start the interpreter: %w", req.Path, res.StartErr)
	case res.StdoutTruncated:
		return nil, bound(fmt.Sprintf("exports more than %d bytes", maxEnvFileOutput))
	}
	resp, made := readEnvFileAnswer(res.Stdout)
	if res.TimedOut {
		return made, bound(fmt.Sprintf("not interpreted within %s", EnvFileTimeout))
	}
	if resp == nil || res.ExitCode != 0 {
		// The interpreter died: out of its memory or stack (the Go
		// runtime's "fatal error"), or killed.
		why := hookkit.FirstLine(res.Stderr)
		switch {
		case strings.Contains(string(res.Stderr), "out of memory"):
			why = fmt.Sprintf("interpreting it needs more than %d MiB", EnvFileMemory>>20)
		case why == "" && res.Signal != "":
			why = "the interpreter was killed by SIG" + res.Signal
		case why == "":
			why = fmt.Sprintf("the interpreter exited %d", res.ExitCode)
		}
		return made, bound(why)
	}
	switch {
	case resp.Limit:
		return resp.Exports, fmt.Errorf("CLAUDE_ENV_FILE %s: %s: %w", req.Path, resp.Error, ErrEnvFileLimit)
	case resp.Error != "":
		return resp.Exports, errors.New(resp.Error)
	}
	return resp.Exports, nil
}

// readEnvFileAnswer reads the child's stdout: its answer (nil when the
// child did not finish it) and the exports its progress lines carried,
// sorted as exportsOf sorts them (the last value of a name wins).
func readEnvFileAnswer(out []byte) (*envFileResponse, []string) {
	byName := map[string]string{}
	var resp *envFileResponse
	for _, line := range bytes.Split(out, []byte("\n")) {
		var l envFileResponse
		if len(line) == 0 || json.Unmarshal(line, &l) != nil {
			continue
		}
		if l.Done {
			resp = &l
			continue
		}
		for _, kv := range l.Made {
			if k, v, ok := strings.Cut(kv, "="); ok {
				byName[k] = v
			}
		}
	}
	var made []string
	for k, v := range byName {
		made = append(made, k+"="+v)
	}
	sort.Strings(made)
	return resp, made
}

// envFileChild is the child's main: read the request, bound memory,
// interpret, answer.
func envFileChild() int {
	data, err := io.ReadAll(io.LimitReader(os.Stdin, 4*MaxEnvFileBytes+(1<<20)))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	var req envFileRequest
	if err := json.Unmarshal(data, &req); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if !raceEnabled {
		limitMemory(EnvFileMemory)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	heapBound := false
	go func() {
		// Stop the interpreter at its next statement once its heap passes
		// a quarter of the memory bound, so that the exports before a
		// runaway expansion can still be reported; the address-space cap
		// stops the rest.
		// HeapAlloc is the heap's objects (runtime/metrics'
		// /memory/classes/heap/objects:bytes), read without importing
		// runtime/metrics, whose initializer every hookcompat start would
		// pay for.
		var ms runtime.MemStats
		for ctx.Err() == nil {
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > EnvFileMemory/4 {
				heapBound = true
				cancel()
				return
			}
			time.Sleep(time.Millisecond)
		}
	}()
	sent := map[string]bool{}
	progress := func(exports []string) {
		var made []string
		for _, kv := range exports {
			if !sent[kv] {
				sent[kv] = true
				made = append(made, kv)
			}
		}
		if len(made) > 0 {
			line, _ := json.Marshal(envFileResponse{Made: made})
			_, _ = os.Stdout.Write(append(line, '\n'))
		}
	}
	exports, err := req.evalCtx(ctx, EnvFileTimeout, progress)
	cancel()
	if heapBound {
		err = fmt.Errorf("CLAUDE_ENV_FILE %s: interpreting it needs more than %d MiB: %w", req.Path, EnvFileMemory/4>>20, ErrEnvFileLimit)
	}
	resp := envFileResponse{Done: true, Exports: exports}
	if err != nil {
		resp.Error = err.Error()
		if errors.Is(err, ErrEnvFileLimit) {
			resp.Limit = true
			resp.Error = strings.TrimSuffix(strings.TrimPrefix(err.Error(), "CLAUDE_ENV_FILE "+req.Path+": "), ": "+ErrEnvFileLimit.Error())
		}
	}
	out, _ := json.Marshal(resp)
	_, _ = os.Stdout.Write(out)
	return 0
}

// eval interprets the file in this process within timeout and the step
// and output bounds.
func (req envFileRequest) eval(timeout time.Duration) ([]string, error) {
	return req.evalCtx(context.Background(), timeout, nil)
}

// progressEvery is how often (in commands) evalCtx reports the exports
// so far to its progress function, after the first command.
const progressEvery = 64

// evalCtx is eval, also stopped when ctx ends; progress, when not nil,
// gets the exports so far (sorted, as exportsOf) at the file's first
// command and then every progressEvery commands.
func (req envFileRequest) evalCtx(parent context.Context, timeout time.Duration, progress func([]string)) ([]string, error) {
	file, err := syntax.NewParser().Parse(strings.NewReader(req.Data), req.Path)
	if err != nil {
		return nil, fmt.Errorf("CLAUDE_ENV_FILE: %w", err)
	}
	noExec := func(interp.ExecHandlerFunc) interp.ExecHandlerFunc {
		return func(ctx context.Context, args []string) error {
			return interp.ExitStatus(127)
		}
	}
	steps := 0
	errSteps := errors.New("step bound")
	countSteps := func(ctx context.Context, args []string) ([]string, error) {
		if steps++; steps > MaxEnvFileSteps {
			return nil, errSteps
		}
		if progress != nil && steps%progressEvery == 1 {
			vars := map[string]expand.Variable{}
			interp.HandlerCtx(ctx).Env.Each(func(name string, v expand.Variable) bool {
				vars[name] = v
				return true
			})
			progress(exportedOf(vars, req.Base))
		}
		return args, nil
	}
	r, err := interp.New(
		interp.Env(expand.ListEnviron(req.Base...)),
		interp.StdIO(nil, io.Discard, io.Discard),
		interp.ExecHandlers(noExec),
		interp.CallHandler(countSteps),
	)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(parent, timeout)
	defer cancel()
	runErr := r.Run(ctx, file) // a failing line does not undo the exports before it
	exports := exportsOf(r, req.Base)
	size := 0
	for i, kv := range exports {
		if size += len(kv) + 1; size > maxEnvFileOutput {
			return exports[:i], fmt.Errorf("CLAUDE_ENV_FILE %s: exports more than %d bytes: %w", req.Path, maxEnvFileOutput, ErrEnvFileLimit)
		}
	}
	switch {
	case errors.Is(runErr, errSteps):
		return exports, fmt.Errorf("CLAUDE_ENV_FILE %s: more than %d commands: %w", req.Path, MaxEnvFileSteps, ErrEnvFileLimit)
	case parent.Err() != nil:
		return exports, fmt.Errorf("CLAUDE_ENV_FILE %s: stopped: %w", req.Path, ErrEnvFileLimit)
	case ctx.Err() != nil:
		return exports, fmt.Errorf("CLAUDE_ENV_FILE %s: not interpreted within %s: %w", req.Path, timeout, ErrEnvFileLimit)
	}
	return exports, nil
}

// exportsOf lists the exported string variables r ended with that base
// did not already have with the same value.
func exportsOf(r *interp.Runner, base []string) []string { return exportedOf(r.Vars, base) }

// exportedOf is exportsOf for a set of variables.
func exportedOf(vars map[string]expand.Variable, base []string) []string {
	before := map[string]string{}
	for _, kv := range base {
		if k, v, ok := strings.Cut(kv, "="); ok {
			before[k] = v
		}
	}
	var out []string
	for name, v := range vars {
		if !v.Exported || v.Kind != expand.String {
			continue
		}
		if old, ok := before[name]; ok && old == v.Str {
			continue
		}
		out = append(out, name+"="+v.Str)
	}
	sort.Strings(out)
	return out
}
