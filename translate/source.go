package translate

import (
	"errors"
)

// Source is one input to translate: a file's bytes, or a directory (Phi
// hook directories) with Data nil.
type Source struct {
	// Path names the input in positions and provenance; "-" for stdin.
	Path string
	// Data is the file content; nil for a directory source.
	Data []byte
	// Scope says where the source sits ("user", "project", "local",
	// "plugin", "cli", …); translators record it in each hook's Source.
	Scope string
	// Env holds variables the source's hooks get on top of the engine's
	// environment (for example CLAUDE_PLUGIN_ROOT for a plugin's hooks).
	Env map[string]string
}

// ErrUnknownFormat is returned (wrapped) for a format name that is not
// registered, and when no format recognises a source.
var ErrUnknownFormat = errors.New("unknown format")
