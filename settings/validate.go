package settings

import (
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
}

// Match syntaxes and protocols are known statically, so that validating a
// config does not depend on which packages a program imports; the formats
// that own a syntax register the function that checks its patterns.
var (
	syntaxMu   sync.RWMutex
	matchCheck = map[string]func(string) error{
		MatchGlob: func(p string) error {
			if !MatchGlobValid(p) {
				return fmt.Errorf("invalid glob %q", p)
			}
			return nil
		},
		MatchExact: nil,
		// Checked once the format that owns the syntax is linked in.
		MatchClaude: nil, MatchCodex: nil, MatchGemini: nil, MatchQwen: nil, MatchCursor: nil,
	}
	knownProtocols = map[string]bool{
		ProtocolNative: true, ProtocolClaude: true, ProtocolPhi: true,
		ProtocolCodex: true, ProtocolGemini: true, ProtocolQwen: true, ProtocolCursor: true,
	}
)

// RegisterMatchSyntax makes a match syntax known to validation, with the
// function that checks a pattern of that syntax (nil accepts everything).
// The syntaxes of this package's Match* constants are known without it;
// the format that owns one registers its checker from init (compat/claude
// registers the checker of "claude", whose patterns are ECMAScript
// regexes). It panics when name already has a checker.
func RegisterMatchSyntax(name string, check func(pattern string) error) {
	syntaxMu.Lock()
	defer syntaxMu.Unlock()
	if prev, known := matchCheck[name]; known && prev != nil {
		panic("settings: match syntax registered twice: " + name)
	}
	matchCheck[name] = check
}

// RegisterProtocol makes a hook protocol name known to validation beyond
// this package's Protocol* constants. It only lets Decode accept
// protocol = "<name>"; an engine still needs the protocol itself.
// Registering a name twice is harmless.
func RegisterProtocol(name string) {
	syntaxMu.Lock()
	defer syntaxMu.Unlock()
	knownProtocols[name] = true
}

func protocolNames() string {
	syntaxMu.RLock()
	defer syntaxMu.RUnlock()
	var names []string
	for n := range knownProtocols {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

func syntaxNames() string {
	var names []string
	for n := range matchCheck {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// validateHook checks one hook against HK-01, HK-62…HK-65 and the
// extension fields. It reports every problem, in field order.
func validateHook(h *Hook) []problem {
	var ps []problem
	add := func(field, format string, args ...any) {
		ps = append(ps, problem{field, fmt.Sprintf(format, args...)})
	}
	if !h.Event.Known() {
		add("", "unknown event %q", h.Event)
	}
	syntaxMu.RLock()
	check, okSyntax := matchCheck[h.EffectiveMatchSyntax()]
	okProto := knownProtocols[h.EffectiveProtocol()]
	syntaxMu.RUnlock()
	if !okSyntax {
		syntaxMu.RLock()
		known := syntaxNames()
		syntaxMu.RUnlock()
		add("match_syntax", "unknown match syntax %q (known: %s)", h.MatchSyntax, known)
	} else if check != nil {
		if err := check(h.Match); err != nil {
			add("match", "%v", err)
		}
	}
	if !okProto {
		add("protocol", "unknown protocol %q (known: %s)", h.Protocol, protocolNames())
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
	default:
		add("type", "unknown hook type %q (known: command, http, prompt, agent)", t)
	}
	if h.If != "" {
		if _, err := ParseRule(h.If); err != nil {
			add("if", "%v (HK-64)", err)
		}
	}
	return ps
}

func validHTTPURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// Validate checks every hook of c (HK-01, HK-62…HK-65) and returns an
// [ErrorList] positioned by each hook's Source, or nil.
func (c *Config) Validate() error {
	var errs ErrorList
	for i := range c.Hooks {
		h := &c.Hooks[i]
		for _, p := range validateHook(h) {
			field := fmt.Sprintf("hooks.%s", h.Event)
			if p.field != "" {
				field += "." + p.field
			}
			errs = append(errs, &Error{File: h.Source.File, Line: h.Source.Line, Col: h.Source.Col, Field: field, Msg: p.msg})
		}
	}
	return errs.err()
}
