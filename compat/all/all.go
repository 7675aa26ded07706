// Package all registers every hook format hookcompat ships. It is the one
// place outside the format folders that imports them: import it for its
// side effect (package compat does).
package all

import (
	// Each format registers itself with compat/format in init.
	_ "github.com/hookcompat/hookcompat/compat/claude"
	_ "github.com/hookcompat/hookcompat/compat/codex"
	_ "github.com/hookcompat/hookcompat/compat/cursor"
	_ "github.com/hookcompat/hookcompat/compat/gemini"
	_ "github.com/hookcompat/hookcompat/compat/native"
	_ "github.com/hookcompat/hookcompat/compat/phi"
	_ "github.com/hookcompat/hookcompat/compat/qwen"
)
