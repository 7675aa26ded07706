//go:build unix

package runner

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The test binary doubles as the hook program (style.md rule 15): when
// HOOKFIXTURE names a fixture, TestMain runs it instead of the tests.
// Fixtures receive their parameters as arguments.
const fixtureEnv = "HOOKFIXTURE"

// fixtures are the hook programs the tests can run, by name.
var fixtures = map[string]func(args []string) int{
	// sleep DURATION: sleep, then exit 0.
	"sleep": func(args []string) int {
		time.Sleep(mustDuration(args[0]))
		return 0
	},
	// emit STDOUT [STDERR [CODE]]: write the bytes as given, exit CODE.
	"emit": func(args []string) int {
		os.Stdout.WriteString(args[0])
		code := 0
		if len(args) > 1 {
			os.Stderr.WriteString(args[1])
		}
		if len(args) > 2 {
			code, _ = strconv.Atoi(args[2])
		}
		return code
	},
	// cat: copy stdin to stdout until EOF (needs stdin to be closed).
	"cat": func([]string) int {
		if _, err := io.Copy(os.Stdout, os.Stdin); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		return 0
	},
	// exit CODE: exit without reading stdin.
	"exit": func(args []string) int {
		code, _ := strconv.Atoi(args[0])
		return code
	},
	// signal NAME: kill itself with SIGNAME (TERM, KILL, HUP).
	"signal": func(args []string) int {
		sig := map[string]syscall.Signal{"TERM": syscall.SIGTERM, "KILL": syscall.SIGKILL, "HUP": syscall.SIGHUP}[args[0]]
		_ = syscall.Kill(os.Getpid(), sig)
		time.Sleep(10 * time.Second)
		return 99
	},
	// flood BYTES: write BYTES bytes of a repeating pattern to stdout and
	// to stderr, then exit 0.
	"flood": func(args []string) int {
		n, _ := strconv.Atoi(args[0])
		chunk := []byte(strings.Repeat("0123456789abcdef", 4096))
		for _, w := range []*os.File{os.Stdout, os.Stderr} {
			for left := n; left > 0; {
				c := chunk
				if left < len(c) {
					c = c[:left]
				}
				if _, err := w.Write(c); err != nil {
					return 1
				}
				left -= len(c)
			}
		}
		return 0
	},
	// probe: print what the process got — argv, working directory,
	// environment (sorted), stdin — as one JSON object on stdout and
	// "probe <argv[0]>" on stderr; then die of signal $PROBE_SIGNAL (a
	// number; the process becomes a shell that kills itself), or sleep $PROBE_SLEEP (ignoring SIGTERM
	// when $PROBE_IGNORE_TERM is set), and exit $PROBE_EXIT (default 0).
	"probe": func(args []string) int {
		if os.Getenv("PROBE_IGNORE_TERM") != "" {
			signal.Ignore(syscall.SIGTERM)
		}
		stdin, _ := io.ReadAll(os.Stdin)
		wd, _ := os.Getwd()
		env := os.Environ()
		sort.Strings(env)
		out, _ := json.Marshal(map[string]any{"argv": os.Args, "cwd": wd, "env": env, "stdin": string(stdin)})
		os.Stdout.Write(append(out, '\n'))
		fmt.Fprintf(os.Stderr, "probe %s\n", os.Args[0])
		if s := os.Getenv("PROBE_SIGNAL"); s != "" {
			// The Go runtime catches most signals; a shell in this
			// process's place dies of it with the default action.
			err := syscall.Exec("/bin/sh", []string{"sh", "-c", "kill -" + s + " $$"}, os.Environ())
			fmt.Fprintln(os.Stderr, err)
			return 99
		}
		if d := os.Getenv("PROBE_SLEEP"); d != "" {
			time.Sleep(mustDuration(d))
		}
		code, _ := strconv.Atoi(os.Getenv("PROBE_EXIT"))
		return code
	},
	// spawn-grandchild SLEEP then exit|wait [REPLY]: start a grandchild that
	// inherits stdout and stderr and sleeps SLEEP, print
	// "pid=<own> pgid=<own group> child=<grandchild>" on stderr, print
	// REPLY on stdout, then exit 0 or sleep forever. See reportPIDs.
	"spawn-grandchild": func(args []string) int {
		child := exec.Command(os.Args[0], args[0])
		child.Env = append(os.Environ(), fixtureEnv+"=sleep")
		child.Stdout, child.Stderr = os.Stdout, os.Stderr
		if err := child.Start(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		reportPIDs(fmt.Sprintf("pid=%d pgid=%d child=%d\n", os.Getpid(), syscall.Getpgrp(), child.Process.Pid))
		if len(args) > 2 {
			os.Stdout.WriteString(args[2])
		}
		if args[1] == "exit" {
			return 0
		}
		time.Sleep(time.Hour)
		return 0
	},
	// ignore-term [with-child]: ignore SIGTERM (and start a grandchild that
	// ignores it too), print "pid=<own> child=<grandchild or 0>" on stderr
	// and "ready" on stdout, and sleep forever.
	"ignore-term": func(args []string) int {
		signal.Ignore(syscall.SIGTERM)
		childPID := 0
		if len(args) > 0 && args[0] == "with-child" {
			child := exec.Command(os.Args[0])
			child.Env = append(os.Environ(), fixtureEnv+"=ignore-term")
			ready, err := child.StdoutPipe()
			if err == nil {
				err = child.Start()
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
			// Wait until the grandchild ignores SIGTERM too.
			if _, err := ready.Read(make([]byte, 1)); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
			childPID = child.Process.Pid
		}
		reportPIDs(fmt.Sprintf("pid=%d child=%d\n", os.Getpid(), childPID))
		os.Stdout.WriteString("ready\n")
		time.Sleep(time.Hour)
		return 0
	},
}

// reportPIDs writes a fixture's "pid=…" line to stderr and, when
// HOOKFIXTURE_PIDFILE is set, to that file (for runs whose stderr the test
// does not see, such as Engine.Fire).
func reportPIDs(line string) {
	os.Stderr.WriteString(line)
	if f := os.Getenv(fixtureEnv + "_PIDFILE"); f != "" {
		_ = os.WriteFile(f, []byte(line), 0o644)
	}
}

var (
	fixtureMu   sync.Mutex
	fixtureUsed = map[string]bool{}
)

// fixture returns the argv and environment entry that run the named
// fixture with args, and records that the fixture is used.
func fixture(t testing.TB, name string, args ...string) (argv []string, env string) {
	t.Helper()
	if _, ok := fixtures[name]; !ok {
		t.Fatalf("unknown hook fixture %q", name)
	}
	fixtureMu.Lock()
	fixtureUsed[name] = true
	fixtureMu.Unlock()
	return append([]string{os.Args[0]}, args...), fixtureEnv + "=" + name
}

// fixtureInvocation is an Invocation running the named fixture.
func fixtureInvocation(t testing.TB, name string, args ...string) *Invocation {
	argv, env := fixture(t, name, args...)
	// GORACE: a race-built fixture would otherwise sleep 1 s at exit.
	return &Invocation{Argv: argv, Env: append(os.Environ(), env, "GORACE=atexit_sleep_ms=0"), Timeout: 10 * time.Second}
}

func mustDuration(s string) time.Duration {
	d, err := time.ParseDuration(s)
	if err != nil {
		panic(err)
	}
	return d
}

func TestMain(m *testing.M) {
	if name := os.Getenv(fixtureEnv); name != "" {
		f, ok := fixtures[name]
		if !ok {
			fmt.Fprintf(os.Stderr, "unknown hook fixture %q\n", name)
			os.Exit(127)
		}
		os.Exit(f(os.Args[1:]))
	}
	flag.Parse()
	code := m.Run()
	if code == 0 && allTestsSelected() {
		var unused []string
		for name := range fixtures {
			if !fixtureUsed[name] {
				unused = append(unused, name)
			}
		}
		if len(unused) > 0 {
			sort.Strings(unused)
			fmt.Fprintf(os.Stderr, "FAIL: hook fixtures registered but never used: %s\n", strings.Join(unused, ", "))
			code = 1
		}
	}
	os.Exit(code)
}

// allTestsSelected reports whether this run executes every test (no -run
// or -skip filter, not -short), so that an unused fixture means a dead one.
func allTestsSelected() bool {
	for _, name := range []string{"test.run", "test.skip"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != "" {
			return false
		}
	}
	return !testing.Short()
}
