package runner

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReportLine: the stderr line round-trips; only a line that starts
// with the prefix counts, the last one wins, and a line that is not a
// report of this engine's outcomes is ignored.
func TestReportLine(t *testing.T) {
	code := 127
	rep := &Report{Hooks: []InnerRun{{Protocol: "claude", Command: "guard.sh", Outcome: OutcomeError, ExitCode: &code, Error: "not found"}}}
	line, err := ReportLine(rep)
	require.NoError(t, err)
	assert.Equal(t, byte('\n'), line[len(line)-1])
	runs := readReportLine(append([]byte("hookcompat exec: guard.sh: error (exit 127): not found\n"), line...))
	require.Len(t, runs, 1)
	assert.Equal(t, OutcomeError, runs[0].Outcome)
	assert.Equal(t, 127, *runs[0].ExitCode)

	assert.Nil(t, readReportLine([]byte("some text "+ReportLinePrefix+`{"hooks":[]}`)), "not at the start of a line")
	assert.Nil(t, readReportLine([]byte(ReportLinePrefix+`{"hooks":[{"outcome":"exploded"}]}`)), "an outcome this engine does not write")
	assert.Nil(t, readReportLine([]byte(ReportLinePrefix+`not json`)))
	two := append(append([]byte{}, line...), []byte(ReportLinePrefix+`{"hooks":[{"protocol":"claude","command":"b","outcome":"success","exit_code":0,"duration_ms":1}]}`+"\n")...)
	runs = readReportLine(two)
	require.Len(t, runs, 1)
	assert.Equal(t, "b", runs[0].Command, "the last report line")
}
