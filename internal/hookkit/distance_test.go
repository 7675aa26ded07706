package hookkit

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "abc", 3}, {"abc", "", 3}, {"kitten", "sitting", 3},
		{"pre_tool", "pre_tool", 0}, {"timeout", "timeuot", 2}, {"matcher", "macher", 1},
	} {
		assert.Equal(t, c.want, EditDistance(c.a, c.b), "%q %q", c.a, c.b)
		assert.Equal(t, c.want, EditDistance(c.b, c.a), "symmetric: %q %q", c.b, c.a)
	}
}
