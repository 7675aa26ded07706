package settings

import (
	"fmt"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// pos is a 1-based line and column.
type pos struct{ line, col int }

// positions maps TOML key paths to where they are written. Paths use the
// form "hooks.pre_tool[0]" for an array-table entry and
// "hooks.pre_tool[0].command" for a key inside it.
type positions map[string]pos

// indexPositions walks the TOML document and records the position of every
// table header and key. It returns the parser's error (with position) when
// the document does not parse.
func indexPositions(data []byte) (positions, error) {
	idx := positions{}
	var p unstable.Parser
	p.Reset(data)
	var table string           // current table path, with array indices
	counts := map[string]int{} // array-table path -> entries seen
	for p.NextExpression() {
		n := p.Expression()
		switch n.Kind {
		case unstable.Table, unstable.ArrayTable:
			parts, first := keyParts(n.Key())
			name := strings.Join(parts, ".")
			if n.Kind == unstable.ArrayTable {
				i := counts[name]
				counts[name] = i + 1
				table = fmt.Sprintf("%s[%d]", name, i)
			} else {
				table = name
			}
			if first != nil {
				// Point at the opening bracket of the header, not its key:
				// skip blanks inside the brackets ("[[ hooks.x ]]"), then
				// the brackets, but not the line's indentation.
				off := int(first.Raw.Offset)
				for off > 0 && (data[off-1] == ' ' || data[off-1] == '\t') {
					off--
				}
				for off > 0 && data[off-1] == '[' {
					off--
				}
				sh := p.Shape(unstable.Range{Offset: uint32(off), Length: 1})
				idx[table] = pos{sh.Start.Line, sh.Start.Column}
				if _, seen := idx[name]; !seen && n.Kind == unstable.ArrayTable {
					// The array as a whole ("hooks.bogus", for an unknown
					// event) is where its first entry is.
					idx[name] = idx[table]
				}
			}
		case unstable.KeyValue:
			parts, first := keyParts(n.Key())
			key := strings.Join(parts, ".")
			if table != "" {
				key = table + "." + key
			}
			if first != nil {
				sh := p.Shape(first.Raw)
				idx[key] = pos{sh.Start.Line, sh.Start.Column}
			}
		}
	}
	if err := p.Error(); err != nil {
		return nil, err
	}
	return idx, nil
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

// at returns the position of path, falling back to its closest recorded
// ancestor ("hooks.pre_tool[0].command" -> "hooks.pre_tool[0]" -> …).
func (ps positions) at(path string) pos {
	for path != "" {
		if p, ok := ps[path]; ok {
			return p
		}
		i := strings.LastIndexAny(path, ".[")
		if i < 0 {
			break
		}
		path = path[:i]
	}
	return pos{}
}
