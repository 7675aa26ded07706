// Package lazy holds values built on first use instead of at package
// initialisation.
//
// hookcompat starts once per converted hook call, so every table, map and
// regular expression a package builds in its initialiser is paid on each
// call whether it is used or not. A [Value] declared at package level as
//
//	var keys = lazy.Value[map[string]bool]{New: func() map[string]bool { … }}
//
// is laid out by the compiler in the binary's data (no allocation and no
// code run at start) and builds its value the first time [Value.Get] is
// called. The composite literal matters: sync.OnceValue, or a
// constructor function, allocates or runs code in the package's
// initialiser.
package lazy

import "sync"

// Value is a T built once, by New, on the first call of [Value.Get]. It is
// safe for concurrent use. A Value must not be copied after first use, and
// New must not be changed once the Value is shared.
type Value[T any] struct {
	once sync.Once
	// New builds the value; Get clears it once it has returned.
	New func() T
	v   T
}

// Get returns the value, building it with New on the first call. If New
// panicked, that call panics with New's value and every later call
// panics too (as sync.OnceValue does).
func (l *Value[T]) Get() T {
	l.once.Do(l.build)
	if l.New != nil {
		panic("lazy: the value's builder panicked")
	}
	return l.v
}

func (l *Value[T]) build() {
	l.v = l.New()
	l.New = nil
}
