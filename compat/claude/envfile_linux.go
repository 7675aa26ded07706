//go:build linux

package claude

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// limitMemory caps this process's address space at what it uses now plus
// extra bytes: past it, allocations fail and the Go runtime exits with
// "fatal error: out of memory" (the parent reports a bound hit).
func limitMemory(extra uint64) {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmSize:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				return
			}
			lim := kb*1024 + extra
			_ = syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: lim, Max: lim})
			return
		}
	}
}
