package format

import (
	"strings"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// SelectsNative is [runner.NativeSelects] under the tool vocabulary
// vocab (nil: the default): a native glob or exact name (match syntax
// glob or exact, HK-01) that does not select a call by the tool's name is
// also compared with the name the tool had before vocab renamed it
// ([translate.Vocabulary.Renamed]), the name convert writes and other
// engines use. An embedder that renames its tools (shell → exec) thus
// keeps every native matcher written for them (match = "shell")
// selecting their calls. A protocol whose hooks may be written in a
// native match syntax selects them with it.
func SelectsNative(vocab *translate.Vocabulary, h *settings.Hook, ev *runner.Event) bool {
	if runner.NativeSelects(h, ev) {
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
	return runner.NativeSelects(h, &renamed)
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
