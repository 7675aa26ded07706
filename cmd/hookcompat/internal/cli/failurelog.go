package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"

	"github.com/hookcompat/hookcompat/runner"
)

// The failure log run keeps for list (HK-66):
// $XDG_STATE_HOME/hookcompat/failures.jsonl (else
// ~/.local/state/hookcompat/failures.jsonl), one JSON record per failed
// hook run.
const (
	// failureLogEnv turns the log off ("off") or names another file.
	failureLogEnv = "HOOKCOMPAT_FAILURE_LOG"
	// maxFailureLogBytes bounds the log: past it, the log is rewritten
	// with the last runner.MaxFailures records per hook, newest first
	// kept, in at most half of it.
	maxFailureLogBytes = 256 << 10
)

// failureLogOff reports whether the log is turned off.
func failureLogOff() bool { return os.Getenv(failureLogEnv) == "off" }

// compactFailureLog rewrites the log at path when it is over its bound.
// A lock file serialises concurrent runs; the new log replaces the old
// atomically (rename).
func compactFailureLog(path string) {
	st, err := os.Stat(path)
	if err != nil || st.Size() <= maxFailureLogBytes {
		return
	}
	unlock, err := lockFile(path + ".lock")
	if err != nil {
		return
	}
	defer unlock()
	data, err := os.ReadFile(path)
	if err != nil || len(data) <= maxFailureLogBytes {
		return // another run compacted it meanwhile
	}
	lines := bytes.Split(bytes.TrimRight(data, "\n"), []byte("\n"))
	perKey := map[string]int{}
	var keep [][]byte
	size := 0
	for i := len(lines) - 1; i >= 0; i-- {
		var r failureRecord
		if json.Unmarshal(lines[i], &r) != nil {
			continue // a torn line
		}
		if perKey[r.Key] >= runner.MaxFailures {
			continue
		}
		if size+len(lines[i])+1 > maxFailureLogBytes/2 {
			break
		}
		perKey[r.Key]++
		size += len(lines[i]) + 1
		keep = append(keep, lines[i])
	}
	var out bytes.Buffer
	for i := len(keep) - 1; i >= 0; i-- {
		out.Write(keep[i])
		out.WriteByte('\n')
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".failures-*.jsonl")
	if err != nil {
		return
	}
	_, werr := tmp.Write(out.Bytes())
	cerr := tmp.Close()
	if werr != nil || cerr != nil || os.Rename(tmp.Name(), path) != nil {
		_ = os.Remove(tmp.Name())
	}
}
