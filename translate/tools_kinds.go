package translate

import "github.com/hookcompat/hookcompat/settings"

// nativeKinds are the rule kinds of the built-in native tools (HK-64).
func nativeKinds() map[string]string {
	return map[string]string{
		"shell":         settings.RuleShell,
		"read":          settings.RuleRead,
		"glob":          settings.RuleRead,
		"grep":          settings.RuleRead,
		"write":         settings.RuleWrite,
		"edit":          settings.RuleWrite,
		"multi_edit":    settings.RuleWrite,
		"notebook_edit": settings.RuleWrite,
		"delete":        settings.RuleDelete,
		"web_fetch":     settings.RuleWeb,
		"web_search":    settings.RuleWeb,
		"skill":         settings.RuleSkill,
		"agent":         settings.RuleAgent,
	}
}

// withKinds sets the rule kind of every built-in native tool that has
// none.
func withKinds(rows []Tool) []Tool {
	kinds := nativeKinds()
	for i := range rows {
		if rows[i].Kind == "" {
			rows[i].Kind = kinds[rows[i].Native]
		}
	}
	return rows
}

// Kinds returns the rule kind (HK-64) of every native tool name the
// vocabulary knows that has one, aliases included: "shell" and "bash"
// map to settings.RuleShell in the default vocabulary. The map is a new
// copy; an engine uses it for native if rules (runner.Options.ToolKinds).
func (v *Vocabulary) Kinds() map[string]string {
	out := map[string]string{}
	t := v.rows()
	for name, i := range t.index[Native] {
		if k := t.tools[i].Kind; k != "" {
			out[name] = k
		}
	}
	return out
}

// Rename returns a copy of v in which native tools are called by the
// names an embedding agent gives its tools: names maps a native name to
// the host's ("shell" → "exec"). A renamed tool keeps its names in every
// dialect, its argument renames and its rule kind, so that a Claude hook
// matching Bash and a native rule shell(git *) select the host's exec
// calls; the old native name stays accepted as an alias on input, and
// [Vocabulary.Renamed] gives it back, so that a native glob naming the
// tool by it (match = "shell", as convert writes) selects the host's
// calls and the exec shim gets the tool by it. Names the vocabulary does
// not know are ignored.
func (v *Vocabulary) Rename(names map[string]string) *Vocabulary {
	prev := v.rows().renamed
	renamed := map[string]string{}
	for host, old := range prev {
		renamed[host] = old
	}
	rows := v.Tools()
	for i := range rows {
		host, ok := names[rows[i].Native]
		if !ok || host == "" || host == rows[i].Native {
			continue
		}
		old := rows[i].Native
		if first, ok := prev[old]; ok {
			old = first
			delete(renamed, rows[i].Native)
		}
		if old != host {
			renamed[host] = old
		}
		rows[i].Aliases = append([]string{rows[i].Native}, rows[i].Aliases...)
		rows[i].Native = host
	}
	t := buildVocabTables(rows)
	t.renamed = keepRenamed(renamed, t)
	return &Vocabulary{tables: func() *vocabTables { return t }}
}
