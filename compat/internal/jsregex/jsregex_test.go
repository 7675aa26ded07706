package jsregex

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBacktracking(t *testing.T) {
	for _, p := range []string{`(a+)+b|danger$`, `(\w*)*x`, `^(a|ab)*c`, `(x+x+)+y`, `((ab)*)+`, `(?:[a-z]+)*$`, `(a{1,})+`, `(.*a){2,}`, `(foo|foo)+`} {
		assert.NotEmpty(t, Backtracking(p), "%s backtracks catastrophically", p)
	}
	for _, p := range []string{``, `Bash`, `Edit|Write`, `^mcp__.*`, `mcp__github__.*`, `(Edit|Write)+`, `(a+)?`, `(ab){3}`, `[(a+)+]`, `\(a+\)+`, `^(Notebook)?Edit$`, `(a|b)*c`, `(?<name>x+)y`} {
		assert.Empty(t, Backtracking(p), "%s", p)
	}
}

func TestSyntaxOK(t *testing.T) {
	for p, ok := range map[string]bool{
		"run_.*": true, "(?:a|b)": true, "(?=x)": true, "(?!x)": true, "(?<=x)": true, "(?<!x)": true, "(?<n>x)": true,
		"(?i)run": false, "(?P<n>x)": false, "[(?i)]": true, `\(?i\)`: true, "(?#c)": false,
	} {
		assert.Equal(t, ok, SyntaxOK(p), p)
		assert.Equal(t, ok, Compile(p) != nil, p)
	}
}

// TestUnevaluable: an evaluation past the bound is a match with an
// *Unevaluable error naming the pattern and the value, never a silent
// "no match"; a quick one is decided.
func TestUnevaluable(t *testing.T) {
	re := Compile(`(a+)+b|danger$`)
	require.NotNil(t, re)
	ok, err := Test(re, strings.Repeat("a", 30)+"danger")
	assert.True(t, ok, "an unevaluable match selects")
	var u *Unevaluable
	require.True(t, errors.As(err, &u), "%v", err)
	assert.Contains(t, err.Error(), "could not be evaluated")
	assert.Contains(t, err.Error(), `"(a+)+b|danger$"`)
	ok, err = Test(re, "list")
	assert.False(t, ok)
	assert.NoError(t, err)
}

func TestLint(t *testing.T) {
	var codes []string
	add := func(code, sev, msg, hint string) { codes = append(codes, code+"/"+sev+": "+msg) }
	assert.True(t, Lint("(a+)+b", "(a+)+b", "Gemini CLI", add))
	assert.False(t, Lint("(?i)(a+)+", "(?i)(a+)+", "Gemini CLI", add), "not a JavaScript regex: compared for equality, never evaluated")
	assert.False(t, Lint("run_shell_command", "run_shell_command", "Gemini CLI", add))
	require.Len(t, codes, 1)
	assert.True(t, strings.HasPrefix(codes[0], CodeBacktracking+"/error: "), codes[0])
	assert.Contains(t, codes[0], "Gemini CLI can hang on it")
}

// TestCompileCacheIsBounded: distinct patterns beyond the bound do not
// grow the cache.
func TestCompileCacheIsBounded(t *testing.T) {
	for i := 0; i < maxCached+10; i++ {
		Compile("x" + strings.Repeat("y", i%7) + string(rune('a'+i%26)) + strings.Repeat("z", i/26))
	}
	n := cache.Len()
	assert.LessOrEqual(t, n, maxCached)
}
