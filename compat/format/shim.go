package format

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// The exec shim is how a hook of one format runs under an engine that
// does not speak its protocol: converted configs call
//
//	hookcompat exec --protocol claude --event PreToolUse [flags] -- COMMAND
//
// which reads the engine's event, runs COMMAND exactly as the hook's home
// agent would and answers in the engine's reply schema. The command line
// is built ([ShimArgs]) and parsed ([ParseShimArgs]) here and nowhere
// else, so that the two cannot drift apart.

// ShimSpec is the parsed command line of one `hookcompat exec` call: the
// hook it runs, in its own format's terms.
type ShimSpec struct {
	// Host is the format of the agent that runs the shim (--host; default
	// "native", an engine of the native spec): the shim reads its payload
	// and answers in its reply schema ([Host]).
	Host string
	// Protocol is the hook's format (--protocol). Without the flag it is
	// the format of a grouped call's source flag, else the default shim
	// format ([SetShimDefault]).
	Protocol string
	// Event is the event the hook is configured for, as its format names
	// it (--event: Claude "PreToolUse", Phi "pre_tool").
	Event string
	// Matcher is the hook's matcher in its format's syntax (--matcher);
	// empty when the engine running the shim already selects the calls.
	Matcher string
	// If is the hook's if rule in its format's syntax (--if).
	If string
	// Timeout is the hook's timeout (--timeout, seconds; fractions
	// allowed). Zero means the format's default.
	Timeout time.Duration
	// FailClosed makes a failure block (--fail-closed; Claude onFailure
	// "block").
	FailClosed bool
	// Async marks an async hook: its decisions have no effect (--async).
	Async bool
	// Rewake marks an async hook whose exit 2 wakes the agent (Claude's
	// asyncRewake, --rewake).
	Rewake bool
	// Exec says Command is a program and its arguments (--exec), not one
	// shell command string.
	Exec bool
	// Env are variables added to the hook's environment (--env KEY=value,
	// repeatable), such as a Claude plugin's CLAUDE_PLUGIN_ROOT.
	Env map[string]string
	// URL makes the hook an http hook (--url); Headers ("--header
	// 'Name: value'") and AllowedEnv (--allowed-env-var) go with it.
	URL        string
	Headers    map[string]string
	AllowedEnv []string
	// Name is the hook's name in its format (--name; Phi).
	Name string
	// Dir is the hook's working directory (--dir; Phi's hook directory).
	Dir string
	// Options are the hook's format-specific settings (--option
	// KEY=value, repeatable; settings.Hook.Options), such as Cursor's
	// loop_limit.
	Options map[string]string
	// Sources make the call a grouped one ([ShimGrouper]): sources of
	// format Protocol — files or folders — whose hooks of Event run
	// together through this one call, loaded and merged by that format's
	// own rules (Phi's name order and modify chain). The flag is the
	// format's source flag (Info.Flag, repeatable: --phi-dir DIR for
	// Phi).
	Sources []string
	// Command is what runs: one shell command string (a single element),
	// or with Exec a program and its arguments.
	Command []string
}

// ErrShimUsage is wrapped by every error of [ParseShimArgs]: the command
// line is wrong, which the CLI reports as a usage error.
var ErrShimUsage = errors.New("exec usage")

// Shimmer is implemented by formats whose hooks can run through the
// exec shim.
type Shimmer interface {
	// ShimEvent is how --event names native event e for this format, and
	// whether the format has the event.
	ShimEvent(e settings.Event) (string, bool)
	// ShimHook builds the hook the shim runs from the parsed command line:
	// the native event of spec.Event (an error, wrapping [ErrShimUsage],
	// for a name the format does not have), the format's default timeout
	// when spec.Timeout is zero, and spec.Matcher in the format's match
	// syntax. For a grouped call (spec.Sources) it returns the hook's
	// event only (Hook.Event; the sources' hooks are loaded by the
	// caller).
	ShimHook(spec *ShimSpec) (*settings.Hook, error)
}

// ShimMatcher is implemented by formats whose matchers can become native
// globs when they name tools exactly: the native engine then selects the
// calls and the shim need not.
type ShimMatcher interface {
	// ShimMatch returns the native globs that together select the calls
	// h's matcher selects — [""] (every call) when the matcher cannot be
	// written as globs — and the matcher the shim must still apply (""
	// when the globs are exact).
	ShimMatch(h *settings.Hook, vocab *translate.Vocabulary) (globs []string, rest string)
}

// ToolScoper is implemented by formats with tool events whose hooks fire
// for some tools only, whatever their matcher says (Cursor's
// beforeShellExecution runs for the shell tool alone): `list` shows those
// tools.
type ToolScoper interface {
	// ScopeTools returns the native tool globs h's step fires for, or nil
	// when it fires for every call of its event.
	ScopeTools(h *settings.Hook) []string
}

// ShimGrouper is implemented by formats whose hooks of one event must run
// through one shim call, so that the format's own order and merge apply
// (Phi's name order and modify chain). The call names the sources whose
// hooks it runs (ShimSpec.Sources) with the format's source flag
// (Info.Flag), which such a format must have; the shim loads them as
// sources of the format.
type ShimGrouper interface {
	// ShimGroup returns the key of the shim call h joins ("" to run
	// alone) and that call, a native args hook running shim, for h alone.
	// Paths under project are written relative to it.
	ShimGroup(h *settings.Hook, shim, project string) (key string, call *settings.Hook)
	// MergeShimGroup folds h into the group's call g (its timeout,
	// fail_closed).
	MergeShimGroup(g, h *settings.Hook)
}

// ShimMatcherOf is the matcher the shim applies for h, in the syntax of
// h's format (--matcher takes no other). A hook whose matcher already is
// in that syntax keeps it. A native glob (match_syntax glob or exact, as
// a hand-written hookcompat TOML hook of another format may have) that
// names one tool becomes that tool's name in h's format (shell → Bash
// for Claude); on other events it names a source or trigger, spelt the
// same. A glob with wildcards has no equivalent there: ok is false, and
// the caller leaves the hook out with a warning rather than hand the
// shim a matcher it reads otherwise (the hook would fire on other calls,
// or on none).
func ShimMatcherOf(h *settings.Hook) (matcher string, ok bool) {
	m := h.Match
	if m == "" || m == "*" {
		return "", true
	}
	syntax := h.EffectiveMatchSyntax()
	if syntax != settings.MatchGlob && syntax != settings.MatchExact {
		return m, true
	}
	if syntax == settings.MatchGlob && strings.ContainsAny(m, `*?[\`) {
		return "", false
	}
	if !h.Event.ToolEvent() {
		return m, true
	}
	return translate.DefaultVocabulary.Name(translate.Native, translate.Dialect(h.EffectiveProtocol()), m), true
}

// SpecOf describes hook h for the shim: its format's event name, the
// matcher the shim must still apply (matcher; "" when the engine running
// the shim selects the calls itself), and every other field of h that
// the shim carries. It fails when h's format has no shim.
func SpecOf(h *settings.Hook, matcher string) (*ShimSpec, error) {
	f, ok := Lookup(h.EffectiveProtocol())
	if !ok {
		return nil, fmt.Errorf("protocol %q has no format", h.EffectiveProtocol())
	}
	sh, ok := f.(Shimmer)
	if !ok {
		return nil, fmt.Errorf("format %q has no exec shim", f.Name())
	}
	event, ok := sh.ShimEvent(h.Event)
	if !ok {
		return nil, fmt.Errorf("format %q has no event for %s", f.Name(), h.Event)
	}
	s := &ShimSpec{
		Protocol: h.EffectiveProtocol(), Event: event, Matcher: matcher, If: h.If,
		Timeout: h.Timeout, FailClosed: h.FailClosed, Async: h.Async, Rewake: h.Rewake,
		Name: h.Name, Dir: h.Dir,
	}
	if len(h.Env) > 0 {
		s.Env = map[string]string{}
		for k, v := range h.Env {
			s.Env[k] = v
		}
	}
	if len(h.Options) > 0 {
		s.Options = map[string]string{}
		for k, v := range h.Options {
			s.Options[k] = v
		}
	}
	switch {
	case h.EffectiveType() == settings.TypeHTTP:
		s.URL, s.AllowedEnv = h.URL, append([]string(nil), h.AllowedEnvVars...)
		if len(h.Headers) > 0 {
			s.Headers = map[string]string{}
			for k, v := range h.Headers {
				s.Headers[k] = v
			}
		}
	case len(h.Args) > 0:
		s.Exec, s.Command = true, append([]string(nil), h.Args...)
	default:
		s.Command = []string{h.Command}
	}
	return s, nil
}

// ShimArgs is the argv of a `hookcompat exec` call running spec, with
// shim as argv[0] (the hookcompat binary).
func ShimArgs(shim string, s *ShimSpec) []string {
	argv := []string{shim, "exec"}
	if s.Host != "" && s.Host != settings.ProtocolNative {
		argv = append(argv, "--host", s.Host)
	}
	argv = append(argv, "--protocol", s.Protocol, "--event", s.Event)
	if s.Matcher != "" {
		argv = append(argv, "--matcher", s.Matcher)
	}
	if s.If != "" {
		argv = append(argv, "--if", s.If)
	}
	if s.Timeout > 0 {
		argv = append(argv, "--timeout", strconv.FormatFloat(s.Timeout.Seconds(), 'f', -1, 64))
	}
	if s.FailClosed {
		argv = append(argv, "--fail-closed")
	}
	if s.Async {
		argv = append(argv, "--async")
	}
	if s.Rewake {
		argv = append(argv, "--rewake")
	}
	for _, k := range sortedKeys(s.Env) {
		argv = append(argv, "--env", k+"="+s.Env[k])
	}
	for _, k := range sortedKeys(s.Options) {
		argv = append(argv, "--option", k+"="+s.Options[k])
	}
	if s.Name != "" {
		argv = append(argv, "--name", s.Name)
	}
	if s.Dir != "" {
		argv = append(argv, "--dir", s.Dir)
	}
	if len(s.Sources) > 0 {
		flag := groupFlag(s.Protocol)
		for _, d := range s.Sources {
			argv = append(argv, "--"+flag, d)
		}
	}
	if s.URL != "" {
		argv = append(argv, "--url", s.URL)
		for _, k := range sortedKeys(s.Headers) {
			argv = append(argv, "--header", k+": "+s.Headers[k])
		}
		for _, v := range s.AllowedEnv {
			argv = append(argv, "--allowed-env-var", v)
		}
		return argv
	}
	if len(s.Command) > 0 {
		if s.Exec {
			argv = append(argv, "--exec")
		}
		argv = append(argv, "--")
		argv = append(argv, s.Command...)
	}
	return argv
}

// shimFlags are the flags of `hookcompat exec` and whether each takes a
// value.
var shimFlags = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"host": true, "protocol": true, "event": true, "matcher": true, "if": true, "timeout": true,
		"fail-closed": false, "async": false, "rewake": false, "exec": false, "env": true, "url": true,
		"header": true, "allowed-env-var": true, "name": true, "dir": true, "option": true,
	}
}}

// shimFlagNames returns the flags of `hookcompat exec`, sorted, for help
// texts and completion: its own, and the source flag of every registered
// format that groups its hooks into one call ([ShimGrouper]).
func shimFlagNames() []string {
	names := make([]string, 0, len(shimFlags.Get()))
	for n := range shimFlags.Get() {
		names = append(names, n)
	}
	for n := range groupFlags() {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// groupFlags maps the source flag of every registered [ShimGrouper]
// format (Info.Flag) to the format's name.
func groupFlags() map[string]string {
	out := map[string]string{}
	for _, f := range All() {
		if _, ok := f.(ShimGrouper); ok {
			if fl := f.Info().Flag; fl != "" {
				if _, own := shimFlags.Get()[fl]; !own {
					out[fl] = f.Name()
				}
			}
		}
	}
	return out
}

// groupFlag is the source flag of a grouped call of format name (its
// Info.Flag).
func groupFlag(name string) string {
	if f, ok := Lookup(name); ok {
		return f.Info().Flag
	}
	return ""
}

var shimDefault struct {
	sync.Mutex
	name string
}

// SetShimDefault names the format whose hooks `hookcompat exec` runs
// when the call has no --protocol and no grouped call's source flag (the
// Claude Code format sets itself, as calls written for it may omit the
// flag). A format sets it from init; it panics when another format has
// set it already.
func SetShimDefault(name string) {
	shimDefault.Lock()
	defer shimDefault.Unlock()
	if shimDefault.name != "" && shimDefault.name != name {
		panic("format: shim default set twice: " + shimDefault.name + " and " + name)
	}
	shimDefault.name = name
}

func shimDefaultName() string {
	shimDefault.Lock()
	defer shimDefault.Unlock()
	return shimDefault.name
}

// ParseShimArgs parses the arguments of `hookcompat exec` (after "exec"):
// flags as --name value or --name=value, then "--" and the command. It
// checks every flag and the shape of the call, not whether the format has
// the event (see [Shimmer.ShimHook]). Errors wrap [ErrShimUsage].
func ParseShimArgs(args []string) (*ShimSpec, error) {
	s := &ShimSpec{}
	usage := func(format string, a ...any) error {
		return fmt.Errorf("%w: %s", ErrShimUsage, fmt.Sprintf(format, a...))
	}
	var groups map[string]string // source flag → format, when a flag is none of exec's own
	protocolSet := false
	group, groupFlagName := "", "" // the grouped call's format and flag
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			s.Command = append([]string(nil), args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "--") {
			return nil, usage("unexpected argument %q before --", a)
		}
		name, val, hasVal := strings.Cut(a[2:], "=")
		takes, known := shimFlags.Get()[name]
		if !known {
			if groups == nil {
				groups = groupFlags()
			}
			f, isGroup := groups[name]
			if !isGroup {
				return nil, usage("unknown flag --%s%s", name, didYouMean(name))
			}
			if group != "" && group != f {
				return nil, usage("--%s and --%s name sources of two formats", groupFlagName, name)
			}
			group, groupFlagName, takes = f, name, true
		}
		if takes && !hasVal {
			if i+1 >= len(args) {
				return nil, usage("flag --%s needs a value", name)
			}
			i++
			val = args[i]
		} else if !takes && hasVal {
			b, err := strconv.ParseBool(val)
			if err != nil {
				return nil, usage("flag --%s is a switch, got %q", name, val)
			}
			if !b {
				continue
			}
		}
		switch name {
		case "host":
			s.Host = val
		case "protocol":
			s.Protocol, protocolSet = val, true
		case "event":
			s.Event = val
		case "matcher":
			s.Matcher = val
		case "if":
			s.If = val
		case "timeout":
			secs, err := strconv.ParseFloat(val, 64)
			if err != nil || secs < 0 || math.IsNaN(secs) || math.IsInf(secs, 0) || secs >= float64(math.MaxInt64)/float64(time.Second) {
				return nil, usage("--timeout %q: want a non-negative number of seconds below 9e9", val)
			}
			s.Timeout = time.Duration(math.Round(secs * float64(time.Second)))
			if secs > 0 && s.Timeout == 0 {
				s.Timeout = time.Nanosecond
			}
		case "fail-closed":
			s.FailClosed = true
		case "async":
			s.Async = true
		case "rewake":
			s.Rewake = true
		case "exec":
			s.Exec = true
		case "env":
			k, v, ok := strings.Cut(val, "=")
			if !ok || k == "" {
				return nil, usage("--env %q: want KEY=value", val)
			}
			if s.Env == nil {
				s.Env = map[string]string{}
			}
			s.Env[k] = v
		case "option":
			k, v, ok := strings.Cut(val, "=")
			if !ok || k == "" {
				return nil, usage("--option %q: want KEY=value", val)
			}
			if s.Options == nil {
				s.Options = map[string]string{}
			}
			s.Options[k] = v
		case "url":
			s.URL = val
		case "header":
			k, v, ok := strings.Cut(val, ":")
			if !ok || strings.TrimSpace(k) == "" {
				return nil, usage("--header %q: want \"Name: value\"", val)
			}
			if s.Headers == nil {
				s.Headers = map[string]string{}
			}
			s.Headers[strings.TrimSpace(k)] = strings.TrimSpace(v)
		case "allowed-env-var":
			s.AllowedEnv = append(s.AllowedEnv, val)
		case "name":
			s.Name = val
		case "dir":
			s.Dir = val
		case groupFlagName:
			s.Sources = append(s.Sources, val)
		}
	}
	switch {
	case group != "" && protocolSet && s.Protocol != group:
		return nil, usage("--%s names sources of %s, but --protocol is %s", groupFlagName, group, s.Protocol)
	case group != "":
		s.Protocol = group
	case !protocolSet:
		s.Protocol = shimDefaultName()
		if s.Protocol == "" {
			return nil, usage("--protocol is required")
		}
	}
	if s.Host == settings.ProtocolNative {
		s.Host = ""
	}
	switch {
	case s.Event == "":
		return nil, usage("--event is required")
	case len(s.Sources) > 0 && (len(s.Command) > 0 || s.URL != ""):
		return nil, usage("--%s runs the hooks of its sources; give no command or --url", groupFlagName)
	case len(s.Sources) == 0 && (len(s.Command) == 0) == (s.URL == ""):
		return nil, usage("give the hook's command after --, or --url for an http hook (not both)")
	case s.URL != "" && s.Exec:
		return nil, usage("--exec runs a program; an http hook has none")
	case len(s.Command) > 0 && !s.Exec && len(s.Command) > 1:
		// Several words after -- without --exec: the shell form is one
		// string; join them as a shell would read them back.
		s.Command = []string{strings.Join(s.Command, " ")}
	}
	return s, nil
}

// IsShim reports whether argv is a call of the exec shim: a program named
// hookcompat (any directory, any suffix such as .exe) with "exec" as its
// first argument.
func IsShim(argv []string) bool {
	if len(argv) < 2 || argv[1] != "exec" {
		return false
	}
	base := strings.TrimSuffix(filepath.Base(argv[0]), ".exe")
	return base == "hookcompat" || strings.HasPrefix(base, "hookcompat")
}

// ParseShim parses a whole shim argv (argv[0] the binary, argv[1] "exec")
// and builds the hook it runs through its format's [Shimmer]. The hook's
// Source is left empty for the caller.
func ParseShim(argv []string) (*ShimSpec, *settings.Hook, error) {
	if !IsShim(argv) {
		return nil, nil, fmt.Errorf("%w: not a hookcompat exec command line", ErrShimUsage)
	}
	spec, err := ParseShimArgs(argv[2:])
	if err != nil {
		return nil, nil, err
	}
	h, err := spec.Hook()
	if err != nil {
		return spec, nil, err
	}
	return spec, h, nil
}

// HostFormat returns the host format of s (nil for a native engine), or
// an error wrapping [ErrShimUsage] when --host names no format that can
// host converted hooks.
func (s *ShimSpec) HostFormat() (Host, error) {
	if s.Host == "" {
		return nil, nil
	}
	if f, ok := Lookup(s.Host); ok {
		if h, ok := f.(Host); ok {
			return h, nil
		}
	}
	var hosts []string
	for _, f := range All() {
		if _, ok := f.(Host); ok {
			hosts = append(hosts, f.Name())
		}
	}
	return nil, fmt.Errorf("%w: --host %q: want native or one of %s", ErrShimUsage, s.Host, strings.Join(hosts, ", "))
}

// Hook builds the hook s runs through its format's [Shimmer]. Errors for
// an unknown protocol or event wrap [ErrShimUsage].
func (s *ShimSpec) Hook() (*settings.Hook, error) {
	f, ok := Lookup(s.Protocol)
	if !ok {
		return nil, fmt.Errorf("%w: --protocol %q: want one of %s", ErrShimUsage, s.Protocol, strings.Join(shimFormats(), ", "))
	}
	sh, ok := f.(Shimmer)
	if !ok {
		return nil, fmt.Errorf("%w: --protocol %q: want one of %s", ErrShimUsage, s.Protocol, strings.Join(shimFormats(), ", "))
	}
	return sh.ShimHook(s)
}

func shimFormats() []string {
	var out []string
	for _, f := range All() {
		if _, ok := f.(Shimmer); ok {
			out = append(out, f.Name())
		}
	}
	sort.Strings(out)
	return out
}

// ApplyTo copies the fields every format's shim carries the same way
// into h: if rule, timeout, fail_closed, async, rewake, env, options,
// name, dir and what runs (command, args or an http request).
func (s *ShimSpec) ApplyTo(h *settings.Hook) {
	h.If, h.FailClosed, h.Async, h.Rewake, h.Name, h.Dir = s.If, s.FailClosed, s.Async, s.Rewake, s.Name, s.Dir
	if s.Timeout > 0 {
		h.Timeout = s.Timeout
	}
	if len(s.Env) > 0 {
		h.Env = map[string]string{}
		for k, v := range s.Env {
			h.Env[k] = v
		}
	}
	if len(s.Options) > 0 {
		h.Options = map[string]string{}
		for k, v := range s.Options {
			h.Options[k] = v
		}
	}
	switch {
	case s.URL != "":
		h.Type, h.URL, h.AllowedEnvVars = settings.TypeHTTP, s.URL, append([]string(nil), s.AllowedEnv...)
		if len(s.Headers) > 0 {
			h.Headers = map[string]string{}
			for k, v := range s.Headers {
				h.Headers[k] = v
			}
		}
	case s.Exec:
		h.Args = append([]string(nil), s.Command...)
	case len(s.Command) > 0:
		h.Command = s.Command[0]
	}
}

// RelPath writes path relative to project when it lies under it (an
// engine runs shim calls in the workspace, so the converted file works
// in any clone), else as it is.
func RelPath(path, project string) string {
	if project == "" || !filepath.IsAbs(path) {
		return path
	}
	r, err := filepath.Rel(project, path)
	if err != nil || r == ".." || strings.HasPrefix(r, "../") {
		return path
	}
	return r
}

func didYouMean(name string) string {
	best, bestD := "", 3
	for _, n := range shimFlagNames() {
		if d := hookkit.EditDistance(name, n); d < bestD || (d == bestD && n < best) {
			best, bestD = n, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean --%s?)", best)
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
