package compat

import (
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/settings/watch"
)

// Watch keeps eng's hooks in step with the sources of opts: every source
// file's directory is watched, and an edit that changes the hooks is
// re-loaded and swapped into eng atomically ([runner.Engine.Replace]); a
// broken edit keeps the previous hooks and is reported to onChange with
// its file:line (B46). A discovered settings file or Phi hook.json that
// stops parsing is a broken edit too, although a fresh load would skip it
// with a warning: the hooks it held keep running until it is fixed. The sources are loaded once at start (that load's
// error is returned). Close the returned watcher to stop.
func Watch(opts Options, eng *runner.Engine, onChange func(watch.Change)) (*watch.Watcher, *Loaded, error) {
	first, err := Load(opts)
	if err != nil {
		return nil, nil, err
	}
	// The files read, and where discovered sources would appear.
	files := append([]string(nil), first.Watch...)
	return startWatch(opts, files, eng, onChange, first)
}

func startWatch(opts Options, files []string, eng *runner.Engine, onChange func(watch.Change), first *Loaded) (*watch.Watcher, *Loaded, error) {
	started := false
	w, err := watch.Start(watch.Options{
		Files: files,
		Load: func() (*settings.Config, error) {
			if !started {
				started = true
				return first.Config, nil
			}
			l, err := Load(opts)
			if err != nil {
				return nil, err
			}
			if err := brokenSourceError(l.Warnings); err != nil {
				return nil, err
			}
			return l.Config, nil
		},
		Apply:    eng.Replace,
		OnChange: onChange,
	})
	return w, first, err
}
