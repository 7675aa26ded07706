package settings

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite docs/hooks.schema.json")

// TestJSONSchemaShipped: docs/hooks.schema.json is exactly what
// JSONSchema generates (go test ./settings -update rewrites it).
func TestJSONSchemaShipped(t *testing.T) {
	path := filepath.Join("..", "docs", "hooks.schema.json")
	if *update {
		require.NoError(t, os.WriteFile(path, JSONSchema(), 0o644))
	}
	shipped, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(JSONSchema()), string(shipped), "run go test ./settings -update")
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
