//go:build linux

package reliability

import (
	"testing"

	"github.com/hookcompat/hookcompat/internal/testbin"
)

// hookcompatBinary is the hookcompat command built once per test binary
// (the CLI's own signal handling and subreaper can only be tried on the
// real process).
func hookcompatBinary(t *testing.T) string { return testbin.Hookcompat(t) }
