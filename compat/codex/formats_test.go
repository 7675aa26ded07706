package codex

// The cross-agent replays run Claude Code hooks converted for Codex: the
// Claude tool dialect they translate with is registered by its format.
import _ "github.com/hookcompat/hookcompat/compat/claude"
