package conformance

import (
	"encoding/json"
)

// The line protocol between the runner and an implementation under test
// (README.md, "Protocol"; schema/request.schema.json and
// schema/reply.schema.json). The runner starts the implementation's
// command once per session, writes one JSON object per line to its stdin
// and reads one JSON object per line from its stdout: first a [Hello]
// answered by a [Ready], then for each case an [EventMsg] answered by a
// [Reply] with the same id. When the session's last case is answered the
// runner closes stdin; the implementation exits. Its stderr is kept for
// the report.

// Hello is the runner's first message of a session: where the sandbox
// is and how the agent was launched.
type Hello struct {
	// Type is "session".
	Type string `json:"type"`
	// Kit is KitVersion.
	Kit     int    `json:"kit"`
	Agent   string `json:"agent"`
	Version string `json:"version"`
	Session string `json:"session"`
	// Root, Project, Home, Tmp and System are the sandbox's absolute
	// paths: System stands for "/" for system-wide files (/etc/…).
	Root    string `json:"root"`
	Project string `json:"project"`
	Home    string `json:"home"`
	Tmp     string `json:"tmp"`
	System  string `json:"system"`
	// Args, Cwd and Env are the agent's launch: its arguments, working
	// directory and environment ("NAME=value"), expanded. Hooks run with
	// Env as the agent's own environment.
	Args []string `json:"args"`
	Cwd  string   `json:"cwd"`
	Env  []string `json:"env"`
	// Options are the session's agent-specific launch options
	// (Launch.Options), placeholders expanded in strings.
	Options map[string]any `json:"options,omitempty"`
}

// Ready is the implementation's answer to Hello. Unsupported, when set,
// says why the implementation cannot run this agent's sessions at all:
// every case of the session is then not supported (not failed), and the
// runner sends no event.
type Ready struct {
	Type        string `json:"type"`
	Unsupported string `json:"unsupported,omitempty"`
}

// EventMsg gives the implementation one case: the event to fire.
type EventMsg struct {
	// Type is "event".
	Type string `json:"type"`
	// ID is the case id; the reply carries it back.
	ID string `json:"id"`
	// Event is the agent's event name.
	Event string `json:"event"`
	// Payload is the exact JSON text the agent sent its hooks, expanded.
	Payload string `json:"payload"`
}

// Reply is the implementation's answer to an EventMsg: the effect it
// computed, or why it cannot say.
type Reply struct {
	Type string `json:"type"`
	ID   string `json:"id"`
	// Effect is what the event's hooks made the agent do.
	Effect *Effect `json:"effect,omitempty"`
	// Unsupported says the implementation has no such event (or cannot
	// express the case): the case counts as not supported.
	Unsupported string `json:"unsupported,omitempty"`
	// Error says the implementation failed on the case (it fails).
	Error string `json:"error,omitempty"`
}

// Effect is what an implementation reports for one event, in the terms
// of the agent whose case it is (tool input with the agent's argument
// names, texts as the agent would send them). A field the event does not
// have is left out; the runner compares only the fields the case
// expects, and a field it expects that is missing fails.
type Effect struct {
	ToolRuns      *bool           `json:"tool_runs,omitempty"`
	ToolInput     json.RawMessage `json:"tool_input,omitempty"`
	PromptBlocked *bool           `json:"prompt_blocked,omitempty"`
	Continues     *bool           `json:"continues,omitempty"`
	Stops         *string         `json:"stops,omitempty"`
	UserText      *string         `json:"user_text,omitempty"`
	// Texts are the texts reaching the model with the event's own model
	// request; texts delivered later (asynchronous hooks) are left out.
	Texts []Text `json:"texts"`
}
