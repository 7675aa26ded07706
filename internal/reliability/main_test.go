//go:build linux

package reliability

import (
	"os"
	"testing"

	"github.com/hookcompat/hookcompat/internal/testbin"
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
	testbin.Remove()
	os.Exit(code)
}
