package phi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/internal/hookkit"
)

// Phi's timeout bounds (phi §2).
const (
	// DefaultTimeout applies when hook.json has no timeout, or null, "",
	// 0 or "0s".
	DefaultTimeout = 5 * time.Second
	// MaxTimeout is the largest accepted timeout; a larger one makes the
	// manifest invalid (it is not clamped).
	MaxTimeout = 60 * time.Second
)

// Phi's hook events (the value of hook.json's event field).
const (
	EventPreTool  = "pre_tool"
	EventPostTool = "post_tool"
)

// hookManifest is one validated hook.json: values trimmed, defaults applied.
// Run is as written (trimmed); resolving it against the hook directory is
// discovery's job.
type hookManifest struct {
	Name       string // "" when hook.json has none (discovery uses the directory name)
	Event      string // EventPreTool or EventPostTool
	Match      string // "*" when empty or missing
	Run        string
	Timeout    time.Duration
	FailClosed bool
	Async      bool
	Disabled   bool
}

// manifestFile is hook.json as Phi decodes it. Its type name appears in
// encoding/json's type errors ("Go struct field manifestFile.fail_closed"),
// which are Phi's messages too.
type manifestFile struct {
	Name       string          `json:"name"`
	Event      string          `json:"event"`
	Match      string          `json:"match"`
	Run        string          `json:"run"`
	Timeout    json.RawMessage `json:"timeout"`
	FailClosed bool            `json:"fail_closed"`
	Async      bool            `json:"async"`
	Disabled   bool            `json:"disabled"`
}

// manifestError is why a hook.json was rejected, with the position of
// the offending value where one is known (line and col 0 otherwise).
// Msg is Phi's own wording of the problem (phi §10): `missing required
// field "event"`, `invalid timeout …`, `parse: <decoder message>`, ….
//
// Hint is hookcompat's own addition for a warning, never part of Msg:
// the event meant by an invalid one (`; did you mean "pre_tool"?`).
type manifestError struct {
	Line, Col int
	Msg       string
	Hint      string
}

// Error implements error.
func (e *manifestError) Error() string { return e.Msg }

// parseManifest reads one hook.json exactly as Phi does (phi §2), in
// Phi's order of checks: JSON decoding (keys match case-insensitively,
// unknown keys are ignored, a wrong type for a known key is an error),
// then event, run, timeout, and async against the event. name, event,
// match and run are trimmed; match defaults to "*". disabled is reported,
// not acted on: a disabled manifest must still be valid. The error is a
// *ManifestError.
func parseManifest(data []byte) (*hookManifest, error) {
	var f manifestFile
	if err := json.Unmarshal(data, &f); err != nil {
		e := &manifestError{Msg: "parse: " + err.Error()}
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			e.Line, e.Col = jsonpos.Position(data, int(se.Offset))
		case errors.As(err, &te):
			if root, perr := jsonpos.Parse(data); perr == nil {
				n := lookupFold(root, te.Field)
				if n == nil {
					n = root
				}
				e.Line, e.Col = jsonpos.Position(data, n.Offset)
			}
		}
		return nil, e
	}
	root, _ := jsonpos.Parse(data) // valid JSON: only used for positions
	at := func(key string, msg string) error {
		e := &manifestError{Msg: msg}
		if n := lookupFold(root, key); n != nil {
			e.Line, e.Col = jsonpos.Position(data, n.Offset)
		} else if root != nil {
			e.Line, e.Col = jsonpos.Position(data, root.Offset)
		}
		return e
	}
	m := &hookManifest{
		Name:       strings.TrimSpace(f.Name),
		Event:      strings.TrimSpace(f.Event),
		Match:      strings.TrimSpace(f.Match),
		Run:        strings.TrimSpace(f.Run),
		FailClosed: f.FailClosed,
		Async:      f.Async,
		Disabled:   f.Disabled,
	}
	if m.Match == "" {
		m.Match = "*"
	}
	switch {
	case m.Event == "":
		return nil, at("event", `missing required field "event"`)
	case eventNamed(m.Event) == nil:
		e := at("event", fmt.Sprintf("invalid event %q (want %q or %q)", m.Event, EventPreTool, EventPostTool))
		e.(*manifestError).Hint = hookkit.DidYouMean(m.Event, eventNames())
		return nil, e
	}
	if m.Run == "" {
		return nil, at("run", `missing required field "run"`)
	}
	d, err := parseTimeout(f.Timeout)
	if err != nil {
		return nil, at("timeout", err.Error())
	}
	m.Timeout = d
	if m.Async && !eventNamed(m.Event).async {
		return nil, at("async", fmt.Sprintf("async is only valid for event %q", EventPostTool))
	}
	return m, nil
}

// parseTimeout reads hook.json's timeout as Phi does (phi §2): absent,
// null, "" and zero give [DefaultTimeout]; a JSON string is a Go duration
// ("5s", "250ms"); a JSON number is seconds, fractions allowed; negative
// values, unparsable strings, other JSON types and values above
// [MaxTimeout] are errors (not clamped).
func parseTimeout(raw json.RawMessage) (time.Duration, error) {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" {
		return DefaultTimeout, nil
	}
	var d time.Duration
	switch t[0] {
	case '"':
		var s string
		if err := json.Unmarshal(t, &s); err != nil {
			return 0, fmt.Errorf("invalid timeout %s: %v", t, err)
		}
		if s == "" {
			return DefaultTimeout, nil
		}
		var err error
		if d, err = time.ParseDuration(s); err != nil {
			return 0, fmt.Errorf("invalid timeout %q: %v", s, err)
		}
		if d < 0 {
			return 0, fmt.Errorf("invalid timeout %s: must be > 0", s)
		}
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		var secs float64
		if err := json.Unmarshal(t, &secs); err != nil {
			return 0, fmt.Errorf("invalid timeout %s: %v", t, err)
		}
		if secs < 0 {
			return 0, fmt.Errorf("invalid timeout %v: must be >= 0", secs)
		}
		if secs > MaxTimeout.Seconds() {
			return 0, fmt.Errorf("invalid timeout %v: must be at most %v", secs, MaxTimeout)
		}
		d = time.Duration(secs * float64(time.Second))
	default:
		return 0, fmt.Errorf("invalid timeout %s (want duration string or seconds number)", t)
	}
	if d == 0 {
		return DefaultTimeout, nil
	}
	if d > MaxTimeout {
		return 0, fmt.Errorf("invalid timeout %s: must be at most %v", d, MaxTimeout)
	}
	return d, nil
}

// lookupFold finds the member of an object the way encoding/json assigns
// it: the last member whose key equals key, ignoring case.
func lookupFold(root *jsonpos.Node, key string) *jsonpos.Node {
	if root == nil || root.Kind != jsonpos.Object {
		return nil
	}
	var found *jsonpos.Node
	for _, m := range root.Members {
		if strings.EqualFold(m.Key, key) {
			found = m.Value
		}
	}
	return found
}
