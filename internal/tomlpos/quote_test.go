package tomlpos

import (
	"testing"

	"github.com/pelletier/go-toml/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Quote's output decodes, as TOML, to the string it quoted (a byte that
// is not UTF-8 as U+FFFD).
func TestQuoteRoundTrips(t *testing.T) {
	for in, want := range map[string]string{
		"plain": "plain", `a "q" \ b`: `a "q" \ b`, "t\tn\nr\rb\bf\f": "t\tn\nr\rb\bf\f",
		"esc\x1b del\x7f": "esc\x1b del\x7f", "bad\xffbyte": "bad\uFFFDbyte", "ünï 😀": "ünï 😀",
	} {
		var v struct{ S string }
		require.NoError(t, toml.Unmarshal([]byte("S = "+Quote(in)), &v), "%q → %s", in, Quote(in))
		assert.Equal(t, want, v.S, in)
	}
}
