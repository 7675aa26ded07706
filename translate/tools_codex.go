package translate

// Codex is the dialect of OpenAI Codex's tool names.
const Codex Dialect = "codex"

// codexTools are the Codex format's tool names and the arguments it spells
// differently (filled in by the format's implementation).
var codexTools = DialectTable{Dialect: Codex}
