package cli

import (
	"io"

	"github.com/hookcompat/hookcompat/compat"
)

// readEvent reads the one event on r ([compat.ReadEvent]: the exec
// shim's in-process reading is the same).
func readEvent(r io.Reader) ([]byte, error) { return compat.ReadEvent(r) }
