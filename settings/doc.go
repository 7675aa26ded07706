// Package settings owns hookcompat's native hook model: the event set of the
// native engine spec (HK-50…HK-52) in canonical order, the [Hook] definition
// with its TOML fields, the [Config] that holds hooks per event, strict TOML
// decoding with positioned errors (HK-01, HK-65) and a deterministic encoder.
//
// # Format
//
// A native config is TOML with one array of tables per event:
//
//	[[hooks.pre_tool]]
//	match = "shell"                 # path.Match glob on the tool name; "" = all (HK-01)
//	command = "./check.sh"          # run as `bash -c` in the workspace (HK-02)
//	timeout_seconds = 10            # seconds; 0 or absent = 30 s (HK-02)
//	fail_closed = true              # a failure blocks (HK-21)
//
// Besides the fields of the native spec (match, command, args, type,
// timeout_seconds, fail_closed, if, url, headers, allowed_env_vars, prompt,
// model) a hook may carry extension fields that translation from foreign
// formats needs: protocol, match_syntax, env, shell, async, rewake, status_message,
// once, name and dir. They are documented on [Hook]; a plain native engine ignores
// none of them silently, because hookcompat convert --target native never
// emits them.
//
// # Errors
//
// [Decode] is strict: unknown keys, values of the wrong type, an empty
// command, an invalid glob, command and args together, and an unknown event
// are errors of type [*Error], each naming file, line, column and field.
// Several problems in one file are returned together as an [ErrorList].
//
// # Encoding
//
// [Encode] writes events in canonical order ([Events] then
// [ExtensionEvents]), hooks in their configured order, and fields in the
// fixed order of [Hook]'s declaration; it omits fields that hold their zero
// value. Decoding the output gives back an equal [Config] (provenance aside).
package settings
