// Package conformance is a conformance kit for AI-agent hook engines: a
// suite of cases generated from recordings of the real agents (Claude
// Code, Codex, Gemini CLI, Qwen Code, …), a line protocol that any
// implementation can speak as a command, and a runner that gives an
// implementation each case and compares the effect it reports, and what
// its hooks received, with what the real agent did.
//
// The package imports nothing but the standard library, so that another
// project can vendor it (or copy the directory) without hookcompat's
// engine; README.md beside this file is the protocol's reference, and
// schema/*.schema.json its JSON Schemas.
//
// A suite is a tree of session files, cases/<agent>/<version>/<session>.json
// ([Session]); a session is one recording: the files to lay out (hook
// configs and scripts), the agent's launch (arguments, environment,
// working directory) and its events in order, each a [Case] with the
// payload the agent sent and what the agent did ([Expect]). [Load] reads
// a suite, [Runner] runs it against an implementation.
package conformance

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// KitVersion is the version of the case and protocol format this package
// reads and speaks (the "kit" field of every session file and of the
// runner's first message). Kit 2 compares texts' placements and adds
// Session.CaptureDirs.
const KitVersion = 2

// Session is one recorded agent session: a sandbox, a launch and the
// events the agent fired in it, in order. Its cases are run in order by
// one start of the implementation (hooks can keep state across events: a
// once hook, a stop counter).
type Session struct {
	// Kit is KitVersion.
	Kit int `json:"kit"`
	// Agent is the agent whose behaviour the cases hold ("claude",
	// "codex", "gemini", "qwen", "crush"); Version its version as
	// recorded ("2.1.332").
	Agent   string `json:"agent"`
	Version string `json:"version"`
	// Name is the session's name, unique within its agent and version
	// (the recording's folder name).
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	// Source names the recording the session was generated from
	// (informational).
	Source string `json:"source,omitempty"`
	// Attribution names the public origin and license of files copied
	// from other projects (empty when every file was written for the
	// recording).
	Attribution []Attribution `json:"attribution,omitempty"`
	// Files are the files to lay out before the first event: path (a
	// placeholder root such as <PROJECT>/.claude/settings.json) →
	// content, placeholders in it expanded by the runner ([Expand]).
	Files map[string]string `json:"files"`
	// Executable are the paths of Files made executable (hook scripts).
	Executable []string `json:"executable,omitempty"`
	// Dirs are directories to create (empty ones included).
	Dirs []string `json:"dirs,omitempty"`
	// CaptureDirs are directories, beside those of Executable, where the
	// runner writes its capture script: scripts that source it from a
	// folder of the project rather than their own.
	CaptureDirs []string `json:"capture_dirs,omitempty"`
	// GitInit makes <PROJECT> a git repository (git init) before the
	// first event, as the recording's project was.
	GitInit bool `json:"git_init,omitempty"`
	// Launch is how the agent was started.
	Launch Launch `json:"launch"`
	// Values are fixed values of the session's id placeholders
	// (<SESSION>, <UUID>, …): the runner substitutes them in payloads and
	// writes replies back in placeholders.
	Values map[string]string `json:"values,omitempty"`
	// Normalize are extra rewrite rules applied to texts (and stdin)
	// before comparing, in order, after the placeholders ([Rule]).
	Normalize []Rule `json:"normalize,omitempty"`
	// Cases are the session's events, in the order the agent fired them.
	Cases []Case `json:"cases"`
}

// Attribution names a public file a session holds.
type Attribution struct {
	File    string `json:"file"`
	Repo    string `json:"repo"`
	Path    string `json:"path"`
	Commit  string `json:"commit,omitempty"`
	License string `json:"license"`
}

// Launch is how the agent was started for the session.
type Launch struct {
	// Args are the agent's command-line arguments as recorded (the
	// program name left out), placeholders in them.
	Args []string `json:"args"`
	// Cwd is the agent's working directory (usually <PROJECT>).
	Cwd string `json:"cwd"`
	// Env is the launch environment the agent was started with, PATH
	// aside (the runner passes its own PATH): name → value, placeholders
	// in values.
	Env map[string]string `json:"env"`
	// Options are agent-specific facts of the launch that are neither
	// arguments nor files, in the agent's own terms (for Claude Code
	// "settings": the settings files in precedence order, "plugins";
	// for Codex "trusted": whether the project is trusted, …). README.md
	// lists them per agent.
	Options map[string]any `json:"options,omitempty"`
}

// Rule is a regular-expression rewrite (Go RE2 syntax, Replace may use
// $1) applied when normalising texts.
type Rule struct {
	Pattern string `json:"pattern"`
	Replace string `json:"replace"`
}

// Case is one event the agent fired, and what followed.
type Case struct {
	// ID is the case's stable id: <agent>/<version>/<session>/<NN>-<event>.
	ID string `json:"id"`
	// Class is the case's class, the agent's event name (PreToolUse,
	// BeforeTool, …): results are given per class.
	Class string `json:"class"`
	// Event is the agent's event name.
	Event string `json:"event"`
	// Payload is the exact JSON text the agent wrote to its hooks' stdin
	// (placeholders in it). For an event no hook ran on (Synthetic) it is
	// the payload the agent would have sent.
	Payload string `json:"payload"`
	// Synthetic marks an event the agent fired without running any hook
	// (a matcher that did not match): Expect.Hooks is empty, and an
	// implementation must run none.
	Synthetic bool `json:"synthetic,omitempty"`
	// Files are files the agent's own tools had written when it fired the
	// event (a Write call's file, as the tool left it): the runner writes
	// them before sending the event, as the agent's tool did.
	Files map[string]string `json:"files,omitempty"`
	// Commands are shell commands the agent's tools ran before the event
	// (a shell call whose effect a hook of the event reads): the runner
	// runs each with bash -c in the launch's working directory and
	// environment before sending the event.
	Commands []string `json:"commands,omitempty"`
	// Expect is what the agent did. Only the fields it sets are compared.
	Expect Expect `json:"expect"`
	// Omitted names fields the recording could not decide for this event,
	// each with the reason (informational).
	Omitted map[string]string `json:"omitted,omitempty"`
}

// Expect is the expected effect of a case. A nil field is not compared.
type Expect struct {
	// Hooks are the hook processes the agent started for the event, in
	// start order (compared as a multiset by name), each with what it
	// received. Empty (not nil): no hook may run.
	Hooks *[]HookRun `json:"hooks,omitempty"`
	// ToolRuns: whether the tool call of a pre-tool event went ahead.
	ToolRuns *bool `json:"tool_runs,omitempty"`
	// ToolInput: the input the tool ran with (compared as JSON values).
	ToolInput json.RawMessage `json:"tool_input,omitempty"`
	// PromptBlocked: the user's prompt was not sent to the model.
	PromptBlocked *bool `json:"prompt_blocked,omitempty"`
	// Continues: a stop event sent the agent on (another model request).
	Continues *bool `json:"continues,omitempty"`
	// Stops: how the event's hooks ended the agent's loop (continue:false
	// and the like), in the agent's own word when it has one (Claude
	// Code's terminal_reason, "hook_stopped"), else "stopped"; "" when
	// they did not end it.
	Stops *string `json:"stops,omitempty"`
	// UserText: what the user was shown instead (a blocked prompt's
	// message).
	UserText *string `json:"user_text,omitempty"`
	// Texts: every text the event's hooks made reach the model with the
	// event's own model request, compared as a multiset after
	// normalisation. Empty (not nil): none.
	Texts *[]Text `json:"texts,omitempty"`
}

// HookRun is one hook process the agent started.
type HookRun struct {
	// Name is the hook's label (the argument its script gives the
	// runner's capture script).
	Name string `json:"name"`
	// Exit is its exit status; nil when it was killed (timeout).
	Exit *int `json:"exit"`
	// AnyExit: the agent itself ended while the hook ran (and killed it),
	// so its exit status tells nothing: any counts.
	AnyExit bool `json:"any_exit,omitempty"`
	// Stdin is the exact text it read (placeholders in it); nil: not
	// compared.
	Stdin *string `json:"stdin,omitempty"`
	// Cwd is its working directory ("" : not compared).
	Cwd string `json:"cwd,omitempty"`
	// Env are environment variables the agent sets for hooks: name →
	// value (placeholders in it), or null for a variable that must be
	// unset. Variables not named are not compared.
	Env map[string]*string `json:"env,omitempty"`
}

// Text is one model-visible text.
type Text struct {
	Text string `json:"text"`
	// Placement says where the agent put it, in the agent's words
	// (README.md, "Placements": Claude Code's "tool_result",
	// "after_tool_result", …; Codex's "before_output", …). A case's text
	// with a placement needs one of the implementation's with the same
	// text and placement; "" places nothing.
	Placement string `json:"placement,omitempty"`
}

// Suite is a loaded set of sessions.
type Suite struct {
	Sessions []*Session
}

// Load reads every session file (*.json under cases/<agent>/<version>/)
// of fsys, below root ("." for the whole tree). Files named MANIFEST.json
// are skipped. Sessions are sorted by agent, version and name.
func Load(fsys fs.FS, root string) (*Suite, error) {
	s := &Suite{}
	err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".json") || path.Base(p) == "MANIFEST.json" {
			return nil
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		var ses Session
		if err := json.Unmarshal(data, &ses); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		if ses.Kit != KitVersion {
			return fmt.Errorf("%s: kit %d, this runner reads kit %d", p, ses.Kit, KitVersion)
		}
		if ses.Agent == "" || ses.Name == "" {
			return fmt.Errorf("%s: agent and name are required", p)
		}
		s.Sessions = append(s.Sessions, &ses)
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(s.Sessions, func(i, j int) bool {
		a, b := s.Sessions[i], s.Sessions[j]
		if a.Agent != b.Agent {
			return a.Agent < b.Agent
		}
		if a.Version != b.Version {
			return a.Version < b.Version
		}
		return a.Name < b.Name
	})
	return s, nil
}

// Count is a number of cases of one agent, version and class.
type Count struct {
	Agent, Version, Class string
	Cases                 int
}

// Counts counts the suite's cases per agent, version and class, sorted.
func (s *Suite) Counts() []Count {
	m := map[[3]string]int{}
	for _, ses := range s.Sessions {
		for _, c := range ses.Cases {
			m[[3]string{ses.Agent, ses.Version, c.Class}]++
		}
	}
	out := make([]Count, 0, len(m))
	for k, n := range m {
		out = append(out, Count{k[0], k[1], k[2], n})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Agent != b.Agent {
			return a.Agent < b.Agent
		}
		if a.Version != b.Version {
			return a.Version < b.Version
		}
		return a.Class < b.Class
	})
	return out
}

// Cases is the number of cases of the suite.
func (s *Suite) Cases() int {
	n := 0
	for _, ses := range s.Sessions {
		n += len(ses.Cases)
	}
	return n
}

// Stratified is a small sample of the suite that still has every agent,
// version and class: for each of them, the session of its first case
// (in suite order), each session once. A smoke run of an implementation
// (or of a runner) takes it where the whole suite would take long.
func (s *Suite) Stratified() *Suite {
	out := &Suite{}
	seen := map[[3]string]bool{}
	for _, ses := range s.Sessions {
		take := false
		for _, c := range ses.Cases {
			k := [3]string{ses.Agent, ses.Version, c.Class}
			if !seen[k] {
				seen[k], take = true, true
			}
		}
		if take {
			out.Sessions = append(out.Sessions, ses)
		}
	}
	return out
}
