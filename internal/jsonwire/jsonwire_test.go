package jsonwire

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var styles = []Style{JS, JSRoundTrip, Serde}

func TestWriteStringControlCharacters(t *testing.T) {
	var in strings.Builder
	for r := rune(0); r < 0x20; r++ {
		in.WriteRune(r)
	}
	want := `"\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f` +
		`\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f"`
	assert.Equal(t, want, Quote(in.String()))
}

func TestWriteString(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"empty", "", `""`},
		{"quote and backslash", `a"b\c`, `"a\"b\\c"`},
		{"slash literal", "a/b", `"a/b"`},
		{"no HTML escaping", "<a href='x'>&</a>", `"<a href='x'>&</a>"`},
		{"DEL literal", "\x7f", "\"\x7f\""},
		{"line and paragraph separators literal", "\u2028\u2029", "\"\u2028\u2029\""},
		{"non-ASCII literal", "é中😀", "\"é中😀\""},
		{"invalid byte", "a\xffb", "\"a\uFFFDb\""},
		{"UTF-8 encoded surrogate: one U+FFFD a byte", "\xed\xa0\x80", "\"\uFFFD\uFFFD\uFFFD\""},
		{"truncated sequence", "\xe2\x82", "\"\uFFFD\uFFFD\""},
		{"overlong encoding", "\xc0\xaf", "\"\uFFFD\uFFFD\""},
		{"literal U+FFFD kept", "\uFFFD", "\"\uFFFD\""},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, Quote(c.in))
			assert.Equal(t, c.want, string(RawString(c.in)))
			var b bytes.Buffer
			b.WriteString("x")
			WriteString(&b, c.in)
			assert.Equal(t, "x"+c.want, b.String(), "appends to what b holds")
		})
	}
}

func TestCanon(t *testing.T) {
	// want holds the JS, JSRoundTrip and Serde output.
	for _, c := range []struct {
		name string
		in   string
		want [3]string
	}{
		{"white space dropped, key order kept",
			" {\n\t\"b\" : 1 , \"a\" : [ true , false , null ] }\r\n",
			[3]string{`{"b":1,"a":[true,false,null]}`, `{"b":1,"a":[true,false,null]}`, `{"b":1,"a":[true,false,null]}`}},
		{"empty containers",
			`{ "o" : { } , "a" : [ ] }`,
			[3]string{`{"o":{},"a":[]}`, `{"o":{},"a":[]}`, `{"o":{},"a":[]}`}},
		{"scalars at top level",
			` "s" `,
			[3]string{`"s"`, `"s"`, `"s"`}},
		{"duplicate key",
			`{"a":1,"b":2,"a":3}`,
			[3]string{`{"a":1,"b":2,"a":3}`, `{"a":3,"b":2}`, `{"a":1,"b":2,"a":3}`}},
		{"duplicate key: last value replaces a nested one whole",
			`{"x":{"k":1,"k":{"y":[1,{"z":1,"z":2}]}},"w":0,"x":{"k":0,"k":5}}`,
			[3]string{`{"x":{"k":1,"k":{"y":[1,{"z":1,"z":2}]}},"w":0,"x":{"k":0,"k":5}}`, `{"x":{"k":5},"w":0}`, `{"x":{"k":1,"k":{"y":[1,{"z":1,"z":2}]}},"w":0,"x":{"k":0,"k":5}}`}},
		{"duplicate keys inside arrays",
			`[{"a":1,"a":2},{"b":[{"c":1,"d":2,"c":3}]}]`,
			[3]string{`[{"a":1,"a":2},{"b":[{"c":1,"d":2,"c":3}]}]`, `[{"a":2},{"b":[{"c":3,"d":2}]}]`, `[{"a":1,"a":2},{"b":[{"c":1,"d":2,"c":3}]}]`}},
		{"keys that differ only by escape are the same key",
			`{"\u0061":1,"a":2}`,
			[3]string{`{"a":1,"a":2}`, `{"a":2}`, `{"a":1,"a":2}`}},
		{"numbers",
			`[1.0,1e21,1E+2,1.5e-7,0.00005,-0,0.1,123456789012345678901234567890,12345678901234567890,5e-324,1e400,-1e400]`,
			[3]string{
				`[1.0,1e21,1E+2,1.5e-7,0.00005,-0,0.1,123456789012345678901234567890,12345678901234567890,5e-324,1e400,-1e400]`,
				`[1,1e+21,100,1.5e-7,0.00005,0,0.1,1.2345678901234568e+29,12345678901234567000,5e-324,null,null]`,
				`[1.0,1e21,1E+2,1.5e-7,0.00005,-0,0.1,123456789012345678901234567890,12345678901234567890,5e-324,1e400,-1e400]`}},
		{"strings re-escaped",
			`["\u0041\/\u00e9", "\u2028<&>", "\u001F\u0008\u000c", "\ud83d\ude00"]`,
			[3]string{"[\"A/é\",\"\u2028<&>\",\"\\u001f\\b\\f\",\"😀\"]", "[\"A/é\",\"\u2028<&>\",\"\\u001f\\b\\f\",\"😀\"]", "[\"A/é\",\"\u2028<&>\",\"\\u001f\\b\\f\",\"😀\"]"}},
		{"lone surrogate escapes become U+FFFD",
			`["\ud800", "\udc00x", "\ud83dy"]`,
			[3]string{"[\"\uFFFD\",\"\uFFFDx\",\"\uFFFDy\"]", "[\"\uFFFD\",\"\uFFFDx\",\"\uFFFDy\"]", "[\"\uFFFD\",\"\uFFFDx\",\"\uFFFDy\"]"}},
		{"invalid UTF-8 inside a string",
			"{\"k\xff\":\"a\xffb\"}",
			[3]string{"{\"k\uFFFD\":\"a\uFFFDb\"}", "{\"k\uFFFD\":\"a\uFFFDb\"}", "{\"k\uFFFD\":\"a\uFFFDb\"}"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for i, s := range styles {
				got, err := s.Canon([]byte(c.in))
				require.NoError(t, err, s)
				assert.Equal(t, c.want[i], string(got), s)
			}
		})
	}
}

func TestCanonDeepNesting(t *testing.T) {
	in := strings.Repeat(`{"a": [`, 500) + "1" + strings.Repeat(`] , "a" : 2 }`, 500)
	want := strings.Repeat(`{"a":[`, 500) + "1" + strings.Repeat(`],"a":2}`, 500)
	got, err := JS.Canon([]byte(in))
	require.NoError(t, err)
	assert.Equal(t, want, string(got))
	got, err = JSRoundTrip.Canon([]byte(in))
	require.NoError(t, err)
	assert.Equal(t, `{"a":2}`, string(got))
}

func TestCanonErrors(t *testing.T) {
	for _, s := range styles {
		_, err := s.Canon(nil)
		assert.ErrorIs(t, err, io.EOF, "%v: empty", s)
		_, err = s.Canon([]byte(" \n"))
		assert.ErrorIs(t, err, io.EOF, "%v: white space only", s)
		_, err = s.Canon([]byte(`1 2`))
		assert.EqualError(t, err, "trailing data after JSON value", s)
		_, err = s.Canon([]byte(`{"a":1}}`))
		assert.EqualError(t, err, "trailing data after JSON value", s)
		_, err = s.Canon([]byte(`{"a":1} x`))
		assert.EqualError(t, err, "trailing data after JSON value", s)
		_, err = s.Canon([]byte(`{"a":`))
		assert.ErrorIs(t, err, io.EOF, "%v: cut short", s)
		_, err = s.Canon([]byte(`{"a" 1}`))
		assert.EqualError(t, err, "invalid character '1' after object key", s)
		_, err = s.Canon([]byte(`nul`))
		assert.Error(t, err, s)
		_, err = s.Canon([]byte(`[1,]`))
		assert.EqualError(t, err, "invalid character ']' looking for beginning of value", s)
		_, err = s.Canon([]byte("\"a\x01\""))
		assert.Error(t, err, "%v: raw control character in a string", s)
	}
}

func TestObjectOrderAndTypes(t *testing.T) {
	for _, s := range styles {
		o := NewObject(s)
		o.Str("z", "last?")
		o.Bool("a", true)
		o.Raw("m", json.RawMessage(` [ 1 , {"x" : null} ] `))
		o.Bool("b", false)
		o.Str("k\n\"", "v\u2028")
		assert.Equal(t, 5, o.Len())
		b, err := o.Bytes()
		require.NoError(t, err)
		assert.Equal(t, "{\"z\":\"last?\",\"a\":true,\"m\":[1,{\"x\":null}],\"b\":false,\"k\\n\\\"\":\"v\u2028\"}", string(b), s)
	}
}

func TestObjectEmpty(t *testing.T) {
	var zero Object
	b, err := zero.Bytes()
	require.NoError(t, err)
	assert.Equal(t, "{}", string(b))
	for _, s := range styles {
		b, err := NewObject(s).Bytes()
		require.NoError(t, err)
		assert.Equal(t, "{}", string(b), s)
	}
}

func TestObjectZeroValueIsJS(t *testing.T) {
	var o Object
	o.Raw("n", json.RawMessage(`{"a":1.0,"a":2}`))
	o.Raw("skipped", nil)
	b, err := o.Bytes()
	require.NoError(t, err)
	assert.Equal(t, `{"n":{"a":1.0,"a":2}}`, string(b))
}

func TestObjectRawFollowsStyle(t *testing.T) {
	raw := json.RawMessage(`{"n":1.50,"n":[2E3]}`)
	want := map[Style]string{
		JS:          `{"v":{"n":1.50,"n":[2E3]}}`,
		JSRoundTrip: `{"v":{"n":[2000]}}`,
		Serde:       `{"v":{"n":1.50,"n":[2E3]}}`,
	}
	for _, s := range styles {
		o := NewObject(s)
		o.Raw("v", raw)
		b, err := o.Bytes()
		require.NoError(t, err)
		assert.Equal(t, want[s], string(b), s)
	}
}

func TestObjectRawEmpty(t *testing.T) {
	for _, s := range []Style{JS, JSRoundTrip} {
		for _, empty := range []json.RawMessage{nil, {}, json.RawMessage(" \t\n")} {
			o := NewObject(s)
			o.Str("a", "x")
			o.Raw("undefined", empty)
			o.Str("b", "y")
			assert.Equal(t, 2, o.Len(), s)
			b, err := o.Bytes()
			require.NoError(t, err, s)
			assert.Equal(t, `{"a":"x","b":"y"}`, string(b), "%v: an empty raw member is left out", s)
		}
	}
	o := NewObject(Serde)
	o.Str("a", "x")
	o.Raw("none", nil)
	_, err := o.Bytes()
	assert.EqualError(t, err, "field none: EOF")
	assert.ErrorIs(t, err, io.EOF)
}

func TestObjectRawInvalid(t *testing.T) {
	for _, s := range styles {
		o := NewObject(s)
		o.Raw("bad", json.RawMessage(`{"x":tru}`))
		o.Str("a", "x")
		o.Raw("worse", json.RawMessage(`]`))
		o.Raw("trailing", json.RawMessage(`1 2`))
		assert.Equal(t, 1, o.Len(), "%v: the failed members are not written", s)
		b, err := o.Bytes()
		assert.Nil(t, b)
		assert.EqualError(t, err, "field bad: invalid character '}' in literal true (expecting 'e')", "%v: the first failure is reported", s)

		o = NewObject(s)
		o.Raw("t", json.RawMessage(`1 2`))
		_, err = o.Bytes()
		assert.EqualError(t, err, "field t: trailing data after JSON value", s)
	}
}

func TestObjectRawInvalidLeavesNoPartialMember(t *testing.T) {
	// A failed member is dropped whole; the object's other bytes are the
	// ones a fresh object with only the good members has.
	o := NewObject(JS)
	o.Raw("bad", json.RawMessage(`{"x":[1,2,`))
	o.Str("a", "x")
	o.Raw("b", json.RawMessage(`[1]`))
	assert.Equal(t, 2, o.Len())
	assert.Equal(t, `{"a":"x","b":[1]`, o.buf.String())
}

func TestObjectBytesIsACopy(t *testing.T) {
	o := NewObject(JS)
	o.Str("a", "x")
	b1, err := o.Bytes()
	require.NoError(t, err)
	b1[1] = 'X'
	b1 = append(b1, "garbage"...)
	b2, err := o.Bytes()
	require.NoError(t, err)
	assert.Equal(t, `{"a":"x"}`, string(b2))
	o.Str("b", "y")
	b3, err := o.Bytes()
	require.NoError(t, err)
	assert.Equal(t, `{"a":"x","b":"y"}`, string(b3))
	_ = b1
}

func TestJSNumber(t *testing.T) {
	for in, want := range map[string]string{
		"0":                      "0",
		"-0":                     "0",
		"-0.0e5":                 "0",
		"1":                      "1",
		"1.0":                    "1",
		"-1.50":                  "-1.5",
		"0.1":                    "0.1",
		"1e2":                    "100",
		"1E-2":                   "0.01",
		"0.000001":               "0.000001",
		"1e-6":                   "0.000001",
		"9.99e-7":                "9.99e-7",
		"1e-7":                   "1e-7",
		"1.5e-7":                 "1.5e-7",
		"123e-20":                "1.23e-18",
		"999999999999999999999":  "1e+21",
		"1e21":                   "1e+21",
		"1.5e21":                 "1.5e+21",
		"100000000000000000000":  "100000000000000000000",
		"9007199254740993":       "9007199254740992",
		"12345678901234567890":   "12345678901234567000",
		"1.7976931348623157e308": "1.7976931348623157e+308",
		"5e-324":                 "5e-324",
		"2e-324":                 "0",
		"1e309":                  "null",
		"-1e309":                 "null",
		"0.30000000000000004":    "0.30000000000000004",
	} {
		assert.Equal(t, want, JSNumber(json.Number(in)), in)
	}
}

func TestStyleString(t *testing.T) {
	assert.Equal(t, "js", JS.String())
	assert.Equal(t, "js-roundtrip", JSRoundTrip.String())
	assert.Equal(t, "serde", Serde.String())
	assert.Equal(t, "Style(9)", Style(9).String())
}

// assertCompactIsDecode checks that compact, Canon's way for valid JSON
// in JS and Serde, writes what the decoder writes.
func assertCompactIsDecode(t *testing.T, raw []byte) {
	t.Helper()
	var fast, slow bytes.Buffer
	compact(&fast, raw)
	require.NoError(t, JS.decode(&slow, raw))
	assert.Equal(t, slow.String(), fast.String(), "%q", raw)
}

func TestCompactIsDecode(t *testing.T) {
	for _, in := range []string{
		" {\n\t\"b\" : 1 , \"a\" : [ true , false , null ] }\r\n",
		`{"a":1,"b":2,"a":3}`, `{"\u0061":1,"a":2}`, `"s"`, `-0.5e+3`, `[]`, `{}`, `[[],{},""]`,
		`["\u0041\/\u00e9", "\u2028<&>", "\u001F\u0008\u000c", "\ud83d\ude00", "\\", "\"", "a\\\"b"]`,
		`["\ud800", "\udc00x", "\ud83dy"]`,
		"{\"k\xff\":\"a\xffb\", \"\xe2\x80\":\"\u2028\u2029\x7f\"}",
		"\"caf\u00e9 \xc3\xa9 \xf0\x9f\x98\x80\"",
		`{"command":"go test ./...","description":"Run the tests"}`,
	} {
		assertCompactIsDecode(t, []byte(in))
	}
}

// FuzzCanon: what Canon writes is valid JSON that encoding/json reads as
// the same value it reads from the input (later duplicates win in both;
// JSRoundTrip's numbers are the same doubles), and Canon of its own
// output changes nothing.
func FuzzCanon(f *testing.F) {
	for _, s := range []string{`{"a":1,"a":{"b":2,"b":[1.0,1e-7]}}`, `"\ud800"`, "\"\xff\"", `[1e21, -0, 0.1e-6]`, ` 1 2`, ``, `{"a":`, "{\"\x01\":\"\u2028\"}", `"\u001f\u0000"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if json.Valid(raw) {
			assertCompactIsDecode(t, raw)
		}
		for _, s := range styles {
			c, err := s.Canon(raw)
			if err != nil {
				continue
			}
			if !json.Valid(c) {
				t.Fatalf("%v: Canon(%q) = %q, not JSON", s, raw, c)
			}
			again, err := s.Canon(c)
			if err != nil || !bytes.Equal(again, c) {
				t.Fatalf("%v: Canon not idempotent on %q: %q then %q (%v)", s, raw, c, again, err)
			}
			var a, b any
			if json.Unmarshal(raw, &a) == nil {
				if err := json.Unmarshal(c, &b); err != nil || !reflect.DeepEqual(a, b) {
					t.Fatalf("%v: Canon(%q) = %q reads as %v, want %v", s, raw, c, b, a)
				}
			}
		}
	})
}
