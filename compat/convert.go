package compat

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
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

// Warning codes of [Convert] itself.
const (
	// CodeFormatDetected (a note): an input read with --from auto could
	// be read as more than one format; it names the one chosen, why, and
	// the --from that reads it as another.
	CodeFormatDetected = "format-detected"
	// CodeInputIsTarget (a note): an input is the file written in place;
	// its hooks stay where they are and are not converted a second time.
	CodeInputIsTarget = "input-is-target"
	// CodeLinkWrittenThrough (a note): the file written is a symbolic
	// link; its target was written, the link kept.
	CodeLinkWrittenThrough = "symlink-written-through"
	// CodeTargetUnloadable (a loss): the target's own agent would not
	// load the file as written (hookcompat reads it with that agent's
	// rules): none of its hooks would run.
	CodeTargetUnloadable = "target-refuses-file"
	// CodeFieldDropped (a loss): a field of the hook that changes what it
	// does has no place in the target; the converted hook runs without it.
	CodeFieldDropped = "field-dropped"
)

// ErrDropsHooks is wrapped by the errors of [Convert] for an input whose
// own agent would not load every hook it declares (a handler field of
// the wrong type makes Claude Code drop the whole file's hooks, an event
// it does not know drops that event's): converting what the agent loads
// would silently leave those hooks out.
var ErrDropsHooks = errors.New("hooks its agent would not load")

// Input is one file to convert.
type Input struct {
	// Name names the file in positions, warnings and provenance.
	Name string
	// Data is its content; nil for a directory (a Phi hook folder).
	Data []byte
	// From is its format's name ("claude", "phi", "native", …), or "" /
	// "auto" to detect it: by content first (the format that reads every
	// hook the file declares), then by its path (format.Detect).
	From string
	// Target marks the file being written in place (ConvertOptions.Existing
	// holds it): its own hooks stay where they are, so it is not
	// converted (it is still read, and must parse).
	Target bool
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
	// then the target's; each has its Class set ([ClassOf]).
	Warnings []translate.Warning
	// Errors lists the inputs that could not be converted at all, each
	// naming file:line:col (their hooks are missing from the output), or
	// the target's error.
	Errors []error
	// Wrapped counts the hooks that run through the exec shim.
	Wrapped int
	// Formats are the formats the inputs were read as, in input order.
	Formats []string
	// Failed counts the inputs that could not be converted.
	Failed int
}

// Losses counts the warnings of class loss.
func (c *Converted) Losses() int {
	n := 0
	for _, w := range c.Warnings {
		if ClassOf(w) == ClassLoss {
			n++
		}
	}
	return n
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
	// Path is the file the output is written to (in place, or a new
	// file): it names that file in errors and warnings, and picks the
	// form of a target that has two (Codex: config.toml or hooks.json).
	Path string
	// Project is the workspace the output is for: paths under it are
	// written relative to it.
	Project string
	// Home is the home directory whose paths are written under "~"; empty
	// means the user's.
	Home string
	// AsLoaded converts what each input's agent would load: hooks the
	// agent would drop (its Info.DropCodes and BrokenCodes warnings) are
	// left out, with those warnings. By default such an input is an error
	// ([ErrDropsHooks]) and nothing is converted.
	AsLoaded bool
	// Prune, with Existing, removes the entries converted before from
	// inputs of the same formats that this conversion no longer writes.
	// Without it they are kept, each with a converted-hook-kept note:
	// nothing in an entry says which file it came from, so another
	// file's guard converted earlier into the same target would be
	// removed.
	Prune bool
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
//
// An input whose agent would not load every hook it declares is an error
// unless opts.AsLoaded. With opts.Existing the target writes into that
// file, updating the entries it converted before from inputs of the same
// formats (an entry it no longer writes is kept, or removed with
// opts.Prune); the result is then read with the target agent's own
// rules, and a file that agent would refuse is a loss warning.
func Convert(inputs []Input, opts ConvertOptions) *Converted {
	out := &Converted{Config: &settings.Config{}}
	targetName := opts.Target
	if targetName == "" {
		targetName = TargetNative
	}
	var names []string
	protocols := []string{} // never nil: nil would own every format's converted hooks
	converted := 0
	for _, in := range inputs {
		name := in.Name
		cfg, warns, f, errs := convertOne(in, opts.AsLoaded)
		if len(errs) > 0 {
			out.Errors = append(out.Errors, errs...)
			out.Failed++
			continue
		}
		out.Formats = append(out.Formats, f.Name())
		if in.Target {
			out.Warnings = append(out.Warnings, translate.Warning{File: name, Code: CodeInputIsTarget,
				Message: "this input is the file written in place: its own hooks stay where they are and are not converted again"})
			continue
		}
		// A converted file read back: its shim calls become the hooks
		// they wrap, so that no target wraps them twice.
		warns = append(warns, unwrapShims(cfg, targetName)...)
		names = append(names, name)
		converted++
		if !contains(protocols, f.Name()) {
			protocols = append(protocols, f.Name())
		}
		// Every protocol the input's hooks speak (a native file's foreign
		// hooks) owns its earlier conversions too.
		for _, h := range cfg.Hooks {
			if p := h.EffectiveProtocol(); !contains(protocols, p) {
				protocols = append(protocols, p)
			}
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
	if len(out.Errors) > 0 {
		classify(out.Warnings)
		return out
	}
	topts := &format.TargetOptions{Shim: opts.Shim, Inputs: names, Existing: opts.Existing, Project: opts.Project, Home: opts.Home,
		Path: opts.Path, Protocols: protocols, Prune: opts.Prune}
	if len(inputs) == 1 && converted == 1 {
		topts.Header = out.Config.Header
	}
	out.Warnings = append(out.Warnings, droppedFields(out.Config, name)...)
	res, err := t.Write(out.Config, topts)
	if err != nil {
		out.Errors = append(out.Errors, err)
		classify(out.Warnings)
		return out
	}
	out.Output, out.TOML, out.Wrapped = res.Data, res.Data, res.Wrapped
	out.Warnings = append(out.Warnings, res.Warnings...)
	if opts.Existing != nil {
		if w, bad := unloadable(name, opts.Path, res.Data); bad {
			out.Warnings = append(out.Warnings, w)
		}
	}
	classify(out.Warnings)
	return out
}

// classify sets every warning's Class.
func classify(ws []translate.Warning) {
	for i := range ws {
		ws[i].Class = ClassOf(ws[i])
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// unloadable reads a file written in place with the target agent's own
// format: an error means the agent would load none of its hooks (a byte
// order mark Gemini CLI refuses, bytes Codex cannot read).
func unloadable(target, path string, data []byte) (translate.Warning, bool) {
	fname := target
	if target == TargetNative || target == TargetHookcompat {
		fname = settings.ProtocolNative
	}
	f, ok := format.Lookup(fname)
	if !ok || path == "" {
		return translate.Warning{}, false
	}
	_, _, err := f.Translate(translate.Source{Path: path, Data: data})
	if err == nil {
		return translate.Warning{}, false
	}
	msg := fmt.Sprintf("%s would not load this file as written (%v): none of its hooks would run there; fix the file (the converted hooks are written)", f.Info().Title, err)
	if bytes.HasPrefix(data, []byte("\ufeff")) {
		msg = fmt.Sprintf("the file starts with a UTF-8 byte order mark, which %s refuses (%v): none of its hooks run there; remove the mark (the converted hooks are written, the mark kept)", f.Info().Title, err)
	}
	return translate.Warning{File: path, Line: 1, Col: 1, Code: CodeTargetUnloadable, Message: msg}, true
}

func convertOne(in Input, asLoaded bool) (*settings.Config, []translate.Warning, format.Format, []error) {
	var f format.Format
	var cfg *settings.Config
	var warns []translate.Warning
	var err error
	switch {
	case (in.From == "" || in.From == "auto") && in.Data != nil:
		f, cfg, warns, err = detect(in)
	case in.From == "" || in.From == "auto":
		f, err = format.Detect(in.Name, in.Data)
	default:
		f, err = format.Get(in.From)
	}
	if err != nil {
		return nil, nil, nil, []error{err}
	}
	if in.Data == nil && !f.Detect(in.Name, nil) {
		var dirs []string
		for _, g := range format.All() {
			if g.Detect(in.Name, nil) {
				dirs = append(dirs, g.Name())
			}
		}
		return nil, nil, nil, []error{fmt.Errorf("reading %s: a directory, which format %s does not read (formats that read this directory: %s; or --from auto)", in.Name, f.Name(), strings.Join(dirs, ", "))}
	}
	if cfg == nil {
		var tw []translate.Warning
		cfg, tw, err = f.Translate(translate.Source{Path: in.Name, Data: in.Data})
		if err != nil {
			return nil, nil, nil, []error{err}
		}
		warns = append(warns, tw...)
	}
	if err := cfg.Validate(); err != nil {
		return nil, nil, nil, []error{fmt.Errorf("translated hooks of %s are invalid: %w", in.Name, err)}
	}
	if !asLoaded {
		var errs []error
		for _, w := range warns {
			if drops(f, w) {
				errs = append(errs, &settings.Error{File: w.File, Line: w.Line, Col: w.Col, Err: ErrDropsHooks,
					Msg: fmt.Sprintf("%s: %s — %s would not load hooks this file declares, so nothing is converted (fix the file, or --as-loaded converts what %s loads)", w.Code, w.Message, f.Info().Title, f.Info().Title)})
			}
		}
		if len(errs) > 0 {
			return nil, nil, nil, errs
		}
	}
	return cfg, warns, f, nil
}

// drops reports whether w, a warning of format f, means hooks the file
// declares would not load.
func drops(f format.Format, w translate.Warning) bool {
	in := f.Info()
	return contains(in.DropCodes, w.Code) || contains(in.BrokenCodes, w.Code)
}

// candidate is one format an input could be read as.
type candidate struct {
	f      format.Format
	cfg    *settings.Config
	warns  []translate.Warning
	err    error
	drops  int
	byPath bool
	// specific: the format does not recognise just any file of the kind
	// (Claude's recognises every JSON object).
	specific bool
	order    int
}

// detect reads in by content first: every format that recognises it
// translates it, and the one that loads every hook it declares — the most
// hooks, ties broken by the format whose folder or file name the path is,
// then by a format that recognises its content specifically over one that
// takes any file of the kind, then by load order — is chosen. When another format reads it as well,
// a note names the choice and the --from that picks the other.
func detect(in Input) (format.Format, *settings.Config, []translate.Warning, error) {
	var cands []*candidate
	neutral := filepath.Join(string(filepath.Separator)+"hookcompat-neutral-dir", filepath.Base(in.Name))
	probe := []byte("{}")
	if t := bytes.TrimSpace(bytes.TrimPrefix(in.Data, []byte("\ufeff"))); len(t) == 0 || (t[0] != '{' && t[0] != '/') {
		probe = []byte("\n")
	}
	for i, f := range format.All() {
		if !f.Detect(in.Name, in.Data) {
			continue
		}
		c := &candidate{f: f, order: i}
		if f.Name() == settings.ProtocolNative {
			c.order = 1 << 20 // any TOML: asked last, as format.Detect does
		}
		c.byPath = f.Detect(in.Name, probe) && !f.Detect(neutral, probe) || inAgentDir(in.Name, f.Name())
		c.specific = !f.Detect(neutral, probe)
		c.cfg, c.warns, c.err = f.Translate(translate.Source{Path: in.Name, Data: in.Data})
		for _, w := range c.warns {
			// An event read through another agent's name (an alias) is
			// one the format's own agent would skip: for telling formats
			// apart it counts as dropped.
			if drops(f, w) || w.Code == translate.CodeEventAlias {
				c.drops++
			}
		}
		cands = append(cands, c)
	}
	if len(cands) == 0 {
		_, err := format.Detect(in.Name, in.Data)
		if err == nil {
			err = fmt.Errorf("%s: %w: not recognised as any of %s", in.Name, translate.ErrUnknownFormat, strings.Join(format.Names(), ", "))
		}
		return nil, nil, nil, err
	}
	hooks := func(c *candidate) int {
		if c.cfg == nil {
			return 0
		}
		return len(c.cfg.Hooks)
	}
	sort.SliceStable(cands, func(i, j int) bool {
		a, b := cands[i], cands[j]
		switch {
		case (a.err == nil) != (b.err == nil):
			return a.err == nil
		case (a.drops == 0) != (b.drops == 0):
			return a.drops == 0
		case hooks(a) != hooks(b):
			return hooks(a) > hooks(b)
		case a.byPath != b.byPath:
			return a.byPath
		case a.specific != b.specific:
			return a.specific
		}
		return a.order < b.order
	})
	best := cands[0]
	if best.err != nil {
		return best.f, nil, nil, best.err
	}
	var others []*candidate
	for _, c := range cands[1:] {
		if c.err == nil {
			others = append(others, c)
		}
	}
	warns := best.warns
	// A note unless the path alone decided.
	if len(others) > 0 && !(best.byPath && !anyByPath(others)) {
		warns = append([]translate.Warning{detectedNote(in.Name, best, others, hooks)}, warns...)
	}
	return best.f, best.cfg, warns, nil
}

func anyByPath(cs []*candidate) bool {
	for _, c := range cs {
		if c.byPath {
			return true
		}
	}
	return false
}

// inAgentDir reports whether path lies in the agent's own folder
// (.claude, .codex, .gemini, .qwen, .cursor, .phi).
func inAgentDir(path, name string) bool {
	for _, el := range strings.Split(filepath.ToSlash(filepath.Dir(path)), "/") {
		if el == "."+name {
			return true
		}
	}
	return false
}

func detectedNote(name string, best *candidate, others []*candidate, hooks func(*candidate) int) translate.Warning {
	why := "by its content"
	switch {
	case best.byPath:
		why = "by its path"
	case others[0].drops > 0 || hooks(others[0]) < hooks(best):
		why = fmt.Sprintf("by its content: as %s, %d of its hooks would not load", others[0].f.Info().Title, max(others[0].drops, hooks(best)-hooks(others[0])))
	case best.specific && !others[0].specific:
		why = "by its content"
	case hooks(others[0]) == hooks(best):
		why = "by load order (its content and path fit both)"
	}
	var alt []string
	for _, o := range others {
		alt = append(alt, fmt.Sprintf("--from %s reads it as %s's", o.f.Name(), o.f.Info().Title))
	}
	return translate.Warning{File: name, Code: CodeFormatDetected,
		Message: fmt.Sprintf("read as %s's (%s, %s); %s", best.f.Info().Title, best.f.Name(), why, strings.Join(alt, "; "))}
}
