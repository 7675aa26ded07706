package compat

import (
	"errors"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/translate"
)

// DropsHooks reports whether a loading warning means that hooks their
// author wrote will never run: a discovered source that does not parse
// (a Claude settings file, a Phi hook.json), a hooks folder Phi cannot
// list, an unknown event, an entry of the wrong shape, a matcher that
// cannot compile or can never fire (format.DropsHooks: each format's
// Info lists its codes). A run program that cannot be found is left to
// [Doctor] (command-not-found), so it is reported once. The agents
// themselves skip these with at most a log line, so `hookcompat validate`
// reports them as errors: in CI, a guard that silently stopped firing is
// the failure to catch.
func DropsHooks(w translate.Warning) bool { return format.DropsHooks(w) }

// brokenSourceError returns an error naming every source file of warns
// that was skipped whole because it does not parse (format.Broken), or
// nil. [Watch] treats such a load as a broken edit and keeps the previous
// hooks, where a fresh load skips the file as the agent would.
func brokenSourceError(warns []translate.Warning) error {
	var errs []error
	for _, w := range warns {
		if format.Broken(w) {
			// Not skipped here: the previous hooks are kept instead.
			w.Message, _, _ = strings.Cut(w.Message, "; the file is skipped")
			w.Message, _, _ = strings.Cut(w.Message, "; hook not loaded")
			errs = append(errs, errors.New(w.String()))
		}
	}
	return errors.Join(errs...)
}
