package hookkit

import "sync"

// Cache is a bounded memo, safe for concurrent use: the values built from
// keys (compiled matchers by pattern), at most Max of them. Once it holds
// Max entries, the next new key starts it over — patterns come from
// configuration files, so a long-running engine that reloads them keeps a
// bounded set, and a process never holds more than Max however many
// configurations it has seen. The zero Cache (Max 0) keeps nothing. A
// Cache declared at package level is laid out without running code at
// start-up.
type Cache[K comparable, V any] struct {
	// Max bounds the entries kept.
	Max int

	mu sync.Mutex
	m  map[K]V
}

// Get returns the value of key, built by build (outside the lock, so that
// builds of different keys run concurrently; two goroutines that miss the
// same key at once may both build it, and either result is kept) and kept
// for the next Get.
func (c *Cache[K, V]) Get(key K, build func(K) V) V {
	c.mu.Lock()
	v, ok := c.m[key]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = build(key)
	if c.Max <= 0 {
		return v
	}
	c.mu.Lock()
	if c.m == nil || len(c.m) >= c.Max {
		c.m = make(map[K]V, min(c.Max, 64))
	}
	c.m[key] = v
	c.mu.Unlock()
	return v
}

// Len returns the number of entries kept (at most Max).
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}
