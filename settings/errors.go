package settings

import (
	"fmt"
	"io/fs"
	"strings"
)

// Error is one positioned problem in a config file. Error() renders it on
// one line as file:line:col: field: message.
type Error struct {
	File  string // file name as given to Decode
	Line  int    // 1-based; 0 if unknown
	Col   int    // 1-based; 0 if unknown
	Field string // dotted path of the offending field, e.g. hooks.pre_tool[0].command
	Msg   string
	Err   error // underlying error, if any
}

// Error implements error.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Col > 0 {
			fmt.Fprintf(&b, ":%d", e.Col)
		}
	}
	if e.Field != "" {
		b.WriteString(": ")
		b.WriteString(e.Field)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// Unwrap returns the underlying error, if any.
func (e *Error) Unwrap() error { return e.Err }

// ErrorList is several positioned problems of one file, in file order.
type ErrorList []*Error

// Error implements error.
func (l ErrorList) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// Unwrap returns the individual errors so that errors.As finds each *Error.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// err returns nil for an empty list, the single *Error for one entry and
// the list otherwise.
func (l ErrorList) err() error {
	switch len(l) {
	case 0:
		return nil
	case 1:
		return l[0]
	}
	return l
}

// ErrNoConfig reports that a config file does not exist (as opposed to
// existing and being invalid). Loaders wrap it; test with errors.Is. It
// matches [fs.ErrNotExist] too: errors.Is(err, fs.ErrNotExist) holds for
// every error wrapping it.
var ErrNoConfig error = noConfigError{}

type noConfigError struct{}

func (noConfigError) Error() string { return "no config file" }

// Is makes ErrNoConfig match fs.ErrNotExist.
func (noConfigError) Is(target error) bool { return target == fs.ErrNotExist }

// position renders file:line:col (unknown parts left out) followed by
// ": field" when field is set.
func position(file string, line, col int, field string) string {
	var b strings.Builder
	b.WriteString(file)
	if line > 0 {
		fmt.Fprintf(&b, ":%d", line)
		if col > 0 {
			fmt.Fprintf(&b, ":%d", col)
		}
	}
	if field != "" {
		if b.Len() > 0 {
			b.WriteString(": ")
		}
		b.WriteString(field)
	}
	return b.String()
}

// UnknownEventError is an event name that is neither a native nor an
// extension event (see [Event.Known]): in a native config's [hooks]
// table, on a hook given to an engine, or on an event fired. File, Line,
// Col and Field say where it was written, when it was. Its message names
// the event meant when one is near: the same but for case or separators,
// Claude Code's spelling of it (PreToolUse is pre_tool), or a small edit
// distance away.
type UnknownEventError struct {
	Event Event
	File  string // "" when the name did not come from a file
	Line  int    // 1-based; 0 if unknown
	Col   int    // 1-based; 0 if unknown
	Field string // e.g. hooks.pre_tol; "" if none
}

// Error implements error.
func (e *UnknownEventError) Error() string {
	msg := fmt.Sprintf("unknown event %q", e.Event)
	if near := nearestEventName(string(e.Event)); near != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", near)
	}
	if pos := position(e.File, e.Line, e.Col, e.Field); pos != "" {
		return pos + ": " + msg
	}
	return msg
}

// MatcherError is a hook whose match pattern cannot be used: it does not
// compile in its match syntax (an invalid glob, a regular expression that
// does not parse), or the syntax is unknown. File, Line and Col are the
// hook's position (its Source), Field the offending key
// (hooks.pre_tool.match).
type MatcherError struct {
	File   string
	Line   int // 1-based; 0 if unknown
	Col    int // 1-based; 0 if unknown
	Field  string
	Syntax string // the hook's effective match syntax ("glob", "claude", …)
	Match  string // the pattern as written
	Err    error  // why it cannot be used
}

// Error implements error.
func (e *MatcherError) Error() string {
	msg := e.Err.Error()
	if pos := position(e.File, e.Line, e.Col, e.Field); pos != "" {
		return pos + ": " + msg
	}
	return msg
}

// Unwrap returns the underlying error.
func (e *MatcherError) Unwrap() error { return e.Err }

// RuleError is a hook whose if rule does not parse (HK-64: a startup
// error). File, Line and Col are the hook's position, Field the
// offending key (hooks.pre_tool.if).
type RuleError struct {
	File  string
	Line  int // 1-based; 0 if unknown
	Col   int // 1-based; 0 if unknown
	Field string
	Rule  string // the rule as written
	Err   error  // why it does not parse
}

// Error implements error.
func (e *RuleError) Error() string {
	msg := e.Err.Error()
	if pos := position(e.File, e.Line, e.Col, e.Field); pos != "" {
		return pos + ": " + msg
	}
	return msg
}

// Unwrap returns the underlying error.
func (e *RuleError) Unwrap() error { return e.Err }
