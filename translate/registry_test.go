package translate

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/settings"
)

// fakeTranslator translates nothing; it recognises sources whose data
// starts with prefix (when it is a detector).
type fakeTranslator struct{ name string }

func (f fakeTranslator) Translate(Source) (*settings.Config, []Warning, error) {
	return &settings.Config{}, nil, nil
}

type fakeDetector struct {
	fakeTranslator
	prefix string
}

func (f fakeDetector) Detect(src Source) bool { return bytes.HasPrefix(src.Data, []byte(f.prefix)) }

// The registry is global: names used here start with "test-" and are
// registered once per test binary.
func TestRegistry(t *testing.T) {
	plain := fakeTranslator{"plain"}
	Register("test-plain", plain)
	Register("test-det-b", fakeDetector{fakeTranslator{"b"}, "{"})
	Register("test-det-a", fakeDetector{fakeTranslator{"a"}, "{\"a\""})

	t.Run("Lookup", func(t *testing.T) {
		got, ok := Lookup("test-plain")
		require.True(t, ok)
		assert.Equal(t, plain, got)
		_, ok = Lookup("test-missing")
		assert.False(t, ok)
	})
	t.Run("Names sorted", func(t *testing.T) {
		names := Names()
		assert.Subset(t, names, []string{"test-det-a", "test-det-b", "test-plain"})
		assert.IsNonDecreasing(t, names)
	})
	t.Run("Get", func(t *testing.T) {
		got, err := Get("test-det-a")
		require.NoError(t, err)
		assert.Equal(t, fakeDetector{fakeTranslator{"a"}, "{\"a\""}, got)

		_, err = Get("test-missing")
		require.Error(t, err)
		assert.ErrorIs(t, err, ErrUnknownFormat)
		assert.Contains(t, err.Error(), `unknown format "test-missing" (known: `)
		assert.Contains(t, err.Error(), "test-det-a, test-det-b, test-plain")
	})
	t.Run("Detect in registration order", func(t *testing.T) {
		// Both detectors recognise this; b registered first.
		name, err := Detect(Source{Path: "x.json", Data: []byte(`{"a":1}`)})
		require.NoError(t, err)
		assert.Equal(t, "test-det-b", name)
	})
	t.Run("Detect none", func(t *testing.T) {
		_, err := Detect(Source{Path: "x.txt", Data: []byte("plain text")})
		require.Error(t, err)
		assert.ErrorIs(t, err, ErrUnknownFormat)
		assert.Contains(t, err.Error(), "x.txt: unknown format: not recognised as any of ")
		assert.Contains(t, err.Error(), "test-det-b, test-det-a", "detectors listed in registration order")
		assert.NotContains(t, err.Error(), "test-plain", "a translator without a detector takes no part")
	})
	t.Run("duplicate panics", func(t *testing.T) {
		assert.PanicsWithValue(t, "translate: format registered twice: test-plain", func() {
			Register("test-plain", fakeTranslator{"other"})
		})
		got, _ := Lookup("test-plain")
		assert.Equal(t, plain, got, "the first registration stays")
	})
}

func TestWarningString(t *testing.T) {
	tests := []struct {
		w    Warning
		want string
	}{
		{Warning{File: "s.json", Line: 12, Col: 5, Code: CodeUnknownEvent, Message: `event "Bogus" is not a Claude event`},
			`s.json:12:5: unknown-event: event "Bogus" is not a Claude event`},
		{Warning{File: "s.json", Line: 12, Code: CodeBOM, Message: "stripped"}, "s.json:12: byte-order-mark: stripped"},
		{Warning{File: "s.json", Col: 5, Code: CodeNoHooks, Message: "m"}, "s.json: no-hooks: m"},
		{Warning{File: "-", Code: "x", Message: "m"}, "-: x: m"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.w.String())
	}
	assert.Equal(t, "timeout-looks-like-ms", CodeTimeoutUnit, "codes are stable")
}
