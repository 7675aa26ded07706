package compat

// The facade links no format of its own (a program chooses the formats it
// links); its tests load hooks of every shipped format.
import _ "github.com/hookcompat/hookcompat/compat/all"
