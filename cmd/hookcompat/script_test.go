//go:build unix

// The CLI scenarios run hooks written as sh scripts and check process
// groups, so they are Unix-only.

package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/hookcompat/hookcompat/cmd/hookcompat/internal/cli"
)

var update = flag.Bool("update", false, "rewrite the cmp files inside testdata/script/*.txtar with the actual output")

// scriptDir holds the CLI scenarios, relative to this package.
var scriptDir = filepath.Join("..", "..", "testdata", "script")

// TestMain installs the test binary as the command hookcompat on the
// scripts' PATH (testscript.Main): invoked under that name, it runs the
// real CLI and exits with its code.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"hookcompat": func() { os.Exit(cli.Main()) },
	})
}

// TestScript runs testdata/script/*.txtar. With -update, a failing
// `cmp stdout want` whose want is a file of the archive rewrites that file.
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 scriptDir,
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup: func(env *testscript.Env) error {
			// A race-built binary sleeps 1 s at exit by default; the
			// scripts run it hundreds of times.
			env.Setenv("GORACE", "atexit_sleep_ms=0")
			// SHIMDIR is the directory of the hookcompat command, for
			// scripts that set a PATH of their own and still need the
			// exec shim on it.
			env.Setenv("SHIMDIR", filepath.SplitList(env.Getenv("PATH"))[0])
			return nil
		},
		Cmds: map[string]func(*testscript.TestScript, bool, []string){
			"pidgone":      cmdPidgone,
			"waitfor":      cmdWaitfor,
			"onceperplace": cmdOncePerPlace,
		},
	})
}

// waitforWait is how long waitfor waits for its lines.
const waitforWait = 30 * time.Second

// cmdWaitfor implements `waitfor FILE N REGEXP`: it waits (up to
// waitforWait) until FILE — the output of a command running in the
// background, such as watch — has at least N matches of REGEXP (a
// multi-line regexp, as stdout's), so that a scenario's next step follows
// the step before it by what the command said, not by a sleep.
func cmdWaitfor(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: waitfor FILE N REGEXP")
	}
	n, err := strconv.Atoi(args[1])
	if err != nil || n < 1 {
		ts.Fatalf("waitfor: N must be a positive count, have %q", args[1])
	}
	re, err := regexp.Compile("(?m)" + args[2])
	ts.Check(err)
	deadline := time.Now().Add(waitforWait)
	for {
		data, _ := os.ReadFile(ts.MkAbs(args[0]))
		if len(re.FindAllIndex(data, -1)) >= n {
			return
		}
		if time.Now().After(deadline) {
			ts.Fatalf("waitfor: %s has not %d line(s) matching %q after %s:\n%s", args[0], n, args[2], waitforWait, data)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// pidgoneWait is how long pidgone waits for a process to disappear.
const pidgoneWait = 5 * time.Second

// cmdPidgone implements `pidgone FILE`: FILE holds a process id (as
// written by a hook with `echo $! > FILE`); the command succeeds once that
// process no longer runs, waiting up to pidgoneWait, since a killed
// process needs a moment to die. A zombie counts as gone: it runs nothing,
// and whether it is reaped depends on the machine's init process.
//
// `! pidgone FILE` checks once, without waiting, that the process still
// runs.
func cmdPidgone(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: pidgone FILE")
	}
	text := strings.TrimSpace(ts.ReadFile(args[0]))
	pid, err := strconv.Atoi(text)
	if err != nil || pid <= 0 {
		ts.Fatalf("%s: want a process id, have %q", args[0], text)
	}
	if neg {
		if !processRuns(pid) {
			ts.Fatalf("process %d (from %s) is gone, want it running", pid, args[0])
		}
		return
	}
	deadline := time.Now().Add(pidgoneWait)
	for processRuns(pid) {
		if time.Now().After(deadline) {
			ts.Fatalf("process %d (from %s) still runs after %s", pid, args[0], pidgoneWait)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// processRuns reports whether pid exists and is not a zombie. The zombie
// test reads /proc (Linux); elsewhere a zombie counts as running.
func processRuns(pid int) bool {
	if stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
		// pid (comm) state …; comm may hold spaces and parentheses.
		if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) {
			state := stat[i+2]
			return state != 'Z' && state != 'X'
		}
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// TestExampleQuickstartInSync checks that testdata/script/example-quickstart.txtar
// carries an exact copy of testdata/examples/quickstart, so that the script
// tests the example the README shows (a script cannot read outside $WORK).
func TestExampleQuickstartInSync(t *testing.T) {
	const dir = "testdata/examples/quickstart"
	root := filepath.Join("..", "..")
	ar, err := txtar.ParseFile(filepath.Join(scriptDir, "example-quickstart.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	inArchive := map[string][]byte{}
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, dir+"/") {
			inArchive[f.Name] = f.Data
		}
	}
	onDisk := map[string][]byte{}
	err = filepath.WalkDir(filepath.Join(root, dir), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		if strings.HasSuffix(path, ".sh") {
			// The settings run the hook scripts directly.
			if info, err := d.Info(); err != nil || info.Mode()&0o111 == 0 {
				t.Errorf("%s is not executable (want mode 755)", rel)
			}
		}
		data, err := os.ReadFile(path)
		onDisk[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(onDisk) == 0 {
		t.Fatalf("no files under %s", dir)
	}
	for name, data := range onDisk {
		got, ok := inArchive[name]
		switch {
		case !ok:
			t.Errorf("%s is missing from example-quickstart.txtar", name)
		case !bytes.Equal(got, data):
			t.Errorf("%s differs from its copy in example-quickstart.txtar", name)
		}
	}
	for name := range inArchive {
		if _, ok := onDisk[name]; !ok {
			t.Errorf("example-quickstart.txtar has %s, which is not in %s", name, dir)
		}
	}
}

// placeLine is one line doctor prints about a place: a finding
// (file:line:col: severity: code: message …; also at PLACES) or a load
// warning (file:line:col: code: message).
var placeLine = regexp.MustCompile(`^(\S+?):(\d+)(?::\d+)?: (?:(?:error|warning|info): )?([a-z0-9][a-z0-9-]*): (.*)$`)

// alsoAt is a place a finding names after "also at".
var alsoAt = regexp.MustCompile(`(\S+?):(\d+)(?::\d+)?(?:, |$)`)

// cmdOncePerPlace implements `onceperplace FILE...`: across the lines of
// the FILEs (doctor's stdout and stderr), no code is printed twice for one
// file and line — as a finding's position, one of its "also at" places or
// a load warning's position.
func cmdOncePerPlace(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: onceperplace FILE...")
	}
	seen := map[string]string{}
	for _, name := range args {
		for _, line := range strings.Split(ts.ReadFile(name), "\n") {
			m := placeLine.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			places := [][2]string{{m[1], m[2]}}
			if _, rest, ok := strings.Cut(m[4], "; also at "); ok {
				for _, p := range alsoAt.FindAllStringSubmatch(rest, -1) {
					places = append(places, [2]string{p[1], p[2]})
				}
			}
			for _, p := range places {
				k := m[3] + " " + ts.MkAbs(p[0]) + ":" + p[1]
				if first, dup := seen[k]; dup {
					ts.Fatalf("%s printed twice:\n  %s\n  %s", k, first, line)
				}
				seen[k] = line
			}
		}
	}
}
