package runner

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func boolPtr(b bool) *bool { return &b }

// TestMerge covers every rule of Merge's doc comment; each row is named
// after the rule it tests.
func TestMerge(t *testing.T) {
	tests := []struct {
		name    string
		replies []Reply
		want    Reply
	}{
		{
			name: "no replies give the empty reply",
			want: Reply{},
		},
		{
			name:    "replies without fields give the empty reply",
			replies: []Reply{{}, {}},
			want:    Reply{},
		},
		{
			name:    "HK-20 first blocking hook wins",
			replies: []Reply{{Decision: DecisionBlock, Reason: "first"}, {Decision: DecisionBlock, Reason: "second"}},
			want:    Reply{Decision: DecisionBlock, Reason: "first"},
		},
		{
			name:    "HK-20 block and deny rank equal so the first of them wins (deny first)",
			replies: []Reply{{Decision: DecisionDeny, Reason: "deny first"}, {Decision: DecisionBlock, Reason: "block second"}},
			want:    Reply{Decision: DecisionDeny, Reason: "deny first"},
		},
		{
			name:    "HK-20 block and deny rank equal so the first of them wins (block first)",
			replies: []Reply{{Decision: DecisionBlock, Reason: "block first"}, {Decision: DecisionDeny, Reason: "deny second"}},
			want:    Reply{Decision: DecisionBlock, Reason: "block first"},
		},
		{
			name: "HK-53 block beats an earlier ask and allow",
			replies: []Reply{
				{Decision: DecisionAllow, Reason: "allowed"},
				{Decision: DecisionAsk, Reason: "ask me"},
				{Decision: DecisionBlock, Reason: "no"},
			},
			want: Reply{Decision: DecisionBlock, Reason: "no"},
		},
		{
			name:    "HK-60 deny beats a later ask",
			replies: []Reply{{Decision: DecisionDeny, Reason: "denied"}, {Decision: DecisionAsk, Reason: "ask"}},
			want:    Reply{Decision: DecisionDeny, Reason: "denied"},
		},
		{
			name:    "HK-60 ask beats allow regardless of order",
			replies: []Reply{{Decision: DecisionAllow, Reason: "fine"}, {Decision: DecisionAsk, Reason: "check"}},
			want:    Reply{Decision: DecisionAsk, Reason: "check"},
		},
		{
			name:    "HK-60 first ask wins among asks",
			replies: []Reply{{Decision: DecisionAsk, Reason: "a1"}, {Decision: DecisionAsk, Reason: "a2"}},
			want:    Reply{Decision: DecisionAsk, Reason: "a1"},
		},
		{
			name:    "HK-60 allow beats no decision",
			replies: []Reply{{}, {Decision: DecisionAllow, Reason: "ok"}, {}},
			want:    Reply{Decision: DecisionAllow, Reason: "ok"},
		},
		{
			name:    "HK-53 first allow wins among allows even with an empty reason",
			replies: []Reply{{Decision: DecisionAllow}, {Decision: DecisionAllow, Reason: "later"}},
			want:    Reply{Decision: DecisionAllow},
		},
		{
			name: "HK-20 reason is the winner's even when an earlier reply has one",
			replies: []Reply{
				{Decision: DecisionAllow, Reason: "allow reason"},
				{Decision: DecisionBlock, Reason: "block reason"},
			},
			want: Reply{Decision: DecisionBlock, Reason: "block reason"},
		},
		{
			name:    "reason without a decision is dropped unless continue is set",
			replies: []Reply{{Reason: "just talking"}},
			want:    Reply{},
		},
		{
			name: "HK-51 without a decision the first reason of a continue reply counts",
			replies: []Reply{
				{Reason: "no continue here"},
				{Continue: boolPtr(true), Reason: ""},
				{Continue: boolPtr(true), Reason: "keep going"},
				{Continue: boolPtr(false), Reason: "later"},
			},
			want: Reply{Continue: boolPtr(false), Reason: "keep going"},
		},
		{
			name: "HK-53 a decision's reason beats a continue reason",
			replies: []Reply{
				{Continue: boolPtr(true), Reason: "continue reason"},
				{Decision: DecisionAsk, Reason: "ask reason"},
			},
			want: Reply{Decision: DecisionAsk, Reason: "ask reason", Continue: boolPtr(true)},
		},
		{
			name:    "HK-53 continue false wins over an earlier true",
			replies: []Reply{{Continue: boolPtr(true)}, {Continue: boolPtr(false)}},
			want:    Reply{Continue: boolPtr(false)},
		},
		{
			name:    "HK-53 continue false wins over a later true",
			replies: []Reply{{Continue: boolPtr(false)}, {Continue: boolPtr(true)}},
			want:    Reply{Continue: boolPtr(false)},
		},
		{
			name:    "HK-53 any continue true counts",
			replies: []Reply{{}, {Continue: boolPtr(true)}, {}},
			want:    Reply{Continue: boolPtr(true)},
		},
		{
			name:    "HK-53 continue stays unset when no reply sets it",
			replies: []Reply{{AdditionalContext: "x"}},
			want:    Reply{AdditionalContext: "x"},
		},
		{
			name:    "stop_reason is the first non-empty one",
			replies: []Reply{{}, {StopReason: "first stop"}, {StopReason: "second stop"}},
			want:    Reply{StopReason: "first stop"},
		},
		{
			name: "HK-53 contexts are trimmed and joined with a blank line in order",
			replies: []Reply{
				{AdditionalContext: "  one\n"},
				{AdditionalContext: "   \n\t"},
				{},
				{AdditionalContext: "\ntwo\nlines\n"},
				{AdditionalContext: "three"},
			},
			want: Reply{AdditionalContext: "one\n\ntwo\nlines\n\nthree"},
		},
		{
			name: "HK-60 first updated_args win",
			replies: []Reply{
				{},
				{UpdatedArgs: json.RawMessage(`{"command":"first"}`)},
				{UpdatedArgs: json.RawMessage(`{"command":"second"}`)},
			},
			want: Reply{UpdatedArgs: json.RawMessage(`{"command":"first"}`)},
		},
		{
			name: "HK-60 first updated_args win even from a reply that did not decide",
			replies: []Reply{
				{UpdatedArgs: json.RawMessage(`{"a":1}`)},
				{Decision: DecisionAllow, UpdatedArgs: json.RawMessage(`{"a":2}`)},
			},
			want: Reply{Decision: DecisionAllow, UpdatedArgs: json.RawMessage(`{"a":1}`)},
		},
		{
			name: "updated_result is the first one",
			replies: []Reply{
				{UpdatedResult: json.RawMessage(`"r1"`)},
				{UpdatedResult: json.RawMessage(`"r2"`)},
			},
			want: Reply{UpdatedResult: json.RawMessage(`"r1"`)},
		},
		{
			name: "HK-61 system messages are trimmed and joined with a newline in order",
			replies: []Reply{
				{SystemMessage: " first \n"},
				{SystemMessage: "  "},
				{SystemMessage: "second"},
			},
			want: Reply{SystemMessage: "first\nsecond"},
		},
		{
			name: "all rules together",
			replies: []Reply{
				{Decision: DecisionAllow, Reason: "r0", AdditionalContext: "c0", SystemMessage: "s0", Continue: boolPtr(true)},
				{Decision: DecisionDeny, Reason: "r1", UpdatedArgs: json.RawMessage(`{"x":1}`), StopReason: "sr1"},
				{Decision: DecisionBlock, Reason: "r2", AdditionalContext: "c2", Continue: boolPtr(false), UpdatedResult: json.RawMessage(`{}`)},
				{Decision: DecisionAsk, Reason: "r3", SystemMessage: "s3", UpdatedArgs: json.RawMessage(`{"x":3}`), StopReason: "sr3"},
			},
			want: Reply{
				Decision:          DecisionDeny,
				Reason:            "r1",
				Continue:          boolPtr(false),
				AdditionalContext: "c0\n\nc2",
				UpdatedArgs:       json.RawMessage(`{"x":1}`),
				SystemMessage:     "s0\ns3",
				StopReason:        "sr1",
				UpdatedResult:     json.RawMessage(`{}`),
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Merge(tt.replies)
			assert.Equal(t, tt.want, got)
		})
	}
}

// TestMergeIsPure checks that Merge neither changes its input nor returns
// memory shared with it.
func TestMergeIsPure(t *testing.T) {
	in := []Reply{
		{Decision: DecisionBlock, Reason: "r", Continue: boolPtr(false),
			UpdatedArgs: json.RawMessage(`{"a":1}`), UpdatedResult: json.RawMessage(`{"b":2}`)},
	}
	got := Merge(in)
	require.Equal(t, `{"a":1}`, string(got.UpdatedArgs))
	got.UpdatedArgs[1] = 'X'
	got.UpdatedResult[1] = 'X'
	*got.Continue = true
	assert.Equal(t, `{"a":1}`, string(in[0].UpdatedArgs), "updated_args must not alias the input")
	assert.Equal(t, `{"b":2}`, string(in[0].UpdatedResult), "updated_result must not alias the input")
	assert.False(t, *in[0].Continue, "continue must not alias the input")

	again := Merge(in)
	assert.Equal(t, Merge(in), again, "same input, same output")
}

func TestDecisionBlocks(t *testing.T) {
	for d, want := range map[Decision]bool{
		DecisionBlock: true, DecisionDeny: true, DecisionAsk: false, DecisionAllow: false, DecisionNone: false,
	} {
		assert.Equal(t, want, d.Blocks(), "decision %q", d)
	}
}
