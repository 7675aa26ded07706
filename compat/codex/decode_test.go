package codex

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/translate"
)

// TestConfigTOMLPositions: a handler of config.toml's [hooks] is
// positioned at its table's opening bracket, in the entry of the group it
// belongs to (the second [[hooks.PreToolUse]]'s handler is not the
// first's), and a bad value at the value's key.
func TestConfigTOMLPositions(t *testing.T) {
	data := []byte("[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n  [[hooks.PreToolUse.hooks]]\n  type = \"prompt\"\n[[hooks.PreToolUse]]\n  [[ hooks.PreToolUse.hooks ]]\n  type = \"command\"\n  command = \"\"\n")
	dec, err := decodeConfigTOML("/h/config.toml", data)
	require.NoError(t, err)
	ordinal := 0
	_, warns := translateDecoded(dec, ScopeUser, &ordinal, nil, false)
	var at []translate.Warning
	for _, w := range warns {
		if w.Code == CodeSkippedHandler {
			at = append(at, w)
		}
	}
	require.Len(t, at, 2, "%v", warns)
	assert.Equal(t, [2]int{3, 3}, [2]int{at[0].Line, at[0].Col}, "the prompt handler: %s", at[0].Message)
	assert.Equal(t, [2]int{6, 3}, [2]int{at[1].Line, at[1].Col}, "the empty command: %s", at[1].Message)

	_, err = decodeConfigTOML("/h/config.toml", []byte("[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = \"x\"\ntimeout = \"soon\"\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "at line 5 column 1", "at the key")
}
