package all_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	_ "github.com/hookcompat/hookcompat/compat/all"
	"github.com/hookcompat/hookcompat/settings"
)

var update = flag.Bool("update", false, "rewrite docs/hooks.schema.json")

// TestJSONSchemaShipped: docs/hooks.schema.json is exactly what
// settings.JSONSchema generates with every shipped format linked (their
// protocols and match syntaxes in its enums); go test ./compat/all
// -update rewrites it.
func TestJSONSchemaShipped(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "hooks.schema.json")
	if *update {
		require.NoError(t, os.WriteFile(path, settings.JSONSchema(), 0o644))
	}
	shipped, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(settings.JSONSchema()), string(shipped), "run go test ./compat/all -update")
}
