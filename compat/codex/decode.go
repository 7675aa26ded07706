package codex

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	toml "github.com/pelletier/go-toml/v2"

	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/internal/tomlpos"
	"github.com/hookcompat/hookcompat/translate"
)

// Decoding of Codex hook sources (codex §1.4, §1.5). Codex reads
// hooks.json with serde_json into structs that deny unknown fields at the
// root, and config.toml's [hooks] with the toml crate; the rules below
// reproduce which inputs it rejects whole, which parts it skips with a
// warning and which it ignores silently.

// handler is one decoded handler of a source, with where it sits.
type handler struct {
	ev *eventRow
	// group and index are the group's position in the event's array and
	// the handler's in the group (hooks.state keys use them).
	group, index int
	matcher      string
	hasMatcher   bool
	typ          string // command, prompt, agent, mcp_tool
	command      string
	timeout      *uint64 // seconds
	async        bool
	status       string
	hasStatus    bool    // statusMessage given (not null), even ""
	contextLimit *uint64 // tokens
	line, col    int
	// matcherLine/Col locate the group's matcher (for warnings).
	matcherLine, matcherCol int
}

// hookState is one [hooks.state."<key>"] table.
type hookState struct {
	enabled     *bool
	trustedHash *string // nil: none recorded
}

// decoded is what one source file yields.
type decoded struct {
	path     string
	handlers []handler // in file order
	state    map[string]hookState
	notes    []note // warnings about parts Codex skips
	// features is [features] hooks (or the deprecated codex_hooks) when
	// the file sets it; managedOnly is allow_managed_hooks_only = true
	// (requirements.toml); trusted are the [projects."<dir>"] entries with
	// trust_level = "trusted".
	features    *bool
	managedOnly bool
	trusted     []string
	hasHooks    bool // the file has a hooks table or key
}

// note is a warning with its position.
type note struct {
	line, col int
	code, msg string
}

// fileError is a source Codex rejects whole, with serde's message and a
// position.
type fileError struct {
	line, col int
	msg       string
}

func (e *fileError) Error() string {
	if e.line > 0 {
		return fmt.Sprintf("%s at line %d column %d", e.msg, e.line, e.col)
	}
	return e.msg
}

// vnode is a decoded JSON or TOML value with its position.
type vnode struct {
	kind      vkind
	str       string
	b         bool
	num       string // number as written
	isInt     bool
	items     []*vnode
	members   []vmember
	line, col int
}

type vmember struct {
	key       string
	line, col int
	val       *vnode
}

type vkind int

const (
	vNull vkind = iota
	vBool
	vNumber
	vString
	vArray
	vObject
	vOther // TOML dates and times
)

// serdeUnexpected names a value the way serde's "invalid type" errors do.
func (n *vnode) serdeUnexpected() string {
	switch n.kind {
	case vNull:
		return "null"
	case vBool:
		return fmt.Sprintf("boolean `%v`", n.b)
	case vNumber:
		if n.isInt {
			return fmt.Sprintf("integer `%s`", n.num)
		}
		f, _ := strconv.ParseFloat(n.num, 64)
		return fmt.Sprintf("floating point `%s`", rustFloat(f))
	case vString:
		return fmt.Sprintf("string %q", n.str)
	case vArray:
		return "sequence"
	case vObject:
		return "map"
	}
	return "a date-time"
}

func rustFloat(f float64) string {
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s
}

func (n *vnode) get(key string) *vnode {
	for _, m := range n.members {
		if m.key == key {
			return m.val
		}
	}
	return nil
}

// fromJSON converts a jsonpos tree.
func fromJSON(n *jsonpos.Node, lines *jsonpos.Lines) *vnode {
	line, col := lines.Position(n.Offset)
	v := &vnode{line: line, col: col}
	switch n.Kind {
	case jsonpos.Null:
		v.kind = vNull
	case jsonpos.Bool:
		v.kind, v.b = vBool, n.Bool
	case jsonpos.Number:
		v.kind, v.num = vNumber, n.Number.String()
		v.isInt = !strings.ContainsAny(v.num, ".eE")
	case jsonpos.String:
		v.kind, v.str = vString, n.Str
	case jsonpos.Array:
		v.kind = vArray
		for _, it := range n.Items {
			v.items = append(v.items, fromJSON(it, lines))
		}
	case jsonpos.Object:
		v.kind = vObject
		for _, m := range n.Members {
			l, c := lines.Position(m.KeyOffset)
			v.members = append(v.members, vmember{key: m.Key, line: l, col: c, val: fromJSON(m.Value, lines)})
		}
	}
	return v
}

// fromTOML converts a decoded TOML value; pos gives positions by path.
func fromTOML(x any, path string, pos tomlpos.Index) *vnode {
	at := pos.At(path)
	v := &vnode{line: at.Line, col: at.Col}
	switch t := x.(type) {
	case nil:
		v.kind = vNull
	case bool:
		v.kind, v.b = vBool, t
	case int64:
		v.kind, v.num, v.isInt = vNumber, strconv.FormatInt(t, 10), true
	case float64:
		v.kind, v.num = vNumber, rustFloat(t)
	case string:
		v.kind, v.str = vString, t
	case []any:
		v.kind = vArray
		for i, it := range t {
			v.items = append(v.items, fromTOML(it, fmt.Sprintf("%s[%d]", path, i), pos))
		}
	case map[string]any:
		v.kind = vObject
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := path + "." + k
			if path == "" {
				p = k
			}
			kp := pos.At(p)
			v.members = append(v.members, vmember{key: k, line: kp.Line, col: kp.Col, val: fromTOML(t[k], p, pos)})
		}
	default:
		v.kind = vOther
	}
	return v
}

// decodeHooksJSON reads a hooks.json as Codex 0.169.0 does (codex §1.4):
// strict JSON (no BOM, comments or trailing commas), root keys hooks and
// description only; a bad value anywhere rejects the whole file
// (*fileError). Unknown event keys are ignored, as are unknown group and
// handler keys; invalid matchers and prompt, agent and empty-command
// handlers are skipped with a note.
func decodeHooksJSON(path string, data []byte) (*decoded, error) {
	d := &decoded{path: path}
	if !utf8.Valid(data) {
		return nil, &fileError{line: 1, col: 1, msg: "stream did not contain valid UTF-8"}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &fileError{line: 1, col: 0, msg: "EOF while parsing a value"}
	}
	if bytes.HasPrefix(data, []byte("\ufeff")) {
		return nil, &fileError{line: 1, col: 1, msg: "expected value"}
	}
	if err := serdeStrict(data); err != nil {
		return nil, err
	}
	root, err := jsonpos.Parse(data)
	if err != nil {
		if se, ok := err.(*jsonpos.SyntaxError); ok {
			return nil, &fileError{line: se.Line, col: se.Col, msg: se.Msg}
		}
		return nil, &fileError{msg: err.Error()}
	}
	lines := jsonpos.NewLines(data)
	v := fromJSON(root, lines)
	switch v.kind {
	case vObject:
	case vArray:
		if len(v.items) == 0 {
			return d, nil // serde reads a struct from an empty sequence: no hooks
		}
		return nil, &fileError{line: v.line, col: v.col, msg: "invalid type: sequence, expected struct HooksFile"}
	default:
		return nil, &fileError{line: v.line, col: v.col, msg: fmt.Sprintf("invalid type: %s, expected struct HooksFile", v.serdeUnexpected())}
	}
	seen := map[string]bool{}
	for _, m := range v.members {
		switch m.key {
		case "hooks", "description":
			if seen[m.key] {
				return nil, &fileError{line: m.line, col: m.col, msg: fmt.Sprintf("duplicate field `%s`", m.key)}
			}
			seen[m.key] = true
		default:
			return nil, &fileError{line: m.line, col: m.col, msg: fmt.Sprintf("unknown field `%s`, expected `description` or `hooks`", m.key)}
		}
	}
	if h := v.get("hooks"); h != nil {
		d.hasHooks = true
		if err := d.events(h, false); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// serdeStrict reports what serde_json rejects but Go's decoder reads
// differently: comments, trailing commas and lone surrogate escapes.
func serdeStrict(data []byte) error {
	lines := jsonpos.NewLines(data)
	inStr, esc := false, false
	lastSig := byte(0)
	for i := 0; i < len(data); i++ {
		c := data[i]
		if inStr {
			switch {
			case esc:
				esc = false
				if c == 'u' && i+4 < len(data) {
					if n, err := strconv.ParseUint(string(data[i+1:i+5]), 16, 16); err == nil && n >= 0xD800 && n <= 0xDBFF {
						if !(i+10 < len(data) && data[i+5] == '\\' && data[i+6] == 'u') {
							l, col := lines.Position(i + 5)
							return &fileError{line: l, col: col, msg: "lone leading surrogate in hex escape"}
						}
					} else if err == nil && n >= 0xDC00 && n <= 0xDFFF {
						l, col := lines.Position(i + 5)
						return &fileError{line: l, col: col, msg: "invalid unicode code point"}
					}
				}
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
			lastSig = c
		case '/':
			l, col := lines.Position(i)
			return &fileError{line: l, col: col, msg: "expected value"}
		case ']', '}':
			if lastSig == ',' {
				l, col := lines.Position(i)
				return &fileError{line: l, col: col, msg: "trailing comma"}
			}
			lastSig = c
		case ' ', '\t', '\n', '\r':
		default:
			lastSig = c
		}
	}
	return nil
}

// events decodes the object of events (hooks.json "hooks", config.toml
// [hooks]). inTOML: the table may also hold "state".
func (d *decoded) events(h *vnode, inTOML bool) error {
	switch h.kind {
	case vObject:
	case vArray:
		if len(h.items) == 0 {
			return nil
		}
		return &fileError{line: h.line, col: h.col, msg: "invalid type: sequence, expected struct HookEventsToml"}
	default:
		return &fileError{line: h.line, col: h.col, msg: fmt.Sprintf("invalid type: %s, expected struct HookEventsToml", h.serdeUnexpected())}
	}
	seen := map[string]bool{}
	for _, m := range h.members {
		if inTOML && m.key == "state" {
			if err := d.stateTable(m.val); err != nil {
				return err
			}
			continue
		}
		ev, known := events.Get().byCodex[m.key]
		if !known {
			// Codex ignores unknown events silently (codex §1.4).
			n := 0
			if m.val.kind == vArray {
				for _, g := range m.val.items {
					if hs := g.get("hooks"); hs != nil {
						n += len(hs.items)
					}
				}
			}
			d.notes = append(d.notes, note{line: m.line, col: m.col, code: translate.CodeUnknownEvent,
				msg: fmt.Sprintf("%q is not a Codex event (Codex events: %s); its %d hook(s) are not loaded (Codex ignores the key)%s", m.key, strings.Join(eventNames(), ", "), n, hookkit.DidYouMean(m.key, eventNames()))})
			continue
		}
		if seen[m.key] {
			return &fileError{line: m.line, col: m.col, msg: fmt.Sprintf("duplicate field `%s`", m.key)}
		}
		seen[m.key] = true
		if m.val.kind != vArray {
			return &fileError{line: m.val.line, col: m.val.col, msg: fmt.Sprintf("invalid type: %s, expected a sequence", m.val.serdeUnexpected())}
		}
		for gi, g := range m.val.items {
			if err := d.group(ev, gi, g); err != nil {
				return err
			}
		}
	}
	return nil
}

func (d *decoded) group(ev *eventRow, gi int, g *vnode) error {
	if g.kind != vObject {
		return &fileError{line: g.line, col: g.col, msg: fmt.Sprintf("invalid type: %s, expected struct MatcherGroup", g.serdeUnexpected())}
	}
	if err := noDuplicates(g, "matcher", "hooks"); err != nil {
		return err
	}
	matcher, has := "", false
	var mline, mcol int
	if m := g.get("matcher"); m != nil {
		switch m.kind {
		case vNull:
		case vString:
			matcher, has = m.str, true
		default:
			return &fileError{line: m.line, col: m.col, msg: fmt.Sprintf("invalid type: %s, expected a string", m.serdeUnexpected())}
		}
		mline, mcol = m.line, m.col
	}
	hs := g.get("hooks")
	var items []*vnode
	if hs != nil {
		switch hs.kind {
		case vNull:
		case vArray:
			items = hs.items
		default:
			return &fileError{line: hs.line, col: hs.col, msg: fmt.Sprintf("invalid type: %s, expected a sequence", hs.serdeUnexpected())}
		}
	}
	var out []handler
	for hi, hn := range items {
		h, err := d.handler(ev, gi, hi, hn)
		if err != nil {
			return err
		}
		h.matcher, h.hasMatcher, h.matcherLine, h.matcherCol = matcher, has, mline, mcol
		out = append(out, h)
	}
	d.handlers = append(d.handlers, out...)
	return nil
}

// handlerTypes are the handler variants of Codex 0.169.0.
var handlerTypes = []string{"command", "mcp_tool", "prompt", "agent"}

func (d *decoded) handler(ev *eventRow, gi, hi int, n *vnode) (handler, error) {
	h := handler{ev: ev, group: gi, index: hi, line: n.line, col: n.col}
	if n.kind != vObject {
		return h, &fileError{line: n.line, col: n.col, msg: fmt.Sprintf("invalid type: %s, expected internally tagged enum HookHandlerConfig", n.serdeUnexpected())}
	}
	t := n.get("type")
	if t == nil {
		return h, &fileError{line: n.line, col: n.col, msg: "missing field `type`"}
	}
	if t.kind != vString {
		return h, &fileError{line: t.line, col: t.col, msg: fmt.Sprintf("invalid type: %s, expected variant identifier", t.serdeUnexpected())}
	}
	if !has(handlerTypes, t.str) {
		return h, &fileError{line: t.line, col: t.col, msg: fmt.Sprintf("unknown variant `%s`, expected one of `command`, `mcp_tool`, `prompt`, `agent`", t.str)}
	}
	h.typ = t.str
	if h.typ != "command" {
		return h, nil
	}
	if err := noDuplicates(n, "type", "command", "timeout", "async", "statusMessage", "commandWindows", "command_windows", "additionalContextLimit"); err != nil {
		return h, err
	}
	c := n.get("command")
	if c == nil {
		return h, &fileError{line: n.line, col: n.col, msg: "missing field `command`"}
	}
	if c.kind != vString {
		return h, &fileError{line: c.line, col: c.col, msg: fmt.Sprintf("invalid type: %s, expected a string", c.serdeUnexpected())}
	}
	h.command = c.str
	var err error
	if h.timeout, err = optU64(n.get("timeout")); err != nil {
		return h, err
	}
	if h.contextLimit, err = optU64(n.get("additionalContextLimit")); err != nil {
		return h, err
	}
	if a := n.get("async"); a != nil && a.kind != vNull {
		if a.kind != vBool {
			return h, &fileError{line: a.line, col: a.col, msg: fmt.Sprintf("invalid type: %s, expected a boolean", a.serdeUnexpected())}
		}
		h.async = a.b
	}
	for _, k := range []string{"statusMessage", "commandWindows", "command_windows"} {
		if s := n.get(k); s != nil && s.kind != vNull && s.kind != vString {
			return h, &fileError{line: s.line, col: s.col, msg: fmt.Sprintf("invalid type: %s, expected a string", s.serdeUnexpected())}
		} else if s != nil && k == "statusMessage" {
			h.status, h.hasStatus = s.str, s.kind == vString
		}
	}
	return h, nil
}

// u64Max is the largest u64, for range checks of big integers.
var u64Max = lazy.Value[*big.Int]{New: func() *big.Int { return new(big.Int).SetUint64(math.MaxUint64) }}

// optU64 reads an optional u64 (Codex's integer seconds and tokens).
func optU64(n *vnode) (*uint64, error) {
	if n == nil || n.kind == vNull {
		return nil, nil
	}
	if n.kind != vNumber || !n.isInt {
		return nil, &fileError{line: n.line, col: n.col, msg: fmt.Sprintf("invalid type: %s, expected u64", n.serdeUnexpected())}
	}
	b, ok := new(big.Int).SetString(n.num, 10)
	if !ok || b.Sign() < 0 {
		return nil, &fileError{line: n.line, col: n.col, msg: fmt.Sprintf("invalid value: integer `%s`, expected u64", n.num)}
	}
	if b.Cmp(u64Max.Get()) > 0 {
		return nil, &fileError{line: n.line, col: n.col, msg: fmt.Sprintf("invalid value: integer `%s`, expected u64", n.num)}
	}
	v := b.Uint64()
	return &v, nil
}

// noDuplicates rejects a struct object that names one of its known
// fields twice (serde: duplicate field).
func noDuplicates(n *vnode, known ...string) error {
	seen := map[string]bool{}
	for _, m := range n.members {
		if !has(known, m.key) {
			continue
		}
		if seen[m.key] {
			return &fileError{line: m.line, col: m.col, msg: fmt.Sprintf("duplicate field `%s`", m.key)}
		}
		seen[m.key] = true
	}
	return nil
}

// stateTable reads [hooks.state."<key>"] enabled / trusted_hash.
func (d *decoded) stateTable(s *vnode) error {
	if s.kind != vObject {
		return &fileError{line: s.line, col: s.col, msg: fmt.Sprintf("invalid type: %s, expected a map\nin `hooks`", s.serdeUnexpected())}
	}
	for _, m := range s.members {
		if m.val.kind != vObject {
			return &fileError{line: m.val.line, col: m.val.col, msg: fmt.Sprintf("invalid type: %s, expected struct HookStateToml\nin `hooks`", m.val.serdeUnexpected())}
		}
		var st hookState
		if e := m.val.get("enabled"); e != nil {
			if e.kind != vBool {
				return &fileError{line: e.line, col: e.col, msg: fmt.Sprintf("invalid type: %s, expected a boolean\nin `hooks`", e.serdeUnexpected())}
			}
			b := e.b
			st.enabled = &b
		}
		if th := m.val.get("trusted_hash"); th != nil {
			if th.kind != vString {
				return &fileError{line: th.line, col: th.col, msg: fmt.Sprintf("invalid type: %s, expected a string\nin `hooks`", th.serdeUnexpected())}
			}
			h := th.str
			st.trustedHash = &h
		}
		key := strings.TrimSpace(m.key) // Codex trims the key, and skips an empty one
		if key == "" {
			continue
		}
		if d.state == nil {
			d.state = map[string]hookState{}
		}
		prev := d.state[key]
		if st.enabled == nil {
			st.enabled = prev.enabled
		}
		if st.trustedHash == nil {
			st.trustedHash = prev.trustedHash
		}
		d.state[key] = st
	}
	return nil
}

// decodeConfigTOML reads a config.toml, requirements.toml or
// managed_config.toml: [hooks] (events and state), [features] hooks /
// codex_hooks, allow_managed_hooks_only and the [projects] trust levels.
// Codex parses the file as a whole: a TOML syntax error or a value of
// the wrong type in [hooks] stops Codex (a *fileError, "in `hooks`").
func decodeConfigTOML(path string, data []byte) (*decoded, error) {
	d := &decoded{path: path}
	var doc map[string]any
	if err := toml.Unmarshal(data, &doc); err != nil {
		var de *toml.DecodeError
		if ok := asDecodeError(err, &de); ok {
			row, col := de.Position()
			return nil, &fileError{line: row, col: col, msg: "TOML parse error: " + de.Error()}
		}
		return nil, &fileError{msg: "TOML parse error: " + err.Error()}
	}
	pos, _ := tomlpos.Build(data)
	root := fromTOML(doc, "", pos)
	if h := root.get("hooks"); h != nil {
		d.hasHooks = true
		if err := d.events(h, true); err != nil {
			if fe, ok := err.(*fileError); ok && !strings.HasSuffix(fe.msg, "in `hooks`") {
				fe.msg += "\nin `hooks`"
			}
			return nil, err
		}
	}
	if f := root.get("features"); f != nil && f.kind == vObject {
		for _, k := range []string{"codex_hooks", "hooks"} {
			if v := f.get(k); v != nil {
				if v.kind != vBool {
					return nil, &fileError{line: v.line, col: v.col, msg: fmt.Sprintf("invalid type: %s, expected a boolean\nin `features`", v.serdeUnexpected())}
				}
				b := v.b
				d.features = &b
				if k == "codex_hooks" {
					d.notes = append(d.notes, note{line: v.line, col: v.col, code: CodeDeprecated,
						msg: "`[features].codex_hooks` is deprecated. Use `[features].hooks` instead."})
				}
			}
		}
	}
	if m := root.get("allow_managed_hooks_only"); m != nil && m.kind == vBool && m.b {
		d.managedOnly = true
	}
	if p := root.get("projects"); p != nil && p.kind == vObject {
		for _, m := range p.members {
			if tl := m.val.get("trust_level"); tl != nil && tl.kind == vString && tl.str == "trusted" {
				d.trusted = append(d.trusted, m.key)
			}
		}
	}
	return d, nil
}

func asDecodeError(err error, target **toml.DecodeError) bool {
	de, ok := err.(*toml.DecodeError)
	if ok {
		*target = de
	}
	return ok
}

var exactMatcher = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_|]*$`) }}
