//go:build unix

package compat

import (
	"os"

	"golang.org/x/sys/unix"
)

// readReady reads up to n bytes from f that are available without
// waiting; more is false at end of file, when nothing is available now,
// or on an error.
func readReady(f *os.File, n int64) (data []byte, more bool) {
	fds := []unix.PollFd{{Fd: int32(f.Fd()), Events: unix.POLLIN}}
	if k, err := unix.Poll(fds, 0); err != nil || k == 0 || fds[0].Revents&(unix.POLLIN|unix.POLLHUP) == 0 {
		return nil, false
	}
	buf := make([]byte, n)
	m, err := f.Read(buf)
	if m == 0 || err != nil {
		return buf[:m], false
	}
	return buf[:m], true
}
