package settings

import (
	"errors"
	"fmt"
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
// existing and being invalid). Loaders wrap it; test with errors.Is.
var ErrNoConfig = errors.New("no config file")
