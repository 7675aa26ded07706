// Package format is the contract every hook format of hookcompat
// implements, and the registry of formats and conversion targets (after
// Caddy's config-adapter registry).
//
// A format is one agent's hooks: Claude Code's settings.json hooks, Phi's
// hook folders, OpenAI Codex's hooks.json, native TOML, …. One registered
// [Format] value owns everything about it:
//
//   - detection ([Format.Detect], for `convert --from auto`) and discovery
//     ([Format.Discover]: the files the home agent reads, with their
//     scopes and precedence);
//   - decoding with positions and translation to the native model, with a
//     warning for everything not carried over exactly ([Format.Load]
//     across all of a load's sources, applying the agent's switches,
//     trust and merge rules; [Format.Translate] for one file);
//   - the runtime protocol its hooks speak ([Format.Protocol], a
//     runner.Protocol: payload, environment, working directory, shell,
//     reply classifier, combiner with a typed per-protocol detail);
//   - optionally: what the home agent shows the model ([Renderer]), its
//     event payload ([EventReader]) and the payload keys that hold native
//     event fields ([PayloadKeyer]), its doctor lints ([Linter]), the
//     variables its commands use ([CommandVars]), the exec shim's command
//     line in both directions ([Shimmer], [ShimMatcher], [ShimGrouper]),
//     and conversion targets ([RegisterTarget]).
//
// Package compat (Load, NewEngine, Convert, Doctor, List, Watch) and the
// hookcompat CLI (run, list, doctor, validate, watch, convert, exec) go
// through this registry only. Formats register in init; package
// compat/all imports every format hookcompat ships; package compat
// imports none, so a program links the formats it imports (the
// hookcompat command links compat/all).
//
// # Adding a format
//
// A new format is one folder and one line in compat/all. The folder
// registers, from init, the format and every name it owns — its hooks'
// protocol, its match syntax and its tool dialect, all spelt as its name
// — with the package that keeps each, so no shared package lists agents
// (a test in compat/all fails when a file outside the folder spells one
// of them or imports the folder):
//
//	package acme // compat/acme
//
//	const Name = "acme" // the format's, its protocol's, match syntax's and dialect's name
//
//	var Format format.Format = acmeFormat{}
//
//	func init() {
//		format.Register(Format)
//		settings.RegisterProtocol(Name)                  // protocol = "acme" in native TOML
//		settings.RegisterMatchSyntax(Name, checkMatcher) // match_syntax = "acme"
//		translate.RegisterDialect(Name, func() translate.DialectTable {
//			return translate.DialectTable{Names: map[string]string{"shell": "Terminal"}} // its tool names
//		})
//	}
//
//	type acmeFormat struct{}
//
//	func (acmeFormat) Name() string { return Name }
//	func (acmeFormat) Info() format.Info {
//		return format.Info{Title: "Acme", Flag: "acme", FlagUsage: "Acme hooks.yaml (repeatable)", Order: 30}
//	}
//	func (acmeFormat) Detect(path string, data []byte) bool { return filepath.Base(path) == "hooks.yaml" }
//	func (acmeFormat) Discover(env *format.Env) format.Discovery {
//		p := filepath.Join(env.Project, ".acme", "hooks.yaml")
//		d := format.Discovery{Watch: []string{p}}
//		if _, err := os.Stat(p); err == nil {
//			d.Sources = append(d.Sources, format.Source{Format: Name, Path: p, Scope: "project", Discovered: true})
//		}
//		return d
//	}
//	func (f acmeFormat) Load(srcs []format.Source, env *format.Env) (*format.Result, error) {
//		res := &format.Result{Config: &settings.Config{}}
//		for _, s := range srcs {
//			data, err := os.ReadFile(s.Path)
//			if err != nil {
//				return nil, err
//			}
//			cfg, warns, err := f.Translate(translate.Source{Path: s.Path, Data: data, Scope: s.Scope})
//			if err != nil {
//				return nil, err
//			}
//			res.Config.Append(cfg)
//			res.Warnings = append(res.Warnings, warns...)
//			res.Files = append(res.Files, s.Path)
//		}
//		return res, nil
//	}
//	func (acmeFormat) Translate(src translate.Source) (*settings.Config, []translate.Warning, error) {
//		// decode src.Data with positions; each handler becomes a settings.Hook
//		// with Protocol Name, its timeout converted from the format's unit
//		return decode(src)
//	}
//	func (acmeFormat) Protocol(v *translate.Vocabulary) runner.Protocol { return &protocol{vocab: v} }
//
// and in compat/all: import _ "github.com/hookcompat/hookcompat/compat/acme".
// The protocol implements runner.Protocol (Selects, Encode, Prepare,
// Classify, Schedule, Combine); everything else is optional.
package format
