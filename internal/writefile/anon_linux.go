//go:build linux

package writefile

import (
	"os"
	"strconv"

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
