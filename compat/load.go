package compat

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookjson"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Options says which hook sources to load.
type Options struct {
	// Project is the workspace directory (Claude's CLAUDE_PROJECT_DIR).
	// Empty means the process's working directory.
	Project string
	// Sources are hook sources named explicitly, each with its format
	// (format.Source{Format: "codex", Path: ".codex/hooks.json"}, or a
	// format package's helper: claude.Sources, phi.Sources,
	// native.Sources); an empty Format is detected from the path and
	// content. Relative paths are relative to the process's working
	// directory, like any file name. The sources of one format load in
	// their order (a later Phi folder's hook replaces an earlier one of
	// the same name, as Phi's project hooks replace its user hooks).
	Sources []format.Source
	// Discover, when no source is named (installed ones aside,
	// format.Source.Installed), loads the sources every format
	// discovers (Claude Code's user, project, local and managed settings;
	// Phi's ~/.phi/hooks and <project>/.phi/hooks; …), each format's
	// merged by its own rules.
	Discover bool
	// AlsoDiscover loads the discovered sources in addition to the named
	// ones (`--discover`). The discovered sources of a format come before
	// its named ones.
	AlsoDiscover bool
	// Home overrides the user's home directory for discovery; empty means
	// os.UserHomeDir.
	Home string
	// ManagedDir overrides where Claude Code's managed policy files are
	// looked for; empty means /etc/claude-code.
	ManagedDir string
	// SystemRoot prefixes every format's system-wide paths (/etc/…);
	// empty means "/".
	SystemRoot string
	// Trusted, if set, decides whether a project's own hooks of a format
	// may run: it is asked with the format's name and the project (the
	// project directory; Codex's project root, its git root). Nil trusts,
	// in every format alike: the same hooks load as with a Trusted that
	// answers true. What a false answer leaves out is the home agent's
	// rule for an untrusted folder: Claude Code and Cursor skip the
	// project's own files (claude §1.5), Gemini CLI runs no hook in an
	// untrusted workspace, Codex skips the project's .codex layers (its
	// per-hook review is Options.Agent's, not trust's), Qwen Code asks
	// only when its settings enable security.folderTrust, Phi never asks.
	// A host that wants an agent's own record of trusted folders passes
	// it here (codex.TrustedProject, gemini.TrustedFolder,
	// qwen.TrustedFolder).
	Trusted func(format, project string) bool
	// Env is the environment discovery reads (PHI_HOOKS=off disables Phi
	// hooks, CODEX_HOME moves Codex's home); nil means the process's.
	Env []string
	// Vocabulary is the tool vocabulary of the load and of the engines
	// built from it (tool names in matchers, payloads, if rules and
	// rendering, for every protocol); nil means
	// translate.DefaultVocabulary. A host whose tools have names of their
	// own passes translate.DefaultVocabulary.Rename(…): native globs that
	// name a renamed tool by its earlier name (as converted files do)
	// still select it, and the exec shim of converted hooks gets the event
	// with that name. It is fixed for the load and its engines.
	Vocabulary *translate.Vocabulary
	// Judge runs prompt and agent hooks in the engines built from the load
	// (runner.Options.Judge, unless that is set). With a judge, such
	// hooks load without the unsupported-handler warning that they cannot
	// run.
	Judge runner.Judge
	// MCP calls the tools of mcp_tool hooks in the engines built from the
	// load (runner.Options.MCP, unless that is set). With a caller,
	// Claude Code's mcp_tool handlers are loaded instead of skipped with
	// a warning.
	MCP runner.MCPCaller
	// Agent, when set, loads what that agent (a format's name: "claude",
	// "codex", "cursor", …) would run in the project and nothing else
	// (`list --agent`, `run --agent`; [AgentView] says what it adds).
	Agent string
	// AgentView tunes the view of Options.Agent.
	AgentView AgentView
}

// Loaded is the result of [Load]: the hooks of every source in source
// order, the warnings of every source, and the files read.
type Loaded struct {
	Config   *settings.Config
	Warnings []translate.Warning
	// Files are the source files read (loaded or rejected); [Watch]
	// watches them.
	Files []string
	// Sources are the sources loaded, per format in load order, named and
	// discovered.
	Sources []format.Source
	// Undiscovered are the sources discovery would have loaded when named
	// sources turned it off (Options.Discover without AlsoDiscover), so
	// that a caller can say what was left out.
	Undiscovered []format.Source
	// Watch are the paths whose creation or change changes the hooks.
	Watch []string
	// Project is the workspace directory, absolute.
	Project string
	// Vocabulary is the load's tool vocabulary (never nil).
	Vocabulary *translate.Vocabulary

	opts Options     // what was loaded, for Watch
	env  *format.Env // what the formats read, for Permissions
}

// Load reads every source of opts through the format registry: the
// sources of each format (named, and discovered when asked) are loaded
// together by that format, formats in their load order (Claude Code, …,
// Phi, native TOML); hooks of one event run per protocol group in that
// order. A hook that calls the exec shim (a converted one) gets
// settings.Hook.Wraps, so that traces, logs, findings and hookcompat's
// messages name the script it wraps. It fails on the first named source
// that cannot be read or translated (a syntax error, with file:line:col: a [*settings.Error] or
// [settings.ErrorList]) or that does not exist (an error matching
// fs.ErrNotExist); warnings never fail it. A hook the engine would reject
// fails it too: errors.As finds a [*settings.MatcherError] for a match
// pattern its protocol cannot compile, a [*settings.RuleError] for an if
// rule that does not parse, a [*settings.UnknownEventError] for an event
// no engine knows.
//
// A discovered source never fails the load, whatever it holds (a file
// caught mid-edit, or one line of a cloned repository's settings): a
// discovered file whose hook the engine would reject loads none of its
// hooks, and a format whose load fails on a discovered source (Codex
// refuses to start on a config.toml it cannot read) loads only its
// named sources; either is a warning positioned in the file, with one of
// the format's Info.BrokenCodes, and every other source still loads.
func Load(opts Options) (*Loaded, error) {
	env, err := opts.env()
	if err != nil {
		return nil, err
	}
	named, err := opts.named(env)
	if err != nil {
		return nil, err
	}
	// Installed sources (plugins) do not stop discovery.
	installed := 0
	for _, s := range named {
		if s.Installed {
			installed++
		}
	}
	discover := opts.AlsoDiscover || (opts.Discover && len(named) == installed)
	if err := opts.checkAgent(named); err != nil {
		return nil, err
	}
	l := &Loaded{Config: &settings.Config{}, Project: env.Project, Vocabulary: env.Vocab(), opts: opts, env: env}
	for _, f := range format.All() {
		var srcs []format.Source
		reads, only := opts.agentReads(f)
		if !reads {
			continue
		}
		if discover {
			d := f.Discover(env)
			kept, left := only(d.Sources)
			srcs = append(srcs, kept...)
			l.Warnings = append(l.Warnings, thirdPartyOff(left)...)
			l.Watch = append(l.Watch, d.Watch...)
			v := opts.viewDiscovery(f, env)
			srcs = append(srcs, v.Sources...)
			l.Watch = append(l.Watch, v.Watch...)
		} else if opts.Discover {
			for _, d := range f.Discover(env).Sources {
				if !namedAlready(named, d) {
					l.Undiscovered = append(l.Undiscovered, d)
				}
			}
		}
		for _, s := range named {
			if s.Format == f.Name() {
				srcs = append(srcs, s)
			}
		}
		if len(srcs) == 0 {
			continue
		}
		res, err := f.Load(srcs, env)
		if err != nil {
			if res, err = isolateFormat(f, srcs, env, err); err != nil {
				return nil, err
			}
		}
		if err := dropInvalid(f, res, srcs, l.Vocabulary); err != nil {
			return nil, err
		}
		opts.agentReview(f, res)
		for i := range res.Config.Hooks {
			h := &res.Config.Hooks[i]
			h.Wraps = wrappedLabel(h)
		}
		l.Config.Append(res.Config)
		l.Warnings = append(l.Warnings, res.Warnings...)
		l.Files = append(l.Files, res.Files...)
		l.Sources = append(l.Sources, srcs...)
	}
	l.Watch = append(l.Watch, l.Files...)
	if err := validate(l.Config, l.Vocabulary); err != nil {
		return nil, err
	}
	return l, nil
}

// wrappedLabel is the label of the hook h runs through the exec shim
// (what settings.Hook.Wraps holds): the wrapped hook's
// settings.Hook.ConfigLabel — its name, else its command as its own
// format wrote it ("./guard.sh"), args or URL — or, for a grouped call,
// "<format> hooks of <sources>". A shim call wrapping a shim call is
// labelled by the innermost hook. It is "" when h is not a shim call
// (format.IsShimHook) or its command line does not parse.
func wrappedLabel(h *settings.Hook) string {
	argv := h.Args
	if len(argv) == 0 {
		if !strings.Contains(h.Command, "hookcompat") {
			return ""
		}
		argv, _ = format.ShimCommandArgs(h.Command)
	}
	if !format.IsShim(argv) {
		return ""
	}
	spec, err := format.ParseShimArgs(argv[2:])
	if err != nil {
		return ""
	}
	if len(spec.Sources) > 0 {
		return spec.Protocol + " hooks of " + strings.Join(spec.Sources, ", ")
	}
	inner, err := spec.Hook()
	if err != nil {
		// A format this build does not know: the spec's own fields.
		inner = &settings.Hook{}
		spec.ApplyTo(inner)
	}
	if w := wrappedLabel(inner); w != "" {
		return w
	}
	return inner.ConfigLabel()
}

// isolateFormat handles err, the error of f loading srcs: when it comes
// from a discovered source, f loads its named sources alone and err
// becomes a warning; when they fail too (or there is no discovered
// source), the load fails with their error.
func isolateFormat(f format.Format, srcs []format.Source, env *format.Env, err error) (*format.Result, error) {
	var named []format.Source
	for _, s := range srcs {
		if !s.Discovered {
			named = append(named, s)
		}
	}
	if len(named) == len(srcs) {
		return nil, err
	}
	res := &format.Result{Config: &settings.Config{}}
	if len(named) > 0 {
		var nerr error
		if res, nerr = f.Load(named, env); nerr != nil {
			return nil, nerr
		}
	}
	w := brokenWarning(f, err)
	w.Message = fmt.Sprintf("%s; no discovered %s hook is loaded, the other sources' hooks still run", w.Message, f.Info().Title)
	res.Warnings = append(res.Warnings, w)
	for _, s := range srcs {
		if s.Discovered {
			if abs, aerr := filepath.Abs(s.Path); aerr == nil {
				res.Files = append(res.Files, abs)
			}
		}
	}
	return res, nil
}

// dropInvalid checks res's hooks as the engine will (validate): the
// hooks of a discovered file that has one the engine would reject are
// dropped, with a warning positioned at that hook; a rejected hook of a
// named source fails the load.
func dropInvalid(f format.Format, res *format.Result, srcs []format.Source, vocab *translate.Vocabulary) error {
	err := validate(res.Config, vocab)
	if err == nil {
		return nil
	}
	var list settings.ErrorList
	var one *settings.Error
	switch {
	case errors.As(err, &list):
	case errors.As(err, &one):
		list = settings.ErrorList{one}
	default:
		return err
	}
	var named settings.ErrorList
	bad := map[string]*settings.Error{}
	for _, e := range list {
		if discoveredFile(srcs, e.File) {
			if bad[e.File] == nil {
				bad[e.File] = e
			}
		} else {
			named = append(named, e)
		}
	}
	if len(named) > 0 {
		return named
	}
	kept := res.Config.Hooks[:0]
	for _, h := range res.Config.Hooks {
		if bad[h.Source.File] == nil {
			kept = append(kept, h)
		}
	}
	res.Config.Hooks = kept
	for _, e := range list {
		if bad[e.File] != e {
			continue
		}
		w := brokenWarning(f, e)
		w.Message = fmt.Sprintf("%s; the file's hooks are not loaded, the other sources' hooks still run", w.Message)
		res.Warnings = append(res.Warnings, w)
	}
	return nil
}

// discoveredFile reports whether file is, or lies in, a discovered
// source of srcs.
func discoveredFile(srcs []format.Source, file string) bool {
	fa, _ := filepath.Abs(file)
	for _, s := range srcs {
		if !s.Discovered {
			continue
		}
		sa, _ := filepath.Abs(s.Path)
		if fa == sa || strings.HasPrefix(fa, sa+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// brokenWarning is err as a warning of f that a source was skipped:
// positioned where err is (a *settings.Error), with f's first broken
// code.
func brokenWarning(f format.Format, err error) translate.Warning {
	code := translate.CodeInvalidEntry
	if bc := f.Info().BrokenCodes; len(bc) > 0 {
		code = bc[0]
	}
	w := translate.Warning{Code: code, Message: err.Error()}
	var se *settings.Error
	if errors.As(err, &se) {
		w.File, w.Line, w.Col = se.File, se.Line, se.Col
		w.Message = se.Msg
		if se.Field != "" {
			w.Message = se.Field + ": " + se.Msg
		}
	}
	return w
}

// namedAlready reports whether the discovered source d is among the
// named ones (the same file, however written).
func namedAlready(named []format.Source, d format.Source) bool {
	da, _ := filepath.Abs(d.Path)
	for _, s := range named {
		if sa, _ := filepath.Abs(s.Path); s.Format == d.Format && filepath.Clean(sa) == filepath.Clean(da) {
			return true
		}
	}
	return false
}

// validate checks every hook as the engine will: structure (HK-01,
// HK-62…HK-65) and its protocol's own checks (a matcher that compiles).
func validate(cfg *settings.Config, vocab *translate.Vocabulary) error {
	if err := cfg.Validate(); err != nil {
		return err
	}
	protos := map[string]runner.Protocol{}
	for _, p := range format.Protocols(vocab) {
		protos[p.Name()] = p
	}
	var errs settings.ErrorList
	for i := range cfg.Hooks {
		h := &cfg.Hooks[i]
		if v, ok := protos[h.EffectiveProtocol()].(runner.Validator); ok {
			if err := v.Validate(h); err != nil {
				field := "hooks." + string(h.Event) + ".match"
				var me *settings.MatcherError
				if !errors.As(err, &me) {
					me = &settings.MatcherError{Syntax: h.EffectiveMatchSyntax(), Match: h.Match, Err: err}
				}
				typed := *me
				typed.File, typed.Line, typed.Col, typed.Field = h.Source.File, h.Source.Line, h.Source.Col, field
				errs = append(errs, &settings.Error{File: h.Source.File, Line: h.Source.Line, Col: h.Source.Col,
					Field: field, Msg: me.Err.Error(), Err: &typed})
			}
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

func (opts *Options) env() (*format.Env, error) {
	project := opts.Project
	if project == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("load: %w", err)
		}
		project = wd
	}
	abs, err := filepath.Abs(project)
	if err != nil {
		return nil, fmt.Errorf("load: %w", err)
	}
	if st, err := os.Stat(abs); err != nil {
		return nil, fmt.Errorf("load: project directory %s does not exist: %w", abs, fs.ErrNotExist)
	} else if !st.IsDir() {
		return nil, fmt.Errorf("load: project %s is not a directory", abs)
	}
	home := opts.Home
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	return &format.Env{
		Project: abs, Home: home, Getenv: lookupEnv(opts.Env), Trusted: opts.Trusted,
		ManagedDir: opts.ManagedDir, SystemRoot: opts.SystemRoot, Vocabulary: opts.Vocabulary,
		Judge: opts.Judge != nil, MCP: opts.MCP != nil,
	}, nil
}

// named returns the explicitly named sources, each with its format
// (detected when not given).
func (opts *Options) named(env *format.Env) ([]format.Source, error) {
	var out []format.Source
	for _, s := range opts.Sources {
		if s.Format == "" {
			var data []byte
			st, err := os.Stat(s.Path)
			if err != nil {
				return nil, fmt.Errorf("load: source %s: %w", s.Path, err)
			}
			if !st.IsDir() {
				data, _ = os.ReadFile(s.Path)
			}
			f, err := format.Detect(s.Path, data)
			if err != nil {
				return nil, err
			}
			s.Format = f.Name()
		} else if _, err := format.Get(s.Format); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// NewEngine returns an engine running l's hooks, speaking the protocol of
// every registered format with l's tool vocabulary: matching, payloads,
// if rules (opts.ToolKinds, unless set, is the vocabulary's
// [translate.Vocabulary.Kinds]) and rendering all use it, fixed for the
// engine's life, so engines of loads with different vocabularies fire
// concurrently. opts.Workspace defaults to l.Project, opts.Judge and
// opts.MCP to the load's ([Options.Judge], [Options.MCP]);
// opts.Protocols, when set, are added (and win by name). Converted
// hooks that call the exec shim (`hookcompat exec …`, found where the
// engine would start it) run through [RunShim] in the engine's process,
// with the same stdin, environment, output and exit status as the shim
// process, unless opts.InProcess is set ([runner.NoInProcess] starts
// them as processes). A nil l is an error.
func NewEngine(l *Loaded, opts runner.Options) (*runner.Engine, error) {
	if l == nil {
		return nil, errors.New("compat: NewEngine: no loaded hooks (nil *Loaded)")
	}
	vocab := l.Vocabulary
	if vocab == nil {
		vocab = translate.DefaultVocabulary
	}
	if opts.Workspace == "" {
		opts.Workspace = l.Project
	}
	if opts.Judge == nil {
		opts.Judge = l.opts.Judge
	}
	if opts.MCP == nil {
		opts.MCP = l.opts.MCP
	}
	if opts.ToolKinds == nil {
		opts.ToolKinds = vocab.Kinds()
	}
	protos := format.Protocols(vocab)
	if len(opts.Protocols) > 0 {
		byName := map[string]int{}
		for i, p := range protos {
			byName[p.Name()] = i
		}
		for _, p := range opts.Protocols {
			if p == nil {
				continue
			}
			if i, ok := byName[p.Name()]; ok {
				protos[i] = p
			} else {
				protos = append(protos, p)
			}
		}
	}
	opts.Protocols = protos
	if opts.InProcess == nil {
		opts.InProcess = inProcessShim
	}
	return runner.New(l.Config, opts)
}

// ParseEvent reads one event with the default tool vocabulary; see
// [ParseEventWith].
func ParseEvent(data []byte, workspace string) (runner.Event, string, error) {
	return ParseEventWith(data, workspace, nil)
}

// ParseEventWith reads one event: an agent's hook payload — the format
// whose [format.EventReader] is surest reads it (a Claude Code payload
// has "hook_event_name") and translates it to the native event — or a
// native event (it has "event" and no "hook_event_name"), decoded
// strictly except that tool_use_id is accepted for tool_call_id; its args,
// when present, must be an object. workspace fills the native workspace
// field when the input lacks it; vocab translates tool names (nil: the
// default). It returns the event and the name of its wire form: the
// format's name ("claude", "codex", …), or "native" for a native event.
func ParseEventWith(data []byte, workspace string, vocab *translate.Vocabulary) (runner.Event, string, error) {
	if vocab == nil {
		vocab = translate.DefaultVocabulary
	}
	trimmed := bytes.TrimPrefix(data, []byte("\ufeff"))
	probe, err := topKeys(trimmed, "event", "hook_event_name", "tool_use_id", "tool_call_id")
	if err != nil {
		return runner.Event{}, "", fmt.Errorf("event: not a JSON object: %w", err)
	}
	if !probe["event"] || probe["hook_event_name"] {
		// An agent's payload (a Claude FileChanged payload has an "event"
		// field of its own).
		best, bestScore := "", 0
		var bestEv runner.Event
		var bestErr error
		for _, f := range format.All() {
			r, ok := f.(format.EventReader)
			if !ok {
				continue
			}
			ev, score, err := r.ReadEvent(data, workspace, vocab)
			if score > bestScore {
				best, bestScore, bestEv, bestErr = f.Name(), score, ev, err
			}
		}
		if bestScore > 0 {
			return bestEv, best, bestErr
		}
		return runner.Event{}, "", fmt.Errorf(`event: neither a native event (no "event" key) nor an agent's hook payload (no "hook_event_name" key)`)
	}
	if probe["tool_use_id"] && !probe["tool_call_id"] {
		// tool_use_id, Claude's and Phi's name, is accepted for the
		// native tool_call_id (docs/decisions/001).
		var fields runner.Fields
		if err := json.Unmarshal(trimmed, &fields); err == nil {
			for i := range fields {
				if fields[i].Key == "tool_use_id" {
					fields[i].Key = "tool_call_id"
				}
			}
			if b, err := fields.MarshalJSON(); err == nil {
				trimmed = b
			}
		}
	}
	ev, err := runner.DecodeEvent(trimmed)
	if err != nil {
		return runner.Event{}, "", eventFieldHint(err, eventName(trimmed))
	}
	if !ev.Name.Known() {
		return runner.Event{}, "", fmt.Errorf("native event: %w", &settings.UnknownEventError{Event: ev.Name})
	}
	if a := bytes.TrimSpace(ev.Args); len(a) > 0 && a[0] != '{' && !bytes.Equal(a, []byte("null")) {
		// HK-10: args are the tool's arguments, an object; a hook given
		// a string would read no field of it.
		return runner.Event{}, "", fmt.Errorf("native event: args must be a JSON object (the tool's arguments by name), got %s", jsonKind(a))
	}
	if ev.Workspace == "" {
		ev.Workspace = workspace
	}
	return ev, settings.ProtocolNative, nil
}

// topKeys reports which of names are keys of the JSON object data (as
// decoding it into a map finds them: unescaped, exact), in one pass that
// skips the values; an error when data is not one JSON object.
func topKeys(data []byte, names ...string) (map[string]bool, error) {
	found := make(map[string]bool, len(names))
	if !gjson.ValidBytes(data) || !gjson.ParseBytes(data).IsObject() {
		// encoding/json decides, and words the error.
		var probe map[string]json.RawMessage
		if err := json.Unmarshal(data, &probe); err != nil {
			return nil, err
		}
		for _, n := range names {
			_, found[n] = probe[n]
		}
		return found, nil
	}
	hookjson.EachMember(data, func(key string, _, _ []byte) bool {
		for _, n := range names {
			if key == n {
				found[n] = true
			}
		}
		return true
	})
	return found, nil
}

// jsonKind names the kind of the JSON value that starts data.
func jsonKind(data []byte) string {
	switch data[0] {
	case '"':
		return "a string"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	}
	return "a number"
}

// lookupEnv returns a getenv over env ("KEY=value"; the last definition
// wins), or os.Getenv when env is nil.
func lookupEnv(env []string) func(string) string {
	if env == nil {
		return os.Getenv
	}
	return func(name string) string {
		v := ""
		for _, kv := range env {
			if k, val, ok := strings.Cut(kv, "="); ok && k == name {
				v = val
			}
		}
		return v
	}
}
