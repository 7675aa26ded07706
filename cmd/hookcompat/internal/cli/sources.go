package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/claude/judge"
	"github.com/hookcompat/hookcompat/compat/codex"
	"github.com/hookcompat/hookcompat/compat/copilot"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/gemini"
	"github.com/hookcompat/hookcompat/compat/qwen"
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
	// Agent loads only what that agent would run (compat Options.Agent),
	// with its own trust record; ThirdParty and BypassReview tune it.
	Agent                    string
	ThirdParty, BypassReview bool
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
	f.StringVar(&s.Agent, "agent", "", "only what this agent would run in the project: its own sources, its own folder trust and per-hook review (claude, codex, copilot, cursor, gemini, phi, qwen)")
	f.BoolVar(&s.ThirdParty, "third-party", false, "with --agent cursor: Cursor's Include third-party configs setting is on (it also runs Claude Code's user, project and local hooks)")
	f.BoolVar(&s.BypassReview, "bypass-hook-trust", false, "with --agent codex: run hooks nobody reviewed in /hooks, as codex --dangerously-bypass-hook-trust does")
}

// options are the load options of the flags: the named sources, and
// discovery when none is named (or with --discover).
func (s *sources) options() compat.Options {
	o := compat.Options{Project: s.Project, Discover: true, AlsoDiscover: s.Discover,
		Agent: s.Agent, AgentView: compat.AgentView{ThirdParty: s.ThirdParty, BypassReview: s.BypassReview}}
	if jo, ok := judge.FromEnv(os.Getenv); ok {
		// The environment provides a Messages API (ANTHROPIC_API_KEY or
		// ANTHROPIC_AUTH_TOKEN, ANTHROPIC_BASE_URL, ANTHROPIC_MODEL):
		// prompt and agent hooks run, asked as Claude Code asks.
		o.Judge = judge.New(jo)
	}
	if s.Agent != "" {
		o.Trusted = agentTrust(s.Agent)
	}
	for _, fm := range format.All() {
		for _, p := range s.Named[fm.Name()] {
			o.Sources = append(o.Sources, format.Source{Format: fm.Name(), Path: p})
		}
	}
	return o
}

// agentTrust is the agent's own record of trusted folders, as its view
// (--agent) applies it: Codex's [projects."<root>"] trust_level (asked
// only when the project has a Codex layer of its own), Gemini CLI's and
// Qwen Code's trustedFolders.json, Copilot CLI's trusted folders
// (copilot.TrustedFolder); nil (trusted) for the agents whose
// record hookcompat does not read (Claude Code's trust dialog, Cursor's
// workspace trust) and for Phi, which never asks.
func agentTrust(agent string) func(format, project string) bool {
	home, _ := os.UserHomeDir()
	switch agent {
	case "codex":
		codexHome := os.Getenv("CODEX_HOME")
		if codexHome == "" {
			codexHome = filepath.Join(home, ".codex")
		}
		return func(_, root string) bool {
			if !hasCodexLayer(root) {
				return true
			}
			return codex.TrustedProject(codexHome, root)
		}
	case "gemini":
		return func(_, project string) bool { return gemini.TrustedFolder(filepath.Join(home, ".gemini"), project) }
	case "qwen":
		return func(_, project string) bool { return qwen.TrustedFolder(filepath.Join(home, ".qwen"), project) }
	case "copilot":
		return func(_, project string) bool {
			return copilot.TrustedFolder(filepath.Join(home, ".copilot"), project, os.Environ())
		}
	}
	return nil
}

// hasCodexLayer reports whether root holds a Codex project layer (a
// .codex folder with hooks.json or config.toml).
func hasCodexLayer(root string) bool {
	for _, name := range []string{"hooks.json", "config.toml"} {
		if _, err := os.Stat(filepath.Join(root, ".codex", name)); err == nil {
			return true
		}
	}
	return false
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
// mean a hook will not run (compat.WontRun).
func (s *sources) warn(w io.Writer, warns []translate.Warning) {
	for _, x := range warns {
		if !s.Quiet || compat.WontRun(x) {
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
