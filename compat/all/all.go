// Package all registers every hook format hookcompat ships: import it for
// its side effect to link them all (the hookcompat command does). Package
// compat links none — a program chooses the formats it links, importing
// compat/all or the format packages it wants (each registers itself).
// This is the one package outside the format folders and programs that
// imports them; its tests check that no other package does, or spells a
// format's protocol, match syntax or tool dialect.
package all

import (
	// Each format registers itself with compat/format in init.
	_ "github.com/hookcompat/hookcompat/compat/claude"
	_ "github.com/hookcompat/hookcompat/compat/codex"
	_ "github.com/hookcompat/hookcompat/compat/copilot"
	_ "github.com/hookcompat/hookcompat/compat/cursor"
	_ "github.com/hookcompat/hookcompat/compat/gemini"
	_ "github.com/hookcompat/hookcompat/compat/native"
	_ "github.com/hookcompat/hookcompat/compat/phi"
	_ "github.com/hookcompat/hookcompat/compat/qwen"
)
