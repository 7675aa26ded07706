//go:build !unix

package writefile

import (
	"crypto/rand"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

// temp is the named temporary file of one write (this system has no
// anonymous files, nor owners to keep).
type temp struct {
	f         *os.File
	dir, name string
}

func newTemp(dir, base string) (*temp, error) {
	var r [6]byte
	_, _ = rand.Read(r[:])
	name := "." + base + tempMark + strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(r[:])
	f, err := os.OpenFile(filepath.Join(dir, name), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, err
	}
	return &temp{f: f, dir: dir, name: name}, nil
}

func (t *temp) write(data []byte) error     { _, err := t.f.Write(data); return err }
func (t *temp) keep(info fs.FileInfo) error { return t.f.Chmod(info.Mode().Perm()) }
func (t *temp) sync() error                 { return t.f.Sync() }
func (t *temp) fresh() error                { return t.f.Chmod(0o666) }

// reserve is a no-op here: a rewrite that fails part way puts the old
// content back.
func reserve(*os.File, int64) error { return nil }

func (t *temp) create(path string) error {
	t.f.Close()
	if err := os.Link(filepath.Join(t.dir, t.name), path); err != nil {
		return err
	}
	return nil
}

func (t *temp) replace(path string) error {
	t.f.Close()
	if err := os.Rename(filepath.Join(t.dir, t.name), path); err != nil {
		return err
	}
	t.name = ""
	return nil
}

func (t *temp) discard() {
	t.f.Close()
	if t.name != "" {
		os.Remove(filepath.Join(t.dir, t.name))
	}
}

func syncDir(string) error      { return nil }
func links(fs.FileInfo) uint64  { return 1 }
func processAlive(pid int) bool { return pid == os.Getpid() }
func holdSignals() func()       { return func() {} }
