package format

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Format is everything hookcompat knows about one agent's hooks. A
// format value is registered once ([Register]) and shared: it must be
// safe for concurrent use and hold no per-load state; what varies per
// load (the project, the tool vocabulary) is passed to its methods.
//
// Besides these methods a format may implement the optional interfaces
// [Renderer], [EventReader], [Linter], [Shimmer], [CommandVars] and
// [PayloadKeyer]; a conversion target is registered separately
// ([RegisterTarget]).
type Format interface {
	// Name is the format's registered name: "claude", "phi", "native",
	// "codex", …. For a format whose hooks speak their own runtime
	// protocol it is also the protocol name those hooks carry
	// (settings.Hook.Protocol) and its tool-vocabulary dialect.
	Name() string
	// Info describes the format: its title, CLI flag and load order.
	Info() Info
	// Detect reports whether the input at path looks like this format
	// (for `convert --from auto`); data is nil for a directory.
	Detect(path string, data []byte) bool
	// Discover returns the format's sources for env: those that exist, in
	// the order the home agent reads them, each with its scope; and the
	// paths that would be read once they exist (for watching).
	Discover(env *Env) Discovery
	// Load reads srcs — the explicit sources and, when discovery is on,
	// the discovered ones, in order — into native hooks, applying the
	// home agent's rules across them (precedence, policy switches, trust,
	// replacement by name, deduplication). A source that cannot be read
	// or parsed is an error naming file:line:col, except a discovered
	// one, which the agent would skip: that is a warning with one of
	// Info.BrokenCodes. Warnings never fail a load.
	Load(srcs []Source, env *Env) (*Result, error)
	// Translate reads one input as this format for `convert` (a file's
	// bytes, or a directory with Data nil), without the cross-file rules
	// of Load. The error names file:line:col.
	Translate(src translate.Source) (*settings.Config, []translate.Warning, error)
	// Protocol returns the runtime protocol of the format's hooks for an
	// engine whose tool vocabulary is vocab, or nil when the format's
	// hooks speak another format's protocol (native TOML hooks carry
	// their protocol in each hook). A protocol named "native" replaces
	// the runner's own (the native format's, for a vocabulary that
	// renames tools).
	Protocol(vocab *translate.Vocabulary) runner.Protocol
}

// Info describes a [Format].
type Info struct {
	// Title is the format's name for people ("Claude Code").
	Title string
	// Version is the version of the home agent whose behaviour the format
	// reproduces (the recordings it was checked against), or "".
	Version string
	// Basis says what that behaviour was checked against when it is not
	// recordings of the real binary ("" means oracle recordings): for a
	// closed-source agent, its documentation and integrators' code.
	Basis string
	// Flag is the CLI flag, without dashes, that names explicit sources
	// of the format ("settings", "config", "phi-dir", "codex"), and
	// FlagUsage its help text. Empty means no flag.
	Flag, FlagUsage string
	// Order places the format among the others: sources of a lower Order
	// load first, so their hooks' protocol groups run first.
	Order int
	// BrokenCodes are the warning codes that mean a discovered source was
	// skipped whole because it does not parse; a reload that sees one
	// keeps the previous hooks instead.
	BrokenCodes []string
	// DropCodes are the warning codes that mean hooks their author wrote
	// will not run (an unknown event, a matcher that does not compile):
	// `validate` reports them as errors.
	DropCodes []string
}

// Env is what discovery and loading read of the world.
type Env struct {
	// Project is the workspace directory, absolute.
	Project string
	// Home is the user's home directory ("" when unknown).
	Home string
	// Getenv reads the environment the agent runs in (CODEX_HOME,
	// PHI_HOOKS, …); never nil once passed to a format.
	Getenv func(string) string
	// Trusted, if set, decides whether a project's own hooks of a format
	// may run (Claude's and Gemini's folder trust, Codex's project
	// layer); nil trusts every project, in every format (compat
	// Options.Trusted says what each format leaves out on false).
	Trusted func(format, project string) bool
	// ManagedDir overrides where Claude Code's managed policy files are
	// looked for (default /etc/claude-code).
	ManagedDir string
	// SystemRoot prefixes the system-wide paths of every format (/etc/…),
	// for tests; empty means "/".
	SystemRoot string
	// Vocabulary is the tool vocabulary of the load (matchers that name
	// tools are translated with it); nil means the default.
	Vocabulary *translate.Vocabulary
	// Judge reports that the engines built from the load have a judge
	// (runner.Options.Judge): prompt and agent hooks run, so they load
	// without the warning that they cannot.
	Judge bool
	// MCP reports that the engines built from the load have an MCP caller
	// (runner.Options.MCP): mcp_tool hooks are loaded (Claude's) instead
	// of skipped with a warning.
	MCP bool
}

// IsTrusted reports whether project's own hooks of format may run.
func (e *Env) IsTrusted(format string) bool {
	return e.Trusted == nil || e.Trusted(format, e.Project)
}

// Vocab returns the load's vocabulary, or the default one.
func (e *Env) Vocab() *translate.Vocabulary {
	if e.Vocabulary == nil {
		return translate.DefaultVocabulary
	}
	return e.Vocabulary
}

// System joins the system root with an absolute system path.
func (e *Env) System(path string) string {
	if e.SystemRoot == "" {
		return path
	}
	return strings.TrimSuffix(e.SystemRoot, "/") + path
}

// Source is one hook source of a format: a file, or a directory (Phi's
// hook folders).
type Source struct {
	// Format is the format's name.
	Format string
	// Path is the file or folder, as given or found.
	Path string
	// Scope says where the source sits in the format's terms ("user",
	// "project", "managed", "cli", "plugin", …).
	Scope string
	// Discovered marks a source found by discovery rather than named by
	// the user: one that does not parse is skipped with a warning, so that
	// a file caught mid-edit cannot switch every other hook off.
	Discovered bool
	// Installed marks a named source the agent loads beside whatever it
	// discovers (a Claude Code plugin the user installed): naming only
	// installed sources does not turn discovery off.
	Installed bool
}

// Discovery is what [Format.Discover] found.
type Discovery struct {
	// Sources exist, in load order.
	Sources []Source
	// Watch are the paths whose creation or change changes the hooks:
	// every source, and the places sources would appear.
	Watch []string
}

// Result is what [Format.Load] read.
type Result struct {
	// Config holds the hooks, in the order they run.
	Config *settings.Config
	// Warnings name everything not carried over exactly, with positions.
	Warnings []translate.Warning
	// Files are the files read (loaded or rejected), for watching.
	Files []string
}

// Renderer is implemented by formats that can tell what their home agent
// shows the model for an outcome (`hookcompat run --render NAME`). The
// value returned is JSON-encodable; its shape is the format's.
type Renderer interface {
	Render(out *runner.Outcome, vocab *translate.Vocabulary) any
}

// EventReader is implemented by formats whose agents send hooks an event
// payload hookcompat can read (a Claude Code or Codex hook payload).
type EventReader interface {
	// ReadEvent translates data, one JSON object, into a native event
	// (workspace fills what the payload does not carry). score says how
	// sure the format is that data is its payload: 0 means it is not
	// (err is nil then), higher wins among formats.
	ReadEvent(data []byte, workspace string, vocab *translate.Vocabulary) (ev runner.Event, score int, err error)
}

// Host is implemented by formats whose agents can run converted hooks
// through the exec shim (`convert --target NAME` writes the agent's file,
// its commands call `hookcompat exec --host NAME …`): the shim reads the
// agent's payload ([EventReader]; workspace is the shim's working
// directory, which a host may override from its payload or environment),
// runs the wrapped hook with its own format's protocol, and answers the
// agent in the agent's reply schema.
type Host interface {
	EventReader
	// WriteReply renders the shim's outcome for the host agent: what the
	// shim prints on stdout and stderr and its exit status. ev is the
	// event as read (out.Event is the event as the hooks left it).
	WriteReply(out *runner.Outcome, ev *runner.Event) (stdout, stderr []byte, exit int)
}

// HostEventReader is implemented by hosts whose payload carries fields
// the wrapped hook's own agent never sends (Cursor's cursor_version,
// workspace_roots): the shim reads the host's payload with ReadHostEvent
// instead of ReadEvent, so that the hook sees the payload of its own
// agent — protocol names the hook's format ("claude") — and cannot
// mistake the host for another agent. Fields of the hook's agent the
// native event has no place for are set in Extra under that agent's
// names.
type HostEventReader interface {
	ReadHostEvent(data []byte, workspace, protocol string) (runner.Event, error)
}

// ThirdPartyReader is a format whose agent also reads another format's
// files as "third-party configs", behind a setting of its own (Cursor
// reads Claude Code's user, project and local settings with its "Include
// third-party configs" setting on). ThirdPartyScopes names the scopes of
// format other's sources it reads that way (format.Source.Scope values),
// or nil when it reads none of other's. The agent's view (compat's
// Options.Agent) loads them only with the setting on, each hook marked
// settings.ReviewThirdParty.
type ThirdPartyReader interface {
	ThirdPartyScopes(other string) []string
}

// Permissioner is implemented by formats whose agents have a permission
// layer of their own (Claude Code's permission rules and modes) that an
// embedder without one can use: Permissions builds it from a load's
// sources of the format (srcs, with their scopes) for
// runner.Options.Permissions. An error means a source could not be read.
type Permissioner interface {
	Permissions(srcs []Source, env *Env) (runner.Permissions, error)
}

// CommandVars is implemented by formats whose agents set variables that
// hook commands use to find their scripts ($CLAUDE_PROJECT_DIR): doctor
// expands them before checking that a command resolves.
type CommandVars interface {
	Vars(h *settings.Hook, project string) map[string]string
}

var (
	mu      sync.RWMutex
	formats = map[string]Format{}
	targets = map[string]Target{}
)

// Register makes f available under f.Name(). It panics when the name is
// taken (a programming error at init time).
func Register(f Format) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := formats[f.Name()]; dup {
		panic("format: registered twice: " + f.Name())
	}
	formats[f.Name()] = f
}

// Lookup returns the format registered under name.
func Lookup(name string) (Format, bool) {
	mu.RLock()
	defer mu.RUnlock()
	f, ok := formats[name]
	return f, ok
}

// Get returns the format registered under name, or an error wrapping
// translate.ErrUnknownFormat that lists the known names.
func Get(name string) (Format, error) {
	if f, ok := Lookup(name); ok {
		return f, nil
	}
	return nil, fmt.Errorf("%w %q (known: %s)", translate.ErrUnknownFormat, name, strings.Join(Names(), ", "))
}

// All returns every registered format in load order (Info.Order, then
// name).
func All() []Format {
	mu.RLock()
	out := make([]Format, 0, len(formats))
	for _, f := range formats {
		out = append(out, f)
	}
	mu.RUnlock()
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].Info().Order, out[j].Info().Order
		if a != b {
			return a < b
		}
		return out[i].Name() < out[j].Name()
	})
	return out
}

// Names returns the registered format names, sorted.
func Names() []string {
	mu.RLock()
	defer mu.RUnlock()
	names := make([]string, 0, len(formats))
	for n := range formats {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Protocols returns the runtime protocol of every registered format that
// has one, for an engine with vocabulary vocab (runner.Options.Protocols);
// a native protocol among them replaces the runner's own.
func Protocols(vocab *translate.Vocabulary) []runner.Protocol {
	var out []runner.Protocol
	for _, f := range All() {
		if p := f.Protocol(vocab); p != nil {
			out = append(out, p)
		}
	}
	return out
}

// Detect returns the first format, in load order, that recognises the
// input at path; an error wrapping translate.ErrUnknownFormat when none
// does. The native format, which accepts any TOML, is asked last.
func Detect(path string, data []byte) (Format, error) {
	all := All()
	var native Format
	for _, f := range all {
		if f.Name() == settings.ProtocolNative {
			native = f
			continue
		}
		if f.Detect(path, data) {
			return f, nil
		}
	}
	if native != nil && native.Detect(path, data) {
		return native, nil
	}
	return nil, fmt.Errorf("%s: %w: not recognised as any of %s", path, translate.ErrUnknownFormat, strings.Join(Names(), ", "))
}

// DropsHooks reports whether a load warning means that hooks their author
// wrote will never run: one of a format's Info.DropCodes or BrokenCodes.
func DropsHooks(w translate.Warning) bool {
	for _, f := range All() {
		in := f.Info()
		if contains(in.DropCodes, w.Code) || contains(in.BrokenCodes, w.Code) {
			return true
		}
	}
	return false
}

// Broken reports whether a load warning means a source was skipped whole
// because it does not parse (one of a format's Info.BrokenCodes).
func Broken(w translate.Warning) bool {
	for _, f := range All() {
		if contains(f.Info().BrokenCodes, w.Code) {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
