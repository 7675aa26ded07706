package hookkit

import "strings"

// PromptWithArguments returns prompt with every $ARGUMENTS replaced by
// arguments (the event JSON), or with "\n\nARGUMENTS: " and arguments
// appended when the prompt has no placeholder; "\$" writes a literal
// dollar sign. These are Claude Code's rules for prompt and agent hooks
// (claude §2.2), which the native protocol follows too.
func PromptWithArguments(prompt string, arguments []byte) string {
	const escaped = "\x00hookcompat-dollar\x00"
	p := strings.ReplaceAll(prompt, `\$`, escaped)
	used := strings.Contains(p, "$ARGUMENTS")
	p = strings.ReplaceAll(p, "$ARGUMENTS", string(arguments))
	if !used && len(arguments) > 0 {
		p += "\n\nARGUMENTS: " + string(arguments)
	}
	return strings.ReplaceAll(p, escaped, "$")
}
