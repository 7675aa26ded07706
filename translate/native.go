package translate

import (
	toml "github.com/pelletier/go-toml/v2"

	"github.com/hookcompat/hookcompat/settings"
)

// native is the identity translator for native TOML configs: strict
// decoding (HK-01, HK-65) with positioned errors and no warnings. It is
// registered first, as format "native", so that detection tries it first.
type native struct{}

func init() { Register("native", native{}) }

// Translate decodes src strictly with settings.Decode.
func (native) Translate(src Source) (*settings.Config, []Warning, error) {
	cfg, err := settings.Decode(src.Path, src.Data)
	return cfg, nil, err
}

// Detect recognises any document that parses as TOML (strict decoding then
// reports what is wrong in it, with positions).
func (native) Detect(src Source) bool {
	if src.Data == nil {
		return false
	}
	var doc map[string]any
	return toml.Unmarshal(src.Data, &doc) == nil
}
