package settings

import (
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"sync"
)

// problem is one validation failure of a hook: the TOML field it concerns
// (empty for the hook as a whole) and the message.
type problem struct {
	field string
	msg   string
	err   error // a typed error (*UnknownEventError, *MatcherError, *RuleError) without position, or nil
}

// positioned returns p's typed error with the position of the hook it
// concerns, or nil.
func (p problem) positioned(file string, line, col int, field string) error {
	switch e := p.err.(type) {
	case *UnknownEventError:
		c := *e
		c.File, c.Line, c.Col, c.Field = file, line, col, field
		return &c
	case *MatcherError:
		c := *e
		c.File, c.Line, c.Col, c.Field = file, line, col, field
		return &c
	case *RuleError:
		c := *e
		c.File, c.Line, c.Col, c.Field = file, line, col, field
		return &c
	}
	return p.err
}

// The protocols and match syntaxes validation knows: this package's own,
// and those the formats a program links register (each agent's format
// registers its protocol and its syntax, named after it, from init).
// A config naming another one is rejected: no engine of this program
// could run it.
var (
	syntaxMu   sync.RWMutex
	matchCheck = map[string]func(string) error{
		MatchGlob: func(p string) error {
			if !matchGlobValid(p) {
				return fmt.Errorf("invalid glob %q", p)
			}
			return nil
		},
		MatchExact: nil,
	}
	knownProtocols = map[string]bool{ProtocolNative: true}
)

// RegisterMatchSyntax makes a match syntax known to validation, with the
// function that checks a pattern of that syntax (nil accepts every
// pattern). The format that owns the syntax registers it from init (the
// Claude Code format registers "claude", whose patterns are ECMAScript
// regexes). It panics when name is already registered, or is empty.
func RegisterMatchSyntax(name string, check func(pattern string) error) {
	syntaxMu.Lock()
	defer syntaxMu.Unlock()
	if _, known := matchCheck[name]; known || name == "" {
		panic("settings: match syntax registered twice: " + name)
	}
	matchCheck[name] = check
}

// RegisterProtocol makes a hook protocol name known to validation beyond
// ProtocolNative: the format whose hooks speak it registers it from init.
// It only lets Decode and Validate accept protocol = "<name>"; an engine
// still needs the protocol itself. Registering a name twice is harmless.
func RegisterProtocol(name string) {
	syntaxMu.Lock()
	defer syntaxMu.Unlock()
	knownProtocols[name] = true
}

// Protocols returns the protocol names validation knows, sorted:
// ProtocolNative and every registered one.
func Protocols() []string {
	syntaxMu.RLock()
	defer syntaxMu.RUnlock()
	return sortedNames(knownProtocols)
}

// MatchSyntaxes returns the match syntaxes validation knows, sorted:
// MatchGlob, MatchExact and every registered one.
func MatchSyntaxes() []string {
	syntaxMu.RLock()
	defer syntaxMu.RUnlock()
	return sortedNames(matchCheck)
}

func sortedNames[V any](m map[string]V) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// validateHook checks one hook against HK-01, HK-62…HK-65 and the
// extension fields. It reports every problem, in field order.
func validateHook(h *Hook) []problem {
	var ps []problem
	add := func(field, format string, args ...any) {
		ps = append(ps, problem{field: field, msg: fmt.Sprintf(format, args...)})
	}
	addErr := func(field string, err error, format string, args ...any) {
		ps = append(ps, problem{field: field, msg: fmt.Sprintf(format, args...), err: err})
	}
	if !h.Event.Known() {
		addErr("", &UnknownEventError{Event: h.Event}, "unknown event %q%s", h.Event, nearestEvent(string(h.Event)))
	}
	syntaxMu.RLock()
	check, okSyntax := matchCheck[h.EffectiveMatchSyntax()]
	okProto := knownProtocols[h.EffectiveProtocol()]
	syntaxMu.RUnlock()
	if !okSyntax {
		addErr("match_syntax", &MatcherError{Syntax: h.MatchSyntax, Match: h.Match, Err: fmt.Errorf("unknown match syntax %q", h.MatchSyntax)},
			"unknown match syntax %q (known: %s)", h.MatchSyntax, strings.Join(MatchSyntaxes(), ", "))
	} else if check != nil {
		if err := check(h.Match); err != nil {
			addErr("match", &MatcherError{Syntax: h.EffectiveMatchSyntax(), Match: h.Match, Err: err}, "%v", err)
		}
	}
	if !okProto {
		add("protocol", "unknown protocol %q (known: %s)", h.Protocol, strings.Join(Protocols(), ", "))
	}
	if h.Timeout < 0 {
		add("timeout_seconds", "must not be negative")
	}
	hasCmd := h.Command != ""
	hasArgs := len(h.Args) > 0
	switch t := h.EffectiveType(); t {
	case TypeCommand:
		switch {
		case hasCmd && hasArgs:
			add("args", "a hook has command or args, not both (HK-65)")
		case hasArgs && strings.TrimSpace(h.Args[0]) == "":
			add("args", "args[0] (the program) is empty (HK-65)")
		case !hasArgs && strings.TrimSpace(h.Command) == "":
			add("command", "empty command (HK-01)")
		}
	case TypeHTTP:
		// A foreign hook with a bad url loads (its agent fails the request
		// at run time, a non-blocking error); a native one is rejected.
		if !validHTTPURL(h.URL) && (h.EffectiveProtocol() == ProtocolNative || h.URL == "") {
			add("url", "an http hook needs an http(s) url, got %q (HK-62)", h.URL)
		}
		if hasCmd || hasArgs {
			add("command", "an http hook has no command or args (HK-65)")
		}
	case TypePrompt, TypeAgent:
		if strings.TrimSpace(h.Prompt) == "" {
			add("prompt", "a %s hook needs a prompt (HK-63)", t)
		}
	case TypeMCPTool:
		if strings.TrimSpace(h.MCPServer) == "" {
			add("server", "an mcp_tool hook needs a server")
		}
		if strings.TrimSpace(h.MCPTool) == "" {
			add("tool", "an mcp_tool hook needs a tool")
		}
		if len(h.MCPInput) > 0 {
			var obj map[string]json.RawMessage
			if err := json.Unmarshal(h.MCPInput, &obj); err != nil || obj == nil {
				add("input", "want a JSON object of the call's arguments, got %s", h.MCPInput)
			}
		}
	default:
		add("type", "unknown hook type %q (known: command, http, prompt, agent, mcp_tool)", t)
	}
	if h.If != "" {
		if _, err := ParseRule(h.If); err != nil {
			addErr("if", &RuleError{Rule: h.If, Err: err}, "%v (HK-64)", err)
		}
	}
	return ps
}

func validHTTPURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// Validate checks every hook of c (HK-01, HK-62…HK-65) and returns an
// [ErrorList] positioned by each hook's Source (a single [*Error] when
// there is one problem), or nil. An unknown event, a match pattern that
// does not compile and an if rule that does not parse are also found by
// errors.As as [*UnknownEventError], [*MatcherError] and [*RuleError].
func (c *Config) Validate() error {
	var errs ErrorList
	for i := range c.Hooks {
		h := &c.Hooks[i]
		for _, p := range validateHook(h) {
			field := fmt.Sprintf("hooks.%s", h.Event)
			if p.field != "" {
				field += "." + p.field
			}
			errs = append(errs, &Error{File: h.Source.File, Line: h.Source.Line, Col: h.Source.Col, Field: field, Msg: p.msg,
				Err: p.positioned(h.Source.File, h.Source.Line, h.Source.Col, field)})
		}
	}
	return errs.err()
}
