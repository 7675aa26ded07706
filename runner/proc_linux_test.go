//go:build linux

package runner

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKillPipeHoldersKillsOnlyWriters is the class "a timeout kills only
// what belongs to the timed-out hook": a process holding the write end of
// the hook's output pipe is an escaped writer and is killed; one holding
// only the read end — as a child being forked for another hook does until
// its exec closes our descriptors — is left running. (Before the fix both
// were killed, so hooks of other events died by SIGKILL at random while a
// hook timed out.)
func TestKillPipeHoldersKillsOnlyWriters(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	start := func(f *os.File) *exec.Cmd {
		cmd := exec.Command("sleep", "30")
		cmd.ExtraFiles = []*os.File{f}
		require.NoError(t, cmd.Start())
		t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
		return cmd
	}
	writer := start(w)
	reader := start(r)
	w.Close()

	killPipeHolders(r)

	done := make(chan error, 1)
	go func() { done <- writer.Wait() }()
	select {
	case err := <-done:
		assert.Error(t, err, "the writer was killed")
	case <-time.After(5 * time.Second):
		t.Fatal("the process holding the write end was not killed")
	}
	time.Sleep(50 * time.Millisecond)
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(reader.Process.Pid) + "/stat")
	require.NoError(t, err)
	state := stat[bytes.LastIndexByte(stat, ')')+2]
	assert.NotEqual(t, byte('Z'), state, "the process holding only the read end is still running (not a zombie)")
}

// TestParseStat reads pid, state, ppid, pgrp and start time from a stat
// line whose command holds spaces and parentheses, and from this
// process's own.
func TestParseStat(t *testing.T) {
	line := []byte("4242 (a (b) c) S 17 4242 4242 0 -1 4194560 1 0 0 0 3 4 0 0 20 0 1 0 987654 1000 10\n")
	e, err := parseStat(4242, line)
	require.NoError(t, err)
	assert.Equal(t, procEntry{pid: 4242, ppid: 17, pgrp: 4242, state: 'S', start: 987654}, e)
	_, err = parseStat(1, []byte("1 (x) S 0 1"))
	assert.Error(t, err, "too few fields")
	_, err = parseStat(1, []byte("1 (x) S 0 1 1 0 -1 4194560 1 0 0 0 3 4 0 0 20 0 1 0 9x7"))
	assert.Error(t, err, "not a number")
	self, ok := readProc(os.Getpid())
	require.True(t, ok)
	assert.Equal(t, os.Getppid(), self.ppid)
	assert.Equal(t, syscall.Getpgrp(), self.pgrp)
	assert.NotZero(t, self.start)
}
