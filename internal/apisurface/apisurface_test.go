// Package apisurface checks the exported API of hookcompat's public
// packages against api.txt, the list of what the module promises (see
// docs/decisions/044-what-v1-freezes.md): an export added, renamed or
// removed anywhere fails the test until api.txt is updated with
//
//	go test ./internal/apisurface -update
//
// and the change is reviewed in the diff. It also fails for an exported
// identifier without a doc comment.
package apisurface

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite api.txt from the source")

const module = "github.com/hookcompat/hookcompat"

// TestAPISurface: every exported declaration of a public package (not
// internal, not a command, not a test file) is listed in api.txt, and
// every line of api.txt is still declared.
func TestAPISurface(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	decls, undocumented := surface(t, root)
	got := strings.Join(decls, "\n") + "\n"
	if *update {
		if err := os.WriteFile("api.txt", []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wantData, err := os.ReadFile("api.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(string(wantData)), "\n") {
		want[l] = true
	}
	have := map[string]bool{}
	for _, d := range decls {
		have[d] = true
	}
	var added, removed []string
	for _, d := range decls {
		if !want[d] {
			added = append(added, d)
		}
	}
	for l := range want {
		if !have[l] {
			removed = append(removed, l)
		}
	}
	sort.Strings(removed)
	if len(added)+len(removed) > 0 {
		var diff strings.Builder
		for _, d := range added {
			diff.WriteString("\n+ " + d)
		}
		for _, d := range removed {
			diff.WriteString("\n- " + d)
		}
		t.Errorf("the exported API differs from internal/apisurface/api.txt (%d added, %d gone):%s\n"+
			"an export is a promise of v1: keep it unexported unless an embedder or a format author outside the module needs it "+
			"(docs/decisions/044-what-v1-freezes.md); then run `go test ./internal/apisurface -update` and commit api.txt",
			len(added), len(removed), diff.String())
	}
	if len(undocumented) > 0 {
		t.Errorf("%d exported identifiers have no doc comment:\n%s", len(undocumented), strings.Join(undocumented, "\n"))
	}
}

// surface parses every public package under root and returns its
// exported declarations, one line each ("pkg kind Name", methods as
// "pkg method Type.Name"), sorted, and those without a doc comment.
func surface(t *testing.T, root string) (decls, undocumented []string) {
	t.Helper()
	seen := map[string]bool{}
	add := func(pkg, kind, name string, pos token.Position, documented bool) {
		line := pkg + " " + kind + " " + name
		if seen[line] {
			return
		}
		seen[line] = true
		decls = append(decls, line)
		if !documented {
			undocumented = append(undocumented, fmt.Sprintf("%s:%d: %s", pos.Filename, pos.Line, line))
		}
	}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		name := d.Name()
		if rel != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "internal") {
			return filepath.SkipDir
		}
		entries, err := os.ReadDir(path)
		if err != nil {
			return err
		}
		// Every build variant's files count: an export on one platform
		// is a promise too.
		pkgs := map[string][]*ast.File{}
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(path, e.Name()), nil, parser.ParseComments)
			if err != nil {
				return err
			}
			pkgs[f.Name.Name] = append(pkgs[f.Name.Name], f)
		}
		for pname, files := range pkgs {
			if pname == "main" {
				continue
			}
			pkg := module
			if rel != "." {
				pkg = rel
			}
			exportedType := map[string]bool{}
			for _, f := range files {
				for _, decl := range f.Decls {
					if g, ok := decl.(*ast.GenDecl); ok && g.Tok == token.TYPE {
						for _, s := range g.Specs {
							if ts := s.(*ast.TypeSpec); ts.Name.IsExported() {
								exportedType[ts.Name.Name] = true
							}
						}
					}
				}
			}
			for _, f := range files {
				for _, decl := range f.Decls {
					switch d := decl.(type) {
					case *ast.FuncDecl:
						if !d.Name.IsExported() {
							continue
						}
						if d.Recv == nil {
							add(pkg, "func", d.Name.Name, fset.Position(d.Pos()), d.Doc != nil)
							continue
						}
						recv := receiverName(d.Recv.List[0].Type)
						if exportedType[recv] {
							add(pkg, "method", recv+"."+d.Name.Name, fset.Position(d.Pos()), d.Doc != nil)
						}
					case *ast.GenDecl:
						for _, s := range d.Specs {
							switch s := s.(type) {
							case *ast.TypeSpec:
								if s.Name.IsExported() {
									add(pkg, "type", s.Name.Name, fset.Position(s.Pos()), d.Doc != nil || s.Doc != nil)
								}
							case *ast.ValueSpec:
								kind := "var"
								if d.Tok == token.CONST {
									kind = "const"
								}
								for _, n := range s.Names {
									if n.IsExported() {
										add(pkg, kind, n.Name, fset.Position(n.Pos()), d.Doc != nil || s.Doc != nil || s.Comment != nil)
									}
								}
							}
						}
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(decls)
	sort.Strings(undocumented)
	return decls, undocumented
}

// receiverName is the type name of a method's receiver (T, *T, T[P]).
func receiverName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}
