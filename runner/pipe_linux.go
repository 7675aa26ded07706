//go:build linux

package runner

import (
	"errors"
	"os"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// pipeReader copies one of a hook's output pipes (stdout or stderr) into
// a capBuffer. It counts the bytes it takes from the pipe, under a lock
// held around each read(2), so that once the hook's own process has exited
// the engine can tell exactly how many bytes the hook still left in the
// pipe (FIONREAD at that moment): those are the hook's and are always read,
// whatever the load. Only what arrives after them comes from processes
// that outlived the hook, and only that is bounded by the drain delay.
type pipeReader struct {
	f    *os.File
	rc   syscall.RawConn
	buf  *capBuffer
	done chan struct{} // closed when the copy loop ends

	mu       sync.Mutex    // guards the following, and is held around each read(2)
	taken    int64         // bytes read from the pipe so far
	target   int64         // catch-up target, or -1 when none is set
	mark     int64         // end of the hook's own bytes, once catchUp was called
	caughtUp chan struct{} // made by catchUp with the target
	err      error         // a read error other than EOF
}

func newPipeReader(f *os.File, buf *capBuffer) *pipeReader {
	r := &pipeReader{f: f, buf: buf, done: make(chan struct{}), target: -1}
	rc, err := f.SyscallConn()
	if err != nil {
		r.err = err
		close(r.done)
		return r
	}
	r.rc = rc
	go r.loop()
	return r
}

// chunkPool holds the read buffers of pipeReaders: a hook's two pipes
// would otherwise allocate 128 KiB per run.
var chunkPool = sync.Pool{New: func() any { return new([64 << 10]byte) }}

func (r *pipeReader) loop() {
	defer close(r.done)
	buf := chunkPool.Get().(*[64 << 10]byte)
	defer chunkPool.Put(buf)
	chunk := buf[:]
	for {
		eof := false
		err := r.rc.Read(func(fd uintptr) bool {
			r.mu.Lock()
			defer r.mu.Unlock()
			for {
				n, err := syscall.Read(int(fd), chunk)
				switch {
				case err == syscall.EINTR:
					continue
				case err == syscall.EAGAIN:
					return false // wait until readable
				case err != nil:
					r.err = err
					return true
				case n == 0:
					eof = true
					return true
				}
				r.taken += int64(n)
				_, _ = r.buf.Write(chunk[:n])
				if r.target >= 0 && r.taken >= r.target {
					r.target = -1
					close(r.caughtUp)
				}
				return true
			}
		})
		if err != nil {
			// Stopped: the drain deadline passed, or the file was closed.
			if !errors.Is(err, os.ErrDeadlineExceeded) && !errors.Is(err, os.ErrClosed) {
				r.mu.Lock()
				r.err = err
				r.mu.Unlock()
			}
			return
		}
		r.mu.Lock()
		stop := eof || r.err != nil
		r.mu.Unlock()
		if stop {
			return
		}
	}
}

// catchUp returns a channel that is closed once every byte in the pipe
// now has been copied (or the copy loop ended). Called after the hook's
// own process exited, it marks the end of what the hook itself wrote.
func (r *pipeReader) catchUp() <-chan struct{} {
	if r.rc == nil {
		return r.done
	}
	ch := r.done
	_ = r.rc.Control(func(fd uintptr) {
		r.mu.Lock()
		defer r.mu.Unlock()
		n, err := unix.IoctlGetInt(int(fd), unix.TIOCINQ)
		if err != nil {
			return // cannot tell: wait for the copy loop to end (EOF)
		}
		r.mark = r.taken + int64(n)
		if n == 0 {
			ch = closedChan
			return
		}
		r.target = r.mark
		r.caughtUp = make(chan struct{})
		ch = r.caughtUp
	})
	if ch == r.done || ch == closedChan {
		return ch
	}
	// Either event ends the wait.
	out := make(chan struct{})
	go func() {
		select {
		case <-ch:
		case <-r.done:
		}
		close(out)
	}()
	return out
}

// stop ends the copy loop at once (the drain delay is over: a process
// that outlived the hook still holds the pipe) and reports how many bytes
// such processes wrote after the hook's own: those read since catchUp and
// those left unread in the pipe. More than zero means their output was
// cut, so the stream read is not the whole output; zero is a holder that
// wrote nothing (a background child that only keeps the pipe open).
func (r *pipeReader) stop() (late int64) {
	if r.rc == nil {
		return 0
	}
	_ = r.f.SetReadDeadline(time.Now())
	<-r.done
	_ = r.rc.Control(func(fd uintptr) {
		if n, err := unix.IoctlGetInt(int(fd), unix.TIOCINQ); err == nil {
			late = int64(n)
		}
	})
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.taken > r.mark {
		late += r.taken - r.mark
	}
	return late
}

// readErr is the read error that ended the copy, if any.
func (r *pipeReader) readErr() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

var closedChan = func() chan struct{} { c := make(chan struct{}); close(c); return c }()
