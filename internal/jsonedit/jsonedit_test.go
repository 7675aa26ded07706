package jsonedit

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestParseSpansAndErrors(t *testing.T) {
	data := []byte("{\n  \"a\\u0041\": [1, \"x\\n\", true], // c\n  \"a\": null /* d */\n}")
	d, err := Parse(data, Options{Comments: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Root.Members) != 2 || d.Root.Members[0].Key != "aA" || d.Root.Get("a").Kind != Null {
		t.Fatalf("members %+v", d.Root.Members)
	}
	arr := d.Root.Members[0].Value
	if got := string(data[arr.Start:arr.End]); got != `[1, "x\n", true]` || arr.Items[1].Str != "x\n" {
		t.Errorf("array span %q, item %q", got, arr.Items[1].Str)
	}
	if len(d.Comments) != 2 || string(data[d.Comments[0].Start:d.Comments[0].End]) != "// c" {
		t.Errorf("comments %v", d.Comments)
	}
	if got := string(d.Canon(d.Root)); got != `{"a\u0041":[1,"x\n",true],"a":null}` {
		t.Errorf("canon %s", got)
	}
	for src, want := range map[string]string{
		"{\n  \"a\": 1,\n}":       "3:1:",
		`{"a": 01}`:               "1:8:",
		"{\"a\": \"\x01\"}":       "1:8:",
		`// c` + "\n{}":           "1:1:",
		`{"a" 1}`:                 "1:6:",
		`{} x`:                    "1:4:",
		`{"a": "\q"}`:             "1:8:",
		`/* open`:                 "1:1:",
		strings.Repeat("[", 2000): "1:1002:",
	} {
		opts := Options{Comments: !strings.HasPrefix(src, "//")}
		_, err := Parse([]byte(src), opts)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: err = %v, want %s…", src, err, want)
		}
	}
}

func TestParseKeepsBytesThatAreNotUTF8(t *testing.T) {
	data := []byte("{\"k\": \"\xff\xfe\"}")
	d, err := Parse(data, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d.Root.Get("k").Str != "\xff\xfe" || string(d.Canon(d.Root)) != "{\"k\":\"\xff\xfe\"}" {
		t.Errorf("string %q canon %q", d.Root.Get("k").Str, d.Canon(d.Root))
	}
}

// FuzzParse: Parse never panics, accepts only what encoding/json accepts
// once comments are blanked, and Canon of what it accepts is that JSON.
func FuzzParse(f *testing.F) {
	for _, s := range []string{`{}`, `{"a": [1, 2, {"b": null}]} // x`, "\ufeff{\"hooks\": {/* c */}}", `[`, `"\ud83d\ude00"`, `{"a":1,"a":2}`, "{\r\n}\r\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Parse(data, Options{Comments: true})
		if err != nil {
			return
		}
		canon := d.Canon(d.Root)
		if !json.Valid(canon) && bytes.Equal(bytes.ToValidUTF8(canon, nil), canon) {
			t.Fatalf("accepted %q, canon %q is no JSON", data, canon)
		}
	})
}
