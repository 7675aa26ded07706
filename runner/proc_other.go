//go:build !unix

package runner

import (
	"os"
	"syscall"
)

// On systems without POSIX process groups hookcompat kills only the direct
// child on timeout; descendants may survive (see docs/decisions).

type sysSignal int

const (
	sigTerm sysSignal = 15
	sigKill sysSignal = 9
)

// sysSig is the type of sigTerm and sigKill.
type sysSig = sysSignal

func processGroupAttr() *syscall.SysProcAttr { return nil }

func signalGroup(pid int, _ sysSignal) error {
	p, err := os.FindProcess(pid)
	if err != nil {
		return nil
	}
	return p.Kill()
}

func groupAlive(int) bool { return false }

func exitStatus(state *os.ProcessState) (int, string) {
	if state == nil {
		return -1, ""
	}
	return state.ExitCode(), ""
}

// killPipeHolders is a no-op without /proc; the drain delay bounds how
// long descendants holding the hook's pipes can hold the run.
func killPipeHolders(...*os.File) {}
