package hookjson

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/tidwall/gjson"
)

type member struct {
	key, keyRaw, value string
}

// gjsonMembers is what gjson's ForEach gives for the members of obj.
func gjsonMembers(obj []byte) []member {
	var out []member
	gjson.ParseBytes(obj).ForEach(func(k, v gjson.Result) bool {
		out = append(out, member{k.Str, k.Raw, v.Raw})
		return true
	})
	return out
}

func eachMembers(obj []byte) []member {
	var out []member
	EachMember(obj, func(key string, keyRaw, value []byte) bool {
		out = append(out, member{key, string(keyRaw), string(value)})
		return true
	})
	return out
}

var memberSeeds = []string{
	`{}`, ` { "a" : 1 , "b":[1,{"c":"}"}] , "d" : "x\"}\\" ,"e":null,"f":true,"g":-1.5e3 } `,
	`{"k\u00e9y":"v","\\":"\\\\","\"":{"\"":"\""}}`, `[1,2]`, `"s"`, `{"a":{"b":{"c":[[[]]]}}}`,
	"{\"\xff\":1}", `{"a":"\\\\\\\""}`,
}

// On valid JSON objects the scanner gives gjson's members, values raw.
func TestEachMemberIsGjsons(t *testing.T) {
	for _, s := range memberSeeds {
		checkMembers(t, []byte(s))
	}
}

func checkMembers(t *testing.T, obj []byte) {
	if !json.Valid(obj) || !gjson.ParseBytes(obj).IsObject() {
		if got := eachMembers(obj); json.Valid(obj) && len(got) != 0 {
			t.Fatalf("%q is no object, got members %q", obj, got)
		}
		return
	}
	want, got := gjsonMembers(obj), eachMembers(obj)
	if len(want) != len(got) {
		t.Fatalf("%q: gjson %q, EachMember %q", obj, want, got)
	}
	for i := range want {
		if want[i] != got[i] {
			t.Fatalf("%q member %d: gjson %q, EachMember %q", obj, i, want[i], got[i])
		}
	}
	// Stopping early.
	n := 0
	EachMember(obj, func(string, []byte, []byte) bool { n++; return false })
	if len(want) > 0 && n != 1 {
		t.Fatalf("%q: did not stop", obj)
	}
	_ = bytes.TrimSpace
}

// FuzzEachMember: on any valid JSON object the scanner and gjson agree.
func FuzzEachMember(f *testing.F) {
	for _, s := range memberSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, obj []byte) { checkMembers(t, obj) })
}
