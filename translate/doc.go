// Package translate owns the contract between foreign hook formats and the
// native model: the [Translator] interface and its registry (Caddy-adapter
// style), ordered format detection ([Detector], [Detect]), the positioned
// [Warning] every lossy construct produces, and the mapping tables shared
// by all formats: event names ([ClaudeEvent], [NativeEvent]) and the tool
// vocabulary ([Vocabulary]) with argument renames.
//
// A translator returns (native config, warnings, error): a construct that
// cannot be carried over exactly is either kept through an extension field
// of the native model or reported as a warning with a stable code; it is
// never dropped silently. An error is only for input that cannot be
// translated at all (it does not parse).
package translate
