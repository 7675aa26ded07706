package translate

// Qwen is the dialect of the Qwen format's tool names.
const Qwen Dialect = "qwen"

// qwenTools are the Qwen format's tool names and the arguments it spells
// differently (filled in by the format's implementation).
var qwenTools = DialectTable{Dialect: Qwen}
