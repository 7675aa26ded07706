package runner

import (
	"context"

	"github.com/hookcompat/hookcompat/settings"
)

// Awaiter is implemented by protocols whose agent treats events
// differently from the native spec as to whether it waits for their
// hooks: Awaits reports whether the protocol's agent waits for its hooks
// of event e and applies their replies before it goes on. Such hooks must
// be fired ([Engine.Fire]); the others may be queued ([Engine.Enqueue]).
// [Engine.Dispatch] and [Session] go by it.
//
// A protocol without Awaits follows the native spec: the synchronous
// events of HK-51 (and pre_tool, prompt_submit and every extension event)
// are awaited; post_tool and the background events of HK-30 and HK-52
// (post_tool_failure, subagent_start, subagent_stop, pre_compact,
// post_compact, notification, session_end) are not.
type Awaiter interface {
	Awaits(e settings.Event) bool
}

// awaits reports whether p's hooks of e are awaited.
func awaits(p Protocol, e settings.Event) bool {
	if a, ok := p.(Awaiter); ok {
		return a.Awaits(e)
	}
	return !e.Background()
}

// Dispatch fires ev the way the agents of its hooks would: the hooks
// whose protocol awaits ev ([Awaiter]) run now, as [Engine.Fire] runs
// them, and ev is put on the background queue ([Engine.Enqueue]) for the
// others. Claude Code, for one, awaits its PostToolUse hooks (their
// feedback and updatedToolOutput apply to the tool result) where the
// native spec queues post_tool: with both kinds of hooks on post_tool,
// the Claude hooks answer now and the native ones run in the background.
//
// The outcome is that of the hooks run now (with no hook run when none
// is awaited; never nil unless the error says the event cannot be fired
// at all), with Queued set when the event was queued. The error is
// Fire's (an error wrapping ctx.Err() when hooks did not all answer,
// [ErrClosed], a [*settings.UnknownEventError]), or else the queue's:
// [ErrDropped] when the background part was dropped — the outcome of the
// hooks run now still holds then.
func (e *Engine) Dispatch(ctx context.Context, ev Event) (*Outcome, error) {
	if !ev.Name.Known() {
		return nil, &settings.UnknownEventError{Event: ev.Name}
	}
	if e.closed() {
		return nil, ErrClosed
	}
	now, later := e.awaitedParts(ev.Name)
	nowPart, laterPart := partAll, partAll
	if now && later {
		nowPart, laterPart = partAwaited, partQueued
	}
	out := &Outcome{Event: ev.Clone()}
	var err error
	if now {
		out, err = e.fire(ctx, ev, nowPart)
		if out == nil {
			return nil, err
		}
	}
	if later {
		qerr := e.enqueue(ev, laterPart)
		if qerr == nil {
			out.Queued = true
		} else if err == nil {
			err = qerr
		}
	}
	return out, err
}

// awaitedParts reports whether the engine has hooks for event e whose
// protocol awaits it, and hooks whose protocol does not.
func (e *Engine) awaitedParts(ev settings.Event) (now, later bool) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	for i := range e.hooks {
		h := &e.hooks[i]
		if h.Event != ev {
			continue
		}
		p, ok := e.protos[h.EffectiveProtocol()]
		if !ok {
			continue
		}
		if awaits(p, ev) {
			now = true
		} else {
			later = true
		}
	}
	return now, later
}

// closed reports whether Close was called.
func (e *Engine) closed() bool {
	e.queue.mu.Lock()
	defer e.queue.mu.Unlock()
	return e.queue.closed
}
