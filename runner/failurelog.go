package runner

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"time"
)

// FailureLogEnv is the variable that turns the default failure log off
// ("off") or names its file ([DefaultFailureLog]).
const FailureLogEnv = "HOOKCOMPAT_FAILURE_LOG"

// DefaultFailureLogBytes bounds a [FailureLog] whose MaxBytes is zero:
// 256 KiB.
const DefaultFailureLogBytes = 256 << 10

// FailureLog keeps hook failures across processes (HK-66: "its last five
// failures"), for a host that runs each event in a process of its own
// (`hookcompat run` appends, `hookcompat list` reads). It is a file of
// JSON records, one per line: {"key": [HookKey], "time", "event",
// "outcome", "exit_code", "error"}. Past MaxBytes it is rewritten, under
// a lock file (path + ".lock"), with each hook's last [MaxFailures]
// records in at most half of MaxBytes, and the new file replaces the old
// one atomically. Writing is best effort: a log that cannot be written is
// no error of the run it records. A FailureLog is safe for concurrent use
// by several processes.
type FailureLog struct {
	// Path is the log file; its directory is created on first write.
	Path string
	// MaxBytes bounds the file; zero means DefaultFailureLogBytes.
	MaxBytes int64
}

// DefaultFailureLog is the failure log the environment names (getenv;
// nil means os.Getenv): none when HOOKCOMPAT_FAILURE_LOG is "off", the
// file it names when set, else $XDG_STATE_HOME/hookcompat/failures.jsonl,
// else ~/.local/state/hookcompat/failures.jsonl; nil when there is no
// state directory.
func DefaultFailureLog(getenv func(string) string) *FailureLog {
	if getenv == nil {
		getenv = os.Getenv
	}
	switch v := getenv(FailureLogEnv); {
	case v == "off":
		return nil
	case v != "":
		return &FailureLog{Path: v}
	}
	if d := getenv("XDG_STATE_HOME"); d != "" {
		return &FailureLog{Path: filepath.Join(d, "hookcompat", "failures.jsonl")}
	}
	home := getenv("HOME")
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	if home == "" {
		return nil
	}
	return &FailureLog{Path: filepath.Join(home, ".local", "state", "hookcompat", "failures.jsonl")}
}

// failureRecord is one line of a FailureLog.
type failureRecord struct {
	Key string `json:"key"`
	Failure
}

// failureOf is the failure recorded for reply r (its exit code exit) of a
// hook on event, or nil when the run did not fail (HK-21, HK-66: an
// error, a timeout, a hook that could not run, a block fail_closed made
// of a failure; a cancelled run is the caller's doing, not the hook's).
func failureOf(r *HookReply, exit *int, event string) *Failure {
	if !r.Failed() || r.Outcome == OutcomeCancelled {
		return nil
	}
	return &Failure{Time: time.Now(), Event: event, Outcome: r.Outcome, ExitCode: exit, Error: r.Err}
}

// Failure returns the failure t records on event (the rule of
// [Engine.Failures]), or nil when the hook did not fail.
func (t *Trace) Failure(event string) *Failure {
	if t.Hook == nil {
		return nil
	}
	return failureOf(&t.Reply, t.ExitCode, event)
}

// Record appends the failures of out's hooks. A nil log records nothing.
func (l *FailureLog) Record(out *Outcome) {
	if l == nil || l.Path == "" {
		return
	}
	var lines []byte
	for i := range out.Hooks {
		tr := &out.Hooks[i]
		f := tr.Failure(string(out.Event.Name))
		if f == nil {
			continue
		}
		b, err := json.Marshal(failureRecord{Key: HookKey(tr.Hook), Failure: *f})
		if err == nil {
			lines = append(append(lines, b...), '\n')
		}
	}
	if len(lines) == 0 {
		return
	}
	if err := os.MkdirAll(filepath.Dir(l.Path), 0o700); err != nil {
		return
	}
	fh, err := os.OpenFile(l.Path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return
	}
	_, _ = fh.Write(lines)
	fh.Close()
	l.compact()
}

// Read returns the last (up to [MaxFailures]) failures per hook key
// ([HookKey]), oldest first; an empty map when the log is absent, off or
// unreadable. A torn last line ends the read.
func (l *FailureLog) Read() map[string][]Failure {
	out := map[string][]Failure{}
	if l == nil || l.Path == "" {
		return out
	}
	fh, err := os.Open(l.Path)
	if err != nil {
		return out
	}
	defer fh.Close()
	dec := json.NewDecoder(fh)
	for {
		var r failureRecord
		if err := dec.Decode(&r); err != nil {
			break // end of file, or a torn last line
		}
		list := append(out[r.Key], r.Failure)
		if len(list) > MaxFailures {
			list = list[len(list)-MaxFailures:]
		}
		out[r.Key] = list
	}
	return out
}

func (l *FailureLog) limit() int64 {
	if l.MaxBytes > 0 {
		return l.MaxBytes
	}
	return DefaultFailureLogBytes
}

// compact rewrites the log when it is over its bound.
func (l *FailureLog) compact() {
	limit := l.limit()
	st, err := os.Stat(l.Path)
	if err != nil || st.Size() <= limit {
		return
	}
	unlock, err := lockFile(l.Path + ".lock")
	if err != nil {
		return
	}
	defer unlock()
	data, err := os.ReadFile(l.Path)
	if err != nil || int64(len(data)) <= limit {
		return // another process compacted it meanwhile
	}
	lines := bytes.Split(bytes.TrimRight(data, "\n"), []byte("\n"))
	perKey := map[string]int{}
	var keep [][]byte
	size := int64(0)
	for i := len(lines) - 1; i >= 0; i-- {
		var r failureRecord
		if json.Unmarshal(lines[i], &r) != nil {
			continue // a torn line
		}
		if perKey[r.Key] >= MaxFailures {
			continue
		}
		if size+int64(len(lines[i]))+1 > limit/2 {
			break
		}
		perKey[r.Key]++
		size += int64(len(lines[i])) + 1
		keep = append(keep, lines[i])
	}
	var buf bytes.Buffer
	for i := len(keep) - 1; i >= 0; i-- {
		buf.Write(keep[i])
		buf.WriteByte('\n')
	}
	tmp, err := os.CreateTemp(filepath.Dir(l.Path), ".failures-*.jsonl")
	if err != nil {
		return
	}
	_, werr := tmp.Write(buf.Bytes())
	cerr := tmp.Close()
	if werr != nil || cerr != nil || os.Rename(tmp.Name(), l.Path) != nil {
		_ = os.Remove(tmp.Name())
	}
}
