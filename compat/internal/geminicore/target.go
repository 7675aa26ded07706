package geminicore

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/tidwall/sjson"

	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
)

// Handler is one hook a convert target writes into a settings file.
type Handler struct {
	// Event is the agent's event name; Matcher the group's matcher ("" for
	// none).
	Event, Matcher string
	// Name, Command and Timeout (in the agent's unit) are the handler's
	// fields; a zero Timeout is left out.
	Name, Command string
	Timeout       int64
	// Env are the handler's own variables; Sequential makes its group
	// sequential.
	Env        map[string]string
	Sequential bool
	// StatusMessage is the handler's status text (Qwen Code's
	// statusMessage); empty is left out.
	StatusMessage string
}

// HooksValue renders handlers as a settings file's "hooks" object: one
// group per handler, events in the order of events (the agent's table
// order) — after the groups of keep, an existing hooks object's members
// the target leaves alone (raw JSON per event, in their order). indent is
// the indentation of the line holding the "hooks" key, unit one level.
func HooksValue(handlers []Handler, events []string, keep []KeptEvent, indent, unit string) []byte {
	byEvent := map[string][]Handler{}
	for _, h := range handlers {
		byEvent[h.Event] = append(byEvent[h.Event], h)
	}
	var order []string
	seen := map[string]bool{}
	for _, k := range keep {
		if !seen[k.Key] {
			order = append(order, k.Key)
			seen[k.Key] = true
		}
	}
	for _, e := range events {
		if len(byEvent[e]) > 0 && !seen[e] {
			order = append(order, e)
			seen[e] = true
		}
	}
	in1, in2, in3, in4, in5 := indent+unit, indent+unit+unit, indent+strings.Repeat(unit, 3), indent+strings.Repeat(unit, 4), indent+strings.Repeat(unit, 5)
	var b bytes.Buffer
	b.WriteString("{")
	for i, e := range order {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n" + in1 + jsonwire.Quote(e) + ": ")
		var kept *KeptEvent
		for j := range keep {
			if keep[j].Key == e {
				kept = &keep[j]
			}
		}
		if kept != nil && !kept.IsEvent {
			b.Write(kept.Raw)
			continue
		}
		b.WriteString("[")
		n := 0
		if kept != nil {
			for _, g := range kept.Groups {
				if n > 0 {
					b.WriteString(",")
				}
				b.WriteString("\n" + in2)
				b.Write(g)
				n++
			}
		}
		for _, h := range byEvent[e] {
			if n > 0 {
				b.WriteString(",")
			}
			n++
			b.WriteString("\n" + in2 + "{")
			if h.Matcher != "" {
				b.WriteString("\n" + in3 + `"matcher": ` + jsonwire.Quote(h.Matcher) + ",")
			}
			if h.Sequential {
				b.WriteString("\n" + in3 + `"sequential": true,`)
			}
			b.WriteString("\n" + in3 + `"hooks": [`)
			b.WriteString("\n" + in4 + "{")
			b.WriteString("\n" + in5 + `"type": "command",`)
			if h.Name != "" {
				b.WriteString("\n" + in5 + `"name": ` + jsonwire.Quote(h.Name) + ",")
			}
			b.WriteString("\n" + in5 + `"command": ` + jsonwire.Quote(h.Command))
			if h.Timeout > 0 {
				b.WriteString(",\n" + in5 + fmt.Sprintf(`"timeout": %d`, h.Timeout))
			}
			if h.StatusMessage != "" {
				b.WriteString(",\n" + in5 + `"statusMessage": ` + jsonwire.Quote(h.StatusMessage))
			}
			if len(h.Env) > 0 {
				keys := make([]string, 0, len(h.Env))
				for k := range h.Env {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				b.WriteString(",\n" + in5 + `"env": {`)
				for i, k := range keys {
					if i > 0 {
						b.WriteString(",")
					}
					b.WriteString("\n" + indent + strings.Repeat(unit, 6) + jsonwire.Quote(k) + ": " + jsonwire.Quote(h.Env[k]))
				}
				b.WriteString("\n" + in5 + "}")
			}
			b.WriteString("\n" + in4 + "}")
			b.WriteString("\n" + in3 + "]")
			b.WriteString("\n" + in2 + "}")
		}
		if n > 0 {
			b.WriteString("\n" + in1)
		}
		b.WriteString("]")
	}
	if len(order) > 0 {
		b.WriteString("\n" + indent)
	}
	b.WriteString("}")
	return b.Bytes()
}

// KeptEvent is one member of an existing hooks object that a target
// keeps: for an event, the raw groups that are not the target's own (in
// the file's bytes, comments inside them included); for any other key,
// its raw value.
type KeptEvent struct {
	Key     string
	IsEvent bool
	Groups  [][]byte
	Raw     []byte
}

// InPlace is the result of [WriteInPlace].
type InPlace struct {
	Data []byte
	// Kept counts the existing groups left in the hooks object.
	Kept int
	// Root is the existing file's parsed top level (comments blanked).
	Root *jsonpos.Node
}

// WriteInPlace replaces the "hooks" member of an existing settings file
// (JSON with // and /* */ comments) and keeps every other byte: the
// member's value is set with sjson on a copy whose comments are blanked
// (same offsets), and only the changed range is spliced into the file;
// a file without hooks gets the member after its last one. The new value
// is made by build from the existing hooks object's kept members (groups
// ours reports as the target's own are dropped) and the indentation of
// the file. An empty file is written whole. Errors: the file does not
// parse (its position), or its top level is not an object.
func WriteInPlace(path string, existing []byte, isEvent func(string) bool, ours func(group *jsonpos.Node) bool,
	build func(keep []KeptEvent, indent, unit string) []byte) (*InPlace, error) {
	if len(bytes.TrimSpace(existing)) == 0 {
		v := build(nil, "", "  ")
		return &InPlace{Data: append(append([]byte("{\n  \"hooks\": "), v...), []byte("\n}\n")...)}, nil
	}
	doc, err := Parse(path, existing, ParseOptions{Comments: true, StripBOM: true})
	if err != nil {
		return nil, err
	}
	clean := doc.Clean
	shift := doc.shift
	unit := detectUnit(existing)
	res := &InPlace{Root: doc.Root}
	hooks := doc.Root.Get("hooks")
	if hooks == nil {
		indent := unit
		if len(doc.Root.Members) > 0 {
			indent = lineIndent(clean, doc.Root.Members[0].KeyOffset)
		}
		v := build(nil, indent, unit)
		// After the last member's value (outside any comment), or just
		// after "{" of an empty object.
		at := doc.Root.Offset + 1
		insert := "\n" + indent + `"hooks": ` + string(v)
		if n := len(doc.Root.Members); n > 0 {
			last := doc.Root.Members[n-1].Value
			at = last.Offset + len(last.Raw)
			insert = "," + insert
		} else {
			insert += "\n"
		}
		at += shift
		out := append([]byte(nil), existing[:at]...)
		out = append(out, insert...)
		out = append(out, existing[at:]...)
		res.Data = out
		return res, nil
	}
	var keep []KeptEvent
	if hooks.Kind == jsonpos.Object {
		for _, m := range Members(hooks) {
			if !isEvent(m.Key) || m.Value.Kind != jsonpos.Array {
				keep = append(keep, KeptEvent{Key: m.Key, Raw: existing[m.Value.Offset+shift : m.Value.Offset+shift+len(m.Value.Raw)]})
				continue
			}
			k := KeptEvent{Key: m.Key, IsEvent: true}
			for _, g := range m.Value.Items {
				if ours(g) {
					continue
				}
				k.Groups = append(k.Groups, existing[g.Offset+shift:g.Offset+shift+len(g.Raw)])
				res.Kept++
			}
			if len(k.Groups) > 0 {
				keep = append(keep, k)
			}
		}
	}
	// The indentation of the "hooks" key's line.
	var keyOff int
	for _, m := range doc.Root.Members {
		if m.Key == "hooks" {
			keyOff = m.KeyOffset
		}
	}
	v := build(keep, lineIndent(clean, keyOff), unit)
	set, err := sjson.SetRawBytes(append([]byte(nil), clean...), "hooks", v)
	if err != nil {
		return nil, fmt.Errorf("%s: writing hooks: %w", path, err)
	}
	// The changed range of clean, applied to the file.
	p := 0
	for p < len(clean) && p < len(set) && clean[p] == set[p] {
		p++
	}
	s := 0
	for s < len(clean)-p && s < len(set)-p && clean[len(clean)-1-s] == set[len(set)-1-s] {
		s++
	}
	out := append([]byte(nil), existing[:p+shift]...)
	out = append(out, set[p:len(set)-s]...)
	out = append(out, existing[len(existing)-s:]...)
	res.Data = out
	return res, nil
}

// lineIndent is the white space that starts the line holding off.
func lineIndent(data []byte, off int) string {
	start := bytes.LastIndexByte(data[:off], '\n') + 1
	end := start
	for end < len(data) && (data[end] == ' ' || data[end] == '\t') {
		end++
	}
	return string(data[start:end])
}

// detectUnit guesses a file's indentation unit: a tab, or the smallest
// run of leading spaces (2 when none).
func detectUnit(data []byte) string {
	best := 0
	for _, line := range bytes.Split(data, []byte("\n")) {
		if len(line) > 0 && line[0] == '\t' {
			return "\t"
		}
		n := 0
		for n < len(line) && line[n] == ' ' {
			n++
		}
		if n > 0 && n < len(line) && (best == 0 || n < best) {
			best = n
		}
	}
	if best == 0 {
		best = 2
	}
	return strings.Repeat(" ", best)
}

// ShellQuoteArgs joins argv into one shell command line for `bash -c`
// that also survives both agents' load-time $VAR expansion and Gemini
// CLI's run-time $GEMINI_PROJECT_DIR replacement, which ignore quotes:
// every argument that is not plainly safe is single-quoted, and a '$'
// followed by a letter, digit, '_' or '{' is written as '\$' outside the
// quotes, so that no "$NAME" or "${" is left in the text.
func ShellQuoteArgs(argv []string) string { return hookkit.ShellJoinUnexpanded(argv) }

// IsRaw reports whether data is one JSON value (for tests and checks).
func IsRaw(data []byte) bool { return json.Valid(data) }
