package golden_test

// The cases hold hooks of every shipped format.
import _ "github.com/hookcompat/hookcompat/compat/all"
