package jsonedit

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"
)

// Edit replaces the bytes [Start, End) of a document with Text.
type Edit struct {
	Start, End int
	Text       string
}

// Apply splices edits, which must not overlap, into data.
func Apply(data []byte, edits []Edit) []byte {
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].Start < edits[j].Start })
	var out []byte
	at := 0
	for _, e := range edits {
		out = append(out, data[at:e.Start]...)
		out = append(out, e.Text...)
		at = e.End
	}
	return append(out, data[at:]...)
}

// Layout is how a document is written: its indentation unit and line
// end, and the indentation of a list's items and of its closing bracket.
type Layout struct {
	Unit, Newline string
}

// DetectLayout guesses a document's layout: a tab or the smallest run of
// leading spaces (two when none) as the unit; CRLF when most line ends
// are CRLF.
func DetectLayout(data []byte) Layout {
	l := Layout{Unit: "  ", Newline: "\n"}
	crlf := bytes.Count(data, []byte("\r\n"))
	if lf := bytes.Count(data, []byte("\n")); crlf > 0 && crlf*2 >= lf {
		l.Newline = "\r\n"
	}
	best := 0
	for _, line := range bytes.Split(data, []byte("\n")) {
		if len(line) > 0 && line[0] == '\t' {
			l.Unit = "\t"
			return l
		}
		n := 0
		for n < len(line) && line[n] == ' ' {
			n++
		}
		if n > 0 && n < len(bytes.TrimRight(line, "\r")) && (best == 0 || n < best) {
			best = n
		}
	}
	if best > 0 {
		l.Unit = strings.Repeat(" ", best)
	}
	return l
}

// LineIndent is the white space that starts the line holding off.
func LineIndent(data []byte, off int) string {
	start := bytes.LastIndexByte(data[:off], '\n') + 1
	end := start
	for end < len(data) && (data[end] == ' ' || data[end] == '\t') {
		end++
	}
	return string(data[start:end])
}

// startsLine reports whether only white space precedes off on its line.
func startsLine(data []byte, off int) bool {
	start := bytes.LastIndexByte(data[:off], '\n') + 1
	return len(bytes.TrimLeft(data[start:off], " \t")) == 0
}

// Indent renders a compact JSON value for a place whose line is indented
// by prefix, one level being unit, with the given line end: the layout
// encoding/json's Indent writes (strings and numbers as they are).
func Indent(compact []byte, prefix, unit, newline string) string {
	var buf bytes.Buffer
	if err := json.Indent(&buf, compact, prefix, unit); err != nil {
		return string(compact)
	}
	s := buf.String()
	if newline != "\n" {
		s = strings.ReplaceAll(s, "\n", newline)
	}
	return s
}

// Item is one item of a list (an array's value, an object's member) as
// [Doc.List] writes it: Keep false removes it; Text, when not nil,
// replaces its bytes.
type Item struct {
	Keep bool
	Text *string
}

// List rewrites the content of the array or object n: items[i] says what
// becomes of its i-th item (an object's items are its members, from key
// to value), then the appended texts (already rendered for their place:
// an object's as `"key": value`) follow the last kept item. Comments
// among the items stay, with the white space around them; commas are
// placed again so that the list stays valid; a line comment never ends
// up before a token of its line. A list left with no item and no comment
// is written "[]" / "{}". The edit covers n's span.
func (d *Doc) List(n *Node, items []Item, appended []string, l Layout) Edit {
	open, close := n.Start, n.End-1
	var spans []Span
	if n.Kind == Object {
		for _, m := range n.Members {
			spans = append(spans, Span{m.KeyStart, m.Value.End})
		}
	} else {
		for _, it := range n.Items {
			spans = append(spans, Span{it.Start, it.End})
		}
	}
	toks := d.tokens(open+1, close, spans)
	base := LineIndent(d.Data, open)
	itemIndent := base + l.Unit
	if len(spans) > 0 && startsLine(d.Data, spans[0].Start) {
		itemIndent = LineIndent(d.Data, spans[0].Start)
	}
	closeIndent := base
	if startsLine(d.Data, close) {
		closeIndent = LineIndent(d.Data, close)
	}
	// Items removed go with the white space before them; commas go.
	var kept []token
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.kind {
		case tokComma:
			continue
		case tokItem:
			if !items[t.item].Keep {
				if len(kept) > 0 && kept[len(kept)-1].kind == tokSpace {
					kept = kept[:len(kept)-1]
				}
				continue
			}
			if txt := items[t.item].Text; txt != nil {
				t.text = *txt
			}
		}
		kept = append(kept, t)
	}
	var lastItem, lastComment = -1, -1
	for i, t := range kept {
		switch t.kind {
		case tokItem:
			lastItem = i
		case tokComment:
			lastComment = i
		}
	}
	var body []token
	if lastItem < 0 && lastComment < 0 {
		body = nil // nothing but white space is left
	} else {
		for i, t := range kept {
			body = append(body, t)
			if t.kind == tokItem && i != lastItem {
				body = append(body, token{kind: tokComma, text: ","})
			}
		}
	}
	if len(appended) > 0 {
		var ins strings.Builder
		for i, a := range appended {
			if i > 0 {
				ins.WriteString(",")
			}
			ins.WriteString(l.Newline + itemIndent + a)
		}
		switch {
		case len(body) == 0:
			body = []token{{kind: tokSpace, text: ins.String() + l.Newline + closeIndent}}
		case lastItem >= 0:
			// Right after the last kept item: a comma, then the new items
			// after the comments that end its line.
			at := indexOfItem(body, lastItem, kept)
			body = insertTok(body, at+1, token{kind: tokComma, text: ","})
			j := at + 2
			for j < len(body) {
				t := body[j]
				if t.kind == tokSpace && strings.Contains(t.text, "\n") {
					break
				}
				if t.kind != tokSpace && t.kind != tokComment {
					break
				}
				j++
				if t.kind == tokComment && strings.HasPrefix(t.text, "//") {
					break
				}
			}
			body = insertTok(body, j, token{kind: tokSpace, text: ins.String()})
		default:
			// Only comments: after the last one.
			at := 0
			for i, t := range body {
				if t.kind == tokComment {
					at = i
				}
			}
			body = insertTok(body, at+1, token{kind: tokSpace, text: ins.String()})
		}
	}
	// A line comment must be followed by a line end.
	for i := 0; i < len(body); i++ {
		if body[i].kind != tokComment || !strings.HasPrefix(body[i].text, "//") {
			continue
		}
		ind := itemIndent
		if i+2 >= len(body) {
			ind = closeIndent
		}
		switch {
		case i+1 >= len(body):
			body = append(body, token{kind: tokSpace, text: l.Newline + closeIndent})
		case body[i+1].kind == tokSpace && !strings.Contains(body[i+1].text, "\n"):
			body[i+1].text = l.Newline + ind
		case body[i+1].kind != tokSpace:
			body = insertTok(body, i+1, token{kind: tokSpace, text: l.Newline + ind})
		}
	}
	var out strings.Builder
	out.WriteByte(d.Data[open])
	for _, t := range body {
		out.WriteString(t.text)
	}
	out.WriteByte(d.Data[close])
	return Edit{Start: n.Start, End: n.End, Text: out.String()}
}

// indexOfItem is the index in body of the item token kept[keptIndex].
func indexOfItem(body []token, keptIndex int, kept []token) int {
	for i, t := range body {
		if t.kind == tokItem && t.item == kept[keptIndex].item {
			return i
		}
	}
	return len(body) - 1
}

func insertTok(ts []token, at int, t token) []token {
	ts = append(ts, token{})
	copy(ts[at+1:], ts[at:])
	ts[at] = t
	return ts
}

type tokKind int

const (
	tokSpace tokKind = iota
	tokComment
	tokComma
	tokItem
)

type token struct {
	kind tokKind
	text string
	item int
}

// tokens splits data[from:to] into white space, comments, commas and the
// items of spans.
func (d *Doc) tokens(from, to int, spans []Span) []token {
	var out []token
	next := 0
	for p := from; p < to; {
		if next < len(spans) && p == spans[next].Start {
			out = append(out, token{kind: tokItem, text: string(d.Data[spans[next].Start:spans[next].End]), item: next})
			p = spans[next].End
			next++
			continue
		}
		c := d.Data[p]
		switch {
		case c == ',':
			out = append(out, token{kind: tokComma, text: ","})
			p++
		case c == '/' && p+1 < to && d.Data[p+1] == '/':
			e := p
			for e < to && d.Data[e] != '\n' {
				e++
			}
			if e > p && d.Data[e-1] == '\r' {
				e--
			}
			out = append(out, token{kind: tokComment, text: string(d.Data[p:e])})
			p = e
		case c == '/' && p+1 < to && d.Data[p+1] == '*':
			e := bytes.Index(d.Data[p+2:to], []byte("*/"))
			end := to
			if e >= 0 {
				end = p + 2 + e + 2
			}
			out = append(out, token{kind: tokComment, text: string(d.Data[p:end])})
			p = end
		default:
			e := p
			for e < to && (d.Data[e] == ' ' || d.Data[e] == '\t' || d.Data[e] == '\n' || d.Data[e] == '\r') {
				e++
			}
			if e == p {
				e = p + 1 // cannot happen in a parsed document
			}
			if len(out) > 0 && out[len(out)-1].kind == tokSpace {
				out[len(out)-1].text += string(d.Data[p:e])
			} else {
				out = append(out, token{kind: tokSpace, text: string(d.Data[p:e])})
			}
			p = e
		}
	}
	return out
}
