package jsonpos

import (
	"bytes"
	"strings"
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

func TestDuplicatesAndUnique(t *testing.T) {
	data := []byte(`{"hooks": {"A": [{"x": 1, "x": 2}], "B": 1, "A": [{"y": 1, "y": 2}]}, "ui": {"z": 1, "z": 2}, "hooks": {"C": {"k": 1, "k": 2}}}`)
	root, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	at := func(off int) string { return string(data[off : off+3]) }
	var got []string
	for _, d := range Duplicates(root, "hooks") {
		got = append(got, d.Key+"@"+at(d.KeyOffset)+">"+at(d.LastOffset))
	}
	// The first "hooks" is overridden whole (nothing inside it is
	// reported); inside the last, "k"; "ui" is not looked at.
	want := []string{`hooks@"ho>"ho`, `k@"k">"k"`}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Duplicates = %v, want %v", got, want)
	}
	if d := Duplicates(root, "hooks")[0]; d.KeyOffset != 1 || d.LastOffset != bytes.LastIndex(data, []byte(`"hooks"`)) {
		t.Errorf("offsets %d %d", d.KeyOffset, d.LastOffset)
	}
	first := root.Members[0].Value
	in := DuplicatesIn(first)
	if len(in) != 2 || in[0].Key != "A" || in[1].Key != "y" {
		t.Errorf("DuplicatesIn = %+v, want A (its value not looked into: no x), then y", in)
	}
	u := Unique(first)
	if len(u) != 2 || u[0].Key != "A" || u[1].Key != "B" || u[0].Value != first.Members[2].Value {
		t.Errorf("Unique keeps A first with its last value, then B: %+v", u)
	}
}
