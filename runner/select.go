package runner

import (
	"sync"

	"github.com/hookcompat/hookcompat/settings"
)

// SelectKeyer is implemented by protocols whose matchers depend on an
// event only through its name and one key the protocol derives from it —
// the value its matchers are compared with, such as the tool name. The
// engine then evaluates each hook's matcher once per event name and key
// and reuses the answer for later events with the same key, until
// [Engine.Replace] (if rules, which read the event's arguments, are still
// checked on every event, for the hooks the matchers selected). A
// selection that came with a warning ([SelectWarner]) is never reused.
type SelectKeyer interface {
	// SelectKey returns the key of ev: two events with the same name and
	// key select the same hooks of this protocol.
	SelectKey(ev *Event) string
}

// maxSelectCache bounds the selection keys remembered per event name
// (match values such as file names are not bounded); the cache starts
// over once it is full.
const maxSelectCache = 256

// selection is the engine's hooks indexed for Fire (built by Replace):
// per event name, its hooks in configured order with their protocols,
// and a cache of which of them the matchers select, per key.
type selection struct {
	byEvent map[settings.Event]*eventHooks
}

// selHook is one hook and the protocol it runs under.
type selHook struct {
	h *settings.Hook
	p Protocol
}

// eventHooks are the hooks of one event name.
type eventHooks struct {
	hooks []selHook
	// keyers are the distinct protocols of hooks, each a SelectKeyer;
	// nil when one of them is not (no answer is reused then).
	keyers []SelectKeyer

	mu    sync.RWMutex // guards cache
	cache map[string][]selHook
}

// newSelection indexes hooks (already validated, each protocol known).
func newSelection(hooks []settings.Hook, protos protocolSet) *selection {
	s := &selection{byEvent: map[settings.Event]*eventHooks{}}
	for i := range hooks {
		h := &hooks[i]
		p, ok := protos[h.EffectiveProtocol()]
		if !ok {
			continue
		}
		eh := s.byEvent[h.Event]
		if eh == nil {
			eh = &eventHooks{}
			s.byEvent[h.Event] = eh
		}
		eh.hooks = append(eh.hooks, selHook{h, p})
	}
	for _, eh := range s.byEvent {
		var seen []string
		cacheable := true
		for _, sh := range eh.hooks {
			name := sh.p.Name()
			dup := false
			for _, n := range seen {
				dup = dup || n == name
			}
			if dup {
				continue
			}
			seen = append(seen, name)
			k, ok := sh.p.(SelectKeyer)
			if !ok {
				cacheable = false
				break
			}
			eh.keyers = append(eh.keyers, k)
		}
		if !cacheable {
			eh.keyers = nil
		}
	}
	return s
}

// candidates returns the hooks of ev's event that their matchers select
// for ev, in configured order, with the warnings of matchers that could
// not be evaluated (those hooks are selected).
func (s *selection) candidates(ev *Event) ([]selHook, map[*settings.Hook]string) {
	eh := s.byEvent[ev.Name]
	if eh == nil {
		return nil, nil
	}
	if eh.keyers == nil {
		return eh.match(ev)
	}
	// The keyers' keys joined by NULs, built on the stack: a string is
	// made only to remember a new key.
	var buf [128]byte
	key := buf[:0]
	for i, k := range eh.keyers {
		if i > 0 {
			key = append(key, 0)
		}
		key = append(key, k.SelectKey(ev)...)
	}
	eh.mu.RLock()
	c, ok := eh.cache[string(key)]
	eh.mu.RUnlock()
	if ok {
		return c, nil
	}
	c, warnings := eh.match(ev)
	if warnings == nil {
		eh.mu.Lock()
		if eh.cache == nil || len(eh.cache) >= maxSelectCache {
			eh.cache = map[string][]selHook{}
		}
		eh.cache[string(key)] = c
		eh.mu.Unlock()
	}
	return c, warnings
}

// match evaluates every hook's matcher for ev.
func (eh *eventHooks) match(ev *Event) ([]selHook, map[*settings.Hook]string) {
	var out []selHook
	var warnings map[*settings.Hook]string
	for _, sh := range eh.hooks {
		selected, warning := selects(sh.p, sh.h, ev)
		if !selected {
			continue
		}
		if warning != "" {
			if warnings == nil {
				warnings = map[*settings.Hook]string{}
			}
			warnings[sh.h] = warning
		}
		out = append(out, sh)
	}
	return out, warnings
}
