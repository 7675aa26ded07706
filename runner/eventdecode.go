package runner

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/hookcompat/hookcompat/internal/hookjson"
)

// DecodeEvent decodes one native event as json.Unmarshal into an [Event]
// does (strictly: an unknown key, also one that differs from a field's
// name only in case, is an error), in one pass over data besides its
// validation: an event carries whole files and tool outputs (tens of
// MiB), which encoding/json's decoder would scan and copy several times.
// What the pass does not handle exactly as encoding/json (a duplicate
// key, an escaped key, a value of the wrong type, …) is decoded by
// encoding/json instead, so the result and the errors are its.
func DecodeEvent(data []byte) (Event, error) {
	if !hookjson.StdValid(data) {
		var ev Event
		return ev, json.Unmarshal(data, &ev) // its syntax error
	}
	if ev, ok := decodeEventFast(data, false); ok {
		return ev, nil
	}
	var ev Event
	if err := json.Unmarshal(data, &ev); err != nil {
		return Event{}, err
	}
	return ev, nil
}

// eventField is how the one-pass decoder stores a member of an Event.
type eventField struct {
	str   *string          // a string field
	raw   *json.RawMessage // args, result
	flag  *bool            // stop_hook_active
	extra bool
}

// eventFields returns the field of ev named key (exactly as spelt), or
// false.
func eventFields(ev *Event, key string) (eventField, bool) {
	switch key {
	case "event":
		return eventField{str: (*string)(&ev.Name)}, true
	case "session_id":
		return eventField{str: &ev.SessionID}, true
	case "workspace":
		return eventField{str: &ev.Workspace}, true
	case "cwd":
		return eventField{str: &ev.Cwd}, true
	case "prompt_id":
		return eventField{str: &ev.PromptID}, true
	case "transcript_path":
		return eventField{str: &ev.TranscriptPath}, true
	case "permission_mode":
		return eventField{str: &ev.PermissionMode}, true
	case "agent":
		return eventField{str: &ev.Agent}, true
	case "tool":
		return eventField{str: &ev.Tool}, true
	case "tool_call_id":
		return eventField{str: &ev.ToolCallID}, true
	case "args":
		return eventField{raw: &ev.Args}, true
	case "result":
		return eventField{raw: &ev.Result}, true
	case "error":
		return eventField{str: &ev.Error}, true
	case "prompt":
		return eventField{str: &ev.Prompt}, true
	case "reason":
		return eventField{str: &ev.Reason}, true
	case "stop_hook_active":
		return eventField{flag: &ev.StopHookActive}, true
	case "subagent":
		return eventField{str: &ev.Subagent}, true
	case "output":
		return eventField{str: &ev.Output}, true
	case "type":
		return eventField{str: &ev.Type}, true
	case "message":
		return eventField{str: &ev.Message}, true
	case "extra":
		return eventField{extra: true}, true
	}
	return eventField{}, false
}

// decodeEventFast decodes valid JSON data in one pass when it is an
// object whose members the pass reads exactly as encoding/json: plain
// keys (no escape), none twice, each known field with a value of its
// type (a string or null, true, false or null, any value for args and
// result, an object or null for extra). Strict: a key that is not a
// field's exact name makes ok false (encoding/json words the error).
// Lenient: such a key's member goes to Extra, as [DecodeEventLenient]
// puts it, and the known raw values are compacted, as its re-encoding of
// them does. ok false means: decode with encoding/json.
func decodeEventFast(data []byte, lenient bool) (ev Event, ok bool) {
	t := bytes.TrimLeft(data, " \t\r\n")
	if len(t) == 0 || t[0] != '{' {
		return Event{}, false
	}
	ok = true
	var seen [24]string
	keys := seen[:0]
	var unknown Fields
	hookjson.EachMember(t, func(key string, keyRaw, v []byte) bool {
		if len(keyRaw) != len(key)+2 || !utf8.ValidString(key) {
			ok = false // an escaped (or not UTF-8) key: encoding/json decides
			return false
		}
		for _, s := range keys {
			if s == key {
				ok = false // twice: encoding/json's last-wins rules
				return false
			}
		}
		keys = append(keys, key)
		f, known := eventFields(&ev, key)
		if !known {
			if !lenient {
				ok = false
				return false
			}
			unknown = append(unknown, Field{key, v})
			return true
		}
		switch {
		case f.str != nil:
			switch v[0] {
			case 'n':
			case '"':
				s, plain := plainString(v)
				if !plain {
					// Escapes: encoding/json's unquoting (U+FFFD for a
					// lone surrogate or a byte that is not UTF-8).
					if err := json.Unmarshal(v, &s); err != nil {
						ok = false
						return false
					}
				}
				*f.str = s
			default:
				ok = false
				return false
			}
		case f.flag != nil:
			switch v[0] {
			case 't':
				*f.flag = true
			case 'f', 'n':
				*f.flag = false
			default:
				ok = false
				return false
			}
		case f.raw != nil:
			*f.raw = rawOf(v, lenient)
		case f.extra:
			if v[0] == 'n' {
				ok = false // Fields.UnmarshalJSON is given null: its error
				return false
			}
			var x Fields
			if err := x.UnmarshalJSON(rawOf(v, lenient)); err != nil {
				ok = false
				return false
			}
			ev.Extra = x
		}
		return true
	})
	if !ok {
		return Event{}, false
	}
	for _, f := range unknown {
		ev.Extra.Set(f.Key, append(json.RawMessage(nil), f.Value...))
	}
	return ev, true
}

// rawOf is a known field's raw value as the decoders keep it: copied,
// and compacted by the lenient one (which re-encodes the known fields).
func rawOf(raw []byte, lenient bool) json.RawMessage {
	if !lenient {
		return append(json.RawMessage(nil), raw...)
	}
	var b bytes.Buffer
	b.Grow(len(raw))
	_ = json.Compact(&b, raw) // valid JSON: cannot fail
	return b.Bytes()
}

// plainString returns the string a JSON string literal raw (quotes
// included) holds when it has no escape and is valid UTF-8: its bytes
// between the quotes; plain is false otherwise.
func plainString(raw []byte) (s string, plain bool) {
	if len(raw) < 2 {
		return "", false
	}
	body := raw[1 : len(raw)-1]
	if bytes.IndexByte(body, '\\') >= 0 || !utf8.Valid(body) {
		return "", false
	}
	return string(body), true
}

// nativeDecoded returns ev as a native hook's process has it after
// decoding its stdin, the native encoding of ev: DecodeEventLenient of
// ev.MarshalJSON() — raw values (args, result, extra's) compact, each
// byte of a string that is not part of valid UTF-8 U+FFFD, extra without
// a key twice (its last value at its first place) — in one pass over the
// raw values, sharing ev's bytes where they are already so. ev must
// encode (MarshalJSON without error).
func nativeDecoded(ev *Event) Event {
	c := *ev
	for _, s := range []*string{(*string)(&c.Name), &c.SessionID, &c.Workspace, &c.Cwd, &c.PromptID, &c.TranscriptPath,
		&c.PermissionMode, &c.Agent, &c.Tool, &c.ToolCallID, &c.Error, &c.Prompt, &c.Reason, &c.Subagent, &c.Output,
		&c.Type, &c.Message} {
		*s = validUTF8(*s)
	}
	c.Args, c.Result = compactRaw(c.Args), compactRaw(c.Result)
	if ev.Extra != nil {
		var x Fields
		for _, f := range ev.Extra {
			if len(f.Value) > 0 { // an empty value is not encoded
				x.Set(validUTF8(f.Key), compactRaw(f.Value))
			}
		}
		c.Extra = x
	}
	return c
}

// validUTF8 is s as encoding/json writes and reads it back: each byte
// that is not part of valid UTF-8 becomes U+FFFD.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(r) // RuneError for each bad byte
		i += size
	}
	return b.String()
}

// compactRaw is valid JSON raw without white space between tokens: raw
// itself when it has none, nil when it is empty (left out).
func compactRaw(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return nil // not encoded at all
	}
	if isCompact(raw) {
		return raw
	}
	var b bytes.Buffer
	b.Grow(len(raw))
	if json.Compact(&b, raw) != nil {
		return raw
	}
	return b.Bytes()
}

// isCompact reports whether raw (valid JSON) has no white space outside
// its strings.
func isCompact(raw []byte) bool {
	for i := 0; i < len(raw); i++ {
		switch raw[i] {
		case ' ', '\t', '\n', '\r':
			return false
		case '"':
			i = skipJSONString(raw, i) - 1
		}
	}
	return true
}

// skipJSONString returns the index after the string literal at raw[i].
func skipJSONString(raw []byte, i int) int {
	for j := i + 1; ; {
		q := bytes.IndexByte(raw[j:], '"')
		if q < 0 {
			return len(raw)
		}
		j += q
		n := 0
		for k := j - 1; k > i && raw[k] == '\\'; k-- {
			n++
		}
		if n%2 == 0 {
			return j + 1
		}
		j++
	}
}
