package jsonpos

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestLinesAgreesWithPosition: the line index gives the same line and
// column as the scan, for every offset of documents with and without a
// final newline, CRLF and empty lines, and past the end.
func TestLinesAgreesWithPosition(t *testing.T) {
	for _, doc := range []string{"", "{}", "{\n}\n", "\n\n{\"a\":\r\n 1}\n\n", "x\ny"} {
		data := []byte(doc)
		l := NewLines(data)
		for off := 0; off <= len(data)+2; off++ {
			wl, wc := Position(data, off)
			gl, gc := l.Position(off)
			assert.Equal(t, [2]int{wl, wc}, [2]int{gl, gc}, "doc %q offset %d", doc, off)
		}
	}
	line, col := NewLines([]byte("ab\ncd")).Position(4)
	assert.Equal(t, [2]int{2, 2}, [2]int{line, col})
}
