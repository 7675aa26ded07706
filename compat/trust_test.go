package compat

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A nil Options.Trusted means the same in every format: it trusts, as a
// Trusted that answers true does — the same hooks load, the project's
// own among them. A Trusted that answers false never loads more.
func TestNilTrustedTrustsInEveryFormat(t *testing.T) {
	for _, f := range discoveredFormats {
		t.Run(f.format, func(t *testing.T) {
			root := t.TempDir()
			home, proj := filepath.Join(root, "home"), filepath.Join(root, "proj")
			writeFile(t, filepath.Join(home, f.user), f.doc(f.command("./user.sh")))
			writeFile(t, filepath.Join(proj, f.project), f.doc(f.command("./project.sh")))
			load := func(trusted func(string, string) bool) []string {
				l, err := Load(Options{Project: proj, Home: home, Discover: true, SystemRoot: root, ManagedDir: filepath.Join(root, "managed"),
					Env: []string{"HOME=" + home}, Trusted: trusted})
				require.NoError(t, err)
				var cmds []string
				for _, h := range l.Config.Hooks {
					if h.Source.Format == f.format {
						cmds = append(cmds, filepath.Base(h.Source.File)+":"+h.Label())
					}
				}
				return cmds
			}
			asked := map[string]bool{}
			none := load(nil)
			yes := load(func(format, _ string) bool { asked[format] = true; return true })
			no := load(func(string, string) bool { return false })
			assert.Equal(t, yes, none, "nil trusts, as true does")
			assert.Len(t, none, 2, "the user's and the project's hook: %v", none)
			assert.LessOrEqual(t, len(no), len(none))
			t.Logf("%s: nil %v; false %v; asked %v", f.format, none, no, asked)
		})
	}
}
