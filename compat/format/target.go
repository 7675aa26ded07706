package format

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// The names of the two targets hookcompat always has (package native
// registers them): TargetNative writes TOML a plain engine of the native
// spec runs as is, foreign hooks through the exec shim; TargetHookcompat
// writes TOML with hookcompat's extension fields (protocol, match_syntax,
// env, …) for engines that embed hookcompat.
const (
	TargetNative     = "native"
	TargetHookcompat = "hookcompat"
)

// Target is one output format of `hookcompat convert`: it writes a native
// config (the translation of every input, in order) as a file some agent
// or engine reads.
type Target interface {
	// Name is the target's name (--target): "native", "hookcompat",
	// "codex", ….
	Name() string
	// Write encodes cfg. Everything the target cannot express exactly is
	// a warning with the hook's position; an error means nothing usable
	// was written.
	Write(cfg *settings.Config, opts *TargetOptions) (*Output, error)
}

// TargetOptions controls [Target.Write].
type TargetOptions struct {
	// Shim is the command converted hooks call to run as their home agent
	// runs them (`hookcompat exec`); empty means "hookcompat" on the
	// running engine's PATH.
	Shim string
	// Inputs name the converted files, for the output's header.
	Inputs []string
	// Header is the provenance header of a single native TOML input being
	// converted again (idempotence), or nil.
	Header []string
	// Existing is the current content of the file being written in place
	// (an agent's settings file that also holds other settings), or nil:
	// a target that supports it replaces only its hooks and keeps every
	// other byte.
	Existing []byte
	// Project is the workspace the output is for; paths under it are
	// written relative to it where the target can.
	Project string
	// Home is the home directory whose paths are written under "~" where
	// the target can ([ShimSpec.Portable]); empty means the user's.
	Home string
	// Path is the file written in place (with Existing): it names the
	// file in errors and warnings, and its name picks the form where a
	// target has two (Codex's hooks.json or config.toml).
	Path string
	// Protocols are the formats of the converted inputs. Writing in place,
	// a target replaces only the entries of the file that call the exec
	// shim for one of them; a converted hook of another format (converted
	// from a source not given now) is kept. Nil replaces the shim's
	// entries of every format.
	Protocols []string
	// Prune, writing in place, removes the converted entries of those
	// formats that the conversion no longer writes; without it they are
	// kept with a note (converted-hook-kept), because an entry does not
	// say which file it was converted from: it may be another file's
	// guard, converted earlier into the same target.
	Prune bool
}

// StdoutName is what [TargetOptions.OutputName] names the output by when
// no Path is given: the caller writes the data on standard output.
const StdoutName = "<stdout>"

// OutputName names the file written in a target's warnings and errors:
// Path as the caller gave it (relative stays relative), or [StdoutName]
// when there is none — never a bare default file name, which would name
// a file the user did not write.
func (o *TargetOptions) OutputName() string {
	if o.Path == "" {
		return StdoutName
	}
	return o.Path
}

// Output is what a [Target] wrote.
type Output struct {
	Data     []byte
	Warnings []translate.Warning
	// Wrapped counts the hooks that run through the exec shim.
	Wrapped int
}

// RegisterTarget makes t available under t.Name(). It panics when the
// name is taken.
func RegisterTarget(t Target) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := targets[t.Name()]; dup {
		panic("format: target registered twice: " + t.Name())
	}
	targets[t.Name()] = t
}

// GetTarget returns the target registered under name, or an error listing
// the known ones.
func GetTarget(name string) (Target, error) {
	mu.RLock()
	t, ok := targets[name]
	mu.RUnlock()
	if ok {
		return t, nil
	}
	return nil, fmt.Errorf("unknown target %q (known: %s)", name, strings.Join(TargetNames(), ", "))
}

// TargetNames returns the registered target names, sorted.
func TargetNames() []string {
	mu.RLock()
	defer mu.RUnlock()
	names := make([]string, 0, len(targets))
	for n := range targets {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Fields of a hook that a target may or may not have a place for
// ([FieldCarrier]).
const (
	// FieldStatusMessage is a hook's status text (Claude's and Codex's
	// statusMessage, settings.Hook.StatusMessage).
	FieldStatusMessage = "statusMessage"
)

// FieldCarrier is implemented by targets whose files have a place for
// some of a hook's optional fields: Carries reports whether the target
// writes the field (one of the Field constants). A target that does not
// implement it carries none; convert warns for each such field a hook
// has.
type FieldCarrier interface {
	Carries(field string) bool
}

// InPlaceTarget is implemented by targets that can write into an
// existing file of their agent ([TargetOptions.Existing]: an agent's
// settings file that also holds other settings), replacing only their
// hooks and keeping every other byte; `convert --in-place FILE` is
// offered for them only.
type InPlaceTarget interface {
	Target
	// InPlace reports whether Write honours TargetOptions.Existing.
	InPlace() bool
}

// SupportsInPlace reports whether the target registered under name can
// write into an existing file.
func SupportsInPlace(name string) bool {
	t, err := GetTarget(name)
	if err != nil {
		return false
	}
	ip, ok := t.(InPlaceTarget)
	return ok && ip.InPlace()
}
