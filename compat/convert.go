package compat

import (
	"fmt"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Conversion targets of [Convert] that hookcompat always has; the formats
// register more (format.TargetNames lists them all).
const (
	// TargetNative is TOML that a plain engine implementing the native spec
	// runs as is: foreign hooks run unchanged through the exec shim
	// (args = ["hookcompat", "exec", "--protocol", …]).
	TargetNative = format.TargetNative
	// TargetHookcompat is TOML using hookcompat's extension fields
	// (protocol, match_syntax, env, …), for agents that embed hookcompat.
	TargetHookcompat = format.TargetHookcompat
)

// Input is one file to convert.
type Input struct {
	// Name names the file in positions, warnings and provenance.
	Name string
	// Data is its content; nil for a directory (a Phi hook folder).
	Data []byte
	// From is its format's name ("claude", "phi", "native", …), or "" /
	// "auto" to detect it (format.Detect).
	From string
}

// Converted is the result of [Convert].
type Converted struct {
	// Output is the converted file: TOML for the native targets, the
	// target agent's own file format otherwise. TOML is the same bytes
	// (kept for callers of the native targets).
	Output, TOML []byte
	// Config is the native config the output was written from.
	Config *settings.Config
	// Warnings lists every construct not carried over exactly, per input,
	// then the target's.
	Warnings []translate.Warning
	// Errors lists the inputs that could not be converted at all, each
	// naming file:line:col (their hooks are missing from the output), or
	// the target's error.
	Errors []error
	// Wrapped counts the hooks that run through the exec shim.
	Wrapped int
}

// ConvertOptions controls [Convert].
type ConvertOptions struct {
	// Target is a registered target's name; empty means TargetNative.
	Target string
	// Shim is the command that runs `hookcompat exec` in the output;
	// empty means "hookcompat" (found on the engine's PATH).
	Shim string
	// Existing is the current content of the file the output replaces in
	// place, for targets that keep what is not theirs (an agent's
	// settings file); nil otherwise.
	Existing []byte
	// Project is the workspace the output is for: paths under it are
	// written relative to it.
	Project string
	// Home is the home directory whose paths are written under "~"; empty
	// means the user's.
	Home string
}

// Convert translates inputs to one config of the target format. Hooks
// keep the order of the inputs and, within one input, of the file.
//
// With TargetHookcompat, foreign hooks keep their protocol and matcher
// syntax as extension fields, so that an engine embedding hookcompat runs
// them with the same behaviour. With TargetNative, only native fields are
// used and foreign hooks run through the exec shim; what a plain native
// engine cannot run is left out with a warning. Other targets write
// another agent's file whose commands call the shim.
func Convert(inputs []Input, opts ConvertOptions) *Converted {
	out := &Converted{Config: &settings.Config{}}
	var names []string
	for _, in := range inputs {
		names = append(names, in.Name)
		cfg, warns, err := convertOne(in)
		if err != nil {
			out.Errors = append(out.Errors, err)
			continue
		}
		out.Config.Append(cfg)
		if len(inputs) == 1 {
			out.Config.Header = cfg.Header
		}
		out.Warnings = append(out.Warnings, warns...)
	}
	name := opts.Target
	if name == "" {
		name = TargetNative
	}
	t, err := format.GetTarget(name)
	if err != nil {
		out.Errors = append(out.Errors, err)
		return out
	}
	topts := &format.TargetOptions{Shim: opts.Shim, Inputs: names, Existing: opts.Existing, Project: opts.Project, Home: opts.Home}
	if len(inputs) == 1 {
		topts.Header = out.Config.Header
	}
	res, err := t.Write(out.Config, topts)
	if err != nil {
		out.Errors = append(out.Errors, err)
		return out
	}
	out.Output, out.TOML, out.Wrapped = res.Data, res.Data, res.Wrapped
	out.Warnings = append(out.Warnings, res.Warnings...)
	return out
}

func convertOne(in Input) (*settings.Config, []translate.Warning, error) {
	var f format.Format
	var err error
	if in.From == "" || in.From == "auto" {
		f, err = format.Detect(in.Name, in.Data)
	} else {
		f, err = format.Get(in.From)
	}
	if err != nil {
		return nil, nil, err
	}
	if in.Data == nil && !f.Detect(in.Name, nil) {
		var dirs []string
		for _, g := range format.All() {
			if g.Detect(in.Name, nil) {
				dirs = append(dirs, g.Name())
			}
		}
		return nil, nil, fmt.Errorf("reading %s: a directory, which format %s does not read (formats that read this directory: %s; or --from auto)", in.Name, f.Name(), strings.Join(dirs, ", "))
	}
	cfg, warns, err := f.Translate(translate.Source{Path: in.Name, Data: in.Data})
	if err != nil {
		return nil, nil, err
	}
	if err := cfg.Validate(); err != nil {
		return nil, nil, fmt.Errorf("translated hooks of %s are invalid: %w", in.Name, err)
	}
	return cfg, warns, nil
}
