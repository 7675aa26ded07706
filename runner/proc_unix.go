//go:build unix

package runner

import (
	"errors"
	"os"
	"strings"
	"syscall"
)

const (
	sigTerm = syscall.SIGTERM
	sigKill = syscall.SIGKILL
)

// sysSig is the type of sigTerm and sigKill.
type sysSig = syscall.Signal

// processGroupAttr starts the hook as the leader of a new process group,
// so that a timeout can signal it and every descendant at once, and (on
// Linux) killed when this process dies (sentinel_linux.go).
func processGroupAttr() *syscall.SysProcAttr {
	a := &syscall.SysProcAttr{Setpgid: true}
	setPdeathsig(a)
	return a
}

// signalGroup sends sig to every process of the group pgid. A group that
// no longer exists is not an error.
func signalGroup(pgid int, sig syscall.Signal) error {
	err := syscall.Kill(-pgid, sig)
	if errors.Is(err, syscall.ESRCH) {
		return nil
	}
	return err
}

// groupAlive reports whether any process of the group pgid is still
// running. Zombies do not count: a killed hook whose parent (or init, in a
// container whose PID 1 does not reap) has not collected it yet can do
// nothing more.
func groupAlive(pgid int) bool {
	if alive, ok := groupAliveProc(pgid); ok {
		return alive
	}
	err := syscall.Kill(-pgid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// exitStatus reads the exit code and, for a process killed by a signal,
// the signal's short name (TERM, KILL, …) with exit code -1.
func exitStatus(state *os.ProcessState) (int, string) {
	if state == nil {
		return -1, ""
	}
	if ws, ok := state.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		name := strings.ToUpper(strings.TrimPrefix(unixSignalName(ws.Signal()), "SIG"))
		return -1, name
	}
	return state.ExitCode(), ""
}

func unixSignalName(s syscall.Signal) string {
	switch s {
	case syscall.SIGTERM:
		return "TERM"
	case syscall.SIGKILL:
		return "KILL"
	case syscall.SIGINT:
		return "INT"
	case syscall.SIGHUP:
		return "HUP"
	case syscall.SIGPIPE:
		return "PIPE"
	case syscall.SIGSEGV:
		return "SEGV"
	case syscall.SIGABRT:
		return "ABRT"
	case syscall.SIGQUIT:
		return "QUIT"
	}
	return s.String()
}
