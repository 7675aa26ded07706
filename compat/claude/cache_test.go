package claude

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMatcherCacheIsBounded: the compiled matchers kept are bounded by
// count, however many distinct patterns pass (a watcher reloading edited
// files for days), and a kept one is reused.
func TestMatcherCacheIsBounded(t *testing.T) {
	first := cachedMatcher("PreToolUse", "Bash")
	assert.Same(t, first, cachedMatcher("PreToolUse", "Bash"), "a kept matcher is reused")
	for i := range 3 * maxMatchers {
		p := fmt.Sprintf("Tool%d|Other", i)
		cachedMatcher("PreToolUse", p)
		assert.LessOrEqual(t, matcherCache.Len(), maxMatchers)
	}
	assert.Positive(t, matcherCache.Len())
}
