//go:build !unix

package compat

import "os"

// readReady cannot tell here whether reading would wait: nothing more is
// read after the event.
func readReady(*os.File, int64) ([]byte, bool) { return nil, false }
