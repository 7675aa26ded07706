//go:build linux

package reliability

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

var (
	buildOnce sync.Once
	builtPath string
	buildErr  error
	buildOut  []byte
)

// hookcompatBinary builds the hookcompat command once per test binary and
// returns its path (the CLI's own signal handling and subreaper can only
// be tried on the real process).
func hookcompatBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "hookcompat-reliability-")
		if err != nil {
			buildErr = err
			return
		}
		builtPath = filepath.Join(dir, "hookcompat")
		_, file, _, _ := runtime.Caller(0)
		root := filepath.Join(filepath.Dir(file), "..", "..")
		cmd := exec.Command("go", "build", "-o", builtPath, "./cmd/hookcompat")
		cmd.Dir = root
		buildOut, buildErr = cmd.CombinedOutput()
	})
	if buildErr != nil {
		t.Fatalf("building hookcompat: %v\n%s", buildErr, buildOut)
	}
	return builtPath
}
