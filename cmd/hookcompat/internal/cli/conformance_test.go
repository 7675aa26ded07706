package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/hookcompat/hookcompat/conformance"
	"github.com/hookcompat/hookcompat/conformance/gen"
	"github.com/hookcompat/hookcompat/internal/testbin"
)

// TestMain lets the test binary be hookcompat's protocol implementation
// (HOOKCOMPAT_TEST_SERVE=1): "conformance serve" in a process of its own,
// as the runner starts any implementation.
func TestMain(m *testing.M) {
	if os.Getenv("HOOKCOMPAT_TEST_SERVE") == "1" {
		if err := serveConformance(context.Background(), os.Stdin, os.Stdout); err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
		os.Exit(0)
	}
	code := m.Run()
	testbin.Remove()
	os.Exit(code)
}

// conformanceKnown are the cases hookcompat does not pass, each with the
// reason; the test fails when one starts to pass (remove it then).
var conformanceKnown = map[string]string{
	// Claude Code's own process variables (AI_AGENT,
	// CLAUDE_CODE_ENTRYPOINT) are not set by hookcompat
	// (docs/decisions/010): a hook that prints them differs.
	"claude/2.1.332/pr_env_reader_context/01-PostToolUse": "a hook's text built from AI_AGENT and CLAUDE_CODE_ENTRYPOINT",
	// Gemini CLI's loop detection replaces the continuation of an
	// AfterAgent hook that always blocks, on the 20th turn, with its own
	// "Potential loop detected" message; hookcompat does not model the
	// agent's loop detector.
	"gemini/0.61.0/hc_aa_block_always/20-AfterAgent": "Gemini CLI's loop detector's message instead of the hook's continuation",
	// Gemini CLI never SIGKILLs a hook that ignores SIGTERM at its
	// timeout (it runs on to exit 0); hookcompat kills it after the grace
	// period, by design (a hook never outlives its bound).
	"gemini/0.61.0/hc_proc_sigterm_ignored/01-BeforeTool": "a hook that ignores SIGTERM is killed after the grace period",
}

// runSuiteOnHookcompat runs suite on "hookcompat conformance serve" of
// the hookcompat binary built from this module (without the race
// detector even under -race: the hooks and the engine run at the speed a
// user sees; TestConformanceRunCommand runs a sample of every agent,
// version and class through this test binary, race detector included).
// A session with a failed case is run again alone up to twice: a few
// recorded hooks end within 0.1 s of their timeout (Codex's
// hc_timeout_one_09), which a loaded machine can miss.
// shipped is the shipped suite, loaded once for the package's tests
// (which read it and do not change it).
var shipped = sync.OnceValues(func() (*conformance.Suite, error) { return conformance.Load(conformance.Embedded(), ".") })

func shippedSuite(t *testing.T) *conformance.Suite {
	t.Helper()
	s, err := shipped()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func runSuiteOnHookcompat(t *testing.T, suite *conformance.Suite) *conformance.Report {
	t.Helper()
	r := &conformance.Runner{Command: []string{testbin.Hookcompat(t), "conformance", "serve"}, Parallel: 12, Retries: 2}
	rep, err := r.Run(context.Background(), suite)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func checkReport(t *testing.T, rep *conformance.Report) {
	t.Helper()
	for _, tl := range rep.Tallies() {
		t.Logf("%s %s %s: %d/%d", tl.Agent, tl.Version, tl.Class, tl.Pass, tl.Of)
	}
	t.Log(rep.Summary())
	for _, res := range rep.Results {
		why, known := conformanceKnown[res.ID]
		switch {
		case known && res.Status == conformance.StatusPass:
			t.Errorf("%s is a known difference (%s) but passes: remove it", res.ID, why)
		case !known && res.Status != conformance.StatusPass:
			t.Errorf("%s: %s: %s", res.ID, res.Status, strings.Join(res.Problems, "\n  "))
		}
	}
}

// hookcompat passes the shipped suite through its own protocol
// implementation (the reference implementation: the same process and
// protocol as any other), its known differences aside.
func TestConformanceSuite(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every case of the conformance suite")
	}
	checkReport(t, runSuiteOnHookcompat(t, shippedSuite(t)))
}

// The shared oracles' recordings, generated into a temporary suite at
// test time (they are not the project's to commit), pass too.
func TestConformanceSharedRecordings(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the shared recordings' cases")
	}
	shared := filepath.Join("..", "..", "..", "..", "..", "shared")
	if _, err := os.Stat(shared); err != nil {
		t.Skipf("the shared recordings are absent (%s)", shared)
	}
	dst := t.TempDir()
	if _, _, err := gen.Build(dst, gen.SuiteOptions{Shared: shared, Agents: []string{"claude", "codex", "gemini", "qwen"}}); err != nil {
		t.Fatal(err)
	}
	suite, err := conformance.Load(os.DirFS(dst), ".")
	if err != nil {
		t.Fatal(err)
	}
	if suite.Cases() == 0 {
		t.Skip("no shared case was generated")
	}
	checkReport(t, runSuiteOnHookcompat(t, suite))
}

// conformance list shows the classes with their counts and the total.
func TestConformanceList(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Run(context.Background(), []string{"conformance", "list"}, IO{In: strings.NewReader(""), Out: &out, Err: &errb}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	suite := shippedSuite(t)
	for _, want := range []string{"claude  2.1.332  PreToolUse", "cases in"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("list output lacks %q:\n%s", want, out.String())
		}
	}
	if want := fmt.Sprintf("%d cases in %d sessions", suite.Cases(), len(suite.Sessions)); !strings.Contains(out.String(), want) {
		t.Errorf("list output lacks %q:\n%s", want, out.String())
	}
}

// conformance run prints per-class lines and the summary line, --json
// the results; an implementation that answers nothing fails (exit 1).
// Run on the suite's stratified sample (--cases), which has every agent,
// version and class: the whole suite runs in TestConformanceSuite.
func TestConformanceRunCommand(t *testing.T) {
	t.Setenv("HOOKCOMPAT_TEST_SERVE", "1")
	sample := shippedSuite(t).Stratified()
	dir := t.TempDir()
	if err := gen.Write(dir, sample.Sessions, nil); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (string, int) {
		var out, errb bytes.Buffer
		code := Run(context.Background(), args, IO{In: strings.NewReader(""), Out: &out, Err: &errb})
		return out.String() + errb.String(), code
	}
	report := filepath.Join(t.TempDir(), "report.json")
	out, code := run("conformance", "run", "--impl", os.Args[0], "--cases", dir, "--parallel", "12", "--report", report)
	summary := regexp.MustCompile(`(?m)^conformance: (\d+)/(\d+) cases pass$`).FindStringSubmatch(out)
	if summary == nil || summary[2] != fmt.Sprint(sample.Cases()) {
		t.Fatalf("exit %d, no summary of %d cases:\n%s", code, sample.Cases(), out)
	}
	var written struct {
		Pass    int
		Results []conformance.Result
	}
	if data, err := os.ReadFile(report); err != nil || json.Unmarshal(data, &written) != nil || len(written.Results) != sample.Cases() || fmt.Sprint(written.Pass) != summary[1] {
		t.Errorf("--report: %v, %d results (pass %d) for %s", err, len(written.Results), written.Pass, summary[0])
	}
	for _, c := range sample.Counts() {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(c.Agent) + ` +` + regexp.QuoteMeta(c.Version) + ` +` + regexp.QuoteMeta(c.Class) + ` +\d+/\d+ `).MatchString(out) {
			t.Errorf("no line for %s %s %s:\n%s", c.Agent, c.Version, c.Class, out)
		}
	}
	var failing []string
	for _, l := range strings.Split(out, "\n") {
		if id, ok := strings.CutPrefix(l, "FAIL "); ok {
			if id, _, _ = strings.Cut(id, ":"); conformanceKnown[id] == "" {
				failing = append(failing, l)
			}
		}
	}
	if len(failing) > 0 || (code != 0) != (summary[1] != summary[2]) {
		t.Errorf("exit %d, failing %q:\n%s", code, failing, out)
	}
	first := sample.Sessions[0]
	out, code = run("conformance", "run", "--impl", os.Args[0], "--cases", dir, "--filter", first.Agent+"/"+first.Version+"/"+first.Name+"/*", "--json")
	var rep struct {
		Pass    int
		Summary string
		Results []conformance.Result
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 || rep.Pass == 0 || len(rep.Results) != rep.Pass {
		t.Fatalf("--json: exit %d, %v:\n%s", code, err, out)
	}
	out, code = run("conformance", "run", "--impl", "true", "--cases", dir, "--filter", "*/01-*")
	if code != ExitError || !strings.Contains(out, "conformance: 0/") {
		t.Fatalf("an implementation that answers nothing: exit %d:\n%s", code, out)
	}
}
