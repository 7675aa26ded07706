package compat

import (
	"errors"
	"strings"

	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/compat/phi"
	"github.com/hookcompat/hookcompat/translate"
)

// DropsHooks reports whether a loading warning means that hooks its
// author wrote will never run: a discovered settings file that does not
// parse (claude.CodeInvalidFile), a Phi hook.json Phi rejects
// (phi.CodeInvalidManifest) or a hooks folder it cannot list, an unknown
// event, an entry of the wrong shape, a matcher that cannot compile or
// can never fire (a permission rule such as "Bash(git commit:*)" used as
// a matcher). A Phi run program that cannot be found is left to
// [Doctor] (command-not-found), so it is reported once. The agents themselves skip these
// with at most a log line, so `hookcompat validate` reports them as
// errors: in CI, a guard that silently stopped firing is the failure to
// catch.
func DropsHooks(w translate.Warning) bool {
	switch w.Code {
	case claude.CodeInvalidFile, phi.CodeInvalidManifest, phi.CodeHooksDirUnreadable,
		translate.CodeUnknownEvent, translate.CodeInvalidEntry, translate.CodeInvalidMatcher:
		return true
	}
	return false
}

// brokenSourceError returns an error naming every source file of warns
// that was skipped whole because it does not parse (a discovered settings
// file or a Phi hook.json), or nil. [Watch] treats such a load as a broken
// edit and keeps the previous hooks, where a fresh load skips the file as
// the agent would.
func brokenSourceError(warns []translate.Warning) error {
	var errs []error
	for _, w := range warns {
		if w.Code == claude.CodeInvalidFile || w.Code == phi.CodeInvalidManifest {
			// Not skipped here: the previous hooks are kept instead.
			w.Message, _, _ = strings.Cut(w.Message, "; the file is skipped")
			w.Message, _, _ = strings.Cut(w.Message, "; hook not loaded")
			errs = append(errs, errors.New(w.String()))
		}
	}
	return errors.Join(errs...)
}
