package claude

import "github.com/hookcompat/hookcompat/compat/internal/jsregex"

// backtrackingConstruct names the first construct of an ECMAScript regular
// expression that makes a backtracking engine (JavaScript's, and
// regexp2's) take exponential time on some inputs — a group repeated
// without bound that itself repeats without bound, as in (a+)+, or whose
// alternatives overlap, as in (a|ab)* — or returns "" when it finds none.
// It is a lint, not a proof; Gemini CLI's and Qwen Code's matchers are
// checked by the same rule.
func backtrackingConstruct(pattern string) string { return jsregex.Backtracking(pattern) }
