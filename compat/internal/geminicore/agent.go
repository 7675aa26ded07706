package geminicore

import (
	"encoding/json"
	"sync"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Agent is one agent of the Gemini CLI family as the core runs it: its
// event table and what it does differently. Each format declares one at
// package level as a composite literal (no code runs at start: the table
// and the maps are built on first use). Func fields left nil take the
// default their doc comment gives.
type Agent struct {
	// Proto is the agent's format and protocol name ("gemini"); Title
	// its name in messages ("Gemini CLI"); Vocab its tool vocabulary;
	// MatchSyntax the match syntax of its matchers.
	Proto, Title string
	Vocab        translate.Dialect
	MatchSyntax  string
	// Rows returns the event table, in the agent's order.
	Rows func() []Row

	// Payload (see [Agent.FromPayload], [Agent.Payload]).

	// Head and Tail are the common payload keys before and after
	// hook_event_name, in order; a key the row's Fields also name is
	// written there instead.
	Head, Tail []string
	// Keys returns the native fields of the payload keys every event
	// shares (a row's Keys override them).
	Keys func() map[string]Field
	// Defaults returns the raw JSON written for a common key whose native
	// value is empty (a row's Defaults override them).
	Defaults func() map[string]string
	// OmitEmpty are native fields whose key is left out when empty.
	OmitEmpty []Field
	// NullPrompt: a null prompt is no prompt (else it is an error).
	NullPrompt bool
	// PermissionModes maps the agent's permission_mode values to the
	// native ones (Claude Code's: default, plan, acceptEdits,
	// bypassPermissions), as [agent value, native value] pairs; a value
	// not listed passes unchanged, both ways.
	PermissionModes [][2]string
	// ToolName is the agent's name of a native tool (nil: the
	// vocabulary's).
	ToolName func(vocab *translate.Vocabulary, native string) string
	// EmptyResult is the tool_response of an event without a result.
	EmptyResult func(ev *runner.Event) json.RawMessage
	// Transcript is the transcript_path of an event without one, for the
	// engine's environment base (nil: "").
	Transcript func(ev *runner.Event, base []string) string
	// AfterRead completes an event read from a payload (nil: nothing).
	AfterRead func(r *Row, ev *runner.Event)

	// Protocol (see [Protocol]).

	// Select applies a hook's matcher of the agent's syntax to ev; an
	// error says the matcher could not be evaluated (the hook is then
	// selected, with a warning). Selection of hooks of another match
	// syntax and of events without a row is the core's.
	Select func(p *Protocol, r *Row, h *settings.Hook, ev *runner.Event) (bool, error)
	// Env is every hook's environment for ev, from the engine's base.
	Env func(p *Protocol, ev *runner.Event, base []string) []string
	// LaunchExpander is the agent's load-time $VAR expansion with the
	// engine's environment, applied when a hook has the option
	// expand_vars.
	LaunchExpander func(env []string) Expander
	// HTTP prepares an http hook's run (nil: headers expanded from the
	// hook's allowed variables); an error refuses it.
	HTTP func(p *Protocol, h *settings.Hook, ev *runner.Event, inv *runner.Invocation) error
	// Argv is the argv of a command hook's command after expansion.
	Argv func(p *Protocol, h *settings.Hook, ev *runner.Event, cmd string, env []string) []string
	// DedupKey is the agent's identity of a hook in a plan.
	DedupKey func(h *settings.Hook) string
	// AsyncDetached: async command hooks run detached.
	AsyncDetached bool
	// StatusMessage: the agent's command handlers have a statusMessage
	// (Qwen Code); convert writes a hook's status text there.
	StatusMessage bool
	// TimeoutText is the agent's error of a timed-out hook.
	TimeoutText func(d time.Duration) string
	// Read reads a finished run's output into d (Output, Source, Success,
	// Error); r is nil for an event the agent has no row for.
	Read func(h *settings.Hook, r *Row, res *runner.RunResult, d *Detail)
	// Blocks reports whether one hook's output blocks its event (r may be
	// nil).
	Blocks func(r *Row, o *Output) bool
	// FailDecision is the decision a failed fail_closed hook's output
	// says ("deny", "block").
	FailDecision string
	// Merge combines the outputs of one event's hooks, in plan order (nil
	// when there is none or the event ignores them).
	Merge func(r *Row, outs []*Output) *Output
	// Reply says in native terms what the agent does with a (merged)
	// output.
	Reply func(p *Protocol, r *Row, ev *runner.Event, m *Output) runner.Reply
	// OwnReply completes one hook's own reply (nil: nothing).
	OwnReply func(rep *runner.Reply, m *Output)

	// Format glue.

	// ShimTimeout is the timeout of a hook built from a shim command
	// line before its flags apply.
	ShimTimeout func(s *format.ShimSpec) time.Duration
	// ProjectVars are the variables the agent sets to the project folder
	// for hook commands.
	ProjectVars []string
	// Sure reports whether a payload of a known event name with these
	// top-level keys is surely the agent's ([Agent.ReadEvent]).
	Sure func(name string, keys map[string]bool) bool
	// HostOnly reports the Extra keys of the agent's payloads that hooks
	// of other formats never get from their own agent
	// ([Agent.ReadHostEvent]).
	HostOnly func(key string) bool

	// Sources.

	// Dir is the agent's folder in a project and home (".gemini"); its
	// settings file is Dir/settings.json.
	Dir string
	// SystemEnv and DefaultsEnv name the variables that move the system
	// settings and the system defaults; SystemPath is the system
	// settings' default path.
	SystemEnv, DefaultsEnv, SystemPath string
	// Home is the agent's user folder for a getenv and a home folder.
	Home func(getenv func(string) string, home string) string
	// Order are the scopes [Agent.Discover] lists, before extensions.
	Order []string
	// Extensions are the hook sources of the installed extensions under
	// a folder, sorted; IsExtension reports whether a path given by the
	// user is one.
	Extensions  func(dir string) []string
	IsExtension func(path string) bool

	// Target.

	// OwnHandler reports hooks of the agent's own protocol a convert
	// target writes as they are (nil: every command hook).
	OwnHandler func(h *settings.Hook) bool
	// TimeoutUnit writes a duration in the agent's timeout unit.
	TimeoutUnit func(d time.Duration) int64

	once sync.Once
	idx  *index
}

// index is an agent's table and maps, built on first use.
type index struct {
	rows     []Row
	byName   map[string]*Row
	byNative map[settings.Event]*Row
	names    []string
	keys     map[string]Field
	defaults map[string]string
	omit     map[Field]bool
}

func (a *Agent) index() *index {
	a.once.Do(func() {
		x := &index{rows: a.Rows(), byName: map[string]*Row{}, byNative: map[settings.Event]*Row{}, omit: map[Field]bool{}}
		for i := range x.rows {
			r := &x.rows[i]
			x.byName[r.Name] = r
			x.byNative[r.Native] = r
			if r.Failure != "" {
				x.byNative[r.Failure] = r
			}
			x.names = append(x.names, r.Name)
		}
		if a.Keys != nil {
			x.keys = a.Keys()
		}
		if a.Defaults != nil {
			x.defaults = a.Defaults()
		}
		for _, f := range a.OmitEmpty {
			x.omit[f] = true
		}
		a.idx = x
	})
	return a.idx
}

// Event returns the row of an event name of the agent (case-sensitive).
func (a *Agent) Event(name string) (*Row, bool) {
	r, ok := a.index().byName[name]
	return r, ok
}

// ForNative returns the row whose hooks run on native event e (its
// Native or its Failure event).
func (a *Agent) ForNative(e settings.Event) (*Row, bool) {
	r, ok := a.index().byNative[e]
	return r, ok
}

// EventNames returns the agent's event names in table order.
func (a *Agent) EventNames() []string { return append([]string(nil), a.index().names...) }

// Table returns the agent's rows in order (shared: do not modify).
func (a *Agent) Table() []Row { return a.index().rows }

// field is the native field holding payload key of r's event.
func (a *Agent) field(r *Row, key string) Field {
	if f, ok := r.Keys[key]; ok {
		return f
	}
	return a.index().keys[key]
}

// emptyDefault is the raw JSON written for key of r when its native value
// is empty, or "".
func (a *Agent) emptyDefault(r *Row, key string) string {
	if d, ok := r.Defaults[key]; ok {
		return d
	}
	return a.index().defaults[key]
}

// toolName is the agent's name of native tool t.
func (a *Agent) toolName(vocab *translate.Vocabulary, t string) string {
	if a.ToolName != nil {
		return a.ToolName(vocab, t)
	}
	return vocab.Name(translate.Native, a.Vocab, t)
}
