package translate_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"

	_ "github.com/hookcompat/hookcompat/compat/all" // the shipped dialects
	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/compat/phi"
	"github.com/hookcompat/hookcompat/translate"
)

const (
	Claude = claude.Dialect
	Phi    = phi.Dialect
)

func TestVocabularyName(t *testing.T) {
	v := translate.DefaultVocabulary
	tests := []struct {
		from, to translate.Dialect
		in, want string
	}{
		{translate.Native, Claude, "shell", "Bash"},
		{Claude, translate.Native, "Bash", "shell"},
		{translate.Native, Phi, "shell", "bash"},
		{Phi, translate.Native, "bash", "shell"},
		{Phi, Claude, "fetch", "WebFetch"},
		{Claude, Phi, "WebSearch", "search"},
		{translate.Native, Claude, "notebook_edit", "NotebookEdit"},
		{translate.Native, translate.Native, "read", "read"},
		// aliases are native names on input, never produced
		{translate.Native, Claude, "bash", "Bash"},
		{translate.Native, Claude, "run_shell_command", "Bash"},
		{translate.Native, translate.Native, "sh", "shell"},
		// unknown tools pass through
		{translate.Native, Claude, "mcp__github__create_issue", "mcp__github__create_issue"},
		{Claude, translate.Native, "NoSuchTool", "NoSuchTool"},
		// a tool the target dialect lacks passes through
		{translate.Native, Phi, "agent", "agent"},
		{Claude, Phi, "Agent", "Agent"},
		// names are case-sensitive
		{Claude, translate.Native, "bash", "bash"},
		{translate.Native, Claude, "Shell", "Shell"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, v.Name(tt.from, tt.to, tt.in), "Name(%s→%s, %q)", tt.from, tt.to, tt.in)
	}
}

func TestVocabularyNameRoundTrip(t *testing.T) {
	for _, tool := range translate.DefaultVocabulary.Tools() {
		for _, d := range []translate.Dialect{Claude, Phi} {
			foreign := translate.DefaultVocabulary.Name(translate.Native, d, tool.Native)
			if tool.Name(d) == "" {
				assert.Equal(t, tool.Native, foreign)
				continue
			}
			assert.Equal(t, tool.Native, translate.DefaultVocabulary.Name(d, translate.Native, foreign), "%s via %s", tool.Native, foreign)
		}
	}
}

func TestVocabularyArgs(t *testing.T) {
	v := translate.DefaultVocabulary
	tests := []struct {
		name     string
		from, to translate.Dialect
		tool     string
		in, want string
	}{
		{"Claude to native renames and keeps order",
			Claude, translate.Native, "Read", `{"offset":10,"file_path":"/a/b.go","limit":5}`, `{"offset":10,"path":"/a/b.go","limit":5}`},
		{"native to Claude",
			translate.Native, Claude, "read", `{"path":"/a","limit":5}`, `{"file_path":"/a","limit":5}`},
		{"alias finds the row",
			translate.Native, Claude, "bash", `{"command":"ls","timeout_ms":1000}`, `{"command":"ls","timeout":1000}`},
		{"Claude Bash timeout keeps its unit",
			Claude, translate.Native, "Bash", `{"command":"sleep 1","timeout":120000}`, `{"command":"sleep 1","timeout_ms":120000}`},
		{"value bytes preserved",
			Claude, translate.Native, "Write", `{"file_path":"/\u00e9\"x\"","content":"a\nb","n":1.50e0,"o":{"z":1,"a":[true,null]}}`,
			`{"path":"/\u00e9\"x\"","content":"a\nb","n":1.50e0,"o":{"z":1,"a":[true,null]}}`},
		{"whitespace between tokens is dropped, values kept",
			Claude, translate.Native, "Edit", "{ \"file_path\" : \"x\" ,\n \"old_string\": \"a  b\" }", `{"path":"x","old_string":"a  b"}`},
		{"unchanged keys keep their spelling",
			Claude, translate.Native, "Read", `{"\u0066ile_path":"x","\u006c":1}`, `{"path":"x","\u006c":1}`},
		{"Phi to Claude",
			Phi, Claude, "edit", `{"path":"p","x":1}`, `{"file_path":"p","x":1}`},
		{"notebook",
			Claude, translate.Native, "NotebookEdit", `{"notebook_path":"n.ipynb"}`, `{"path":"n.ipynb"}`},
		{"no rename for a dialect without that argument",
			translate.Native, Phi, "shell", `{"timeout_ms":5}`, `{"timeout_ms":5}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := v.Args(tt.from, tt.to, tt.tool, json.RawMessage(tt.in))
			assert.Equal(t, tt.want, string(got))
		})
	}
}

func TestVocabularyArgsUnchanged(t *testing.T) {
	v := translate.DefaultVocabulary
	for _, tt := range []struct {
		name, tool, in string
	}{
		{"unknown tool", "mcp__x__y", `{"file_path" : "x"}`},
		{"tool without renames", "Glob", `{ "pattern": "x" }`},
		{"not an object", "Read", `["file_path"]`},
		{"invalid JSON", "Read", `{"file_path":`},
		{"empty", "Read", ``},
		{"null", "Read", `null`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := v.Args(Claude, translate.Native, tt.tool, json.RawMessage(tt.in))
			assert.Equal(t, tt.in, string(got), "returned byte for byte")
		})
	}
}

func TestVocabularyArgsRoundTrip(t *testing.T) {
	in := `{"file_path":"/x","offset":1,"limit":2}`
	native := translate.DefaultVocabulary.Args(Claude, translate.Native, "Read", json.RawMessage(in))
	back := translate.DefaultVocabulary.Args(translate.Native, Claude, "read", native)
	assert.Equal(t, in, string(back))
}

func TestNewVocabularyPrecedence(t *testing.T) {
	v := translate.NewVocabulary([]translate.Tool{
		{Native: "one", Names: map[translate.Dialect]string{Claude: "Same"}, Aliases: []string{"two", "alias"}},
		{Native: "two", Names: map[translate.Dialect]string{Claude: "Two"}},
		{Native: "three", Names: map[translate.Dialect]string{Claude: "Same"}, Aliases: []string{"alias"}},
	})
	assert.Equal(t, "three", v.Name(Claude, translate.Native, "Same"), "later rows win for the same name")
	assert.Equal(t, "Two", v.Name(translate.Native, Claude, "two"), "a real native name wins over an earlier alias")
	assert.Equal(t, "Same", v.Name(translate.Native, Claude, "alias"))
	assert.Equal(t, "one", v.Name(translate.Native, translate.Native, "alias"), "the first row to claim an alias keeps it")
	assert.Len(t, v.Tools(), 3)

	tools := v.Tools()
	tools[0].Native = "changed"
	assert.Equal(t, "one", v.Tools()[0].Native, "Tools returns a copy of the rows")
}

// TestArgsNeverDuplicateKeys: when the target name of a rename is already
// present, the renamed argument wins and the other is dropped: the object
// never holds a key twice, and a guard reading the Claude name sees the
// path the tool acts on (breaker W3).
func TestArgsNeverDuplicateKeys(t *testing.T) {
	got := translate.DefaultVocabulary.Args(translate.Native, Claude, "read", json.RawMessage(`{"path":"/home/u/.env","file_path":"/tmp/harmless"}`))
	assert.Equal(t, `{"file_path":"/home/u/.env"}`, string(got))
	got = translate.DefaultVocabulary.Args(Claude, translate.Native, "Write", json.RawMessage(`{"file_path":"a","path":"b","content":"c"}`))
	assert.Equal(t, `{"path":"a","content":"c"}`, string(got))
}

func TestVocabularyKindsAndRename(t *testing.T) {
	kinds := translate.DefaultVocabulary.Kinds()
	assert.Equal(t, "shell", kinds["shell"])
	assert.Equal(t, "shell", kinds["bash"], "aliases have their tool's kind")
	assert.Equal(t, "read", kinds["grep"])
	assert.Equal(t, "write", kinds["notebook_edit"])
	assert.Equal(t, "web", kinds["web_search"])
	assert.NotContains(t, kinds, "todo_write")

	v := translate.DefaultVocabulary.Rename(map[string]string{"shell": "exec", "nope": "x"})
	assert.Equal(t, "Bash", v.Name(translate.Native, Claude, "exec"))
	assert.Equal(t, "exec", v.Name(Claude, translate.Native, "Bash"))
	assert.Equal(t, "exec", v.Name(translate.Native, translate.Native, "shell"), "the old native name is an alias")
	assert.Equal(t, "shell", v.Kinds()["exec"])
	assert.Equal(t, `{"timeout":5}`, string(v.Args(translate.Native, Claude, "exec", json.RawMessage(`{"timeout_ms":5}`))))
	assert.Equal(t, "shell", translate.DefaultVocabulary.Name(Claude, translate.Native, "Bash"), "Rename leaves v unchanged")
}
