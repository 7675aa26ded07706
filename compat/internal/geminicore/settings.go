package geminicore

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Doc is one settings (or extension hooks) file as its agent parses it,
// with positions for warnings.
type Doc struct {
	// Path names the file in warnings and errors.
	Path string
	// Data is the file as on disk.
	Data []byte
	// Clean is Data as parsed: a byte order mark removed (when the agent
	// strips it) and comments blanked, same offsets otherwise.
	Clean []byte
	// Comments are the spans of Data's comments.
	Comments []Span
	// Root is the parsed document.
	Root *jsonpos.Node
	// Expand expands the $VAR references of the file's strings (the zero
	// value keeps them as written).
	Expand Expander

	lines *jsonpos.Lines
	shift int // bytes removed before Clean (a stripped BOM)
	warns []translate.Warning
}

// ParseOptions says how an agent reads a settings file.
type ParseOptions struct {
	// Comments strips // and /* */ comments first (settings files of both
	// agents; not Gemini CLI's extension hooks.json).
	Comments bool
	// StripBOM removes a UTF-8 byte order mark (Qwen Code); without it a
	// BOM is a syntax error at 1:1, as JSON.parse reports it (Gemini CLI).
	StripBOM bool
}

var bom = []byte("\ufeff")

// Parse reads data as an agent reads a settings file. Errors are
// *settings.Error values naming path:line:col, for a syntax error or a
// top level that is not an object (both agents refuse such a file).
func Parse(path string, data []byte, o ParseOptions) (*Doc, error) {
	d := &Doc{Path: path, Data: data}
	clean := data
	if bytes.HasPrefix(clean, bom) {
		if !o.StripBOM {
			return nil, &settings.Error{File: path, Line: 1, Col: 1,
				Msg: `invalid JSON: the file starts with a UTF-8 byte order mark (JSON.parse: Unexpected token '\ufeff')`}
		}
		clean = clean[len(bom):]
		d.shift = len(bom)
	}
	if o.Comments {
		var spans []Span
		clean, spans = StripComments(clean)
		for _, s := range spans {
			d.Comments = append(d.Comments, Span{s.Start + d.shift, s.End + d.shift})
		}
	} else {
		clean = append([]byte(nil), clean...)
	}
	d.Clean = clean
	if len(bytes.TrimSpace(clean)) == 0 {
		return nil, &settings.Error{File: path, Line: 1, Col: 1, Msg: "invalid JSON: the file is empty (JSON.parse: Unexpected end of JSON input)"}
	}
	root, err := jsonpos.Parse(clean)
	if err != nil {
		if se, ok := err.(*jsonpos.SyntaxError); ok {
			line, col := se.Line, se.Col
			if d.shift > 0 && line == 1 {
				col++ // the BOM is one character of line 1
			}
			return nil, &settings.Error{File: path, Line: line, Col: col, Msg: "invalid JSON: " + se.Msg, Err: err}
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if root.Kind != jsonpos.Object {
		line, col := d.Pos(root.Offset)
		return nil, &settings.Error{File: path, Line: line, Col: col, Msg: fmt.Sprintf("want a JSON object at the top level, got %s", root.Kind)}
	}
	d.Root = root
	return d, nil
}

// Pos is the 1-based line and column of an offset of Clean in the file.
func (d *Doc) Pos(off int) (line, col int) {
	if d.lines == nil {
		d.lines = jsonpos.NewLines(d.Data)
	}
	return d.lines.Position(off + d.shift)
}

// Warn records a warning at an offset of Clean.
func (d *Doc) Warn(off int, code, format string, a ...any) {
	line, col := d.Pos(off)
	d.warns = append(d.warns, translate.Warning{File: d.Path, Line: line, Col: col, Code: code, Message: fmt.Sprintf(format, a...)})
}

// Warnings returns the warnings recorded so far.
func (d *Doc) Warnings() []translate.Warning { return d.warns }

// Source returns the provenance of a hook defined at an offset of Clean.
func (d *Doc) Source(off int, format, scope, event string) settings.Source {
	line, col := d.Pos(off)
	return settings.Source{File: d.Path, Line: line, Col: col, Format: format, Scope: scope, Event: event}
}

// Str is a string node's value after $VAR expansion.
func (d *Doc) Str(n *jsonpos.Node) string { return d.Expand.Expand(n.Str) }

// Members returns an object's members as JSON.parse keeps them: a key
// given twice has its last value at its first position.
func Members(n *jsonpos.Node) []*jsonpos.Member { return jsonpos.Unique(n) }

// Truthy reports whether a JSON value is truthy in JavaScript.
func Truthy(n *jsonpos.Node) bool {
	if n == nil {
		return false
	}
	switch n.Kind {
	case jsonpos.Null:
		return false
	case jsonpos.Bool:
		return n.Bool
	case jsonpos.Number:
		f, err := n.Number.Float64()
		return err == nil && f != 0
	case jsonpos.String:
		return n.Str != ""
	}
	return true // objects and arrays
}

// JSString is String(value) in JavaScript for a scalar JSON value (how
// Node.js writes a non-string env value): numbers in their shortest form,
// true/false, null; objects "[object Object]", arrays their items joined
// by commas.
func JSString(n *jsonpos.Node) string {
	switch n.Kind {
	case jsonpos.String:
		return n.Str
	case jsonpos.Number:
		return jsonwire.JSNumber(n.Number)
	case jsonpos.Bool:
		return strconv.FormatBool(n.Bool)
	case jsonpos.Null:
		return "null"
	case jsonpos.Array:
		parts := make([]string, len(n.Items))
		for i, it := range n.Items {
			if it.Kind != jsonpos.Null {
				parts[i] = JSString(it)
			}
		}
		return strings.Join(parts, ",")
	}
	return "[object Object]"
}

// NumberValue reads a timeout-like value the way the agents coerce it: a
// JSON number, or a string holding one (after trimming). ok is false for
// anything else.
func NumberValue(n *jsonpos.Node) (f float64, ok bool) {
	switch n.Kind {
	case jsonpos.Number:
		v, err := n.Number.Float64()
		return v, err == nil
	case jsonpos.String:
		s := strings.TrimSpace(n.Str)
		if s == "" {
			return 0, false
		}
		v, err := strconv.ParseFloat(s, 64)
		return v, err == nil
	}
	return 0, false
}

// MaxTimerMS is the largest delay Node's setTimeout honours (2^31-1
// ms); a larger one, like one below 1 ms or not a number, fires after 1
// ms.
const MaxTimerMS = 2147483647

// Immediate is the timeout of a hook whose timer fires at Node's minimum:
// the agent stops the hook before it has started.
const Immediate = time.Nanosecond

// CodeSchema is the warning code of a value of the wrong type that the
// agent reads anyway (or ignores) as its settings schema says.
const CodeSchema = "schema-error"

// GroupWalk is how an agent's registry reads the hooks object of a file
// ([Agent.WalkHooks]): the warnings it gives, and what it does with each
// group.
type GroupWalk struct {
	// NotObject ends the warning for a hooks value that is not an object
	// ("no hook is loaded from it").
	NotObject string
	// Switch is the warning for hooks.enabled, hooks.disabled and
	// hooks.notifications, which are no events; Unknown the warning for
	// any other key that is no event of the agent.
	Switch, Unknown func(key string) string
	// Group reads one group of event r at where (hooks.<Event>[i]).
	Group func(r *Row, where string, g *jsonpos.Node)
}

// WalkHooks reads a hooks object (hooks.<Event>[group]) as both agents'
// registries do: a value that is not an object loads nothing, a key that
// is no event of the agent is skipped, an event whose value is not an
// array of groups is skipped; each group goes to w.Group, in order (a key
// given twice keeps its last value).
func (a *Agent) WalkHooks(doc *Doc, hooks *jsonpos.Node, w GroupWalk) {
	if hooks.Kind != jsonpos.Object {
		doc.Warn(hooks.Offset, CodeSchema, "\"hooks\" must be an object of events, got %s; %s", hooks.Kind, w.NotObject)
		return
	}
	for _, m := range Members(hooks) {
		switch m.Key {
		case "enabled", "disabled", "notifications":
			doc.Warn(m.KeyOffset, translate.CodeUnsupportedField, "%s", w.Switch(m.Key))
			continue
		}
		r, ok := a.Event(m.Key)
		if !ok {
			doc.Warn(m.KeyOffset, translate.CodeUnknownEvent, "%s", w.Unknown(m.Key))
			continue
		}
		if m.Value.Kind != jsonpos.Array {
			doc.Warn(m.Value.Offset, translate.CodeInvalidEntry, "hooks.%s: want an array of hook groups, got %s; skipped", m.Key, m.Value.Kind)
			continue
		}
		for gi, g := range m.Value.Items {
			w.Group(r, fmt.Sprintf("hooks.%s[%d]", m.Key, gi), g)
		}
	}
}

// Env reads a handler's env object: its string values expanded, other
// values as Node.js stringifies them (warn, when set, is told each such
// key and the text). An env that is not an object is warned about and
// ignored (nil).
func Env(doc *Doc, where string, en *jsonpos.Node, warn func(key, text string, n *jsonpos.Node)) map[string]string {
	if en.Kind != jsonpos.Object {
		doc.Warn(en.Offset, CodeSchema, "%s.env: want an object of variables, got %s; ignored", where, en.Kind)
		return nil
	}
	env := map[string]string{}
	for _, m := range Members(en) {
		if m.Value.Kind == jsonpos.String {
			env[m.Key] = doc.Str(m.Value)
			continue
		}
		env[m.Key] = JSString(m.Value)
		if warn != nil {
			warn(m.Key, env[m.Key], m.Value)
		}
	}
	return env
}
