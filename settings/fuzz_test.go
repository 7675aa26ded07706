package settings

import (
	"bytes"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// FuzzDecode checks that Decode never panics, that its errors are
// positioned *Error values of the file, and that whatever it accepts
// round-trips: decode(encode(x)) == x apart from Source, and encoding
// again gives the same bytes.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(happyTOML))
	f.Add([]byte(""))
	f.Add([]byte("[[hooks.pre_tool]]\ncommand = \"x\"\ntimeout_seconds = 0.000000001\n"))
	f.Add([]byte("[[hooks.stop]]\nargs = [\"a\", \"\\u0000\\u007f\"]\nenv = { \"k.k\" = \"\\t\" }\n"))
	f.Add([]byte("[[hooks.pre_tool]]\ntype = \"http\"\nurl = \"https://x\"\nheaders = { \"\" = \"\" }\n"))
	f.Add([]byte("hooks = { stop = [ { command = \"x\" } ] }\n"))
	f.Add([]byte("[[hooks.bogus]]\ncommand = 1\n"))
	f.Add([]byte("[hooks.pre_tool]\n"))
	f.Add([]byte("\ufeff[[ hooks . stop ]]\ncommand = '''\nmulti\nline'''\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := Decode("f.toml", data)
		if err != nil {
			var e *Error
			require.True(t, errors.As(err, &e), "errors are *Error values, got %T: %v", err, err)
			var list ErrorList
			if errors.As(err, &list) {
				for _, e := range list {
					assert.Equal(t, "f.toml", e.File)
				}
			} else {
				assert.Equal(t, "f.toml", e.File)
			}
			return
		}
		var first bytes.Buffer
		require.NoError(t, Encode(&first, cfg, EncodeOptions{}))
		back, err := Decode("f.toml", first.Bytes())
		require.NoError(t, err, "our own output must decode:\n%s", first.String())
		require.Equal(t, withoutSources(cfg), withoutSources(back), "round trip of:\n%s", first.String())
		var second bytes.Buffer
		require.NoError(t, Encode(&second, back, EncodeOptions{}))
		require.Equal(t, first.String(), second.String(), "encoding is idempotent")
	})
}
