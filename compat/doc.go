// Package compat is the facade an agent calls: it loads hook sources of
// every registered format — Claude Code settings and plugin hooks.json
// files, Phi hook folders, native TOML, OpenAI Codex, Gemini CLI, Qwen
// Code and Cursor files — into one native config with warnings ([Load]),
// builds the shared engine for them ([NewEngine]), keeps the engine in
// step with the files and says when a hook's script stops running
// ([Watch], [ScriptFindings]), reads one event in the native wire form
// or an agent's ([ParseEvent]), shows what an agent's model would see of
// an outcome ([Render]), converts configs between formats ([Convert]),
// and checks and lists the loaded hooks ([Doctor], [List]).
//
// compat links no format itself: a program imports the format packages it
// loads (compat/claude, compat/codex, …; each registers itself) or
// compat/all for every format hookcompat ships.
//
//	import _ "github.com/hookcompat/hookcompat/compat/all"
//
//	loaded, err := compat.Load(compat.Options{Project: dir, Sources: claude.Sources(".claude/settings.json")})
//	eng, err := compat.NewEngine(loaded, runner.Options{})
//	out, err := eng.Fire(ctx, runner.Event{Name: settings.PreTool, Tool: "shell", Args: args})
//
// An agent loop uses a runner.Session over the engine, which fires every
// event of the session the way the hooks' own agents expect (see the
// runner package, "Which events must be fired").
//
// # Options fixed per load
//
// The tool vocabulary ([Options.Vocabulary]: the host's tool names and
// how each format spells them), the judge of prompt and agent hooks
// ([Options.Judge]) and the caller of mcp_tool hooks ([Options.MCP]) are
// options of the load and of every engine built from it, fixed at
// construction: engines of different loads fire concurrently without
// sharing mutable state.
//
// # Order
//
// Sources are loaded per format, formats in their load order (Claude
// Code first, then the other agents, Phi, native TOML last); within a
// format, in the order given. Hooks of one event run per protocol group
// in that order; once a group blocks, later groups are skipped.
// Everything format-specific goes through the format registry (package
// compat/format); compat has no per-format code of its own.
//
// # Errors
//
// Load fails on a source that does not exist (errors.Is(err,
// fs.ErrNotExist)) or cannot be read or translated (a positioned
// [settings.Error]); a hook an engine would reject is a typed error
// ([settings.MatcherError], [settings.RuleError],
// [settings.UnknownEventError]). What a source holds that the format's
// agent would skip is a warning ([Loaded.Warnings]), never an error.
//
// # Stability
//
// From v1.0.0 on, packages compat, compat/format, runner, settings,
// settings/watch and translate follow semantic versioning: their exported
// API only grows in minor releases (new fields, functions, formats,
// warning codes; for the interfaces a format implements, new optional
// interfaces rather than new methods), and
// the documented behaviour of each format is that of the agent version it
// names (format.Info.Version), updated in minor releases when that agent
// changes. The warning codes and the JSON forms of outcomes are stable;
// the wording of messages and warnings is not. The packages of single
// formats (compat/claude, compat/phi, compat/native, compat/cursor, …)
// export their Format, Protocol and the helpers other formats and the
// CLI share; beyond what package compat/format's interfaces require of
// them, those helpers may change in minor releases.
package compat
