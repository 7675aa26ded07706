package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/translate"
)

// sources are the source flags run, list, doctor, validate and watch
// share: one repeatable flag per format (its Info.Flag: --settings for
// Claude Code, --config for native TOML, --phi-dir for Phi, …), the
// project, --discover and --quiet.
//
// The rule: without a named source, every source the agents would
// discover is loaded; naming a source (--settings, --config, --phi-dir,
// …) loads only the named ones, and --discover loads the discovered
// ones as well. One stderr line names the sources loaded, and those left
// out because sources were named.
type sources struct {
	// Named holds each format's named sources, by format name, in flag
	// order.
	Named   map[string][]string
	Project string
	// Discover loads the discovered sources as well as the named ones.
	Discover bool
	// Quiet drops the sources line and the load warnings but those that
	// mean a hook will not run.
	Quiet bool
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
	f.BoolVarP(&s.Quiet, "quiet", "q", false, "do not print the sources loaded, nor the load warnings but those that mean a hook will not run")
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

// load loads the sources and, unless --quiet, writes the line naming
// them on w.
func (s *sources) load(w io.Writer) (*compat.Loaded, error) {
	l, err := compat.Load(s.options())
	if err == nil && !s.Quiet {
		fmt.Fprintln(w, sourcesLine(l))
	}
	return l, err
}

// warn prints load warnings on w: every one, or with --quiet those that
// mean a hook will not run (format.DropsHooks).
func (s *sources) warn(w io.Writer, warns []translate.Warning) {
	for _, x := range warns {
		if !s.Quiet || compat.DropsHooks(x) {
			fmt.Fprintln(w, x.String())
		}
	}
}

// sourcesLine names the sources of l, each with its format and scope,
// and the discovered sources that named ones left out.
// A discovered source that does not exist (a hooks folder a format
// always looks at) is not named.
func sourcesLine(l *compat.Loaded) string {
	var b strings.Builder
	b.WriteString("hookcompat: sources: ")
	loaded, left := existing(l.Sources), existing(l.Undiscovered)
	if len(loaded) == 0 {
		b.WriteString("none")
	}
	b.WriteString(strings.Join(loaded, ", "))
	if len(left) > 0 {
		b.WriteString("; not loaded, since sources were named (--discover loads them too): ")
		b.WriteString(strings.Join(left, ", "))
	}
	return b.String()
}

func existing(srcs []format.Source) []string {
	var out []string
	for _, src := range srcs {
		if _, err := os.Stat(src.Path); err != nil && src.Discovered {
			continue
		}
		out = append(out, sourceName(src))
	}
	return out
}

func sourceName(src format.Source) string {
	s := src.Format + " " + displayPath(src.Path)
	if src.Scope != "" {
		s += " (" + src.Scope + ")"
	}
	return s
}

// displayPath writes p relative to the working directory when it lies
// under it, else under ~ when it lies under the home directory.
func displayPath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	if wd, err := os.Getwd(); err == nil {
		if r, err := filepath.Rel(wd, abs); err == nil && r != ".." && !strings.HasPrefix(r, "../") {
			return r
		}
	}
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		if r, err := filepath.Rel(home, abs); err == nil && r != ".." && !strings.HasPrefix(r, "../") {
			return "~/" + r
		}
	}
	return abs
}

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
