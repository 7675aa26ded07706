package inplace

import (
	"strings"
	"testing"
)

// shimSpec owns the entries that call the shim for Gemini CLI.
func shimSpec(existing, fresh string) JSONSpec {
	s := spec(existing, fresh)
	s.Owns = func(_ string, entry []byte) bool { return Owner{Host: "gemini"}.OwnsCommand(commands(entry)[0]) }
	s.Prune = true
	return s
}

func geminiFile(cmds ...string) string {
	var groups []string
	for _, c := range cmds {
		groups = append(groups, `{"hooks": [{"type": "command", "command": "`+c+`"}]}`)
	}
	return "{\n  \"hooks\": {\n    \"BeforeTool\": [\n      {\"hooks\": [{\"type\": \"command\", \"command\": \"mine\"}]},\n      " +
		strings.Join(groups, ",\n      ") + "\n    ]\n  }\n}"
}

const shimPre = "hookcompat exec --host gemini --protocol claude --event PreToolUse "

// A converted hook whose source hook's timeout or arguments changed is
// the same hook: replaced where it was, noted as an update, nothing
// removed. One whose script changed is another: removed (a loss) and
// the new one added.
func TestMergeUpdatesAConvertedHookInPlace(t *testing.T) {
	for _, tc := range []struct {
		name, old, new string
		updated        bool
	}{
		{"timeout", shimPre + "--timeout 10 -- ./guard.sh", shimPre + "--timeout 20 -- ./guard.sh", true},
		{"arguments", shimPre + "-- ./guard.sh", shimPre + "-- './guard.sh --strict'", true},
		{"matcher", shimPre + "--matcher Bash -- ./guard.sh", shimPre + "--matcher 'Bash|Edit' -- ./guard.sh", true},
		{"interpreter option", shimPre + "-- 'python3 g.py'", shimPre + "-- 'python3 -u g.py --x'", true},
		{"variable path", shimPre + `-- '\"$CLAUDE_PROJECT_DIR\"/g.sh'`, shimPre + `--timeout 5 -- '\"$CLAUDE_PROJECT_DIR\"/g.sh a'`, true},
		{"name", shimPre + "--name guard -- ./a.sh", shimPre + "--name guard -- ./b.sh", true},
		{"another script", shimPre + "-- ./old.sh", shimPre + "-- ./guard.sh", false},
		{"another interpreted script", shimPre + "-- 'python3 a.py'", shimPre + "-- 'python3 b.py'", false},
		{"another event", shimPre + "-- ./guard.sh", "hookcompat exec --host gemini --protocol claude --event PostToolUse -- ./guard.sh", false},
		{"another format", shimPre + "-- ./guard.sh", "hookcompat exec --host gemini --protocol codex --event PreToolUse -- ./guard.sh", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The unchanged converted hook keeps its entry; the changed one
			// is paired with the new entry of its identity only.
			keep := shimPre + "-- ./keep.sh"
			res := merge(t, shimSpec(geminiFile(tc.old, keep), geminiFile(keep, tc.new)))
			got := string(res.Data)
			if strings.Contains(got, `"`+tc.old+`"`) || !strings.Contains(got, tc.new) {
				t.Fatalf("the old entry is still there or the new one missing:\n%s", got)
			}
			var codes []string
			for _, n := range res.Notes {
				codes = append(codes, n.Code)
			}
			if tc.updated {
				if res.Updated != 1 || res.Removed != 0 || res.Added != 0 || strings.Join(codes, ",") != CodeUpdated || res.Notes[0].Line != 5 {
					t.Fatalf("want one update noted at line 5, got %+v", res.Notes)
				}
				// In its place: before the unchanged converted hook.
				if strings.Index(got, tc.new) > strings.Index(got, "keep.sh") {
					t.Errorf("the updated entry moved:\n%s", got)
				}
				return
			}
			if res.Updated != 0 || res.Removed != 1 || res.Added != 1 || strings.Join(codes, ",") != CodeRemoved {
				t.Fatalf("want a removal and an addition, got %+v", res.Notes)
			}
		})
	}
}

// A hook the file holds itself is never updated, even when it runs the
// converted hook's script.
func TestMergeNeverUpdatesTheFilesOwnEntry(t *testing.T) {
	existing := `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "./guard.sh"}]}]}}`
	res := merge(t, shimSpec(existing, geminiFile(shimPre+"-- ./guard.sh")))
	if res.Updated != 0 || !strings.Contains(string(res.Data), `"command": "./guard.sh"`) {
		t.Fatalf("the file's own entry changed: %+v\n%s", res, res.Data)
	}
}

func TestMergeTOMLUpdatesAConvertedHookInPlace(t *testing.T) {
	existing := "# my hooks\n\n# from a.json:1:1 (PreToolUse)\n# keep me\n[[hooks.pre_tool]]\nargs = [\"hookcompat\", \"exec\", \"--protocol\", \"claude\", \"--event\", \"PreToolUse\", \"--timeout\", \"5\", \"--\", \"guard\"]\n\n[[hooks.stop]] # mine\ncommand = \"echo bye\"\n"
	res, err := MergeTOML(tomlSpec(existing))
	if err != nil {
		t.Fatal(err)
	}
	want := "# my hooks\n\n# keep me\n# from a.json:1:1 (PreToolUse)\n[[hooks.pre_tool]]\nargs = [\"hookcompat\", \"exec\", \"--protocol\", \"claude\", \"--event\", \"PreToolUse\", \"--\", \"guard\"]\n\n[[hooks.stop]] # mine\ncommand = \"echo bye\"\n"
	if string(res.Data) != want {
		t.Fatalf("got\n%s\nwant\n%s", res.Data, want)
	}
	if res.Updated != 1 || res.Removed != 0 || res.Added != 0 || len(res.Notes) != 1 || res.Notes[0].Code != CodeUpdated || res.Notes[0].Line != 5 {
		t.Fatalf("want one update noted at line 5, got %+v", res)
	}
	again := tomlSpec(string(res.Data))
	res2, err := MergeTOML(again)
	if err != nil || string(res2.Data) != want || len(res2.Notes) != 0 {
		t.Fatalf("a second write changed the file or said something (%v): %+v", err, res2)
	}
}
