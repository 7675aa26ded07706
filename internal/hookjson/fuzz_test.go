package hookjson

import (
	"encoding/json"
	"testing"
)

// FuzzValid: below encoding/json's depth limit the validator accepts
// exactly what encoding/json accepts (both follow RFC 8259, as JSON.parse
// does), and Decode never panics on what it accepts.
func FuzzValid(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":[1,2,{"b":null}]}`, `"\u00e9"`, `[1e5,-0.1]`, `{"a":1,}`, "\"\x01\"", `{"a" "b"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ok, depth := Valid(data)
		if depth <= 9000 && ok != json.Valid(data) {
			t.Fatalf("Valid=%v, encoding/json=%v for %q", ok, !ok, data)
		}
		if ok && len(data) > 0 {
			var v struct {
				A *string         `json:"a"`
				B json.RawMessage `json:"b"`
			}
			_ = Decode(data, &v, Exact)
			_ = Decode(data, &v, Fold)
			_ = Members(data)
		}
	})
}
