package compat

import (
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestShellQuoteRoundTrips checks that every quoted argument of a shim
// command reaches the shell as the same bytes, in bash and in /bin/sh and
// under the C locale (no $'\u…' escapes whose meaning depends on it).
func TestShellQuoteRoundTrips(t *testing.T) {
	cases := []string{
		"plain", "", "with space", "it's", `back\slash`, "$HOME", "`cmd`",
		"new\nline", "tab\there", "é-accent", "emoji 🙂", "\u200bzero-width",
		"bell\a", "\xff\xfe invalid utf-8", "a'b'c", "--flag=x y",
	}
	for _, sh := range []string{"bash", "/bin/sh"} {
		path, err := exec.LookPath(sh)
		if err != nil {
			continue
		}
		for _, s := range cases {
			cmd := exec.Command(path, "-c", "printf %s "+shellQuote(s))
			cmd.Env = []string{"LC_ALL=C", "PATH=/usr/bin:/bin"}
			out, err := cmd.Output()
			require.NoError(t, err, "%s: %q", sh, s)
			assert.Equal(t, s, string(out), "%s: quoted as %s", sh, shellQuote(s))
		}
	}
}
