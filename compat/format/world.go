package format

import (
	"encoding/json"
	"time"

	"github.com/hookcompat/hookcompat/runner"
)

// A converted hook's world under another agent (the host): the exec shim
// owes the hook what its home agent would give it — its agent's tool
// result shapes, a transcript in its agent's format, its agent's project
// directory and only the events its agent would fire. A host says what it
// knows in neutral terms ([HostWorld]: a [HostCall]); the hook's format
// turns that into its own agent's shapes ([HookWorld]). Neither side
// names the other: any host serves any hook format that has a world.

// ToolOutcome is what one tool call of a host did, in neutral terms, as
// far as the host's payload and transcript tell: the hook's format
// renders it in its own agent's tool result shape ([HookWorld]). Unknown
// is listed in Unknown rather than guessed.
type ToolOutcome struct {
	// Output is what a command printed: its standard output, or with
	// Merged its standard output and standard error interleaved as the
	// host captured them (Codex's aggregated output).
	Output string
	// Stderr is the standard error of a command whose streams the host
	// kept apart; empty with Merged.
	Stderr string
	// Merged says Output holds both streams and Stderr is not known.
	Merged bool
	// ExitCode is the command's exit status, when the host says.
	ExitCode *int
	// Interrupted says the command was stopped before it ended (a
	// timeout, a cancel).
	Interrupted bool
	// Text is the result as the host showed it to its model, for tools
	// without a structured result (a fetch, a search, an MCP tool).
	Text string
	// Blocks are an MCP tool's content blocks, as the server sent them.
	Blocks json.RawMessage
	// File is the file a read, write or edit was about (absolute).
	File string
	// Content is the file's content after a write or an edit, or what a
	// read returned.
	Content *string
	// Original is the file's content before a write or an edit; nil when
	// the file did not exist (a write that created it) or when the host
	// does not say (OriginalKnown false).
	Original      *string
	OriginalKnown bool
	// StartLine is the first line a read returned (1-based); TotalLines
	// the file's line count, when known.
	StartLine, TotalLines int
	// Files are the paths a glob or a search found, in the host's order.
	Files []string
	// Error is the failure text of a failed call.
	Error string
	// Duration is how long the call took, when the host says.
	Duration time.Duration
	// Unknown names what the hook's agent would have given but the host
	// does not: "stderr" (merged streams), "original file", … — the
	// hook's format leaves those fields at their empty values.
	Unknown []string
}

// Transcript is a host's conversation as far as its transcript file
// holds it, in order: the people's prompts, the model's texts, its tool
// calls and their results.
type Transcript struct {
	// SessionID, Cwd and Model are the session's, when the host says.
	SessionID, Cwd, Model string
	Entries               []TranscriptEntry
}

// Roles of a [TranscriptEntry].
const (
	RoleUser      = "user"      // a person's prompt, or a continuation the agent sent as the user
	RoleAssistant = "assistant" // the model's text and tool calls
	RoleTool      = "tool"      // a tool call's result
)

// TranscriptEntry is one message of a [Transcript].
type TranscriptEntry struct {
	// Role is RoleUser, RoleAssistant or RoleTool.
	Role string
	// Text is the message's text: the prompt, the model's answer, or the
	// result as the model got it.
	Text string
	// Meta marks a user message the agent wrote itself (a hook's
	// continuation prompt, context it added), not a person's.
	Meta bool
	// ToolUses are the calls an assistant message makes.
	ToolUses []ToolUse
	// ToolUseID is the call a RoleTool entry answers; IsError says the
	// call failed or was blocked.
	ToolUseID string
	IsError   bool
	// Timestamp is when the host wrote the message (zero: unknown).
	Timestamp time.Time
}

// ToolUse is one tool call of the model: the host's call id, and the
// native tool name and arguments (runner.Event.Tool, Args).
type ToolUse struct {
	ID   string
	Tool string
	Args json.RawMessage
}

// HostCall is what a host tells the shim about one of its hook payloads,
// for a hook of another format (protocol): the native event — its
// Workspace the project directory the hook's own agent would use, whatever
// the host's working directory — whether that agent would fire it at all,
// and the world around it.
type HostCall struct {
	Event runner.Event
	// Skip, when not empty, says why the hook's own agent would not fire
	// this event (a continuation the host sends as a prompt, a prompt
	// inside a subagent): the shim answers the host without running the
	// hook.
	Skip string
	// Outcome is the tool call's result on post_tool and
	// post_tool_failure, nil elsewhere or when unknown.
	Outcome *ToolOutcome
	// Transcript is the host's conversation (nil when the host gave
	// none or it could not be read); TranscriptPath the host's file.
	Transcript     *Transcript
	TranscriptPath string
}

// HostWorld is implemented by hosts ([Host]) that can tell a converted
// hook of another format its world.
type HostWorld interface {
	// HostCall reads the host's payload data for a hook of format
	// protocol; workspace is the shim's working directory and env its
	// environment (where a host sets its own variables for hooks).
	// Errors are those of reading the payload.
	HostCall(data []byte, workspace string, env []string, protocol string) (*HostCall, error)
}

// HookWorld is implemented by formats whose hooks read their agent's
// world: tool inputs and results in the agent's shapes, the agent's
// transcript.
type HookWorld interface {
	// WorldEvent changes ev into what the format's agent gives its hooks
	// for it: the payload fields the agent always writes and, on a tool
	// event, its defaults in the arguments and, when o is not nil (the
	// call ended as o), the result (Event.Result) and a failure's text
	// (Event.Error) in the agent's shapes. A tool the format has no shape
	// for keeps the host's result.
	WorldEvent(ev *runner.Event, o *ToolOutcome)
	// WorldTranscript renders t as the format's agent writes its
	// transcript file, for the session of ev; name is the file's base
	// name, derived from the host's file's base name hostBase (a file
	// the host itself never reads).
	WorldTranscript(t *Transcript, ev *runner.Event, hostBase string) (name string, data []byte, err error)
}
