package cursor

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// DefaultTimeout is a Cursor hook's timeout when its entry has none: 60
// seconds (the CLI bundle's default, cursor §2). Cursor's timeout is
// seconds (docs/decisions/014-cursor.md).
const DefaultTimeout = 60 * time.Second

// DefaultLoopLimit is how many follow-ups a stop or subagentStop hook
// may trigger per conversation when its entry has no loop_limit.
const DefaultLoopLimit = 5

// Warning codes of the Cursor format (besides translate's shared codes).
const (
	// CodeRejected: Cursor rejects the whole file (an unknown step, a
	// matcher that does not compile, an entry of the wrong shape, a
	// missing version): none of its hooks run.
	CodeRejected = "file-rejected"
	// CodeInvalidFile: a discovered hooks.json that is not JSON; skipped.
	CodeInvalidFile = "invalid-file"
	// CodeNoEffect: a field that has no effect on its step (failClosed on
	// an observe step, loop_limit outside stop and subagentStop).
	CodeNoEffect = "no-effect"
)

// entryKeys are the fields of a hooks.json entry (cursor §2).
var entryKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"command": true, "type": true, "prompt": true, "model": true, "matcher": true,
		"timeout": true, "failClosed": true, "loop_limit": true,
	}
}}

// translateFile reads one hooks.json (src.Scope as the source's scope; its
// plugin environment in src.Env) into native hooks with protocol
// "cursor", one per entry, in file order except that the steps of one
// native event are listed in the order Cursor runs them:
//   - the step becomes its native event (the table stepTable); a
//     tool-specific step (beforeShellExecution) keeps its name in the
//     hook's "step" option;
//   - matcher keeps Cursor's syntax (match_syntax "cursor"), timeout is
//     seconds with Cursor's default of 60 s made explicit, failClosed is
//     fail_closed, loop_limit the "loop_limit" option, type "prompt" a
//     prompt hook.
//
// Cursor validates the whole file: an unknown step name (steps are
// camelCase, exactly spelt), a matcher that does not compile, an entry of
// the wrong shape or type, a timeout that is not a positive number, a
// missing or invalid version (outside a plugin) or "hooks" missing make
// Cursor load none of the file's hooks. Such a file translates to no
// hooks, with a warning for each problem and one file-rejected warning.
// Unknown keys are ignored with a warning. A timeout that looks like
// milliseconds (above 3600, or a whole number of thousands) is kept
// as seconds with a warning.
//
// Errors: the file is not JSON (with line:col), or not an object.
func translateFile(src translate.Source) (*settings.Config, []translate.Warning, error) {
	t := &translation{src: src, data: src.Data}
	if bytes.HasPrefix(t.data, []byte("\ufeff")) {
		t.data = t.data[3:]
		t.warnAt(0, translate.CodeBOM, "the file starts with a UTF-8 byte order mark; hookcompat ignores it, Cursor's JSON.parse may reject the file")
	}
	root, err := jsonpos.Parse(t.data)
	if err != nil {
		if se, ok := err.(*jsonpos.SyntaxError); ok {
			return nil, nil, &settings.Error{File: src.Path, Line: se.Line, Col: se.Col, Msg: "invalid JSON: " + se.Msg, Err: err}
		}
		return nil, nil, fmt.Errorf("%s: %w", src.Path, err)
	}
	if root.Kind != jsonpos.Object {
		line, col := t.pos(root.Offset)
		return nil, nil, &settings.Error{File: src.Path, Line: line, Col: col, Msg: fmt.Sprintf("want a JSON object, got %s", root.Kind)}
	}
	cfg := &settings.Config{}
	t.version(root)
	for _, m := range root.Members {
		switch m.Key {
		case "version", "hooks", "$schema":
		case "stop_hook_loop_limit":
			t.warnAt(m.KeyOffset, translate.CodeDeprecated, "stop_hook_loop_limit is deprecated and ignored by Cursor; give each stop hook a loop_limit")
		default:
			t.warnAt(m.KeyOffset, translate.CodeUnknownField, fmt.Sprintf("unknown key %q ignored", m.Key))
		}
	}
	for _, d := range jsonpos.Duplicates(root, "hooks") {
		line, col := t.pos(d.LastOffset)
		t.warnAt(d.KeyOffset, translate.CodeInvalidEntry, fmt.Sprintf("duplicate key %q: Cursor reads only the last one (%d:%d), so what is written here is not loaded", d.Key, line, col))
	}
	hooks := root.Get("hooks")
	switch {
	case hooks == nil:
		t.reject(root.Offset, translate.CodeInvalidEntry, `no "hooks" object: Cursor requires one`)
	case hooks.Kind != jsonpos.Object:
		t.reject(hooks.Offset, translate.CodeInvalidEntry, fmt.Sprintf(`"hooks" must be an object of steps, got %s`, hooks.Kind))
	default:
		for _, m := range jsonpos.Unique(hooks) {
			t.step(cfg, m)
		}
	}
	if t.rejected {
		line, col := t.pos(root.Offset)
		t.warnings = append(t.warnings, translate.Warning{File: src.Path, Line: line, Col: col, Code: CodeRejected,
			Message: "Cursor rejects the whole file, so none of its hooks run (fix the problems above)"})
		return &settings.Config{}, t.warnings, nil
	}
	// Cursor runs a call's steps in order (preToolUse before
	// beforeShellExecution, afterFileEdit before postToolUse): hooks of
	// one native event are listed so, each step's in file order.
	orderSteps(cfg.Hooks)
	if len(cfg.Hooks) == 0 && hooks != nil && hooks.Kind == jsonpos.Object {
		t.warnAt(hooks.Offset, translate.CodeNoHooks, "the file defines no hooks")
	}
	return cfg, t.warnings, nil
}

// orderSteps reorders the hooks of each native event by their step's
// phase, stably, leaving them at the positions the event's hooks had.
func orderSteps(hooks []settings.Hook) {
	at := map[settings.Event][]int{}
	for i := range hooks {
		at[hooks[i].Event] = append(at[hooks[i].Event], i)
	}
	for _, idx := range at {
		group := make([]settings.Hook, len(idx))
		for k, i := range idx {
			group[k] = hooks[i]
		}
		sort.SliceStable(group, func(a, b int) bool { return stepOf(&group[a]).Phase < stepOf(&group[b]).Phase })
		for k, i := range idx {
			hooks[i] = group[k]
		}
	}
}

type translation struct {
	src      translate.Source
	data     []byte
	lines    *jsonpos.Lines
	warnings []translate.Warning
	rejected bool
}

func (t *translation) pos(off int) (int, int) {
	if t.lines == nil {
		t.lines = jsonpos.NewLines(t.data)
	}
	return t.lines.Position(off)
}

func (t *translation) warnAt(off int, code, msg string) {
	line, col := t.pos(off)
	t.warnings = append(t.warnings, translate.Warning{File: t.src.Path, Line: line, Col: col, Code: code, Message: msg})
}

// reject records a problem that makes Cursor reject the file.
func (t *translation) reject(off int, code, msg string) {
	t.rejected = true
	t.warnAt(off, code, msg)
}

func (t *translation) version(root *jsonpos.Node) {
	v := root.Get("version")
	if v == nil {
		if t.src.Scope != ScopePlugin {
			t.reject(root.Offset, translate.CodeInvalidEntry, `no "version": Cursor requires "version": 1 (only a plugin's hooks.json may omit it)`)
		}
		return
	}
	n, err := strconv.Atoi(string(v.Number))
	if v.Kind != jsonpos.Number || err != nil || n < 1 {
		t.reject(v.Offset, translate.CodeInvalidEntry, fmt.Sprintf("version: want a positive integer (1), got %s", strings.TrimSpace(string(v.Raw))))
	}
}

func (t *translation) step(cfg *settings.Config, m *jsonpos.Member) {
	s := stepNamed(m.Key)
	if s == nil {
		msg := fmt.Sprintf("unknown step %q: Cursor rejects the file (Unknown hook type)", m.Key)
		if near := nearestStep(m.Key); near != "" {
			msg += fmt.Sprintf("; did you mean %q?", near)
		}
		t.reject(m.KeyOffset, translate.CodeUnknownEvent, msg)
		return
	}
	if m.Value.Kind != jsonpos.Array {
		t.reject(m.Value.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s: want an array of hooks, got %s", s.Name, m.Value.Kind))
		return
	}
	for i, n := range m.Value.Items {
		if h, ok := t.entry(s, fmt.Sprintf("%s[%d]", s.Name, i), n); ok {
			cfg.Hooks = append(cfg.Hooks, h)
		}
	}
}

func (t *translation) entry(s *stepRow, where string, n *jsonpos.Node) (settings.Hook, bool) {
	line, col := t.pos(n.Offset)
	h := settings.Hook{
		Event:    s.Event,
		Protocol: Name,
		Timeout:  DefaultTimeout,
		Source:   settings.Source{File: t.src.Path, Line: line, Col: col, Format: Name, Scope: t.src.Scope, Event: s.Name},
	}
	if s.Specific() {
		h.Options = map[string]string{OptionStep: s.Name}
	}
	if n.Kind != jsonpos.Object {
		t.reject(n.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s: want a hook object, got %s", where, n.Kind))
		return h, false
	}
	for _, m := range n.Members {
		if !entryKeys.Get()[m.Key] {
			t.warnAt(m.KeyOffset, translate.CodeUnknownField, fmt.Sprintf("%s: unknown key %q ignored", where, m.Key))
		}
	}
	ok := true
	str := func(key string) string {
		v := n.Get(key)
		if v == nil || v.Kind == jsonpos.Null {
			return ""
		}
		if v.Kind != jsonpos.String {
			t.reject(v.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s.%s: want a string, got %s", where, key, v.Kind))
			ok = false
			return ""
		}
		return v.Str
	}
	typ := str("type")
	switch typ {
	case "", "command":
		h.Command = str("command")
		if strings.TrimSpace(h.Command) == "" && ok {
			t.reject(n.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s: a command hook needs a non-empty \"command\"", where))
			ok = false
		}
		if n.Get("prompt") != nil {
			t.warnAt(n.Get("prompt").Offset, translate.CodeUnsupportedField, fmt.Sprintf("%s.prompt: ignored on a command hook", where))
		}
	case "prompt":
		h.Type = settings.TypePrompt
		h.Prompt, h.Model = str("prompt"), str("model")
		if strings.TrimSpace(h.Prompt) == "" && ok {
			t.reject(n.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s: a prompt hook needs a non-empty \"prompt\"", where))
			ok = false
		}
		t.warnAt(n.Offset, translate.CodeUnsupportedHandler, fmt.Sprintf("%s: prompt hook, judged by Cursor's model; it runs only through the embedding agent's judge (the CLI reports it as not runnable)", where))
	default:
		t.reject(n.Get("type").Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s.type %q: want \"command\" or \"prompt\"", where, typ))
		ok = false
	}
	if mv := n.Get("matcher"); mv != nil {
		m := str("matcher")
		switch {
		case !ok:
		case m == "" || m == "*":
		case compileMatcher(m).Err() != nil:
			t.reject(mv.Offset, translate.CodeInvalidMatcher, fmt.Sprintf("%s.matcher: %v; Cursor rejects the file", where, compileMatcher(m).Err()))
			ok = false
		case !s.HasSubject():
			t.warnAt(mv.Offset, translate.CodeMatcherIgnored, fmt.Sprintf("%s.matcher %q: %s has no match value; the hook runs every time (as in Cursor)", where, m, s.Name))
		default:
			h.Match, h.MatchSyntax = m, Name
		}
	}
	if to := n.Get("timeout"); to != nil {
		secs, err := to.Number.Float64()
		switch {
		case to.Kind != jsonpos.Number || err != nil || secs <= 0 || math.IsInf(secs, 0):
			t.reject(to.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s.timeout: want a positive number of seconds, got %s", where, strings.TrimSpace(string(to.Raw))))
			ok = false
		case secs >= float64(math.MaxInt64)/float64(time.Second):
			t.reject(to.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s.timeout %s seconds is too large", where, strings.TrimSpace(string(to.Raw))))
			ok = false
		default:
			h.Timeout = max(time.Duration(math.Round(secs*float64(time.Second))), time.Millisecond)
			if looksLikeMillis(secs) {
				t.warnAt(to.Offset, translate.CodeTimeoutUnit, fmt.Sprintf("%s.timeout %v is seconds in Cursor (%s); it looks like milliseconds — did you mean %v?", where, secs, h.Timeout, secs/1000))
			}
		}
	}
	if fc := n.Get("failClosed"); fc != nil {
		switch {
		case fc.Kind != jsonpos.Bool:
			t.reject(fc.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s.failClosed: want a boolean, got %s", where, fc.Kind))
			ok = false
		case fc.Bool && !s.FailClosed:
			h.FailClosed = true
			t.warnAt(fc.Offset, CodeNoEffect, fmt.Sprintf("%s.failClosed: %s cannot block, so a failure changes nothing (as in Cursor)", where, s.Name))
		default:
			h.FailClosed = fc.Bool
		}
	}
	if ll := n.Get("loop_limit"); ll != nil {
		v, err := strconv.Atoi(string(ll.Number))
		switch {
		case ll.Kind == jsonpos.Null:
			if s.LoopLimit {
				h.Options = withOption(h.Options, OptionLoopLimit, "null")
			}
		case ll.Kind != jsonpos.Number || err != nil || v < 1:
			t.reject(ll.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s.loop_limit: want a positive integer or null, got %s", where, strings.TrimSpace(string(ll.Raw))))
			ok = false
		case s.LoopLimit:
			if v != DefaultLoopLimit {
				h.Options = withOption(h.Options, OptionLoopLimit, strconv.Itoa(v))
			}
		}
		if ok && !s.LoopLimit {
			t.warnAt(ll.Offset, CodeNoEffect, fmt.Sprintf("%s.loop_limit: only stop and subagentStop hooks have one; ignored", where))
		}
	}
	if ok && h.Type == "" && n.Get("model") != nil {
		t.warnAt(n.Get("model").Offset, CodeNoEffect, fmt.Sprintf("%s.model: only prompt hooks use a model; ignored", where))
	}
	if len(t.src.Env) > 0 {
		h.Env = map[string]string{}
		for k, v := range t.src.Env {
			h.Env[k] = v
		}
	}
	return h, ok
}

func withOption(o map[string]string, k, v string) map[string]string {
	if o == nil {
		o = map[string]string{}
	}
	o[k] = v
	return o
}

// looksLikeMillis reports whether a timeout of secs seconds was probably
// meant as milliseconds (docs/decisions/014-cursor.md): above 3600 (where
// Cursor itself warns), or a whole number of thousands (1000, 5000,
// 30000: whole seconds written in milliseconds). Cursor uses the value as
// seconds all the same.
func looksLikeMillis(secs float64) bool {
	return secs > 3600 || (secs >= 1000 && math.Mod(secs, 1000) == 0)
}

// nearestStep returns the step whose name equals name ignoring case, or
// is within edit distance 3 of it.
func nearestStep(name string) string {
	near := hookkit.Nearest(name, stepNames())
	if strings.EqualFold(near, name) {
		return near
	}
	if alias, ok := claudeSteps.Get()[name]; ok {
		return alias
	}
	return near
}

// claudeSteps are Claude Code event names people write in hooks.json,
// with the step Cursor has for them.
var claudeSteps = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"UserPromptSubmit": "beforeSubmitPrompt", "userPromptSubmit": "beforeSubmitPrompt",
		"PreToolUse": "preToolUse", "PostToolUse": "postToolUse", "Stop": "stop",
		"SessionStart": "sessionStart", "SessionEnd": "sessionEnd", "PreCompact": "preCompact",
		"SubagentStart": "subagentStart", "SubagentStop": "subagentStop",
		"PostToolUseFailure": "postToolUseFailure",
	}
}}
