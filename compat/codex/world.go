package codex

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/runner"
)

// Codex as the host of a converted hook of another format (the exec
// shim's --host codex) tells the hook its world (format.HostWorld):
//
//   - the project directory: the folder whose .codex layer holds the
//     converted hooks (a hooks.json or config.toml calling the shim with
//     --host codex), between the project root (the nearest folder with
//     .git) and the session's cwd; else the project root. A Codex session
//     started in a subfolder runs the hooks of the project's .codex, and
//     the hook's own agent would have run in the project: a hook of
//     another format runs there, with that folder as its cwd.
//   - the tool result: a Bash call's output as Codex captured it (its
//     standard output and standard error interleaved, as Claude Code's
//     Bash stdout); an apply_patch call's file as it is now on disk and as
//     it was before (a new file for an Add File, the patch undone for an
//     Update File); the exit code of a command, read from the rollout's
//     CommandExecution item, makes a failed command the native
//     post_tool_failure that Codex has no event of its own for.
//   - the transcript: the rollout JSONL read as prompts, answers, tool
//     calls and their results (only what the model saw: developer
//     messages and Codex's context blocks are left out); a Stop
//     continuation (<hook_prompt …>) is a meta user entry.
//   - only a person's prompt: UserPromptSubmit inside a subagent (a
//     payload with agent_id) is skipped.

// HostCall implements format.HostWorld.
func (f codexFormat) HostCall(data []byte, workspace string, _ []string, protocol string) (*format.HostCall, error) {
	ev, err := NewProtocol(nil).FromPayload(data, workspace)
	if err != nil {
		return nil, err
	}
	if protocol != Name {
		call0 := ev
		call0.Args = minimalEdit(ev.Tool, ev.Args)
		ev = call0
	}
	call := &format.HostCall{Event: ev, TranscriptPath: ev.TranscriptPath}
	cwd := ev.Cwd
	if cwd == "" {
		cwd = workspace
	}
	call.Event.Workspace = projectOf(cwd)
	row, _ := rowFor(ev.Name)
	if row != nil && row.Prompts {
		if _, inside := ev.Extra.Get(extraAgentID); inside {
			call.Skip = "a prompt inside a subagent, not a person's"
		}
	}
	var roll *rollout
	if ev.TranscriptPath != "" {
		if r, err := readRollout(ev.TranscriptPath, cwd); err == nil {
			roll = r
			call.Transcript = r.transcript
		}
	}
	if row != nil && row.Result {
		call.Outcome = toolOutcome(&call.Event, roll)
		if code := call.Outcome.ExitCode; code != nil && *code != 0 && row.FailedAs != "" {
			call.Event.Name = row.FailedAs
		}
	}
	// A session started in a subfolder: the hook's own agent would have
	// been started in the project, so the hook runs there (a relative
	// script path still finds its script; it was a command not found, a
	// non-blocking error, so a guard let every call through).
	if protocol != Name && call.Event.Workspace != cwd && strings.HasPrefix(cwd, call.Event.Workspace+string(filepath.Separator)) {
		call.Event.Cwd = call.Event.Workspace
	}
	return call, nil
}

// minimalEdit narrows a native edit read from a patch's one hunk to the
// lines that change: the hunk's old and new lines less the context lines
// they share at the start and the end (a hook's own agent edits with the
// changed text, not with the patch's context). Other tools and edits
// whose narrowed old text would be empty stay as they are.
func minimalEdit(tool string, args json.RawMessage) json.RawMessage {
	if tool != "edit" {
		return args
	}
	var f runner.Fields
	if json.Unmarshal(args, &f) != nil {
		return args
	}
	oldV, ok1 := f.Get("old_string")
	newV, ok2 := f.Get("new_string")
	var oldS, newS string
	if !ok1 || !ok2 || json.Unmarshal(oldV, &oldS) != nil || json.Unmarshal(newV, &newS) != nil {
		return args
	}
	a, b := strings.Split(oldS, "\n"), strings.Split(newS, "\n")
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	na, nb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	if len(na) == 0 {
		return args // a pure insertion needs its context to say where
	}
	f.Set("old_string", mustJSON(strings.Join(na, "\n")))
	f.Set("new_string", mustJSON(strings.Join(nb, "\n")))
	out, err := f.MarshalJSON()
	if err != nil {
		return args
	}
	return out
}

// projectOf is the project directory of a session whose cwd is cwd: the
// deepest folder from the project root down to cwd whose .codex layer
// calls the shim with Codex as its host, else the project root.
func projectOf(cwd string) string {
	root := ProjectRoot(cwd)
	dirs := projectDirs(root, cwd)
	for i := len(dirs) - 1; i >= 0; i-- {
		for _, name := range []string{"hooks.json", "config.toml"} {
			b, err := os.ReadFile(filepath.Join(dirs[i], ".codex", name))
			if err == nil && bytes.Contains(b, []byte("exec --host codex")) {
				return dirs[i]
			}
		}
	}
	return root
}

// toolOutcome is what the call of ev did, from the payload's
// tool_response, the files on disk and the rollout.
func toolOutcome(ev *runner.Event, roll *rollout) *format.ToolOutcome {
	o := &format.ToolOutcome{}
	var text string
	if json.Unmarshal(ev.Result, &text) != nil {
		text = string(ev.Result)
	}
	if roll != nil {
		if c, ok := roll.commands[ev.ToolCallID]; ok {
			code := c.ExitCode
			o.ExitCode = &code
			if c.Duration > 0 {
				o.Duration = c.Duration
			}
		}
	}
	switch ev.Tool {
	case "shell":
		o.Output, o.Merged = text, true
	case "write", "edit", "multi_edit":
		path := argString(ev.Args, "path")
		o.File = path
		if b, err := os.ReadFile(path); err == nil {
			s := string(b)
			o.Content = &s
		}
		switch ev.Tool {
		case "write":
			// An Add File: the file is new.
			o.OriginalKnown = true
		case "edit":
			oldS, newS := argString(ev.Args, "old_string"), argString(ev.Args, "new_string")
			if o.Content != nil && newS != "" && strings.Count(*o.Content, newS) == 1 {
				orig := strings.Replace(*o.Content, newS, oldS, 1)
				o.Original, o.OriginalKnown = &orig, true
			} else {
				o.Unknown = append(o.Unknown, "original file")
			}
		default:
			o.Unknown = append(o.Unknown, "original file")
		}
		if m := patchOutput.Get().FindStringSubmatch(text); m != nil && !strings.HasPrefix(m[1], "Success") {
			o.Error = strings.TrimSpace(m[1])
		}
	default:
		if len(bytes.TrimSpace(ev.Result)) > 0 && bytes.TrimSpace(ev.Result)[0] == '{' {
			var mcp struct {
				Content json.RawMessage `json:"content"`
			}
			if json.Unmarshal(ev.Result, &mcp) == nil && len(mcp.Content) > 0 {
				o.Blocks = mcp.Content
			}
		}
		o.Text = text
	}
	if o.ExitCode != nil && *o.ExitCode != 0 && o.Error == "" {
		o.Error = strings.TrimRight(o.Output, "\n")
	}
	return o
}

var patchOutput = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`(?s)Output:\n(.*)$`)
}}

func argString(args json.RawMessage, key string) string {
	var m map[string]json.RawMessage
	if json.Unmarshal(args, &m) != nil {
		return ""
	}
	var s string
	_ = json.Unmarshal(m[key], &s)
	return s
}

// rollout is what the shim reads of a Codex rollout file.
type rollout struct {
	transcript *format.Transcript
	// commands are the finished command executions by call id.
	commands map[string]command
}

type command struct {
	ExitCode int
	Duration time.Duration
}

// rolloutLine is one line of a rollout JSONL file.
type rolloutLine struct {
	Timestamp string          `json:"timestamp"`
	Type      string          `json:"type"`
	Payload   json.RawMessage `json:"payload"`
}

// rolloutItem is a response_item's or event_msg's payload.
type rolloutItem struct {
	Type      string          `json:"type"`
	Role      string          `json:"role"`
	Content   json.RawMessage `json:"content"`
	Name      string          `json:"name"`
	Arguments string          `json:"arguments"`
	Input     string          `json:"input"`
	CallID    string          `json:"call_id"`
	Output    json.RawMessage `json:"output"`
	ID        string          `json:"id"`
	Cwd       string          `json:"cwd"`
	Model     string          `json:"model"`
	Item      *struct {
		Type     string `json:"type"`
		ID       string `json:"id"`
		ExitCode *int   `json:"exit_code"`
		Duration *struct {
			Secs  int64 `json:"secs"`
			Nanos int64 `json:"nanos"`
		} `json:"duration"`
	} `json:"item"`
}

// maxRolloutLine bounds one line of a rollout the shim reads.
const maxRolloutLine = 64 << 20

// readRollout reads a rollout file (cwd resolves a patch's relative
// paths).
func readRollout(path, cwd string) (*rollout, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := &rollout{transcript: &format.Transcript{}, commands: map[string]command{}}
	t := r.transcript
	p := NewProtocol(nil)
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), maxRolloutLine)
	for sc.Scan() {
		var l rolloutLine
		if json.Unmarshal(sc.Bytes(), &l) != nil {
			continue
		}
		var it rolloutItem
		if json.Unmarshal(l.Payload, &it) != nil {
			continue
		}
		ts, _ := time.Parse(time.RFC3339Nano, l.Timestamp)
		switch l.Type {
		case "session_meta":
			var meta struct {
				ID  string `json:"id"`
				Cwd string `json:"cwd"`
			}
			if json.Unmarshal(l.Payload, &meta) == nil {
				t.SessionID, t.Cwd = meta.ID, meta.Cwd
				if meta.Cwd != "" {
					cwd = meta.Cwd
				}
			}
		case "turn_context":
			if it.Model != "" {
				t.Model = it.Model
			}
			if it.Cwd != "" {
				cwd = it.Cwd // a patch's paths are the turn's cwd's
			}
		case "event_msg":
			if it.Type == "item_completed" && it.Item != nil && it.Item.Type == "CommandExecution" && it.Item.ExitCode != nil {
				c := command{ExitCode: *it.Item.ExitCode}
				if d := it.Item.Duration; d != nil {
					c.Duration = time.Duration(d.Secs)*time.Second + time.Duration(d.Nanos)
				}
				r.commands[it.Item.ID] = c
			}
		case "response_item":
			switch it.Type {
			case "message":
				text := contentText(it.Content)
				switch it.Role {
				case "user":
					if m := hookPrompt.Get().FindStringSubmatch(text); m != nil {
						t.Entries = append(t.Entries, format.TranscriptEntry{Role: format.RoleUser, Text: m[1], Meta: true, Timestamp: ts})
					} else if !codexContext(text) {
						t.Entries = append(t.Entries, format.TranscriptEntry{Role: format.RoleUser, Text: text, Timestamp: ts})
					}
				case "assistant":
					t.Entries = append(t.Entries, format.TranscriptEntry{Role: format.RoleAssistant, Text: text, Timestamp: ts})
				}
			case "function_call", "custom_tool_call":
				tool, args := p.callOf(it.Name, it.Arguments, it.Input, cwd)
				args = minimalEdit(tool, args)
				t.Entries = append(t.Entries, format.TranscriptEntry{Role: format.RoleAssistant, Timestamp: ts,
					ToolUses: []format.ToolUse{{ID: it.CallID, Tool: tool, Args: args}}})
			case "function_call_output", "custom_tool_call_output":
				var out string
				if json.Unmarshal(it.Output, &out) != nil {
					out = contentText(it.Output)
				}
				text, failed := resultText(out)
				t.Entries = append(t.Entries, format.TranscriptEntry{Role: format.RoleTool, ToolUseID: it.CallID, Text: text, IsError: failed, Timestamp: ts})
			}
		}
	}
	return r, sc.Err()
}

// callOf reads a tool call of the rollout as a native tool and its
// arguments: the shell tools' command (exec_command cmd, shell_command
// command, shell ["bash", "-lc", C]) as Bash, apply_patch's patch text as
// the file change it makes.
func (p *Protocol) callOf(name, arguments, input, cwd string) (string, json.RawMessage) {
	switch name {
	case "exec_command", "shell_command", "shell", "local_shell":
		var a struct {
			Cmd     string          `json:"cmd"`
			Command json.RawMessage `json:"command"`
		}
		_ = json.Unmarshal([]byte(arguments), &a)
		cmd := a.Cmd
		if cmd == "" {
			var s string
			var argv []string
			switch {
			case json.Unmarshal(a.Command, &s) == nil:
				cmd = s
			case json.Unmarshal(a.Command, &argv) == nil && len(argv) > 0:
				cmd = argv[len(argv)-1]
			}
		}
		b, _ := marshalNoHTML(map[string]string{"command": cmd})
		return p.nativeTool("Bash", b, cwd)
	case "apply_patch":
		patch := input
		if patch == "" {
			var a struct {
				Input string `json:"input"`
			}
			_ = json.Unmarshal([]byte(arguments), &a)
			patch = a.Input
		}
		b, _ := marshalNoHTML(map[string]string{"command": patch})
		return p.nativeTool("apply_patch", b, cwd)
	}
	args := json.RawMessage(arguments)
	if !json.Valid(args) {
		args = json.RawMessage("{}")
	}
	return p.nativeTool(name, args, cwd)
}

var hookPrompt = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`(?s)^<hook_prompt[^>]*>(.*)</hook_prompt>$`)
}}

// codexContext reports a user message Codex writes itself (the
// environment context, instructions), which no person typed.
func codexContext(text string) bool {
	t := strings.TrimSpace(text)
	for _, p := range []string{"<environment_context>", "<user_instructions>", "<permissions instructions>", "# AGENTS.md"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

// contentText joins the text parts of a message's content.
func contentText(raw json.RawMessage) string {
	var parts []struct {
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		var s string
		_ = json.Unmarshal(raw, &s)
		return s
	}
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String()
}

// resultText is a call's output as the tool produced it, without
// Codex's header (Chunk ID, Wall time, Process exited with code N,
// Original token count, Output:), and whether the call failed (a
// non-zero exit, a blocked call).
func resultText(out string) (string, bool) {
	failed := strings.HasPrefix(out, "Command blocked by ")
	if m := exitLine.Get().FindStringSubmatch(out); m != nil && m[1] != "0" {
		failed = true
	}
	if i := strings.Index(out, "Output:\n"); i >= 0 && (i == 0 || out[i-1] == '\n') && codexHeader.Get().MatchString(out[:i]) {
		out = out[i+len("Output:\n"):]
	}
	return strings.TrimRight(out, "\n"), failed
}

// codexHeader are the lines Codex writes before a call's output.
var codexHeader = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`^((Chunk ID|Wall time|Process exited with code|Original token count|Exit code|Process running with session ID)[^\n]*\n)*$`)
}}

var exitLine = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^(?:Process exited with code|Exit code:) (-?\d+)$`)
}}

var _ format.HostWorld = codexFormat{}
