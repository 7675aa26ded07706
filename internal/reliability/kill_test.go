//go:build linux

package reliability

import "syscall"

func killPID(pid int) error { return syscall.Kill(pid, syscall.SIGKILL) }
