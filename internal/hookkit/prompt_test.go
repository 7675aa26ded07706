package hookkit

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPromptWithArguments(t *testing.T) {
	args := []byte(`{"tool":"shell"}`)
	for _, c := range []struct{ prompt, want string }{
		{"Check $ARGUMENTS now", `Check {"tool":"shell"} now`},
		{"$ARGUMENTS and $ARGUMENTS", `{"tool":"shell"} and {"tool":"shell"}`},
		{"No placeholder", "No placeholder\n\nARGUMENTS: {\"tool\":\"shell\"}"},
		{`Costs \$5, see $ARGUMENTS`, `Costs $5, see {"tool":"shell"}`},
		{`Only \$ARGUMENTS`, "Only $ARGUMENTS\n\nARGUMENTS: {\"tool\":\"shell\"}"},
	} {
		assert.Equal(t, c.want, PromptWithArguments(c.prompt, args), c.prompt)
	}
	assert.Equal(t, "Plain", PromptWithArguments("Plain", nil), "no arguments, nothing appended")
}
