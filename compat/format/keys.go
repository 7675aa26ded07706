package format

import "github.com/hookcompat/hookcompat/settings"

// PayloadKeyer is implemented by formats whose agents send hooks a
// payload that carries native event fields under the agent's own key
// names (Claude Code's source is the native reason, tool_input the native
// args). `hookcompat event --help` lists them beside each native event's
// fields, and a native event written with one of them is an error naming
// the native field meant, so that a new format's names are known the day
// it is registered.
type PayloadKeyer interface {
	// PayloadKeys returns the keys of the format's payload for native or
	// extension event e that hold one of the native event's fields, in the
	// payload's order, or nil when the agent has no payload for e. A key
	// whose value lands in Event.Extra is not listed; neither is a key
	// that holds only part of a field (Cursor's command, one argument of
	// the native args).
	PayloadKeys(e settings.Event) []PayloadKey
}

// PayloadKey is one key of an agent's payload and the native event field
// that holds its value.
type PayloadKey struct {
	// Key is the payload key as the agent spells it ("source",
	// "tool_input", "toolArgs").
	Key string
	// Field is the JSON name of the runner.Event field that holds the
	// key's value ("reason", "args"); it may be the key itself.
	Field string
	// Values are the values translated between the agent's words and the
	// native ones, {agent, native} pairs (SessionStart's source "clear" is
	// the native reason "new"); a value not listed is the same in both.
	// Nil when none is translated.
	Values [][2]string
}
