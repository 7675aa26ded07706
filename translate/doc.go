// Package translate owns the contract between foreign hook formats and the
// native model: the [Source] a format's Translate reads (package
// compat/format's Format.Translate), the positioned [Warning] every
// lossy construct produces, and the mapping tables shared by all formats:
// Claude Code's event names ([ClaudeEvent], [NativeEvent]), which other
// agents' files use too, and the tool vocabulary ([Vocabulary]) with
// argument renames. The vocabulary holds no agent's names of its own:
// each format registers its dialect's table ([RegisterDialect]) from its
// package, so [DefaultVocabulary] knows the dialects of the formats a
// program links.
//
// A translator returns (native config, warnings, error): a construct that
// cannot be carried over exactly is either kept through an extension field
// of the native model or reported as a warning with a stable code; it is
// never dropped silently. An error is only for input that cannot be
// translated at all (it does not parse).
package translate
