//go:build !linux

package runner

import "errors"

// Without /proc, descendants are known only through the hook's process
// group (docs/decisions/008).
type trackedRun struct{}

// EnableSubreaper is available on Linux only; here it returns an error.
func EnableSubreaper() error { return errors.New("child subreaper: not supported on this system") }

func startTracked(start func() error, pid func() int) (*trackedRun, error) {
	if err := start(); err != nil {
		return nil, err
	}
	return &trackedRun{}, nil
}

func (*trackedRun) done()                 {}
func (*trackedRun) outside(sysSig, bool)  {}
func (*trackedRun) alive() bool           { return false }
func (*trackedRun) killAll()              {}
func (t *tracker) refresh(...*trackedRun) {}

type tracker struct{}

var procTracker = &tracker{}
