package claude

import "strings"

// Claude Code's Write and Edit results carry a structuredPatch: the
// change as unified-diff hunks with three lines of context, each line
// prefixed " ", "-" or "+" (recorded: an Edit of line 6 of a 12-line file
// is one hunk oldStart 3, oldLines 7, lines " line3" … " line9").

// patchContext is the number of unchanged lines around a change.
const patchContext = 3

// maxDiffCells bounds the work of the line diff (old lines × new lines);
// a larger change is one hunk replacing every line.
const maxDiffCells = 4 << 20

// hunk is one entry of a structuredPatch.
type hunk struct {
	OldStart int      `json:"oldStart"`
	OldLines int      `json:"oldLines"`
	NewStart int      `json:"newStart"`
	NewLines int      `json:"newLines"`
	Lines    []string `json:"lines"`
}

// diffLine is one line of an edit script: op ' ', '-' or '+'.
type diffLine struct {
	op   byte
	text string
	// last marks the last line of its file when that file does not end
	// with a newline.
	last bool
}

// splitLines splits content into lines without their newlines; noEOL
// reports a last line without one.
func splitLines(content string) (lines []string, noEOL bool) {
	if content == "" {
		return nil, false
	}
	lines = strings.Split(content, "\n")
	if lines[len(lines)-1] == "" {
		return lines[:len(lines)-1], false
	}
	return lines, true
}

// structuredPatch returns the hunks that turn before into after, as
// Claude Code writes them ([] when nothing changed).
func structuredPatch(before, after string) []hunk {
	a, aNoEOL := splitLines(before)
	b, bNoEOL := splitLines(after)
	script := lineDiff(a, b)
	if aNoEOL || bNoEOL {
		script = markLast(script, aNoEOL, bNoEOL)
	}
	hunks := []hunk{}
	n := len(script)
	i := 0
	for i < n {
		for i < n && script[i].op == ' ' {
			i++
		}
		if i >= n {
			break
		}
		start := max(0, i-patchContext)
		end := i
		for {
			for end < n && script[end].op != ' ' {
				end++
			}
			// Unchanged lines until the next change.
			j := end
			for j < n && script[j].op == ' ' {
				j++
			}
			if j < n && j-end <= 2*patchContext {
				end = j
				continue
			}
			end = min(n, end+patchContext)
			break
		}
		h := hunk{Lines: []string{}}
		oldLine, newLine := 1, 1
		for k := 0; k < start; k++ {
			if script[k].op != '+' {
				oldLine++
			}
			if script[k].op != '-' {
				newLine++
			}
		}
		h.OldStart, h.NewStart = oldLine, newLine
		for k := start; k < end; k++ {
			l := script[k]
			h.Lines = append(h.Lines, string(l.op)+l.text)
			if l.last {
				h.Lines = append(h.Lines, `\ No newline at end of file`)
			}
			if l.op != '+' {
				h.OldLines++
			}
			if l.op != '-' {
				h.NewLines++
			}
		}
		if h.OldLines == 0 {
			h.OldStart--
		}
		if h.NewLines == 0 {
			h.NewStart--
		}
		hunks = append(hunks, h)
		i = end
	}
	return hunks
}

// markLast marks the last old and new lines of files without a final
// newline; an unchanged last line that gains or loses its newline
// becomes a removal and an addition (the same text with and without a
// newline differs).
func markLast(script []diffLine, aNoEOL, bNoEOL bool) []diffLine {
	lastOld, lastNew := -1, -1
	for i, l := range script {
		if l.op != '+' {
			lastOld = i
		}
		if l.op != '-' {
			lastNew = i
		}
	}
	if lastOld >= 0 && lastOld == lastNew && script[lastOld].op == ' ' && aNoEOL != bNoEOL {
		l := script[lastOld]
		out := append([]diffLine{}, script[:lastOld]...)
		out = append(out, diffLine{op: '-', text: l.text, last: aNoEOL}, diffLine{op: '+', text: l.text, last: bNoEOL})
		return append(out, script[lastOld+1:]...)
	}
	if aNoEOL && lastOld >= 0 {
		script[lastOld].last = true
	}
	if bNoEOL && lastNew >= 0 && lastNew != lastOld {
		script[lastNew].last = true
	}
	return script
}

// lineDiff is a shortest edit script from a to b (the longest common
// subsequence of lines), deletions before insertions within a change.
func lineDiff(a, b []string) []diffLine {
	// Common prefix and suffix first: most edits touch a few lines.
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var out []diffLine
	for _, l := range a[:pre] {
		out = append(out, diffLine{op: ' ', text: l})
	}
	out = append(out, middleDiff(a[pre:len(a)-suf], b[pre:len(b)-suf])...)
	for _, l := range a[len(a)-suf:] {
		out = append(out, diffLine{op: ' ', text: l})
	}
	return out
}

// middleDiff diffs a and b (which share no prefix or suffix) by the
// longest common subsequence, or replaces every line when that would be
// too much work.
func middleDiff(a, b []string) []diffLine {
	var out []diffLine
	if len(a)*len(b) > maxDiffCells || len(a) == 0 || len(b) == 0 {
		for _, l := range a {
			out = append(out, diffLine{op: '-', text: l})
		}
		for _, l := range b {
			out = append(out, diffLine{op: '+', text: l})
		}
		return out
	}
	// lcs[i][j] is the length of the longest common subsequence of a[i:]
	// and b[j:].
	w := len(b) + 1
	lcs := make([]int32, (len(a)+1)*w)
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			} else {
				lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
			}
		}
	}
	i, j := 0, 0
	var adds []diffLine
	flush := func() {
		out = append(out, adds...)
		adds = adds[:0]
	}
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			flush()
			out = append(out, diffLine{op: ' ', text: a[i]})
			i++
			j++
		case j < len(b) && (i == len(a) || lcs[i*w+j+1] > lcs[(i+1)*w+j]):
			adds = append(adds, diffLine{op: '+', text: b[j]})
			j++
		default:
			out = append(out, diffLine{op: '-', text: a[i]})
			i++
		}
	}
	flush()
	return out
}
