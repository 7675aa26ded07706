// Package jsonwire writes JSON byte for byte as an agent's runtime writes
// it, so that the stdin hookcompat hands a hook equals what the agent
// itself would have sent.
//
// Two runtimes matter. Claude Code, Cursor, Gemini CLI and Qwen Code are
// JavaScript programs: a hook's payload is JSON.stringify of an object.
// Codex is a Rust program: its payloads are serde_json::to_string of a
// struct. Both write compact JSON (no insignificant white space), members
// in the order the program builds them, and strings escaped alike: only
// '"', '\\' and the control characters U+0000–U+001F are escaped (\b \f
// \n \r \t by name, the others as \u00xx in lower-case hex); everything
// else, '<', '>', '&', U+007F, U+2028 and U+2029 included, is written as
// literal UTF-8. Neither runtime can hold invalid UTF-8 in a string, so
// each invalid byte of a Go string is written as U+FFFD.
//
// Where the writers genuinely differ is in how a value received as raw
// JSON is written again ([Style]):
//
//   - [JS] (Claude Code, Cursor): the value was produced by JavaScript and
//     is passed through, so members keep their order (a duplicate key
//     included) and numbers keep their spelling. An empty raw member is
//     left out, as JSON.stringify leaves out an undefined property.
//   - [JSRoundTrip] (Gemini CLI, Qwen Code): the value went through
//     JSON.parse before JSON.stringify, so a duplicate key keeps its first
//     position and its last value and numbers are written in JavaScript's
//     shortest form ([JSNumber]). Empty raw members are left out as in JS.
//   - [Serde] (Codex): members in order, numbers as written; serde_json
//     has no undefined, so an empty raw member is an error.
//
// A JSON string escape for a lone UTF-16 surrogate (\ud800) cannot be held
// by a Go string: encoding/json reads it as U+FFFD, and that is what every
// style writes for it. A surrogate pair escape (\ud83d\ude00) is one
// character and is written as literal UTF-8.
//
// [Object] builds one object member by member; [Style.Canon] re-writes a
// whole raw value; [WriteString] and [Quote] write one string.
package jsonwire
