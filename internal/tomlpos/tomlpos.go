// Package tomlpos indexes where a TOML document writes each of its keys,
// so that decoders working on the decoded values (go-toml's maps) can
// point a finding at the file's line and column.
package tomlpos

import (
	"fmt"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// Pos is a 1-based line and column; the zero Pos means unknown.
type Pos struct{ Line, Col int }

// Index maps key paths to where they are written. A path names a table
// by its dotted key and an array-table entry with its index:
// "hooks.pre_tool[0]" for the first [[hooks.pre_tool]], and
// "hooks.pre_tool[0].command" for a key inside it; a table under an
// array-table entry ([[hooks.PreToolUse.hooks]] after
// [[hooks.PreToolUse]]) is placed under the current entry
// ("hooks.PreToolUse[0].hooks[0]").
type Index map[string]Pos

// Build walks the document and records the position of every table
// header — its opening bracket, not the line's indentation nor the
// blanks inside the brackets — and of every key (its first part). An
// array of tables as a whole ("hooks.bogus") is where its first entry
// is. The error is the parser's, with its position, when the document
// does not parse (the index then holds what came before).
func Build(data []byte) (Index, error) {
	idx := Index{}
	var p unstable.Parser
	p.Reset(data)
	table := ""                // current table path, with array indices
	counts := map[string]int{} // array-table path -> entries seen
	for p.NextExpression() {
		n := p.Expression()
		switch n.Kind {
		case unstable.Table, unstable.ArrayTable:
			parts, first := keyParts(n.Key())
			// Resolve array-table parents to their current entry.
			var path strings.Builder
			for i, part := range parts {
				if i > 0 {
					path.WriteByte('.')
				}
				path.WriteString(part)
				if c, ok := counts[path.String()]; ok && i < len(parts)-1 {
					fmt.Fprintf(&path, "[%d]", c-1)
				}
			}
			name := path.String()
			if n.Kind == unstable.ArrayTable {
				i := counts[name]
				counts[name] = i + 1
				table = fmt.Sprintf("%s[%d]", name, i)
			} else {
				table = name
			}
			if first == nil {
				continue
			}
			off := int(first.Raw.Offset)
			for off > 0 && (data[off-1] == ' ' || data[off-1] == '\t') {
				off--
			}
			for off > 0 && data[off-1] == '[' {
				off--
			}
			sh := p.Shape(unstable.Range{Offset: uint32(off), Length: 1})
			idx[table] = Pos{sh.Start.Line, sh.Start.Column}
			if _, seen := idx[name]; !seen {
				idx[name] = idx[table]
			}
		case unstable.KeyValue:
			parts, first := keyParts(n.Key())
			key := strings.Join(parts, ".")
			if table != "" {
				key = table + "." + key
			}
			if first != nil {
				sh := p.Shape(first.Raw)
				idx[key] = Pos{sh.Start.Line, sh.Start.Column}
			}
		}
	}
	return idx, p.Error()
}

func keyParts(it unstable.Iterator) ([]string, *unstable.Node) {
	var parts []string
	var first *unstable.Node
	for it.Next() {
		k := it.Node()
		if first == nil {
			first = k
		}
		parts = append(parts, string(k.Data))
	}
	return parts, first
}

// At returns the position of path, falling back to its closest recorded
// ancestor ("hooks.pre_tool[0].command" -> "hooks.pre_tool[0]" -> …); the
// zero Pos when none is recorded.
func (ix Index) At(path string) Pos {
	for path != "" {
		if p, ok := ix[path]; ok {
			return p
		}
		i := strings.LastIndexAny(path, ".[")
		if i < 0 {
			break
		}
		path = path[:i]
	}
	return Pos{}
}
