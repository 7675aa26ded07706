package translate

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/hookcompat/hookcompat/settings"
)

// Source is one input to translate: a file's bytes, or a directory (Phi
// hook directories) with Data nil.
type Source struct {
	// Path names the input in positions and provenance; "-" for stdin.
	Path string
	// Data is the file content; nil for a directory source.
	Data []byte
	// Scope says where the source sits ("user", "project", "local",
	// "plugin", "cli", …); translators record it in each hook's Source.
	Scope string
	// Env holds variables the source's hooks get on top of the engine's
	// environment (for example CLAUDE_PLUGIN_ROOT for a plugin's hooks).
	Env map[string]string
}

// Translator turns one source of its format into native hooks.
type Translator interface {
	// Translate returns the native config, a warning for every construct
	// not carried over exactly, and an error only when the source cannot
	// be read as this format at all (the error names file:line:col).
	Translate(src Source) (*settings.Config, []Warning, error)
}

// Detector is implemented by translators that can recognise their format.
type Detector interface {
	// Detect reports whether src looks like this format.
	Detect(src Source) bool
}

// ErrUnknownFormat is returned (wrapped) for a format name that is not
// registered, and when no detector recognises a source.
var ErrUnknownFormat = errors.New("unknown format")

var (
	mu          sync.RWMutex
	translators = map[string]Translator{}
	detectOrder []string
)

// Register makes t available under name. Translators that implement
// [Detector] take part in [Detect] in registration order. Register panics
// when name is taken.
func Register(name string, t Translator) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := translators[name]; dup {
		panic("translate: format registered twice: " + name)
	}
	translators[name] = t
	if _, ok := t.(Detector); ok {
		detectOrder = append(detectOrder, name)
	}
}

// Lookup returns the translator registered under name.
func Lookup(name string) (Translator, bool) {
	mu.RLock()
	defer mu.RUnlock()
	t, ok := translators[name]
	return t, ok
}

// Names returns the registered format names, sorted.
func Names() []string {
	mu.RLock()
	defer mu.RUnlock()
	names := make([]string, 0, len(translators))
	for n := range translators {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Get returns the translator for name, or an error wrapping
// [ErrUnknownFormat] that lists the known names.
func Get(name string) (Translator, error) {
	if t, ok := Lookup(name); ok {
		return t, nil
	}
	return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownFormat, name, strings.Join(Names(), ", "))
}

// Detect returns the name of the first registered format, in registration
// order, whose detector recognises src; an error wrapping
// [ErrUnknownFormat] when none does.
func Detect(src Source) (string, error) {
	mu.RLock()
	order := append([]string(nil), detectOrder...)
	mu.RUnlock()
	for _, name := range order {
		t, _ := Lookup(name)
		if t.(Detector).Detect(src) {
			return name, nil
		}
	}
	return "", fmt.Errorf("%s: %w: not recognised as any of %s", src.Path, ErrUnknownFormat, strings.Join(order, ", "))
}
