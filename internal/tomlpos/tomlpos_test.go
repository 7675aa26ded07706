package tomlpos

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBuild: headers at their opening bracket, keys at their first part,
// array-table entries numbered, tables under an entry placed in it, and
// At falling back to the closest ancestor.
func TestBuild(t *testing.T) {
	doc := "[features]\nhooks = true\n\n[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n  [[ hooks.PreToolUse.hooks ]]\n  type = \"command\"\n  command = \"a\"\n[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ncommand = \"b\"\nenv.A = \"1\"\n"
	ix, err := Build([]byte(doc))
	require.NoError(t, err)
	assert.Equal(t, Pos{1, 1}, ix["features"])
	assert.Equal(t, Pos{2, 1}, ix["features.hooks"])
	assert.Equal(t, Pos{4, 1}, ix["hooks.PreToolUse[0]"])
	assert.Equal(t, Pos{4, 1}, ix["hooks.PreToolUse"], "the array where its first entry is")
	assert.Equal(t, Pos{5, 1}, ix["hooks.PreToolUse[0].matcher"])
	assert.Equal(t, Pos{6, 3}, ix["hooks.PreToolUse[0].hooks[0]"], "the bracket, not the indentation nor the blank inside")
	assert.Equal(t, Pos{8, 3}, ix["hooks.PreToolUse[0].hooks[0].command"])
	assert.Equal(t, Pos{9, 1}, ix["hooks.PreToolUse[1]"])
	assert.Equal(t, Pos{11, 1}, ix["hooks.PreToolUse[1].hooks[0].command"], "a table under the second entry")
	assert.Equal(t, Pos{12, 1}, ix["hooks.PreToolUse[1].hooks[0].env.A"])
	assert.Equal(t, Pos{10, 1}, ix.At("hooks.PreToolUse[1].hooks[0].timeout"), "an unwritten key: its table")
	assert.Equal(t, Pos{}, ix.At("nothing.here"))
}

// TestBuildError: a document that does not parse gives the parser's
// error.
func TestBuildError(t *testing.T) {
	_, err := Build([]byte("[hooks\nx = 1\n"))
	assert.Error(t, err)
}
