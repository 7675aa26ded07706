package inplace

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/internal/jsonedit"
)

// ours marks the entries a test conversion owns: a command starting
// "conv ".
func ours(_ string, entry []byte) bool {
	return strings.HasPrefix(gjson.GetBytes(entry, "hooks.0.command").String(), "conv ")
}

var events = map[string]bool{"BeforeTool": true, "AfterTool": true, "SessionStart": true}

func spec(existing, fresh string) JSONSpec {
	return JSONSpec{Name: "settings.json", Agent: "Gemini CLI", Existing: []byte(existing), Fresh: []byte(fresh), Comments: true,
		Container: "hooks", IsEvent: func(k string) bool { return events[k] }, Owns: ours}
}

const fresh = `{
  "hooks": {
    "BeforeTool": [
      {"matcher": "x", "hooks": [{"type": "command", "command": "conv guard"}]}
    ]
  }
}`

func merge(t *testing.T, s JSONSpec) *Result {
	t.Helper()
	res, err := MergeJSON(s)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := jsonedit.Parse(res.Data, jsonedit.Options{Comments: s.Comments}); err != nil {
		t.Fatalf("the result does not parse: %v\n%s", err, res.Data)
	}
	// Writing again changes nothing.
	again := s
	again.Existing = res.Data
	res2, err := MergeJSON(again)
	if err != nil {
		t.Fatalf("second write: %v", err)
	}
	if !bytes.Equal(res2.Data, res.Data) {
		t.Fatalf("second write changed the file:\n%s\n---\n%s", res.Data, res2.Data)
	}
	return res
}

// commentsOf lists the comments of a JSONC document, in order.
func commentsOf(t *testing.T, data []byte) []string {
	t.Helper()
	d, err := jsonedit.Parse(data, jsonedit.Options{Comments: true})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c := range d.Comments {
		out = append(out, string(data[c.Start:c.End]))
	}
	return out
}

func TestMergeKeepsCommentsAroundAndAmongTheHooks(t *testing.T) {
	for name, existing := range map[string]string{
		"line comments at both ends": `{
  "hooks": { // the team's hooks
    "SessionStart": [
      // greet
      {"hooks": [{"type": "command", "command": "echo hi"}]}, // after hi
      /* between groups */
      {"hooks": [{"type": "command", "command": "echo two"}]}
    ] // end of SessionStart
    // end of hooks
  },
  "ui": {"theme": "GitHub"}
}`,
		"block comments around the value": `{"hooks": /* a */ {/* b */"SessionStart": [{"hooks": [{"type": "command", "command": "echo hi"}]}]/* c */} /* d */, "x": 1}`,
		"comment-only hooks":              "{\n  \"hooks\": {\n    // nothing yet\n  }\n}\n",
		"comment right after the brace":   "{\n  \"hooks\": {// x\n  }\n}",
		"empty hooks":                     `{"hooks": {}}`,
		"no hooks":                        "{\n  // settings\n  \"general\": {\"vimMode\": true} // trailing\n}\n",
	} {
		t.Run(name, func(t *testing.T) {
			res := merge(t, spec(existing, fresh))
			before, after := commentsOf(t, []byte(existing)), commentsOf(t, res.Data)
			if strings.Join(before, "\x00") != strings.Join(after, "\x00") {
				t.Errorf("comments changed:\nbefore %q\nafter  %q\n%s", before, after, res.Data)
			}
			if !bytes.Contains(res.Data, []byte(`"conv guard"`)) {
				t.Errorf("the converted hook is missing:\n%s", res.Data)
			}
		})
	}
}

func TestMergeReplacesOnlyOwnedEntries(t *testing.T) {
	existing := `{
  "hooks": {
    "BeforeTool": [
      {"hooks": [{"type": "command", "command": "conv old"}]},
      // mine
      {"hooks": [{"type": "command", "command": "mine"}]}
    ]
  }
}`
	// Without Prune the converted entry the inputs no longer have is
	// kept (it may be another file's), with a note naming it.
	kept := merge(t, spec(existing, fresh))
	if !strings.Contains(string(kept.Data), `"conv old"`) || !strings.Contains(string(kept.Data), "conv guard") ||
		kept.Stale != 1 || kept.Removed != 0 || len(kept.Notes) != 1 || kept.Notes[0].Code != CodeKept || kept.Notes[0].Line != 4 {
		t.Fatalf("without Prune want conv old kept (noted at line 4) and conv guard added, got %+v:\n%s", kept, kept.Data)
	}
	pruned := spec(existing, fresh)
	pruned.Prune = true
	res := merge(t, pruned)
	got := string(res.Data)
	if strings.Contains(got, "conv old") || !strings.Contains(got, "conv guard") || !strings.Contains(got, `"mine"`) || !strings.Contains(got, "// mine") {
		t.Fatalf("want conv old replaced, mine and its comment kept:\n%s", got)
	}
	if res.Removed != 1 || res.Kept != 1 || res.Added != 1 || len(res.Notes) != 1 || res.Notes[0].Code != CodeRemoved || res.Notes[0].Line != 4 {
		t.Errorf("counts %+v, want 1 removed (noted at line 4), 1 kept, 1 added", res)
	}
	// An owned entry written again stays where it is.
	first := string(res.Data)
	res = merge(t, spec(first, fresh))
	if string(res.Data) != first || res.Removed != 0 || res.Added != 0 {
		t.Errorf("a second write moved entries: %+v", res)
	}
}

func TestMergeDoesNotDoubleTheFilesOwnEntries(t *testing.T) {
	existing := `{"hooks": {"BeforeTool": [{"matcher": "x", "hooks": [{"type": "command", "command": "mine"}]}]}}`
	freshMine := `{"hooks": {"BeforeTool": [{"matcher": "x", "hooks": [{"type": "command", "command": "mine"}]}]}}`
	res := merge(t, spec(existing, freshMine))
	if n := strings.Count(string(res.Data), `"mine"`); n != 1 {
		t.Fatalf("the file's own hook is written %d times:\n%s", n, res.Data)
	}
}

func TestMergeWritesIntoTheLastHooksKey(t *testing.T) {
	existing := `{
  "hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "first"}]}]},
  "hooks": {"AfterTool": []}
}`
	res := merge(t, spec(existing, fresh))
	d, _ := jsonedit.Parse(res.Data, jsonedit.Options{Comments: true})
	first, last := d.Root.Members[0].Value, d.Root.Get("hooks")
	if string(res.Data[first.Start:first.End]) != `{"BeforeTool": [{"hooks": [{"type": "command", "command": "first"}]}]}` {
		t.Errorf("the first hooks key changed: %s", res.Data[first.Start:first.End])
	}
	if !bytes.Contains(res.Data[last.Start:last.End], []byte("conv guard")) {
		t.Errorf("the hooks are not in the last hooks key:\n%s", res.Data)
	}
	if len(res.Notes) != 1 || res.Notes[0].Code != CodeDuplicateKey {
		t.Errorf("notes %+v, want one duplicate-key", res.Notes)
	}
	s := spec(existing, fresh)
	s.DuplicateError = "Codex refuses it"
	if _, err := MergeJSON(s); err == nil || !strings.Contains(err.Error(), "settings.json:3:3:") {
		t.Errorf("with DuplicateError: err = %v, want one naming settings.json:3:3", err)
	}
}

func TestMergeRefusesShapesTheAgentDoesNotRead(t *testing.T) {
	for existing, pos := range map[string]string{
		`{"hooks": [{"matcher": "x", "hooks": []}]}`:           "settings.json:1:11:",
		`{"hooks": "none"}`:                                    "settings.json:1:11:",
		"{\n  \"hooks\": {\"BeforeTool\": {\"hooks\": []}}\n}": "settings.json:2:27:",
		`[1, 2]`:        "settings.json:1:1:",
		`{"hooks": {,}`: "settings.json:1:12:",
	} {
		if _, err := MergeJSON(spec(existing, fresh)); err == nil || !strings.Contains(err.Error(), pos) || !strings.Contains(err.Error(), "not written") {
			t.Errorf("%s: err = %v, want one naming %s and 'not written'", existing, err, pos)
		}
	}
}

func TestMergeKeepsBytesLineEndsAndBOM(t *testing.T) {
	existing := "\ufeff{\r\n  \"hooks\": {\r\n    \"SessionStart\": [\r\n      {\"hooks\": [{\"type\": \"command\", \"command\": \"echo \xff\xfe caf\xe9\"}]}\r\n    ]\r\n  }\r\n}\r\n"
	s := spec(existing, fresh)
	s.BOMNote = "refused"
	res := merge(t, s)
	if !bytes.HasPrefix(res.Data, []byte("\ufeff{\r\n")) {
		t.Errorf("the BOM or the first line changed: %q", res.Data[:8])
	}
	if !bytes.Contains(res.Data, []byte("echo \xff\xfe caf\xe9")) {
		t.Errorf("bytes that are not UTF-8 changed:\n%q", res.Data)
	}
	if n := bytes.Count(res.Data, []byte("\n")); n != bytes.Count(res.Data, []byte("\r\n")) {
		t.Errorf("a bare LF was written into a CRLF file:\n%q", res.Data)
	}
	if len(res.Notes) == 0 || res.Notes[0].Code != CodeBOM {
		t.Errorf("notes %+v, want the BOM note", res.Notes)
	}
}

func TestMergeAddsTopMembers(t *testing.T) {
	s := spec(`{"hooks": {}}`, fresh)
	s.Comments = false
	s.Top = [][2]string{{"version", "1"}}
	res := merge(t, s)
	d, _ := jsonedit.Parse(res.Data, jsonedit.Options{})
	if v := d.Root.Get("version"); v == nil || string(res.Data[v.Start:v.End]) != "1" {
		t.Errorf("no version: %s", res.Data)
	}
}

const tomlFresh = `# from a.json:1:1 (PreToolUse)
[[hooks.pre_tool]]
args = ["hookcompat", "exec", "--protocol", "claude", "--event", "PreToolUse", "--", "guard"]
`

func tomlSpec(existing string) TOMLSpec {
	return TOMLSpec{Name: "hooks.toml", Existing: []byte(existing), Fresh: []byte(tomlFresh), Prefix: "hooks",
		Owns: func(_ string, entry []byte, _ []string) bool {
			return gjson.GetBytes(entry, "args.0").String() == "hookcompat"
		},
		OwnedComment: func(l string) bool { return strings.HasPrefix(l, "from ") }}
}

func TestMergeTOMLKeepsEveryOtherByte(t *testing.T) {
	existing := `# my hooks
model = "x" # trailing

# from old.json:1:1 (PreToolUse)
# keep me
[[hooks.pre_tool]]
args = ["hookcompat", "exec", "--protocol", "claude", "--event", "PreToolUse", "--", "old"]

[[hooks.stop]] # mine
command = "echo bye"

[hooks.state."x"]
enabled = true
`
	kept, err := MergeTOML(tomlSpec(existing))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(kept.Data), "# from old.json:1:1 (PreToolUse)\n# keep me\n[[hooks.pre_tool]]") || kept.Stale != 1 || kept.Removed != 0 ||
		len(kept.Notes) != 1 || kept.Notes[0].Code != CodeKept {
		t.Fatalf("without Prune want the old converted hook kept with a note, got %+v:\n%s", kept.Notes, kept.Data)
	}
	pruned := tomlSpec(existing)
	pruned.Prune = true
	res, err := MergeTOML(pruned)
	if err != nil {
		t.Fatal(err)
	}
	got := string(res.Data)
	for _, keep := range []string{"# my hooks\n", `model = "x" # trailing`, "# keep me\n", "[[hooks.stop]] # mine\ncommand = \"echo bye\"", "[hooks.state.\"x\"]\nenabled = true", `"guard"`} {
		if !strings.Contains(got, keep) {
			t.Errorf("missing %q:\n%s", keep, got)
		}
	}
	if strings.Contains(got, "old.json") || strings.Contains(got, `"old"`) {
		t.Errorf("the old converted hook is still there:\n%s", got)
	}
	res2, err := MergeTOML(TOMLSpec{Name: "hooks.toml", Existing: res.Data, Fresh: []byte(tomlFresh), Prefix: "hooks", Owns: tomlSpec("").Owns, OwnedComment: tomlSpec("").OwnedComment})
	if err != nil || !bytes.Equal(res2.Data, res.Data) {
		t.Fatalf("a second write changed the file (%v):\n%s\n---\n%s", err, res.Data, res2.Data)
	}
}

func TestMergeTOMLRefusesAnInlineLayout(t *testing.T) {
	_, err := MergeTOML(tomlSpec("[hooks]\npre_tool = [{command = \"x\"}]\n"))
	if err == nil || !strings.Contains(err.Error(), "hooks.toml") {
		t.Fatalf("err = %v, want an error naming the file", err)
	}
	_, err = MergeTOML(tomlSpec("x = \n"))
	if err == nil || !strings.Contains(err.Error(), "hooks.toml:1:") {
		t.Fatalf("err = %v, want a syntax error with its line", err)
	}
}

// A [hooks] written as an inline table cannot take [[hooks.<event>]]
// tables: the error names the line and the layout, and nothing is written.
func TestMergeTOMLNamesAnInlineHooksTable(t *testing.T) {
	existing := "model = \"o3\"\n# the team's\nhooks = { stop = [ { command = \"echo bye\" } ] }\n"
	_, err := MergeTOML(tomlSpec(existing))
	if err == nil || !strings.Contains(err.Error(), "hooks.toml:3:1: hooks is an inline table here") || !strings.Contains(err.Error(), "not written") {
		t.Fatalf("want the inline table named at line 3, got %v", err)
	}
	if line, _ := inlineLayout([]byte("[hooks.state.\"k\"]\nenabled = true\n[[hooks.stop]]\ncommand = \"x\"\n"), "hooks"); line != 0 {
		t.Errorf("tables and review state are not an inline layout, got line %d", line)
	}
}
