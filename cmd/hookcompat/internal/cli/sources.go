package cli

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
)

// sources are the source flags run, list, doctor, validate and watch
// share: one repeatable flag per format (its Info.Flag: --settings for
// Claude Code, --config for native TOML, --phi-dir for Phi, …), the
// project, and --discover.
type sources struct {
	// Named holds each format's named sources, by format name, in flag
	// order.
	Named   map[string][]string
	Project string
	// Discover loads the discovered sources as well as the named ones.
	Discover bool
}

// namedValue is the pflag.Value of one format's source flag.
type namedValue struct {
	s      *sources
	format string
}

func (v namedValue) String() string { return strings.Join(v.s.Named[v.format], ",") }
func (v namedValue) Type() string   { return "path" }
func (v namedValue) Set(p string) error {
	if v.s.Named == nil {
		v.s.Named = map[string][]string{}
	}
	v.s.Named[v.format] = append(v.s.Named[v.format], p)
	return nil
}

func (s *sources) flags(cmd *cobra.Command) {
	f := cmd.Flags()
	for _, fm := range format.All() {
		if in := fm.Info(); in.Flag != "" {
			f.Var(namedValue{s, fm.Name()}, in.Flag, in.FlagUsage)
		}
	}
	f.StringVar(&s.Project, "project", "", "project (workspace) directory; default: the current directory")
	f.BoolVar(&s.Discover, "discover", false, "also load the sources every agent would discover (without it, they are loaded only when no source is named)")
}

// options are the load options of the flags: the named sources, and
// discovery when none is named (or with --discover).
func (s *sources) options() compat.Options {
	o := compat.Options{Project: s.Project, Discover: true, AlsoDiscover: s.Discover}
	for _, fm := range format.All() {
		for _, p := range s.Named[fm.Name()] {
			o.Sources = append(o.Sources, format.Source{Format: fm.Name(), Path: p})
		}
	}
	return o
}

func (s *sources) load() (*compat.Loaded, error) { return compat.Load(s.options()) }

// sourceFlagsUsage is the usage line fragment of the source flags.
func sourceFlagsUsage() string {
	var parts []string
	for _, fm := range format.All() {
		if in := fm.Info(); in.Flag != "" {
			parts = append(parts, "[--"+in.Flag+" PATH]...")
		}
	}
	return strings.Join(parts, " ") + " [--project DIR] [--discover]"
}
