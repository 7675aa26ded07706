package phi

import (
	"os"
	"path/filepath"

	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// translator reads Phi hooks into native hooks. It is registered as
// format "phi". Its source is a directory (translate.Source with Data
// nil): a hooks folder such as .phi/hooks, or one hook directory (a
// folder holding hook.json); or a hook.json file, whose directory is the
// hook directory.
type translator struct{}

// Detect recognises a directory source (Data nil) that is a hooks folder
// or a hook directory, and a file named hook.json.
func (translator) Detect(src translate.Source) bool {
	if src.Data != nil {
		return filepath.Base(src.Path) == "hook.json"
	}
	st, err := os.Stat(src.Path)
	return err == nil && st.IsDir()
}

// Translate reads src (see translator) with Phi's discovery rules
// (discoverHooks; PHI_HOOKS is not consulted: converting is not running)
// and returns its hooks in name order (toConfig). The scope recorded in
// each hook's Source is src.Scope when it is "user" or "project", else
// user for ~/.phi/hooks and project for any other folder. Invalid and
// disabled manifests are skipped with a warning.
//
// Errors: the folder cannot be listed (Phi would load no hook at all).
func (translator) Translate(src translate.Source) (*settings.Config, []translate.Warning, error) {
	scope := src.Scope
	if scope != ScopeUser && scope != ScopeProject {
		home, _ := os.UserHomeDir()
		scope = scopeOf(src.Path, home)
	}
	if src.Data != nil {
		h, warns, ok := hookFromManifest(filepath.Dir(src.Path), src.Path, scope, src.Data)
		if !ok {
			return &settings.Config{}, warns, nil
		}
		return toConfig([]foundHook{h}), warns, nil
	}
	if _, err := os.Stat(filepath.Join(src.Path, "hook.json")); err == nil {
		h, warns, ok := readHookDir(src.Path, scope)
		if !ok {
			return &settings.Config{}, warns, nil
		}
		return toConfig([]foundHook{h}), warns, nil
	}
	hooks, warns, err := discover([]hooksDir{{Path: src.Path, Scope: scope, Explicit: true}})
	if err != nil {
		return nil, warns, err
	}
	return toConfig(hooks), warns, nil
}

// loadDirs discovers the hooks of dirs (discoverHooks) and returns them as
// native hooks (toConfig).
func loadDirs(dirs []hooksDir, getenv func(string) string) (*settings.Config, []translate.Warning) {
	hooks, warns := discoverHooks(dirs, getenv)
	return toConfig(hooks), warns
}

// toConfig turns discovered hooks into native hooks, in the given order:
// protocol "phi", match syntax "exact" (the match as written, "*" for
// all; compared with the Phi tool name), Args = [absolute run path] (run
// directly, no shell), Timeout, FailClosed, Async, Name and Dir (the hook
// directory, the working directory). A pre_tool hook becomes a pre_tool
// hook, a post_tool hook a post_tool hook (post_tool fires for every
// call, failed ones included, HK-52, as Phi's post hooks do).
func toConfig(hooks []foundHook) *settings.Config {
	cfg := &settings.Config{}
	for _, ph := range hooks {
		h := settings.Hook{
			Match:       ph.Match,
			MatchSyntax: settings.MatchExact,
			Args:        []string{ph.Run},
			Timeout:     ph.Timeout,
			FailClosed:  ph.FailClosed,
			Async:       ph.Async,
			Protocol:    Name,
			Name:        ph.Name,
			Dir:         ph.Dir,
			Source: settings.Source{File: ph.Path, Line: ph.Line, Col: ph.Col, Format: "phi",
				Scope: ph.Scope, Event: ph.Event},
		}
		// A post_tool hook loads on post_tool only: the native spec fires
		// post_tool for every call, failed ones included (HK-52), as Phi
		// runs its post hooks after failed tools; post_tool_failure fires
		// in addition, so a hook on both would run twice.
		h.Event = eventNamed(ph.Event).native
		cfg.Hooks = append(cfg.Hooks, h)
	}
	return cfg
}
