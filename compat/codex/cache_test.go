package codex

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMatcherCacheIsBounded: the compiled matchers kept are bounded by
// count, however many distinct patterns pass (a watcher reloading edited
// files for days), and a kept one is reused.
func TestMatcherCacheIsBounded(t *testing.T) {
	first := cachedMatcher("Bash")
	assert.Same(t, first, cachedMatcher("Bash"), "a kept matcher is reused")
	for i := range 3 * maxMatchers {
		p := fmt.Sprintf("Tool%d|Other", i)
		cachedMatcher(p)
		assert.LessOrEqual(t, matcherCache.Len(), maxMatchers)
	}
	assert.Positive(t, matcherCache.Len())
}
