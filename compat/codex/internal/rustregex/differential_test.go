package rustregex

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// verdict is one row of testdata/differential.jsonl: what the real Rust
// regex crate (regex 1.13.1, regex-syntax 0.8.11, the npm package rregex;
// testdata/gen.mjs writes the file from testdata/patterns.json) made of a
// pattern — its parse error as regex's Display writes it, or whether it
// matches each subject. Source is "recorded" (a matcher of a Codex
// recording, a shared oracle case, a converted hooks.json or a Codex
// config of the public corpus), "corpus" (a matcher of another agent's
// config in the public corpus) or "syntax" (a probe of where Rust's and
// Go's syntax differ).
type verdict struct {
	Pattern string          `json:"pattern"`
	Source  string          `json:"source"`
	Error   string          `json:"error"`
	Matches map[string]bool `json:"matches"`
}

func readVerdicts(t *testing.T) []verdict {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "differential.jsonl"))
	require.NoError(t, err)
	defer f.Close()
	var out []verdict
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var v verdict
		require.NoError(t, json.Unmarshal(sc.Bytes(), &v))
		out = append(out, v)
	}
	require.NoError(t, sc.Err())
	require.Greater(t, len(out), 100)
	return out
}

// knownDifferences are the rows where the translation knowingly differs
// from Rust (see the package doc): unsupported — Rust compiles or rejects
// the pattern for a reason Go's regexp cannot follow, and the
// translation is an *UnsupportedError (loaded, selecting every value: the
// safe side for a guard); or the subjects whose verdict differs (Unicode
// word boundaries and binary properties Go has no table for, evaluated
// on ASCII only).
var knownDifferences = map[string]struct {
	unsupported bool
	subjects    []string
}{
	// Rust's compiled-size limit (10 MiB) is not applied: Rust rejects
	// these, hookcompat cannot evaluate them.
	`\w{1001}`:          {unsupported: true},
	"(?:a{1000}){1000}": {unsupported: true},
	// Counts above 1000: Rust accepts, Go cannot compile.
	"a{1001}": {unsupported: true},
	// \b is ASCII, \b{start} is \b.
	`\b{2}`:                            {subjects: []string{"é"}},
	`a\b{start}`:                       {subjects: []string{"a", "a b"}},
	`^\p{XID_Start}\p{XID_Continue}*$`: {subjects: []string{"é"}},
	`\p{Extended_Pictographic}`:        {subjects: []string{"😀"}},
}

// TestTranslationMatchesRust: on every row of the differential table the
// translation decides as the real Rust regex does — the same parse error,
// byte for byte, or the same verdict on every subject — except the
// documented knownDifferences.
func TestTranslationMatchesRust(t *testing.T) {
	for _, v := range readVerdicts(t) {
		re, err := Compile(v.Pattern)
		known := knownDifferences[v.Pattern]
		if known.unsupported {
			var unsup *UnsupportedError
			assert.True(t, errors.As(err, &unsup), "%q: Go cannot evaluate it; got %v", v.Pattern, err)
			continue
		}
		if v.Error != "" {
			var se *SyntaxError
			if assert.True(t, errors.As(err, &se), "%q: Rust rejects it (%s); the translation gave %v", v.Pattern, v.Error, err) {
				assert.Equal(t, v.Error, se.Error(), "%q: Rust's message", v.Pattern)
			}
			continue
		}
		if !assert.NoError(t, err, "%q: Rust accepts it", v.Pattern) {
			continue
		}
		for s, want := range v.Matches {
			if slices.Contains(known.subjects, s) {
				assert.NotEqual(t, want, re.MatchString(s), "%q on %q: a known difference that no longer is", v.Pattern, s)
				continue
			}
			assert.Equal(t, want, re.MatchString(s), "%q on %q", v.Pattern, s)
		}
	}
}

// TestGoRegexpAloneDiffers measures what the translation is for: Go's
// regexp given the pattern as it is agrees with Rust on every matcher
// found in recordings and configs (sources recorded and corpus), and
// differs on the syntax probes — there it would accept what Codex drops,
// reject what Codex loads, or match otherwise.
func TestGoRegexpAloneDiffers(t *testing.T) {
	agree := map[string]int{}
	var differ []string
	how := map[string]int{}
	for _, v := range readVerdicts(t) {
		same := goAgrees(v)
		if same {
			agree[v.Source]++
			continue
		}
		if v.Source != "syntax" {
			t.Errorf("%s matcher %q: Go's regexp alone decides otherwise than Rust", v.Source, v.Pattern)
		}
		differ = append(differ, v.Pattern)
		_, err := regexp.Compile(v.Pattern)
		switch {
		case v.Error != "":
			how["accepts what Rust rejects"]++
		case err != nil:
			how["rejects what Rust accepts"]++
		default:
			how["matches otherwise"]++
		}
	}
	sort.Strings(differ)
	t.Logf("Go's regexp alone agrees with Rust on %d recorded and %d corpus matchers and on %d syntax probes; differs on %d probes (%v): %q",
		agree["recorded"], agree["corpus"], agree["syntax"], len(differ), how, differ)
	assert.GreaterOrEqual(t, agree["recorded"], 41)
	assert.GreaterOrEqual(t, len(differ), 45, "the table covers where the engines differ")
}

// goAgrees reports whether Go's regexp, given v's pattern unchanged,
// decides as Rust did: both reject it, or both accept it and agree on
// every subject.
func goAgrees(v verdict) bool {
	re, err := regexp.Compile(v.Pattern)
	if v.Error != "" || err != nil {
		return v.Error != "" && err != nil
	}
	for s, want := range v.Matches {
		if re.MatchString(s) != want {
			return false
		}
	}
	return true
}
