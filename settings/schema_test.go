package settings

import (
	"encoding/json"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestJSONSchemaEnums: the protocol and match_syntax enums are the names
// validation knows, sorted — this package's own and every registered
// one — so the schema is the same bytes for the same linked formats.
// (docs/hooks.schema.json, the schema with every shipped format, is
// checked where they are linked: compat/all.)
func TestJSONSchemaEnums(t *testing.T) {
	RegisterProtocol("schema-test-proto")
	RegisterMatchSyntax("schema-test-syntax", nil)
	var s struct {
		Defs struct {
			Hook struct {
				Properties map[string]struct {
					Enum []string `json:"enum"`
				} `json:"properties"`
			} `json:"hook"`
		} `json:"$defs"`
	}
	require.NoError(t, json.Unmarshal(JSONSchema(), &s))
	protos := s.Defs.Hook.Properties["protocol"].Enum
	syntaxes := s.Defs.Hook.Properties["match_syntax"].Enum
	assert.Equal(t, Protocols(), protos)
	assert.Equal(t, MatchSyntaxes(), syntaxes)
	assert.Contains(t, protos, ProtocolNative)
	assert.Contains(t, protos, "schema-test-proto")
	assert.Subset(t, syntaxes, []string{MatchGlob, MatchExact, "schema-test-syntax"})
	assert.True(t, sort.StringsAreSorted(protos) && sort.StringsAreSorted(syntaxes))
	assert.Equal(t, string(JSONSchema()), string(JSONSchema()), "deterministic")
}

// TestJSONSchemaMatchesDecoder: the schema's hook keys are exactly the
// keys Decode accepts, its events exactly the known events, and each key's
// type is the type Decode requires.
func TestJSONSchemaMatchesDecoder(t *testing.T) {
	var s struct {
		Properties struct {
			Hooks struct {
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"hooks"`
		} `json:"properties"`
		Defs struct {
			Hook struct {
				Properties map[string]struct {
					Type string `json:"type"`
				} `json:"properties"`
			} `json:"hook"`
		} `json:"$defs"`
	}
	require.NoError(t, json.Unmarshal(JSONSchema(), &s))
	var schemaKeys, decoderKeys []string
	for k := range s.Defs.Hook.Properties {
		schemaKeys = append(schemaKeys, k)
	}
	for k := range hookKeys.Get() {
		decoderKeys = append(decoderKeys, k)
	}
	sort.Strings(schemaKeys)
	sort.Strings(decoderKeys)
	assert.Equal(t, decoderKeys, schemaKeys)
	for e := range s.Properties.Hooks.Properties {
		assert.True(t, Event(e).Known(), "schema event %s", e)
	}
	assert.Len(t, s.Properties.Hooks.Properties, len(Events())+len(ExtensionEvents()))

	// A value of the wrong type per the schema is rejected by Decode.
	wrong := map[string]string{"string": "1", "boolean": `"yes"`, "number": `"10"`, "array": `"x"`, "object": `"x"`}
	for k, p := range s.Defs.Hook.Properties {
		_, err := Decode("s.toml", []byte("[[hooks.stop]]\ncommand = \"x\"\n"+k+" = "+wrong[p.Type]+"\n"))
		if k == "command" {
			_, err = Decode("s.toml", []byte("[[hooks.stop]]\ncommand = 1\n"))
		}
		assert.Error(t, err, "key %s of type %s", k, p.Type)
	}
}
