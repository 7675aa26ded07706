package hookkit

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestExpandHeaders(t *testing.T) {
	env := []string{"A=1", "B=two=2", "EMPTY="}
	headers := map[string]string{"h1": "$A ${A} $B", "h2": "$C-${C}", "h3": "$EMPTY|$$A", "h4": "no refs"}
	assert.Equal(t, map[string]string{"h1": "1 1 two=2", "h2": "$C-${C}", "h3": "|$1", "h4": "no refs"},
		ExpandHeaders(headers, []string{"A", "B", "EMPTY"}, env, true), "native keeps others as written")
	assert.Equal(t, map[string]string{"h1": "1 1 ", "h2": "-", "h3": "|$1", "h4": "no refs"},
		ExpandHeaders(headers, []string{"A", "EMPTY"}, env, false), "claude replaces others with nothing")
	assert.Nil(t, ExpandHeaders(nil, []string{"A"}, env, true))
}
