// Package native is hookcompat's own format: native TOML configs
// ([[hooks.pre_tool]] …, the native hook spec with hookcompat's extension
// fields), registered as format "native", and the two conversion targets
// that write it: "native", TOML a plain engine of the native spec runs as
// is (foreign hooks through the exec shim), and "hookcompat", TOML with
// the extension fields for engines that embed hookcompat.
package native

import (
	"path/filepath"

	toml "github.com/pelletier/go-toml/v2"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Format is the native TOML format.
var Format format.Format = nativeFormat{}

func init() {
	format.Register(Format)
	format.RegisterTarget(nativeTarget{})
	format.RegisterTarget(hookcompatTarget{})
}

type nativeFormat struct{}

func (nativeFormat) Name() string { return settings.ProtocolNative }

func (nativeFormat) Info() format.Info {
	return format.Info{Title: "native TOML", Flag: "config", FlagUsage: "native TOML config (repeatable)", Order: 90}
}

// Detect recognises a .toml file and any document that parses as TOML
// (strict decoding then reports what is wrong in it, with positions).
// Detection asks this format last.
func (nativeFormat) Detect(path string, data []byte) bool {
	if data == nil {
		return false
	}
	if filepath.Ext(path) == ".toml" {
		return true
	}
	var doc map[string]any
	return toml.Unmarshal(data, &doc) == nil
}

// Discover finds nothing: native configs are named explicitly.
func (nativeFormat) Discover(*format.Env) format.Discovery { return format.Discovery{} }

// Load decodes each file strictly (settings.Load): an unknown key, a bad
// value or an invalid hook is an error naming file:line:col.
func (nativeFormat) Load(srcs []format.Source, _ *format.Env) (*format.Result, error) {
	res := &format.Result{Config: &settings.Config{}}
	for _, s := range srcs {
		cfg, err := settings.Load(s.Path)
		if err != nil {
			return nil, err
		}
		res.Config.Append(cfg)
		res.Files = append(res.Files, s.Path)
	}
	return res, nil
}

// Translate decodes src strictly with settings.Decode.
func (nativeFormat) Translate(src translate.Source) (*settings.Config, []translate.Warning, error) {
	cfg, err := settings.Decode(src.Path, src.Data)
	return cfg, nil, err
}

// Sources are native TOML files to load (compat.Options.Sources), in
// order; each is decoded strictly.
func Sources(files ...string) []format.Source {
	out := make([]format.Source, len(files))
	for i, f := range files {
		out[i] = format.Source{Format: settings.ProtocolNative, Path: f}
	}
	return out
}
