package conformance

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
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

// An implementation that answers every event but runs no hook fails
// nearly every case of the shipped suite: the cases are not empty.
func TestNullImplementationFailsNearlyAll(t *testing.T) {
	suite, err := Load(Embedded(), ".")
	if err != nil {
		t.Fatal(err)
	}
	if suite.Cases() < 300 {
		t.Fatalf("the shipped suite has %d cases", suite.Cases())
	}
	r := &Runner{Command: selfImpl(t, "null"), Parallel: 8}
	rep, err := r.Run(context.Background(), suite)
	if err != nil {
		t.Fatal(err)
	}
	pass, fail, uns := rep.Total()
	t.Log(rep.Summary())
	if uns != 0 || pass+fail != suite.Cases() {
		t.Fatalf("pass %d fail %d unsupported %d of %d", pass, fail, uns, suite.Cases())
	}
	// The cases that pass expect nothing an empty answer gets wrong: an
	// event where no hook ran and nothing reached the model.
	if float64(pass) > 0.08*float64(suite.Cases()) {
		t.Errorf("%d of %d cases pass with an implementation that does nothing", pass, suite.Cases())
	}
	for _, res := range rep.Results {
		if res.Status == StatusPass {
			if c := findCase(suite, res.ID); c == nil || c.Expect.Hooks == nil || len(*c.Expect.Hooks) != 0 {
				t.Errorf("%s passes with no hook run, but expects hooks", res.ID)
			}
		}
	}
}

// An implementation that exits without answering fails every case, with
// a message saying so.
func TestSilentImplementationFailsAll(t *testing.T) {
	suite, err := Load(Embedded(), ".")
	if err != nil {
		t.Fatal(err)
	}
	r := &Runner{Command: selfImpl(t, "silent"), Parallel: 8, Filter: []string{"*/0[1-2]-*"}}
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

func findCase(s *Suite, id string) *Case {
	for _, ses := range s.Sessions {
		for i := range ses.Cases {
			if ses.Cases[i].ID == id {
				return &ses.Cases[i]
			}
		}
	}
	return nil
}

// The filter selects cases by glob or substring; the events before a
// selected one are sent but not scored.
func TestFilterSelects(t *testing.T) {
	suite, err := Load(Embedded(), ".")
	if err != nil {
		t.Fatal(err)
	}
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
