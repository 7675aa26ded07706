//go:build linux

package writefile

import (
	"errors"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// anonymousTemp opens an unnamed file in dir (O_TMPFILE): until it is
// linked under a name it is no file of the directory, and it vanishes
// with the process that holds it, whatever kills that process. ok is
// false where the file system has no such files.
func anonymousTemp(dir string) (*os.File, bool) {
	fd, err := unix.Open(dir, unix.O_TMPFILE|unix.O_RDWR|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return nil, false
	}
	return os.NewFile(uintptr(fd), dir+"/(anonymous)"), true
}

// linkAnonymous gives an O_TMPFILE file the name path (which must not
// exist), through its /proc/self/fd entry.
func linkAnonymous(f *os.File, path string) error {
	err := unix.Linkat(unix.AT_FDCWD, "/proc/self/fd/"+strconv.Itoa(int(f.Fd())), unix.AT_FDCWD, path, unix.AT_SYMLINK_FOLLOW)
	if err != nil {
		return &os.LinkError{Op: "link", Old: f.Name(), New: path, Err: err}
	}
	return nil
}

// reserve allocates the blocks f needs to hold size bytes without
// changing its size or content (fallocate with FALLOC_FL_KEEP_SIZE): a
// full disk, a quota or a file size limit fails here rather than in the
// middle of a rewrite. A file system without fallocate reserves nothing.
func reserve(f *os.File, size int64) error {
	if size == 0 {
		return nil
	}
	err := unix.Fallocate(int(f.Fd()), unix.FALLOC_FL_KEEP_SIZE, 0, size)
	if err != nil && (errors.Is(err, unix.EOPNOTSUPP) || errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EINVAL)) {
		return nil
	}
	if err != nil {
		return &os.PathError{Op: "reserve", Path: f.Name(), Err: err}
	}
	return nil
}

// umask is the process's file mode creation mask, read from
// /proc/self/status (Linux 4.7+) so that it need not be changed to be read.
func umask() uint32 {
	if b, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "Umask:"); ok {
				if n, err := strconv.ParseUint(strings.TrimSpace(v), 8, 32); err == nil {
					return uint32(n)
				}
			}
		}
	}
	return umaskBySetting()
}
