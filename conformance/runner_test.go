package conformance

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"sync"
	"testing"
)

// TestMain lets the test binary stand in for an implementation: with
// HOOKCONF_TEST_IMPL set it speaks the protocol instead of testing.
func TestMain(m *testing.M) {
	switch os.Getenv("HOOKCONF_TEST_IMPL") {
	case "null":
		nullImpl()
		os.Exit(0)
	case "silent":
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// nullImpl answers every session and event, and runs no hook: the
// implementation that does nothing.
func nullImpl() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	first := true
	for sc.Scan() {
		if first {
			fmt.Println(`{"type":"ready"}`)
			first = false
			continue
		}
		var ev EventMsg
		_ = json.Unmarshal(sc.Bytes(), &ev)
		b, _ := json.Marshal(Reply{Type: "reply", ID: ev.ID, Effect: &Effect{Texts: []Text{}}})
		fmt.Println(string(b))
	}
}

func selfImpl(t *testing.T, kind string) []string {
	t.Helper()
	t.Setenv("HOOKCONF_TEST_IMPL", kind)
	return []string{os.Args[0]}
}

// shipped is the shipped suite, loaded once for the package's tests.
var shipped = sync.OnceValues(func() (*Suite, error) { return Load(Embedded(), ".") })

func shippedSuite(t *testing.T) *Suite {
	t.Helper()
	s, err := shipped()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// nullVerdicts judges every case of s as the null implementation answers
// it — an empty effect and no hook run — without running anything: the
// same judge the runner applies to what it reads back (the runner's
// protocol path is checked against it on a sample).
func nullVerdicts(t *testing.T, s *Suite) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, ses := range s.Sessions {
		sb := &Sandbox{values: map[string]string{}}
		for _, r := range ses.Normalize {
			sb.rules = append(sb.rules, &rule{regexp.MustCompile(r.Pattern), r.Replace})
		}
		for i := range ses.Cases {
			c := &ses.Cases[i]
			status := StatusPass
			if _, problems := judge(sb, c, &Effect{Texts: []Text{}}, nil); len(problems) > 0 {
				status = StatusFail
			}
			out[c.ID] = status
		}
	}
	return out
}

// exactIDs are globs that select exactly the first case of each
// (agent, version, class) of s: its stratified sample's cases.
func exactIDs(s *Suite) []string {
	var out []string
	seen := map[[3]string]bool{}
	for _, ses := range s.Sessions {
		for _, c := range ses.Cases {
			k := [3]string{ses.Agent, ses.Version, c.Class}
			if !seen[k] {
				seen[k] = true
				// A glob of the whole id (a class bracket makes it one).
				out = append(out, c.ID[:len(c.ID)-1]+"["+c.ID[len(c.ID)-1:]+"]")
			}
		}
	}
	return out
}

// An implementation that answers every event but runs no hook fails
// nearly every case of the shipped suite: the cases are not empty. Every
// case is judged with the null answer; the null implementation itself
// runs, through the protocol, on a sample with every agent, version and
// class, and gets the same verdicts there.
func TestNullImplementationFailsNearlyAll(t *testing.T) {
	suite := shippedSuite(t)
	if suite.Cases() < 300 {
		t.Fatalf("the shipped suite has %d cases", suite.Cases())
	}
	verdicts := nullVerdicts(t, suite)
	pass := 0
	for _, ses := range suite.Sessions {
		for i := range ses.Cases {
			c := &ses.Cases[i]
			if verdicts[c.ID] != StatusPass {
				continue
			}
			pass++
			// The cases that pass expect nothing an empty answer gets
			// wrong: an event where no hook ran and nothing reached the
			// model.
			if c.Expect.Hooks == nil || len(*c.Expect.Hooks) != 0 {
				t.Errorf("%s passes with no hook run, but expects hooks", c.ID)
			}
		}
	}
	t.Logf("conformance: %d/%d cases pass with the null answer", pass, suite.Cases())
	if float64(pass) > 0.08*float64(suite.Cases()) {
		t.Errorf("%d of %d cases pass with an implementation that does nothing", pass, suite.Cases())
	}
	sample := exactIDs(suite)
	r := &Runner{Command: selfImpl(t, "null"), Parallel: 8, Filter: sample}
	rep, err := r.Run(context.Background(), suite)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Results) != len(sample) {
		t.Fatalf("%d results for the %d sampled cases", len(rep.Results), len(sample))
	}
	for _, res := range rep.Results {
		if res.Status != verdicts[res.ID] {
			t.Errorf("%s: the null implementation %s through the protocol, the null answer judged %s (%v)", res.ID, res.Status, verdicts[res.ID], res.Problems)
		}
	}
}

// An implementation that exits without answering fails every case, with
// a message saying so (the sample of every agent, version and class).
func TestSilentImplementationFailsAll(t *testing.T) {
	suite := shippedSuite(t)
	r := &Runner{Command: selfImpl(t, "silent"), Parallel: 8, Filter: exactIDs(suite)}
	rep, err := r.Run(context.Background(), suite)
	if err != nil {
		t.Fatal(err)
	}
	pass, fail, _ := rep.Total()
	if pass != 0 || fail == 0 {
		t.Fatalf("pass %d fail %d", pass, fail)
	}
	if p := rep.Results[0].Problems; len(p) == 0 || p[0] == "" {
		t.Errorf("no reason given: %+v", rep.Results[0])
	}
}

// The filter selects cases by glob or substring; the events before a
// selected one are sent but not scored.
func TestFilterSelects(t *testing.T) {
	suite := shippedSuite(t)
	var id string
	for _, ses := range suite.Sessions {
		if len(ses.Cases) >= 2 {
			id = ses.Cases[1].ID
			break
		}
	}
	r := &Runner{Command: selfImpl(t, "null"), Filter: []string{id}}
	rep, err := r.Run(context.Background(), suite)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Results) != 1 || rep.Results[0].ID != id {
		t.Fatalf("results %+v, want only %s", rep.Results, id)
	}
	if r.selected("claude/x") != (id == "claude/x") {
		t.Error("an exact id is a substring filter")
	}
	r.Filter = []string{"claude/*/hc_dec_*"}
	if !r.selected("claude/2.1.332/hc_dec_deny_no_reason/01-PreToolUse") || r.selected("codex/0.169.0/hc_x/01-Stop") {
		t.Error("glob filter")
	}
}
