//go:build unix && !linux

package runner

import (
	"os"
	"syscall"
)

func groupAliveProc(int) (alive, ok bool) { return false, false }

// killPipeHolders needs /proc to find the holders of a pipe; elsewhere the
// drain delay alone bounds how long they can hold the run.
func killPipeHolders(...*os.File) {}

// setPdeathsig does nothing here: there is no parent-death signal.
func setPdeathsig(*syscall.SysProcAttr) {}
