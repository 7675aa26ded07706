package all_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// module is this module's import path.
const module = "github.com/hookcompat/hookcompat"

// registrationPoints are the places outside the format folders that may
// link formats and name them: this package, the hookcompat command (its
// main and CLI, which choose what the binary links), the examples and
// the conformance kit (programs that pick agents, as an embedder does).
// Tests (_test.go files) may too. internal/oracletest reads the agents'
// recordings for tests.
var registrationPoints = []string{"compat/all", "cmd", "examples", "conformance", "internal/oracletest"}

// agentRule is what a file outside its format's folder must not do:
// import a format package, or name a format's protocol, match syntax or
// tool dialect in a string literal. (Importing compat/all, which links
// every format, is a registration point's business too.)
type agentRule struct {
	// packages are the format packages (dir → import path).
	packages map[string]string
	// names are the registered names only a format may spell.
	names map[string]string // name → what it is
}

// shippedRule is the rule for the formats compat/all links: their
// packages found from their registered Format values, their names from
// the registries they fill.
func shippedRule(t *testing.T) agentRule {
	r := agentRule{packages: map[string]string{}, names: map[string]string{}}
	for _, f := range format.All() {
		pkg := reflect.TypeOf(f).PkgPath()
		require.True(t, strings.HasPrefix(pkg, module+"/compat/"), "format %s is registered by %s", f.Name(), pkg)
		r.packages[strings.TrimPrefix(pkg, module+"/")] = pkg
		if f.Name() != settings.ProtocolNative {
			r.add(f.Name(), "format")
		}
	}
	for _, p := range settings.Protocols() {
		if p != settings.ProtocolNative {
			r.add(p, "protocol")
		}
	}
	for _, s := range settings.MatchSyntaxes() {
		if s != settings.MatchGlob && s != settings.MatchExact {
			r.add(s, "match syntax")
		}
	}
	for _, d := range translate.Dialects() {
		r.add(string(d), "tool dialect")
	}
	return r
}

func (r agentRule) add(name, what string) {
	if prev := r.names[name]; prev != "" {
		what = prev + "/" + what
	}
	r.names[name] = what
}

// goFiles returns the non-test Go files of the module tree at root, by
// package directory (slash-separated, relative to root), parsed.
func goFiles(root string, fset *token.FileSet) (map[string]map[string]*ast.File, error) {
	out := map[string]map[string]*ast.File{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(rel))
		if out[dir] == nil {
			out[dir] = map[string]*ast.File{}
		}
		out[dir][filepath.ToSlash(rel)] = f
		return nil
	})
	return out, err
}

// cores are the packages under compat/internal that only format packages
// (and other cores) import: parts of those formats (the core Gemini CLI
// and Qwen Code share), which may name the formats they meet as a
// format's folder does.
func (r agentRule) cores(files map[string]map[string]*ast.File) map[string]bool {
	importers := map[string][]string{}
	for dir, fs := range files {
		for _, f := range fs {
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if dep := strings.TrimPrefix(p, module+"/"); dep != p && dep != dir {
					importers[dep] = append(importers[dep], dir)
				}
			}
		}
	}
	cores := map[string]bool{}
	for changed := true; changed; {
		changed = false
		for dir := range files {
			if cores[dir] || !strings.HasPrefix(dir, "compat/internal/") || len(importers[dir]) == 0 {
				continue
			}
			only := true
			for _, by := range importers[dir] {
				if _, isFormat := r.packages[by]; !isFormat && !cores[by] {
					only = false
				}
			}
			if only {
				cores[dir], changed = true, true
			}
		}
	}
	return cores
}

// check returns every violation of r in the module tree at root, as
// "file:line: what".
func (r agentRule) check(root string) ([]string, error) {
	var out []string
	fset := token.NewFileSet()
	files, err := goFiles(root, fset)
	if err != nil {
		return nil, err
	}
	cores := r.cores(files)
	for dir, fs := range files {
		if underAny(dir, registrationPoints) {
			continue
		}
		ownFolder := false
		for pdir := range r.packages {
			ownFolder = ownFolder || underAny(dir, []string{pdir})
		}
		for rel, f := range fs {
			out = append(out, r.checkFile(fset, dir, rel, f, ownFolder || cores[dir])...)
		}
	}
	sort.Strings(out)
	return out, nil
}

// checkFile returns the violations of one file of package dir; own says
// the package is a format's (or a core of formats), which may name
// formats.
func (r agentRule) checkFile(fset *token.FileSet, dir, rel string, f *ast.File, own bool) []string {
	var out []string
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if p == module+"/compat/all" {
			out = append(out, fmt.Sprintf("%s:%d: imports compat/all (every format)", filepath.ToSlash(rel), fset.Position(imp.Pos()).Line))
		}
		for pdir, pkg := range r.packages {
			if p == pkg && !underAny(dir, []string{pdir}) { // a format's subpackages are its folder
				out = append(out, fmt.Sprintf("%s:%d: imports the format package %s", filepath.ToSlash(rel), fset.Position(imp.Pos()).Line, pdir))
			}
		}
	}
	if own {
		return out // a format names itself and the formats it meets
	}
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		s, err := strconv.Unquote(lit.Value)
		if what, named := r.names[s]; err == nil && named {
			out = append(out, fmt.Sprintf("%s:%d: names the %s %q", filepath.ToSlash(rel), fset.Position(lit.Pos()).Line, what, s))
		}
		return true
	})
	return out
}

func underAny(dir string, roots []string) bool {
	for _, r := range roots {
		if dir == r || strings.HasPrefix(dir, r+"/") {
			return true
		}
	}
	return false
}

// TestOneFolderPerFormat: outside its own folder (compat/<agent>/) and
// the registration points, no file imports a format package or spells a
// format's protocol, match syntax or tool dialect — so a new format is
// one folder and one line in compat/all, and shared packages hold no
// list of agents. A format's folder imports no other format's package.
func TestOneFolderPerFormat(t *testing.T) {
	r := shippedRule(t)
	require.Contains(t, r.names, "claude", "the shipped formats are linked")
	violations, err := r.check(filepath.Join("..", ".."))
	require.NoError(t, err)
	assert.Empty(t, violations, "each format's names and package belong in its folder (compat/<agent>/), registered from there")
}

// TestOneFolderPerFormatFinds: the check finds each kind of violation in
// a tree made for it, and accepts the same code in the format's folder,
// the registration points and tests.
func TestOneFolderPerFormatFinds(t *testing.T) {
	root := t.TempDir()
	write := func(rel, src string) {
		p := filepath.Join(root, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(src), 0o644))
	}
	r := agentRule{packages: map[string]string{"compat/acme": module + "/compat/acme", "compat/other": module + "/compat/other"},
		names: map[string]string{"acme": "protocol"}}
	write("settings/proto.go", "package settings\n\nconst ProtocolAcme = \"acme\"\n")
	write("compat/load.go", "package compat\n\nimport _ \""+module+"/compat/acme\"\n")
	write("compat/facade.go", "package compat\n\nimport _ \""+module+"/compat/all\"\n")
	write("compat/other/x.go", "package other\n\nimport _ \""+module+"/compat/acme\"\n\nvar _ = \"acme\"\n")
	write("compat/acme/names.go", "package acme\n\nconst Name = \"acme\"\n")
	write("compat/all/all.go", "package all\n\nimport _ \""+module+"/compat/acme\"\n")
	write("cmd/tool/main.go", "package main\n\nimport _ \""+module+"/compat/acme\"\n\nvar _ = \"acme\"\n")
	write("runner/x_test.go", "package runner\n\nvar _ = \"acme\"\n")
	write("compat/internal/core/core.go", "package core\n\nvar _ = \"acme\"\n")
	write("compat/acme/uses.go", "package acme\n\nimport _ \""+module+"/compat/internal/core\"\n")
	write("compat/acme/judge/judge.go", "package judge\n\nimport _ \""+module+"/compat/acme\"\n")
	write("compat/internal/shared/shared.go", "package shared\n\nvar _ = \"acme\"\n")
	write("compat/shared.go", "package compat\n\nimport _ \""+module+"/compat/internal/shared\"\n")
	write("runner/doc.go", "// Package runner: acme hooks, \"acme\" in a comment.\npackage runner\n\nvar _ = \"acme hooks\"\n")
	got, err := r.check(root)
	require.NoError(t, err)
	assert.Equal(t, []string{
		"compat/facade.go:3: imports compat/all (every format)",
		"compat/internal/shared/shared.go:3: names the protocol \"acme\"",
		"compat/load.go:3: imports the format package compat/acme",
		"compat/other/x.go:3: imports the format package compat/acme",
		"settings/proto.go:3: names the protocol \"acme\"",
	}, got)
}
