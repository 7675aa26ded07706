package compat

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/format"
)

// Rendering no outcome (the nil of a Fire that could not fire) is an
// error for every view, never a panic; ModelView of nil has no texts.
func TestRenderNilOutcomeIsAnError(t *testing.T) {
	loaded, err := Load(Options{Project: t.TempDir()})
	require.NoError(t, err)
	names := []string{RenderModel}
	for _, f := range format.All() {
		if _, ok := f.(format.Renderer); ok {
			names = append(names, f.Name())
		}
	}
	require.Contains(t, names, "claude")
	for _, name := range names {
		for _, l := range []*Loaded{loaded, nil} {
			var v any
			var err error
			assert.NotPanics(t, func() { v, err = Render(l, name, nil) }, name)
			assert.Nil(t, v, name)
			assert.True(t, errors.Is(err, ErrNoOutcome), "%s: %v", name, err)
		}
	}
	assert.NotNil(t, ModelView(nil, nil))
	assert.Empty(t, ModelView(nil, nil))
}
