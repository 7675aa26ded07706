// Package benchratio measures an operation against a baseline in the
// same benchmark run (DESIGN §5: speed is shown as a ratio to a baseline
// measured in the same run, never as a timed assertion). The two
// alternate, once each per iteration and in turns first, so that a change
// of the machine's load during the run weighs on both alike.
package benchratio

import (
	"runtime"
	"testing"
	"time"
)

// Run calls base and measured once each per iteration of b and reports,
// per call: measured's mean wall time, bytes and allocations as ns/op,
// alloc-B/op and allocs-n/op, base's as base-ns/op, base-alloc-B/op and
// base-allocs-n/op, and the ratios measured/base as x-time and x-bytes.
// Memory is read from runtime.MemStats around each call (process-wide:
// what other goroutines allocate meanwhile counts too).
func Run(b *testing.B, base, measured func()) Result {
	b.Helper()
	return RunBatch(b, 1, base, measured)
}

// Result is what Run reported: mean wall time per call.
type Result struct {
	Base, Measured time.Duration
}

// RunBatch is Run for operations too short to time one by one: each
// turn calls base, or measured, n times in a row, and the figures are per
// call.
func RunBatch(b *testing.B, n int, base, measured func()) Result {
	b.Helper()
	repeat := func(f func()) func() {
		if n == 1 {
			return f
		}
		return func() {
			for range n {
				f()
			}
		}
	}
	base, measured = repeat(base), repeat(measured)
	var (
		ms           runtime.MemStats
		tBase, tMeas time.Duration
		bBase, bMeas uint64
		nBase, nMeas uint64
		iterations   int
	)
	call := func(f func(), t *time.Duration, bytes, allocs *uint64) {
		runtime.ReadMemStats(&ms)
		b0, n0 := ms.TotalAlloc, ms.Mallocs
		start := time.Now()
		f()
		*t += time.Since(start)
		runtime.ReadMemStats(&ms)
		*bytes += ms.TotalAlloc - b0
		*allocs += ms.Mallocs - n0
	}
	for b.Loop() {
		if iterations%2 == 0 {
			call(base, &tBase, &bBase, &nBase)
			call(measured, &tMeas, &bMeas, &nMeas)
		} else {
			call(measured, &tMeas, &bMeas, &nMeas)
			call(base, &tBase, &bBase, &nBase)
		}
		iterations++
	}
	calls := float64(iterations * n)
	b.ReportMetric(float64(tMeas.Nanoseconds())/calls, "ns/op")
	b.ReportMetric(float64(bMeas)/calls, "alloc-B/op")
	b.ReportMetric(float64(nMeas)/calls, "allocs-n/op")
	b.ReportMetric(float64(tBase.Nanoseconds())/calls, "base-ns/op")
	b.ReportMetric(float64(bBase)/calls, "base-alloc-B/op")
	b.ReportMetric(float64(nBase)/calls, "base-allocs-n/op")
	if tBase > 0 {
		b.ReportMetric(float64(tMeas)/float64(tBase), "x-time")
	}
	if bBase > 0 {
		b.ReportMetric(float64(bMeas)/float64(bBase), "x-bytes")
	}
	return Result{Base: time.Duration(float64(tBase) / calls), Measured: time.Duration(float64(tMeas) / calls)}
}

// Named is an operation of RunNamed and the name of its metrics.
type Named struct {
	Name string
	Func func()
}

// RunNamed calls base and every op once each per iteration of b, the
// order rotating from one iteration to the next, and reports for each op
// its mean wall time per call as NAME-ns/op and its ratio to base's as
// x-NAME (base's own mean as base-ns/op). It returns the means, base's
// first, for ratios between the ops.
func RunNamed(b *testing.B, base func(), ops ...Named) []time.Duration {
	b.Helper()
	all := append([]Named{{Name: "base", Func: base}}, ops...)
	total := make([]time.Duration, len(all))
	iterations := 0
	for b.Loop() {
		for k := range all {
			i := (k + iterations) % len(all)
			start := time.Now()
			all[i].Func()
			total[i] += time.Since(start)
		}
		iterations++
	}
	means := make([]time.Duration, len(all))
	for i := range all {
		means[i] = total[i] / time.Duration(max(iterations, 1))
		b.ReportMetric(float64(means[i].Nanoseconds()), all[i].Name+"-ns/op")
		if i > 0 && total[0] > 0 {
			b.ReportMetric(float64(total[i])/float64(total[0]), "x-"+all[i].Name)
		}
	}
	return means
}
