package copilot

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// DefaultTimeout is a Copilot hook's timeout when its entry has no
// timeoutSec: 30 seconds (Copilot's documentation; timeoutSec is
// seconds, fractions allowed).
const DefaultTimeout = 30 * time.Second

// maxTimeout bounds a huge timeoutSec to what a duration holds and the
// native TOML writes back.
const maxTimeout = 9e9 * time.Second

// Hook options (settings.Hook.Options) of Copilot hooks.
const (
	// OptionDialect is "pascal" for a hook configured under a PascalCase
	// event key (PreToolUse): it gets the PascalCase payload (snake_case
	// keys, Claude's tool names, an ISO timestamp) and its matcher is
	// compared with Claude's tool names. Absent means the camelCase
	// dialect (preToolUse).
	OptionDialect = "dialect"
	// DialectPascal is OptionDialect's one value.
	DialectPascal = "pascal"
)

// Warning codes of the Copilot format (besides translate's shared codes).
const (
	// CodeInvalidFile: Copilot skips the whole file (not JSON, not an
	// object, a version other than 1, hooks not an object): none of its
	// hooks run, the other files' still do.
	CodeInvalidFile = "invalid-file"
	// CodeSkipped: Copilot skips one entry ("— hook will be skipped"):
	// a bad field, an empty matcher, no command, a bad timeoutSec.
	CodeSkipped = "hook-skipped"
	// CodeDisabled: disableAllHooks switches the file's hooks off.
	CodeDisabled = "hooks-disabled"
	// CodeNotRunHere: an event or entry type hookcompat cannot run
	// (preMcpToolCall needs Copilot's MCP requests; a prompt entry is a
	// prompt Copilot submits in a new interactive session).
	CodeNotRunHere = "not-run-by-hookcompat"
	// CodeUntrusted: a project's hooks not loaded because the folder is
	// not trusted (Copilot skips them silently).
	CodeUntrusted = "folder-not-trusted"
)

// mcpEvents are Copilot events hookcompat has no native event for:
// preMcpToolCall adjusts the metadata of an MCP request Copilot sends.
var mcpEvents = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"preMcpToolCall": true, "PreMcpToolCall": true}
}}

// entryKeys are the keys of a flat hook entry; groupKeys those of a
// nested group ({"matcher", "hooks": [entries]}).
var entryKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"type": true, "bash": true, "powershell": true, "command": true, "exec": true, "args": true,
		"cwd": true, "env": true, "timeoutSec": true, "matcher": true, "prompt": true, "url": true,
		"headers": true, "allowedEnvVars": true, "windows": true, "linux": true, "osx": true, "timeout": true,
	}
}}

// decoded is what one hooks object yields.
type decoded struct {
	hooks    []settings.Hook
	warnings []translate.Warning
	disabled bool // disableAllHooks: true
}

type decoder struct {
	src   translate.Source
	data  []byte
	lines *jsonpos.Lines
	out   decoded
	// hookDir is COPILOT_HOOK_DIR of the file's hooks ("" for hooks in
	// settings.json).
	hookDir string
}

func (d *decoder) pos(off int) (int, int) {
	if d.lines == nil {
		d.lines = jsonpos.NewLines(d.data)
	}
	return d.lines.Position(off)
}

func (d *decoder) warn(off int, code, msg string) {
	line, col := d.pos(off)
	d.out.warnings = append(d.out.warnings, translate.Warning{File: d.src.Path, Line: line, Col: col, Code: code, Message: msg})
}

// parseJSON parses a hooks file. Copilot's JSON reader rejects what
// encoding/json rejects; a UTF-8 byte order mark is skipped with a
// warning.
func parseJSON(src translate.Source) (*jsonpos.Node, []byte, error) {
	data := src.Data
	if bytes.HasPrefix(data, []byte("\ufeff")) {
		data = data[3:]
	}
	root, err := jsonpos.Parse(data)
	if err != nil {
		if se, ok := err.(*jsonpos.SyntaxError); ok {
			return nil, data, &settings.Error{File: src.Path, Line: se.Line, Col: se.Col, Msg: "Invalid JSON: " + se.Msg, Err: err}
		}
		return nil, data, fmt.Errorf("%s: Invalid JSON: %w", src.Path, err)
	}
	return root, data, nil
}

// decodeFile reads a Copilot hooks file ({"version": 1, "hooks": {…}}),
// as Copilot 1.0.102 does (recorded hc_load_*):
//   - the root must be an object; version, when present, must be 1;
//     hooks must be an object; disableAllHooks, when true, switches the
//     file's hooks off — any of these wrong and Copilot skips the whole
//     file (an error here, which a discovered file turns into an
//     invalid-file warning);
//   - unknown event keys are ignored (Copilot logs them at debug level);
//     an event's value must be an array of entries;
//   - each entry is a flat hook or a group {"matcher", "hooks": [flat
//     hooks]} (one level; the group's matcher applies to its hooks); an
//     entry with a bad field is skipped with Copilot's message.
func decodeFile(src translate.Source, hookDir string) (*decoded, error) {
	root, data, err := parseJSON(src)
	if err != nil {
		return nil, err
	}
	d := &decoder{src: src, data: data, hookDir: hookDir}
	if len(src.Data) != len(data) {
		d.warn(0, translate.CodeBOM, "the file starts with a UTF-8 byte order mark; hookcompat skips it")
	}
	if root.Kind != jsonpos.Object {
		return nil, d.fileError(root.Offset, "Expected hook config to be an object")
	}
	if v := root.Get("version"); v != nil {
		if n, err := v.Number.Float64(); v.Kind != jsonpos.Number || err != nil || n != 1 {
			return nil, d.fileError(v.Offset, "version: Invalid hook config version")
		}
	}
	if v := root.Get("disableAllHooks"); v != nil {
		if v.Kind != jsonpos.Bool {
			return nil, d.fileError(v.Offset, "disableAllHooks must be a boolean")
		}
		d.out.disabled = v.Bool
	}
	for _, m := range root.Members {
		switch m.Key {
		case "version", "hooks", "disableAllHooks", "$schema", "_vsCodeCompat":
		default:
			d.warn(m.KeyOffset, translate.CodeUnknownField, fmt.Sprintf("unknown key %q ignored", m.Key))
		}
	}
	d.duplicates(jsonpos.Duplicates(root, "hooks"))
	hooks := root.Get("hooks")
	if hooks == nil {
		d.warn(root.Offset, translate.CodeNoHooks, "no \"hooks\" object: the file defines no hooks")
		return &d.out, nil
	}
	if hooks.Kind != jsonpos.Object {
		return nil, d.fileError(hooks.Offset, "hooks: hooks must be an object")
	}
	if err := d.events(hooks); err != nil {
		return nil, err
	}
	return &d.out, nil
}

// decodeObject reads a hooks object that is not a file of its own: the
// "hooks" of ~/.copilot/settings.json (at) or of a Claude settings file
// Copilot reads. A wrong shape skips the object (an error).
func decodeObject(src translate.Source, data []byte, hooks *jsonpos.Node, hookDir string) (*decoded, error) {
	d := &decoder{src: src, data: data, hookDir: hookDir}
	if hooks.Kind != jsonpos.Object {
		return nil, d.fileError(hooks.Offset, "hooks: hooks must be an object")
	}
	d.duplicates(jsonpos.DuplicatesIn(hooks))
	if err := d.events(hooks); err != nil {
		return nil, err
	}
	return &d.out, nil
}

func (d *decoder) fileError(off int, msg string) error {
	line, col := d.pos(off)
	return &settings.Error{File: d.src.Path, Line: line, Col: col, Msg: msg}
}

// duplicates warns of every key given twice: Copilot (JSON.parse) reads
// the last one only.
func (d *decoder) duplicates(dups []jsonpos.Duplicate) {
	for _, dup := range dups {
		line, col := d.pos(dup.LastOffset)
		d.warn(dup.KeyOffset, CodeSkipped, fmt.Sprintf("duplicate key %q: Copilot reads only the last one (%d:%d), so what is written here is not loaded", dup.Key, line, col))
	}
}

func (d *decoder) events(hooks *jsonpos.Node) error {
	var unknown []string
	var unknownAt int
	for _, m := range jsonpos.Unique(hooks) {
		if mcpEvents.Get()[m.Key] {
			d.warn(m.KeyOffset, CodeNotRunHere, fmt.Sprintf("%s: adjusts the metadata of the MCP requests Copilot sends; hookcompat makes none, so these hooks do not run here", m.Key))
			continue
		}
		r, pascal, ok := rowOf(m.Key)
		if !ok {
			if len(unknown) == 0 {
				unknownAt = m.KeyOffset
			}
			unknown = append(unknown, m.Key)
			continue
		}
		if m.Value.Kind != jsonpos.Array {
			return d.fileError(m.Value.Offset, fmt.Sprintf("hooks.%s: hook event value must be an array", m.Key))
		}
		for i, n := range m.Value.Items {
			where := fmt.Sprintf("hooks.%s[%d]", m.Key, i)
			if n.Kind == jsonpos.Object && n.Get("hooks") != nil {
				d.group(r, pascal, m.Key, where, n)
				continue
			}
			d.entry(r, pascal, m.Key, where, n, "", false)
		}
	}
	if len(unknown) > 0 {
		var near []string
		for _, k := range unknown {
			if n := hookkit.Nearest(k, EventNames()); n != "" {
				near = append(near, fmt.Sprintf("%q for %q", n, k))
			}
		}
		msg := fmt.Sprintf("Ignoring unknown hook event(s) in %s: %s (Copilot's events: %s); their hooks are not loaded", d.src.Path, strings.Join(unknown, ", "), strings.Join(EventNames(), ", "))
		if len(near) > 0 {
			msg += "; did you mean " + strings.Join(near, ", ") + "?"
		}
		d.warn(unknownAt, translate.CodeUnknownEvent, msg)
	}
	return nil
}

// group reads a nested group: its matcher applies to each of its hooks.
func (d *decoder) group(r *row, pascal bool, key, where string, n *jsonpos.Node) {
	matcher, has := "", false
	if mv := n.Get("matcher"); mv != nil && mv.Kind != jsonpos.Null {
		if mv.Kind != jsonpos.String {
			d.warn(mv.Offset, CodeSkipped, fmt.Sprintf("%s.matcher: Expected string — hook will be skipped", where))
			return
		}
		if mv.Str == "" {
			d.warn(mv.Offset, CodeSkipped, fmt.Sprintf("%s.matcher: matcher cannot be empty — hook will be skipped", where))
			return
		}
		matcher, has = mv.Str, true
	}
	hs := n.Get("hooks")
	if hs.Kind != jsonpos.Array {
		d.warn(hs.Offset, CodeSkipped, fmt.Sprintf("%s.hooks: Expected an array of hook actions — hook will be skipped", where))
		return
	}
	for j, e := range hs.Items {
		w := fmt.Sprintf("%s.hooks[%d]", where, j)
		if e.Kind == jsonpos.Object && e.Get("hooks") != nil {
			d.warn(e.Offset, CodeSkipped, fmt.Sprintf("%s: Nested hooks deeper than one level are not supported. — hook will be skipped", w))
			continue
		}
		d.entry(r, pascal, key, w, e, matcher, has)
	}
}

// entry reads one flat hook entry (recorded hc_load_entry_shapes,
// hc_load_timeouts, hc_load_env_values, hc_load_matcher_empty):
//   - type is "command" (the default), "http" or "prompt";
//   - a command hook has exactly one of exec (a program, a string, with
//     args) and a shell command: bash, else command, run by /bin/bash;
//     powershell alone is run by pwsh;
//   - cwd is relative to the repository root; env values must be
//     strings and are passed as written (never expanded);
//   - timeoutSec is positive seconds (default 30);
//   - matcher must not be empty.
//
// A bad field skips the entry, with Copilot's message.
func (d *decoder) entry(r *row, pascal bool, key, where string, n *jsonpos.Node, groupMatcher string, hasGroupMatcher bool) {
	line, col := d.pos(n.Offset)
	skip := func(off int, msg string) {
		d.warn(off, CodeSkipped, fmt.Sprintf("%s: %s — hook will be skipped", where, msg))
	}
	if n.Kind != jsonpos.Object {
		skip(n.Offset, "Expected an object")
		return
	}
	h := settings.Hook{
		Event: r.Native, Protocol: Name, Timeout: DefaultTimeout,
		Source: settings.Source{File: d.src.Path, Line: line, Col: col, Format: Name, Scope: d.src.Scope, Event: key},
	}
	if pascal {
		h.Options = map[string]string{OptionDialect: DialectPascal}
	}
	for _, m := range n.Members {
		if !entryKeys.Get()[m.Key] {
			d.warn(m.KeyOffset, translate.CodeUnknownField, fmt.Sprintf("%s: unknown key %q ignored", where, m.Key))
		}
	}
	str := func(k string) (string, bool, bool) {
		v := n.Get(k)
		if v == nil || v.Kind == jsonpos.Null {
			return "", false, true
		}
		if v.Kind != jsonpos.String {
			skip(v.Offset, fmt.Sprintf("%s: Expected string", k))
			return "", true, false
		}
		return v.Str, true, true
	}
	typ, _, ok := str("type")
	if !ok {
		return
	}
	switch typ {
	case "", "command":
		bash, hasBash, ok1 := str("bash")
		ps, hasPS, ok2 := str("powershell")
		cmd, hasCmd, ok3 := str("command")
		exe, hasExec, ok4 := str("exec")
		if !ok1 || !ok2 || !ok3 || !ok4 {
			return
		}
		shell := hasBash || hasPS || hasCmd
		if shell == hasExec {
			skip(n.Offset, "Specify either 'exec' (native executable) or 'bash'/'powershell'/'command' (shell), but not both")
			return
		}
		switch {
		case hasExec:
			h.Args = []string{exe}
			if a := n.Get("args"); a != nil && a.Kind != jsonpos.Null {
				if a.Kind != jsonpos.Array {
					skip(a.Offset, "args: Expected array")
					return
				}
				for _, it := range a.Items {
					if it.Kind != jsonpos.String {
						skip(it.Offset, "args: Expected string array")
						return
					}
					h.Args = append(h.Args, it.Str)
				}
			}
		case hasBash:
			h.Command = bash
		case hasCmd:
			h.Command = cmd
		default:
			h.Command, h.Shell = ps, shellPowerShell
		}
	case "http":
		u, _, ok := str("url")
		if !ok {
			return
		}
		if u == "" {
			skip(n.Offset, "HTTP hook URL is required")
			return
		}
		if !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") {
			skip(n.Get("url").Offset, "HTTP hook URL must use http: or https: protocol")
			return
		}
		h.Type, h.URL = settings.TypeHTTP, u
		if hv := n.Get("headers"); hv != nil && hv.Kind == jsonpos.Object {
			h.Headers = map[string]string{}
			for _, m := range hv.Members {
				h.Headers[m.Key] = m.Value.Str
			}
		}
		if av := n.Get("allowedEnvVars"); av != nil && av.Kind == jsonpos.Array {
			for _, it := range av.Items {
				h.AllowedEnvVars = append(h.AllowedEnvVars, it.Str)
			}
		}
	case "prompt":
		p, _, ok := str("prompt")
		if !ok {
			return
		}
		if strings.TrimSpace(p) == "" {
			skip(n.Offset, "prompt hook prompt cannot be empty")
			return
		}
		d.warn(n.Offset, CodeNotRunHere, fmt.Sprintf("%s: a prompt entry is a prompt Copilot submits when a new interactive session starts (not in copilot -p); hookcompat does not submit prompts, so it is not loaded", where))
		return
	default:
		skip(n.Get("type").Offset, "Invalid hook type")
		return
	}
	cwd, _, ok := str("cwd")
	if !ok {
		return
	}
	h.Dir = cwd
	if ev := n.Get("env"); ev != nil && ev.Kind != jsonpos.Null {
		if ev.Kind != jsonpos.Object {
			skip(ev.Offset, "env: Expected object")
			return
		}
		env := map[string]string{}
		for _, m := range ev.Members {
			if m.Value.Kind != jsonpos.String {
				d.warn(m.Value.Offset, CodeSkipped, fmt.Sprintf("%s.env[%q]: env values must be strings — hook will be skipped", where, m.Key))
				return
			}
			env[m.Key] = m.Value.Str
		}
		if len(env) > 0 {
			h.Env = env
		}
	}
	if d.hookDir != "" {
		if h.Env == nil {
			h.Env = map[string]string{}
		}
		if _, own := h.Env[EnvHookDir]; !own {
			h.Env[EnvHookDir] = d.hookDir
		}
	}
	if to := n.Get("timeoutSec"); to != nil && to.Kind != jsonpos.Null {
		secs, err := to.Number.Float64()
		switch {
		case to.Kind != jsonpos.Number || err != nil:
			skip(to.Offset, "timeoutSec: timeoutSec must be a number")
			return
		case secs <= 0 || math.IsNaN(secs):
			skip(to.Offset, "timeoutSec: timeoutSec must be positive")
			return
		case secs >= maxTimeout.Seconds():
			h.Timeout = maxTimeout
		default:
			h.Timeout = max(time.Duration(math.Round(secs*float64(time.Second))), time.Millisecond)
		}
	} else if to := n.Get("timeout"); to != nil && to.Kind == jsonpos.Number {
		d.warn(to.Offset, translate.CodeUnknownField, fmt.Sprintf("%s.timeout: Copilot's key is timeoutSec; timeout is ignored (the hook gets %s)", where, DefaultTimeout))
	}
	matcher, hasMatcher := groupMatcher, hasGroupMatcher
	if mv := n.Get("matcher"); mv != nil && mv.Kind != jsonpos.Null {
		if mv.Kind != jsonpos.String {
			skip(mv.Offset, "matcher: Expected string")
			return
		}
		if mv.Str == "" {
			d.warn(mv.Offset, CodeSkipped, fmt.Sprintf("%s.matcher: matcher cannot be empty — hook will be skipped", where))
			return
		}
		matcher, hasMatcher = mv.Str, true
	}
	if hasMatcher {
		m := cachedMatcher(matcher, pascal)
		switch {
		case m.Err() != nil:
			d.warn(n.Offset, translate.CodeInvalidMatcher, fmt.Sprintf("Invalid matcher regex in %s hook: '%s' — hook will be skipped (%s; Copilot's matchers are JavaScript regular expressions matching the whole value)", key, matcher, where))
			return
		case r.Match == subjectNone:
			d.warn(n.Offset, translate.CodeMatcherIgnored, fmt.Sprintf("%s.matcher %q: %s has nothing to match; the hook runs every time (as in Copilot)", where, matcher, key))
		case !m.all:
			h.Match, h.MatchSyntax = matcher, Name
		}
	}
	d.out.hooks = append(d.out.hooks, h)
}

// Translate reads one Copilot hooks file (src.Data) into native hooks
// with protocol "copilot", one per entry, in file order. A file Copilot
// skips whole is an error naming file, line and column; entries Copilot
// skips are warnings. With disableAllHooks true the file translates to
// no hooks, with a warning.
func Translate(src translate.Source) (*settings.Config, []translate.Warning, error) {
	out, err := decodeFile(src, "")
	if err != nil {
		return nil, nil, err
	}
	cfg := &settings.Config{Hooks: out.hooks}
	if out.disabled {
		if n := len(cfg.Hooks); n > 0 {
			out.warnings = append(out.warnings, translate.Warning{File: src.Path, Code: CodeDisabled,
				Message: fmt.Sprintf("disableAllHooks is true: Copilot runs none of the file's %d hook(s)", n)})
		}
		cfg.Hooks = nil
	}
	return cfg, out.warnings, nil
}

// sortedKeys returns m's keys, sorted.
func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
