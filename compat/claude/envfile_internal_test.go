package claude

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The exports a child reported before it died are kept, the last value
// of a name winning; a finished answer is read whole.
func TestReadEnvFileAnswerKeepsTheExportsOfAChildThatDied(t *testing.T) {
	resp, made := readEnvFileAnswer([]byte(`{"made":["B=1"]}` + "\n" + `{"made":["A=1","B=2"]}` + "\n" + `{"made":["C`))
	assert.Nil(t, resp, "no answer: the child did not finish")
	assert.Equal(t, []string{"A=1", "B=2"}, made)
	resp, _ = readEnvFileAnswer([]byte(`{"made":["A=1"]}` + "\n" + `{"done":true,"exports":["A=1"],"error":"x","limit":true}`))
	if assert.NotNil(t, resp) {
		assert.Equal(t, []string{"A=1"}, resp.Exports)
		assert.True(t, resp.Limit)
	}
}

// The child reports the exports so far as it goes: at the first command
// and every progressEvery commands after.
func TestEvalReportsExportsAsTheyAreMade(t *testing.T) {
	var seen [][]string
	data := "export A=1\ntrue\nexport B=2\n" + strings.Repeat("true\n", progressEvery) + "export C=3\n"
	req := envFileRequest{Path: "f.sh", Data: data}
	exports, err := req.evalCtx(t.Context(), EnvFileTimeout, func(e []string) { seen = append(seen, e) })
	assert.NoError(t, err)
	assert.Equal(t, []string{"A=1", "B=2", "C=3"}, exports)
	assert.Equal(t, [][]string{{"A=1"}, {"A=1", "B=2"}}, seen, "reported at commands 1 and 1+%d", progressEvery)
}
