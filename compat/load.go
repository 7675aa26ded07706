// Package compat is the facade an agent calls: it loads hook sources of
// any supported format — Claude Code settings and plugin hooks.json files,
// Phi hook folders, native TOML — into one native config with warnings ([Load]), builds the
// shared engine for them ([NewEngine]), and reads one event in either the
// native or the Claude wire form ([ParseEvent]).
//
//	loaded, err := compat.Load(compat.Options{Project: dir, Settings: []string{".claude/settings.json"}})
//	eng, err := compat.NewEngine(loaded, runner.Options{Workspace: dir})
//	out, err := eng.Fire(ctx, runner.Event{Name: settings.PreTool, Tool: "shell", Args: args})
//
// Sources keep their order within a format; across formats, Claude
// sources come first, then Phi hook folders, then native TOML configs. Hooks of one event run
// per protocol group in that order (docs/decisions/004).
package compat

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/compat/phi"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Options says which hook sources to load.
type Options struct {
	// Project is the workspace directory (Claude's CLAUDE_PROJECT_DIR).
	// Empty means the process's working directory.
	Project string
	// Settings are Claude Code settings files or plugin hooks.json files,
	// in order. Relative paths are relative to the process's working
	// directory, like any file name (join them with Project to name files
	// of the project). A file named hooks.json in a directory named hooks is a
	// plugin's: its hooks get CLAUDE_PLUGIN_ROOT (the plugin directory)
	// and CLAUDE_PLUGIN_DATA.
	Settings []string
	// Configs are native TOML files, in order; they are loaded after the
	// Settings files.
	Configs []string
	// Plugins are Claude Code plugin directories; each one's
	// hooks/hooks.json is loaded with CLAUDE_PLUGIN_ROOT and
	// CLAUDE_PLUGIN_DATA (claude §1.6).
	Plugins []string
	// Discover, when no Settings, Configs and PhiDirs are given, also loads
	// the Claude Code files that exist: ~/.claude/settings.json,
	// <project>/.claude/settings.json, <project>/.claude/settings.local.json
	// and the managed policy files (claude §1.1, §1.2); and Phi's hook
	// folders ~/.phi/hooks and <project>/.phi/hooks (phi §1).
	Discover bool
	// Home overrides the user's home directory for discovery; empty means
	// os.UserHomeDir.
	Home string
	// ManagedDir overrides where managed policy files are looked for;
	// empty means /etc/claude-code.
	ManagedDir string
	// Trusted, if set, decides whether the project's own Claude hooks
	// (project and local settings) may run (claude §1.5); nil trusts.
	Trusted func(project string) bool
	// PhiDirs are Phi hook folders (each like <project>/.phi/hooks), in
	// order: a later folder's hook replaces an earlier one of the same
	// name, as Phi's project hooks replace its user hooks. A folder that
	// does not exist gives a warning; one that cannot be listed loads no
	// Phi hook at all, as in Phi (phi §1).
	PhiDirs []string
	// Env is the environment discovery reads (PHI_HOOKS=off disables Phi
	// hooks); nil means the process's.
	Env []string
}

// Loaded is the result of [Load]: the hooks of every source in source
// order, the warnings of every source, and the files read.
type Loaded struct {
	Config   *settings.Config
	Warnings []translate.Warning
	// Files are the source files read: Claude settings and plugin files,
	// Phi hook.json files (loaded or rejected) and native TOML; [Watch]
	// watches them.
	Files   []string
	Project string
}

// Load reads every source of opts. It fails on the first source that
// cannot be read or translated (a syntax error, with file:line:col) or
// that does not exist; warnings never fail it.
func Load(opts Options) (*Loaded, error) {
	project := opts.Project
	if project == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("load: %w", err)
		}
		project = wd
	}
	abs, err := filepath.Abs(project)
	if err != nil {
		return nil, fmt.Errorf("load: %w", err)
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("load: project directory %s does not exist", abs)
	}
	l := &Loaded{Config: &settings.Config{}, Project: abs}
	home := opts.Home
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	var files []claude.SourceFile
	for _, p := range opts.Settings {
		files = append(files, claude.SourceFile{Path: p, Scope: claude.ScopeOf(p, home, abs, opts.ManagedDir)})
	}
	for _, dir := range opts.Plugins {
		files = append(files, claude.SourceFile{Path: filepath.Join(dir, "hooks", "hooks.json"), Scope: claude.ScopePlugin})
	}
	discover := opts.Discover && len(opts.Settings) == 0 && len(opts.Configs) == 0 && len(opts.PhiDirs) == 0
	if discover {
		files = append(claude.Discover(home, abs, opts.ManagedDir), files...)
	}
	for _, f := range files {
		if _, err := os.Stat(f.Path); err != nil {
			if errors.Is(err, os.ErrNotExist) {
				p, _ := filepath.Abs(f.Path)
				return nil, fmt.Errorf("reading %s: no such file: %w", p, settings.ErrNoConfig)
			}
			return nil, fmt.Errorf("reading %s: %w", f.Path, err)
		}
		l.Files = append(l.Files, f.Path)
	}
	cfg, warns, err := claude.LoadSources(files, claude.LoadOptions{
		Project: abs,
		Trusted: opts.Trusted,
		PluginEnv: func(path string) map[string]string {
			return SourceFor(path, nil).Env
		},
	})
	if err != nil {
		return nil, err
	}
	l.Config.Append(cfg)
	l.Warnings = append(l.Warnings, warns...)
	var phiDirs []phi.Dir
	for _, d := range opts.PhiDirs {
		phiDirs = append(phiDirs, phi.Dir{Path: d, Scope: phi.ScopeOf(d, home), Explicit: true})
	}
	if discover {
		phiDirs = phi.DefaultDirs(home, abs)
	}
	phiCfg, phiWarns := phi.Load(phiDirs, lookupEnv(opts.Env))
	l.Config.Append(phiCfg)
	l.Warnings = append(l.Warnings, phiWarns...)
	// The hook.json files read, loaded or rejected, are sources to watch.
	seen := map[string]bool{}
	for _, h := range phiCfg.Hooks {
		if f := h.Source.File; f != "" && !seen[f] {
			seen[f] = true
			l.Files = append(l.Files, f)
		}
	}
	for _, w := range phiWarns {
		if w.Code == phi.CodeInvalidManifest && w.File != "" && !seen[w.File] {
			seen[w.File] = true
			l.Files = append(l.Files, w.File)
		}
	}
	for _, path := range opts.Configs {
		cfg, err := settings.Load(path)
		if err != nil {
			return nil, err
		}
		l.Config.Append(cfg)
		l.Files = append(l.Files, path)
	}
	return l, nil
}

// SourceFor describes a Claude file for translation: a file named
// hooks.json in a directory named hooks is a plugin's, so its hooks get
// CLAUDE_PLUGIN_ROOT (the plugin directory, absolute) and
// CLAUDE_PLUGIN_DATA (claude §1.6); any other file is a settings file.
func SourceFor(path string, data []byte) translate.Source {
	src := translate.Source{Path: path, Data: data, Scope: "settings"}
	if filepath.Base(path) == "hooks.json" && filepath.Base(filepath.Dir(path)) == "hooks" {
		root, _ := filepath.Abs(filepath.Dir(filepath.Dir(path)))
		src.Scope = "plugin"
		src.Env = map[string]string{
			"CLAUDE_PLUGIN_ROOT": root,
			"CLAUDE_PLUGIN_DATA": pluginDataDir(root),
		}
	}
	return src
}

// pluginDataDir is ~/.claude/plugins/data/<id> for a plugin directory,
// with the directory's name as id (claude §1.6).
func pluginDataDir(root string) string {
	home, _ := os.UserHomeDir()
	id := []byte(filepath.Base(root))
	for i, c := range id {
		if !(c == '_' || c == '-' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
			id[i] = '-'
		}
	}
	return filepath.Join(home, ".claude", "plugins", "data", string(id))
}

// NewEngine returns an engine running l's hooks. opts.Workspace defaults
// to l.Project.
func NewEngine(l *Loaded, opts runner.Options) (*runner.Engine, error) {
	if opts.Workspace == "" {
		opts.Workspace = l.Project
	}
	return runner.New(l.Config, opts)
}

// Wire formats of an event given to [ParseEvent].
const (
	WireNative = "native"
	WireClaude = "claude"
)

// ParseEvent reads one event: a Claude Code hook payload (it has
// "hook_event_name") is translated to the native event; a native event
// (it has "event") is decoded strictly, except that tool_use_id is
// accepted for tool_call_id. workspace fills the native
// workspace field when the input lacks it. It returns the event and which
// wire form it was in.
func ParseEvent(data []byte, workspace string) (runner.Event, string, error) {
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(bytes.TrimPrefix(data, []byte("\ufeff")), &probe); err != nil {
		return runner.Event{}, "", fmt.Errorf("event: not a JSON object: %w", err)
	}
	switch {
	case probe["hook_event_name"] != nil:
		ev, err := claude.FromPayload(data, workspace)
		return ev, WireClaude, err
	case probe["event"] != nil:
		if probe["tool_use_id"] != nil && probe["tool_call_id"] == nil {
			// tool_use_id, Claude's and Phi's name, is accepted for the
			// native tool_call_id (docs/decisions/001).
			var fields runner.Fields
			if err := json.Unmarshal(data, &fields); err == nil {
				for i := range fields {
					if fields[i].Key == "tool_use_id" {
						fields[i].Key = "tool_call_id"
					}
				}
				if b, err := fields.MarshalJSON(); err == nil {
					data = b
				}
			}
		}
		var ev runner.Event
		if err := json.Unmarshal(data, &ev); err != nil {
			return runner.Event{}, "", err
		}
		if !ev.Name.Known() {
			return runner.Event{}, "", fmt.Errorf("native event: unknown event %q", ev.Name)
		}
		if ev.Workspace == "" {
			ev.Workspace = workspace
		}
		return ev, WireNative, nil
	}
	return runner.Event{}, "", fmt.Errorf(`event: neither a native event (no "event" key) nor a Claude Code payload (no "hook_event_name" key)`)
}

// lookupEnv returns a getenv over env ("KEY=value"; the last definition
// wins), or os.Getenv when env is nil.
func lookupEnv(env []string) func(string) string {
	if env == nil {
		return os.Getenv
	}
	return func(name string) string {
		v := ""
		for _, kv := range env {
			if k, val, ok := strings.Cut(kv, "="); ok && k == name {
				v = val
			}
		}
		return v
	}
}
