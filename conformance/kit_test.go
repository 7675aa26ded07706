package conformance

import (
	"encoding/json"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The runner package imports the standard library only, so that another
// project can vendor it without hookcompat's engine.
func TestStandardLibraryOnly(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range af.Imports {
			p := strings.Trim(imp.Path.Value, `"`)
			if first := strings.SplitN(p, "/", 2)[0]; strings.Contains(first, ".") {
				t.Errorf("%s imports %s", f, p)
			}
		}
	}
}

// Every session file of the shipped suite uses only the fields the
// session schema names, and the schemas are JSON.
func TestSessionsMatchSchema(t *testing.T) {
	var schema struct {
		Properties map[string]json.RawMessage `json:"properties"`
		Defs       map[string]struct {
			Properties map[string]json.RawMessage `json:"properties"`
		} `json:"$defs"`
	}
	for _, name := range []string{"session", "request", "reply"} {
		data, err := os.ReadFile(filepath.Join("schema", name+".schema.json"))
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatalf("%s.schema.json: %v", name, err)
		}
		if name == "session" {
			_ = json.Unmarshal(data, &schema)
		}
	}
	check := func(where string, obj map[string]json.RawMessage, allowed map[string]json.RawMessage) {
		for k := range obj {
			if _, ok := allowed[k]; !ok {
				t.Errorf("%s: field %q is not in the schema", where, k)
			}
		}
	}
	err := fs.WalkDir(Embedded(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || p == "MANIFEST.json" {
			return err
		}
		data, _ := fs.ReadFile(Embedded(), p)
		var s map[string]json.RawMessage
		if err := json.Unmarshal(data, &s); err != nil {
			return err
		}
		check(p, s, schema.Properties)
		var cases []map[string]json.RawMessage
		_ = json.Unmarshal(s["cases"], &cases)
		for _, c := range cases {
			check(p+" case", c, schema.Defs["case"].Properties)
			var e map[string]json.RawMessage
			_ = json.Unmarshal(c["expect"], &e)
			check(p+" expect", e, schema.Defs["expect"].Properties)
			var hooks []map[string]json.RawMessage
			_ = json.Unmarshal(e["hooks"], &hooks)
			for _, h := range hooks {
				check(p+" hook", h, schema.Defs["hookRun"].Properties)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
