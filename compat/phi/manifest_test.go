package phi

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseManifest(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want *hookManifest // nil: rejected
		err  string        // the problem, Phi's wording (phi §10)
		line int           // position of the problem (0: not checked)
		col  int
	}{
		{"minimal", `{"event":"pre_tool","run":"./run.sh"}`,
			&hookManifest{Event: "pre_tool", Match: "*", Run: "./run.sh", Timeout: 5 * time.Second}, "", 0, 0},
		{"all fields", `{"name":"guard","event":"post_tool","match":"bash","run":"bin/x","timeout":"2s","fail_closed":true,"async":true}`,
			&hookManifest{Name: "guard", Event: "post_tool", Match: "bash", Run: "bin/x", Timeout: 2 * time.Second, FailClosed: true, Async: true}, "", 0, 0},
		{"values trimmed", `{"name":"  n  ","event":" pre_tool ","match":"  bash  ","run":"  ./run.sh  "}`,
			&hookManifest{Name: "n", Event: "pre_tool", Match: "bash", Run: "./run.sh", Timeout: 5 * time.Second}, "", 0, 0},
		{"keys case-insensitive", `{"EVENT":"pre_tool","Run":"./r","Name":"x","FAIL_CLOSED":true}`,
			&hookManifest{Name: "x", Event: "pre_tool", Match: "*", Run: "./r", Timeout: 5 * time.Second, FailClosed: true}, "", 0, 0},
		{"unknown keys ignored", `{"event":"pre_tool","run":"./r","priority":10}`,
			&hookManifest{Event: "pre_tool", Match: "*", Run: "./r", Timeout: 5 * time.Second}, "", 0, 0},
		{"empty match is all", `{"event":"pre_tool","run":"./r","match":"  "}`,
			&hookManifest{Event: "pre_tool", Match: "*", Run: "./r", Timeout: 5 * time.Second}, "", 0, 0},
		{"disabled is reported, not acted on", `{"event":"pre_tool","run":"./r","disabled":true}`,
			&hookManifest{Event: "pre_tool", Match: "*", Run: "./r", Timeout: 5 * time.Second, Disabled: true}, "", 0, 0},

		{"trailing comma", `{"event": "pre_tool", "run": "./run.sh",}`, nil,
			"parse: invalid character '}' looking for beginning of object key string", 1, 42},
		{"wrong type", "{\n  \"event\": \"pre_tool\",\n  \"run\": \"./r\",\n  \"fail_closed\": \"yes\"\n}", nil,
			"parse: json: cannot unmarshal string into Go struct field manifestFile.fail_closed of type bool", 4, 18},
		{"missing event", "{\n  \"run\": \"./r\"\n}", nil, `missing required field "event"`, 1, 1},
		{"event is case-sensitive", `{"event":"PreToolUse","run":"./r"}`, nil,
			`invalid event "PreToolUse" (want "pre_tool" or "post_tool")`, 1, 10},
		{"missing run", `{"event":"pre_tool"}`, nil, `missing required field "run"`, 1, 1},
		{"blank run", `{"event":"pre_tool","run":"   "}`, nil, `missing required field "run"`, 1, 27},
		{"bad timeout", `{"event":"pre_tool","run":"./r","timeout":"soon"}`, nil,
			`invalid timeout "soon": time: invalid duration "soon"`, 1, 43},
		{"async on pre_tool", `{"event":"pre_tool","run":"./r","async":true}`, nil,
			`async is only valid for event "post_tool"`, 1, 41},
		{"disabled but broken still rejected", `{"disabled":true}`, nil, `missing required field "event"`, 1, 1},
		// Order of checks: event before run before timeout before async.
		{"event checked before run", `{"timeout":"x","async":true}`, nil, `missing required field "event"`, 0, 0},
		{"run checked before timeout", `{"event":"pre_tool","timeout":"x"}`, nil, `missing required field "run"`, 0, 0},
		{"timeout checked before async", `{"event":"pre_tool","run":"./r","timeout":-1,"async":true}`, nil,
			"invalid timeout -1: must be >= 0", 0, 0},
		{"not an object", `[]`, nil, "parse: json: cannot unmarshal array into Go value of type phi.manifestFile", 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := parseManifest([]byte(tt.in))
			if tt.want != nil {
				require.NoError(t, err)
				assert.Equal(t, tt.want, m)
				return
			}
			require.Error(t, err)
			assert.Equal(t, tt.err, err.Error())
			var me *manifestError
			require.ErrorAs(t, err, &me)
			if tt.line != 0 {
				assert.Equal(t, [2]int{tt.line, tt.col}, [2]int{me.Line, me.Col}, "position")
			}
		})
	}
}

func TestParseTimeout(t *testing.T) {
	tests := []struct {
		in   string // raw JSON; "" means absent
		want time.Duration
		err  string
	}{
		{"", 5 * time.Second, ""},
		{"null", 5 * time.Second, ""},
		{`""`, 5 * time.Second, ""},
		{"0", 5 * time.Second, ""},
		{`"0s"`, 5 * time.Second, ""},
		{`"5s"`, 5 * time.Second, ""},
		{`"250ms"`, 250 * time.Millisecond, ""},
		{`"1m"`, time.Minute, ""},
		{"1", time.Second, ""},
		{"1.5", 1500 * time.Millisecond, ""},
		{"0.25", 250 * time.Millisecond, ""},
		{"60", time.Minute, ""},
		{`"60s"`, time.Minute, ""},
		{"61", 0, "invalid timeout 61: must be at most 1m0s"},
		{`"61s"`, 0, "invalid timeout 1m1s: must be at most 1m0s"},
		{"-1", 0, "invalid timeout -1: must be >= 0"},
		{"-0.5", 0, "invalid timeout -0.5: must be >= 0"},
		{`"-2s"`, 0, "invalid timeout -2s: must be > 0"},
		{`"soon"`, 0, `invalid timeout "soon": time: invalid duration "soon"`},
		{`"5"`, 0, `invalid timeout "5": time: missing unit in duration "5"`},
		{"true", 0, "invalid timeout true (want duration string or seconds number)"},
		{`{"s":1}`, 0, `invalid timeout {"s":1} (want duration string or seconds number)`},
		{"[5]", 0, "invalid timeout [5] (want duration string or seconds number)"},
	}
	for _, tt := range tests {
		var raw json.RawMessage
		if tt.in != "" {
			raw = json.RawMessage(tt.in)
		}
		got, err := parseTimeout(raw)
		if tt.err != "" {
			assert.EqualError(t, err, tt.err, "timeout %s", tt.in)
			continue
		}
		if assert.NoError(t, err, "timeout %s", tt.in) {
			assert.Equal(t, tt.want, got, "timeout %s", tt.in)
		}
	}
}
