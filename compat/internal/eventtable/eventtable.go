// Package eventtable checks, for the tests of a format package, that the
// package's event table is the only place that decides by event: no
// other non-test file of the package compares with, switches on or keys
// a map by one of the format's event names, compares with or switches
// on a native event constant of package settings (settings.PreTool, …),
// or calls Event.ToolEvent. A format's behaviour per event then lives in
// the rows of one table, and a new release of the agent is a row edit.
package eventtable

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// Check parses every non-test .go file of the current directory (a
// package's own, as `go test` runs it) except the table files and fails
// t for each event decision found in them ([Decisions]); names are the
// format's event names. It also fails when fewer than minFiles files
// were read (the check cannot pass by reading nothing).
func Check(t testing.TB, names []string, minFiles int, tableFiles ...string) {
	t.Helper()
	consts := SettingsEventConstants(t)
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	skip := map[string]bool{}
	for _, f := range tableFiles {
		skip[f] = true
	}
	fset := token.NewFileSet()
	checked := 0
	for _, f := range files {
		if skip[f] || strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, msg := range Decisions(fset, file, names, consts) {
			t.Errorf("%s: decide by event in the event table (%s), not here", msg, strings.Join(tableFiles, ", "))
		}
	}
	if checked < minFiles {
		t.Errorf("read %d files of the package, want at least %d", checked, minFiles)
	}
}

// Decisions lists the places of file that decide by event: comparisons
// (== and !=), switch cases and composite-literal keys with one of names
// (a string literal) or with a settings event constant (consts, by name),
// and calls of a method named ToolEvent. Each is "<position>: <what>".
func Decisions(fset *token.FileSet, file *ast.File, names []string, consts map[string]bool) []string {
	isName := map[string]bool{}
	for _, n := range names {
		isName[n] = true
	}
	isEvent := func(e ast.Expr) (string, bool) {
		switch x := e.(type) {
		case *ast.BasicLit:
			if x.Kind == token.STRING {
				if s, err := strconv.Unquote(x.Value); err == nil && isName[s] {
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
				add(x, "call of ToolEvent (use the table's column)")
			}
		}
		return true
	})
	return out
}

// SettingsEventConstants returns the names of package settings'
// constants of type Event, read from its source (settings/event.go).
func SettingsEventConstants(t testing.TB) map[string]bool {
	t.Helper()
	_, self, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("eventtable: no caller information")
	}
	path := filepath.Join(filepath.Dir(self), "..", "..", "..", "settings", "event.go")
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
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
	if !out["PreTool"] {
		t.Fatal("eventtable: no settings.Event constants found in " + path)
	}
	return out
}
