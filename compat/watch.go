package compat

import (
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/settings/watch"
	"github.com/hookcompat/hookcompat/translate"
)

// Watch keeps eng's hooks in step with the sources of opts: every source
// file's directory is watched, and an edit that changes the hooks is
// re-loaded and swapped into eng atomically ([runner.Engine.Replace]); a
// broken edit keeps the previous hooks and is reported to onChange with
// its file:line (B46). A discovered settings file or Phi hook.json that
// stops parsing is a broken edit too, although a fresh load would skip it
// with a warning: the hooks it held keep running until it is fixed. Each
// reload reports the hooks added, removed and changed (matcher, timeout,
// if rule, fail_closed, command, type, …), and the load warnings new
// since the last report that mean hooks will not run (an event renamed
// to a name its format does not know). A Phi hooks folder is watched with
// its hook folders, including those created later. The sources are
// loaded once at start (that load's error is returned). Close the
// returned watcher to stop.
func Watch(opts Options, eng *runner.Engine, onChange func(watch.Change)) (*watch.Watcher, *Loaded, error) {
	first, err := Load(opts)
	if err != nil {
		return nil, nil, err
	}
	// The files read, where discovered sources would appear, and the
	// sources themselves (a Phi hooks folder, whose new hook folders are
	// watched as they appear).
	files := append([]string(nil), first.Watch...)
	for _, s := range first.Sources {
		files = append(files, s.Path)
	}
	return startWatch(opts, files, eng, onChange, first)
}

func startWatch(opts Options, files []string, eng *runner.Engine, onChange func(watch.Change), first *Loaded) (*watch.Watcher, *Loaded, error) {
	started := false
	warnings := droppedHooks(first.Warnings) // of the last successful load
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
			warnings = droppedHooks(l.Warnings)
			return l.Config, nil
		},
		Warnings: func() []string { return warnings },
		Apply:    eng.Replace,
		OnChange: onChange,
	})
	return w, first, err
}

// droppedHooks are the warnings of a load that mean hooks their author
// wrote will not run (an unknown event, an invalid matcher): a reload
// names each new one.
func droppedHooks(warns []translate.Warning) []string {
	var out []string
	for _, w := range warns {
		if format.DropsHooks(w) {
			out = append(out, w.String())
		}
	}
	return out
}
