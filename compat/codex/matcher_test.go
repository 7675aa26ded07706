package codex

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
		c := CompileMatcher(m)
		assert.NoError(t, c.Err(), m)
		assert.Equal(t, want, c.Match(toolAliases("Bash")...), "matcher %q on Bash", m)
	}
	patch := map[string]bool{"apply_patch": true, "Edit": true, "Write": true, "Edit|Write": true, "*": true, "Ed.*": true,
		"^Write$": true, "apply_patch|Bash": true, "Edit|Write|MultiEdit": true, "Bash": false, "Read": false, "MultiEdit": false}
	for m, want := range patch {
		assert.Equal(t, want, CompileMatcher(m).Match(toolAliases("apply_patch")...), "matcher %q on apply_patch", m)
	}
	mcp := map[string]bool{"mcp__demo__echo": true, "mcp__.*": true, "mcp__demo__echo|Bash": true, "^mcp__demo__": true,
		"mcp__demo": false, "echo": false, "demo": false}
	for m, want := range mcp {
		assert.Equal(t, want, CompileMatcher(m).Match("mcp__demo__echo"), "matcher %q on mcp__demo__echo", m)
	}
}

// Rust's regex syntax, where it differs from Go's (codex §1.6): what
// Rust rejects is an error with Rust's message, what Rust accepts and Go
// does not is translated.
func TestCodexMatcherRustSyntax(t *testing.T) {
	rejected := map[string]string{
		"(?=B)ash":         "look-around, including look-ahead and look-behind, is not supported",
		"(?<=B)ash":        "look-around",
		`(B)\1`:            "backreferences are not supported",
		"a{2,1}":           "invalid repetition count range, the start must be <= the end",
		"[":                "unclosed character class",
		"**":               "repetition operator missing expression",
		"?":                "repetition operator missing expression",
		"x{":               "unclosed counted repetition", // Go reads a literal brace
		"{1}":              "repetition operator missing expression",
		"a{,3}":            "repetition quantifier expects a valid decimal",
		`\Qa.b\E`:          "unrecognized escape sequence",     // Go quotes
		`\12`:              "backreferences are not supported", // Go reads octal
		`\e`:               "unrecognized escape sequence",
		"(?#x)":            "unrecognized flag",
		"(?i-)a":           "flag negation operator dangling",
		"(?ii)a":           "duplicate flag",
		"(?)":              "repetition operator missing expression",
		"[a[]":             "unclosed character class", // nested class in Rust, literal in Go
		"(?-u:.)":          "pattern can match invalid UTF-8",
		`\p{Nope}`:         "Unicode property not found",
		"(?P<n>a)(?P<n>b)": "duplicate capture group name",
		"[z-a]":            "invalid character class range",
		`[\d-z]`:           "invalid range boundary, must be a literal",
	}
	for m, msg := range rejected {
		err := CompileMatcher(m).Err()
		if assert.Error(t, err, m) {
			assert.Contains(t, err.Error(), msg, m)
			assert.Contains(t, err.Error(), "regex parse error:\n    "+m+"\n", m)
		}
	}
	accepted := map[string]map[string]bool{ // pattern -> subject -> match
		"a**":                {"aaa": true, "b": true},
		"x{2}{2}":            {"xxxx": true, "xxx": false},
		`^[a-z&&[^aeiou]]+$`: {"bcd": true, "abc": false},
		`^[a-c--b]+$`:        {"ac": true, "ab": false},
		`^[a-c~~b-d]+$`:      {"ad": true, "b": false},
		`^[a[bc]]+$`:         {"abc": true, "d": false},
		`\u0041`:             {"A": true},
		`\U00000041\x{42}`:   {"AB": true},
		"(?x) B a s h # c":   {"Bash": true, "B a": false},
		"(?P<a.b>B)ash":      {"Bash": true},
		`\p{Letter}+`:        {"Bash": true, "123": false},
		`\p{Greek}`:          {"λ": true, "l": false},
		`\p{gc=Lu}`:          {"B": true, "b": false},
		`\d`:                 {"٣": true}, // Rust's \d is Unicode
		`^\w+$`:              {"naïve": true},
		`\<Bash\>`:           {"Bash": true},
		`\b{start}Bash`:      {"Bash": true},
		`Bash\%`:             {"Bash%": true},
		"(?i:BASH)":          {"bash": true},
		"^(?-u:[a-z])$":      {"b": true},
		// Binary properties Go has no table for: their ASCII members.
		`^Bash$|\p{Emoji}`:                 {"Bash": true, "x1": true, "Read": false},
		`^\p{XID_Start}\p{XID_Continue}*$`: {"Bash": true, "mcp__x_1": true, "1ab": false},
		`\p{Extended_Pictographic}`:        {"Bash": false},
		`^\P{Emoji_Presentation}+$`:        {"Bash": true},
		`^\p{Changes_When_Casefolded}`:     {"Bash": true, "bash": false},
	}
	for m, subjects := range accepted {
		c := CompileMatcher(m)
		if !assert.NoError(t, c.Err(), m) {
			continue
		}
		for s, want := range subjects {
			assert.Equal(t, want, c.Match(s), "%q on %q", m, s)
		}
	}
}
