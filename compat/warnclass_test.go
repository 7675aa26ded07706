package compat

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestEveryWarningCodeHasAClass: every warning code the loaders and the
// conversion targets declare (a Code… constant outside the doctor's and
// the formats' lint files, which declare findings) is classified as a
// loss or a note (docs/conversion.md, "Warning classes"), so that --strict
// never meets a code nobody thought about.
func TestEveryWarningCodeHasAClass(t *testing.T) {
	decl := regexp.MustCompile(`(?m)^\s*(Code\w*)\s*(?:string\s*)?=\s*"([a-z0-9-]+)"`)
	// Finding codes (doctor's, a lint's) declared outside lint files.
	notWarnings := map[string]bool{"catastrophic-backtracking": true}
	seen := map[string]string{}
	for _, root := range []string{".", filepath.Join("..", "translate")} {
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			base := filepath.Base(p)
			if d.IsDir() && (base == "testdata" || base == "all") {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") ||
				strings.HasPrefix(base, "lint") || strings.HasPrefix(base, "doctor") {
				return nil
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			for _, m := range decl.FindAllStringSubmatch(string(data), -1) {
				seen[m[2]] = p + ": " + m[1]
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(seen) < 40 {
		t.Fatalf("found only %d warning codes: the scan is broken", len(seen))
	}
	var missing []string
	for code, where := range seen {
		if _, ok := warningClasses[code]; !ok && !notWarnings[code] {
			missing = append(missing, code+" ("+where+")")
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("warning codes without a class (add them to warningClasses and docs/conversion.md):\n%s", strings.Join(missing, "\n"))
	}
	for code, class := range warningClasses {
		if class != ClassLoss && class != ClassNote {
			t.Errorf("%s: class %q", code, class)
		}
	}
}

// TestWontRunCodesAreLosses: every warning --quiet keeps because a hook
// will not run (WontRun) is a loss.
func TestWontRunCodesAreLosses(t *testing.T) {
	for code := range wontRunCodes {
		if c := warningClasses[code]; c != ClassLoss {
			t.Errorf("%s means a hook will not run but is classed %q", code, c)
		}
	}
}
