package translate

// Gemini is the dialect of the Gemini format's tool names.
const Gemini Dialect = "gemini"

// geminiTools are the Gemini format's tool names and the arguments it spells
// differently (filled in by the format's implementation).
var geminiTools = DialectTable{Dialect: Gemini}
