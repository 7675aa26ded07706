package qwen

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

// Qwen Code's default timeouts per handler type (qwen-code §1.4).
const (
	DefaultCommandTimeout = 60 * time.Second
	DefaultHTTPTimeout    = 600 * time.Second
	DefaultPromptTimeout  = 30 * time.Second
)

// Codes of the Qwen format's own warnings.
const (
	// CodeInvalidFile: a discovered settings file does not parse. A user
	// or system file stops Qwen Code (no hook runs); a workspace file is
	// renamed to settings.json.corrupted and reset by Qwen, the run goes on
	// without it.
	CodeInvalidFile = "invalid-file"
	// CodeDisabled: disableAllHooks is true: no hook runs.
	CodeDisabled = "disabled-by-settings"
	// CodeUntrusted: project hooks of an untrusted folder do not run.
	CodeUntrusted = "untrusted-folder"
	// CodeDuplicate: a hook Qwen registers once (same event, source,
	// identity, matcher and sequential).
	CodeDuplicate = "duplicate-hook"
	// CodeSchema: a value of the wrong type.
	CodeSchema = geminicore.CodeSchema
	// CodeTimeoutUnit: a command timeout in Qwen's mixed unit (seconds
	// below 1000, milliseconds from 1000).
	CodeTimeoutUnit = "timeout-unit"
)

// parsed is what one Qwen settings or extension file holds.
type parsed struct {
	doc     *geminicore.Doc
	scope   string
	hooks   []settings.Hook
	disable *bool
	// stopCap is stopHookBlockingCap when set.
	stopCap *int
	// allowedURLs is security.allowedHttpHookUrls when set;
	// allowPrivate security.allowPrivateNetworkHooks; folderTrust
	// security.folderTrust.enabled.
	allowedURLs  []string
	allowedSet   bool
	allowPrivate *bool
	folderTrust  *bool
}

var commandKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"type": true, "command": true, "name": true, "description": true, "timeout": true, "env": true, "async": true, "shell": true, "statusMessage": true}
}}
var httpKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"type": true, "url": true, "headers": true, "allowedEnvVars": true, "timeout": true, "once": true, "name": true, "description": true, "statusMessage": true}
}}
var promptKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"type": true, "prompt": true, "model": true, "timeout": true, "name": true, "description": true, "statusMessage": true}
}}

// decodeHooks reads a hooks object (hooks.<Event>[group].hooks[handler])
// as Qwen Code's registry accepts it. pluginRoot, when set, replaces
// ${CLAUDE_PLUGIN_ROOT} in an extension's commands.
func decodeHooks(p *parsed, hooks *jsonpos.Node, pluginRoot string) {
	doc := p.doc
	type regKey struct {
		event, id, matcher string
		seq                bool
	}
	seen := map[regKey]bool{}
	agent.WalkHooks(doc, hooks, geminicore.GroupWalk{
		NotObject: "no hook is loaded from it",
		Switch: func(k string) string {
			return fmt.Sprintf("hooks.%s is skipped by Qwen Code and has no effect (its only switch is disableAllHooks)", k)
		},
		Unknown: func(k string) string {
			if alias, isAlias := translate.ClaudeEventAlias(k); isAlias {
				return fmt.Sprintf("%q is not a Qwen Code event (Qwen uses Claude Code's names: %s); its hooks are skipped", k, alias)
			}
			return fmt.Sprintf("Invalid hook event name: %q from %s config. Skipping. (Qwen Code's events: %s)%s", k, p.scope, strings.Join(EventNames(), ", "), hookkit.DidYouMean(k, EventNames()))
		},
		Group: func(r *geminicore.Row, where string, g *jsonpos.Node) {
			if g.Kind != jsonpos.Object {
				doc.Warn(g.Offset, translate.CodeInvalidEntry, "%s: want a hook group object, got %s; dropped", where, g.Kind)
				return
			}
			hs := g.Get("hooks")
			if hs == nil || hs.Kind != jsonpos.Array {
				doc.Warn(g.Offset, translate.CodeInvalidEntry, "%s.hooks: want an array of handlers; Qwen Code drops the group", where)
				return
			}
			matcher := ""
			if mn := g.Get("matcher"); mn != nil && geminicore.Truthy(mn) {
				if mn.Kind != jsonpos.String {
					doc.Warn(mn.Offset, translate.CodeInvalidEntry, "%s.matcher: want a string, got %s; the group is skipped", where, mn.Kind)
					return
				}
				matcher = doc.Str(mn)
				if t := trimMatcher(matcher); r.Match == geminicore.MatchNone && t != "" && t != "*" && t != ".*" {
					doc.Warn(mn.Offset, translate.CodeMatcherIgnored, "%s.matcher %q: %s has no matcher target; the group runs for every %s (as in Qwen Code)", where, matcher, r.Name, r.Name)
				}
			}
			sequential := false
			if sq := g.Get("sequential"); sq != nil {
				if sq.Kind == jsonpos.Bool {
					sequential = sq.Bool
				} else {
					doc.Warn(sq.Offset, CodeSchema, "%s.sequential: want true or false, got %s; the group runs in parallel", where, sq.Kind)
				}
			}
			for _, k := range geminicore.Members(g) {
				if k.Key != "matcher" && k.Key != "hooks" && k.Key != "sequential" {
					doc.Warn(k.KeyOffset, translate.CodeUnknownField, "%s: unknown key %q ignored", where, k.Key)
				}
			}
			for hi, hn := range hs.Items {
				h, ok := p.handler(r, matcher, sequential, fmt.Sprintf("%s.hooks[%d]", where, hi), hn, pluginRoot)
				if !ok {
					continue
				}
				id := h.Name
				if id == "" {
					id = identity(&h)
				}
				k := regKey{r.Name, id, matcher, sequential}
				if seen[k] {
					doc.Warn(hn.Offset, CodeDuplicate, "%s: Qwen Code registers %s %q of this file once (same name or command, matcher and sequential); this copy does not run", where, r.Name, id)
					continue
				}
				seen[k] = true
				p.hooks = append(p.hooks, h)
			}
		},
	})
}

// identity is what Qwen Code names an unnamed hook by: its command, URL
// or prompt.
func identity(h *settings.Hook) string {
	switch h.EffectiveType() {
	case settings.TypeHTTP:
		return h.URL
	case settings.TypePrompt:
		return h.Prompt
	}
	return h.Command
}

func (p *parsed) handler(r *geminicore.Row, matcher string, sequential bool, where string, n *jsonpos.Node, pluginRoot string) (settings.Hook, bool) {
	doc := p.doc
	if n.Kind != jsonpos.Object {
		doc.Warn(n.Offset, translate.CodeInvalidEntry, "%s: want a handler object, got %s; dropped", where, n.Kind)
		return settings.Hook{}, false
	}
	h := settings.Hook{
		Event: r.Native, Protocol: Name, Match: matcher,
		Source: doc.Source(n.Offset, Name, p.scope, r.Name),
	}
	if matcher != "" {
		h.MatchSyntax = Name
	}
	str := func(key string) (string, bool) {
		v := n.Get(key)
		if v == nil || v.Kind == jsonpos.Null {
			return "", true
		}
		if v.Kind != jsonpos.String {
			doc.Warn(v.Offset, CodeSchema, "%s.%s: want a string, got %s; ignored", where, key, v.Kind)
			return "", false
		}
		return doc.Str(v), true
	}
	typ := ""
	if tn := n.Get("type"); tn != nil && tn.Kind == jsonpos.String {
		typ = tn.Str
	}
	keys := commandKeys.Get()
	switch typ {
	case "command":
		cmd, _ := str("command")
		if cmd == "" {
			doc.Warn(n.Offset, translate.CodeInvalidEntry, "%s: a command hook without a command; dropped", where)
			return h, false
		}
		if pluginRoot != "" {
			cmd = strings.ReplaceAll(cmd, "${CLAUDE_PLUGIN_ROOT}", pluginRoot)
		}
		h.Command = cmd
		h.Timeout = commandTimeout(doc, where, n.Get("timeout"))
		if a := n.Get("async"); a != nil && a.Kind == jsonpos.Bool && a.Bool {
			h.Async = true
		}
		if sh, _ := str("shell"); sh != "" {
			if sh != "bash" && sh != "powershell" {
				doc.Warn(n.Get("shell").Offset, translate.CodeInvalidEntry, "%s.shell %q: Qwen Code knows bash and powershell; bash is used", where, sh)
			} else if sh == "powershell" {
				h.Shell = sh
			}
		}
		if en := n.Get("env"); en != nil && en.Kind != jsonpos.Null {
			h.Env = geminicore.Env(doc, where, en, nil)
		}
	case "http":
		keys = httpKeys.Get()
		url, _ := str("url")
		if url == "" {
			doc.Warn(n.Offset, translate.CodeInvalidEntry, "%s: an http hook without a url; dropped", where)
			return h, false
		}
		h.Type, h.URL = settings.TypeHTTP, url
		h.Timeout = secondsTimeout(doc, where, n.Get("timeout"), DefaultHTTPTimeout)
		if hd := n.Get("headers"); hd != nil && hd.Kind == jsonpos.Object {
			h.Headers = map[string]string{}
			for _, m := range geminicore.Members(hd) {
				if m.Value.Kind == jsonpos.String {
					h.Headers[m.Key] = doc.Str(m.Value)
				}
			}
		}
		if av := n.Get("allowedEnvVars"); av != nil && av.Kind == jsonpos.Array {
			for _, it := range av.Items {
				if it.Kind == jsonpos.String {
					h.AllowedEnvVars = append(h.AllowedEnvVars, it.Str)
				}
			}
		}
		if o := n.Get("once"); o != nil && o.Kind == jsonpos.Bool && o.Bool {
			h.Once = true
		}
	case "prompt":
		keys = promptKeys.Get()
		prompt, _ := str("prompt")
		if prompt == "" {
			doc.Warn(n.Offset, translate.CodeInvalidEntry, "%s: a prompt hook without a prompt; dropped", where)
			return h, false
		}
		h.Type, h.Prompt = settings.TypePrompt, prompt
		h.Model, _ = str("model")
		h.Timeout = secondsTimeout(doc, where, n.Get("timeout"), DefaultPromptTimeout)
		doc.Warn(n.Offset, translate.CodeUnsupportedHandler, "%s: a prompt hook runs only through the embedding agent's judge (the CLI reports it as not runnable)", where)
	case "function":
		doc.Warn(n.Offset, translate.CodeUnsupportedHandler, "%s: function hooks are registered by the Qwen Code SDK with a callback; from a settings file Qwen drops them", where)
		return h, false
	default:
		doc.Warn(n.Offset, translate.CodeInvalidEntry, "%s: hook type %q: Qwen Code wants command, http, prompt or function; dropped", where, typ)
		return h, false
	}
	if name, _ := str("name"); name != "" {
		h.Name = name
	}
	if sm, _ := str("statusMessage"); sm != "" {
		h.StatusMessage = sm
	}
	for _, m := range geminicore.Members(n) {
		if !keys[m.Key] {
			doc.Warn(m.KeyOffset, translate.CodeUnknownField, "%s: %q is not a field of a Qwen Code %s hook; ignored", where, m.Key, typ)
		}
	}
	if sequential {
		h.Options = map[string]string{"sequential": "true"}
	}
	return h, true
}

// Qwen Code's timer for a timeout beyond Node's (maxTimerMS) fires after
// 1 ms, stopping the hook before it runs (immediate).
const (
	maxTimerMS = geminicore.MaxTimerMS
	immediate  = geminicore.Immediate
)

// timerPast reports (and warns about) a timeout of ms milliseconds that
// Node's timer cannot hold.
func timerPast(doc *geminicore.Doc, where string, to *jsonpos.Node, ms float64) bool {
	if ms <= maxTimerMS {
		return false
	}
	doc.Warn(to.Offset, translate.CodeInvalidEntry, "%s.timeout %s is %s ms, beyond Node's timer (2147483647 ms): its timer fires after 1 ms, so Qwen Code stops the hook before it runs", where, strings.TrimSpace(string(to.Raw)), strconv.FormatFloat(ms, 'g', -1, 64))
	return true
}

// commandTimeout reads a command hook's timeout in Qwen Code's mixed unit:
// seconds below 1000, milliseconds from 1000 up; a numeric string counts;
// missing, zero, negative or not a number is the default 60 s; more than
// Node's timer holds stops the hook at once.
func commandTimeout(doc *geminicore.Doc, where string, to *jsonpos.Node) time.Duration {
	if to == nil || to.Kind == jsonpos.Null {
		return DefaultCommandTimeout
	}
	v, ok := geminicore.NumberValue(to)
	if !ok || v <= 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		doc.Warn(to.Offset, translate.CodeInvalidEntry, "%s.timeout %s: Qwen Code uses its default, 60 s", where, strings.TrimSpace(string(to.Raw)))
		return DefaultCommandTimeout
	}
	if v >= 1000 {
		if timerPast(doc, where, to, v) {
			return immediate
		}
		d := time.Duration(v * float64(time.Millisecond))
		doc.Warn(to.Offset, CodeTimeoutUnit, "%s.timeout %s: Qwen Code reads a command timeout of 1000 or more as milliseconds (%s), below 1000 as seconds", where, strings.TrimSpace(string(to.Raw)), d)
		return d
	}
	return max(time.Duration(v*float64(time.Second)), time.Millisecond)
}

// secondsTimeout reads an http or prompt hook's timeout in seconds (0 or
// missing: def; more than Node's timer holds stops the hook at once).
func secondsTimeout(doc *geminicore.Doc, where string, to *jsonpos.Node, def time.Duration) time.Duration {
	if to == nil || to.Kind == jsonpos.Null {
		return def
	}
	v, ok := geminicore.NumberValue(to)
	if !ok || v <= 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		if !(ok && v == 0) {
			doc.Warn(to.Offset, translate.CodeInvalidEntry, "%s.timeout %s: want seconds; Qwen Code uses its default %s", where, strings.TrimSpace(string(to.Raw)), def)
		}
		return def
	}
	if timerPast(doc, where, to, v*1000) {
		return immediate
	}
	if v >= 1000 {
		doc.Warn(to.Offset, translate.CodeTimeoutUnit, "%s.timeout %s is seconds for this hook type; did you mean milliseconds?", where, strings.TrimSpace(string(to.Raw)))
	}
	return max(time.Duration(v*float64(time.Second)), time.Millisecond)
}

// decodeSettings reads the settings keys Qwen's hook system uses and its
// hooks object.
func decodeSettings(doc *geminicore.Doc, scope string) *parsed {
	p := &parsed{doc: doc, scope: scope}
	root := doc.Root
	if d := root.Get("disableAllHooks"); d != nil {
		if d.Kind == jsonpos.Bool {
			v := d.Bool
			p.disable = &v
		} else {
			doc.Warn(d.Offset, CodeSchema, "disableAllHooks: want true or false, got %s; ignored", d.Kind)
		}
	}
	if c := root.Get("stopHookBlockingCap"); c != nil {
		if v, ok := geminicore.NumberValue(c); ok && c.Kind == jsonpos.Number && v >= 1 && v <= 100 && v == math.Trunc(v) {
			n := int(v)
			p.stopCap = &n
		} else {
			doc.Warn(c.Offset, CodeSchema, "stopHookBlockingCap: want a whole number from 1 to 100, got %s; ignored", strings.TrimSpace(string(c.Raw)))
		}
	}
	if sec := root.Get("security"); sec != nil {
		if a := sec.Get("allowedHttpHookUrls"); a != nil && a.Kind == jsonpos.Array {
			p.allowedSet = true
			for _, it := range a.Items {
				if it.Kind == jsonpos.String {
					p.allowedURLs = append(p.allowedURLs, it.Str)
				}
			}
		}
		if a := sec.Get("allowPrivateNetworkHooks"); a != nil && a.Kind == jsonpos.Bool {
			v := a.Bool
			p.allowPrivate = &v
		}
		if ft := sec.Get("folderTrust"); ft != nil {
			if en := ft.Get("enabled"); en != nil && en.Kind == jsonpos.Bool {
				v := en.Bool
				p.folderTrust = &v
			}
		}
	}
	for _, d := range jsonpos.Duplicates(root, "hooks") {
		line, col := p.doc.Pos(d.LastOffset)
		p.doc.Warn(d.KeyOffset, translate.CodeInvalidEntry, "duplicate key %q: Qwen Code reads only the last one (%d:%d), so what is written here is not loaded", d.Key, line, col)
	}
	if hooks := root.Get("hooks"); hooks != nil {
		decodeHooks(p, hooks, "")
	}
	return p
}
