package runner

import (
	"sync"
	"time"

	"github.com/hookcompat/hookcompat/settings"
)

// MaxFailures is how many failures per hook an engine remembers (HK-66:
// "its last five failures").
const MaxFailures = 5

// Failure is one failed run of a hook: it errored, timed out, could not
// run, or blocked because it failed and is fail_closed (HK-21, HK-66).
type Failure struct {
	Time     time.Time   `json:"time"`
	Event    string      `json:"event"`
	Outcome  OutcomeKind `json:"outcome"`
	ExitCode *int        `json:"exit_code,omitempty"`
	Error    string      `json:"error"`
}

// failures remembers the last MaxFailures failures per hook, keyed by the
// hook's source position and label, since the engine started.
type failures struct {
	mu sync.Mutex // guards m
	m  map[string][]Failure
}

// HookKey identifies a hook across reloads: its source position and what
// it runs.
func HookKey(h *settings.Hook) string {
	return h.Source.String() + "\x00" + string(h.Event) + "\x00" + h.Label()
}

func (f *failures) record(h *settings.Hook, ev *Event, r HookReply, res *RunResult) {
	exit, _ := exitOf(&r, res)
	x := failureOf(&r, exit, string(ev.Name))
	if x == nil {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.m == nil {
		f.m = map[string][]Failure{}
	}
	k := HookKey(h)
	list := append(f.m[k], *x)
	if len(list) > MaxFailures {
		list = list[len(list)-MaxFailures:]
	}
	f.m[k] = list
}

// Failures returns the last (up to five) failures of h since the engine
// started, oldest first (HK-66).
func (e *Engine) Failures(h *settings.Hook) []Failure {
	e.fails.mu.Lock()
	defer e.fails.mu.Unlock()
	return append([]Failure(nil), e.fails.m[HookKey(h)]...)
}
