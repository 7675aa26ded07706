package translate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/internal/hookjson"
)

// Dialect names an agent family whose tool names differ from the native
// ones: a format's name, or Native. Each format registers its dialect's
// table ([RegisterDialect]); a vocabulary that has no name for a tool in
// a dialect passes names through unchanged.
type Dialect string

// Native is the dialect of the native tool names (shell, read, write, …).
const Native Dialect = "native"

// Tool is one row of the tool vocabulary: the tool's native name, its name
// in each dialect that has it, and the argument names that differ. A
// dialect without a name for the tool passes names through unchanged.
type Tool struct {
	Native string
	// Names is the tool's name per dialect (Claude "Bash" for "shell").
	Names map[Dialect]string
	// Aliases are names other hosts use for the native tool (bash for
	// shell). They are recognised as native names on input, never
	// produced.
	Aliases []string
	// Args lists arguments whose names differ between dialects; arguments
	// not listed keep their name.
	Args []Arg
	// Kind is the native rule kind (HK-64) whose if rules name this tool:
	// settings.RuleShell for the shell tool, settings.RuleRead for read,
	// glob and grep, …; empty when no kind covers it (a rule then names
	// it by its own name).
	Kind string
}

// Arg is one renamed argument of a [Tool]: its native name and its name in
// each dialect that spells it differently (a dialect without an entry
// keeps the argument's name as it is).
type Arg struct {
	Native string
	Names  map[Dialect]string
}

// Name returns the tool's name in dialect d, or "" when d has none.
func (t *Tool) Name(d Dialect) string {
	if d == Native {
		return t.Native
	}
	return t.Names[d]
}

func (a *Arg) name(d Dialect) string {
	if d == Native {
		return a.Native
	}
	return a.Names[d]
}

// Vocabulary maps tool names and argument names between dialects, for
// every format. Matching, payloads, if rules and rendering use the same
// table, so a Claude matcher "Bash" matches the native tool "shell" and
// the hook sees tool_name "Bash". A Vocabulary is immutable and safe for
// concurrent use; an engine's is fixed when it is built.
//
// Units do not change: Claude's Bash timeout is milliseconds and the
// native shell tool's argument is named timeout_ms accordingly.
type Vocabulary struct {
	// tables returns the rows and their index; DefaultVocabulary builds
	// them on first use, so that a process that never translates a tool
	// name (hookcompat version) does not pay for the table at start.
	tables func() *vocabTables
}

// vocabTables are a [Vocabulary]'s rows and, per dialect, the row of each
// name.
type vocabTables struct {
	tools []Tool
	index map[Dialect]map[string]int
	// renamed maps the native name [Vocabulary.Rename] gave a tool to the
	// name it had before (the first, through several renames).
	renamed map[string]string
}

// NewVocabulary builds a vocabulary from rows. Later rows win when two
// rows claim the same name in a dialect; a real native name wins over an
// alias, and the first row to claim an alias keeps it. The rows are
// copied.
func NewVocabulary(tools []Tool) *Vocabulary {
	t := buildVocabTables(tools)
	return &Vocabulary{tables: func() *vocabTables { return t }}
}

// buildVocabTables copies rows and indexes them (NewVocabulary).
func buildVocabTables(tools []Tool) *vocabTables {
	v := &vocabTables{tools: cloneTools(tools), index: map[Dialect]map[string]int{Native: {}}}
	for i, t := range v.tools {
		if t.Native != "" {
			v.index[Native][t.Native] = i
		}
		for d, name := range t.Names {
			if name == "" {
				continue
			}
			if v.index[d] == nil {
				v.index[d] = map[string]int{}
			}
			v.index[d][name] = i
		}
	}
	for i, t := range v.tools {
		for _, a := range t.Aliases {
			if _, taken := v.index[Native][a]; !taken {
				v.index[Native][a] = i
			}
		}
	}
	return v
}

func cloneTools(tools []Tool) []Tool {
	out := make([]Tool, len(tools))
	for i, t := range tools {
		out[i] = Tool{Native: t.Native, Names: cloneNames(t.Names), Aliases: append([]string(nil), t.Aliases...), Kind: t.Kind}
		for _, a := range t.Args {
			out[i].Args = append(out[i].Args, Arg{Native: a.Native, Names: cloneNames(a.Names)})
		}
	}
	return out
}

func cloneNames(m map[Dialect]string) map[Dialect]string {
	if m == nil {
		return nil
	}
	out := make(map[Dialect]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Tools returns a copy of the vocabulary's rows.
func (v *Vocabulary) Tools() []Tool { return cloneTools(v.rows().tools) }

// With returns a new vocabulary with rows added after v's (so they win
// over v's rows for the names they claim). The tools v renamed stay
// renamed ([Vocabulary.Renamed]) while a row keeps the name.
func (v *Vocabulary) With(rows ...Tool) *Vocabulary {
	t := buildVocabTables(append(v.Tools(), rows...))
	t.renamed = keepRenamed(v.rows().renamed, t)
	return &Vocabulary{tables: func() *vocabTables { return t }}
}

// keepRenamed returns the entries of renamed whose name is still a real
// native name (not only an alias) in t.
func keepRenamed(renamed map[string]string, t *vocabTables) map[string]string {
	var out map[string]string
	for host, old := range renamed {
		if i, ok := t.index[Native][host]; ok && t.tools[i].Native == host {
			if out == nil {
				out = map[string]string{}
			}
			out[host] = old
		}
	}
	return out
}

// Renamed returns the name the native tool name had before
// [Vocabulary.Rename] gave it its host's name ("shell" for "exec" after
// Rename({"shell": "exec"}); the first one, through several renames), and
// whether name is such a renamed tool. Converted files, the exec shim and
// engines with the default vocabulary call the tool by that name: a
// native glob written for it selects the renamed tool too.
func (v *Vocabulary) Renamed(name string) (string, bool) {
	old, ok := v.rows().renamed[name]
	return old, ok
}

// HasRenames reports whether v renames any tool ([Vocabulary.Rename]).
func (v *Vocabulary) HasRenames() bool { return len(v.rows().renamed) > 0 }

// lookup finds the row of name in dialect from.
func (v *Vocabulary) lookup(from Dialect, name string) (*Tool, bool) {
	t := v.rows()
	i, ok := t.index[from][name]
	if !ok {
		return nil, false
	}
	return &t.tools[i], true
}

// Lookup returns the row that has name in dialect from (a copy), and
// whether there is one.
func (v *Vocabulary) Lookup(from Dialect, name string) (Tool, bool) {
	t, ok := v.lookup(from, name)
	if !ok {
		return Tool{}, false
	}
	return cloneTools([]Tool{*t})[0], true
}

// Name translates a tool name from one dialect to another. Names the
// vocabulary does not know, and tools the target dialect lacks, pass
// through unchanged.
func (v *Vocabulary) Name(from, to Dialect, name string) string {
	t, ok := v.lookup(from, name)
	if !ok {
		return name
	}
	if n := t.Name(to); n != "" {
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
	for i := range t.Args {
		a := &t.Args[i]
		src, dst := a.name(from), a.name(to)
		if src == "" {
			src = a.Native // a dialect without its own spelling keeps the native one
		}
		if dst == "" {
			dst = a.Native
		}
		if src != dst {
			rename[src] = dst
		}
	}
	if len(rename) == 0 {
		return args // nothing renamed between these dialects: byte for byte
	}
	// A renamed key wins over a key that already has its target name, which
	// is dropped: the hook must see the argument the tool acts on (a guard
	// reading file_path must not read a decoy while the tool writes path),
	// and the result never holds a key twice.
	targets := map[string]bool{}
	present := map[string]bool{}
	// The members without decoding their values (a Write's content is
	// a whole file).
	hookjson.EachMember(trimmed, func(key string, _, _ []byte) bool {
		present[key] = true
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
	b.Grow(len(trimmed))
	hookjson.EachMember(trimmed, func(key string, keyRaw, val []byte) bool {
		r, renamed := rename[key]
		if !renamed && targets[key] {
			return true // superseded by the renamed argument
		}
		if n > 0 {
			b.WriteByte(',')
		}
		n++
		if renamed {
			kb, _ := json.Marshal(r)
			b.Write(kb)
		} else {
			b.Write(keyRaw) // keep the original spelling of unchanged keys
		}
		b.WriteByte(':')
		b.Write(val)
		return true
	})
	b.WriteByte('}')
	return b.Bytes()
}

// DefaultVocabulary is the built-in table (docs/decisions/002): the native
// tools ([nativeTools]) with the names and argument renames of every
// registered dialect ([RegisterDialect]: each format registers its own
// [DialectTable] from its package, so the vocabulary holds the dialects
// of the formats a program links). Native names are lower-case words.
//
// Its rows are built on first use (and again after a later
// registration), with the dialects in name order.
var DefaultVocabulary = &Vocabulary{tables: defaultTables}

// dialects is the registry of [RegisterDialect] and the default
// vocabulary built from it.
var dialects struct {
	mu     sync.Mutex
	tables map[Dialect]func() DialectTable
	built  atomic.Pointer[vocabTables] // nil until first use, and after a registration
}

// RegisterDialect adds dialect d's table to [DefaultVocabulary]: table
// returns d's names for the native tools and its argument renames. A
// format registers its dialect from its package's init; table is called
// when the default vocabulary is first used, so that a process that never
// translates a tool name does not build it (the table's Dialect field is
// set to d). It panics when d is Native or empty, when table is nil, and
// when d is already registered.
func RegisterDialect(d Dialect, table func() DialectTable) {
	if d == "" || d == Native || table == nil {
		panic(fmt.Sprintf("translate: RegisterDialect(%q): want a format's dialect and its table", d))
	}
	dialects.mu.Lock()
	defer dialects.mu.Unlock()
	if _, dup := dialects.tables[d]; dup {
		panic("translate: dialect registered twice: " + string(d))
	}
	if dialects.tables == nil {
		dialects.tables = map[Dialect]func() DialectTable{}
	}
	dialects.tables[d] = table
	dialects.built.Store(nil)
}

// Dialects returns the registered dialects, sorted.
func Dialects() []Dialect {
	dialects.mu.Lock()
	defer dialects.mu.Unlock()
	out := make([]Dialect, 0, len(dialects.tables))
	for d := range dialects.tables {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func defaultTables() *vocabTables {
	if t := dialects.built.Load(); t != nil {
		return t
	}
	dialects.mu.Lock()
	defer dialects.mu.Unlock()
	if t := dialects.built.Load(); t != nil {
		return t
	}
	names := make([]Dialect, 0, len(dialects.tables))
	for d := range dialects.tables {
		names = append(names, d)
	}
	sort.Slice(names, func(i, j int) bool { return names[i] < names[j] })
	tabs := make([]DialectTable, 0, len(names))
	for _, d := range names {
		tab := dialects.tables[d]()
		tab.Dialect = d
		tabs = append(tabs, tab)
	}
	t := buildVocabTables(withKinds(buildTools(nativeTools, tabs)))
	dialects.built.Store(t)
	return t
}

// nativeTools are the native tool names and the names other hosts use for
// them.
var nativeTools = []Tool{
	{Native: "shell", Aliases: []string{"bash", "sh", "run_shell_command"}},
	{Native: "powershell"},
	{Native: "read"},
	{Native: "write"},
	{Native: "edit"},
	{Native: "multi_edit"},
	{Native: "glob"},
	{Native: "grep"},
	{Native: "web_fetch"},
	{Native: "web_search"},
	{Native: "agent"},
	{Native: "notebook_edit"},
	{Native: "todo_write"},
	{Native: "skill"},
	{Native: "ask_user"},
	{Native: "exit_plan_mode"},
	{Native: "ls"},
	{Native: "delete"},
}

// DialectTable is one dialect's part of a vocabulary: its name for each
// native tool, the other names it accepts for them, and the arguments it
// spells differently.
type DialectTable struct {
	Dialect Dialect
	// Names maps a native tool name to the dialect's name of the tool.
	Names map[string]string
	// Args maps a native tool name to its renamed arguments, native
	// argument name to the dialect's.
	Args map[string]map[string]string
}

// buildTools merges dialect tables into native rows. A table naming a
// native tool that no row has adds a row for it.
func buildTools(native []Tool, tables []DialectTable) []Tool {
	rows := cloneTools(native)
	at := map[string]int{}
	for i, t := range rows {
		at[t.Native] = i
	}
	row := func(n string) *Tool {
		i, ok := at[n]
		if !ok {
			rows = append(rows, Tool{Native: n})
			i = len(rows) - 1
			at[n] = i
		}
		return &rows[i]
	}
	for _, tab := range tables {
		for _, n := range sortedMapKeys(tab.Names) {
			r := row(n)
			if r.Names == nil {
				r.Names = map[Dialect]string{}
			}
			r.Names[tab.Dialect] = tab.Names[n]
		}
		for _, n := range sortedMapKeys(tab.Args) {
			r := row(n)
			for _, a := range sortedMapKeys(tab.Args[n]) {
				found := false
				for i := range r.Args {
					if r.Args[i].Native == a {
						r.Args[i].Names[tab.Dialect] = tab.Args[n][a]
						found = true
					}
				}
				if !found {
					r.Args = append(r.Args, Arg{Native: a, Names: map[Dialect]string{tab.Dialect: tab.Args[n][a]}})
				}
			}
		}
	}
	return rows
}

func sortedMapKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// rows returns v's tables; a zero Vocabulary has none.
func (v *Vocabulary) rows() *vocabTables {
	if v.tables == nil {
		return &vocabTables{}
	}
	return v.tables()
}
