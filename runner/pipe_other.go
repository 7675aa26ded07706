//go:build !linux

package runner

import (
	"io"
	"os"
	"sync"
)

// chunkPool holds the copy buffers of pipeReaders.
var chunkPool = sync.Pool{New: func() any { return new([32 << 10]byte) }}

// pipeReader copies one of a hook's output pipes into a capBuffer. Without
// a way to ask how many bytes sit in a pipe (Linux's FIONREAD), the end of
// what the hook itself wrote cannot be told from what processes that
// outlived it write: the drain delay then bounds all reading after the
// hook exited (docs/decisions/003).
type pipeReader struct {
	f    *os.File
	done chan struct{}
	err  error
}

func newPipeReader(f *os.File, buf *capBuffer) *pipeReader {
	r := &pipeReader{f: f, done: make(chan struct{})}
	go func() {
		defer close(r.done)
		chunk := chunkPool.Get().(*[32 << 10]byte)
		defer chunkPool.Put(chunk)
		_, r.err = io.CopyBuffer(buf, f, chunk[:])
	}()
	return r
}

func (r *pipeReader) catchUp() <-chan struct{} { return closedChan }

func (r *pipeReader) stop() int64 {
	_ = r.f.Close()
	<-r.done
	return 0
}

func (r *pipeReader) readErr() error { return nil }

var closedChan = func() chan struct{} { c := make(chan struct{}); close(c); return c }()
