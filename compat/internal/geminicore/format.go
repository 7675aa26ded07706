package geminicore

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// This file is the format.Format glue both agents share: each format's
// type embeds its *Agent, and these methods serve as its own.

// Name returns the agent's format name.
func (a *Agent) Name() string { return a.Proto }

// ShimEvent names native event e as the agent does (its row's name; a
// row's Failure event has the row's name too).
func (a *Agent) ShimEvent(e settings.Event) (string, bool) {
	r, ok := a.ForNative(e)
	if !ok {
		return "", false
	}
	return r.Name, true
}

// ShimHook builds the agent's hook a shim command line runs: --event is
// one of the agent's event names (running as its native event, or as its
// row's Failure event when the option event names that), the timeout
// defaults to the agent's ([Agent.ShimTimeout]), --matcher is a matcher
// of the agent's syntax. Errors: an unknown event (format.ErrShimUsage).
func (a *Agent) ShimHook(s *format.ShimSpec) (*settings.Hook, error) {
	r, ok := a.Event(s.Event)
	if !ok {
		return nil, fmt.Errorf("%w: --event %q is not a %s event (%s)%s", format.ErrShimUsage, s.Event, a.Title, strings.Join(a.EventNames(), ", "), hookkit.DidYouMean(s.Event, a.EventNames()))
	}
	h := &settings.Hook{
		Event: r.Native, Protocol: a.Proto, Timeout: a.ShimTimeout(s),
		Source: settings.Source{File: "flags", Format: a.Proto, Event: s.Event},
	}
	s.ApplyTo(h)
	if e := settings.Event(h.Options["event"]); e != "" && e == r.Failure {
		h.Event = e
	}
	if s.Matcher != "" {
		h.Match, h.MatchSyntax = s.Matcher, a.MatchSyntax
	}
	return h, nil
}

// Vars are the variables the agent sets to the project folder for hook
// commands to find their scripts ([Agent.ProjectVars]).
func (a *Agent) Vars(_ *settings.Hook, project string) map[string]string {
	out := make(map[string]string, len(a.ProjectVars))
	for _, v := range a.ProjectVars {
		out[v] = project
	}
	return out
}

// ReadEvent reads one of the agent's hook payloads ([Agent.FromPayload]).
// It scores 3 — above Claude Code's 1 — when the payload is surely the
// agent's: an event name no Claude Code event has, or one the agent's
// Sure rule accepts by the payload's keys; otherwise it is not read (0).
func (a *Agent) ReadEvent(data []byte, workspace string, vocab *translate.Vocabulary) (runner.Event, int, error) {
	var f runner.Fields
	if err := f.UnmarshalJSON(bytes.TrimPrefix(data, []byte("\ufeff"))); err != nil {
		return runner.Event{}, 0, nil
	}
	v, ok := f.Get("hook_event_name")
	if !ok {
		return runner.Event{}, 0, nil
	}
	var name string
	if json.Unmarshal(v, &name) != nil {
		return runner.Event{}, 0, nil
	}
	if _, known := a.Event(name); !known {
		return runner.Event{}, 0, nil
	}
	if _, claude := translate.NativeEvent(name); claude {
		keys := map[string]bool{}
		for _, kv := range f {
			keys[kv.Key] = true
		}
		if !a.Sure(name, keys) {
			return runner.Event{}, 0, nil
		}
	}
	ev, err := a.FromPayload(data, workspace, vocab)
	return ev, 3, err
}

// ReadHostEvent reads the payload the agent sent a shim hook of another
// format (format.HostEventReader): the event of [Agent.FromPayload],
// without the Extra keys only the agent sends ([Agent.HostOnly]) when
// protocol is not the agent's own.
func (a *Agent) ReadHostEvent(data []byte, workspace, protocol string) (runner.Event, error) {
	ev, err := a.FromPayload(data, workspace, nil)
	if err != nil || protocol == a.Proto {
		return ev, err
	}
	var keep runner.Fields
	for _, kv := range ev.Extra {
		if !a.HostOnly(kv.Key) {
			keep = append(keep, kv)
		}
	}
	ev.Extra = keep
	return ev, nil
}

// Sniff is what [Agent.Detect] rules read of a file: whether it is a JSON
// object (comments allowed, a byte order mark skipped), whether it lies
// in a folder named like the agent's, and, lazily, the parsed document.
type Sniff struct {
	Object, InDir bool
	path          string
	data          []byte
}

// Sniff looks at a file for format detection.
func (a *Agent) Sniff(path string, data []byte) Sniff {
	clean, _ := StripComments(bytes.TrimPrefix(data, bom))
	t := bytes.TrimSpace(clean)
	s := Sniff{path: path, data: data, Object: len(t) > 0 && t[0] == '{'}
	for _, el := range strings.Split(filepath.ToSlash(filepath.Dir(path)), "/") {
		if el == a.Dir {
			s.InDir = true
		}
	}
	return s
}

// Doc parses the sniffed file (comments and a byte order mark allowed),
// or nil when it does not parse.
func (s Sniff) Doc() *Doc {
	d, err := Parse(s.path, s.data, ParseOptions{Comments: true, StripBOM: true})
	if err != nil {
		return nil
	}
	return d
}

// OwnEvents reports whether doc's hooks name an event of the agent that
// no Claude Code event has.
func (a *Agent) OwnEvents(doc *Doc) bool {
	for _, m := range Members(doc.Root.Get("hooks")) {
		if _, claude := translate.NativeEvent(m.Key); !claude {
			if _, ok := a.Event(m.Key); ok {
				return true
			}
		}
	}
	return false
}

// WithTwins returns h, and for a hook of a row with a Failure event also
// its copy on that event: the agent's one event fires after failed calls
// too.
func (a *Agent) WithTwins(h settings.Hook) []settings.Hook {
	out := []settings.Hook{h}
	if r, ok := a.ForNative(h.Event); ok && r.Failure != "" && r.Native == h.Event {
		t := h
		t.Event = r.Failure
		out = append(out, t)
	}
	return out
}

// NameForClaude is the agent's event that does what a Claude Code event
// does, for warnings.
func (a *Agent) NameForClaude(claude string) (string, bool) {
	native, ok := translate.NativeEvent(claude)
	if !ok {
		return "", false
	}
	r, ok := a.ForNative(native)
	if !ok || r.Native != native {
		return "", false
	}
	return r.Name, true
}
