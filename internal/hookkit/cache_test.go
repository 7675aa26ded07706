package hookkit

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCacheBoundedByCount: a key is built once while it is kept; however
// many keys pass, the cache holds at most Max, and a key dropped when it
// started over is built again.
func TestCacheBoundedByCount(t *testing.T) {
	c := Cache[string, int]{Max: 8}
	var builds atomic.Int32
	build := func(k string) int { builds.Add(1); return len(k) }
	for range 3 {
		assert.Equal(t, 3, c.Get("abc", build))
	}
	assert.Equal(t, int32(1), builds.Load(), "built once while kept")
	for i := range 1000 {
		c.Get(fmt.Sprint("k", i), build)
		assert.LessOrEqual(t, c.Len(), 8)
	}
	assert.Equal(t, int32(1001), builds.Load())
	c.Get("abc", build)
	assert.Equal(t, int32(1002), builds.Load(), "dropped when the cache started over: built again")

	var none Cache[string, int]
	none.Get("x", build)
	assert.Zero(t, none.Len(), "Max 0 keeps nothing")
}

func TestCacheConcurrent(t *testing.T) {
	c := Cache[int, int]{Max: 16}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 500 {
				k := (g*500 + i) % 40
				assert.Equal(t, k*2, c.Get(k, func(k int) int { return k * 2 }))
			}
		}()
	}
	wg.Wait()
	assert.LessOrEqual(t, c.Len(), 16)
}
