// Package watch reloads hook configs when their files change. It is the
// only user of fsnotify in hookcompat.
//
// A [Watcher] watches the parent directory of every source file (editors
// replace files by renaming, which a watch on the file itself would lose),
// filters events by file name, debounces bursts (250 ms by default), then
// calls Load to re-read and re-translate every source. The result is
// applied only when it differs from the last applied config (compared by
// its encoded TOML and its Options.Notes); a broken edit keeps the last
// good config running and is reported with its file:line. During a burst
// the sources are also read every 25 ms, so that a burst whose last edit
// is broken ends on the last valid version read during it. A lost-events
// overflow reloads.
//
// Each applied reload is reported with the hooks added, removed and
// changed: a hook whose matcher, timeout, if rule, fail_closed, command,
// args, type or any other field changed is named with what changed. The
// immediate subfolders of a directory source (Phi's hook folders) are
// watched too, and one created after the start is watched from then on.
//
// The files a config's hooks run (Options.Scripts: their scripts) are
// watched too, through their parent directories, so that a script an
// editor replaces by a rename stays watched. An event on a script does
// not reload the config (the runner runs the file as it is at each
// event); a debounced burst of them calls Options.Check once.
package watch

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/hookcompat/hookcompat/settings"
)

// DefaultDebounce is how long the watcher waits after the last file event
// before reloading.
const DefaultDebounce = 250 * time.Millisecond

// burstLoadInterval is how often the sources are read while a burst of
// edits goes on, so that the burst's valid versions are known: when its
// last edit is broken, the last valid version seen is applied.
const burstLoadInterval = 25 * time.Millisecond

// Options configures a [Watcher].
type Options struct {
	// Files are the source files to watch (they need not exist yet, nor
	// their directories: a missing directory is noticed when it is made);
	// their parent directories are watched. A directory source (a Phi hooks
	// folder) is watched itself.
	Files []string
	// Load re-reads every source and returns the merged native config.
	// Its error (a *settings.Error or ErrorList for a broken file) keeps
	// the last good config.
	Load func() (*settings.Config, error)
	// Apply installs a new config (for example runner.Engine.Replace). An
	// error keeps the last good config.
	Apply func(*settings.Config) error
	// OnChange is told about every reload attempt; nil ignores them.
	OnChange func(Change)
	// Debounce is the quiet time before a reload; zero means
	// DefaultDebounce.
	Debounce time.Duration
	// Notes, if set, returns what else a loaded config comes with (its
	// load's warnings, as text): a reload whose hooks are unchanged but
	// whose notes differ is applied and reported too, so that a new
	// warning (a hook dropped on reload) is never silent.
	Notes func(*settings.Config) []byte
	// Scripts, if set, returns the files the hooks of a config run (its
	// scripts and the programs it names by a path; absolute, or relative
	// to the working directory). It is called after the start's load,
	// after every applied reload (before OnChange is told) and right
	// before every Check (a symlinked script may point elsewhere now), on
	// the watcher's goroutine but for the start's; each file is watched
	// through its parent
	// directory (a directory that does not exist yet is found when it is
	// made, as for Files; one that cannot be watched is reported as a
	// Change's Err). An event on a script — chmod, write, remove, rename,
	// a new file renamed over it — does not reload the config: it calls
	// Check.
	Scripts func(*settings.Config) []string
	// Check, if set, is called on the watcher's goroutine once per
	// debounced burst of events that touched a file of Scripts (after the
	// reload, when the burst touched a source too), and after a
	// lost-events overflow. It reports what it finds itself.
	Check func()
}

// Change is the result of one reload attempt.
type Change struct {
	// Err is why the edit was not applied (a broken file, with its
	// position); the previous config keeps running.
	Err error
	// Applied reports that a new config is now running.
	Applied bool
	// Added and Removed list hooks as "event: label (source)".
	Added, Removed []string
	// Changed lists hooks that are still there with another matcher,
	// timeout, if rule, command, …: "event: label (source): what changed"
	// (match "Bash" → "Edit"; timeout 30s → 10s).
	Changed []string
}

// Watcher reloads configs on change. One goroutine owns the fsnotify
// watcher, the debounce timer and the last applied config.
type Watcher struct {
	opts      Options
	fs        *fsnotify.Watcher
	done      chan struct{}
	wg        sync.WaitGroup
	closeOnce sync.Once
	files     map[string]bool  // watched file names (absolute)
	dirs      map[string]bool  // directory sources (absolute)
	watched   map[string]bool  // directories with an fsnotify watch; owned by loop after Start
	pending   map[string]bool  // source and script directories that do not exist yet; owned by loop after Start
	scripts   map[string]bool  // the applied config's script files (absolute); owned by loop after Start
	needed    map[string]bool  // directories a source or script is in (absolute); owned by loop after Start
	current   []byte           // key of the applied config (encoded TOML and notes); owned by loop
	hooks     []settings.Hook  // the applied hooks; owned by loop
	cfg       *settings.Config // the applied config; owned by loop
}

// Start loads the sources once, applies them, and starts watching. It
// returns the error of the first load (nothing is applied then) or of
// setting up the watches.
func Start(opts Options) (*Watcher, error) {
	if opts.Load == nil || opts.Apply == nil {
		return nil, errors.New("watch: Load and Apply are required")
	}
	if opts.Debounce <= 0 {
		opts.Debounce = DefaultDebounce
	}
	fsw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("watch: %w", err)
	}
	w := &Watcher{opts: opts, fs: fsw, done: make(chan struct{}), files: map[string]bool{}, dirs: map[string]bool{},
		watched: map[string]bool{}, pending: map[string]bool{}, scripts: map[string]bool{}, needed: map[string]bool{}}
	cfg, err := opts.Load()
	if err == nil {
		err = opts.Apply(cfg)
	}
	if err != nil {
		fsw.Close()
		return nil, err
	}
	w.current, w.hooks, w.cfg = w.key(cfg), append([]settings.Hook(nil), cfg.Hooks...), cfg
	for _, f := range opts.Files {
		abs, err := filepath.Abs(f)
		if err != nil {
			fsw.Close()
			return nil, fmt.Errorf("watch: %w", err)
		}
		dir := filepath.Dir(abs)
		if isDir(abs) {
			w.dirs[abs] = true
			dir = abs
			// Its hook folders: edits inside them, and hook files made
			// there later, are seen.
			if entries, err := os.ReadDir(abs); err == nil {
				for _, e := range entries {
					if e.IsDir() {
						if err := w.watch(filepath.Join(abs, e.Name())); err != nil {
							fsw.Close()
							return nil, err
						}
					}
				}
			}
		} else {
			w.files[abs] = true
		}
		w.needed[dir] = true
		if !isDir(dir) {
			w.pending[dir] = true
			continue
		}
		if err := w.watch(dir); err != nil {
			fsw.Close()
			return nil, err
		}
	}
	// A source whose directory does not exist yet (.claude before the
	// first settings file) is found through its nearest existing
	// ancestor, watched until the directory appears.
	w.watchPending()
	w.watchScripts(cfg)
	w.wg.Add(1)
	go w.loop()
	return w, nil
}

// Close stops watching and waits for the watcher's goroutine. Closing
// again does nothing and returns nil.
func (w *Watcher) Close() error {
	var err error
	w.closeOnce.Do(func() {
		close(w.done)
		err = w.fs.Close()
		w.wg.Wait()
	})
	return err
}

// loop owns fsnotify events, the debounce timer and the applied state.
func (w *Watcher) loop() {
	defer w.wg.Done()
	var timer, burstTimer *time.Timer
	var fire, burstFire <-chan time.Time
	var candidate *settings.Config // the last valid version seen during this burst
	var reloadDue, checkDue bool   // the burst touched a source, a script
	for {
		select {
		case <-w.done:
			if timer != nil {
				timer.Stop()
			}
			return
		case ev, ok := <-w.fs.Events:
			if !ok {
				return
			}
			if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) {
				w.lost(ev.Name)
			}
			source, script := false, w.scripts[absPath(ev.Name)]
			if len(w.pending) > 0 && ev.Has(fsnotify.Create) && w.watchPending() {
				// A source or script directory appeared; its file may
				// already be there, before the new watch saw it: reload
				// and check.
				source, script = true, true
			} else {
				source = w.relevant(ev.Name)
			}
			if !source && !script {
				continue
			}
			checkDue = checkDue || script
			if !source {
				// A script alone: no reload, one check after the
				// debounce.
				timer = w.restart(timer)
				fire = timer.C
				continue
			}
			reloadDue = true
			if ev.Has(fsnotify.Create) && w.dirs[filepath.Dir(ev.Name)] && isDir(ev.Name) {
				// A new hook folder in a directory source: watch it, so
				// that the hook.json written into it next is seen.
				if err := w.watch(ev.Name); err != nil {
					w.report(Change{Err: err})
				}
			}
			timer = w.restart(timer)
			fire = timer.C
			if burstFire == nil {
				// Read the sources burstLoadInterval after the first
				// event not read yet (a throttle, not a debounce: a
				// continuous burst is still read every interval).
				if burstTimer == nil {
					burstTimer = time.NewTimer(burstLoadInterval)
				} else {
					burstTimer.Reset(burstLoadInterval)
				}
				burstFire = burstTimer.C
			}
		case err, ok := <-w.fs.Errors:
			if !ok {
				return
			}
			w.report(Change{Err: fmt.Errorf("watch: %w", err)})
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				// Events were lost: the files may have changed unseen.
				reloadDue, checkDue = true, true
				timer = w.restart(timer)
				fire = timer.C
			}
		case <-burstFire:
			burstFire = nil
			if cfg, err := w.opts.Load(); err == nil {
				candidate = cfg
			}
		case <-fire:
			fire = nil
			if reloadDue {
				w.reload(candidate)
			}
			if checkDue && w.opts.Check != nil {
				// The files first (a symlinked script may point
				// elsewhere now), so that what Check reports is watched
				// when it is told.
				w.watchScripts(w.cfg)
				w.opts.Check()
			}
			candidate, reloadDue, checkDue = nil, false, false
		}
	}
}

// restart (re)starts the debounce timer.
func (w *Watcher) restart(timer *time.Timer) *time.Timer {
	if timer == nil {
		return time.NewTimer(w.opts.Debounce)
	}
	timer.Stop()
	timer.Reset(w.opts.Debounce)
	return timer
}

// watchScripts watches the directories of cfg's scripts (Options.Scripts)
// and makes them the scripts whose events call Check.
func (w *Watcher) watchScripts(cfg *settings.Config) {
	if w.opts.Scripts == nil {
		return
	}
	scripts := map[string]bool{}
	for _, f := range w.opts.Scripts(cfg) {
		abs := absPath(f)
		scripts[abs] = true
		dir := filepath.Dir(abs)
		w.needed[dir] = true
		if w.watched[dir] || w.pending[dir] {
			continue
		}
		if !isDir(dir) {
			w.pending[dir] = true
			continue
		}
		if err := w.watch(dir); err != nil {
			w.report(Change{Err: fmt.Errorf("%w: a change of %s is not noticed", err, abs)})
		}
	}
	w.scripts = scripts
	w.watchPending()
}

// lost forgets the watch of a watched directory that was removed or
// renamed (fsnotify drops it); when a source or script is in it, it is
// pending again, found when it is made anew.
func (w *Watcher) lost(name string) {
	abs := absPath(name)
	if !w.watched[abs] {
		return
	}
	delete(w.watched, abs)
	if w.needed[abs] || w.dirs[abs] {
		w.pending[abs] = true
		w.watchPending()
	}
}

func absPath(name string) string {
	abs, err := filepath.Abs(name)
	if err != nil {
		return name
	}
	return abs
}

// watch adds an fsnotify watch on dir once.
func (w *Watcher) watch(dir string) error {
	if w.watched[dir] {
		return nil
	}
	if err := w.fs.Add(dir); err != nil {
		return fmt.Errorf("watch %s: %w", dir, err)
	}
	w.watched[dir] = true
	return nil
}

// watchPending watches every pending source directory that now exists and,
// for the others, their nearest existing ancestor. It reports whether a
// pending directory appeared.
func (w *Watcher) watchPending() bool {
	appeared := false
	for dir := range w.pending {
		// Watch the nearest existing ancestor, then look again: a level
		// made before that watch was in place sent its event to nobody.
		for {
			if isDir(dir) {
				if err := w.watch(dir); err != nil {
					w.report(Change{Err: err})
					break
				}
				delete(w.pending, dir)
				appeared = true
				break
			}
			a := filepath.Dir(dir)
			for !isDir(a) && a != filepath.Dir(a) {
				a = filepath.Dir(a)
			}
			if w.watched[a] {
				break // already watched: its next Create brings us back
			}
			if err := w.watch(a); err != nil {
				w.report(Change{Err: err})
				break
			}
		}
	}
	return appeared
}

func (w *Watcher) relevant(name string) bool {
	abs, _ := filepath.Abs(name)
	if w.files[abs] {
		return true
	}
	for d := range w.dirs {
		if rel, err := filepath.Rel(d, abs); err == nil && !filepath.IsAbs(rel) && rel != ".." && (len(rel) < 3 || rel[:3] != "../") {
			return true
		}
	}
	return false
}

// reload reads the sources after a burst of edits and applies them. When
// the last edit is broken but a valid version was read during the burst
// (candidate), that version is applied — the burst ends on its last valid
// config — and the error is reported after it.
func (w *Watcher) reload(candidate *settings.Config) {
	cfg, err := w.opts.Load()
	if err != nil {
		if candidate != nil && !bytes.Equal(w.key(candidate), w.current) {
			w.apply(candidate)
			err = fmt.Errorf("the last edit is broken; the last valid version read during the edits is running: %w", err)
		}
		w.report(Change{Err: err})
		return
	}
	w.apply(cfg)
}

// apply installs cfg unless it has the hooks already running.
func (w *Watcher) apply(cfg *settings.Config) {
	enc := w.key(cfg)
	if bytes.Equal(enc, w.current) {
		return // same hooks: nothing to do
	}
	if err := w.opts.Apply(cfg); err != nil {
		w.report(Change{Err: err})
		return
	}
	added, removed, changed := diff(w.hooks, cfg.Hooks)
	w.current, w.hooks, w.cfg = enc, append([]settings.Hook(nil), cfg.Hooks...), cfg
	w.watchScripts(cfg)
	w.report(Change{Applied: true, Added: added, Removed: removed, Changed: changed})
}

func (w *Watcher) report(c Change) {
	if w.opts.OnChange != nil {
		w.opts.OnChange(c)
	}
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// key is what tells two loads apart: the encoded config and its notes.
func (w *Watcher) key(cfg *settings.Config) []byte {
	k := encode(cfg)
	if w.opts.Notes != nil {
		k = append(append(k, 0), w.opts.Notes(cfg)...)
	}
	return k
}

func encode(cfg *settings.Config) []byte {
	var b bytes.Buffer
	_ = settings.Encode(&b, cfg, settings.EncodeOptions{})
	return b.Bytes()
}

func label(h *settings.Hook) string {
	return fmt.Sprintf("%s: %s (%s)", h.Event, h.Label(), h.Source.File)
}

// diff compares the hooks before and after a reload: the hooks only in
// after (added), only in before (removed), and those in both whose
// definition changed, each as "event: label (source)", a changed one
// followed by ": " and what changed. A hook is the same hook in both
// when its event, source file and label (its name or command) agree, in
// order; one whose label changed is paired by its position in the
// source, or — among the unpaired hooks of one event and file, as many
// before as after — by its order.
func diff(before, after []settings.Hook) (added, removed, changed []string) {
	type key struct {
		event settings.Event
		file  string
	}
	var oldLeft, newLeft []int
	byLabel := map[string][]int{}
	for i := range before {
		l := label(&before[i])
		byLabel[l] = append(byLabel[l], i)
	}
	pairedOld := map[int]bool{}
	pairs := map[int]int{} // new index -> old index
	for j := range after {
		l := label(&after[j])
		if q := byLabel[l]; len(q) > 0 {
			pairs[j], byLabel[l] = q[0], q[1:]
			pairedOld[q[0]] = true
			continue
		}
		newLeft = append(newLeft, j)
	}
	for i := range before {
		if !pairedOld[i] {
			oldLeft = append(oldLeft, i)
		}
	}
	// Unpaired hooks at the same position of the same file and event.
	at := map[string]int{}
	for _, i := range oldLeft {
		h := &before[i]
		at[fmt.Sprintf("%s\x00%s\x00%d:%d", h.Event, h.Source.File, h.Source.Line, h.Source.Col)] = i
	}
	var rest []int
	for _, j := range newLeft {
		h := &after[j]
		k := fmt.Sprintf("%s\x00%s\x00%d:%d", h.Event, h.Source.File, h.Source.Line, h.Source.Col)
		if i, ok := at[k]; ok && h.Source.Line > 0 && !pairedOld[i] {
			pairs[j] = i
			pairedOld[i] = true
			continue
		}
		rest = append(rest, j)
	}
	// As many unpaired before as after in one event and file: edited in
	// place, in order.
	oldBy, newBy := map[key][]int{}, map[key][]int{}
	for _, i := range oldLeft {
		if !pairedOld[i] {
			k := key{before[i].Event, before[i].Source.File}
			oldBy[k] = append(oldBy[k], i)
		}
	}
	for _, j := range rest {
		k := key{after[j].Event, after[j].Source.File}
		newBy[k] = append(newBy[k], j)
	}
	for k, js := range newBy {
		if is := oldBy[k]; len(is) == len(js) {
			for n, j := range js {
				pairs[j] = is[n]
				pairedOld[is[n]] = true
			}
		}
	}
	for j := range after {
		i, ok := pairs[j]
		if !ok {
			added = append(added, label(&after[j]))
			continue
		}
		if what := changes(&before[i], &after[j]); what != "" {
			changed = append(changed, label(&after[j])+": "+what)
		}
	}
	for i := range before {
		if !pairedOld[i] {
			removed = append(removed, label(&before[i]))
		}
	}
	return added, removed, changed
}

// changes names what differs between two definitions of one hook, or "".
func changes(a, b *settings.Hook) string {
	var out []string
	str := func(name, x, y string) {
		if x != y {
			out = append(out, fmt.Sprintf("%s %q → %q", name, x, y))
		}
	}
	flag := func(name string, x, y bool) {
		if x != y {
			out = append(out, fmt.Sprintf("%s %t → %t", name, x, y))
		}
	}
	str("type", a.EffectiveType(), b.EffectiveType())
	str("command", a.Command, b.Command)
	if fmt.Sprintf("%q", a.Args) != fmt.Sprintf("%q", b.Args) {
		out = append(out, fmt.Sprintf("args %q → %q", a.Args, b.Args))
	}
	str("url", a.URL, b.URL)
	str("prompt", a.Prompt, b.Prompt)
	str("match", a.Match, b.Match)
	if a.Match != "" || b.Match != "" {
		str("match_syntax", a.EffectiveMatchSyntax(), b.EffectiveMatchSyntax())
	}
	str("if", a.If, b.If)
	if x, y := a.EffectiveTimeout(), b.EffectiveTimeout(); x != y {
		out = append(out, fmt.Sprintf("timeout %s → %s", x, y))
	}
	flag("fail_closed", a.FailClosed, b.FailClosed)
	flag("async", a.Async, b.Async)
	str("protocol", a.EffectiveProtocol(), b.EffectiveProtocol())
	str("model", a.Model, b.Model)
	str("name", a.Name, b.Name)
	str("dir", a.Dir, b.Dir)
	str("shell", a.Shell, b.Shell)
	if fmt.Sprint(a.Env) != fmt.Sprint(b.Env) {
		out = append(out, "env changed")
	}
	if fmt.Sprint(a.Headers) != fmt.Sprint(b.Headers) || fmt.Sprint(a.AllowedEnvVars) != fmt.Sprint(b.AllowedEnvVars) {
		out = append(out, "headers changed")
	}
	if len(out) == 0 {
		// Something the encoded config holds and the list above does
		// not name (an extension field).
		var x, y bytes.Buffer
		_ = settings.Encode(&x, &settings.Config{Hooks: []settings.Hook{*a}}, settings.EncodeOptions{})
		_ = settings.Encode(&y, &settings.Config{Hooks: []settings.Hook{*b}}, settings.EncodeOptions{})
		if !bytes.Equal(x.Bytes(), y.Bytes()) {
			out = append(out, "definition changed")
		}
	}
	return strings.Join(out, "; ")
}
