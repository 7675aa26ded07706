package inplace

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"

	"github.com/hookcompat/hookcompat/internal/jsonedit"
)

// subsequence reports whether every byte of a but JSON's and TOML's
// whitespace appears in b, in order: a write that only adds keeps every
// byte of the file (the blank inside an empty object it fills is its
// own).
func subsequence(a, b []byte) bool {
	for _, c := range a {
		if c == ' ' || c == '\t' || c == '\r' || c == '\n' {
			continue
		}
		i := bytes.IndexByte(b, c)
		if i < 0 {
			return false
		}
		b = b[i+1:]
	}
	return true
}

// FuzzMergeJSON: whatever the existing file, a merge never panics; an
// error names the file; a result parses as the agent reads it, holds the
// converted entry as the last of its event, is what a second write
// writes again, and — when no owned entry was removed — keeps every byte
// of the file (it only adds).
func FuzzMergeJSON(f *testing.F) {
	for _, s := range []string{
		`{}`, `{"hooks": {}}`, "// top\n{\"model\": 1, /* c */ \"hooks\": {\"BeforeTool\": [ /* in */ ]}}\n",
		`{"hooks": {"BeforeTool": [{"matcher": "y", "hooks": [{"type": "command", "command": "mine"}]}]}, "x": [1, 2]}`,
		`{"hooks": {"BeforeTool": [{"hooks": [{"command": "conv old"}]}, {"hooks": [{"command": "mine"}]}]}}`,
		`{"hooks": {"BeforeTool": [1], "AfterTool": "x"}}`, `{"hooks": 1, "hooks": {}}`, "\ufeff{\r\n  \"hooks\": {\r\n  }\r\n}\r\n",
		`{"hooks": {"BeforeTool": []}} // end`, `[]`, `{"hooks": {"Other": {}}}`, "{\"a\": \"\xff\"}",
	} {
		f.Add([]byte(s))
	}
	want := mustCanon(f, fresh, "BeforeTool")
	f.Fuzz(func(t *testing.T, existing []byte) {
		s := spec(string(existing), fresh)
		res, err := MergeJSON(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "settings.json") {
				t.Fatalf("the error does not name the file: %v", err)
			}
			return
		}
		d, err := jsonedit.Parse(res.Data, jsonedit.Options{Comments: true})
		if err != nil {
			t.Fatalf("%q merged into %q, which does not parse: %v", existing, res.Data, err)
		}
		var hooks *jsonedit.Node
		for i := range d.Root.Members {
			if d.Root.Members[i].Key == "hooks" {
				hooks = d.Root.Members[i].Value // the last, as the agent reads
			}
		}
		if hooks == nil || hooks.Get("BeforeTool") == nil || len(hooks.Get("BeforeTool").Items) == 0 {
			t.Fatalf("%q merged into %q: no BeforeTool entry", existing, res.Data)
		}
		var last *jsonedit.Node
		for i := range hooks.Members {
			if hooks.Members[i].Key == "BeforeTool" {
				last = hooks.Members[i].Value
			}
		}
		if got := d.Canon(last.Items[len(last.Items)-1]); !bytes.Equal(got, want) {
			t.Fatalf("%q merged into %q: the last BeforeTool entry is %s, want %s", existing, res.Data, got, want)
		}
		again := s
		again.Existing = res.Data
		res2, err := MergeJSON(again)
		if err != nil || !bytes.Equal(res2.Data, res.Data) {
			t.Fatalf("a second write changed %q (%v): %q", res.Data, err, res2)
		}
		if res.Removed == 0 && res.Updated == 0 && !subsequence(existing, res.Data) {
			t.Fatalf("nothing was removed but bytes of %q are missing from %q", existing, res.Data)
		}
	})
}

func mustCanon(f *testing.F, doc, event string) []byte {
	d, err := jsonedit.Parse([]byte(doc), jsonedit.Options{})
	if err != nil {
		f.Fatal(err)
	}
	return d.Canon(d.Root.Get("hooks").Get(event).Items[0])
}

// FuzzMergeTOML: the same for a TOML file: no panic; an error names the
// file; a result decodes as TOML, is written again unchanged, and keeps
// every byte of the file when no owned entry was removed.
func FuzzMergeTOML(f *testing.F) {
	for _, s := range []string{
		"", "# c\nmodel = \"x\"\n", "[[hooks.stop]] # mine\ncommand = \"echo bye\"\n",
		"# from old.json:1:1 (PreToolUse)\n[[hooks.pre_tool]]\nargs = [\"hookcompat\", \"exec\", \"--\", \"old\"]\n",
		"[hooks]\npre_tool = [{command = \"x\"}]\n", "x = \n", "[hooks.state.\"x\"]\nenabled = true", "a = 1\r\n[b]\r\nc = 2\r\n",
		"[[hooks.pre_tool]]\ncommand = \"a\"\n[hooks.pre_tool.options]\nx = \"1\"\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, existing []byte) {
		s := tomlSpec(string(existing))
		res, err := MergeTOML(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "hooks.toml") {
				t.Fatalf("the error does not name the file: %v", err)
			}
			return
		}
		var v map[string]any
		if err := toml.Unmarshal(res.Data, &v); err != nil {
			t.Fatalf("%q merged into %q, which does not decode: %v", existing, res.Data, err)
		}
		again := s
		again.Existing = res.Data
		res2, err := MergeTOML(again)
		if err != nil || !bytes.Equal(res2.Data, res.Data) {
			t.Fatalf("a second write changed %q (%v): %q", res.Data, err, res2)
		}
		if res.Removed == 0 && res.Updated == 0 && !subsequence(existing, res.Data) {
			t.Fatalf("nothing was removed but bytes of %q are missing from %q", existing, res.Data)
		}
	})
}
