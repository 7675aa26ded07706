//go:build linux

package runner

import (
	"os"
	"runtime"
	"strconv"
	"sync/atomic"
	"syscall"
)

// Hooks die with the process that runs them (Linux). Two parts, since a
// process killed by SIGKILL (the OOM killer, a supervisor) runs no code
// of its own:
//
//   - each hook's own process gets SIGKILL when this process dies
//     (Pdeathsig). The kernel sends it when the *thread* that forked the
//     hook exits, so every hook is forked from one thread that lives as
//     long as any hook forked from it: the spawner, a goroutine locked to
//     its thread, which returns (ending the thread) only once no hook
//     runs;
//   - the rest of each hook — its process group, and the descendants the
//     tracker found outside it — is killed by the sentinel: a small shell
//     process started once a hook has run for one tracking interval (a
//     hook that ends sooner, most do, costs no process) and stopped when
//     no hook runs, in a session of its own,
//     reading this process's registrations on a pipe. Its stdin reaches
//     end of file when this process dies, however it dies; it then
//     SIGKILLs every group and process still registered and exits. A run
//     registers its group when it starts (+G) and every descendant found
//     outside it (+P), and withdraws them when it ends (-): what a hook
//     that exited by itself left running stays its own. Entries carry the
//     process's start time, so that a pid reused since is never killed (a
//     group whose leader is gone can still be killed: Linux does not
//     reuse a pid while it names a live group).
//
// Registrations are written without waiting (a full pipe drops one, as a
// sentinel that could not start drops all: the hooks' own processes
// still die with this one).

// spawnerJob is one fork to run on the spawner thread.
type spawnerJob struct {
	start func() error
	done  chan error
}

// spawner is the thread hooks are forked from while any hook runs; the
// tracker's startMu guards it.
var spawner struct {
	jobs chan spawnerJob // nil while no spawner runs
}

// onSpawnerThread runs start (an os.StartProcess of a hook) on the
// spawner thread, so that the hook's Pdeathsig fires only when this
// process dies; the caller holds the tracker's startMu.
func onSpawnerThread(start func() error) error {
	if spawner.jobs == nil {
		jobs := make(chan spawnerJob)
		spawner.jobs = jobs
		go func() {
			// Never unlocked: the thread lives until every hook forked
			// from it has ended (idle closes jobs), and ends with this
			// goroutine.
			runtime.LockOSThread()
			for j := range jobs {
				j.done <- j.start()
			}
		}()
	}
	j := spawnerJob{start: start, done: make(chan error, 1)}
	spawner.jobs <- j
	return <-j.done
}

// idle ends the spawner thread and the sentinel once no hook runs (the
// caller holds the tracker's startMu, so none starts meanwhile): a
// program leaves no goroutine, thread or process of the runner behind
// between its hooks. The next hook starts them again.
func (t *tracker) idle() {
	t.mu.Lock()
	empty := len(t.runs) == 0
	t.mu.Unlock()
	if !empty {
		return
	}
	if spawner.jobs != nil {
		close(spawner.jobs) // no hook forked from the thread still runs
		spawner.jobs = nil
	}
	sentinel.stop(t)
}

// setPdeathsig makes a hook's process get SIGKILL when this process dies.
func setPdeathsig(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }

// sentinelScript is the sentinel: it keeps the registered entries
// ("G:pgid:start" for a group, "P:pid:start" for a process) until end of
// file, then SIGKILLs each one that is still the same (a group whose
// leader is gone, or whose leader has the registered start time; a
// process with its start time). Only shell builtins: no process per
// line.
const sentinelScript = `set -f
trap '' HUP INT QUIT TERM PIPE
g=' '
while read -r op e; do
  case $op in
  +) case $g in *" $e "*) ;; *) g="$g$e " ;; esac ;;
  -) case $g in *" $e "*) g="${g%%" $e "*} ${g#*" $e "}" ;; esac ;;
  esac
done
same() {
  if read -r l < /proc/$1/stat; then
    set -- $2 ${l##*) }
    [ "${21}" = "$1" ]
  else
    return 2
  fi
}
for e in $g; do
  k=${e%%:*}; r=${e#*:}; p=${r%%:*}; s=${r#*:}
  case $k in
  G) same $p $s 2>/dev/null; [ $? -ne 1 ] && kill -KILL -$p 2>/dev/null ;;
  esac
done
for e in $g; do
  k=${e%%:*}; r=${e#*:}; p=${r%%:*}; s=${r#*:}
  case $k in
  P) same $p $s 2>/dev/null && kill -KILL $p 2>/dev/null ;;
  esac
done
exit 0
`

// sentinelState is this process's sentinel, running while a hook that
// has run for a tracking interval runs; the tracker's startMu guards up.
type sentinelState struct {
	up  bool
	pid atomic.Int64
	w   atomic.Pointer[os.File] // the write end of its stdin; nil while it is down
}

var sentinel sentinelState

// start starts the sentinel unless it is up, with the runs going on
// registered (a run registers itself as it starts while the pipe
// exists). The registrations are in the pipe before the sentinel process
// exists, so that a sentinel that can be seen has them. It holds
// t.startMu, so that no hook is mid-start and the tracker learns the
// sentinel's pid (t.direct) before any scan: as subreaper, a child in a
// session of its own would otherwise pass for an escaped hook
// descendant.
func (s *sentinelState) start(t *tracker) {
	t.startMu.Lock()
	defer t.startMu.Unlock()
	t.mu.Lock()
	busy := len(t.runs) > 0
	t.mu.Unlock()
	if s.up || !busy {
		return
	}
	r, w, err := os.Pipe()
	if err != nil {
		return
	}
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		closeAll(r, w)
		return
	}
	// From now on registrations go into the pipe; those of the runs
	// going on are written once more (adding is idempotent).
	s.up = true
	s.w.Store(w)
	t.mu.Lock()
	var lines []byte
	for run := range t.runs {
		lines = entry(lines, '+', 'G', run.pid, run.start)
		run.mu.Lock()
		for pid := range run.outsideGroup {
			lines = entry(lines, '+', 'P', pid, run.known[pid])
		}
		run.mu.Unlock()
	}
	t.mu.Unlock()
	s.send(lines)
	p, err := os.StartProcess("/bin/sh", []string{"sh", "-c", sentinelScript, "hookcompat-sentinel"}, &os.ProcAttr{
		Dir: "/", Env: []string{"PATH=/usr/bin:/bin", "LC_ALL=C"}, Files: []*os.File{r, null, null},
		Sys: &syscall.SysProcAttr{Setsid: true},
	})
	closeAll(r, null)
	if err != nil {
		// No sentinel: writes fail (EPIPE) and are dropped; the hooks'
		// own processes still die with this one.
		return
	}
	s.pid.Store(int64(p.Pid))
	t.mu.Lock()
	t.direct[p.Pid] = true
	t.mu.Unlock()
	go func() { _, _ = p.Wait() }() // reaped when it exits (stop)
}

// stop ends the sentinel (t.startMu is held, no hook runs): at the end of
// its stdin it finds every entry withdrawn, kills nothing and exits.
func (s *sentinelState) stop(t *tracker) {
	if !s.up {
		return
	}
	s.up = false
	if w := s.w.Swap(nil); w != nil {
		_ = w.Close()
	}
	if pid := int(s.pid.Swap(0)); pid != 0 {
		t.mu.Lock()
		delete(t.direct, pid)
		t.mu.Unlock()
	}
}

// send writes registration lines without waiting: a line the pipe has no
// room for is dropped.
func (s *sentinelState) send(lines []byte) {
	w := s.w.Load()
	if w == nil || len(lines) == 0 {
		return
	}
	rc, err := w.SyscallConn()
	if err != nil {
		return
	}
	_ = rc.Write(func(fd uintptr) bool {
		_, _ = syscall.Write(int(fd), lines)
		return true // never wait for room
	})
}

// entry is a registration line: op ('+' or '-'), kind ('G' or 'P'), pid
// and start time.
func entry(b []byte, op, kind byte, pid int, start uint64) []byte {
	b = append(b, op, ' ', kind, ':')
	b = strconv.AppendInt(b, int64(pid), 10)
	b = append(b, ':')
	b = strconv.AppendUint(b, start, 10)
	return append(b, '\n')
}
