package claude

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// translator reads Claude Code settings files (settings.json,
// settings.local.json, managed-settings.json, --settings files) and plugin
// hooks.json files (with their {"description", "hooks"} wrapper) into
// native hooks, one file at a time ([Format] applies the rules across
// files).
type translator struct {
	// Judge reports that the hooks will run with a judge
	// (runner.Options.Judge): prompt and agent handlers are translated
	// without the warning that they cannot run.
	Judge bool
	// MCP reports that the hooks will run with an MCP caller
	// (runner.Options.MCP): mcp_tool handlers are translated (type
	// mcp_tool) instead of skipped with a warning.
	MCP bool
}

// Claude's default timeouts in seconds (claude §2.4).
const (
	defaultCommandTimeout = 600 * time.Second
	defaultPromptTimeout  = 30 * time.Second
	defaultAgentTimeout   = 60 * time.Second
)

// handlerKeys are the documented handler fields (claude §2.1, §2.2) and
// undocumented ones seen in the wild (rewakeMessage, rewakeSummary).
var handlerKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"type": true, "if": true, "timeout": true, "statusMessage": true, "once": true,
		"command": true, "args": true, "async": true, "asyncRewake": true, "shell": true, "onFailure": true,
		"url": true, "headers": true, "allowedEnvVars": true, "server": true, "tool": true, "input": true,
		"prompt": true, "model": true, "continueOnBlock": true, "rewakeMessage": true, "rewakeSummary": true,
	}
}}

// Detect recognises a document whose first byte (after a byte order mark
// and whitespace) opens a JSON object: a settings file or a plugin
// hooks.json. Translate then reports a syntax error with its position.
func (translator) Detect(src translate.Source) bool {
	t := bytes.TrimSpace(bytes.TrimPrefix(src.Data, []byte("\ufeff")))
	return len(t) > 0 && t[0] == '{'
}

// Translate reads src as a Claude settings or plugin hooks file.
//
// Every handler becomes one native hook with protocol "claude": its event
// mapped through the event table, its matcher kept in Claude's syntax
// (match_syntax "claude"), its timeout converted from seconds with
// Claude's defaults made explicit (600 s command/http, 30 s prompt, 60 s
// agent; 30 s on UserPromptSubmit, PreModelSwitch and PostModelSwitch,
// 10 s on MessageDisplay, 1.5 s on SessionEnd), onFailure "block" as
// fail_closed, async/asyncRewake as async, and the plugin environment of
// src.Env. Invalid entries are skipped with a warning, as Claude Code
// skips them; nothing is dropped without one.
//
// Errors: the file is not JSON (with line:col), or its top level is not
// an object.
func (tr translator) Translate(src translate.Source) (*settings.Config, []translate.Warning, error) {
	t := &translation{src: src, data: src.Data, judge: tr.Judge, mcp: tr.MCP}
	if bytes.HasPrefix(t.data, []byte("\ufeff")) {
		t.data = t.data[3:]
		t.warnAt(0, translate.CodeBOM, "the file starts with a UTF-8 byte order mark; it was ignored")
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
	// JSON.parse keeps the last of a key given twice: Claude Code never
	// sees the others.
	for _, d := range jsonpos.Duplicates(root, "hooks") {
		line, col := t.pos(d.LastOffset)
		t.warnAt(d.KeyOffset, translate.CodeInvalidEntry, fmt.Sprintf("duplicate key %q: Claude Code reads only the last one (%d:%d), so what is written here is not loaded", d.Key, line, col))
	}
	hooks := root.Get("hooks")
	if hooks == nil {
		if looksLikeBareEventMap(root) {
			t.warnAt(root.Offset, translate.CodeInvalidEntry, `the event map is not inside "hooks"; Claude Code does not load a bare event map (wrap it as {"hooks": {...}})`)
		} else if root.Get("disableAllHooks") == nil && root.Get("allowManagedHooksOnly") == nil {
			t.warnAt(root.Offset, translate.CodeNoHooks, "no \"hooks\" key: the file defines no hooks")
		}
		return cfg, t.warnings, nil
	}
	if hooks.Kind != jsonpos.Object {
		t.warnAt(hooks.Offset, translate.CodeInvalidEntry, fmt.Sprintf("\"hooks\" must be an object of events, got %s; ignored", hooks.Kind))
		return cfg, t.warnings, nil
	}
	if d := root.Get("disableAllHooks"); d != nil && d.Kind == jsonpos.Bool && d.Bool {
		t.warnAt(d.Offset, translate.CodeUnsupportedField, "disableAllHooks is true: Claude Code runs no hook of lower-precedence files (the loader applies it across files; convert keeps the hooks)")
	}
	for _, m := range jsonpos.Unique(hooks) {
		t.event(cfg, m)
	}
	if t.invalid != nil {
		// Claude Code validates the hooks of a file as a whole: one group
		// or handler of the wrong shape and none of the file's hooks load
		// (recorded; the other files still do).
		// The count is every handler the file's author wrote, the invalid
		// ones and those already skipped included: none of them runs.
		t.warnAt(t.invalid.Offset, CodeInvalidHooks, fmt.Sprintf("the hooks of this file do not validate (%s): Claude Code loads none of them (%d hook(s) dropped; other settings files still load)", t.invalidWhy, countFileHandlers(hooks)))
		return &settings.Config{}, t.warnings, nil
	}
	return cfg, t.warnings, nil
}

// CodeInvalidHooks is the warning code of a settings file whose hooks
// Claude Code drops whole: a matcher group without a hooks array, a
// handler of unknown type, a handler that is not an object, …
const CodeInvalidHooks = "invalid-hooks"

func looksLikeBareEventMap(root *jsonpos.Node) bool {
	for _, m := range root.Members {
		if _, ok := translate.NativeEvent(m.Key); ok {
			return true
		}
	}
	return false
}

type translation struct {
	src      translate.Source
	data     []byte
	lines    *jsonpos.Lines // of data, built on first use
	warnings []translate.Warning
	judge    bool // prompt and agent handlers will run (Translator.Judge)
	mcp      bool // mcp_tool handlers will run (Translator.MCP)
	// invalid is the first entry that makes the file's hooks fail
	// Claude's validation, invalidWhy says how.
	invalid    *jsonpos.Node
	invalidWhy string
}

// schemaError records an entry that fails Claude's validation of the
// file's hooks (every hook of the file is dropped), with a warning.
func (t *translation) schemaError(n *jsonpos.Node, msg string) {
	t.warnAt(n.Offset, translate.CodeInvalidEntry, msg)
	if t.invalid == nil {
		t.invalid, t.invalidWhy = n, msg
	}
}

// pos is the 1-based line and column of a byte offset of t.data.
func (t *translation) pos(off int) (line, col int) {
	if t.lines == nil {
		t.lines = jsonpos.NewLines(t.data)
	}
	return t.lines.Position(off)
}

func (t *translation) warnAt(off int, code, msg string) {
	line, col := t.pos(off)
	t.warnings = append(t.warnings, translate.Warning{File: t.src.Path, Line: line, Col: col, Code: code, Message: msg})
}

func (t *translation) event(cfg *settings.Config, m *jsonpos.Member) {
	name := m.Key
	row := eventNamed(name)
	if row == nil {
		if alias, isAlias := translate.ClaudeEventAlias(name); isAlias {
			t.warnAt(m.KeyOffset, translate.CodeEventAlias, fmt.Sprintf("%q is not a Claude Code event; read as %s (Claude Code itself would skip it)", name, alias))
			name = alias
			row = eventNamed(alias)
		} else {
			t.warnAt(m.KeyOffset, translate.CodeUnknownEvent, fmt.Sprintf("unknown event %q: its hooks are not loaded (Claude Code skips it too)%s", name, hookkit.DidYouMean(name, eventNames())))
			return
		}
	}
	if m.Value.Kind != jsonpos.Array {
		t.schemaError(m.Value, fmt.Sprintf("%s: want an array of matcher groups, got %s", name, m.Value.Kind))
		return
	}
	for gi, g := range m.Value.Items {
		t.group(cfg, row, gi, g)
	}
}

func (t *translation) group(cfg *settings.Config, row *event, gi int, g *jsonpos.Node) {
	event := row.name
	where := fmt.Sprintf("%s[%d]", event, gi)
	if g.Kind != jsonpos.Object {
		t.schemaError(g, fmt.Sprintf("%s: want a matcher group object, got %s", where, g.Kind))
		return
	}
	matcher := ""
	if mn := g.Get("matcher"); mn != nil {
		switch mn.Kind {
		case jsonpos.String:
			matcher = mn.Str
		case jsonpos.Null:
		default:
			t.schemaError(mn, fmt.Sprintf("%s.matcher: want a string, got %s", where, mn.Kind))
			return
		}
		if matcher != "" && matcher != "*" {
			if !supportsMatcher(event) {
				t.warnAt(mn.Offset, translate.CodeMatcherIgnored, fmt.Sprintf("%s.matcher %q: %s has no matcher support; the group runs for every %s (as in Claude Code)", where, matcher, event, event))
				matcher = ""
			} else if err := compileMatcher(event, matcher).Err(); err != nil {
				t.warnAt(mn.Offset, translate.CodeInvalidMatcher, fmt.Sprintf("%s.matcher: %v; it matches nothing in Claude Code, so the group's %d handler(s) are not loaded", where, err, countHandlers(g)))
				return
			} else if m := compileMatcher(event, matcher); !m.IsRegex() && containsName(m.Names(), "Task") {
				t.warnAt(mn.Offset, translate.CodeDeprecated, fmt.Sprintf("%s.matcher %q names Task, renamed Agent in Claude Code 2.1.63 (where such matchers stopped firing); hookcompat matches Agent too", where, matcher))
			} else if strings.Contains(matcher, "(") && strings.Contains(matcher, ":") {
				t.warnAt(mn.Offset, translate.CodeInvalidMatcher, fmt.Sprintf("%s.matcher %q looks like a permission rule; matchers are compared with the tool name only, so it never fires (%s)", where, matcher, permissionRuleHint(matcher)))
			}
		}
	}
	for _, k := range g.Members {
		if k.Key != "matcher" && k.Key != "hooks" {
			t.warnAt(k.KeyOffset, translate.CodeUnknownField, fmt.Sprintf("%s: unknown key %q ignored", where, k.Key))
		}
	}
	hs := g.Get("hooks")
	if hs == nil || hs.Kind != jsonpos.Array {
		what := "missing"
		if hs != nil {
			what = hs.Kind.String()
		}
		t.schemaError(g, fmt.Sprintf("%s.hooks: want an array of handlers, got %s", where, what))
		return
	}
	for hi, hn := range hs.Items {
		if h, ok := t.handler(row, matcher, fmt.Sprintf("%s.hooks[%d]", where, hi), hn); ok {
			cfg.Hooks = append(cfg.Hooks, h)
		}
	}
}

func containsName(names []string, n string) bool {
	for _, x := range names {
		if x == n {
			return true
		}
	}
	return false
}

// countFileHandlers counts the handlers written under a file's "hooks"
// object, valid or not: each item of a group's hooks array, a hooks value
// that is a single object as one, an event value that is one group
// object as that group.
func countFileHandlers(hooks *jsonpos.Node) int {
	n := 0
	group := func(g *jsonpos.Node) {
		if g.Kind != jsonpos.Object {
			return
		}
		switch hs := g.Get("hooks"); {
		case hs == nil:
		case hs.Kind == jsonpos.Array:
			n += len(hs.Items)
		case hs.Kind == jsonpos.Object:
			n++
		}
	}
	for _, m := range hooks.Members {
		switch m.Value.Kind {
		case jsonpos.Array:
			for _, g := range m.Value.Items {
				group(g)
			}
		case jsonpos.Object:
			group(m.Value)
		}
	}
	return n
}

func countHandlers(g *jsonpos.Node) int {
	if hs := g.Get("hooks"); hs != nil {
		return len(hs.Items)
	}
	return 0
}

func (t *translation) handler(row *event, matcher, where string, n *jsonpos.Node) (settings.Hook, bool) {
	event := row.name
	line, col := t.pos(n.Offset)
	h := settings.Hook{
		Event:       row.native,
		Protocol:    Name,
		Match:       matcher,
		MatchSyntax: Name,
		Source:      settings.Source{File: t.src.Path, Line: line, Col: col, Format: "claude", Scope: t.src.Scope, Event: event},
	}
	if matcher == "" {
		h.MatchSyntax = ""
	}
	if len(t.src.Env) > 0 {
		h.Env = map[string]string{}
		for k, v := range t.src.Env {
			h.Env[k] = v
		}
	}
	if n.Kind != jsonpos.Object {
		t.schemaError(n, fmt.Sprintf("%s: want a handler object, got %s", where, n.Kind))
		return h, false
	}
	for _, m := range n.Members {
		if !handlerKeys.Get()[m.Key] {
			t.warnAt(m.KeyOffset, translate.CodeUnknownField, fmt.Sprintf("%s: unknown key %q ignored", where, m.Key))
		}
	}
	str := func(key string) (string, bool) {
		v := n.Get(key)
		if v == nil {
			return "", true
		}
		if v.Kind != jsonpos.String {
			t.schemaError(v, fmt.Sprintf("%s.%s: want a string, got %s", where, key, v.Kind))
			return "", false
		}
		return v.Str, true
	}
	boolean := func(key string) (bool, bool) {
		v := n.Get(key)
		if v == nil {
			return false, true
		}
		if v.Kind != jsonpos.Bool {
			t.schemaError(v, fmt.Sprintf("%s.%s: want a boolean, got %s", where, key, v.Kind))
			return false, false
		}
		return v.Bool, true
	}
	typ, ok := str("type")
	if !ok {
		return h, false
	}
	if typ == "" {
		if n.Get("command") != nil {
			t.warnAt(n.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s: no \"type\"; read as a command handler (Claude Code requires type)", where))
			typ = "command"
		} else {
			t.schemaError(n, fmt.Sprintf("%s: no \"type\"", where))
			return h, false
		}
	}
	var okAll = true
	ifRule, ok1 := str("if")
	status, ok2 := str("statusMessage")
	okAll = ok1 && ok2
	h.If, h.StatusMessage = ifRule, status
	if h.If != "" {
		if !row.ifRule {
			t.warnAt(n.Get("if").Offset, translate.CodeUnsupportedField, fmt.Sprintf("%s.if: only tool events evaluate if; on %s this handler never runs (as in Claude Code)", where, event))
		} else if _, err := settings.ParseRule(h.If); err != nil {
			t.warnAt(n.Get("if").Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s.if: %v; dropped, so the handler runs for every call (Claude Code runs it when unsure)", where, err))
			h.If = ""
		}
	}
	if once, ok := boolean("once"); !ok {
		return h, false
	} else if once {
		t.warnAt(n.Get("once").Offset, translate.CodeUnsupportedField, fmt.Sprintf("%s.once: honoured only in skill frontmatter; ignored in settings files (as in Claude Code)", where))
	}
	if of, ok := str("onFailure"); !ok {
		return h, false
	} else {
		switch of {
		case "", "continue":
		case "block":
			h.FailClosed = true
		default:
			t.warnAt(n.Get("onFailure").Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s.onFailure %q: want \"continue\" or \"block\"; read as continue", where, of))
		}
	}
	switch typ {
	case "command":
		cmd, ok := str("command")
		if !ok {
			return h, false
		}
		shell, ok3 := str("shell")
		async, ok4 := boolean("async")
		rewake, ok5 := boolean("asyncRewake")
		if !(ok3 && ok4 && ok5 && okAll) {
			return h, false
		}
		if n.Get("command") == nil {
			t.schemaError(n, fmt.Sprintf("%s: command handler without a command", where))
			return h, false
		}
		if strings.TrimSpace(cmd) == "" {
			t.warnAt(n.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s: command handler with an empty command; skipped", where))
			return h, false
		}
		if args := n.Get("args"); args != nil {
			if args.Kind != jsonpos.Array {
				t.warnAt(args.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s.args: want an array of strings, got %s; handler skipped", where, args.Kind))
				return h, false
			}
			h.Args = []string{cmd}
			for _, a := range args.Items {
				if a.Kind != jsonpos.String {
					t.warnAt(a.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s.args: want strings, got %s; handler skipped", where, a.Kind))
					return h, false
				}
				h.Args = append(h.Args, a.Str)
			}
			if strings.ContainsAny(cmd, " \t") {
				t.warnAt(n.Get("command").Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s.command %q contains whitespace in exec form (args present): it names one program file and will fail to start", where, cmd))
			}
		} else {
			h.Command = cmd
		}
		switch {
		case shell == "powershell":
			h.Shell = shell
			t.warnAt(n.Get("shell").Offset, translate.CodeUnsupportedField, fmt.Sprintf("%s.shell \"powershell\": the command runs with pwsh -Command when PowerShell is on PATH; without it the hook fails, as in Claude Code", where))
		case shell != "" && shell != "bash":
			h.Shell = shell
			t.warnAt(n.Get("shell").Offset, translate.CodeUnsupportedField, fmt.Sprintf("%s.shell %q: hookcompat runs shell-form commands with /bin/sh -c as Claude Code does on Linux and macOS", where, shell))
		}
		switch {
		case async:
			// Not awaited; with asyncRewake an exit 2 wakes the agent
			// (recorded: as a task notification).
			h.Async, h.Rewake = true, rewake
		case rewake:
			t.warnAt(n.Get("asyncRewake").Offset, translate.CodeUnsupportedField, fmt.Sprintf("%s.asyncRewake without async: Claude Code runs the hook synchronously (recorded), and so does hookcompat", where))
		}
		h.Timeout = row.defaultTimeout()
	case "http":
		url, ok := str("url")
		if !ok || !okAll {
			return h, false
		}
		h.Type = settings.TypeHTTP
		h.URL = url
		if strings.TrimSpace(url) == "" {
			t.warnAt(n.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s: http handler without a url; skipped", where))
			return h, false
		}
		if !strings.HasPrefix(url, "http://") && !strings.HasPrefix(url, "https://") {
			t.warnAt(n.Get("url").Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s.url %q is not an http(s) URL (Claude Code expands variables only in headers): every request fails, a non-blocking error", where, url))
		}
		if hd := n.Get("headers"); hd != nil {
			if hd.Kind != jsonpos.Object {
				t.warnAt(hd.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s.headers: want an object of strings; handler skipped", where))
				return h, false
			}
			h.Headers = map[string]string{}
			for _, m := range hd.Members {
				if m.Value.Kind != jsonpos.String {
					t.warnAt(m.Value.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s.headers.%s: want a string; handler skipped", where, m.Key))
					return h, false
				}
				h.Headers[m.Key] = m.Value.Str
			}
		}
		if av := n.Get("allowedEnvVars"); av != nil {
			if av.Kind != jsonpos.Array {
				t.warnAt(av.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s.allowedEnvVars: want an array of strings; handler skipped", where))
				return h, false
			}
			for _, a := range av.Items {
				if a.Kind == jsonpos.String {
					h.AllowedEnvVars = append(h.AllowedEnvVars, a.Str)
				}
			}
		}
		h.Timeout = row.defaultTimeout()
	case "prompt", "agent":
		prompt, ok := str("prompt")
		model, ok6 := str("model")
		if !ok || !ok6 || !okAll {
			return h, false
		}
		if strings.TrimSpace(prompt) == "" {
			t.warnAt(n.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s: %s handler without a prompt; skipped", where, typ))
			return h, false
		}
		h.Type, h.Prompt, h.Model = typ, prompt, model
		h.Timeout = defaultPromptTimeout
		if typ == "agent" {
			h.Timeout = defaultAgentTimeout
		}
		if cob := n.Get("continueOnBlock"); cob != nil {
			switch {
			case cob.Kind != jsonpos.Bool:
				t.warnAt(cob.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s.continueOnBlock: want a boolean, got %s; read as false", where, cob.Kind))
			case typ == "agent":
				t.warnAt(cob.Offset, translate.CodeUnsupportedField, fmt.Sprintf("%s.continueOnBlock: prompt handlers only; an agent handler always continues on a block (as in Claude Code)", where))
			default:
				h.Options = map[string]string{OptionContinueOnBlock: fmt.Sprint(cob.Bool)}
			}
		}
		if !t.judge {
			t.warnAt(n.Offset, translate.CodeUnsupportedHandler, fmt.Sprintf("%s: %s handler runs only through the embedding agent's judge (the CLI reports it as not runnable)", where, typ))
		}
	case "mcp_tool":
		if !t.mcp {
			t.warnAt(n.Offset, translate.CodeUnsupportedHandler, fmt.Sprintf("%s: mcp_tool handler runs only through the embedding agent's MCP caller; skipped", where))
			return h, false
		}
		if row.mcp == mcpNever {
			t.warnAt(n.Offset, translate.CodeUnsupportedHandler, fmt.Sprintf("%s: Claude Code never runs mcp_tool handlers on %s (no MCP client yet); skipped", where, event))
			return h, false
		}
		server, ok7 := str("server")
		tool, ok8 := str("tool")
		if !ok7 || !ok8 || !okAll {
			return h, false
		}
		if strings.TrimSpace(server) == "" || strings.TrimSpace(tool) == "" {
			t.warnAt(n.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s: mcp_tool handler needs a server and a tool; skipped", where))
			return h, false
		}
		h.Type, h.MCPServer, h.MCPTool = settings.TypeMCPTool, server, tool
		if in := n.Get("input"); in != nil {
			if in.Kind != jsonpos.Object {
				t.warnAt(in.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s.input: want an object of arguments, got %s; handler skipped", where, in.Kind))
				return h, false
			}
			h.MCPInput = append([]byte(nil), in.Raw...)
		}
		h.Timeout = row.defaultTimeout()
	default:
		t.schemaError(n, fmt.Sprintf("%s: unknown handler type %q", where, typ))
		return h, false
	}
	if to := n.Get("timeout"); to != nil {
		secs, err := to.Number.Float64()
		switch {
		case to.Kind != jsonpos.Number || err != nil || secs <= 0 || math.IsInf(secs, 0):
			t.schemaError(to, fmt.Sprintf("%s.timeout: want a positive number of seconds, got %s", where, strings.TrimSpace(string(to.Raw))))
			return h, false
		case secs >= float64(math.MaxInt64)/float64(time.Second):
			t.warnAt(to.Offset, translate.CodeInvalidEntry, fmt.Sprintf("%s.timeout %s seconds is too large; the default %s applies", where, strings.TrimSpace(string(to.Raw)), h.Timeout))
		default:
			// At least a millisecond: a positive timeout never means "none".
			h.Timeout = max(time.Duration(math.Round(secs*float64(time.Second))), time.Millisecond)
			if secs > 3600 {
				t.warnAt(to.Offset, translate.CodeTimeoutUnit, fmt.Sprintf("%s.timeout %v is seconds (%s); did you mean milliseconds?", where, secs, h.Timeout))
			}
		}
	}
	return h, true
}
