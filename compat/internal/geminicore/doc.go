// Package geminicore holds what hookcompat's Gemini CLI and Qwen Code
// formats share: Qwen Code is a fork of Gemini CLI, and both read
// settings.json files with comments stripped, expand $VAR references in
// every string at load, write hook payloads with JSON.stringify, read a
// hook's reply from the same output object and keep their hooks in the
// same settings file as the rest of their configuration. Where the two
// agents differ, the difference is a parameter here and a column of each
// format's event table (compat/gemini, compat/qwen).
//
// The package is internal to compat: only the two formats import it.
package geminicore
