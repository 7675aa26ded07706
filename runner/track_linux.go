//go:build linux

package runner

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// The descendant tracker: a hook's descendants are
// found by parentage in /proc, snapshotted every trackInterval while the
// hook runs and again at its timeout, so that a process that left the
// hook's process group (setsid, setpgid, a daemonising double fork) with
// its output sent elsewhere is still known and killed with the hook. With
// EnableSubreaper, orphaned descendants are re-parented to this process
// and attributed to the running hooks even when they were never seen
// under their parent.
const trackInterval = 50 * time.Millisecond

// procEntry is one process as /proc/<pid>/stat shows it.
type procEntry struct {
	pid, ppid, pgrp int
	state           byte
	start           uint64 // start time in clock ticks since boot
}

// tracker is the process-wide registry of running hooks.
type tracker struct {
	// startMu is held around starting a hook (fork) and registering it,
	// and while the orphans in a scan are classified, so that a hook's
	// own process is never mistaken for an orphan.
	startMu sync.Mutex

	mu        sync.Mutex // guards the following
	runs      map[*trackedRun]struct{}
	direct    map[int]bool // pids of hooks' own processes
	ticking   bool
	subreaper bool
}

var procTracker = &tracker{runs: map[*trackedRun]struct{}{}, direct: map[int]bool{}}

// trackedRun is one running hook and the descendants seen so far.
type trackedRun struct {
	pid     int
	start   uint64
	started time.Time // when the engine started it

	mu           sync.Mutex
	known        map[int]uint64 // descendant pid → start time
	told         map[int]bool   // descendants already sent SIGTERM
	outsideGroup map[int]bool   // known descendants registered with the sentinel
}

// EnableSubreaper makes this process the child subreaper of everything it
// starts (Linux PR_SET_CHILD_SUBREAPER): a hook's descendant whose parent
// exits is re-parented here instead of to init, so the engine can still
// attribute it to the hook and kill it at the hook's timeout, however
// quickly it daemonised. Orphans are attributed when they are in a
// running hook's process group, or — when they left it — to every hook
// that was running when they started; they are reaped when killed. Only a
// program that starts no other child processes in their own process
// groups should call it (the hookcompat command does): such children
// would be taken for escaped hook descendants. Elsewhere than on Linux it
// returns an error.
func EnableSubreaper() error {
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		return err
	}
	procTracker.mu.Lock()
	procTracker.subreaper = true
	procTracker.mu.Unlock()
	return nil
}

// startTracked starts cmd under startMu, on the spawner thread (its
// Pdeathsig fires when this process dies), and registers the hook's
// process with the tracker and its group with the sentinel.
func startTracked(start func() error, pid func() int) (*trackedRun, error) {
	t := procTracker
	t.startMu.Lock()
	defer t.startMu.Unlock()
	if err := onSpawnerThread(start); err != nil {
		return nil, err
	}
	r := &trackedRun{pid: pid(), started: time.Now(), known: map[int]uint64{}, told: map[int]bool{}}
	if e, ok := readProc(r.pid); ok {
		r.start = e.start
	}
	sentinel.send(entry(nil, '+', 'G', r.pid, r.start))
	t.mu.Lock()
	t.runs[r] = struct{}{}
	t.direct[r.pid] = true
	if !t.ticking {
		t.ticking = true
		go t.tick()
	}
	t.mu.Unlock()
	return r, nil
}

// done unregisters a finished run: what it left running after exiting by
// itself is no longer its (docs/decisions/003).
func (r *trackedRun) done() {
	if r == nil {
		return
	}
	t := procTracker
	t.mu.Lock()
	delete(t.runs, r)
	delete(t.direct, r.pid)
	t.mu.Unlock()
	lines := entry(nil, '-', 'G', r.pid, r.start)
	r.mu.Lock()
	for pid, start := range r.known {
		if r.outsideGroup[pid] {
			lines = entry(lines, '-', 'P', pid, start)
		}
	}
	r.mu.Unlock()
	sentinel.send(lines)
	t.mu.Lock()
	last := len(t.runs) == 0
	t.mu.Unlock()
	if last {
		// The spawner thread and the sentinel end with the last hook
		// (idle checks again under startMu, which a start holds).
		go func() {
			t.startMu.Lock()
			defer t.startMu.Unlock()
			t.idle()
		}()
	}
}

// tick refreshes the descendants of every hook that has run for at
// least one interval, until no hook runs. A hook's first scan is one
// interval after its start (not at whatever moment the ticker happens
// to pass): hooks that finish sooner, most of them, cost no scan of
// /proc, and a hook that times out is scanned at its timeout anyway.
func (t *tracker) tick() {
	for {
		time.Sleep(trackInterval)
		t.mu.Lock()
		if len(t.runs) == 0 {
			t.ticking = false
			t.mu.Unlock()
			return
		}
		var runs []*trackedRun
		for r := range t.runs {
			if time.Since(r.started) >= trackInterval {
				runs = append(runs, r)
			}
		}
		t.mu.Unlock()
		if len(runs) > 0 {
			// A hook that runs this long gets the sentinel (started once,
			// with the runs so far registered): hooks that end sooner,
			// most of them, cost no process.
			t.refresh(runs...)
			sentinel.start(t)
		}
	}
}

// refresh scans /proc once and adds to each run the processes descending
// from it or from its known descendants, those of its process group, and
// (as subreaper) the orphans it may own.
func (t *tracker) refresh(runs ...*trackedRun) {
	t.startMu.Lock()
	procs := scanProcs()
	t.mu.Lock()
	subreaper := t.subreaper
	direct := make(map[int]bool, len(t.direct))
	for p := range t.direct {
		direct[p] = true
	}
	t.mu.Unlock()
	t.startMu.Unlock()

	children := map[int][]int{}
	for _, e := range procs {
		children[e.ppid] = append(children[e.ppid], e.pid)
	}
	self, selfGroup := os.Getpid(), syscall.Getpgrp()
	for _, r := range runs {
		r.mu.Lock()
		var queue []int
		if e, ok := procs[r.pid]; ok && e.start == r.start {
			queue = append(queue, r.pid)
		}
		for pid, start := range r.known {
			if e, ok := procs[pid]; ok && e.start == start {
				queue = append(queue, pid)
			}
		}
		for _, e := range procs {
			if e.pgrp == r.pid && e.pid != r.pid && e.start >= r.start {
				queue = append(queue, e.pid) // its group, orphaned or not
			}
			if subreaper && e.ppid == self && !direct[e.pid] && e.pgrp != selfGroup && e.start >= r.start {
				queue = append(queue, e.pid) // an orphan that left its group
			}
		}
		visited := map[int]bool{}
		var lines []byte
		for len(queue) > 0 {
			pid := queue[0]
			queue = queue[1:]
			if visited[pid] {
				continue
			}
			visited[pid] = true
			if pid != r.pid {
				e := procs[pid]
				if _, had := r.known[pid]; !had && e.pgrp != r.pid {
					// Outside the group: the sentinel kills it by pid
					// should this process die.
					if r.outsideGroup == nil {
						r.outsideGroup = map[int]bool{}
					}
					r.outsideGroup[pid] = true
					lines = entry(lines, '+', 'P', pid, e.start)
				}
				r.known[pid] = e.start
			}
			queue = append(queue, children[pid]...)
		}
		r.mu.Unlock()
		sentinel.send(lines)
	}
}

// outside signals the known descendants that are alive and not in the
// hook's process group (those the group signal misses); with onlyNew,
// only those not signalled before.
func (r *trackedRun) outside(sig sysSig, onlyNew bool) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for pid, start := range r.known {
		e, ok := readProc(pid)
		if !ok || e.start != start || e.pgrp == r.pid || e.state == 'Z' || e.state == 'X' {
			continue
		}
		if onlyNew && r.told[pid] {
			continue
		}
		r.told[pid] = true
		_ = syscall.Kill(pid, sig)
	}
}

// alive reports whether a known descendant outside the group still runs.
func (r *trackedRun) alive() bool {
	if r == nil {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for pid, start := range r.known {
		if e, ok := readProc(pid); ok && e.start == start && e.state != 'Z' && e.state != 'X' {
			return true
		}
	}
	return false
}

// killAll SIGKILLs every known descendant, looking again until a scan
// finds none alive (one may fork while being killed), and reaps those
// this process is the parent of (as subreaper).
func (r *trackedRun) killAll() {
	if r == nil {
		return
	}
	self := os.Getpid()
	for range 50 {
		procTracker.refresh(r)
		r.mu.Lock()
		live := 0
		for pid, start := range r.known {
			e, ok := readProc(pid)
			if !ok || e.start != start {
				r.forget(pid, start)
				continue
			}
			if e.ppid == self && e.pid != r.pid {
				// Ours to reap (re-parented to this subreaper); a zombie
				// of another parent is that parent's.
				var ws syscall.WaitStatus
				if e.state != 'Z' && e.state != 'X' {
					_ = syscall.Kill(pid, syscall.SIGKILL)
				}
				go func() { _, _ = syscall.Wait4(pid, &ws, 0, nil) }()
				r.forget(pid, start)
				continue
			}
			if e.state == 'Z' || e.state == 'X' {
				continue
			}
			_ = syscall.Kill(pid, syscall.SIGKILL)
			live++
		}
		r.mu.Unlock()
		if live == 0 {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// forget drops a known descendant that is gone (r.mu is held), and its
// registration with the sentinel.
func (r *trackedRun) forget(pid int, start uint64) {
	delete(r.known, pid)
	if r.outsideGroup[pid] {
		delete(r.outsideGroup, pid)
		sentinel.send(entry(nil, '-', 'P', pid, start))
	}
}

// scanProcs reads every process's stat line.
func scanProcs() map[int]procEntry {
	d, err := os.Open("/proc")
	if err != nil {
		return nil
	}
	names, _ := d.Readdirnames(-1)
	d.Close()
	out := make(map[int]procEntry, len(names))
	for _, n := range names {
		if n[0] < '0' || n[0] > '9' {
			continue
		}
		pid, err := strconv.Atoi(n)
		if err != nil {
			continue
		}
		if e, ok := readProc(pid); ok {
			out[pid] = e
		}
	}
	return out
}

var errStat = errors.New("bad stat")

// readProc parses /proc/<pid>/stat: pid (comm) state ppid pgrp session
// tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
// priority nice threads itrealvalue starttime …
//
// It reads into a buffer on the stack and parses in place: it runs for
// every hook started and for every process at each tracking tick.
func readProc(pid int) (procEntry, bool) {
	fd, err := unix.Open("/proc/"+strconv.Itoa(pid)+"/stat", unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return procEntry{}, false
	}
	var buf [2048]byte
	n := 0
	for n < len(buf) {
		m, err := unix.Read(fd, buf[n:])
		if err == unix.EINTR {
			continue
		}
		if err != nil || m <= 0 {
			break
		}
		n += m
	}
	unix.Close(fd)
	e, err := parseStat(pid, buf[:n])
	return e, err == nil
}

func parseStat(pid int, stat []byte) (procEntry, error) {
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return procEntry{}, errStat
	}
	// Fields after the command: state ppid pgrp … starttime (the 20th).
	var f [20][]byte
	n := 0
	for rest := stat[i+1:]; n < len(f); n++ {
		rest = bytes.TrimLeft(rest, " \n")
		if len(rest) == 0 {
			break
		}
		j := bytes.IndexAny(rest, " \n")
		if j < 0 {
			j = len(rest)
		}
		f[n], rest = rest[:j], rest[j:]
	}
	if n < len(f) {
		return procEntry{}, errStat
	}
	ppid, ok1 := atoiBytes(f[1])
	pgrp, ok2 := atoiBytes(f[2])
	start, ok3 := atoiBytes(f[19])
	if !ok1 || !ok2 || !ok3 || len(f[0]) == 0 {
		return procEntry{}, errStat
	}
	return procEntry{pid: pid, ppid: ppid, pgrp: pgrp, state: f[0][0], start: uint64(start)}, nil
}

// atoiBytes parses a decimal number of a stat line (a sign is allowed).
func atoiBytes(b []byte) (int, bool) {
	neg := len(b) > 0 && b[0] == '-'
	if neg {
		b = b[1:]
	}
	if len(b) == 0 || len(b) > 19 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}
