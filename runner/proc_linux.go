//go:build linux

package runner

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
)

// groupAliveProc scans /proc for a process of group pgid that is not a
// zombie. ok is false when /proc cannot be read.
func groupAliveProc(pgid int) (alive, ok bool) {
	d, err := os.Open("/proc")
	if err != nil {
		return false, false
	}
	defer d.Close()
	names, err := d.Readdirnames(-1)
	if err != nil {
		return false, false
	}
	want := []byte(strconv.Itoa(pgid))
	for _, n := range names {
		if n[0] < '0' || n[0] > '9' {
			continue
		}
		stat, err := os.ReadFile("/proc/" + n + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp …; comm may hold spaces and parens.
		i := bytes.LastIndexByte(stat, ')')
		if i < 0 {
			continue
		}
		f := bytes.Fields(stat[i+1:])
		if len(f) >= 3 && bytes.Equal(f[2], want) && f[0][0] != 'Z' && f[0][0] != 'X' {
			return true, true
		}
	}
	return false, true
}

// killPipeHolders SIGKILLs every other process that still holds the
// write end of one of the pipes (the hook's stdout and stderr, given by
// their read ends here): the descendants of a timed-out hook that left
// its process group (setsid, or a daemonising double fork into a new
// session) and so escaped the group's signals, but still write into the
// hook's output (bug class PROC). A process holding only a read end is
// never a writer: it is a child this process is forking for another hook,
// whose copy of our descriptors lives until its exec closes them, and
// must not be touched. Processes the hook started with their output sent
// elsewhere do not hold the pipes and are left alone. Only processes
// whose /proc fd table this user can read are found.
func killPipeHolders(pipes ...*os.File) {
	want := map[string]bool{}
	for _, f := range pipes {
		st, err := f.Stat()
		if err != nil {
			continue
		}
		if s, ok := st.Sys().(*syscall.Stat_t); ok {
			want["pipe:["+strconv.FormatUint(s.Ino, 10)+"]"] = true
		}
	}
	if len(want) == 0 {
		return
	}
	d, err := os.Open("/proc")
	if err != nil {
		return
	}
	names, _ := d.Readdirnames(-1)
	d.Close()
	self := strconv.Itoa(os.Getpid())
	for _, n := range names {
		if n == self || n[0] < '0' || n[0] > '9' {
			continue
		}
		fds, err := os.ReadDir("/proc/" + n + "/fd")
		if err != nil {
			continue
		}
		for _, fd := range fds {
			if link, err := os.Readlink("/proc/" + n + "/fd/" + fd.Name()); err == nil && want[link] && writeEnd(n, fd.Name()) {
				if pid, err := strconv.Atoi(n); err == nil {
					_ = syscall.Kill(pid, syscall.SIGKILL)
				}
				break
			}
		}
	}
}

// writeEnd reports whether descriptor fd of process pid is open for
// writing (its fdinfo flags' access mode is O_WRONLY or O_RDWR).
func writeEnd(pid, fd string) bool {
	info, err := os.ReadFile("/proc/" + pid + "/fdinfo/" + fd)
	if err != nil {
		return false
	}
	for _, line := range bytes.Split(info, []byte("\n")) {
		if v, ok := bytes.CutPrefix(line, []byte("flags:")); ok {
			flags, err := strconv.ParseUint(string(bytes.TrimSpace(v)), 8, 64)
			return err == nil && flags&syscall.O_ACCMODE != syscall.O_RDONLY
		}
	}
	return false
}
