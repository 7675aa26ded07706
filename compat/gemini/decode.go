package gemini

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// DefaultTimeout is Gemini CLI's hook timeout when a handler has none
// (60 000 ms).
const DefaultTimeout = 60 * time.Second

// A Gemini timeout at Node's timer minimum (0, negative, not a number,
// or above maxTimerMS) fires after 1 ms, before a spawned bash has read
// its script, so the hook is stopped before it starts (immediate).
const (
	maxTimerMS = geminicore.MaxTimerMS
	immediate  = geminicore.Immediate
)

// Codes of the Gemini format's own warnings.
const (
	// CodeInvalidFile: a discovered settings file does not parse. Gemini
	// CLI then refuses to start (exit 52): no Gemini hook runs.
	CodeInvalidFile = "invalid-file"
	// CodeDisabled: a hook named in hooksConfig.disabled, or every hook
	// when hooksConfig.enabled is false.
	CodeDisabled = "disabled-by-settings"
	// CodeUntrusted: settings hooks of an untrusted folder do not run.
	CodeUntrusted = "untrusted-folder"
	// CodeSchema: a value Gemini CLI's settings schema rejects; Gemini
	// warns and uses the file as written.
	CodeSchema = geminicore.CodeSchema
	// CodeEventBroken: a matcher that is not a string makes every hook
	// of its event fail to plan (TypeError), so none runs.
	CodeEventBroken = "event-fails"
	// CodeInsecure: a system settings file Gemini CLI refuses because it
	// or a parent folder is not root-owned or is writable by others.
	CodeInsecure = "insecure-system-file"
)

// parsed is what one Gemini settings or extension hooks file holds.
type parsed struct {
	doc   *geminicore.Doc
	scope string
	// hooks are the file's valid handlers in file order.
	hooks []settings.Hook
	// enabled is hooksConfig.enabled when the file sets it.
	enabled *bool
	// disabled are hooksConfig.disabled's entries (after expansion).
	disabled []string
	// folderTrust is security.folderTrust.enabled when set.
	folderTrust *bool
	// broken are the events with a matcher that is not a string, with
	// the offset of the first one.
	broken map[string]int
}

// handlerKeys are the handler fields Gemini CLI reads (gemini-cli §2.4).
var handlerKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"type": true, "command": true, "name": true, "description": true, "timeout": true, "env": true}
}}

// decodeFile reads the hooks of one parsed file: hooks.<Event>[group]
// .hooks[handler] as Gemini CLI's registry accepts them, with a warning
// for every entry it skips or reads differently from what it looks like.
// ext marks an extension's hooks/hooks.json (no hooksConfig there).
func decodeFile(doc *geminicore.Doc, scope string, ext bool) *parsed {
	p := &parsed{doc: doc, scope: scope, broken: map[string]int{}}
	root := doc.Root
	if hc := root.Get("hooksConfig"); hc != nil && !ext {
		p.readHooksConfig(hc)
	}
	if sec := root.Get("security"); sec != nil {
		if ft := sec.Get("folderTrust"); ft != nil {
			if en := ft.Get("enabled"); en != nil {
				if b, ok := boolValue(en); ok {
					p.folderTrust = &b
				}
			}
		}
	}
	for _, d := range jsonpos.Duplicates(root, "hooks") {
		line, col := doc.Pos(d.LastOffset)
		doc.Warn(d.KeyOffset, translate.CodeInvalidEntry, "duplicate key %q: Gemini CLI reads only the last one (%d:%d), so what is written here is not loaded", d.Key, line, col)
	}
	hooks := root.Get("hooks")
	if hooks == nil {
		return p
	}
	label := "project"
	if ext {
		label = "extensions"
	}
	agent.WalkHooks(doc, hooks, geminicore.GroupWalk{
		NotObject: "Gemini CLI loads no hook from it",
		Switch: func(k string) string {
			return fmt.Sprintf("hooks.%s is skipped by Gemini CLI and has no effect (the switch is hooksConfig.%s)", k, k)
		},
		Unknown: func(k string) string {
			if _, claude := translate.NativeEvent(k); claude {
				if g, ok := agent.NameForClaude(k); ok {
					return fmt.Sprintf("%q is a Claude Code event name: Gemini CLI skips it (\"Invalid hook event name\"); its event is %s", k, g)
				}
				return fmt.Sprintf("%q is a Claude Code event name that Gemini CLI does not have: its hooks are skipped", k)
			}
			return fmt.Sprintf("Invalid hook event name: %q from %s config. Skipping. (Gemini CLI's events: %s)%s", k, label, strings.Join(EventNames(), ", "), hookkit.DidYouMean(k, EventNames()))
		},
		Group: p.group,
	})
	return p
}

func (p *parsed) readHooksConfig(hc *jsonpos.Node) {
	doc := p.doc
	if hc.Kind != jsonpos.Object {
		doc.Warn(hc.Offset, CodeSchema, "hooksConfig: want an object, got %s; ignored", hc.Kind)
		return
	}
	if en := hc.Get("enabled"); en != nil {
		if b, ok := boolValue(en); ok {
			p.enabled = &b
		} else {
			doc.Warn(en.Offset, CodeSchema, "hooksConfig.enabled: want a boolean, got %s; Gemini CLI reads it as %v", en.Kind, geminicore.Truthy(en))
			b := geminicore.Truthy(en)
			p.enabled = &b
		}
	}
	if dis := hc.Get("disabled"); dis != nil {
		if dis.Kind != jsonpos.Array {
			doc.Warn(dis.Offset, CodeSchema, "hooksConfig.disabled: want an array of hook names, got %s; ignored", dis.Kind)
		} else {
			for _, it := range dis.Items {
				if it.Kind != jsonpos.String {
					doc.Warn(it.Offset, CodeSchema, "hooksConfig.disabled: want names (strings), got %s; ignored", it.Kind)
					continue
				}
				p.disabled = append(p.disabled, doc.Str(it))
			}
		}
	}
}

// boolValue reads a boolean setting as Gemini's schema coerces it: true,
// false, or the strings "true"/"false".
func boolValue(n *jsonpos.Node) (bool, bool) {
	switch {
	case n.Kind == jsonpos.Bool:
		return n.Bool, true
	case n.Kind == jsonpos.String && (n.Str == "true" || n.Str == "false"):
		return n.Str == "true", true
	}
	return false, false
}

func (p *parsed) group(r *geminicore.Row, where string, g *jsonpos.Node) {
	doc := p.doc
	if g.Kind != jsonpos.Object {
		doc.Warn(g.Offset, translate.CodeInvalidEntry, "%s: want a hook group object, got %s; Gemini CLI discards it", where, g.Kind)
		return
	}
	hs := g.Get("hooks")
	if hs == nil || hs.Kind != jsonpos.Array {
		what := "missing"
		if hs != nil {
			what = hs.Kind.String()
		}
		doc.Warn(g.Offset, translate.CodeInvalidEntry, "%s.hooks: want an array of handlers, got %s; Gemini CLI discards the group (\"Discarding invalid hook definition\")", where, what)
		return
	}
	matcher := ""
	if mn := g.Get("matcher"); mn != nil && geminicore.Truthy(mn) {
		if mn.Kind != jsonpos.String {
			if r.Match != geminicore.MatchNone {
				doc.Warn(mn.Offset, CodeEventBroken, "%s.matcher: want a string, got %s; Gemini CLI fails to plan %s (TypeError: entry.matcher.trim is not a function), so no %s hook runs", where, mn.Kind, r.Name, r.Name)
				if _, seen := p.broken[r.Name]; !seen {
					p.broken[r.Name] = mn.Offset
				}
			} else {
				doc.Warn(mn.Offset, CodeSchema, "%s.matcher: want a string, got %s (Gemini CLI warns; %s has no matcher target, so the group runs)", where, mn.Kind, r.Name)
			}
		} else {
			matcher = doc.Str(mn)
			if t := geminicore.TrimJS(matcher); r.Match == geminicore.MatchNone && t != "" && t != "*" {
				doc.Warn(mn.Offset, translate.CodeMatcherIgnored, "%s.matcher %q: %s has no matcher target; the group runs for every %s (as in Gemini CLI)", where, matcher, r.Name, r.Name)
			}
		}
	}
	sequential := false
	if sq := g.Get("sequential"); sq != nil {
		if sq.Kind == jsonpos.Bool {
			sequential = sq.Bool
		} else {
			doc.Warn(sq.Offset, CodeSchema, "%s.sequential: want true or false, got %s; Gemini CLI runs the group in parallel (it checks sequential === true)", where, sq.Kind)
		}
	}
	for _, k := range geminicore.Members(g) {
		switch k.Key {
		case "matcher", "hooks", "sequential":
		default:
			doc.Warn(k.KeyOffset, translate.CodeUnknownField, "%s: unknown key %q ignored (as in Gemini CLI)", where, k.Key)
		}
	}
	for hi, hn := range hs.Items {
		if h, ok := p.handler(r, matcher, sequential, fmt.Sprintf("%s.hooks[%d]", where, hi), hn); ok {
			p.hooks = append(p.hooks, h)
		}
	}
}

func (p *parsed) handler(r *geminicore.Row, matcher string, sequential bool, where string, n *jsonpos.Node) (settings.Hook, bool) {
	doc := p.doc
	label := "project"
	if p.scope == ScopeExtension {
		label = "extensions"
	}
	if n.Kind != jsonpos.Object {
		doc.Warn(n.Offset, translate.CodeInvalidEntry, "%s: want a handler object, got %s; Gemini CLI discards it", where, n.Kind)
		return settings.Hook{}, false
	}
	h := settings.Hook{
		Event: r.Native, Protocol: Name, Match: matcher, Timeout: DefaultTimeout,
		Source: doc.Source(n.Offset, Name, p.scope, r.Name),
	}
	if matcher != "" {
		h.MatchSyntax = Name
	}
	typ := ""
	if tn := n.Get("type"); tn != nil && tn.Kind == jsonpos.String {
		typ = tn.Str
	} else if tn != nil {
		typ = geminicore.JSString(tn)
	}
	switch typ {
	case "command":
	case "plugin":
		h.Options = map[string]string{"type": "plugin"}
		doc.Warn(n.Offset, translate.CodeUnsupportedField, "%s: type \"plugin\" runs exactly like a command hook in Gemini CLI 0.61.0 (but two plugin hooks without a name count as duplicates)", where)
	case "runtime":
		doc.Warn(n.Offset, translate.CodeUnsupportedHandler, "%s: runtime hooks are registered by the Gemini CLI SDK with a JavaScript action; from a settings file it has none and fails to run; skipped", where)
		return h, false
	default:
		doc.Warn(n.Offset, translate.CodeInvalidEntry, "%s: Invalid hook %s from %s type: %s (Gemini CLI wants \"command\"); discarded", where, r.Name, label, orUndefined(typ, n.Get("type") != nil))
		return h, false
	}
	cn := n.Get("command")
	if cn == nil || !geminicore.Truthy(cn) {
		doc.Warn(n.Offset, translate.CodeInvalidEntry, "%s: Command hook %s from %s missing command field; discarded", where, r.Name, label)
		return h, false
	}
	if cn.Kind == jsonpos.String {
		h.Command = doc.Str(cn)
	} else {
		h.Command = geminicore.JSString(cn)
		doc.Warn(cn.Offset, CodeSchema, "%s.command: want a string, got %s; Gemini CLI runs `bash -c %s`", where, cn.Kind, h.Command)
	}
	if nn := n.Get("name"); nn != nil && geminicore.Truthy(nn) {
		if nn.Kind == jsonpos.String {
			h.Name = doc.Str(nn)
		} else {
			h.Name = geminicore.JSString(nn)
			doc.Warn(nn.Offset, CodeSchema, "%s.name: want a string, got %s", where, nn.Kind)
		}
	}
	if to := n.Get("timeout"); to != nil && to.Kind != jsonpos.Null {
		h.Timeout = timeoutOf(doc, where, to)
	}
	if en := n.Get("env"); en != nil && en.Kind != jsonpos.Null {
		h.Env = geminicore.Env(doc, where, en, func(k, text string, v *jsonpos.Node) {
			doc.Warn(v.Offset, CodeSchema, "%s.env.%s: want a string, got %s; the hook gets %q (Node.js stringifies it)", where, k, v.Kind, text)
		})
	}
	for _, m := range geminicore.Members(n) {
		if !handlerKeys.Get()[m.Key] {
			doc.Warn(m.KeyOffset, translate.CodeUnknownField, "%s: %q is not a Gemini CLI handler field; ignored (as in Gemini CLI)", where, m.Key)
		}
	}
	if sequential {
		if h.Options == nil {
			h.Options = map[string]string{}
		}
		h.Options["sequential"] = "true"
	}
	return h, true
}

func orUndefined(s string, present bool) string {
	if !present {
		return "undefined"
	}
	return s
}

// timeoutOf reads a handler's timeout in milliseconds as Gemini CLI uses
// it (setTimeout(timeout)): a number or a numeric string; 0, a negative
// value, a value above 2^31-1 or anything that is not a number fires at
// Node's minimum, stopping the hook before it starts.
func timeoutOf(doc *geminicore.Doc, where string, to *jsonpos.Node) time.Duration {
	ms, ok := geminicore.NumberValue(to)
	if to.Kind == jsonpos.Bool {
		ms, ok = 0, true
		if to.Bool {
			ms = 1
		}
	}
	switch {
	case !ok:
		doc.Warn(to.Offset, CodeSchema, "%s.timeout %s: want a number of milliseconds; Gemini CLI's timer fires at once, so the hook is stopped before it runs", where, strings.TrimSpace(string(to.Raw)))
		return immediate
	case to.Kind == jsonpos.String:
		doc.Warn(to.Offset, CodeSchema, "%s.timeout: a string; Gemini CLI reads it as %s ms", where, strconv.FormatFloat(ms, 'f', -1, 64))
	}
	if math.IsNaN(ms) || ms < 1 || ms > maxTimerMS {
		doc.Warn(to.Offset, translate.CodeInvalidEntry, "%s.timeout %s ms: Node's timer fires after 1 ms for it, so Gemini CLI stops the hook before it runs", where, strconv.FormatFloat(ms, 'f', -1, 64))
		return immediate
	}
	d := time.Duration(ms * float64(time.Millisecond))
	if ms < 1000 {
		doc.Warn(to.Offset, translate.CodeTimeoutUnit, "%s.timeout %v is milliseconds in Gemini CLI (%s); did you mean seconds?", where, ms, d)
	}
	if ms == 1 {
		return immediate
	}
	return d
}
