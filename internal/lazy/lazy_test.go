package lazy

import (
	"sync"
	"testing"
)

func TestGetBuildsOnce(t *testing.T) {
	calls := 0
	v := Value[int]{New: func() int { calls++; return 42 }}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got := v.Get(); got != 42 {
				t.Errorf("Get() = %d, want 42", got)
			}
		}()
	}
	wg.Wait()
	if calls != 1 {
		t.Fatalf("builder ran %d times, want 1", calls)
	}
}

func TestGetPanicsAgainAfterBuilderPanicked(t *testing.T) {
	v := Value[int]{New: func() int { panic("boom") }}
	for i, want := range []any{"boom", "lazy: the value's builder panicked"} {
		func() {
			defer func() {
				if r := recover(); r != want {
					t.Errorf("call %d: recovered %v, want %v", i, r, want)
				}
			}()
			v.Get()
			t.Errorf("call %d: Get returned", i)
		}()
	}
}

var pkgLevel = Value[map[string]bool]{New: func() map[string]bool { return map[string]bool{"a": true} }}

func TestPackageLevelAllocatesNothingUntilUsed(t *testing.T) {
	if pkgLevel.New == nil {
		t.Fatal("package-level Value already built before first Get")
	}
	if !pkgLevel.Get()["a"] {
		t.Fatal("Get() lost the value")
	}
}
