//go:build linux

package reliability

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookcompat/hookcompat/runner"
)

// TestMain makes the test process the child subreaper of its hooks, as
// the hookcompat command is (runner.EnableSubreaper), and removes the
// built binary after the tests.
func TestMain(m *testing.M) {
	if err := runner.EnableSubreaper(); err != nil {
		panic(err)
	}
	code := m.Run()
	if builtPath != "" {
		_ = os.RemoveAll(filepath.Dir(builtPath))
	}
	os.Exit(code)
}
