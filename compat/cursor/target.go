package cursor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// TargetName is the conversion target writing Cursor's hooks.json.
const TargetName = "cursor"

// Warning codes of the cursor target: constructs Cursor cannot express
// (cursor §11).
const (
	CodeUnsupportedEvent = "unsupported-event"         // an event Cursor has no step for; left out
	CodeAskUnsupported   = "ask-unsupported"           // a PreToolUse "ask" becomes a deny
	CodeEventNeverFires  = "event-never-fires"         // a SessionStart matcher that never sees Cursor's only source, startup
	CodeContextMayDrop   = "context-may-drop"          // context Cursor may not deliver
	CodeCannotBlock      = "cannot-block"              // a block Cursor's step cannot act on
	CodeMCPServerDropped = "mcp-server-dropped"        // Cursor names MCP tools without their server
	CodeMergeDiffers     = "merge-differs"             // several hooks of one step: Cursor's merge, not the source agent's
	CodeTimeoutOverLimit = "timeout-over-cursor-limit" // more than 3600 s
	CodeDoubleFireRisk   = "double-fire"               // Cursor may also run the original Claude hooks
	CodeShimNotAbsolute  = "shim-not-absolute"         // the shim is found on the minimal PATH GUI Cursor gives hooks
	CodeAsyncAwaited     = "async-awaited"             // Cursor waits for an async hook's shim
	CodeNotForCursor     = "not-for-cursor"            // a hook no shim can run inside Cursor; left out
	CodeToolNotInCursor  = "tool-not-in-cursor"        // a matcher naming tools Cursor does not have
)

type target struct{}

func (target) Name() string { return TargetName }

// entry is one hooks.json entry under its step.
type entry struct {
	step string
	raw  []byte // compact JSON object
	shim bool   // calls the exec shim
}

// Write encodes cfg as Cursor's .cursor/hooks.json (cursor §11): version
// 1, each hook one flat entry under its Cursor step, in configured order.
// A Cursor hook is written as it is. Any other hook whose format has an
// exec shim becomes a command calling `<shim> exec --host cursor
// --protocol <format> --event <its event> …` with its matcher, if rule,
// timeout, fail_closed and what it runs, so that the script gets its own
// agent's payload and reply rules; the entry has the timeout written out
// (Claude's defaults too), failClosed where Cursor honours it, loop_limit
// null on stop and subagentStop (the shim's hook decides), and a Cursor
// matcher only where the hook's tool names map to Cursor's one for one
// (the shim applies the hook's own matcher in any case). Every construct
// Cursor cannot express is a warning. With opts.Existing, only the
// converted entries of that file change ([writeInPlace]).
func (target) Write(cfg *settings.Config, opts *format.TargetOptions) (*format.Output, error) {
	shim := opts.Shim
	if shim == "" {
		shim = "hookcompat"
	}
	w := &writer{shim: shim, project: opts.Project, once: map[string]bool{}, perStep: map[string]int{}, groups: map[string]int{}}
	for i := range cfg.Hooks {
		w.hook(&cfg.Hooks[i])
	}
	if w.wrapped > 0 && !filepath.IsAbs(shim) && !strings.HasPrefix(shim, "~/") {
		w.warnOnce(w.first, CodeShimNotAbsolute, CodeShimNotAbsolute, fmt.Sprintf("the entries call %q: GUI Cursor on macOS gives hooks a minimal PATH where it may not be found (a hook that cannot start blocks permission steps); convert with --shim \"$(command -v hookcompat)\"", shim))
	}
	data, err := w.document()
	if err != nil {
		return nil, err
	}
	if opts.Existing != nil {
		merged, warns, err := writeInPlace(data, opts)
		if err != nil {
			return nil, err
		}
		data = merged
		w.warns = append(w.warns, warns...)
	}
	return &format.Output{Data: data, Warnings: w.warns, Wrapped: w.wrapped}, nil
}

type writer struct {
	shim, project string
	entries       []entry
	warns         []translate.Warning
	once          map[string]bool
	perStep       map[string]int
	groups        map[string]int // shim group key -> index in entries
	groupCalls    map[string]*settings.Hook
	wrapped       int
	first         *settings.Hook // the first hook that calls the shim
}

func (w *writer) warn(h *settings.Hook, code, msg string) {
	x := translate.Warning{Code: code, Message: msg}
	if h != nil {
		x.File, x.Line, x.Col = h.Source.File, h.Source.Line, h.Source.Col
	}
	w.warns = append(w.warns, x)
}

func (w *writer) warnOnce(h *settings.Hook, key, code, msg string) {
	if !w.once[key] {
		w.once[key] = true
		w.warn(h, code, msg)
	}
}

func eventName(h *settings.Hook) string {
	return firstOf(h.Source.Event, string(h.Event))
}

func (w *writer) hook(h *settings.Hook) {
	if h.EffectiveProtocol() == Name {
		w.cursorHook(h)
		return
	}
	s := genericStep(h.Event)
	if s == nil || s.Bare {
		w.warn(h, CodeUnsupportedEvent, fmt.Sprintf("Cursor has no step for %s: the hook is left out", eventName(h)))
		return
	}
	f, ok := format.Lookup(h.EffectiveProtocol())
	if !ok {
		w.warn(h, CodeNotForCursor, fmt.Sprintf("protocol %q has no format; the hook is left out", h.EffectiveProtocol()))
		return
	}
	typ := h.EffectiveType()
	if typ == settings.TypeAgent {
		w.warn(h, translate.CodeUnsupportedHandler, fmt.Sprintf("an agent handler of %s cannot run in Cursor; left out", eventName(h)))
		return
	}
	if typ == settings.TypePrompt {
		o := jsonwire.NewObject(jsonwire.JS)
		o.Str("type", "prompt")
		o.Str("prompt", h.Prompt)
		if h.Model != "" {
			o.Str("model", h.Model)
		}
		o.Raw("timeout", json.RawMessage(seconds(h.Timeout)))
		raw, _ := o.Bytes()
		w.add(h, entry{step: s.Name, raw: raw})
		w.warn(h, translate.CodeUnsupportedHandler, fmt.Sprintf("a %s prompt handler becomes a Cursor prompt hook: Cursor's model judges it, from Cursor's payload, with Cursor's reply rules", f.Info().Title))
		return
	}
	if g, ok := f.(format.ShimGrouper); ok {
		if key, call := g.ShimGroup(h, w.shim, w.project); key != "" {
			w.group(h, g, s, key, call)
			return
		}
	}
	shimMatch, ok := format.ShimMatcherOf(h)
	if !ok {
		w.warn(h, CodeNotForCursor, fmt.Sprintf("%s: the native glob %q has wildcards the shim cannot apply in %s's matcher syntax; the hook is left out (match one tool, or set match_syntax)", eventName(h), h.Match, h.EffectiveProtocol()))
		return
	}
	spec, err := format.SpecOf(h, shimMatch)
	if err != nil {
		w.warn(h, CodeNotForCursor, err.Error()+"; the hook is left out")
		return
	}
	spec.Host = TargetName
	if h.Match == "*" {
		spec.Matcher = ""
	}
	w.wrapped++
	if w.first == nil {
		w.first = h
	}
	w.warnings(h, s, f)
	o := jsonwire.NewObject(jsonwire.JS)
	o.Str("command", format.ShimLine(format.ShimArgs(w.shim, spec), false))
	if m := w.cursorMatcher(h); m != "" {
		o.Str("matcher", m)
	}
	o.Raw("timeout", json.RawMessage(seconds(h.Timeout)))
	if h.FailClosed && s.FailClosed {
		o.Bool("failClosed", true)
	}
	if s.LoopLimit {
		o.Raw("loop_limit", json.RawMessage("null"))
	}
	raw, _ := o.Bytes()
	w.add(h, entry{step: s.Name, raw: raw, shim: true})
}

// group folds a hook of a grouping format (Phi) into its format's one
// shim call per group, hosted by Cursor.
func (w *writer) group(h *settings.Hook, g format.ShimGrouper, s *stepRow, key string, call *settings.Hook) {
	if w.groupCalls == nil {
		w.groupCalls = map[string]*settings.Hook{}
	}
	if prev, seen := w.groupCalls[key]; seen {
		g.MergeShimGroup(prev, h)
		w.entries[w.groups[key]].raw = w.groupEntry(prev, s)
		return
	}
	w.wrapped++
	if w.first == nil {
		w.first = h
	}
	w.groupCalls[key] = call
	w.groups[key] = len(w.entries)
	w.add(h, entry{step: s.Name, raw: w.groupEntry(call, s), shim: true})
}

func (w *writer) groupEntry(call *settings.Hook, s *stepRow) []byte {
	argv := call.Args
	if spec, err := format.ParseShimArgs(argv[2:]); err == nil {
		spec.Host = TargetName
		argv = format.ShimArgs(argv[0], spec)
	}
	o := jsonwire.NewObject(jsonwire.JS)
	o.Str("command", format.ShimLine(argv, false))
	o.Raw("timeout", json.RawMessage(seconds(call.Timeout)))
	if call.FailClosed && s.FailClosed {
		o.Bool("failClosed", true)
	}
	if s.LoopLimit {
		o.Raw("loop_limit", json.RawMessage("null"))
	}
	raw, _ := o.Bytes()
	return raw
}

func (w *writer) add(h *settings.Hook, e entry) {
	w.entries = append(w.entries, e)
	if h.EffectiveProtocol() == Name {
		return // Cursor's own hooks keep Cursor's merge
	}
	w.perStep[e.step]++
	if s := stepNamed(e.step); w.perStep[e.step] == 2 && s != nil && s.Merges {
		w.warn(h, CodeMergeDiffers, fmt.Sprintf("several hooks on %s: Cursor runs them in parallel and merges their replies its own way (deny > ask > allow, messages joined, the last updated_input and followup_message in file order win)", e.step))
	}
}

// warnings are what Cursor cannot express of a wrapped hook h on step s.
func (w *writer) warnings(h *settings.Hook, s *stepRow, f format.Format) {
	ev := eventName(h)
	if h.Timeout.Seconds() > 3600 {
		w.warn(h, CodeTimeoutOverLimit, fmt.Sprintf("timeout %s is above Cursor's limit of 3600 s (Cursor warns)", h.Timeout))
	}
	if h.Async {
		w.warn(h, CodeAsyncAwaited, "an async hook: its decisions are dropped as in its own agent, but Cursor waits for the shim to finish")
	}
	if f.Name() == claudeName {
		w.warnOnce(h, CodeDoubleFireRisk, CodeDoubleFireRisk, "with Cursor's third-party hooks setting on, Cursor also runs the original Claude Code hooks of .claude/settings.json: each would fire twice (remove them there, or keep the setting off)")
	}
	if missing := w.noCursorTools(h); len(missing) > 0 {
		w.warn(h, CodeToolNotInCursor, fmt.Sprintf("matcher %q names %s, which Cursor has no tool for: the hook never runs for it there", h.Match, strings.Join(missing, ", ")))
	}
	if strings.Contains(h.Match, "mcp__") {
		w.warn(h, CodeMCPServerDropped, fmt.Sprintf("matcher %q names an MCP server: Cursor calls MCP tools MCP:<tool>, without the server, so the matcher never matches", h.Match))
	}
	if s.ConvertNote != "" {
		w.warnOnce(h, s.ConvertCode+s.Name, s.ConvertCode, fmt.Sprintf(s.ConvertNote, ev))
	}
	if s.Reason != "" && h.Match != "" && h.Match != "*" && !compileMatcher(h.Match).Match(s.Reason) {
		w.warn(h, CodeEventNeverFires, fmt.Sprintf("matcher %q: Cursor starts every session fresh (source %s), so this hook never runs", h.Match, s.Reason))
	}
}

// cursorHook writes a Cursor hook as its entry.
func (w *writer) cursorHook(h *settings.Hook) {
	s := stepOf(h)
	if s == nil {
		w.warn(h, CodeUnsupportedEvent, fmt.Sprintf("no Cursor step for %s; left out", h.Event))
		return
	}
	o := jsonwire.NewObject(jsonwire.JS)
	switch h.EffectiveType() {
	case settings.TypePrompt:
		o.Str("type", "prompt")
		o.Str("prompt", h.Prompt)
		if h.Model != "" {
			o.Str("model", h.Model)
		}
	case settings.TypeCommand:
		if len(h.Args) > 0 {
			o.Str("command", format.ShellJoin(h.Args))
		} else {
			o.Str("command", h.Command)
		}
	default:
		w.warn(h, CodeNotForCursor, fmt.Sprintf("a %s Cursor hook cannot be written to hooks.json; left out", h.EffectiveType()))
		return
	}
	if h.Match != "" {
		if h.EffectiveMatchSyntax() != Name {
			w.warn(h, translate.CodeUnsupportedField, fmt.Sprintf("match %q (%s syntax) is written as a Cursor regex", h.Match, h.EffectiveMatchSyntax()))
			w.warns[len(w.warns)-1].Class = translate.ClassLoss // it may select other calls
		}
		o.Str("matcher", h.Match)
	}
	o.Raw("timeout", json.RawMessage(seconds(h.Timeout)))
	if h.FailClosed {
		o.Bool("failClosed", true)
	}
	if v, ok := h.Options[OptionLoopLimit]; ok && s.LoopLimit {
		o.Raw("loop_limit", json.RawMessage(v))
	}
	raw, _ := o.Bytes()
	w.add(h, entry{step: s.Name, raw: raw, shim: isShimCommand(h.Command)})
}

// cursorMatcher is a Cursor matcher equivalent to a wrapped hook's own on
// a tool step: only for a plain list of tool names that all have Cursor
// names ("^(?:Shell)$" for Claude's Bash); "" when the shim alone must
// decide (a regex, an MCP or unknown tool, a non-tool event).
func (w *writer) cursorMatcher(h *settings.Hook) string {
	m := h.Match
	if m == "" || m == "*" || !toolEvent(h.Event) || h.EffectiveMatchSyntax() == settings.MatchGlob {
		return ""
	}
	for _, c := range m {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '|' || c == ',' || c == ' ') {
			return ""
		}
	}
	dialect := translate.Dialect(h.EffectiveProtocol())
	vocab := translate.DefaultVocabulary
	seen := map[string]bool{}
	var names []string
	for _, part := range strings.FieldsFunc(m, func(r rune) bool { return r == '|' || r == ',' }) {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if part == "Task" && dialect == claudeDialect {
			part = "Agent"
		}
		t, ok := vocab.Lookup(dialect, part)
		if !ok || t.Name(Dialect) == "" {
			return ""
		}
		cands := []string{t.Name(Dialect)}
		for alias, native := range cursorAliases.Get() {
			if native == t.Native {
				cands = append(cands, alias)
			}
		}
		for _, c := range cands {
			if !seen[c] {
				seen[c] = true
				names = append(names, regexp.QuoteMeta(c))
			}
		}
	}
	if len(names) == 0 {
		return ""
	}
	sort.Strings(names)
	return "^(?:" + strings.Join(names, "|") + ")$"
}

// noCursorTools are the tool names of a wrapped hook's plain name-list
// matcher that Cursor has no tool for (Skill, AskUserQuestion, …).
func (w *writer) noCursorTools(h *settings.Hook) []string {
	m := h.Match
	if m == "" || m == "*" || !toolEvent(h.Event) || strings.ContainsAny(m, `^$.*+?()[]{}\`) {
		return nil
	}
	dialect := translate.Dialect(h.EffectiveProtocol())
	var out []string
	for _, part := range strings.FieldsFunc(m, func(r rune) bool { return r == '|' || r == ',' }) {
		part = strings.TrimSpace(part)
		if part == "" || strings.HasPrefix(part, "mcp__") {
			continue
		}
		if part == "Task" && dialect == claudeDialect {
			part = "Agent"
		}
		if t, ok := translate.DefaultVocabulary.Lookup(dialect, part); !ok || t.Name(Dialect) == "" {
			out = append(out, part)
		}
	}
	return out
}

// isShimCommand reports whether a hooks.json command calls the exec shim.
func isShimCommand(cmd string) bool {
	f := strings.Fields(cmd)
	if len(f) < 2 {
		return false
	}
	return format.IsShim([]string{strings.Trim(f[0], `'"`), f[1]})
}

// seconds renders a timeout in seconds: an integer when whole.
func seconds(d time.Duration) string {
	s := d.Seconds()
	if s <= 0 {
		s = DefaultTimeout.Seconds()
	}
	return strconv.FormatFloat(s, 'f', -1, 64)
}

// document renders the whole hooks.json.
func (w *writer) document() ([]byte, error) {
	hooks := w.hooksObject(nil, nil)
	var buf bytes.Buffer
	if err := json.Indent(&buf, []byte(`{"version":1,"hooks":`+string(hooks)+`}`), "", "  "); err != nil {
		return nil, err
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

// hooksObject is the compact hooks object: the steps of order first (an
// existing file's), then the others in table order; under each, the
// kept entries, then the new ones (a Cursor hook identical to a kept
// entry is not written twice).
func (w *writer) hooksObject(order []string, kept map[string][][]byte) []byte {
	byStep := map[string][][]byte{}
	for _, e := range w.entries {
		dup := false
		for _, k := range kept[e.step] {
			if bytes.Equal(k, e.raw) {
				dup = true
			}
		}
		if !dup {
			byStep[e.step] = append(byStep[e.step], e.raw)
		}
	}
	seen := map[string]bool{}
	for _, s := range order {
		seen[s] = true
	}
	for _, s := range stepTable {
		if !seen[s.Name] && len(byStep[s.Name]) > 0 {
			order = append(order, s.Name)
			seen[s.Name] = true
		}
	}
	o := jsonwire.NewObject(jsonwire.JS)
	for _, step := range order {
		list := append(append([][]byte(nil), kept[step]...), byStep[step]...)
		if len(list) == 0 {
			continue
		}
		o.Raw(step, json.RawMessage("["+string(bytes.Join(list, []byte(",")))+"]"))
	}
	b, _ := o.Bytes()
	return b
}

// InPlace reports that the target writes into an existing hooks.json,
// replacing only the entries that call the shim.
func (target) InPlace() bool { return true }
