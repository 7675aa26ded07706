package translate

import (
	"bytes"
	"encoding/json"

	"github.com/tidwall/gjson"
)

// Dialect names an agent family whose tool names differ from the native
// ones.
type Dialect int

// Dialects of the vocabulary.
const (
	Native Dialect = iota
	Claude
	Phi
)

// Tool is one row of the tool vocabulary: the tool's name in each dialect
// and the argument names that differ. An empty dialect name means the
// dialect has no such tool (names pass through unchanged then).
type Tool struct {
	Native, Claude, Phi string
	// Aliases are names other hosts use for the native tool (bash for
	// shell). They are recognised as native names on input, never
	// produced.
	Aliases []string
	// Args lists arguments whose names differ between dialects, as
	// [native, claude, phi] triples; arguments not listed keep their name.
	Args [][3]string
}

// Vocabulary maps tool names and argument names between dialects
// (DESIGN §3, bug-log class MATCH). Matching and payload encoding use the
// same table, so a Claude matcher "Bash" matches the native tool "shell"
// and the hook sees tool_name "Bash".
//
// Units do not change: Claude's Bash timeout is milliseconds and the
// native shell tool's argument is named timeout_ms accordingly.
type Vocabulary struct {
	tools []Tool
	index [3]map[string]int
}

// NewVocabulary builds a vocabulary from rows. Later rows win when two
// rows claim the same name in a dialect.
func NewVocabulary(tools []Tool) *Vocabulary {
	v := &Vocabulary{tools: tools}
	for d := range v.index {
		v.index[d] = map[string]int{}
	}
	for i, t := range tools {
		for d, name := range []string{t.Native, t.Claude, t.Phi} {
			if name != "" {
				v.index[d][name] = i
			}
		}
		for _, a := range t.Aliases {
			if _, taken := v.index[Native][a]; !taken {
				v.index[Native][a] = i
			}
		}
	}
	return v
}

// Tools returns the vocabulary's rows.
func (v *Vocabulary) Tools() []Tool { return append([]Tool(nil), v.tools...) }

func (t *Tool) name(d Dialect) string {
	switch d {
	case Claude:
		return t.Claude
	case Phi:
		return t.Phi
	}
	return t.Native
}

// lookup finds the row of name in dialect from.
func (v *Vocabulary) lookup(from Dialect, name string) (*Tool, bool) {
	i, ok := v.index[from][name]
	if !ok {
		return nil, false
	}
	return &v.tools[i], true
}

// Name translates a tool name from one dialect to another. Names the
// vocabulary does not know, and tools the target dialect lacks, pass
// through unchanged.
func (v *Vocabulary) Name(from, to Dialect, name string) string {
	t, ok := v.lookup(from, name)
	if !ok {
		return name
	}
	if n := t.name(to); n != "" {
		return n
	}
	return name
}

// Args renames the top-level keys of a tool's argument object from one
// dialect to another, keeping key order and every value's bytes. When the
// object already has a key with a renamed key's target name, the renamed
// key wins and the other is dropped (no duplicate keys; the hook sees the
// argument the tool acts on). A value that is not a JSON object is
// returned unchanged.
func (v *Vocabulary) Args(from, to Dialect, tool string, args json.RawMessage) json.RawMessage {
	t, ok := v.lookup(from, tool)
	if !ok || len(t.Args) == 0 {
		return args
	}
	trimmed := bytes.TrimSpace(args)
	if len(trimmed) == 0 || trimmed[0] != '{' || !gjson.ValidBytes(trimmed) {
		return args
	}
	rename := map[string]string{}
	for _, a := range t.Args {
		if a[from] != "" && a[to] != "" {
			rename[a[from]] = a[to]
		}
	}
	// A renamed key wins over a key that already has its target name, which
	// is dropped: the hook must see the argument the tool acts on (a guard
	// reading file_path must not read a decoy while the tool writes path),
	// and the result never holds a key twice.
	targets := map[string]bool{}
	present := map[string]bool{}
	gjson.ParseBytes(trimmed).ForEach(func(k, _ gjson.Result) bool {
		present[k.String()] = true
		return true
	})
	for src, dst := range rename {
		if present[src] {
			targets[dst] = true
		}
	}
	var b bytes.Buffer
	b.WriteByte('{')
	n := 0
	gjson.ParseBytes(trimmed).ForEach(func(k, val gjson.Result) bool {
		key := k.String()
		r, renamed := rename[key]
		if !renamed && targets[key] {
			return true // superseded by the renamed argument
		}
		if n > 0 {
			b.WriteByte(',')
		}
		n++
		if renamed {
			key = r
		}
		kb, _ := json.Marshal(key)
		if k.Str == key {
			kb = []byte(k.Raw) // keep the original spelling of unchanged keys
		}
		b.Write(kb)
		b.WriteByte(':')
		b.WriteString(val.Raw)
		return true
	})
	b.WriteByte('}')
	return b.Bytes()
}

// DefaultVocabulary is the built-in table (docs/decisions/002). Native
// names are lower-case words; Claude names are Claude Code's current tool
// names (claude §5.1); Phi names are Phi's.
var DefaultVocabulary = NewVocabulary([]Tool{
	{Native: "shell", Claude: "Bash", Phi: "bash", Aliases: []string{"bash", "sh", "run_shell_command"},
		Args: [][3]string{{"timeout_ms", "timeout", ""}}},
	{Native: "powershell", Claude: "PowerShell", Args: [][3]string{{"timeout_ms", "timeout", ""}}},
	{Native: "read", Claude: "Read", Phi: "read", Args: [][3]string{{"path", "file_path", "path"}}},
	{Native: "write", Claude: "Write", Phi: "write", Args: [][3]string{{"path", "file_path", "path"}}},
	{Native: "edit", Claude: "Edit", Phi: "edit", Args: [][3]string{{"path", "file_path", "path"}}},
	{Native: "multi_edit", Claude: "MultiEdit", Args: [][3]string{{"path", "file_path", ""}}},
	{Native: "glob", Claude: "Glob", Phi: "glob"},
	{Native: "grep", Claude: "Grep", Phi: "grep"},
	{Native: "web_fetch", Claude: "WebFetch", Phi: "fetch"},
	{Native: "web_search", Claude: "WebSearch", Phi: "search"},
	{Native: "agent", Claude: "Agent"},
	{Native: "notebook_edit", Claude: "NotebookEdit", Args: [][3]string{{"path", "notebook_path", ""}}},
	{Native: "todo_write", Claude: "TodoWrite"},
	{Native: "skill", Claude: "Skill"},
	{Native: "ask_user", Claude: "AskUserQuestion"},
	{Native: "exit_plan_mode", Claude: "ExitPlanMode"},
})
