package codex

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/codex/internal/rustregex"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// The recorded matcher table on a Bash call and an apply_patch call
// (codex §1.6; hc_matcher_pre_bash, hc_apply_patch_matchers,
// hc_mcp_matchers).
func TestCodexMatcherTable(t *testing.T) {
	bash := map[string]bool{
		"Bash": true, "^Bash$": true, "Ba.*": true, "bash": false, "Edit|Write": false, "*": true, "": true,
		"Bash|Other": true, "Bas": false, "B": false, ".*": true, "(?i)bash": true, "Bash ": false, " Bash": false,
		"Bash,Edit": false, "exec_command": false, "shell": false, "^Ba": true, "sh$": true, `Bash\b`: true,
		`\p{Lu}\w+`: true, "[[:alpha:]]+": true, "Bash|": true, "|": false, "mcp__.*": false, `\d*`: true,
		"Bash-": false, "shell_command": false, "BASH": false, "Bash|exec_command": true, "a": false, "^$": false,
		`Bash\z`: true, "(Bash)": true, "Bas[h]": true, "Bash*": true,
	}
	for m, want := range bash {
		c := compileMatcher(m)
		assert.NoError(t, c.Err(), m)
		assert.Equal(t, want, c.Match(toolAliases("Bash")...), "matcher %q on Bash", m)
	}
	patch := map[string]bool{"apply_patch": true, "Edit": true, "Write": true, "Edit|Write": true, "*": true, "Ed.*": true,
		"^Write$": true, "apply_patch|Bash": true, "Edit|Write|MultiEdit": true, "Bash": false, "Read": false, "MultiEdit": false}
	for m, want := range patch {
		assert.Equal(t, want, compileMatcher(m).Match(toolAliases("apply_patch")...), "matcher %q on apply_patch", m)
	}
	mcp := map[string]bool{"mcp__demo__echo": true, "mcp__.*": true, "mcp__demo__echo|Bash": true, "^mcp__demo__": true,
		"mcp__demo": false, "echo": false, "demo": false}
	for m, want := range mcp {
		assert.Equal(t, want, compileMatcher(m).Match("mcp__demo__echo"), "matcher %q on mcp__demo__echo", m)
	}
}

// Rust's regex syntax, where it differs from Go's (codex §1.6; the
// rustregex package's differential table holds the translation to the
// real Rust regex): what Rust rejects is Err, with Rust's message; what
// Rust accepts and Go does not is translated; what Rust accepts and Go
// cannot evaluate (a count above 1000) is Unsupported and selects every
// value, so that a guard Codex loads is never skipped.
func TestCodexMatcherRustSyntax(t *testing.T) {
	for m, msg := range map[string]string{
		"(?=B)ash": "look-around, including look-ahead and look-behind, is not supported",
		`(B)\1`:    "backreferences are not supported",
		"x{":       "unclosed counted repetition",  // Go reads a literal brace
		`\Qa.b\E`:  "unrecognized escape sequence", // Go quotes
	} {
		c := compileMatcher(m)
		var se *rustregex.SyntaxError
		if assert.True(t, errors.As(c.Err(), &se), m) {
			assert.Equal(t, msg, se.Msg, m)
			assert.Contains(t, c.Err().Error(), "regex parse error:\n    "+m+"\n", m)
		}
		assert.NoError(t, c.Unsupported(), m)
		assert.False(t, c.Match("Bash", "x"), "%s matches nothing", m)
	}
	for m, subjects := range map[string]map[string]bool{
		"a**":                {"aaa": true, "b": true},
		`^[a-z&&[^aeiou]]+$`: {"bcd": true, "abc": false},
		"(?x) B a s h # c":   {"Bash": true, "B a": false},
		`\d`:                 {"٣": true}, // Rust's \d is Unicode
	} {
		c := compileMatcher(m)
		require.NoError(t, c.Err(), m)
		require.NoError(t, c.Unsupported(), m)
		for s, want := range subjects {
			assert.Equal(t, want, c.Match(s), "%q on %q", m, s)
		}
	}
	c := compileMatcher("Bash{1001}")
	assert.NoError(t, c.Err(), "Rust accepts a count above 1000")
	assert.ErrorContains(t, c.Unsupported(), "repetition counts up to 1000")
	assert.True(t, c.IsRegex())
	assert.True(t, c.Match("Read"), "a matcher hookcompat cannot evaluate selects every value")
}

// TestUnevaluableMatcherRuns: a matcher Rust accepts and hookcompat
// cannot evaluate loads as Codex loads it, with a warning that says what
// Codex does and what hookcompat does instead, and its hooks run with the
// warning in their trace (a guard is never skipped silently).
func TestUnevaluableMatcherRuns(t *testing.T) {
	data := []byte(`{"hooks":{"PreToolUse":[{"matcher":"Bash{1001}","hooks":[{"type":"command","command":"guard.sh"}]}]}}`)
	dec, err := decodeHooksJSON("/h/hooks.json", data)
	require.NoError(t, err)
	ordinal := 0
	cfg, warns := translateDecoded(dec, ScopeUser, &ordinal, nil, false)
	require.Len(t, cfg.Hooks, 1, "the group is loaded, as in Codex")
	require.Len(t, warns, 1)
	assert.Equal(t, CodeUnsupported, warns[0].Code)
	assert.Contains(t, warns[0].Message, "Codex loads it")
	assert.NotContains(t, warns[0].Message, "(as in Codex)")
	p := NewProtocol(nil)
	ev := &runner.Event{Name: settings.PreTool, Tool: "read", Args: json.RawMessage(`{}`)}
	ok, warning := p.SelectWarn(&cfg.Hooks[0], ev)
	assert.True(t, ok)
	assert.Contains(t, warning, "cannot evaluate")
	assert.NoError(t, p.Validate(&cfg.Hooks[0]))
}
