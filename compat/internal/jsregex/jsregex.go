// Package jsregex holds what the formats whose matchers are JavaScript
// regular expressions (Claude Code, Gemini CLI, Qwen Code) share about
// evaluating them: the group syntax new RegExp accepts, compilation with
// dlclark/regexp2 in ECMAScript mode, a bound on one evaluation, the
// error of an evaluation that exceeded it, and the lint that finds the
// patterns likely to exceed it (catastrophic backtracking).
//
// The rule every format follows: a matcher that cannot be evaluated on a
// value has not said "no match". The format's protocol reports it through
// runner.SelectWarner — the hook is selected (it runs, so a guard still
// guards; a failure of it is a failure, its fail_closed applies) and its
// trace says why — and its lint reports the pattern, with severity error,
// under [CodeBacktracking], so that validate and doctor name it.
//
// The package is internal to compat.
package jsregex

import (
	"fmt"
	"strings"
	"time"

	"github.com/dlclark/regexp2"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
)

// Timeout bounds one evaluation of a user's regex: catastrophic
// backtracking must not hang the engine. JavaScript has no such bound
// (the agent hangs, then matches or not); an evaluation that exceeds it
// is an [*Unevaluable] error.
const Timeout = 100 * time.Millisecond

// CodeBacktracking is the lint code of a regex matcher that can take
// exponential time on some values ([Backtracking]); hookcompat gives up
// after [Timeout] and runs the hook with a warning.
const CodeBacktracking = "catastrophic-backtracking"

// Unevaluable is the error of a matcher that could not be evaluated on a
// value within [Timeout].
type Unevaluable struct {
	// Pattern is the regex, Value what it was tested against.
	Pattern, Value string
	// Err is regexp2's error.
	Err error
}

func (e *Unevaluable) Error() string {
	return fmt.Sprintf("matcher %q could not be evaluated on %q within %s (catastrophic backtracking): %v", e.Pattern, e.Value, Timeout, e.Err)
}

func (e *Unevaluable) Unwrap() error { return e.Err }

// maxCached bounds the compiled patterns kept by [Compile]; the cache
// starts over once it is full (patterns come from configuration files, so
// a long-running engine that reloads keeps a bounded set).
const maxCached = 1024

// cache holds the compiled patterns; a nil value: not a JavaScript regex.
var cache = hookkit.Cache[string, *regexp2.Regexp]{Max: maxCached}

// Compile returns pattern compiled as new RegExp(pattern) compiles it
// (regexp2, ECMAScript mode, no flags, with [Timeout]), or nil when
// JavaScript rejects it ([SyntaxOK], or regexp2's own error). Results are
// cached.
func Compile(pattern string) *regexp2.Regexp { return cache.Get(pattern, compile) }

func compile(pattern string) *regexp2.Regexp {
	if !SyntaxOK(pattern) {
		return nil
	}
	re, err := regexp2.Compile(pattern, regexp2.ECMAScript)
	if err != nil {
		return nil
	}
	re.MatchTimeout = Timeout
	return re
}

// Test is RegExp.prototype.test of re on value: an unanchored match,
// bounded by [Timeout]. An evaluation that exceeds it returns true (the
// value may match: a guard must not be skipped) and an [*Unevaluable].
func Test(re *regexp2.Regexp, value string) (bool, error) {
	ok, err := re.MatchString(value)
	if err != nil {
		return true, &Unevaluable{Pattern: re.String(), Value: value, Err: err}
	}
	return ok, nil
}

// SyntaxOK reports whether pattern passes the group syntax of a
// JavaScript RegExp (no flags): after "(?" only ":", "=", "!", "<=", "<!"
// or a named group "<name>" may follow. regexp2's ECMAScript mode accepts
// .NET forms such as the inline flags "(?i)", which new RegExp rejects;
// the agents then fall back to their non-regex rule, so such a pattern
// must not be compiled.
func SyntaxOK(pattern string) bool {
	inClass := false
	for i := 0; i < len(pattern); i++ {
		switch c := pattern[i]; {
		case c == '\\':
			i++
		case inClass:
			if c == ']' {
				inClass = false
			}
		case c == '[':
			inClass = true
		case c == '(' && i+1 < len(pattern) && pattern[i+1] == '?':
			rest := pattern[i+2:]
			switch {
			case strings.HasPrefix(rest, ":"), strings.HasPrefix(rest, "="), strings.HasPrefix(rest, "!"),
				strings.HasPrefix(rest, "<="), strings.HasPrefix(rest, "<!"):
			case strings.HasPrefix(rest, "<"):
				end := strings.IndexByte(rest, '>')
				if end < 2 {
					return false
				}
			default:
				return false
			}
		}
	}
	return true
}

// Lint reports pattern, when it is a regex the agent evaluates and
// [Backtracking] finds a catastrophic construct in it, under
// [CodeBacktracking] with severity error; title names the agent
// ("Gemini CLI"). It reports whether it added a finding.
func Lint(matcher, pattern, title string, add func(code, severity, msg, hint string)) bool {
	if Compile(pattern) == nil {
		return false
	}
	what := Backtracking(pattern)
	if what == "" {
		return false
	}
	add(CodeBacktracking, format.SeverityError,
		fmt.Sprintf("matcher %q can take exponential time on some names (%s): hookcompat gives up after %s and runs the hook with a warning; %s can hang on it", matcher, what, Timeout, title),
		"repeat the inner item only once, e.g. a+b instead of (a+)+b, or list the exact names")
	return true
}
