//go:build unix && !linux

package writefile

import (
	"errors"
	"os"
)

// anonymousTemp reports that this system has no anonymous files: Replace
// uses a named temporary file.
func anonymousTemp(string) (*os.File, bool) { return nil, false }

func linkAnonymous(*os.File, string) error { return errors.New("no anonymous files") }

// reserve is a no-op here: a rewrite that fails part way puts the old
// content back.
func reserve(*os.File, int64) error { return nil }

func umask() uint32 { return umaskBySetting() }
