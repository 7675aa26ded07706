package compat

import (
	"github.com/hookcompat/hookcompat/translate"
)

// Warning classes ([ClassOf]).
const (
	ClassLoss = translate.ClassLoss
	ClassNote = translate.ClassNote
)

// warningClasses is the class of every warning code the loaders and the
// conversion targets write (docs/conversion.md, "Warning classes"). The
// rule: a loss is a difference for some run of the hook whatever it
// answers — it is left out, never fires, fires at other moments, runs
// twice, runs something else, or may not be found; a note is a
// difference only in some answer the hook may give (an ask, a context, a
// reply field), information, or a step the user must take.
var warningClasses = map[string]string{
	// Information, or differences in some answers only.
	"ask-unsupported":      ClassNote, // an ask becomes a deny (stricter)
	"async-awaited":        ClassNote, // the agent waits for an async hook
	"async-reply-ignored":  ClassNote,
	"async-runs-first":     ClassNote, // reordered so that it runs as at home
	"byte-order-mark":      ClassNote, // a source's BOM, stripped
	"cannot-block":         ClassNote,
	"codex-review-needed":  ClassNote,
	"copilot-trust-needed": ClassNote, // a step the user must take (trust the folder)
	"context-may-drop":     ClassNote,
	"deprecated":           ClassNote,
	// Cursor's: only with its third-party configs setting on does Cursor
	// also run the Claude Code originals; the converted file itself does
	// what they do (doctor names the pair when it sees both).
	"double-fire":            ClassNote,
	"duplicate-key":          ClassNote, // written where the agent reads
	"event-alias":            ClassNote,
	"matcher-ignored":        ClassNote, // ignored by the source agent too
	"merge-differs":          ClassNote, // several answers merge otherwise
	"no-effect":              ClassNote,
	"no-hooks":               ClassNote,
	"timeout-looks-like-ms":  ClassNote,
	"timeout-unit":           ClassNote,
	"unknown-field":          ClassNote, // ignored by the source agent too
	"unsupported-field":      ClassNote, // a source field whose effect its agent ignores too; targets mark losses
	"status-message-dropped": ClassNote, // UI text only
	CodeFormatDetected:       ClassNote,
	CodeInputIsTarget:        ClassNote,
	"input-given-twice":      ClassNote, // the convert command's: a file named twice is read once
	CodeLinkWrittenThrough:   ClassNote,
	"converted-hook-updated": ClassNote, // the same hook, converted again in its place
	CodeShimKept:             ClassNote, // runs the same, one shim later
	"converted-hook-kept":    ClassNote, // the file keeps what it ran; --prune removes it

	// Losses.
	"converted-hook-removed":    ClassLoss,
	"dedup-differs":             ClassLoss, // runs twice
	"differs-in-codex":          ClassLoss, // the event rows' notes are marked notes
	"differs-in-copilot":        ClassLoss, // the event rows' notes are marked notes
	"entries-moved":             ClassLoss, // Codex asks to review them again
	"event-fails":               ClassLoss,
	"event-never-fires":         ClassLoss,
	"extension-event":           ClassLoss,
	"file-rejected":             ClassLoss,
	"hooks-dir-unreadable":      ClassLoss,
	"invalid-entry":             ClassLoss,
	"invalid-file":              ClassLoss,
	"invalid-hooks":             ClassLoss,
	"invalid-manifest":          ClassLoss,
	"invalid-matcher":           ClassLoss,
	"mcp-server-dropped":        ClassLoss,
	"not-for-codex":             ClassLoss,
	"not-for-copilot":           ClassLoss,
	"not-for-cursor":            ClassLoss,
	"not-for-plain-native":      ClassLoss,
	"shim-not-absolute":         ClassLoss,
	"timeout-clamped":           ClassLoss,
	"timeout-over-cursor-limit": ClassLoss,
	"tool-not-in-cursor":        ClassLoss,
	"unknown-event":             ClassLoss,
	"unsupported-event":         ClassLoss,
	"unsupported-handler":       ClassLoss,
	"bom-refused":               ClassLoss,
	CodeTargetUnloadable:        ClassLoss,
	CodeFieldDropped:            ClassLoss,

	// Load warnings: the home agent's own switches, trust and checks.
	"disabled":              ClassLoss, // a Phi hook its manifest disables
	"disabled-by-policy":    ClassLoss,
	"disabled-by-settings":  ClassLoss,
	"hooks-off":             ClassLoss,
	"untrusted-folder":      ClassLoss,
	"folder-not-trusted":    ClassLoss, // Copilot's repository hooks in an untrusted folder
	"hook-skipped":          ClassLoss, // an entry Copilot skips
	"hooks-disabled":        ClassLoss, // Copilot's disableAllHooks
	"not-run-by-hookcompat": ClassLoss, // Copilot's preMcpToolCall
	"insecure-system-file":  ClassLoss,
	"symlink-skipped":       ClassLoss,
	"run-not-runnable":      ClassLoss,
	"schema-error":          ClassLoss,
	CodeNeedsReview:         ClassLoss, // an agent's view: not reviewed
	CodeThirdPartyOff:       ClassLoss, // Cursor's view: a setting off
	"duplicate-name":        ClassNote, // replaced by name, as the agent does
	"duplicate-hook":        ClassNote, // run once, as the agent does
	"two-representations":   ClassNote,
}

// ClassOf is the class of a conversion or load warning: its own Class
// when the emitter set one, else its code's (docs/conversion.md lists
// them), else ClassLoss — a code nobody classified is taken for a loss,
// so that `convert --strict` fails rather than let it through.
func ClassOf(w translate.Warning) string {
	if w.Class != "" {
		return w.Class
	}
	if c, ok := warningClasses[w.Code]; ok {
		return c
	}
	return ClassLoss
}
