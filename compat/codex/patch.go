package codex

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
)

// Codex has one file-changing tool, apply_patch, whose input is a patch
// text (codex §5):
//
//	*** Begin Patch
//	*** Add File: path        (then "+line" lines)
//	*** Update File: path     (optionally "*** Move to: new"), then hunks:
//	@@ [context]              " keep", "-old", "+new" lines
//	*** Delete File: path
//	*** End Patch
//
// A native event carries file changes as write {path, content}, edit
// {path, old_string, new_string} or multi_edit {path, edits}; this file
// converts between the two.

// patchOp is one file operation of a patch.
type patchOp struct {
	kind  string // add, update, delete
	path  string
	move  string
	lines []string // add: content lines
	hunks []hunk
}

type hunk struct{ old, new []string }

// parsePatch reads a patch text; ok is false when it is not one Codex
// would read.
func parsePatch(text string) ([]patchOp, bool) {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i := range lines {
		lines[i] = strings.TrimSuffix(lines[i], "\r")
	}
	if len(lines) < 2 || strings.TrimSpace(lines[0]) != "*** Begin Patch" || strings.TrimSpace(lines[len(lines)-1]) != "*** End Patch" {
		return nil, false
	}
	var ops []patchOp
	var cur *patchOp
	var h *hunk
	flushHunk := func() {
		if cur != nil && h != nil && (len(h.old) > 0 || len(h.new) > 0) {
			cur.hunks = append(cur.hunks, *h)
		}
		h = nil
	}
	for _, l := range lines[1 : len(lines)-1] {
		switch {
		case strings.HasPrefix(l, "*** Add File: "):
			flushHunk()
			ops = append(ops, patchOp{kind: "add", path: strings.TrimPrefix(l, "*** Add File: ")})
			cur = &ops[len(ops)-1]
		case strings.HasPrefix(l, "*** Update File: "):
			flushHunk()
			ops = append(ops, patchOp{kind: "update", path: strings.TrimPrefix(l, "*** Update File: ")})
			cur = &ops[len(ops)-1]
		case strings.HasPrefix(l, "*** Delete File: "):
			flushHunk()
			ops = append(ops, patchOp{kind: "delete", path: strings.TrimPrefix(l, "*** Delete File: ")})
			cur = nil
		case strings.HasPrefix(l, "*** Move to: ") && cur != nil && cur.kind == "update":
			cur.move = strings.TrimPrefix(l, "*** Move to: ")
		case l == "*** End of File":
		case cur == nil:
			return nil, false
		case cur.kind == "add":
			if !strings.HasPrefix(l, "+") {
				return nil, false
			}
			cur.lines = append(cur.lines, l[1:])
		case strings.HasPrefix(l, "@@"):
			flushHunk()
			h = &hunk{}
		default:
			if h == nil {
				h = &hunk{}
			}
			switch {
			case strings.HasPrefix(l, "+"):
				h.new = append(h.new, l[1:])
			case strings.HasPrefix(l, "-"):
				h.old = append(h.old, l[1:])
			case strings.HasPrefix(l, " "):
				h.old = append(h.old, l[1:])
				h.new = append(h.new, l[1:])
			case l == "":
				h.old = append(h.old, "")
				h.new = append(h.new, "")
			default:
				return nil, false
			}
		}
	}
	flushHunk()
	return ops, len(ops) > 0
}

// nativePatchArgs reads an apply_patch input (the patch text) as a native
// tool call: write {path, content} for a patch that only adds one file,
// edit {path, old_string, new_string} for one hunk of one file,
// multi_edit {path, edits} for several hunks of one file, and otherwise
// edit {path (the first file), patch} with the patch text. Paths are
// absolute, against cwd.
func nativePatchArgs(patch, cwd string) (tool string, args json.RawMessage) {
	abs := func(p string) string {
		if p == "" || filepath.IsAbs(p) || cwd == "" {
			return p
		}
		return filepath.Join(cwd, p)
	}
	ops, ok := parsePatch(patch)
	marshal := func(v any) json.RawMessage {
		b, _ := marshalNoHTML(v)
		return b
	}
	if ok && len(ops) == 1 {
		op := ops[0]
		switch {
		case op.kind == "add":
			content := strings.Join(op.lines, "\n")
			if len(op.lines) > 0 {
				content += "\n"
			}
			return "write", marshal(struct {
				Path    string `json:"path"`
				Content string `json:"content"`
			}{abs(op.path), content})
		case op.kind == "update" && op.move == "" && len(op.hunks) == 1:
			return "edit", marshal(struct {
				Path      string `json:"path"`
				OldString string `json:"old_string"`
				NewString string `json:"new_string"`
			}{abs(op.path), strings.Join(op.hunks[0].old, "\n"), strings.Join(op.hunks[0].new, "\n")})
		case op.kind == "update" && op.move == "" && len(op.hunks) > 1:
			type edit struct {
				OldString string `json:"old_string"`
				NewString string `json:"new_string"`
			}
			var edits []edit
			for _, h := range op.hunks {
				edits = append(edits, edit{strings.Join(h.old, "\n"), strings.Join(h.new, "\n")})
			}
			return "multi_edit", marshal(struct {
				Path  string `json:"path"`
				Edits []edit `json:"edits"`
			}{abs(op.path), edits})
		}
	}
	first := ""
	if ok {
		first = abs(ops[0].path)
	}
	return "edit", marshal(struct {
		Path  string `json:"path"`
		Patch string `json:"patch"`
	}{first, patch})
}

// patchFromNative writes a native write, edit or multi_edit call as a
// patch text (relative paths against cwd). With read, an edit whose old
// string is part of a line is widened to whole lines from the file (a
// patch replaces lines); without it, or when the file does not hold the
// old string, the strings' own lines are used. ok is false when the
// arguments do not describe a file change.
func patchFromNative(tool string, args json.RawMessage, cwd string, read bool) (string, bool) {
	var a struct {
		Path      string  `json:"path"`
		Content   *string `json:"content"`
		OldString *string `json:"old_string"`
		NewString *string `json:"new_string"`
		Edits     []struct {
			OldString string `json:"old_string"`
			NewString string `json:"new_string"`
		} `json:"edits"`
		Patch *string `json:"patch"`
	}
	if err := json.Unmarshal(args, &a); err != nil {
		return "", false
	}
	if a.Patch != nil {
		return *a.Patch, true
	}
	if a.Path == "" {
		return "", false
	}
	rel := a.Path
	if cwd != "" && filepath.IsAbs(rel) {
		if r, err := filepath.Rel(cwd, rel); err == nil && !strings.HasPrefix(r, "..") {
			rel = r
		}
	}
	var b strings.Builder
	b.WriteString("*** Begin Patch\n")
	abs := a.Path
	if !filepath.IsAbs(abs) && cwd != "" {
		abs = filepath.Join(cwd, abs)
	}
	var current string
	haveFile := false
	if read {
		if data, err := os.ReadFile(abs); err == nil {
			current, haveFile = string(data), true
		}
	}
	hunkLines := func(old, new string) {
		if haveFile && old != "" {
			if i := strings.Index(current, old); i >= 0 {
				ls := strings.LastIndex(current[:i], "\n") + 1
				end := i + len(old)
				le := len(current)
				if j := strings.Index(current[end:], "\n"); j >= 0 {
					le = end + j
				}
				old, new = current[ls:le], current[ls:i]+new+current[end:le]
			}
		}
		b.WriteString("@@\n")
		for _, l := range strings.Split(old, "\n") {
			b.WriteString("-" + l + "\n")
		}
		for _, l := range strings.Split(new, "\n") {
			b.WriteString("+" + l + "\n")
		}
	}
	switch {
	case a.Content != nil || (tool == "write" && a.OldString == nil && len(a.Edits) == 0):
		content := ""
		if a.Content != nil {
			content = *a.Content
		}
		if haveFile {
			b.WriteString("*** Update File: " + rel + "\n")
			hunkLines(strings.TrimSuffix(current, "\n"), strings.TrimSuffix(content, "\n"))
		} else {
			b.WriteString("*** Add File: " + rel + "\n")
			for _, l := range strings.Split(strings.TrimSuffix(content, "\n"), "\n") {
				b.WriteString("+" + l + "\n")
			}
		}
	case a.OldString != nil:
		b.WriteString("*** Update File: " + rel + "\n")
		nw := ""
		if a.NewString != nil {
			nw = *a.NewString
		}
		hunkLines(*a.OldString, nw)
	case len(a.Edits) > 0:
		b.WriteString("*** Update File: " + rel + "\n")
		for _, e := range a.Edits {
			hunkLines(e.OldString, e.NewString)
		}
	default:
		return "", false
	}
	b.WriteString("*** End Patch")
	return b.String(), true
}
