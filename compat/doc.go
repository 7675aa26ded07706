// Package compat is the facade an agent calls: it loads hook sources of
// every registered format — Claude Code settings and plugin hooks.json
// files, Phi hook folders, native TOML, … — into one native config with
// warnings ([Load]), builds the shared engine for them ([NewEngine]),
// reads one event in the native wire form or an agent's ([ParseEvent]),
// converts configs between formats ([Convert]), and checks, lists and
// watches the loaded hooks ([Doctor], [List], [Watch]).
//
//	loaded, err := compat.Load(compat.Options{Project: dir, Settings: []string{".claude/settings.json"}})
//	eng, err := compat.NewEngine(loaded, runner.Options{Workspace: dir})
//	out, err := eng.Fire(ctx, runner.Event{Name: settings.PreTool, Tool: "shell", Args: args})
//
// Everything format-specific goes through the format registry (package
// compat/format); compat has no per-format code of its own. Sources are
// loaded per format, formats in their load order (Claude Code first,
// then the other agents, Phi, native TOML last); within a format, in the
// order given. Hooks of one event run per protocol group in that order
// (docs/decisions/004).
package compat
