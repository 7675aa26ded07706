package qwen_test

// Some tests convert Claude Code hooks for this format and read other
// agents' payloads: every shipped format is linked.
import _ "github.com/hookcompat/hookcompat/compat/all"
