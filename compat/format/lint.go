package format

import (
	"fmt"
	"strings"

	"github.com/hookcompat/hookcompat/settings"
)

// Severities of a [Finding].
const (
	SeverityError   = "error"   // the hook cannot work as written
	SeverityWarning = "warning" // it probably does not do what its author meant
	SeverityInfo    = "info"    // listed for the reader (http and prompt hooks, unchecked commands)
)

// Finding is one result of `hookcompat doctor`: a problem of one hook,
// with a stable code, its position and a fix hint.
type Finding struct {
	Code     string `json:"code"`
	Severity string `json:"severity"`
	File     string `json:"file"`
	Line     int    `json:"line,omitempty"`
	Col      int    `json:"col,omitempty"`
	Event    string `json:"event"`
	Hook     string `json:"hook"`
	Message  string `json:"message"`
	Hint     string `json:"hint,omitempty"`
	// Places are the other positions (file:line:col) where the same
	// finding holds — the copies of one hook converted into several
	// agents' files — so that it is reported once.
	Places []string `json:"places,omitempty"`
}

// String renders the finding as file:line:col: severity: code: message
// (hint).
func (f Finding) String() string {
	pos := f.File
	if f.Line > 0 {
		pos += fmt.Sprintf(":%d", f.Line)
		if f.Col > 0 {
			pos += fmt.Sprintf(":%d", f.Col)
		}
	}
	s := fmt.Sprintf("%s: %s: %s: %s", pos, f.Severity, f.Code, f.Message)
	if f.Hint != "" {
		s += " (" + f.Hint + ")"
	}
	if len(f.Places) > 0 {
		s += "; also at " + strings.Join(f.Places, ", ")
	}
	return s
}

// LintContext is what a format's lints may read.
type LintContext struct {
	// Project is the workspace directory, absolute.
	Project string
	// Env is the environment hooks get ("KEY=value").
	Env []string
}

// Linter is implemented by formats with lints of their own (variables
// the agent never sets, matchers that never fire, …), run by `hookcompat
// doctor` on every hook of the format after the checks every hook gets.
type Linter interface {
	// Lint reports the format's findings for h; add records one (the
	// position and hook are filled in by the caller).
	Lint(h *settings.Hook, c *LintContext, add func(code, severity, msg, hint string))
}
