package translate

import (
	"fmt"
	"strings"
)

// Warning is one construct that was not carried over exactly, or a
// suspicious one, with its position in the source.
type Warning struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"` // 1-based; 0 if unknown
	Col     int    `json:"col,omitempty"`  // 1-based; 0 if unknown
	Code    string `json:"code"`           // stable identifier, e.g. "unknown-event"
	Message string `json:"message"`
	// Class says what the warning means for a conversion: ClassLoss (a
	// behaviour will differ) or ClassNote (information). Empty means the
	// code's class (compat.ClassOf); emitters set it where one code
	// covers both.
	Class string `json:"class,omitempty"`
}

// Warning classes ([Warning.Class]).
const (
	// ClassLoss: for some run of the hook, what it does differs from its
	// home agent whatever it answers — it is left out, never fires, fires
	// at other moments, runs twice, runs something else, or may not be
	// found.
	ClassLoss = "loss"
	// ClassNote: information — a difference only in an answer the hook
	// may give (an ask, a context, a reply field), a step the user must
	// take (a review), or what the source's own agent does the same way.
	ClassNote = "note"
)

// String renders the warning as file:line:col: code: message (unknown
// position parts are left out).
func (w Warning) String() string {
	var b strings.Builder
	b.WriteString(w.File)
	if w.Line > 0 {
		fmt.Fprintf(&b, ":%d", w.Line)
		if w.Col > 0 {
			fmt.Fprintf(&b, ":%d", w.Col)
		}
	}
	fmt.Fprintf(&b, ": %s: %s", w.Code, w.Message)
	return b.String()
}

// Warning codes shared by the formats. Each format may add its own; codes
// are stable across releases (docs/conversion.md lists them all).
const (
	CodeUnknownEvent       = "unknown-event"         // event name the format does not define; its hooks are not loaded
	CodeEventAlias         = "event-alias"           // another agent's name for an event, mapped to the right one
	CodeUnknownField       = "unknown-field"         // a key the format does not define; ignored
	CodeInvalidEntry       = "invalid-entry"         // an entry of the wrong shape; skipped
	CodeInvalidMatcher     = "invalid-matcher"       // a matcher that cannot compile; it matches nothing
	CodeMatcherIgnored     = "matcher-ignored"       // a matcher on an event without matcher support
	CodeUnsupportedHandler = "unsupported-handler"   // a handler type hookcompat cannot run here
	CodeUnsupportedField   = "unsupported-field"     // a field whose effect is not reproduced
	CodeTimeoutUnit        = "timeout-looks-like-ms" // a seconds timeout that is probably milliseconds
	CodeExtensionEvent     = "extension-event"       // an event a plain native engine cannot run
	CodeBOM                = "byte-order-mark"       // a UTF-8 BOM before the JSON; stripped
	CodeNoHooks            = "no-hooks"              // the file defines no hooks at all
	CodeDeprecated         = "deprecated"            // an old name or form, accepted
)
