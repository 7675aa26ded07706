package compat

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/settings/watch"
	"github.com/hookcompat/hookcompat/translate"
)

// Change is one reload attempt of [Watch]: what the watcher did
// (watch.Change: Err, Applied, Added, Removed, Changed — the hooks that
// stay with another matcher, timeout, if rule, command, …) and, when it
// applied a new load, that load and its warnings; or a change of the
// scripts the hooks run: then Err is nil, Applied false, and only Broken
// and Fixed are set (at least one of them).
type Change struct {
	watch.Change
	// Warnings are the warnings of the load now running, when Applied:
	// among them, a hook that the edit made unloadable (a matcher that
	// does not compile, an unknown event) and that is therefore not
	// running. A reload that changes only the warnings is applied and
	// reported too.
	Warnings []translate.Warning
	// Loaded is the load now running, when Applied.
	Loaded *Loaded
	// Broken are the findings of [ScriptFindings] that are new since the
	// last report (or since the start): a hook that will not run because
	// of the file it runs — its script or program lost its execute bit
	// (not-executable, hint "chmod +x …"), was deleted or replaced by a
	// directory (command-not-found, missing-script), fails its
	// interpreter's syntax check (script-syntax-error) or names a missing
	// interpreter (missing-interpreter, crlf-shebang). Each finding is
	// reported once, however many file events one save makes; a hook
	// moved to another line by a reload is the same hook (its event,
	// source file and label), not a new finding. Position: the hook's
	// file:line:col in its source.
	Broken []Finding
	// Fixed are the findings earlier reported (or true at the start) of
	// the hooks, still loaded, that have none any more: each such hook
	// runs again. Their positions are the hooks' current ones. A hook
	// whose finding is replaced by another (a script that loses its
	// execute bit, then is deleted) is in Broken only; a hook removed by
	// a reload is in Removed, not here.
	Fixed []Finding
}

// Watch keeps eng's hooks in step with the sources l was loaded from:
// every source file's directory is watched, and an edit that changes the
// hooks is loaded again (with l's options) and swapped into eng
// atomically ([runner.Engine.Replace]). l is not loaded again to start:
// eng gets l's config, and each later load is reported to onChange (nil
// ignores them) with its warnings. A broken edit keeps the previous hooks
// and is reported with its file:line; a discovered settings file or Phi
// hook.json that stops parsing is a broken edit too, although a fresh
// load would skip it with a warning: the hooks it held keep running until
// it is fixed. Close the returned watcher to stop.
//
// The files the running hooks run — each script or program a command
// names by a path, and the script an interpreter is given, resolved as
// [Diagnose] resolves them (in the hook's dir or the project; in any
// folder, also outside the sources'; a symlink's target too) — are
// watched too, also after an editor replaces one by a rename. A change of a script alone does not
// reload the hooks (the runner runs the file as it is at each event; a
// file inside a Phi hook folder is a source's, and reloads as before): the
// scripts are checked again ([ScriptFindings], with the environment of
// the process when Watch is called) and, when a hook will not run any
// more or runs again, a Change with only Broken or Fixed is reported,
// once per debounced burst of file events. An applied reload carries the
// Broken and Fixed of its new hooks. What is already broken at the start
// is not reported (ScriptFindings(l, nil) tells it).
//
// l must come from [Load]; eng is usually [NewEngine]'s for l.
func Watch(l *Loaded, eng *runner.Engine, onChange func(Change)) (*watch.Watcher, error) {
	if l == nil || l.Config == nil {
		return nil, errors.New("compat: Watch: no loaded hooks (nil *Loaded)")
	}
	if eng == nil {
		return nil, errors.New("compat: Watch: no engine")
	}
	opts := l.opts
	env := os.Environ()
	var mu sync.Mutex // guards the following
	first := true
	loads := map[*settings.Config]*Loaded{l.Config: l} // the running load and the latest one, by config
	var applied *Loaded
	// The scripts' state last reported, and the last one computed: the
	// watcher asks for the paths (Scripts) right before Check and before
	// it tells OnChange of an applied reload, which use that state, so
	// that what they report is watched. The watcher's goroutine only.
	scripts := checkScripts(l, env)
	computed, asked := scripts, false
	check := func(x *Loaded, fresh bool) *scriptState {
		if fresh || computed.load != x {
			computed = checkScripts(x, env)
		}
		return computed
	}
	lookup := func(cfg *settings.Config) *Loaded {
		mu.Lock()
		defer mu.Unlock()
		return loads[cfg]
	}
	return watch.Start(watch.Options{
		Files: watchFiles(l),
		Load: func() (*settings.Config, error) {
			mu.Lock()
			if first {
				first = false
				mu.Unlock()
				return l.Config, nil
			}
			mu.Unlock()
			next, err := Load(opts)
			if err != nil {
				return nil, err
			}
			if err := brokenSourceError(next.Warnings); err != nil {
				return nil, err
			}
			mu.Lock()
			// Keep the running load and this one: the watcher applies
			// the latest successful load of a burst, or none.
			for cfg := range loads {
				if applied == nil || cfg != applied.Config {
					delete(loads, cfg)
				}
			}
			loads[next.Config] = next
			mu.Unlock()
			return next.Config, nil
		},
		Notes: func(cfg *settings.Config) []byte {
			var b strings.Builder
			if x := lookup(cfg); x != nil {
				for _, w := range x.Warnings {
					b.WriteString(w.String())
					b.WriteByte('\n')
				}
			}
			return []byte(b.String())
		},
		Apply: func(cfg *settings.Config) error {
			if err := eng.Replace(cfg); err != nil {
				return err
			}
			mu.Lock()
			applied = loads[cfg]
			clear(loads)
			if applied != nil {
				loads[cfg] = applied
			}
			mu.Unlock()
			return nil
		},
		Scripts: func(cfg *settings.Config) []string {
			if x := lookup(cfg); x != nil {
				// Fresh but at the start, whose state was just computed.
				fresh := asked
				asked = true
				return check(x, fresh).paths
			}
			return nil
		},
		Check: func() {
			mu.Lock()
			cur := applied
			mu.Unlock()
			if cur == nil {
				return
			}
			now := check(cur, false)
			broken, fixed := scripts.diff(now)
			scripts = now
			if onChange != nil && len(broken)+len(fixed) > 0 {
				onChange(Change{Broken: broken, Fixed: fixed})
			}
		},
		OnChange: func(c watch.Change) {
			ch := Change{Change: c}
			if c.Applied {
				mu.Lock()
				ch.Loaded = applied
				mu.Unlock()
				if ch.Loaded != nil {
					ch.Warnings = ch.Loaded.Warnings
					now := check(ch.Loaded, false)
					ch.Broken, ch.Fixed = scripts.diff(now)
					scripts = now
				}
			}
			if onChange != nil {
				onChange(ch)
			}
		},
	})
}

// ScriptFindings are the findings of [Diagnose] (with env, nil meaning
// os.Environ()) that mean a hook will not run because of the file it
// runs, in load order, each once per hook: codes not-executable (hint
// "chmod +x …"), command-not-found (its program does not exist, is a
// directory or is not on PATH), missing-script, script-syntax-error,
// missing-interpreter and crlf-shebang — of each hook, and of the hook a
// converted hook's exec shim wraps. [Watch] reports their changes.
func ScriptFindings(l *Loaded, env []string) []Finding {
	if env == nil {
		env = os.Environ()
	}
	st := checkScripts(l, env)
	var out []Finding
	for _, id := range st.hooks {
		out = append(out, st.findings[id]...)
	}
	return out
}

// scriptCodes are the codes ScriptFindings keeps.
var scriptCodes = map[string]bool{
	CodeNotExecutable: true, CodeUnresolvable: true, CodeMissingScript: true,
	CodeScriptSyntax: true, CodeMissingInterpreter: true, CodeCRLFShebang: true,
}

// scriptHook names a hook across reloads: its event, source file and
// label, not its line.
type scriptHook struct{ event, file, label string }

// scriptState is what checkScripts found: every hook (in load order),
// its script findings, its position, and the files the hooks run.
type scriptState struct {
	load     *Loaded
	hooks    []scriptHook
	findings map[scriptHook][]Finding
	at       map[scriptHook]settings.Source
	paths    []string
}

// checkScripts runs doctor's checks of what each hook of l runs and keeps
// the findings of scriptCodes and the paths of the files checked.
func checkScripts(l *Loaded, env []string) *scriptState {
	st := &scriptState{load: l, findings: map[scriptHook][]Finding{}, at: map[scriptHook]settings.Source{}}
	seen := map[string]bool{}
	d := &doctor{project: l.Project, env: env, home: envValue(env, "HOME"), vocab: l.Vocabulary}
	if d.vocab == nil {
		d.vocab = translate.DefaultVocabulary
	}
	d.script = func(p string) {
		// A symlinked script (dotfiles kept with stow or chezmoi) changes
		// in its target's folder: the target is watched too.
		paths := []string{p}
		if t, err := filepath.EvalSymlinks(p); err == nil && t != p {
			paths = append(paths, t)
		}
		for _, x := range paths {
			if !seen[x] {
				seen[x] = true
				st.paths = append(st.paths, x)
			}
		}
	}
	for i := range l.Config.Hooks {
		h := &l.Config.Hooks[i]
		id := scriptHook{string(h.Event), h.Source.File, h.Label()}
		if _, dup := st.at[id]; !dup {
			st.hooks = append(st.hooks, id)
			st.at[id] = h.Source
		}
		fs, _ := d.hook(h)
		for _, f := range dedupe(fs) { // as Diagnose: one missing-script per hook
			if scriptCodes[f.Code] && !hasFinding(st.findings[id], f) {
				st.findings[id] = append(st.findings[id], f)
			}
		}
	}
	return st
}

// hasFinding reports whether fs has f's code and message.
func hasFinding(fs []Finding, f Finding) bool {
	for _, x := range fs {
		if x.Code == f.Code && x.Message == f.Message {
			return true
		}
	}
	return false
}

// diff is what changed from s to now: the findings of now that s did not
// have (broken), and those of s's hooks still in now that have none in
// now (fixed, at the hooks' current positions).
func (s *scriptState) diff(now *scriptState) (broken, fixed []Finding) {
	for _, id := range now.hooks {
		for _, f := range now.findings[id] {
			if !hasFinding(s.findings[id], f) {
				broken = append(broken, f)
			}
		}
	}
	for _, id := range s.hooks {
		src, still := now.at[id]
		if !still || len(now.findings[id]) > 0 {
			continue
		}
		for _, f := range s.findings[id] {
			f.File, f.Line, f.Col = src.File, src.Line, src.Col
			fixed = append(fixed, f)
		}
	}
	return broken, fixed
}

// watchFiles are the files of l, where its discovered sources would
// appear, and its sources themselves (a Phi hooks folder, whose hook
// folders are watched, also those created later).
func watchFiles(l *Loaded) []string {
	files := append([]string(nil), l.Watch...)
	for _, s := range l.Sources {
		files = append(files, s.Path)
	}
	return files
}
