package claude

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// TestEventTableCoversClaude: one row per Claude Code event, each running as the native event translate knows it
// by, with a payload head that starts with the common keys.
func TestEventTableCoversClaude(t *testing.T) {
	require.ElementsMatch(t, translate.ClaudeEventNames(), EventNames(), "one row per Claude event")
	require.Len(t, events.Get().rows, 33)
	for _, e := range events.Get().rows {
		native, ok := translate.NativeEvent(e.name)
		require.True(t, ok, e.name)
		assert.Equal(t, native, e.native, "%s runs as %s", e.name, native)
		assert.Equal(t, []string{"session_id", "transcript_path", "cwd"}, e.head[:3], "%s: common head", e.name)
		if e.join || e.persist || e.out.has(outContext) {
			assert.NotEqual(t, landNone, e.lands, "%s: a context must land somewhere", e.name)
		}
		if e.exit2 == exit2Continue {
			assert.NotEmpty(t, e.feedback, "%s: the feedback block names an event", e.name)
		}
		assert.Equal(t, e.isTool(), e.native.ToolEvent(), "%s: tool events match the tool", e.name)
		assert.Equal(t, e.ifRule, e.native.ToolEvent(), "%s: if rules on tool events only", e.name)
	}
}

// TestEventTableIsTheOnlyEventSwitch proves that events.go is the only
// file of the package that decides by event: no other non-test file
// compares with, switches on, or keys a map by a Claude event name, nor
// compares with or switches on a native event constant of package
// settings (settings.PreTool, …), nor calls Event.ToolEvent.
func TestEventTableIsTheOnlyEventSwitch(t *testing.T) {
	consts := settingsEventConstants(t)
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	fset := token.NewFileSet()
	checked := 0
	for _, f := range files {
		if f == "events.go" || strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		require.NoError(t, err)
		checked++
		for _, msg := range eventDecisions(fset, file, consts) {
			t.Errorf("%s: decide by event in the event table (events.go), not here", msg)
		}
	}
	assert.Greater(t, checked, 10, "the package's files were read")
}

// TestEventDecisionsAreFound: the check above finds each kind of event
// decision (it cannot pass by missing them).
func TestEventDecisionsAreFound(t *testing.T) {
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
	got := eventDecisions(fset, file, settingsEventConstants(t))
	require.Len(t, got, 5, "%q", got)
	for i, want := range []string{`map key "SessionEnd"`, `case "Stop"`, "comparison with settings.PreTool", "call of ToolEvent", `comparison with "PreToolUse"`} {
		assert.Contains(t, got[i], want)
	}
}

// eventDecisions lists the places of file that decide by event:
// comparisons, switch cases and map keys with a Claude event name or a
// settings event constant, and calls of ToolEvent.
func eventDecisions(fset *token.FileSet, file *ast.File, consts map[string]bool) []string {
	names := map[string]bool{}
	for _, n := range translate.ClaudeEventNames() {
		names[n] = true
	}
	isEvent := func(e ast.Expr) (string, bool) {
		switch x := e.(type) {
		case *ast.BasicLit:
			if x.Kind == token.STRING {
				if s, err := strconv.Unquote(x.Value); err == nil && names[s] {
					return strconv.Quote(s), true
				}
			}
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok && id.Name == "settings" && consts[x.Sel.Name] {
				return "settings." + x.Sel.Name, true
			}
		}
		return "", false
	}
	var out []string
	add := func(n ast.Node, what string) { out = append(out, fset.Position(n.Pos()).String()+": "+what) }
	ast.Inspect(file, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BinaryExpr:
			if x.Op == token.EQL || x.Op == token.NEQ {
				for _, side := range []ast.Expr{x.X, x.Y} {
					if name, ok := isEvent(side); ok {
						add(x, "comparison with "+name)
					}
				}
			}
		case *ast.CaseClause:
			for _, e := range x.List {
				if name, ok := isEvent(e); ok {
					add(e, "case "+name)
				}
			}
		case *ast.KeyValueExpr:
			if name, ok := isEvent(x.Key); ok {
				add(x, "map key "+name)
			}
		case *ast.CallExpr:
			if sel, ok := x.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "ToolEvent" {
				add(x, "call of ToolEvent (use the row's match column)")
			}
		}
		return true
	})
	return out
}

// settingsEventConstants returns the names of package settings'
// constants of type Event, read from its source.
func settingsEventConstants(t *testing.T) map[string]bool {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, filepath.Join("..", "..", "settings", "event.go"), nil, 0)
	require.NoError(t, err)
	out := map[string]bool{}
	for _, d := range file.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); ok && id.Name == "Event" {
				for _, n := range vs.Names {
					out[n.Name] = true
				}
			}
		}
	}
	require.Contains(t, out, "PreTool", "settings.Event constants found")
	require.Len(t, out, len(settings.Events())+len(settings.ExtensionEvents()))
	return out
}
