package claude

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestBacktracking(t *testing.T) {
	for _, p := range []string{`(a+)+b|danger$`, `(\w*)*x`, `^(a|ab)*c`, `(x+x+)+y`, `((ab)*)+`, `(?:[a-z]+)*$`, `(a{1,})+`, `(.*a){2,}`, `(foo|foo)+`} {
		assert.NotEmpty(t, backtrackingConstruct(p), "%s backtracks catastrophically", p)
	}
	for _, p := range []string{``, `Bash`, `Edit|Write`, `^mcp__.*`, `mcp__github__.*`, `(Edit|Write)+`, `(a+)?`, `(ab){3}`, `[(a+)+]`, `\(a+\)+`, `^(Notebook)?Edit$`, `(a|b)*c`, `(?<name>x+)y`} {
		assert.Empty(t, backtrackingConstruct(p), "%s", p)
	}
}
