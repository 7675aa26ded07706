package compat

import (
	"errors"
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
// applied a new load, that load and its warnings.
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
// l must come from [Load]; eng is usually [NewEngine]'s for l.
func Watch(l *Loaded, eng *runner.Engine, onChange func(Change)) (*watch.Watcher, error) {
	if l == nil || l.Config == nil {
		return nil, errors.New("compat: Watch: no loaded hooks (nil *Loaded)")
	}
	if eng == nil {
		return nil, errors.New("compat: Watch: no engine")
	}
	opts := l.opts
	var mu sync.Mutex // guards the following
	first := true
	loads := map[*settings.Config]*Loaded{l.Config: l} // the running load and the latest one, by config
	var applied *Loaded
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
		OnChange: func(c watch.Change) {
			if onChange == nil {
				return
			}
			ch := Change{Change: c}
			if c.Applied {
				mu.Lock()
				ch.Loaded = applied
				mu.Unlock()
				if ch.Loaded != nil {
					ch.Warnings = ch.Loaded.Warnings
				}
			}
			onChange(ch)
		},
	})
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
