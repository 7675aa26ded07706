// Package testbin builds the hookcompat command for tests that need the
// real binary: the exec shim as a process, the CLI's signal handling and
// subreaper, recordings whose hooks call hookcompat.
package testbin

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// built reports that build was called.
var built atomic.Bool

// build builds ./cmd/hookcompat once per test binary, into a directory of
// its own named hookcompat (so that it is found as the shim is), and
// returns its path or the build's error with its output.
var build = sync.OnceValues(func() (string, error) {
	built.Store(true)
	dir, err := os.MkdirTemp("", "hookcompat-bin-")
	if err != nil {
		return "", err
	}
	_, file, _, _ := runtime.Caller(0)
	bin := filepath.Join(dir, "hookcompat")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/hookcompat")
	cmd.Dir = filepath.Join(filepath.Dir(file), "..", "..")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building hookcompat: %v\n%s", err, out)
	}
	return bin, nil
})

// Path returns the path of the hookcompat binary built from this
// module, building it on the first call.
func Path() (string, error) { return build() }

// Hookcompat is Path for a test: a build failure fails t.
func Hookcompat(t testing.TB) string {
	t.Helper()
	bin, err := build()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// Remove deletes the binary built by this test process, if any: a
// TestMain calls it after m.Run.
func Remove() {
	if built.Load() {
		if bin, err := build(); err == nil {
			_ = os.RemoveAll(filepath.Dir(bin))
		}
	}
}
