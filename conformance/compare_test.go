package conformance

import (
	"strings"
	"testing"
)

// Texts are compared as a multiset, then their placements: a text the
// case places must be placed alike, a text it does not place is not.
func TestJudgePlacement(t *testing.T) {
	sb := &Sandbox{values: map[string]string{}}
	c := &Case{Expect: Expect{Texts: &[]Text{{Text: "A", Placement: "tool_result"}, {Text: "B", Placement: "message"}, {Text: "C"}}}}
	for _, tc := range []struct {
		name           string
		got            []Text
		texts, placing bool
	}{
		{"same", []Text{{"B", "message"}, {"A", "tool_result"}, {"C", "anything"}}, true, true},
		{"misplaced", []Text{{"A", "message"}, {"B", "message"}, {"C", ""}}, true, false},
		{"unplaced", []Text{{"A", ""}, {"B", "message"}, {"C", ""}}, true, false},
		{"other text", []Text{{"A", "tool_result"}, {"B", "message"}}, false, false},
	} {
		checks, problems := judge(sb, c, &Effect{Texts: tc.got}, nil)
		if checks[CheckTexts] != tc.texts {
			t.Errorf("%s: texts %v, want %v (%v)", tc.name, checks[CheckTexts], tc.texts, problems)
		}
		if _, judged := checks[CheckPlacement]; judged != tc.texts || checks[CheckPlacement] != tc.placing {
			t.Errorf("%s: placement judged %v %v, want %v (%v)", tc.name, judged, checks[CheckPlacement], tc.placing, problems)
		}
		if !tc.placing && tc.texts && !strings.Contains(strings.Join(problems, " "), "the agent put it at") {
			t.Errorf("%s: the problem does not say where the agent put the text: %v", tc.name, problems)
		}
	}
	// A case that places no text has no placement check.
	c = &Case{Expect: Expect{Texts: &[]Text{{Text: "A"}}}}
	if checks, _ := judge(sb, c, &Effect{Texts: []Text{{"A", "x"}}}, nil); !checks[CheckTexts] {
		t.Error("texts")
	} else if _, judged := checks[CheckPlacement]; judged {
		t.Error("a case without placements has a placement check")
	}
}

// The stratified sample has every agent, version and class of the suite,
// in fewer sessions.
func TestStratifiedHasEveryClass(t *testing.T) {
	suite := shippedSuite(t)
	sample := suite.Stratified()
	want, got := suite.Counts(), sample.Counts()
	if len(want) != len(got) {
		t.Fatalf("the sample has %d classes, the suite %d", len(got), len(want))
	}
	for i := range want {
		if want[i].Agent != got[i].Agent || want[i].Version != got[i].Version || want[i].Class != got[i].Class {
			t.Errorf("class %d: suite %v, sample %v", i, want[i], got[i])
		}
	}
	if len(sample.Sessions) >= len(suite.Sessions)/4 {
		t.Errorf("the sample has %d of %d sessions", len(sample.Sessions), len(suite.Sessions))
	}
}
