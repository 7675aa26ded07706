//go:build unix

package runner

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
)

// directPlan is how runProcess starts a command without its shell: the
// program found as the shell finds it, argv as the shell builds it, the
// environment the shell would pass on, and whether the shell would have
// forked the program (dash) rather than replaced itself with it (bash),
// in which case the exit status the hook reports is the shell's.
type directPlan struct {
	path  string
	argv  []string
	env   []string
	forks bool
}

// planDirect returns the direct run of inv (a `SHELL -c COMMAND` marked
// Direct), whose environment, made safe, is env; nil means the shell
// runs.
func planDirect(inv *Invocation, env []string) *directPlan {
	if len(inv.Argv) != 3 || inv.Argv[1] != "-c" || !filepath.IsAbs(inv.Dir) {
		return nil
	}
	kind := resolveShell(inv.Argv[0])
	if kind == shellUnknown || (kind == shellDash && runtime.GOOS != "linux") {
		// dash's messages for signals are glibc's, by Linux's numbers.
		return nil
	}
	argv, ok := directArgv(kind, inv.Argv[2], env)
	if !ok {
		return nil
	}
	path, ok := lookDirect(kind, argv[0], env, inv.Dir)
	if !ok {
		return nil
	}
	denv, ok := directEnv(kind, env, inv.Dir, path)
	if !ok {
		return nil
	}
	return &directPlan{path: path, argv: argv, env: denv, forks: kind == shellDash}
}

// spec is the process of the plan.
func (d *directPlan) spec(dir string) procSpec {
	return procSpec{path: d.path, argv: d.argv, env: dedupEnv(d.env), dir: dir}
}

// lookDirect finds the file the shell would execute for name: name
// itself when it has a slash (relative to dir), else the first entry of
// the PATH in env holding it, joined as the shell joins them (dash:
// entry + "/" + name; bash: no second slash after an entry ending in
// one). It reports false — the shell must run — when PATH is unset or
// has an empty or relative entry before the program is found, when the
// first file found is not a regular file with an execute bit (the shells
// differ in what they do next), and when nothing is found (the shell
// prints its own "not found").
func lookDirect(kind shellKind, name string, env []string, dir string) (string, bool) {
	if strings.ContainsRune(name, '/') {
		p := name
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		return name, runnable(p) == fileRunnable
	}
	path, ok := envLookup(env, "PATH")
	if !ok {
		return "", false
	}
	for {
		entry, rest, more := strings.Cut(path, ":")
		if entry == "" || entry[0] != '/' {
			return "", false
		}
		var cand string
		if kind == shellBash && strings.HasSuffix(entry, "/") {
			cand = entry + name
		} else {
			cand = entry + "/" + name
		}
		switch runnable(cand) {
		case fileRunnable:
			return cand, true
		case fileOther:
			return "", false
		}
		if !more {
			return "", false
		}
		path = rest
	}
}

type fileState uint8

const (
	fileMissing  fileState = iota // does not exist (or a path element is not a directory)
	fileRunnable                  // a regular file with an execute bit
	fileOther                     // anything else, or stat failed otherwise
)

func runnable(p string) fileState {
	var st syscall.Stat_t
	if err := syscall.Stat(p, &st); err != nil {
		if err == syscall.ENOENT || err == syscall.ENOTDIR {
			return fileMissing
		}
		return fileOther
	}
	if st.Mode&syscall.S_IFMT == syscall.S_IFREG && st.Mode&0o111 != 0 {
		return fileRunnable
	}
	return fileOther
}

// directEnv returns the environment the shell would give the program it
// runs from env in directory dir: PWD kept when it names dir (an absolute
// path to the same directory), else set to dir's physical path; for dash,
// variables with names that are not shell names dropped; for bash, SHLVL
// as bash leaves it after replacing itself (the inherited value, 0 when
// unset), OLDPWD removed unless it names a directory, and _ set to the
// program's path. It reports false for what it does not reproduce: a
// relative OLDPWD, a SHLVL bash would warn about or parse leniently.
func directEnv(kind shellKind, env []string, dir, path string) ([]string, bool) {
	var dst syscall.Stat_t
	if syscall.Stat(dir, &dst) != nil {
		return nil, false
	}
	pwd, havePWD := envLookup(env, "PWD")
	keepPWD := false
	if havePWD && strings.HasPrefix(pwd, "/") {
		var pst syscall.Stat_t
		keepPWD = syscall.Stat(pwd, &pst) == nil && pst.Dev == dst.Dev && pst.Ino == dst.Ino
	}
	if !keepPWD {
		real, err := filepath.EvalSymlinks(dir)
		if err != nil {
			return nil, false
		}
		pwd = real
	}
	switch kind {
	case shellDash:
		clean := keepPWD
		for _, kv := range env {
			if !clean {
				break
			}
			name, _, ok := strings.Cut(kv, "=")
			clean = ok && validName(name)
		}
		if clean {
			return env, true
		}
		out := make([]string, 0, len(env)+1)
		for _, kv := range env {
			name, _, ok := strings.Cut(kv, "=")
			if ok && validName(name) && name != "PWD" {
				out = append(out, kv)
			}
		}
		return append(out, "PWD="+pwd), true
	case shellBash:
		shlvl, ok := bashSHLVL(env)
		if !ok {
			return nil, false
		}
		oldpwd, haveOld := envLookup(env, "OLDPWD")
		keepOld := false
		if haveOld {
			if !strings.HasPrefix(oldpwd, "/") && oldpwd != "" {
				return nil, false
			}
			var ost syscall.Stat_t
			keepOld = oldpwd != "" && syscall.Stat(oldpwd, &ost) == nil && ost.Mode&syscall.S_IFMT == syscall.S_IFDIR
		}
		out := make([]string, 0, len(env)+3)
		for _, kv := range env {
			name, _, _ := strings.Cut(kv, "=")
			switch name {
			case "PWD", "SHLVL", "_":
				continue
			case "OLDPWD":
				if !keepOld {
					continue
				}
			}
			out = append(out, kv)
		}
		return append(out, "PWD="+pwd, "SHLVL="+shlvl, "_="+path), true
	}
	return nil, false
}

// bashSHLVL is the SHLVL a program gets from `bash -c` when bash replaces
// itself with it: bash adds one at start and takes it back before it
// execs, so an inherited decimal level stays, an unset, empty or
// negative one becomes 0. Other values (signs, spaces, leading zeros,
// levels bash resets with a warning) are not reproduced.
func bashSHLVL(env []string) (string, bool) {
	v, ok := envLookup(env, "SHLVL")
	if !ok || v == "" {
		return "0", true
	}
	neg := strings.HasPrefix(v, "-")
	digits := strings.TrimPrefix(v, "-")
	if digits == "" || (digits[0] == '0' && len(digits) > 1) || len(digits) > 3 {
		return "", false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return "", false
		}
	}
	if neg {
		return "0", true
	}
	if n, _ := strconv.Atoi(digits); n > 998 {
		return "", false
	}
	return v, true
}

// asShell rewrites the result of a direct run as the shell that would
// have forked the program (dash) reports it: a program killed by signal n
// makes the shell exit 128+n after printing the signal's description
// (but for SIGINT and SIGPIPE) on stderr; when the engine signalled the
// hook's group (timeout, cancellation) while the program still ran, the
// shell itself died of that signal, sent ("TERM", or "KILL" for a run
// killed at once).
func (d *directPlan) asShell(state *os.ProcessState, res *RunResult, stderr *capBuffer, sent string) {
	if state == nil {
		return
	}
	ws, ok := state.Sys().(syscall.WaitStatus)
	if !ok {
		return
	}
	if sent != "" {
		res.ExitCode, res.Signal = -1, sent
		return
	}
	if !ws.Signaled() {
		return
	}
	sig := ws.Signal()
	res.ExitCode, res.Signal = 128+int(sig), ""
	if sig == syscall.SIGINT || sig == syscall.SIGPIPE {
		return
	}
	msg := signalDescription(sig)
	if ws.CoreDump() {
		msg += " (core dumped)"
	}
	_, _ = stderr.Write([]byte(msg + "\n"))
}

// signalDescription is glibc's strsignal text for sig, which dash prints.
func signalDescription(sig syscall.Signal) string {
	if n := int(sig); n >= 1 && n < len(signalTexts) {
		return signalTexts[n]
	}
	if n := int(sig); n >= 34 && n <= 64 {
		return "Real-time signal " + strconv.Itoa(n-34)
	}
	return "Unknown signal " + strconv.Itoa(int(sig))
}

var signalTexts = [...]string{
	1: "Hangup", 2: "Interrupt", 3: "Quit", 4: "Illegal instruction", 5: "Trace/breakpoint trap",
	6: "Aborted", 7: "Bus error", 8: "Floating point exception", 9: "Killed",
	10: "User defined signal 1", 11: "Segmentation fault", 12: "User defined signal 2",
	13: "Broken pipe", 14: "Alarm clock", 15: "Terminated", 16: "Stack fault", 17: "Child exited",
	18: "Continued", 19: "Stopped (signal)", 20: "Stopped", 21: "Stopped (tty input)",
	22: "Stopped (tty output)", 23: "Urgent I/O condition", 24: "CPU time limit exceeded",
	25: "File size limit exceeded", 26: "Virtual timer expired", 27: "Profiling timer expired",
	28: "Window changed", 29: "I/O possible", 30: "Power failure", 31: "Bad system call",
	32: "Unknown signal 32", 33: "Unknown signal 33",
}
