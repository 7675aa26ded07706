package geminicore

// Span is a byte range [Start, End) of a document.
type Span struct{ Start, End int }

// StripComments blanks the // and /* */ comments of a JSON-with-comments
// document the way Gemini CLI and Qwen Code read their settings files
// (strip-json-comments in whitespace mode): every non-whitespace byte of a
// comment becomes a space, so the result has the same length and every
// offset — hence every line and column of an error — is that of the
// original. Comment markers inside strings are text. An unterminated
// block comment runs to the end. It also returns the comments' spans
// (a line comment's span ends before its newline).
func StripComments(data []byte) ([]byte, []Span) {
	out := append([]byte(nil), data...)
	var spans []Span
	inString := false
	blank := func(from, to int) {
		for i := from; i < to; i++ {
			switch out[i] {
			case ' ', '\t', '\n', '\r':
			default:
				out[i] = ' '
			}
		}
		spans = append(spans, Span{from, to})
	}
	for i := 0; i < len(data); i++ {
		c := data[i]
		if inString {
			if c == '\\' {
				i++ // the escaped byte cannot end the string
				continue
			}
			if c == '"' {
				inString = false
			}
			continue
		}
		switch {
		case c == '"':
			inString = true
		case c == '/' && i+1 < len(data) && data[i+1] == '/':
			end := i + 2
			for end < len(data) && data[end] != '\n' && !(data[end] == '\r' && end+1 < len(data) && data[end+1] == '\n') {
				end++
			}
			blank(i, end)
			i = end - 1
		case c == '/' && i+1 < len(data) && data[i+1] == '*':
			end := i + 2
			for end < len(data) && !(data[end] == '*' && end+1 < len(data) && data[end+1] == '/') {
				end++
			}
			if end < len(data) {
				end += 2
			}
			blank(i, end)
			i = end - 1
		}
	}
	return out, spans
}

// InSpan reports whether off lies strictly inside one of spans (after its
// first byte and before its end).
func InSpan(spans []Span, off int) (Span, bool) {
	for _, s := range spans {
		if off > s.Start && off < s.End {
			return s, true
		}
	}
	return Span{}, false
}
