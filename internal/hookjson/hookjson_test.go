package hookjson

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestValidAgreesWithEncodingJSON(t *testing.T) {
	for _, s := range []string{
		`{}`, `[]`, `""`, `0`, `-0.5e+3`, `true`, `null`, ` {"a" : [1, {"b": "\u00e9\n"}], "c": false} `,
		`{"a":1,}`, `[1,]`, `{`, `{"a"}`, `{"a":}`, `01`, `1.`, `.5`, `1e`, `"\x"`, "\"\x01\"", `"\u12"`,
		`{} {}`, `[1 2]`, `tru`, `nul`, `{"a":1}x`, "\xff", "\"\xff\"", `[[[]]]`, `{"a":{"b":{}}}`, ``, ` `,
		"\t[\r\n]\n", `{"":""}`, `[-]`, `-01`, `1E5`, `[true,false,null]`, `"\/"`,
	} {
		ok, _ := Valid([]byte(s))
		assert.Equal(t, json.Valid([]byte(s)), ok, "%q", s)
	}
}

// Deep nesting is valid at any depth, far past encoding/json's 10,000,
// without recursion.
func TestValidDeep(t *testing.T) {
	const depth = 1_000_000
	deep := strings.Repeat("[", depth) + strings.Repeat("]", depth)
	ok, d := Valid([]byte(deep))
	assert.True(t, ok)
	assert.Equal(t, depth, d)
	ok, _ = Valid([]byte(deep[:len(deep)-1]))
	assert.False(t, ok, "one bracket short")
	assert.False(t, json.Valid([]byte(deep)), "encoding/json gives up (its depth limit)")
}

func TestDecode(t *testing.T) {
	type out struct {
		Continue *bool           `json:"continue"`
		Reason   *string         `json:"reason"`
		Specific json.RawMessage `json:"hookSpecificOutput"`
	}
	deep := strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000)
	obj := []byte(`{"reason":"a","Reason":"b","x":` + deep + `,"hookSpecificOutput":{"d":` + deep + `},"reason":"c"}`)
	ok, _ := Valid(obj)
	require.True(t, ok)
	var o out
	require.NoError(t, Decode(obj, &o, Exact))
	assert.Equal(t, "c", *o.Reason, "exact: the last duplicate wins, other spellings are other keys")
	assert.Nil(t, o.Continue)
	assert.True(t, bytes.HasPrefix(o.Specific, []byte(`{"d":[[[`)))

	var f out
	require.NoError(t, Decode([]byte(`{"reason":"a","REASON":"b"}`), &f, Fold))
	assert.Equal(t, "b", *f.Reason, "fold: the last matching member wins, as in encoding/json")

	var e out
	err := Decode([]byte(`{"continue":1}`), &e, Exact)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "Go struct field out.continue of type bool")
	assert.Error(t, Decode([]byte(`[1]`), &e, Exact))
}

func TestMembers(t *testing.T) {
	m := Members([]byte(`{"a\u0041":1, "b" : {"c":[2]}}`))
	require.Len(t, m, 2)
	assert.Equal(t, "aA", m[0].Key)
	assert.Equal(t, `{"c":[2]}`, string(m[1].Value))
}
