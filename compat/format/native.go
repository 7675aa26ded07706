package format

import (
	"strings"

	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// SelectsNative applies a hook's match the native way (HK-01), as the
// native protocol's Selects does, under the tool vocabulary vocab (nil:
// the default). On tool events the match is a path.Match glob on the
// native tool name (match syntax glob) or an exact name or "*" (match
// syntax exact); an empty match, and any match on an event without a
// tool, selects the hook. A native glob or exact name (match syntax
// glob or exact, HK-01) that does not select a call by the tool's name is
// also compared with the name the tool had before vocab renamed it
// ([translate.Vocabulary.Renamed]), the name convert writes and other
// engines use. An embedder that renames its tools (shell → exec) thus
// keeps every native matcher written for them (match = "shell")
// selecting their calls. A protocol whose hooks may be written in a
// native match syntax selects them with it.
func SelectsNative(vocab *translate.Vocabulary, h *settings.Hook, ev *runner.Event) bool {
	native := runner.Native()
	if native.Selects(h, ev) {
		return true
	}
	if vocab == nil || ev.Tool == "" {
		return false
	}
	old, ok := vocab.Renamed(ev.Tool)
	if !ok {
		return false
	}
	renamed := *ev
	renamed.Tool = old
	return native.Selects(h, &renamed)
}

// NativeSelectKey is the part of ev that [SelectsNative] depends on: the
// tool name on tool events, "" on the others. A protocol whose hooks may
// be written in a native match syntax includes it in its
// runner.SelectKeyer key.
func NativeSelectKey(ev *runner.Event) string {
	if ev.Name.ToolEvent() {
		return ev.Tool
	}
	return ""
}

// IsShimHook reports whether h runs the exec shim: its args, or its
// command read as one simple shell command, are a call of
// `hookcompat exec` ([IsShim]).
func IsShimHook(h *settings.Hook) bool {
	if len(h.Args) > 0 {
		return IsShim(h.Args)
	}
	if !strings.Contains(h.Command, "hookcompat") {
		return false
	}
	_, ok := ShimCommandArgs(h.Command)
	return ok
}

// PromptWithArguments returns prompt with every $ARGUMENTS replaced by
// arguments (the event as the hook's protocol encodes it), or with
// "\n\nARGUMENTS: " and arguments appended when the prompt has no
// placeholder; "\$" writes a literal dollar sign. These are Claude Code's
// rules for prompt and agent hooks (claude §2.2), which the native
// protocol follows too: a protocol's runner.JudgeProtocol.JudgePrompt
// starts from it.
func PromptWithArguments(prompt string, arguments []byte) string {
	return hookkit.PromptWithArguments(prompt, arguments)
}
