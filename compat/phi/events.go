package phi

import (
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// The Phi event table (phi §2, §5, §7): one row per event of hook.json.
// Every other file of the package reads its per-event rules from here
// (TestEventTableIsTheOnlyEventSwitch).

// event is one Phi event's rules.
type event struct {
	// name is the event in hook.json's event field and the request's
	// hook_event; native the native event its hooks load on; also the
	// other native events that run its hooks (post_tool_failure: Phi runs
	// its post hooks after failed tools too).
	name   string
	native settings.Event
	also   []settings.Event
	// gate: the hooks decide whether the call runs — a stop (exit 2, a
	// deny, a fail-closed failure) denies it, the reply is a pre reply
	// (action, reason, context, modified args) and a denied call's
	// result is the reason; otherwise a stop is a block (which Phi's
	// executor ignores), the reply a post reply (context, output, stop),
	// and the request carries the tool's output and error.
	gate bool
	// schedule is how the event's hooks run (phi §7): pre hooks one after
	// another, the first deny stopping the rest, each modify reaching
	// the next; post hooks all at once.
	schedule runner.Schedule
	// async: a hook may be async (hook.json), and an async hook runs
	// detached, its result ignored.
	async bool
}

// eventRows is the table.
func eventRows() []event {
	return []event{
		{name: EventPreTool, native: settings.PreTool, gate: true,
			schedule: runner.Schedule{StopOnBlock: true, ChainArgs: true}},
		{name: EventPostTool, native: settings.PostTool, also: []settings.Event{settings.PostToolFailure},
			schedule: runner.Schedule{Parallel: true}, async: true},
	}
}

// events is the table, built on first use.
var events = lazy.Value[[]event]{New: eventRows}

// eventOf returns the row whose hooks run for native event e, or nil for
// an event Phi has no hooks for.
func eventOf(e settings.Event) *event {
	rows := events.Get()
	for i := range rows {
		r := &rows[i]
		if r.native == e {
			return r
		}
		for _, a := range r.also {
			if a == e {
				return r
			}
		}
	}
	return nil
}

// eventNamed returns the row of a Phi event name, or nil.
func eventNamed(name string) *event {
	rows := events.Get()
	for i := range rows {
		if rows[i].name == name {
			return &rows[i]
		}
	}
	return nil
}

// eventNames are Phi's event names, in table order.
func eventNames() []string {
	rows := events.Get()
	out := make([]string, len(rows))
	for i := range rows {
		out[i] = rows[i].name
	}
	return out
}
