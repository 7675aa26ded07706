package eventtable

import (
	"go/parser"
	"go/token"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
)

// TestDecisionsAreFound: the check finds each kind of event decision (it
// cannot pass by missing them).
func TestDecisionsAreFound(t *testing.T) {
	src := `package x
import "github.com/hookcompat/hookcompat/settings"
var m = map[string]bool{"SessionEnd": true}
func f(e string, n settings.Event) bool {
	switch e { case "Stop": return true }
	if n == settings.PreTool || n.ToolEvent() { return false }
	return e == "PreToolUse" || e == "not an event"
}`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "x.go", src, 0)
	require.NoError(t, err)
	got := Decisions(fset, file, []string{"SessionEnd", "Stop", "PreToolUse"}, SettingsEventConstants(t))
	require.Len(t, got, 5, "%q", got)
	for i, want := range []string{`map key "SessionEnd"`, `case "Stop"`, "comparison with settings.PreTool", "call of ToolEvent", `comparison with "PreToolUse"`} {
		assert.Contains(t, got[i], want)
	}
}

// TestSettingsEventConstants: every native and extension event constant
// is found.
func TestSettingsEventConstants(t *testing.T) {
	assert.Len(t, SettingsEventConstants(t), len(settings.Events())+len(settings.ExtensionEvents()))
}
