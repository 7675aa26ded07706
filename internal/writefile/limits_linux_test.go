package writefile

import (
	"bytes"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// TestReplaceNewFileHonoursUmask: a file Replace creates gets 0666 less
// the umask, as a shell's > gives it (it was 0600: another user's agent
// could not read a hooks file written for it).
func TestReplaceNewFileHonoursUmask(t *testing.T) {
	old := unix.Umask(0o027)
	defer unix.Umask(old)
	dir := t.TempDir()
	for _, name := range []string{"new.toml", "via-link.json"} {
		p := filepath.Join(dir, name)
		if name == "via-link.json" {
			// A dangling link: its target is created.
			if err := os.Symlink("target.json", p); err != nil {
				t.Fatal(err)
			}
		}
		f, err := Read(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Replace([]byte("x")); err != nil {
			t.Fatal(err)
		}
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o640 {
			t.Errorf("%s: mode %04o, want 0640 (0666 less the umask 0027)", name, st.Mode().Perm())
		}
	}
}

// TestRewriteOfAHardLinkedFileThatDoesNotFitLeavesItWhole: a hard-linked
// file is rewritten in its own inode; when the new content does not fit
// (a full disk, a quota, a file size limit — here RLIMIT_FSIZE between
// the old size and the new), the file keeps its old content whole under
// both names, nothing is left beside it, and the error says the file is
// unchanged. Both ways: the blocks reserved before the rewrite, and a
// file system that cannot reserve (the old content put back).
func TestRewriteOfAHardLinkedFileThatDoesNotFitLeavesItWhole(t *testing.T) {
	if p := os.Getenv("WRITEFILE_FSIZE_CHILD"); p != "" {
		fsizeChild(p, os.Getenv("WRITEFILE_FSIZE_RESERVE") == "none")
		return
	}
	for _, mode := range []string{"reserve", "none"} {
		t.Run(mode, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "settings.json")
			other := filepath.Join(dir, "linked.json")
			old := bytes.Repeat([]byte("o"), 64<<10)
			if err := os.WriteFile(p, old, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Link(p, other); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestRewriteOfAHardLinkedFileThatDoesNotFitLeavesItWhole$")
			cmd.Env = append(os.Environ(), "WRITEFILE_FSIZE_CHILD="+p, "WRITEFILE_FSIZE_RESERVE="+mode)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("child: %v\n%s", err, out)
			}
			msg := string(out)
			if !strings.Contains(msg, "replace: ") || !strings.Contains(msg, "not written") || !strings.Contains(msg, "it is unchanged") {
				t.Errorf("child said %q, want a not-written error saying the file is unchanged", msg)
			}
			for _, n := range []string{p, other} {
				if got, _ := os.ReadFile(n); !bytes.Equal(got, old) {
					t.Errorf("%s holds %d bytes, want the old %d whole", filepath.Base(n), len(got), len(old))
				}
			}
			if n := names(t, dir); len(n) != 2 {
				t.Errorf("directory holds %v, want the two links only", n)
			}
			if _, err := Read(p); err != nil {
				t.Errorf("the next Read fails: %v", err)
			}
		})
	}
}

// fsizeChild rewrites p with content twice its size under a file size
// limit between the two, and prints the error.
func fsizeChild(p string, noReserve bool) {
	// SIGXFSZ is caught here, so that the held one re-raised after the
	// write does not end the child.
	signal.Notify(make(chan os.Signal, 4), syscall.SIGXFSZ)
	if noReserve {
		reserveBlocks = func(*os.File, int64) error { return nil }
	}
	f, err := Read(p)
	if err != nil {
		os.Stdout.WriteString("read: " + err.Error())
		return
	}
	limit := uint64(len(f.Data) + len(f.Data)/2)
	if err := unix.Setrlimit(unix.RLIMIT_FSIZE, &unix.Rlimit{Cur: limit, Max: limit}); err != nil {
		os.Stdout.WriteString("setrlimit: " + err.Error())
		return
	}
	err = f.Replace(bytes.Repeat([]byte("n"), 2*len(f.Data)))
	if err == nil {
		os.Stdout.WriteString("replace: no error, limit " + strconv.FormatUint(limit, 10))
		return
	}
	os.Stdout.WriteString("replace: " + err.Error())
}
