// Package inplace writes converted hooks into an agent's existing file —
// a JSON or JSON-with-comments settings file, or a TOML file — the way
// `hookcompat convert --in-place` promises: only the hook entries the
// conversion owns change; every other byte stays (see [MergeJSON] and
// [MergeTOML]).
//
// The conversion owns an entry of the file when every hook in it calls
// the exec shim with the file's agent as host and speaks the protocol of
// one of the converted inputs ([Owner]). An owned entry that the new
// conversion writes again, identical, stays where it is; one whose hook
// the conversion writes differently (the source hook's timeout, matcher
// or arguments changed: the same hook by [Identity]) is replaced in its
// place, and reported as an update; one it no longer writes is kept
// (and reported: it may have been converted from a file not given now,
// since nothing in an entry says which file it came from) unless the
// spec prunes, when it is removed (and reported as a loss); a new one is
// appended after the file's entries of its event. An entry of the file's own, that the
// conversion writes identically (the file was one of the inputs), is not
// written a second time.
package inplace

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/jsonedit"
)

// Owner decides which entries of a file a conversion owns.
type Owner struct {
	// Host is the agent the file is for ("codex", "gemini", …): the
	// --host of the shim calls it owns.
	Host string
	// Protocols are the formats of the converted inputs: a shim call
	// wrapping a hook of another format was converted from a source not
	// converted now, and is kept. Nil owns the shim calls of every format.
	Protocols []string
}

func (o Owner) owns(protocol string) bool {
	if o.Protocols == nil {
		return true
	}
	for _, p := range o.Protocols {
		if p == protocol {
			return true
		}
	}
	return false
}

// OwnsCommand reports whether a hook command (a shell command line)
// calls the exec shim for o's host and one of o's protocols.
func (o Owner) OwnsCommand(cmd string) bool {
	argv, ok := format.ShimCommandArgs(cmd)
	if !ok || !format.IsShim(argv) {
		return false
	}
	spec, err := format.ParseShimArgs(argv[2:])
	if err != nil || spec.Host != o.Host {
		return false
	}
	return o.owns(spec.Protocol)
}

// OwnsArgv is OwnsCommand for an argv (a native args hook), whose host
// is native.
func (o Owner) OwnsArgv(argv []string) bool {
	if !format.IsShim(argv) {
		return false
	}
	spec, err := format.ParseShimArgs(argv[2:])
	if err != nil || spec.Host != o.Host {
		return false
	}
	return o.owns(spec.Protocol)
}

// JSONSpec describes one in-place write into a JSON file.
type JSONSpec struct {
	// Name names the file in messages.
	Name string
	// Existing is the file's content; Fresh is the target's whole file for
	// the new hooks (strict JSON, as written without an existing file).
	Existing, Fresh []byte
	// Agent names the file's agent in messages ("Gemini CLI").
	Agent string
	// Comments: the agent reads // and /* */ comments (JSON with
	// comments); otherwise a comment is a syntax error.
	Comments bool
	// Container is the top-level member holding the events ("hooks").
	Container string
	// IsEvent reports whether a member of the container is an event of
	// the agent (its value must be an array).
	IsEvent func(key string) bool
	// Owns reports whether an entry (the compact JSON of one item of an
	// event's array) belongs to the conversion.
	Owns func(event string, entry []byte) bool
	// Identity tells which converted hook an entry is (nil means
	// [Identity]): an owned entry not written again identically is
	// replaced in its place by the new entry of the same event and
	// identity. "" pairs with nothing.
	Identity func(entry []byte) string
	// DuplicateError, when not empty, is what the agent does with a file
	// that has a top-level member twice (serde's "duplicate field"): the
	// write is refused. Empty means the agent reads the last one, as
	// JSON.parse does, and the write goes there.
	DuplicateError string
	// BOMNote, when not empty, is the warning for a file that starts with
	// a byte order mark (the agent refuses it); the mark is kept.
	BOMNote string
	// Top are top-level members added, in order, when the file lacks them
	// (Cursor's "version"): name and raw JSON value.
	Top [][2]string
	// PositionMatters reports that the agent identifies entries by their
	// position (Codex's reviewed-hook keys): removing an owned entry
	// before one of the file's own is then a note.
	PositionMatters string
	// Prune removes the owned entries the conversion no longer writes
	// ([CodeRemoved]). Without it they are kept ([CodeKept]): an entry
	// does not say which converted file it came from, so one converted
	// from another file (a user's settings converted before the
	// project's) looks the same as one whose source hook was deleted,
	// and removing it would disarm that file's guards.
	Prune bool
}

// Note is something a write did that the user should know, with the
// position it concerns in the existing file.
type Note struct {
	Line, Col     int
	Code, Message string
}

// Notes codes.
const (
	// CodeRemoved: an owned entry the conversion no longer writes was
	// removed (with Prune).
	CodeRemoved = "converted-hook-removed"
	// CodeKept: an owned entry the conversion no longer writes was kept
	// (without Prune): converted from a file not given now, or from a
	// hook since deleted.
	CodeKept = "converted-hook-kept"
	// CodeUpdated: an owned entry whose hook the conversion writes
	// differently (the same hook by [JSONSpec.Identity]) was replaced in
	// its place.
	CodeUpdated = "converted-hook-updated"
	// CodeDuplicateKey: the file has a member twice; the agent reads the
	// last, which is where the write went.
	CodeDuplicateKey = "duplicate-key"
	// CodeBOM: the file starts with a byte order mark its agent refuses.
	CodeBOM = "bom-refused"
	// CodePositionShift: removing an entry moves the file's own entries,
	// which the agent identifies by position.
	CodePositionShift = "entries-moved"
)

// Result is what a merge wrote.
type Result struct {
	Data  []byte
	Notes []Note
	// Kept counts the file's own entries left; Stale the owned entries
	// the conversion no longer writes, kept (without Prune); Removed
	// those removed (with Prune); Updated the owned entries replaced in
	// their place; Added the entries appended.
	Kept, Stale, Removed, Updated, Added int
}

// MergeJSON writes the events of spec.Fresh's container into
// spec.Existing (see the package documentation). The existing file is
// parsed exactly (comments, duplicate keys, escapes and bytes that are
// not UTF-8 kept); the edit touches only the container's event arrays,
// and the result is parsed again and compared with what was meant before
// it is returned. Errors name spec.Name with line and column: a file that
// does not parse; a top-level value that is not an object; a container
// or an event that is not what the agent reads (an array of groups where
// an object belongs, a string) — never deleted, never overwritten.
func MergeJSON(spec JSONSpec) (*Result, error) {
	opts := jsonedit.Options{Comments: spec.Comments}
	doc, err := jsonedit.Parse(spec.Existing, opts)
	if err != nil {
		return nil, fmt.Errorf("%s:%v; not written", spec.Name, err)
	}
	fresh, err := jsonedit.Parse(spec.Fresh, jsonedit.Options{})
	if err != nil {
		return nil, fmt.Errorf("%s: the converted hooks do not parse (%v); not written", spec.Name, err)
	}
	res := &Result{}
	identity := spec.Identity
	if identity == nil {
		identity = Identity
	}
	at := func(off int) (int, int) { return jsonedit.Position(doc.Data, off) }
	note := func(off int, code, msg string) {
		l, c := at(off)
		res.Notes = append(res.Notes, Note{Line: l, Col: c, Code: code, Message: msg})
	}
	root := doc.Root
	if root.Kind != jsonedit.Object {
		l, c := at(root.Start)
		return nil, fmt.Errorf("%s:%d:%d: the file is %s, not a JSON object: not written", spec.Name, l, c, root.Kind)
	}
	if doc.BOM && spec.BOMNote != "" {
		note(0, CodeBOM, spec.BOMNote)
	}
	layout := jsonedit.DetectLayout(doc.Data)
	// The container the agent reads: the last member of that name.
	var container *jsonedit.Member
	var dups []jsonedit.Member
	for i := range root.Members {
		if root.Members[i].Key == spec.Container {
			if container != nil {
				dups = append(dups, *container)
			}
			container = &root.Members[i]
		}
	}
	if len(dups) > 0 {
		l, c := at(container.KeyStart)
		if spec.DuplicateError != "" {
			return nil, fmt.Errorf("%s:%d:%d: %q appears %d times: %s; not written (keep one)", spec.Name, l, c, spec.Container, len(dups)+1, spec.DuplicateError)
		}
		for _, d := range dups {
			note(d.KeyStart, CodeDuplicateKey, fmt.Sprintf("%q appears again at line %d; %s reads only the last one, so the hooks are written there and this one is left as it is", spec.Container, l, spec.Agent))
		}
	}
	freshContainer := fresh.Root.Get(spec.Container)
	if freshContainer == nil || freshContainer.Kind != jsonedit.Object {
		return nil, fmt.Errorf("%s: the converted file has no %q object; not written", spec.Name, spec.Container)
	}
	// The new entries by event, in the fresh file's order.
	type entry struct {
		canon []byte
		used  bool
	}
	var freshEvents []string
	newEntries := map[string][]*entry{}
	for _, m := range freshContainer.Members {
		if m.Value.Kind != jsonedit.Array {
			continue
		}
		if _, seen := newEntries[m.Key]; !seen {
			freshEvents = append(freshEvents, m.Key)
		}
		for _, it := range m.Value.Items {
			newEntries[m.Key] = append(newEntries[m.Key], &entry{canon: fresh.Canon(it)})
		}
	}
	var edits []jsonedit.Edit
	expect := map[string][][]byte{} // event -> the entries it must hold after the write
	if container == nil {
		// No container: it is added after the last member, whole.
		var members []string
		in1 := layout.Unit + layout.Unit
		if len(root.Members) > 0 {
			in1 = jsonedit.LineIndent(doc.Data, root.Members[0].KeyStart) + layout.Unit
		}
		for _, ev := range freshEvents {
			var items []string
			for _, e := range newEntries[ev] {
				items = append(items, in1+layout.Unit+jsonedit.Indent(e.canon, in1+layout.Unit, layout.Unit, layout.Newline))
				expect[ev] = append(expect[ev], e.canon)
				res.Added++
			}
			members = append(members, in1+quoteKey(ev)+": ["+layout.Newline+strings.Join(items, ","+layout.Newline)+layout.Newline+in1+"]")
		}
		value := "{}"
		if len(members) > 0 {
			base := in1[:len(in1)-len(layout.Unit)]
			value = "{" + layout.Newline + strings.Join(members, ","+layout.Newline) + layout.Newline + base + "}"
		}
		items := make([]jsonedit.Item, len(root.Members))
		for i := range items {
			items[i].Keep = true
		}
		appended := []string{quoteKey(spec.Container) + ": " + value}
		for _, top := range spec.Top {
			if root.Get(top[0]) == nil {
				appended = append(appended, quoteKey(top[0])+": "+top[1])
			}
		}
		edits = append(edits, doc.List(root, items, appended, layout))
	} else {
		hooks := container.Value
		if hooks.Kind != jsonedit.Object {
			l, c := at(hooks.Start)
			return nil, fmt.Errorf("%s:%d:%d: %q is %s, not the object of events %s reads; not written (fix it by hand, or move it away)", spec.Name, l, c, spec.Container, hooks.Kind, spec.Agent)
		}
		// The last member of each event is the one the agent reads.
		last := map[string]int{}
		for i, m := range hooks.Members {
			last[m.Key] = i
		}
		items := make([]jsonedit.Item, len(hooks.Members))
		for i, m := range hooks.Members {
			items[i].Keep = true
			if last[m.Key] != i {
				if spec.IsEvent(m.Key) {
					l, _ := at(hooks.Members[last[m.Key]].KeyStart)
					note(m.KeyStart, CodeDuplicateKey, fmt.Sprintf("%s.%s appears again at line %d; %s reads only the last one, so the hooks are written there and this one is left as it is", spec.Container, m.Key, l, spec.Agent))
				}
				continue
			}
			if !spec.IsEvent(m.Key) && newEntries[m.Key] == nil {
				continue
			}
			if m.Value.Kind != jsonedit.Array {
				l, c := at(m.Value.Start)
				return nil, fmt.Errorf("%s:%d:%d: %s.%s is %s, not the array of entries %s reads; not written (fix it by hand)", spec.Name, l, c, spec.Container, m.Key, m.Value.Kind, spec.Agent)
			}
			sub := make([]jsonedit.Item, len(m.Value.Items))
			changed := false
			ownAfterRemoved := false
			removedHere := false
			// First the entries written again as they are, then the owned
			// ones whose hook is written differently (an update), so that
			// an update never takes an entry another one keeps.
			canons := make([][]byte, len(m.Value.Items))
			matches := make([]*entry, len(m.Value.Items))
			updates := make([]*entry, len(m.Value.Items))
			for j, it := range m.Value.Items {
				canons[j] = doc.Canon(it)
				for _, e := range newEntries[m.Key] {
					if !e.used && bytes.Equal(e.canon, canons[j]) {
						e.used, matches[j] = true, e
						break
					}
				}
			}
			for j := range m.Value.Items {
				if matches[j] != nil || !spec.Owns(m.Key, canons[j]) {
					continue
				}
				id := identity(canons[j])
				if id == "" {
					continue
				}
				for _, e := range newEntries[m.Key] {
					if !e.used && identity(e.canon) == id {
						e.used, updates[j] = true, e
						break
					}
				}
			}
			for j, it := range m.Value.Items {
				canon := canons[j]
				owned := spec.Owns(m.Key, canon)
				switch {
				case matches[j] != nil:
					sub[j].Keep = true
					expect[m.Key] = append(expect[m.Key], canon)
					if !owned {
						res.Kept++
					}
				case updates[j] != nil:
					e := updates[j]
					text := jsonedit.Indent(e.canon, jsonedit.LineIndent(doc.Data, it.Start), layout.Unit, layout.Newline)
					sub[j] = jsonedit.Item{Keep: true, Text: &text}
					expect[m.Key] = append(expect[m.Key], e.canon)
					changed = true
					res.Updated++
					note(it.Start, CodeUpdated, fmt.Sprintf("%s.%s[%d], the converted hook of %s, is updated in its place: its source hook changed (it was %s)", spec.Container, m.Key, j, wrapped(e.canon), describe(canon)))
				case owned && !spec.Prune:
					sub[j].Keep = true
					expect[m.Key] = append(expect[m.Key], canon)
					res.Stale++
					note(it.Start, CodeKept, fmt.Sprintf("%s.%s[%d], a converted hook (%s), is kept: the converted inputs do not have it — it was converted from a file not given now, or its source hook was deleted (--prune removes converted hooks the inputs no longer have)", spec.Container, m.Key, j, describe(canon)))
				case owned:
					changed, removedHere = true, true
					res.Removed++
					note(it.Start, CodeRemoved, fmt.Sprintf("%s.%s[%d], a converted hook, is removed: the converted inputs no longer have it (%s)", spec.Container, m.Key, j, describe(canon)))
				default:
					sub[j].Keep = true
					expect[m.Key] = append(expect[m.Key], canon)
					res.Kept++
					if removedHere {
						ownAfterRemoved = true
					}
				}
			}
			var appended []string
			itemIndent := jsonedit.LineIndent(doc.Data, m.KeyStart) + layout.Unit
			for _, it := range m.Value.Items {
				itemIndent = jsonedit.LineIndent(doc.Data, it.Start)
				break
			}
			for _, e := range newEntries[m.Key] {
				if !e.used {
					e.used = true
					appended = append(appended, jsonedit.Indent(e.canon, itemIndent, layout.Unit, layout.Newline))
					expect[m.Key] = append(expect[m.Key], e.canon)
					res.Added++
				}
			}
			if ownAfterRemoved && spec.PositionMatters != "" {
				note(m.KeyStart, CodePositionShift, fmt.Sprintf("%s.%s: %s", spec.Container, m.Key, spec.PositionMatters))
			}
			if !changed && len(appended) == 0 {
				continue
			}
			e := doc.List(m.Value, sub, appended, layout)
			if e.Text == "[]" && len(expect[m.Key]) == 0 && !hasComment(doc, m.Value) {
				items[i].Keep = false // the event held only converted hooks
				continue
			}
			text := string(doc.Data[m.KeyStart:m.Value.Start]) + e.Text
			items[i].Text = &text
		}
		// Events the file does not have yet, after its members.
		var appended []string
		in1 := jsonedit.LineIndent(doc.Data, container.KeyStart) + layout.Unit
		if len(hooks.Members) > 0 {
			in1 = jsonedit.LineIndent(doc.Data, hooks.Members[0].KeyStart)
		}
		for _, ev := range freshEvents {
			var list []string
			for _, e := range newEntries[ev] {
				if !e.used {
					e.used = true
					list = append(list, in1+layout.Unit+jsonedit.Indent(e.canon, in1+layout.Unit, layout.Unit, layout.Newline))
					expect[ev] = append(expect[ev], e.canon)
					res.Added++
				}
			}
			if len(list) > 0 {
				appended = append(appended, quoteKey(ev)+": ["+layout.Newline+strings.Join(list, ","+layout.Newline)+layout.Newline+in1+"]")
			}
		}
		edits = append(edits, doc.List(hooks, items, appended, layout))
		var tops []string
		for _, top := range spec.Top {
			if root.Get(top[0]) == nil {
				tops = append(tops, quoteKey(top[0])+": "+top[1])
			}
		}
		if len(tops) > 0 {
			// A second edit of the root would overlap the first: append
			// the members after the root's last member instead.
			lastM := root.Members[len(root.Members)-1]
			ind := jsonedit.LineIndent(doc.Data, root.Members[0].KeyStart)
			var b strings.Builder
			for _, t := range tops {
				b.WriteString("," + layout.Newline + ind + t)
			}
			edits = append(edits, jsonedit.Edit{Start: lastM.Value.End, End: lastM.Value.End, Text: b.String()})
		}
	}
	out := jsonedit.Apply(doc.Data, edits)
	if err := verify(spec, doc, out, expect); err != nil {
		return nil, fmt.Errorf("%s: %v; not written (this is a bug of hookcompat: please report it with the file)", spec.Name, err)
	}
	res.Data = out
	return res, nil
}

// verify parses the written file and checks that it holds what was meant:
// every member but the container as before, and each event of the
// container with the entries expected (other members of the container as
// before).
func verify(spec JSONSpec, before *jsonedit.Doc, out []byte, expect map[string][][]byte) error {
	after, err := jsonedit.Parse(out, jsonedit.Options{Comments: spec.Comments})
	if err != nil {
		return fmt.Errorf("the edited file does not parse (%v)", err)
	}
	if !bytes.HasPrefix(out, before.Data[:headLen(before)]) {
		return fmt.Errorf("the edit changed the file's start")
	}
	if after.Root.Kind != jsonedit.Object {
		return fmt.Errorf("the edited file is no object")
	}
	strip := func(d *jsonedit.Doc) ([][]byte, *jsonedit.Node) {
		var others [][]byte
		var c *jsonedit.Node
		for _, m := range d.Root.Members {
			if m.Key == spec.Container {
				c = m.Value
			}
		}
		seenLast := false
		for i := len(d.Root.Members) - 1; i >= 0; i-- {
			m := d.Root.Members[i]
			if m.Key == spec.Container && !seenLast {
				seenLast = true
				continue
			}
			others = append(others, append([]byte(m.Key+"\x00"), d.Canon(m.Value)...))
		}
		return others, c
	}
	bo, _ := strip(before)
	ao, ac := strip(after)
	var tops []string
	for _, t := range spec.Top {
		if before.Root.Get(t[0]) == nil {
			tops = append(tops, t[0])
		}
	}
	// Members added at the top are the only other difference allowed.
	var ao2 [][]byte
	for _, m := range ao {
		k := string(m[:bytes.IndexByte(m, 0)])
		added := false
		for _, t := range tops {
			if t == k {
				added = true
			}
		}
		if !added {
			ao2 = append(ao2, m)
		}
	}
	if len(bo) != len(ao2) {
		return fmt.Errorf("the edit changed the members around %q", spec.Container)
	}
	for i := range bo {
		if !bytes.Equal(bo[i], ao2[i]) {
			return fmt.Errorf("the edit changed a member other than %q", spec.Container)
		}
	}
	if ac == nil || ac.Kind != jsonedit.Object {
		return fmt.Errorf("the edited file has no %q object", spec.Container)
	}
	for ev, want := range expect {
		got := ac.Get(ev)
		if len(want) == 0 {
			if got != nil && len(got.Items) > 0 {
				return fmt.Errorf("%s.%s should be empty", spec.Container, ev)
			}
			continue
		}
		if got == nil || got.Kind != jsonedit.Array || len(got.Items) != len(want) {
			return fmt.Errorf("%s.%s does not hold the entries meant", spec.Container, ev)
		}
		for i, it := range got.Items {
			if !bytes.Equal(after.Canon(it), want[i]) {
				return fmt.Errorf("%s.%s[%d] is not the entry meant", spec.Container, ev, i)
			}
		}
	}
	return nil
}

// headLen is the length of the bytes before the top-level object's first
// member: a byte order mark, comments — kept exactly.
func headLen(d *jsonedit.Doc) int {
	if len(d.Root.Members) > 0 {
		return d.Root.Members[0].KeyStart
	}
	return d.Root.Start + 1
}

func hasComment(d *jsonedit.Doc, n *jsonedit.Node) bool {
	for _, c := range d.Comments {
		if c.Start > n.Start && c.End < n.End {
			return true
		}
	}
	return false
}

// quoteKey writes a member name (an event or key of the agent: plain
// ASCII).
func quoteKey(k string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range k {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// describe names an entry by what it runs, for notes.
func describe(entry []byte) string {
	cmd := ""
	if cmds := commands(entry); len(cmds) > 0 {
		cmd = cmds[0]
	} else if args := gjson.GetBytes(entry, "args"); args.IsArray() {
		cmd = args.String()
	}
	if len(cmd) > 100 {
		cmd = cmd[:99] + "…"
	}
	return cmd
}

// commands are the commands of an entry: its "command" (Cursor), each of
// its "hooks" (Codex, Gemini CLI, Qwen Code), its "bash" (Copilot).
func commands(entry []byte) []string {
	r := gjson.ParseBytes(entry)
	var out []string
	for _, c := range []gjson.Result{r.Get("command"), r.Get("bash")} {
		if c.Type == gjson.String {
			out = append(out, c.String())
		}
	}
	for _, h := range r.Get("hooks").Array() {
		if c := h.Get("command"); c.Type == gjson.String {
			out = append(out, c.String())
		}
	}
	return out
}

// Identity names the converted hook an entry is, the same before and
// after its source hook's timeout, matcher, fail-closed, if rule or
// arguments change: for each shim call of the entry (a command, or a
// native hook's args), its --host, --protocol and --event and the hook
// it wraps — its name (--name), else its program (the first word of its
// command that is no variable assignment, env, nor an interpreter or its
// option: `python3 -u g.py --x` is g.py), else its URL or grouped
// sources. It is "" when something the entry runs is not a shim call:
// such an entry is never taken for another. A hook whose script changed
// is another hook.
func Identity(entry []byte) string {
	specs := shimSpecs(entry)
	if len(specs) == 0 {
		return ""
	}
	var ids []string
	for _, spec := range specs {
		what := "run:" + program(spec)
		switch {
		case spec.Name != "":
			what = "name:" + spec.Name
		case spec.URL != "":
			what = "url:" + spec.URL
		case len(spec.Sources) > 0:
			what = "sources:" + strings.Join(spec.Sources, "\x00")
		}
		ids = append(ids, spec.Host+"\x00"+spec.Protocol+"\x00"+spec.Event+"\x00"+what)
	}
	return strings.Join(ids, "\x01")
}

// shimSpecs are the shim calls of an entry (its commands, a native
// hook's args), or nil when it runs anything else.
func shimSpecs(entry []byte) []*format.ShimSpec {
	var argvs [][]string
	for _, c := range commands(entry) {
		argv, ok := format.ShimCommandArgs(c)
		if !ok {
			return nil
		}
		argvs = append(argvs, argv)
	}
	if args := gjson.GetBytes(entry, "args"); args.IsArray() {
		var argv []string
		for _, a := range args.Array() {
			argv = append(argv, a.String())
		}
		if !format.IsShim(argv) {
			return nil
		}
		argvs = append(argvs, argv)
	}
	var out []*format.ShimSpec
	for _, argv := range argvs {
		spec, err := format.ParseShimArgs(argv[2:])
		if err != nil {
			return nil
		}
		out = append(out, spec)
	}
	return out
}

// interpreters run a script named by their first word that is no
// option.
var interpreters = map[string]bool{
	"sh": true, "bash": true, "zsh": true, "dash": true, "python": true, "python3": true,
	"node": true, "bun": true, "deno": true, "ruby": true, "perl": true, "php": true, "pwsh": true,
}

// program is the script or program a shim call's wrapped command runs
// (see [Identity]); a command that is no simple one is read as
// whitespace-separated words.
func program(spec *format.ShimSpec) string {
	words := spec.Command
	if !spec.Exec && len(words) == 1 {
		w, ok := format.ShellWords(words[0])
		if !ok {
			w = strings.Fields(words[0])
		}
		words = w
	}
	i := 0
	for i < len(words) && (strings.Contains(words[i], "=") && !strings.HasPrefix(words[i], "-") || words[i] == "env") {
		i++
	}
	if i < len(words) && interpreters[strings.TrimSuffix(filepath.Base(words[i]), ".exe")] {
		j := i + 1
		for j < len(words) && strings.HasPrefix(words[j], "-") {
			j++
		}
		if j < len(words) {
			return words[j]
		}
	}
	if i < len(words) {
		return words[i]
	}
	return ""
}

// wrapped is what an entry's first shim call runs, for notes.
func wrapped(entry []byte) string {
	for _, spec := range shimSpecs(entry) {
		switch {
		case spec.Name != "":
			return spec.Name
		case spec.URL != "":
			return spec.URL
		case len(spec.Command) > 0:
			return strings.Join(spec.Command, " ")
		}
	}
	return describe(entry)
}
