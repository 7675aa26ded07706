// Package geminicore is the core hookcompat's Gemini CLI and Qwen Code
// formats share. Qwen Code is a fork of Gemini CLI that follows its
// releases: both read settings.json files with comments stripped, expand
// $VAR references in every string at load, write hook payloads with
// JSON.stringify, read a hook's reply from the same output object, keep
// their hooks in the same settings file as the rest of their
// configuration and discover them in the same scopes.
//
// The core is parametrised by each agent's [Agent]: its event table, one
// [Row] per event (the columns both agents' tables share), and the few
// functions in which the two agents really differ (matcher rules, output
// reading and merging, environment, paths). From them it gives:
//   - the payload walk both ways ([Agent.FromPayload], [Agent.Payload]);
//   - the runner.Protocol ([Protocol]: selection with unevaluable
//     matchers reported, encode, prepare, schedule, classify, combine,
//     chain, detached hooks);
//   - the format glue ([Agent.ShimEvent], [Agent.ShimHook], [Agent.Vars],
//     [Agent.ReadEvent], [Agent.ReadHostEvent], detection helpers);
//   - the scopes and paths ([Agent.PathsFor], [Agent.Discover],
//     [Agent.ScopeOf], [TrustedFolder]);
//   - the convert target ([Target]) and the in-place writer of a
//     settings file's hooks object ([WriteInPlace]), which keeps every
//     other byte.
//
// Each format keeps its own table (events.go), its decoder, its load
// rules across files, its merge and reply rules, its renderer and its
// host reply. The package is internal to compat: only the two formats
// import it.
package geminicore
