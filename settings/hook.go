package settings

import (
	"encoding/json"
	"fmt"
	"path"
	"strconv"
	"time"
)

// DefaultTimeout is a native hook's timeout when timeout_seconds is absent
// or zero (HK-02).
const DefaultTimeout = 30 * time.Second

// Hook types (HK-62, HK-63, HK-65). The empty type means TypeCommand.
const (
	TypeCommand = "command"
	TypeHTTP    = "http"
	TypePrompt  = "prompt"
	// TypeAgent carries Claude Code's agent handler; it runs only through an
	// interface the embedding agent provides.
	TypeAgent = "agent"
	// TypeMCPTool carries Claude Code's mcp_tool handler (claude §2.2): a
	// call of tool MCPTool on the agent's MCP server MCPServer with the
	// arguments MCPInput; it runs only through an MCP caller the embedding
	// agent provides.
	TypeMCPTool = "mcp_tool"
)

// ProtocolNative is the protocol of the native hook spec. The empty
// protocol means ProtocolNative. Every other protocol is an agent's,
// named after its format and registered by it ([RegisterProtocol]).
const ProtocolNative = "native"

// Match syntaxes of this package. The empty syntax means MatchGlob. An
// agent's own syntax is named after its format and registered by it
// with the function that checks its patterns ([RegisterMatchSyntax]).
const (
	// MatchGlob is the native syntax: a path.Match glob on the native tool
	// name; "" matches everything (HK-01).
	MatchGlob = "glob"
	// MatchExact is one exact tool name, or "*" (Phi's matchers, phi §3).
	MatchExact = "exact"
)

// Source records where a hook was defined. It is provenance, not
// configuration: the encoder writes it as a comment and equality of
// configs ignores it.
type Source struct {
	File   string // path of the file the hook came from, as given
	Line   int    // 1-based line of the hook's definition; 0 if unknown
	Col    int    // 1-based column; 0 if unknown
	Format string // the format's name ("native", or a registered format's)
	Scope  string // where the file sits: "user", "project", "local", "plugin", "cli", …; may be empty
	Event  string // the event name as written in the source (e.g. "PreToolUse")
	// Ordinal is the hook's 1-based position in its home agent's own
	// numbering of every hook it loaded, across events and files (Codex
	// names a handler by it in model-visible texts: hook_run_id
	// "stop:<Ordinal-1>:<file>"); 0 if unknown. Like the rest of Source it
	// is not configuration: Encode does not write it.
	Ordinal int
	// Review is the home agent's own review state of the hook, where it
	// keeps one per hook (not configuration: Encode does not write it):
	// [ReviewManaged], [ReviewRecorded], [ReviewNeeded], or
	// [ReviewThirdParty]; empty when the agent keeps none.
	Review string
	// ReviewHash is the hook's identity in its home agent's review
	// record, where the agent keeps one (not configuration): for Codex
	// "sha256:<64 hex digits>", the value /hooks records as
	// [hooks.state."<key>"] trusted_hash once the hook is reviewed as it
	// is now (Codex's currentHash); empty otherwise.
	ReviewHash string
	// Comments are the comment lines written right above the hook's table
	// in a native TOML file (without "# "); [Encode] writes them back, so
	// that converting a converted file again gives the same bytes.
	Comments []string
}

// Review states of a hook ([Source.Review]).
const (
	// ReviewManaged: a managed layer's hook, run without review (Codex's
	// requirements, system and legacy managed layers).
	ReviewManaged = "managed"
	// ReviewRecorded: the agent's record holds a review of the hook as
	// it is now (Codex's [hooks.state."<key>"] trusted_hash equals the
	// hash Codex computes of the hook: its status Trusted).
	ReviewRecorded = "reviewed"
	// ReviewNeeded: the agent runs the hook only once a user reviewed it
	// (Codex's /hooks), and no review is recorded (Codex: Untrusted).
	ReviewNeeded = "needs-review"
	// ReviewModified: a review is recorded, but of another version of
	// the hook — it was edited since (Codex: Modified; any change of
	// its command, matcher, timeout, async, statusMessage counts); the
	// agent runs it only once reviewed again, as [ReviewNeeded].
	ReviewModified = "modified"
	// ReviewThirdParty: another agent's hook this one runs only with a
	// setting of its own on (Cursor's "Include third-party configs" for
	// Claude Code's settings files).
	ReviewThirdParty = "third-party"
)

// String renders the position as file:line:col (omitting unknown parts).
func (s Source) String() string {
	switch {
	case s.File == "":
		return ""
	case s.Line == 0:
		return s.File
	case s.Col == 0:
		return s.File + ":" + strconv.Itoa(s.Line)
	}
	return s.File + ":" + strconv.Itoa(s.Line) + ":" + strconv.Itoa(s.Col)
}

// Hook is one hook definition of the native model. Field order here is the
// order in which [Encode] writes TOML keys.
type Hook struct {
	// Event is the event the hook runs on; it is the TOML table key
	// ([[hooks.<event>]]), not a field.
	Event Event `toml:"-"`

	// Match selects tool calls by tool name for tool events (HK-01). Its
	// syntax is given by MatchSyntax; "" matches everything.
	Match string
	// Command is the command text. For the native protocol it runs as
	// `bash -c Command` in the workspace (HK-02); foreign protocols run it
	// the way their home agent does (Claude: /bin/sh -c).
	Command string
	// Args, instead of Command, runs Args[0] with Args[1:] directly without
	// a shell (HK-65). A hook has Command or Args, never both.
	Args []string
	// Type is "command" (default, also for Args), "http", "prompt", or the
	// Claude-only "agent" and "mcp_tool".
	Type string
	// Timeout bounds one run of the hook. It is written as
	// timeout_seconds (seconds, fractions allowed). Zero means the default of
	// the hook's protocol: 30 s native (HK-02); translators always set it
	// explicitly for foreign hooks, so that the unit and default of the
	// foreign format are kept.
	Timeout time.Duration
	// FailClosed makes a failure (non-zero exit other than 2, timeout, bad
	// output, spawn failure) block instead of being ignored (HK-21).
	FailClosed bool
	// If is a permission rule that narrows a tool hook to the calls it
	// names (HK-64), e.g. "shell(git push *)". Empty means every call.
	If string
	// URL is the endpoint of an http hook (HK-62).
	URL string
	// Headers are extra HTTP headers; $VAR and ${VAR} are replaced only for
	// names in AllowedEnvVars (HK-62).
	Headers map[string]string
	// AllowedEnvVars lists the environment variables headers may use.
	AllowedEnvVars []string
	// Prompt is the criteria of a prompt hook (HK-63).
	Prompt string
	// Model names the model that judges a prompt hook (HK-63).
	Model string

	// Protocol is an extension: which agent's hook protocol the hook
	// speaks: ProtocolNative by default, or a protocol a format registered
	// ([RegisterProtocol]), named after it. It decides the stdin payload,
	// environment, working directory and how exit code and output are
	// read.
	Protocol string
	// MatchSyntax is an extension: how Match is read: MatchGlob by
	// default, MatchExact, or a syntax a format registered
	// ([RegisterMatchSyntax]), named after it.
	MatchSyntax string
	// Env is an extension: variables added to the hook's environment, for
	// example CLAUDE_PLUGIN_ROOT of a Claude plugin hook.
	Env map[string]string
	// Shell is an extension: Claude's shell field ("bash" default or
	// "powershell").
	Shell string
	// Async is an extension: the hook runs in the background and its
	// decision fields have no effect (Claude async, Phi async).
	Async bool
	// Rewake is an extension: with Async, Claude's asyncRewake — an exit 2
	// of the background run wakes the agent with the hook's stderr as a
	// task notification, and its other output is dropped.
	Rewake bool
	// StatusMessage is an extension: Claude's spinner text (UI only).
	StatusMessage string
	// Once is an extension: Claude's once (remove after the first
	// successful run; honoured for skill hooks only).
	Once bool
	// Name is an extension: the hook's name in its home format (a Phi
	// hook's name); messages about the hook use it. Empty means the hook
	// is named by what it runs.
	Name string
	// Dir is an extension: the hook's working directory (a Phi hook runs
	// in its own directory). Empty means the protocol's default (the
	// workspace, or the event's cwd for Claude).
	Dir string
	// Options is an extension: settings of the hook's own format that the
	// native model has no field for, keyed and spelled in that format's
	// terms (Cursor's loop_limit, or its step when several of its events
	// map to one native event). Only the hook's protocol reads them.
	Options map[string]string
	// MCPServer is an extension: the MCP server an mcp_tool hook calls,
	// as the agent names it (Claude's server: "github", or
	// "plugin:<plugin>:<server>").
	MCPServer string
	// MCPTool is an extension: the tool an mcp_tool hook calls.
	MCPTool string
	// MCPInput is an extension: the arguments of an mcp_tool hook's call,
	// a JSON object (written in TOML as a string holding it). String
	// values may hold ${path} lookups into the event's payload, as
	// Claude's "${tool_input.file_path}"; nil means no arguments.
	MCPInput json.RawMessage

	// Wraps is the label of the hook this one runs through hookcompat's
	// exec shim, as [Hook.Label] gives it for that hook (its name, else
	// its command, …): "./guard.sh" for a converted hook whose command is
	// `hookcompat exec --host gemini … -- ./guard.sh`. Empty for a hook
	// that is not a shim call. It is derived from the hook's command when
	// a config is loaded through the compat package (which owns the
	// shim's command line), so it is the same on every load of the same
	// file; it is never decoded or encoded.
	Wraps string `toml:"-"`

	// Source is provenance; see [Source].
	Source Source `toml:"-"`
}

// EffectiveType returns Type, or TypeCommand when Type is empty.
func (h *Hook) EffectiveType() string {
	if h.Type == "" {
		return TypeCommand
	}
	return h.Type
}

// EffectiveProtocol returns Protocol, or ProtocolNative when it is empty.
func (h *Hook) EffectiveProtocol() string {
	if h.Protocol == "" {
		return ProtocolNative
	}
	return h.Protocol
}

// EffectiveMatchSyntax returns MatchSyntax, or MatchGlob when it is empty.
func (h *Hook) EffectiveMatchSyntax() string {
	if h.MatchSyntax == "" {
		return MatchGlob
	}
	return h.MatchSyntax
}

// EffectiveTimeout returns Timeout, or DefaultTimeout (30 s, HK-02) when it
// is zero.
func (h *Hook) EffectiveTimeout() time.Duration {
	if h.Timeout <= 0 {
		return DefaultTimeout
	}
	return h.Timeout
}

// Label is a short human name for the hook, for traces, logs, findings
// and hookcompat's own messages: the hook it runs through the exec shim
// ([Hook.Wraps]: the user's script, not the generated name or the shim's
// command line of a converted hook), else [Hook.ConfigLabel].
func (h *Hook) Label() string {
	if h.Wraps != "" {
		return h.Wraps
	}
	return h.ConfigLabel()
}

// ConfigLabel names the hook as its own file does, whatever it runs: its
// Name, else its command, args, URL or prompt, whichever it runs. An
// agent's own messages quote this (Claude Code's "[<command>]: …" quotes
// the command as configured, a shim call included).
func (h *Hook) ConfigLabel() string {
	switch {
	case h.Name != "":
		return h.Name
	case h.Command != "":
		return h.Command
	case len(h.Args) > 0:
		return fmt.Sprintf("%q", h.Args)
	case h.URL != "":
		return h.URL
	case h.Prompt != "":
		return "prompt: " + h.Prompt
	case h.MCPTool != "":
		return "mcp_tool: " + h.MCPServer + "/" + h.MCPTool
	}
	return "(empty hook)"
}

// matchGlobValid reports whether pattern is a valid path.Match glob (HK-01).
func matchGlobValid(pattern string) bool {
	_, err := path.Match(pattern, "")
	return err == nil
}

// Config is a set of hooks in configured order. Hooks of different events
// may interleave; [Config.Sort] puts them in canonical event order while
// keeping the order within one event.
type Config struct {
	Hooks []Hook
	// Header holds the comment lines at the top of a decoded TOML file,
	// up to the first blank line (without "# "): the provenance comment of
	// a converted file. Encode does not write it by itself.
	Header []string
}

// ForEvent returns the hooks of e in configured order. The returned
// pointers point into c.Hooks.
func (c *Config) ForEvent(e Event) []*Hook {
	var out []*Hook
	for i := range c.Hooks {
		if c.Hooks[i].Event == e {
			out = append(out, &c.Hooks[i])
		}
	}
	return out
}

// Append adds the hooks of other after c's, keeping both orders.
func (c *Config) Append(other *Config) {
	if other != nil {
		c.Hooks = append(c.Hooks, other.Hooks...)
	}
}

// Sort orders hooks by canonical event rank, stably, so that hooks of one
// event keep their configured order. Unknown events sort last, by name
// (as [Encode] documents).
func (c *Config) Sort() {
	rank := func(e Event) int {
		if r := e.Rank(); r >= 0 {
			return r
		}
		return 1 << 30
	}
	less := func(a, b Event) bool {
		ra, rb := rank(a), rank(b)
		return ra < rb || (ra == rb && ra == 1<<30 && a < b)
	}
	hooks := c.Hooks
	// insertion sort keeps it stable and needs no closure over indices
	for i := 1; i < len(hooks); i++ {
		for j := i; j > 0 && less(hooks[j].Event, hooks[j-1].Event); j-- {
			hooks[j], hooks[j-1] = hooks[j-1], hooks[j]
		}
	}
}
