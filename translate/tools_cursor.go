package translate

// Cursor is the dialect of the Cursor format's tool names.
const Cursor Dialect = "cursor"

// cursorTools are the Cursor format's tool names and the arguments it spells
// differently (filled in by the format's implementation).
var cursorTools = DialectTable{Dialect: Cursor}
