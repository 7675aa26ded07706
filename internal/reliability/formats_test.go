package reliability

// The scenarios load hooks of every shipped format.
import _ "github.com/hookcompat/hookcompat/compat/all"
