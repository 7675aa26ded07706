//go:build unix

package writefile

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"
)

func write(t *testing.T, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}

func TestReplaceKeepsModeAndLeavesNothingBehind(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "settings.json")
	write(t, p, "old", 0o640)
	f, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Replace([]byte("new content")); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(p)
	st, _ := os.Stat(p)
	if string(got) != "new content" || st.Mode().Perm() != 0o640 {
		t.Errorf("content %q mode %v, want %q 0640", got, st.Mode().Perm(), "new content")
	}
	if n := names(t, dir); len(n) != 1 {
		t.Errorf("directory holds %v, want only settings.json", n)
	}
}

func TestReplaceKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give the file another owner")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "hooks.json")
	write(t, p, "old", 0o644)
	if err := os.Chown(p, 4242, 4343); err != nil {
		t.Fatal(err)
	}
	f, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Replace([]byte("new")); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(p)
	sys := st.Sys().(*syscall.Stat_t)
	if sys.Uid != 4242 || sys.Gid != 4343 {
		t.Errorf("owner %d:%d, want 4242:4343", sys.Uid, sys.Gid)
	}
}

func TestReplaceWritesThroughASymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "dotfiles", "settings.json")
	if err := os.MkdirAll(filepath.Dir(real), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, real, "old", 0o600)
	link := filepath.Join(dir, "settings.json")
	if err := os.Symlink("dotfiles/settings.json", link); err != nil {
		t.Fatal(err)
	}
	f, err := Read(link)
	if err != nil {
		t.Fatal(err)
	}
	if !f.Link || f.Path != real {
		t.Fatalf("Link %v Path %q, want true %q", f.Link, f.Path, real)
	}
	if err := f.Replace([]byte("new")); err != nil {
		t.Fatal(err)
	}
	if li, _ := os.Lstat(link); li.Mode()&os.ModeSymlink == 0 {
		t.Error("the symlink was replaced by a regular file")
	}
	if got, _ := os.ReadFile(real); string(got) != "new" {
		t.Errorf("target holds %q, want new", got)
	}
	if st, _ := os.Stat(real); st.Mode().Perm() != 0o600 {
		t.Errorf("target mode %v, want 0600", st.Mode().Perm())
	}
}

func TestReplaceKeepsHardLinks(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "settings.json")
	other := filepath.Join(dir, "other.json")
	write(t, p, "old old old", 0o644)
	if err := os.Link(p, other); err != nil {
		t.Fatal(err)
	}
	f, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Replace([]byte("new")); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{p, other} {
		if got, _ := os.ReadFile(n); string(got) != "new" {
			t.Errorf("%s holds %q, want new", n, got)
		}
	}
	a, _ := os.Stat(p)
	b, _ := os.Stat(other)
	if !os.SameFile(a, b) {
		t.Error("the hard link was broken")
	}
	if n := names(t, dir); len(n) != 2 {
		t.Errorf("directory holds %v, want the two links only", n)
	}
}

func TestReplaceRefusesAReadOnlyFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "settings.json")
	write(t, p, "old", 0o444)
	f, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	err = f.Replace([]byte("new"))
	if !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), p) {
		t.Fatalf("err = %v, want ErrReadOnly naming %s", err, p)
	}
	if got, _ := os.ReadFile(p); string(got) != "old" {
		t.Errorf("file holds %q", got)
	}
}

func TestReplaceRefusesAFileThatChanged(t *testing.T) {
	for _, how := range []string{"content", "replaced", "removed"} {
		t.Run(how, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "settings.json")
			write(t, p, "old", 0o644)
			f, err := Read(p)
			if err != nil {
				t.Fatal(err)
			}
			switch how {
			case "content":
				write(t, p, "edited by hand", 0o644)
			case "replaced":
				q := filepath.Join(dir, "x")
				write(t, q, "old", 0o644)
				if err := os.Rename(q, p); err != nil {
					t.Fatal(err)
				}
			case "removed":
				os.Remove(p)
			}
			err = f.Replace([]byte("new"))
			if !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), p) {
				t.Fatalf("err = %v, want ErrChanged naming the file", err)
			}
			if got, _ := os.ReadFile(p); string(got) == "new" {
				t.Error("the file was written over")
			}
		})
	}
}

func TestReplaceCreatesAMissingFileOnce(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "hooks.toml")
	f, err := Read(p)
	if err != nil || f.Exists {
		t.Fatalf("Read: %v %v", f, err)
	}
	g, _ := Read(p)
	if err := f.Replace([]byte("a")); err != nil {
		t.Fatal(err)
	}
	if err := g.Replace([]byte("b")); !errors.Is(err, ErrChanged) {
		t.Fatalf("second create: err = %v, want ErrChanged", err)
	}
	if got, _ := os.ReadFile(p); string(got) != "a" {
		t.Errorf("file holds %q, want a", got)
	}
	if _, err := Read(filepath.Join(dir, "no", "such", "dir", "x")); err == nil {
		t.Error("Read in a missing directory: no error")
	}
}

func TestReplaceRemovesStaleTemporaryFiles(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "settings.json")
	write(t, p, "old", 0o644)
	dead := filepath.Join(dir, ".settings.json"+tempMark+"2147483646-abcdef")
	live := filepath.Join(dir, ".settings.json"+tempMark+fmt.Sprint(os.Getpid())+"-abcdef")
	write(t, dead, "partial", 0o600)
	write(t, live, "in use", 0o600)
	f, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Replace([]byte("new")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dead); err == nil {
		t.Error("a dead process's temporary file was kept")
	}
	if _, err := os.Stat(live); err != nil {
		t.Error("a live process's temporary file was removed")
	}
}

func TestReadNamesAnInterruptedRewrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "settings.json")
	write(t, p, "half", 0o644)
	write(t, filepath.Join(dir, ".settings.json"+backupMark+"2147483646"), "old", 0o644)
	_, err := Read(p)
	if !errors.Is(err, ErrInterrupted) || !strings.Contains(err.Error(), backupMark) {
		t.Fatalf("err = %v, want ErrInterrupted naming the backup", err)
	}
}

func TestHeldSignalsAreDeliveredAfterTheWrite(t *testing.T) {
	got := make(chan os.Signal, 4)
	signal.Notify(got, syscall.SIGUSR2)
	defer signal.Stop(got)
	release := holdSignals()
	if err := syscall.Kill(os.Getpid(), syscall.SIGUSR2); err != nil {
		t.Fatal(err)
	}
	// Delivered to both channels; the held one is re-sent on release.
	deadline := time.After(5 * time.Second)
	n := 0
	select {
	case <-got:
		n++
	case <-deadline:
		t.Fatal("the signal never arrived")
	}
	release()
	select {
	case <-got:
		n++
	case <-deadline:
		t.Fatal("the held signal was not delivered again")
	}
	if n != 2 {
		t.Fatalf("got %d deliveries, want 2", n)
	}
}

// TestKillNineLeavesNoPartialFile kills a process at random moments while
// it rewrites a large file, again and again: the file is always whole
// (the old content or the new), and — where the system has anonymous
// temporary files — nothing else is left in the directory.
func TestKillNineLeavesNoPartialFile(t *testing.T) {
	if os.Getenv("WRITEFILE_CHILD") != "" {
		child()
		return
	}
	if testing.Short() {
		t.Skip("kills a child process 12 times")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "settings.json")
	old := bytes.Repeat([]byte("o"), 8<<20)
	if err := os.WriteFile(p, old, 0o644); err != nil {
		t.Fatal(err)
	}
	probe, anonymous := anonymousTemp(dir)
	if probe != nil {
		probe.Close()
	}
	for i := range 12 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestKillNineLeavesNoPartialFile$")
		cmd.Env = append(os.Environ(), "WRITEFILE_CHILD="+p)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(5+i*7) * time.Millisecond)
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) != len(old) || !(bytes.Equal(data, old) || bytes.Equal(data, bytes.Repeat([]byte("n"), len(old)))) {
			t.Fatalf("kill %d: the file holds %d bytes of a mix", i, len(data))
		}
		if n := names(t, dir); anonymous && len(n) != 1 {
			t.Fatalf("kill %d: the directory holds %v, want settings.json only", i, n)
		}
		// Back to the old content for the next round.
		if err := os.WriteFile(p, old, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// child rewrites the file of WRITEFILE_CHILD until killed.
func child() {
	p := os.Getenv("WRITEFILE_CHILD")
	for {
		f, err := Read(p)
		if err != nil {
			os.Exit(3)
		}
		next := bytes.Repeat([]byte("n"), len(f.Data))
		if bytes.Equal(f.Data, next) {
			next = bytes.Repeat([]byte("o"), len(f.Data))
		}
		if err := f.Replace(next); err != nil {
			os.Exit(4)
		}
	}
}
