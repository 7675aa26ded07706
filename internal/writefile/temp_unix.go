//go:build unix

package writefile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"
)

// temp is the temporary file of one write: anonymous (O_TMPFILE) where
// the system has them, until it is linked under a name, else named.
type temp struct {
	f    *os.File
	dir  string
	base string
	name string // its name in dir once it has one
}

func newTemp(dir, base string) (*temp, error) {
	t := &temp{dir: dir, base: base}
	if f, ok := anonymousTemp(dir); ok {
		t.f = f
		return t, nil
	}
	name := tempName(base)
	f, err := os.OpenFile(filepath.Join(dir, name), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, err
	}
	t.f, t.name = f, name
	return t, nil
}

// tempName is a fresh name for a temporary file of base:
// .base.hookcompat-tmp-<pid>-<random>.
func tempName(base string) string {
	var r [6]byte
	_, _ = rand.Read(r[:])
	return "." + base + tempMark + strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(r[:])
}

func (t *temp) write(data []byte) error {
	_, err := t.f.Write(data)
	return err
}

// keep gives the temporary file the mode, owner and group of info.
func (t *temp) keep(info fs.FileInfo) error {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return t.f.Chmod(info.Mode().Perm())
	}
	if int(st.Uid) != os.Geteuid() || int(st.Gid) != os.Getegid() {
		if err := t.f.Chown(int(st.Uid), int(st.Gid)); err != nil {
			return fmt.Errorf("cannot keep its owner and group (uid %d, gid %d: %v); run as that user", st.Uid, st.Gid, errors.Unwrap(err))
		}
	}
	// Chmod after chown: chown clears the setuid and setgid bits.
	if err := unix.Fchmod(int(t.f.Fd()), uint32(st.Mode&0o7777)); err != nil {
		return fmt.Errorf("cannot keep its mode %04o: %v", st.Mode&0o7777, err)
	}
	return nil
}

// umaskBySetting reads the umask by setting it and setting it back (for a
// moment a file another goroutine creates gets the mode 0022 leaves).
func umaskBySetting() uint32 {
	old := unix.Umask(0o022)
	unix.Umask(old)
	return uint32(old)
}

// fresh gives a new file's temporary file the mode a new file gets:
// 0666 less the process's umask.
func (t *temp) fresh() error {
	return unix.Fchmod(int(t.f.Fd()), 0o666&^umask())
}

func (t *temp) sync() error { return t.f.Sync() }

// create gives the temporary file the name path, which must not exist.
func (t *temp) create(path string) error {
	if t.name == "" {
		if err := linkAnonymous(t.f, path); err != nil {
			return err
		}
		t.close()
		return nil
	}
	// A named temporary file: a hard link fails when path exists.
	if err := os.Link(filepath.Join(t.dir, t.name), path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fs.ErrExist
		}
		return err
	}
	return nil
}

// replace renames the temporary file over path.
func (t *temp) replace(path string) error {
	if t.name == "" {
		name := tempName(t.base)
		if err := linkAnonymous(t.f, filepath.Join(t.dir, name)); err != nil {
			return err
		}
		t.name = name
	}
	t.close()
	if err := os.Rename(filepath.Join(t.dir, t.name), path); err != nil {
		return err
	}
	t.name = ""
	return nil
}

func (t *temp) close() {
	if t.f != nil {
		t.f.Close()
		t.f = nil
	}
}

// discard closes the temporary file and removes its name, if it still
// has one.
func (t *temp) discard() {
	t.close()
	if t.name != "" {
		os.Remove(filepath.Join(t.dir, t.name))
		t.name = ""
	}
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) {
		return err
	}
	return nil
}

func links(info fs.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

func processAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	if pid == os.Getpid() {
		return true
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// heldSignals are the signals whose default action ends the process and
// that a program can catch.
var heldSignals = []os.Signal{
	syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTERM, syscall.SIGUSR1, syscall.SIGUSR2,
	syscall.SIGPIPE, syscall.SIGALRM, syscall.SIGVTALRM, syscall.SIGPROF, syscall.SIGXCPU, syscall.SIGXFSZ,
}

// holdSignals holds the signals that would end the process until the
// returned function is called, which delivers them again: a signal
// another part of the program also catches (signal.Notify) reaches it as
// usual; one nobody else catches then ends the process, as it would have.
// SIGXFSZ is not delivered again: the write itself raised it (a file size
// limit), and its error — the file is unchanged — says so.
func holdSignals() func() {
	ch := make(chan os.Signal, len(heldSignals))
	signal.Notify(ch, heldSignals...)
	return func() {
		signal.Stop(ch)
		for {
			select {
			case s := <-ch:
				if sig, ok := s.(syscall.Signal); ok && sig != syscall.SIGXFSZ {
					_ = syscall.Kill(os.Getpid(), sig)
				}
			default:
				return
			}
		}
	}
}
