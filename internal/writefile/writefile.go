package writefile

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// ErrChanged is wrapped by the error of [File.Replace] when the file
// changed (content, or the file itself) since [Read] read it.
var ErrChanged = errors.New("changed since it was read")

// ErrReadOnly is wrapped by the error of [File.Replace] when the file has
// no write bit for its owner.
var ErrReadOnly = errors.New("read-only")

// ErrInterrupted is wrapped by the error of [Read] when an earlier
// rewrite of a hard-linked file was interrupted: the file may hold part of
// the new content, and the backup named in the error holds the old.
var ErrInterrupted = errors.New("an earlier rewrite was interrupted")

// File is a file read to be rewritten by [File.Replace].
type File struct {
	// Name is the file as the caller named it (messages use it).
	Name string
	// Path is the file that is written: Name with every symbolic link
	// resolved. It equals Name's cleaned form when Name is no link.
	Path string
	// Link reports that Name is a symbolic link (to Path).
	Link bool
	// Exists reports whether the file existed when read. Replace creates
	// a missing file (mode 0666 less the umask, as a shell's > does), and
	// fails when it was created meanwhile.
	Exists bool
	// Data is the content read (nil for a missing file).
	Data []byte

	info fs.FileInfo
}

// Read reads name to be rewritten. A missing file is no error (Exists is
// false; its directory must exist); a directory, a device or a FIFO is.
func Read(name string) (*File, error) {
	f := &File{Name: name, Path: filepath.Clean(name)}
	if li, err := os.Lstat(name); err == nil && li.Mode()&fs.ModeSymlink != 0 {
		f.Link = true
		target, err := filepath.EvalSymlinks(name)
		if err != nil {
			// A dangling link: its target is created.
			dest, rerr := os.Readlink(name)
			if rerr != nil {
				return nil, fmt.Errorf("%s: %w", name, rerr)
			}
			if !filepath.IsAbs(dest) {
				dest = filepath.Join(filepath.Dir(name), dest)
			}
			target = dest
		}
		f.Path = target
	}
	st, err := os.Stat(f.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		dir := filepath.Dir(f.Path)
		if ds, derr := os.Stat(dir); derr != nil || !ds.IsDir() {
			return nil, fmt.Errorf("%s: its directory %s does not exist", name, dir)
		}
		return f, nil
	case err != nil:
		return nil, fmt.Errorf("%s: %w", name, err)
	case !st.Mode().IsRegular():
		return nil, fmt.Errorf("%s: not a regular file (%s)", name, st.Mode().Type())
	}
	if b := interruptedBackup(f.Path); b != "" {
		return nil, fmt.Errorf("%s: %w (the content before it is in %s): compare the two, keep the right one and remove the backup", name, ErrInterrupted, b)
	}
	data, err := os.ReadFile(f.Path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	f.Exists, f.Data, f.info = true, data, st
	return f, nil
}

// Replace writes data in place of the content f holds (see the package
// documentation). Nothing is written when data equals what was read.
func (f *File) Replace(data []byte) (err error) {
	if f.Exists && bytes.Equal(data, f.Data) {
		return f.check()
	}
	if f.Exists && f.info.Mode().Perm()&0o200 == 0 {
		return fmt.Errorf("%s: %w (mode %04o): not written; make it writable (chmod u+w) to let hookcompat change it", f.Name, ErrReadOnly, f.info.Mode().Perm())
	}
	release := holdSignals()
	defer release()
	dir := filepath.Dir(f.Path)
	removeStale(dir, filepath.Base(f.Path))
	if f.Exists && links(f.info) > 1 {
		return f.rewriteInode(data)
	}
	t, err := newTemp(dir, filepath.Base(f.Path))
	if err != nil {
		return f.notWritten(dir, err)
	}
	defer t.discard()
	if err := t.write(data); err != nil {
		return f.notWritten(dir, err)
	}
	if f.Exists {
		if err := t.keep(f.info); err != nil {
			return fmt.Errorf("%s: %w; not written", f.Name, err)
		}
	} else if err := t.fresh(); err != nil {
		return f.notWritten(dir, err)
	}
	if err := t.sync(); err != nil {
		return f.notWritten(dir, err)
	}
	if err := f.check(); err != nil {
		return err
	}
	if !f.Exists {
		if err := t.create(f.Path); err != nil {
			if errors.Is(err, fs.ErrExist) {
				return fmt.Errorf("%s: %w (it was created meanwhile); not written", f.Name, ErrChanged)
			}
			return fmt.Errorf("%s: writing: %w", f.Name, err)
		}
	} else if err := t.replace(f.Path); err != nil {
		return fmt.Errorf("%s: writing: %w", f.Name, err)
	}
	if err := syncDir(dir); err != nil {
		return fmt.Errorf("%s: written, but syncing its directory: %w", f.Name, err)
	}
	f.Data, f.Exists = append([]byte(nil), data...), true
	if st, err := os.Stat(f.Path); err == nil {
		f.info = st
	}
	return nil
}

// reserveBlocks is reserve; a test replaces it to reach the path of a
// rewrite that fails part way.
var reserveBlocks = reserve

// notWritten is the error of a write that failed before the file was
// touched: the cause without the temporary file's name (which is no file
// the user knows), the folder it was written in, and that the file is as
// it was.
func (f *File) notWritten(dir string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	what := "it is unchanged"
	if !f.Exists {
		what = "it was not created"
	}
	return fmt.Errorf("%s: not written (%w, writing in %s); %s", f.Name, err, dir, what)
}

// check fails with ErrChanged when the file is no longer what Read read.
func (f *File) check() error {
	st, err := os.Stat(f.Path)
	switch {
	case !f.Exists && errors.Is(err, fs.ErrNotExist):
		return nil
	case !f.Exists:
		return fmt.Errorf("%s: %w (it was created meanwhile); not written", f.Name, ErrChanged)
	case err != nil:
		return fmt.Errorf("%s: %w (%v); not written", f.Name, ErrChanged, err)
	case !os.SameFile(st, f.info):
		return fmt.Errorf("%s: %w (it was replaced by another file); not written: run again", f.Name, ErrChanged)
	}
	now, err := os.ReadFile(f.Path)
	if err != nil {
		return fmt.Errorf("%s: %w (%v); not written", f.Name, ErrChanged, err)
	}
	if !bytes.Equal(now, f.Data) {
		return fmt.Errorf("%s: %w (another program wrote it); not written: run again", f.Name, ErrChanged)
	}
	return nil
}

// rewriteInode writes data into f's own inode (a file with several hard
// links), with a complete backup of the old content beside it until the
// new content is synced.
func (f *File) rewriteInode(data []byte) error {
	dir, base := filepath.Dir(f.Path), filepath.Base(f.Path)
	backup := filepath.Join(dir, "."+base+backupMark+strconv.Itoa(os.Getpid()))
	t, err := newTemp(dir, base)
	if err != nil {
		return fmt.Errorf("%s: writing its backup: %w", f.Name, err)
	}
	defer t.discard()
	if err := t.write(f.Data); err != nil {
		return fmt.Errorf("%s: writing its backup: %w", f.Name, err)
	}
	if err := t.sync(); err != nil {
		return fmt.Errorf("%s: writing its backup: %w", f.Name, err)
	}
	if err := f.check(); err != nil {
		return err
	}
	if err := t.create(backup); err != nil {
		return fmt.Errorf("%s: writing its backup: %w", f.Name, err)
	}
	if err := syncDir(dir); err != nil {
		return fmt.Errorf("%s: writing its backup: %w", f.Name, err)
	}
	out, err := os.OpenFile(f.Path, os.O_WRONLY, 0)
	if err != nil {
		os.Remove(backup)
		return f.notWritten(dir, err)
	}
	// The blocks the new content needs beyond the old are reserved before
	// the first byte is overwritten: a full disk or a file size limit
	// fails here, with the file untouched.
	if err := reserveBlocks(out, int64(len(data))); err != nil {
		out.Close()
		os.Remove(backup)
		return f.notWritten(dir, err)
	}
	_, werr := out.WriteAt(data, 0)
	if werr == nil {
		werr = out.Truncate(int64(len(data)))
	}
	if werr == nil {
		werr = out.Sync()
	}
	if werr != nil {
		// The rewrite failed part way (a file system that could not
		// reserve): the old content goes back, which fits where it was.
		_, rerr := out.WriteAt(f.Data, 0)
		if rerr == nil {
			rerr = out.Truncate(int64(len(f.Data)))
		}
		if rerr == nil {
			rerr = out.Sync()
		}
		out.Close()
		if rerr == nil {
			os.Remove(backup)
			return f.notWritten(dir, werr)
		}
		return fmt.Errorf("%s: writing: %w; putting the old content back failed too (%v): it is in %s", f.Name, werr, rerr, backup)
	}
	if cerr := out.Close(); cerr != nil {
		return fmt.Errorf("%s: writing: %w (its old content is in %s)", f.Name, cerr, backup)
	}
	if err := os.Remove(backup); err != nil {
		return fmt.Errorf("%s: written; removing the backup %s: %w", f.Name, backup, err)
	}
	f.Data = append([]byte(nil), data...)
	return syncDir(dir)
}

// The names of the files Replace may leave for a moment beside the file
// NAME: .NAME<tempMark><pid>-<random> (a named temporary file, where the
// system has no anonymous ones) and .NAME<backupMark><pid>.
const (
	tempMark   = ".hookcompat-tmp-"
	backupMark = ".hookcompat-backup-"
)

// removeStale removes the temporary files of base that a killed run of
// any process left in dir (their process is gone). They never hold the
// only copy of anything: the file itself was not yet replaced.
func removeStale(dir, base string) {
	matches, _ := filepath.Glob(filepath.Join(dir, "."+globEscape(base)+tempMark+"*"))
	for _, m := range matches {
		rest := strings.TrimPrefix(filepath.Base(m), "."+base+tempMark)
		pid, _, _ := strings.Cut(rest, "-")
		if n, err := strconv.Atoi(pid); err == nil && !processAlive(n) {
			os.Remove(m)
		}
	}
}

// interruptedBackup is the backup an interrupted rewrite of path left
// (its process gone), or "".
func interruptedBackup(path string) string {
	dir, base := filepath.Dir(path), filepath.Base(path)
	matches, _ := filepath.Glob(filepath.Join(dir, "."+globEscape(base)+backupMark+"*"))
	for _, m := range matches {
		pid := strings.TrimPrefix(filepath.Base(m), "."+base+backupMark)
		if n, err := strconv.Atoi(pid); err == nil && !processAlive(n) {
			return m
		}
	}
	return ""
}

func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
