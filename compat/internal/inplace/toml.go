package inplace

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// TOMLSpec describes one in-place write into a TOML file whose events are
// arrays of tables under Prefix: [[hooks.PreToolUse]] (Codex's
// config.toml), [[hooks.pre_tool]] (native TOML).
type TOMLSpec struct {
	// Name names the file in messages; Agent its agent.
	Name, Agent string
	// Existing is the file's content; Fresh holds the new entries, in the
	// same layout (a TOML file of [[<prefix>.<event>]] tables, each
	// preceded by the comment lines the conversion writes, if any).
	Existing, Fresh []byte
	// Prefix is the table path holding the events ("hooks").
	Prefix string
	// Owns reports whether an entry (its value as canonical JSON) belongs
	// to the conversion, given the comment lines written right above its
	// table (without "#").
	Owns func(event string, entry []byte, comments []string) bool
	// OwnedComment reports whether a comment line right above an entry's
	// table was written by the conversion (native TOML's "# from …"); such
	// lines go with the entry.
	OwnedComment func(line string) bool
	// Identity: see [JSONSpec] (nil means [Identity]).
	Identity func(entry []byte) string
	// PositionMatters: see [JSONSpec].
	PositionMatters string
	// Prune: see [JSONSpec].
	Prune bool
}

// block is one entry of an event: its [[prefix.event]] table and the
// tables under it, with the comment lines right above.
type block struct {
	event   string
	lead    int // start of the comment lines right above the header
	header  int // start of the header's line
	end     int // start of the next section (or its comments), or EOF
	comment []string
	canon   []byte
	lines   [][2]int // every line of [lead, end): start, end (after '\n')
}

// MergeTOML writes the entries of spec.Fresh into spec.Existing as
// [MergeJSON] does for JSON: owned entries the conversion writes again
// stay, those whose hook it writes differently are replaced in their
// place (an update, [JSONSpec.Identity]; the comment lines of the
// file's own in them stay, before the new table), those it no longer
// writes are kept (reported), or with spec.Prune removed (with the
// conversion's comment lines above them; any other comment line in or
// above them stays), new ones are appended at the end of the file. The result is
// decoded again and compared with what was meant; a layout that cannot
// be edited so (an event written as an inline array) is an error naming
// the file.
func MergeTOML(spec TOMLSpec) (*Result, error) {
	owned := spec.OwnedComment
	if owned == nil {
		owned = func(string) bool { return false }
	}
	old, err := tomlBlocks(spec.Existing, spec.Prefix)
	if err != nil {
		return nil, fmt.Errorf("%s:%v; not written", spec.Name, err)
	}
	var before map[string]any
	if err := toml.Unmarshal(spec.Existing, &before); err != nil {
		return nil, fmt.Errorf("%s: %v; not written", spec.Name, err)
	}
	fresh, err := tomlBlocks(spec.Fresh, spec.Prefix)
	if err != nil {
		return nil, fmt.Errorf("%s: the converted hooks do not parse (%v); not written", spec.Name, err)
	}
	res := &Result{}
	note := func(off int, code, msg string) {
		line := 1 + bytes.Count(spec.Existing[:off], []byte("\n"))
		res.Notes = append(res.Notes, Note{Line: line, Col: 1, Code: code, Message: msg})
	}
	key := func(b *block) string {
		var own []string
		for _, c := range b.comment {
			if owned(c) {
				own = append(own, c)
			}
		}
		return b.event + "\x00" + strings.Join(own, "\n") + "\x00" + string(b.canon)
	}
	used := make([]bool, len(fresh))
	type cut struct{ start, end int }
	var cuts []cut
	var keepText []string // comment lines of removed blocks that stay
	removedEvent := map[string]bool{}
	moved := map[string]bool{}
	expect := map[string][][]byte{}
	// Entries the file holds in another layout count as the file's own.
	inline := eventsOf(before, spec.Prefix)
	scanned := map[string]int{}
	for _, b := range old {
		scanned[b.event]++
	}
	for ev, list := range inline {
		if scanned[ev] == 0 {
			for _, e := range list {
				if spec.Owns(ev, e, nil) {
					return nil, fmt.Errorf("%s: %s.%s is written inline (not as [[%s.%s]] tables): convert cannot edit its converted hooks in place; not written", spec.Name, spec.Prefix, ev, spec.Prefix, ev)
				}
				expect[ev] = append(expect[ev], e)
			}
		}
	}
	identity := spec.Identity
	if identity == nil {
		identity = Identity
	}
	// First the entries written again as they are, then the owned ones
	// whose hook is written differently (an update).
	matches := make([]int, len(old))
	updates := make([]int, len(old))
	for j := range old {
		matches[j], updates[j] = -1, -1
		for i, f := range fresh {
			if !used[i] && key(f) == key(old[j]) {
				used[i], matches[j] = true, i
				break
			}
		}
	}
	for j := range old {
		b := old[j]
		if matches[j] >= 0 || !spec.Owns(b.event, b.canon, b.comment) {
			continue
		}
		id := identity(b.canon)
		if id == "" {
			continue
		}
		for i, f := range fresh {
			if !used[i] && f.event == b.event && identity(f.canon) == id {
				used[i], updates[j] = true, i
				break
			}
		}
	}
	nl := "\n"
	if bytes.Contains(spec.Existing, []byte("\r\n")) {
		nl = "\r\n"
	}
	for j, b := range old {
		match := matches[j]
		switch {
		case updates[j] >= 0:
			f := fresh[updates[j]]
			res.Updated++
			expect[b.event] = append(expect[b.event], f.canon)
			note(b.header, CodeUpdated, fmt.Sprintf("[[%s.%s]] at line %d, the converted hook of %s, is updated in its place: its source hook changed (it was %s)", spec.Prefix, b.event, 1+bytes.Count(spec.Existing[:b.header], []byte("\n")), wrapped(f.canon), describe(b.canon)))
			var text strings.Builder
			for _, l := range b.lines {
				line := string(spec.Existing[l[0]:l[1]])
				t := strings.TrimSpace(line)
				if strings.HasPrefix(t, "#") && !owned(strings.TrimSpace(strings.TrimPrefix(t, "#"))) {
					text.WriteString(line)
				}
			}
			oldText := spec.Existing[b.lead:b.end]
			trail := string(oldText[len(bytes.TrimRight(oldText, "\r\n")):])
			if trail == "" {
				trail = nl
			}
			block := string(bytes.TrimRight(spec.Fresh[f.lead:f.end], "\r\n"))
			if nl != "\n" {
				block = strings.ReplaceAll(block, "\n", nl)
			}
			text.WriteString(block + trail)
			cuts = append(cuts, cut{b.lead, b.end})
			keepText = append(keepText, text.String())
		case match >= 0:
			expect[b.event] = append(expect[b.event], b.canon)
			if removedEvent[b.event] && !spec.Owns(b.event, b.canon, b.comment) {
				moved[b.event] = true
			}
		case !spec.Prune && spec.Owns(b.event, b.canon, b.comment):
			res.Stale++
			expect[b.event] = append(expect[b.event], b.canon)
			note(b.header, CodeKept, fmt.Sprintf("[[%s.%s]] at line %d, a converted hook (%s), is kept: the converted inputs do not have it — it was converted from a file not given now, or its source hook was deleted (--prune removes converted hooks the inputs no longer have)", spec.Prefix, b.event, 1+bytes.Count(spec.Existing[:b.header], []byte("\n")), describe(b.canon)))
		case spec.Owns(b.event, b.canon, b.comment):
			res.Removed++
			removedEvent[b.event] = true
			if _, ok := expect[b.event]; !ok {
				expect[b.event] = nil // checked: it holds none
			}
			note(b.header, CodeRemoved, fmt.Sprintf("[[%s.%s]] at line %d, a converted hook, is removed: the converted inputs no longer have it (%s)", spec.Prefix, b.event, 1+bytes.Count(spec.Existing[:b.header], []byte("\n")), describe(b.canon)))
			cuts = append(cuts, cut{b.lead, b.end})
			var kept []string
			for _, l := range b.lines {
				line := string(spec.Existing[l[0]:l[1]])
				t := strings.TrimSpace(line)
				if strings.HasPrefix(t, "#") && !owned(strings.TrimSpace(strings.TrimPrefix(t, "#"))) {
					kept = append(kept, line)
				}
			}
			keepText = append(keepText, strings.Join(kept, ""))
		default:
			res.Kept++
			expect[b.event] = append(expect[b.event], b.canon)
			if removedEvent[b.event] {
				moved[b.event] = true
			}
		}
	}
	for ev := range moved {
		if spec.PositionMatters != "" {
			res.Notes = append(res.Notes, Note{Code: CodePositionShift, Message: fmt.Sprintf("%s.%s: %s", spec.Prefix, ev, spec.PositionMatters)})
		}
	}
	var edits []edit
	for i, c := range cuts {
		edits = append(edits, edit{c.start, c.end, keepText[i]})
	}
	out := applyEdits(spec.Existing, edits)
	var add []string
	for i, f := range fresh {
		if used[i] {
			continue
		}
		add = append(add, string(bytes.TrimRight(spec.Fresh[f.lead:f.end], "\r\n"))+"\n")
		expect[f.event] = append(expect[f.event], f.canon)
		res.Added++
	}
	if len(add) > 0 {
		var b strings.Builder
		if len(out) > 0 && !bytes.HasSuffix(out, []byte("\n")) {
			b.WriteString(nl)
		}
		for i, a := range add {
			if i > 0 || (len(out) > 0 && !bytes.HasSuffix(out, []byte("\n\n")) && !bytes.HasSuffix(out, []byte("\r\n\r\n"))) {
				b.WriteString(nl)
			}
			if nl != "\n" {
				a = strings.ReplaceAll(a, "\n", nl)
			}
			b.WriteString(a)
		}
		out = append(out, b.String()...)
	}
	if err := verifyTOML(spec, before, out, expect); err != nil {
		if line, what := inlineLayout(spec.Existing, spec.Prefix); line > 0 {
			return nil, fmt.Errorf("%s:%d:1: %s, and convert writes each event as [[%s.<event>]] tables, which TOML cannot add to it: rewrite these hooks as [[%s.<event>]] tables; not written", spec.Name, line, what, spec.Prefix, spec.Prefix)
		}
		return nil, fmt.Errorf("%s: %v; not written", spec.Name, err)
	}
	res.Data = out
	return res, nil
}

type edit struct {
	start, end int
	text       string
}

func applyEdits(data []byte, edits []edit) []byte {
	sort.Slice(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	var out []byte
	at := 0
	for _, e := range edits {
		out = append(out, data[at:e.start]...)
		out = append(out, e.text...)
		at = e.end
	}
	return append(out, data[at:]...)
}

// inlineLayout finds the first line of data that writes the prefix's
// hooks in a layout [[prefix.<event>]] tables cannot be added to: the
// prefix as an inline table (hooks = {…}), an event as a dotted key
// (hooks.Stop = […]), or an event as an inline array under the [prefix]
// table. It returns 0 when there is none. Lines inside multi-line
// strings are not told apart: it only words an error already found.
func inlineLayout(data []byte, prefix string) (int, string) {
	table := ""
	for i, raw := range strings.Split(string(data), "\n") {
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "[") {
			table = strings.TrimSpace(strings.Trim(strings.SplitN(line, "#", 2)[0], "[] \t"))
			continue
		}
		k, _, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		k = strings.TrimSpace(k)
		if table != "" && table != prefix {
			continue // a key of another table, or of an event's own table
		}
		full := k
		if table != "" {
			full = table + "." + k
		}
		switch {
		case full == prefix:
			return i + 1, fmt.Sprintf("%s is an inline table here", prefix)
		case strings.HasPrefix(full, prefix+".") && !strings.HasPrefix(full, prefix+".state"):
			return i + 1, fmt.Sprintf("%s is written here as a key with an inline value", full)
		}
	}
	return 0, ""
}

// verifyTOML decodes out and checks that it holds what was meant: every
// value outside the events as before, each event with the entries
// expected.
func verifyTOML(spec TOMLSpec, before map[string]any, out []byte, expect map[string][][]byte) error {
	var after map[string]any
	if err := toml.Unmarshal(out, &after); err != nil {
		return fmt.Errorf("the edited file would not parse (%v): its hooks are laid out in a way convert cannot edit in place (write each event as [[%s.<event>]] tables)", err, spec.Prefix)
	}
	strip := func(m map[string]any) []byte {
		c := map[string]any{}
		for k, v := range m {
			c[k] = v
		}
		if p, ok := c[spec.Prefix].(map[string]any); ok {
			q := map[string]any{}
			for k, v := range p {
				if _, isList := v.([]any); !isList {
					q[k] = v
				} else if _, isEvent := expect[k]; !isEvent {
					q[k] = v
				}
			}
			if len(q) > 0 {
				c[spec.Prefix] = q
			} else {
				delete(c, spec.Prefix) // only events: as absent
			}
		}
		b, _ := json.Marshal(c)
		return b
	}
	if !bytes.Equal(strip(before), strip(after)) {
		return errors.New("the edit would change settings other than the converted hooks")
	}
	got := eventsOf(after, spec.Prefix)
	for ev, want := range expect {
		if len(got[ev]) != len(want) {
			return fmt.Errorf("the edit would leave %s.%s with %d entries, want %d", spec.Prefix, ev, len(got[ev]), len(want))
		}
		for i := range want {
			if !bytes.Equal(got[ev][i], want[i]) {
				return fmt.Errorf("the edit would change %s.%s[%d]", spec.Prefix, ev, i)
			}
		}
	}
	return nil
}

// eventsOf lists the entries of every array under prefix, as canonical
// JSON.
func eventsOf(doc map[string]any, prefix string) map[string][][]byte {
	out := map[string][][]byte{}
	p, ok := doc[prefix].(map[string]any)
	if !ok {
		return out
	}
	for k, v := range p {
		list, ok := v.([]any)
		if !ok {
			continue
		}
		for _, e := range list {
			b, _ := json.Marshal(e)
			out[k] = append(out[k], b)
		}
	}
	return out
}

// tomlBlocks finds the entries [[prefix.<event>]] of a TOML file.
func tomlBlocks(data []byte, prefix string) ([]*block, error) {
	type expr struct {
		kind      unstable.Kind
		path      []string
		lineStart int
		line      int
	}
	p := unstable.Parser{KeepComments: true}
	p.Reset(data)
	var exprs []expr
	lineStartOf := func(off int) int { return bytes.LastIndexByte(data[:off], '\n') + 1 }
	for p.NextExpression() {
		n := p.Expression()
		e := expr{kind: n.Kind}
		off := -1
		switch n.Kind {
		case unstable.Table, unstable.ArrayTable:
			it := n.Key()
			for it.Next() {
				k := it.Node()
				if off < 0 {
					off = int(k.Raw.Offset)
				}
				e.path = append(e.path, string(k.Data))
			}
		case unstable.KeyValue, unstable.Comment:
			off = int(n.Raw.Offset)
		}
		if off < 0 {
			continue
		}
		e.lineStart = lineStartOf(off)
		e.line = 1 + bytes.Count(data[:e.lineStart], []byte("\n"))
		exprs = append(exprs, e)
	}
	if err := p.Error(); err != nil {
		var perr *unstable.ParserError
		if errors.As(err, &perr) {
			sh := p.Shape(p.Range(perr.Highlight))
			return nil, fmt.Errorf("%d:%d: %s", sh.Start.Line, sh.Start.Column, perr.Message)
		}
		return nil, err
	}
	isHeader := func(e expr) bool { return e.kind == unstable.Table || e.kind == unstable.ArrayTable }
	under := func(path, base []string) bool {
		if len(path) <= len(base) {
			return false
		}
		for i := range base {
			if path[i] != base[i] {
				return false
			}
		}
		return true
	}
	// leadOf is where the comment lines right above header i start.
	leadOf := func(i int) (int, []string) {
		start := exprs[i].lineStart
		var comments []string
		line := exprs[i].line
		for j := i - 1; j >= 0 && exprs[j].kind == unstable.Comment && exprs[j].line == line-1 && isCommentLine(data, exprs[j].lineStart); j-- {
			start, line = exprs[j].lineStart, exprs[j].line
			c := strings.TrimSpace(string(data[exprs[j].lineStart:lineEnd(data, exprs[j].lineStart)]))
			comments = append([]string{strings.TrimSpace(strings.TrimPrefix(c, "#"))}, comments...)
		}
		return start, comments
	}
	var out []*block
	for i, e := range exprs {
		if e.kind != unstable.ArrayTable || len(e.path) != 2 || e.path[0] != prefix {
			continue
		}
		b := &block{event: e.path[1], header: e.lineStart}
		b.lead, b.comment = leadOf(i)
		b.end = len(data)
		for j := i + 1; j < len(exprs); j++ {
			if isHeader(exprs[j]) && !under(exprs[j].path, e.path) {
				b.end, _ = leadOf(j)
				break
			}
		}
		for at := b.lead; at < b.end; {
			end := lineEnd(data, at)
			if end < len(data) {
				end++
			}
			b.lines = append(b.lines, [2]int{at, end})
			at = end
		}
		var doc map[string]any
		if err := toml.Unmarshal(data[b.header:b.end], &doc); err != nil {
			line := 1 + bytes.Count(data[:b.header], []byte("\n"))
			return nil, fmt.Errorf("%d:1: [[%s.%s]]: %v", line, prefix, b.event, err)
		}
		list := eventsOf(doc, prefix)[b.event]
		if len(list) != 1 {
			line := 1 + bytes.Count(data[:b.header], []byte("\n"))
			return nil, fmt.Errorf("%d:1: [[%s.%s]] is not one entry", line, prefix, b.event)
		}
		b.canon = list[0]
		out = append(out, b)
	}
	return out, nil
}

func lineEnd(data []byte, at int) int {
	if i := bytes.IndexByte(data[at:], '\n'); i >= 0 {
		return at + i
	}
	return len(data)
}

// isCommentLine reports whether the line starting at off holds only a
// comment.
func isCommentLine(data []byte, off int) bool {
	return strings.HasPrefix(strings.TrimLeft(string(data[off:lineEnd(data, off)]), " \t"), "#")
}
