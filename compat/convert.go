package compat

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Input is one file to convert.
type Input struct {
	// Name names the file in positions, warnings and provenance.
	Name string
	// Data is its content; nil for a directory (a Phi hook folder).
	Data []byte
	// From is its format: "claude", "phi", "native", or "" / "auto" to
	// detect (a .toml name is native, a hook.json is Phi's; otherwise the
	// registered detectors decide).
	From string
}

// Converted is the result of [Convert].
type Converted struct {
	// TOML is the native config, deterministic (see settings.Encode).
	TOML []byte
	// Config is the native config TOML was encoded from.
	Config *settings.Config
	// Warnings lists every construct not carried over exactly, per input.
	Warnings []translate.Warning
	// Errors lists the inputs that could not be converted at all, each
	// naming file:line:col; their hooks are missing from TOML.
	Errors []error
}

// ConvertOptions controls [Convert].
type ConvertOptions struct {
	// Target is TargetNative (the default when empty) or TargetHookcompat.
	Target string
	// Shim is the command that runs `hookcompat exec` in native-target
	// output; empty means "hookcompat" (found on the engine's PATH).
	Shim string
}

// Convert translates inputs to one native TOML config. Hooks keep the
// order of the inputs and, within one input, of the file; the output
// lists them by event in canonical order.
//
// With TargetHookcompat, foreign hooks keep their protocol and matcher
// syntax as extension fields, so that an engine embedding hookcompat runs
// them with the same behaviour. With TargetNative, only native fields are
// used and foreign hooks run through the exec shim (see wrapForNative);
// what a plain native engine cannot run is left out with a warning.
func Convert(inputs []Input, opts ConvertOptions) *Converted {
	out := &Converted{Config: &settings.Config{}}
	for _, in := range inputs {
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
	target := opts.Target
	if target == "" {
		target = TargetNative
	}
	header := []string{"Native hooks converted by hookcompat (target " + target + ") from:"}
	for _, in := range inputs {
		header = append(header, "  "+in.Name)
	}

	srcHeader := out.Config.Header
	if target == TargetNative {
		shim := opts.Shim
		if shim == "" {
			shim = "hookcompat"
		}
		var warns []translate.Warning
		var wrapped int
		out.Config, wrapped, warns = wrapForNative(out.Config, shim)
		out.Warnings = append(out.Warnings, warns...)
		if wrapped > 0 {
			header = append(header, "Foreign hooks run unchanged through `"+shim+" exec` (hookcompat must be on PATH).")
		}
	}
	// Converting a converted file again keeps its provenance header, so
	// that the output is byte-identical (idempotence).
	if len(inputs) == 1 && len(srcHeader) > 0 && strings.HasPrefix(srcHeader[0], "Native hooks converted by hookcompat (target "+target+")") {
		header = srcHeader
	}
	var buf bytes.Buffer
	_ = settings.Encode(&buf, out.Config, settings.EncodeOptions{Header: header, Provenance: true})
	out.TOML = buf.Bytes()
	return out
}

func convertOne(in Input) (*settings.Config, []translate.Warning, error) {
	format := in.From
	src := SourceFor(in.Name, in.Data)
	if format == "" || format == "auto" {
		if filepath.Ext(in.Name) == ".toml" {
			format = "native"
		} else if filepath.Base(in.Name) == "hook.json" {
			format = "phi"
		} else {
			f, err := translate.Detect(src)
			if err != nil {
				return nil, nil, err
			}
			format = f
		}
	}
	t, err := translate.Get(format)
	if err != nil {
		return nil, nil, err
	}
	cfg, warns, err := t.Translate(src)
	if err != nil {
		return nil, nil, err
	}
	if err := cfg.Validate(); err != nil {
		return nil, nil, fmt.Errorf("translated hooks of %s are invalid: %w", in.Name, err)
	}
	return cfg, warns, nil
}
