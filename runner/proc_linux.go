//go:build linux

package runner

import (
	"bytes"
	"os"
	"strconv"
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
