package gemini

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// Gemini CLI as the host of a converted hook of another format (the exec
// shim's --host gemini) tells the hook its world (format.HostWorld):
//
//   - the project directory: $GEMINI_PROJECT_DIR, which Gemini CLI sets
//     for hooks (the session's cwd), else the payload's cwd;
//   - the tool result: a shell call's output (read from its llmContent,
//     both streams interleaved as Gemini captures them) and exit code — a
//     command that exited non-zero is the native post_tool_failure, as
//     Claude Code would fire PostToolUseFailure; a write_file's or
//     replace's file before and after (returnDisplay), a read_file's
//     content; read_file's start_line/end_line become offset/limit;
//   - the transcript: the chat records (session-*.jsonl) read as
//     prompts, answers, tool calls and their results; the SessionStart
//     and BeforeAgent <hook_context> blocks are left out of a prompt, and
//     a continuation after an AfterAgent block is a meta user entry;
//   - only a person's prompt: BeforeAgent for the continuation an
//     AfterAgent block forces (its prompt is the block's reason, which
//     the shim remembered when it answered the block) is skipped, and a
//     prompt loses the <hook_context> prefix SessionStart context adds;
//   - AfterAgent's prompt_response holds every answer of the prompt so
//     far: a stop hook gets the last one (the transcript's last answer).

// HostCall implements format.HostWorld.
func (f geminiFormat) HostCall(data []byte, workspace string, env []string, protocol string) (*format.HostCall, error) {
	ev, err := agent.ReadHostEvent(data, workspace, protocol)
	if err != nil {
		return nil, err
	}
	call := &format.HostCall{Event: ev, TranscriptPath: ev.TranscriptPath}
	if dir := hookkit.EnvValue(env, "GEMINI_PROJECT_DIR"); dir != "" {
		call.Event.Workspace = dir
	} else if ev.Cwd != "" {
		call.Event.Workspace = ev.Cwd
	}
	r, _ := agent.ForNative(ev.Name)
	if ev.TranscriptPath != "" {
		if t, err := readChat(ev.TranscriptPath, agent.Continuations(ev.SessionID)); err == nil {
			call.Transcript = t
		}
	}
	if r != nil && r.Prompts != geminicore.PromptsNone {
		prompt, person := agent.PersonPrompt(r, &call.Event, nil)
		if !person {
			call.Skip = "a continuation Gemini CLI sends as a prompt after an AfterAgent block, not a person's"
		}
		call.Event.Prompt = stripHookContext(prompt)
	}
	if r != nil && r.Block == geminicore.Continuation && call.Transcript != nil {
		if last := lastAnswer(call.Transcript); last != "" && strings.HasSuffix(ev.Output, last) {
			call.Event.Output = last
		}
	}
	if call.Event.Tool == "read" {
		call.Event.Args = readArgs(call.Event.Args)
	}
	if call.Event.Tool == "edit" && protocol != agent.Proto {
		call.Event.Args = dropArg(call.Event.Args, "instruction")
	}
	if r != nil && r.Failure != "" && len(ev.Result) > 0 {
		call.Outcome = geminicore.ToolOutcome(&call.Event)
		if c := call.Outcome.ExitCode; c != nil && *c != 0 && call.Event.Name == r.Native {
			call.Event.Name = r.Failure
		}
	}
	return call, nil
}

// stripHookContext removes the <hook_context>…</hook_context> blocks
// Gemini CLI puts before (SessionStart) and after (BeforeAgent) a prompt.
func stripHookContext(p string) string {
	for {
		t := strings.TrimLeft(p, "\n")
		if !strings.HasPrefix(t, contextOpen) {
			break
		}
		i := strings.Index(t, contextClose)
		if i < 0 {
			break
		}
		p = strings.TrimLeft(t[i+len(contextClose):], "\n")
	}
	if i := strings.LastIndex(p, "\n\n"+contextOpen); i >= 0 && strings.HasSuffix(strings.TrimRight(p, "\n"), contextClose) {
		p = p[:i]
	}
	return p
}

// readArgs writes read_file's start_line/end_line as the native read's
// offset (the first line) and limit (the number of lines).
func readArgs(args json.RawMessage) json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal(args, &m) != nil {
		return args
	}
	var start, end int
	hasStart := json.Unmarshal(m["start_line"], &start) == nil
	hasEnd := json.Unmarshal(m["end_line"], &end) == nil
	if !hasStart && !hasEnd {
		return args
	}
	var f runner.Fields
	_ = json.Unmarshal(args, &f)
	var out runner.Fields
	for _, kv := range f {
		if kv.Key != "start_line" && kv.Key != "end_line" {
			out = append(out, kv)
		}
	}
	if !hasStart {
		start = 1
	}
	out = append(out, runner.Field{Key: "offset", Value: json.RawMessage(itoa(start))})
	if hasEnd && end >= start {
		out = append(out, runner.Field{Key: "limit", Value: json.RawMessage(itoa(end - start + 1))})
	}
	b, err := out.MarshalJSON()
	if err != nil {
		return args
	}
	return b
}

func dropArg(args json.RawMessage, key string) json.RawMessage {
	var f runner.Fields
	if json.Unmarshal(args, &f) != nil {
		return args
	}
	var out runner.Fields
	for _, kv := range f {
		if kv.Key != key {
			out = append(out, kv)
		}
	}
	b, err := out.MarshalJSON()
	if err != nil {
		return args
	}
	return b
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// lastAnswer is the text of the transcript's last assistant entry.
func lastAnswer(t *format.Transcript) string {
	for i := len(t.Entries) - 1; i >= 0; i-- {
		if e := t.Entries[i]; e.Role == format.RoleAssistant && strings.TrimSpace(e.Text) != "" {
			return e.Text
		}
	}
	return ""
}

// chatRecord is one line of a Gemini CLI chat recording (JSONL: a
// metadata line, message records by id — a later record of an id
// replaces it —, {"$set": {...}} updates whose messages replace every
// message, {"$rewindTo": id} truncations).
type chatRecord struct {
	ID        string          `json:"id"`
	Timestamp string          `json:"timestamp"`
	Type      string          `json:"type"`
	Content   json.RawMessage `json:"content"`
	ToolCalls []struct {
		ID     string          `json:"id"`
		Name   string          `json:"name"`
		Args   json.RawMessage `json:"args"`
		Result json.RawMessage `json:"result"`
		Status string          `json:"status"`
	} `json:"toolCalls"`
	Model string `json:"model"`
	Set   *struct {
		Messages []json.RawMessage `json:"messages"`
	} `json:"$set"`
	RewindTo  *string `json:"$rewindTo"`
	SessionID string  `json:"sessionId"`
	// Messages are a whole conversation's (the JSON file of Gemini CLI
	// releases before the JSONL recording).
	Messages []json.RawMessage `json:"messages"`
}

// readChat reads a chat recording as a transcript; continuations are the
// reasons of the AfterAgent blocks the shim answered (their prompts are
// meta entries).
func readChat(path string, continuations []string) (*format.Transcript, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var order []string
	byID := map[string]chatRecord{}
	add := func(r chatRecord) {
		if _, seen := byID[r.ID]; !seen {
			order = append(order, r.ID)
		}
		byID[r.ID] = r
	}
	t := &format.Transcript{}
	records := bytes.Split(data, []byte("\n"))
	var whole chatRecord
	if json.Unmarshal(data, &whole) == nil {
		records = [][]byte{data} // one JSON document
	}
	for _, line := range records {
		var r chatRecord
		if json.Unmarshal(line, &r) != nil {
			continue
		}
		if r.Messages != nil && r.Set == nil {
			r.Set = &struct {
				Messages []json.RawMessage `json:"messages"`
			}{r.Messages}
			if r.SessionID != "" {
				t.SessionID = r.SessionID
			}
		}
		switch {
		case r.RewindTo != nil:
			for i, id := range order {
				if id == *r.RewindTo {
					for _, gone := range order[i:] {
						delete(byID, gone)
					}
					order = order[:i]
					break
				}
			}
		case r.Set != nil && r.Set.Messages != nil:
			order, byID = nil, map[string]chatRecord{}
			for _, m := range r.Set.Messages {
				var mr chatRecord
				if json.Unmarshal(m, &mr) == nil && mr.ID != "" {
					add(mr)
				}
			}
		case r.ID != "" && r.Type != "":
			add(r)
		case r.SessionID != "":
			t.SessionID = r.SessionID
		}
	}
	vocab := translate.DefaultVocabulary
	meta := map[string]bool{}
	for _, c := range continuations {
		meta[strings.TrimSpace(c)] = true
	}
	for _, id := range order {
		r := byID[id]
		ts, _ := time.Parse(time.RFC3339Nano, r.Timestamp)
		switch r.Type {
		case "user":
			var parts []json.RawMessage
			if json.Unmarshal(r.Content, &parts) != nil {
				parts = []json.RawMessage{r.Content}
			}
			var text strings.Builder
			for _, p := range parts {
				var fr struct {
					FunctionResponse *struct {
						ID       string          `json:"id"`
						Response json.RawMessage `json:"response"`
					} `json:"functionResponse"`
				}
				if json.Unmarshal(p, &fr) == nil && fr.FunctionResponse != nil {
					out, isErr := responseText(fr.FunctionResponse.Response)
					t.Entries = append(t.Entries, format.TranscriptEntry{Role: format.RoleTool, ToolUseID: fr.FunctionResponse.ID, Text: out, IsError: isErr, Timestamp: ts})
					continue
				}
				text.WriteString(geminicore.PartsText(p))
			}
			s := text.String()
			if s == "" || strings.HasPrefix(strings.TrimSpace(s), "<session_context>") {
				continue
			}
			s = stripHookContext(s)
			t.Entries = append(t.Entries, format.TranscriptEntry{Role: format.RoleUser, Text: s, Meta: meta[strings.TrimSpace(s)], Timestamp: ts})
		case "gemini":
			if r.Model != "" {
				t.Model = r.Model
			}
			e := format.TranscriptEntry{Role: format.RoleAssistant, Text: geminicore.PartsText(r.Content), Timestamp: ts}
			for _, c := range r.ToolCalls {
				native := vocab.Name(Dialect, translate.Native, c.Name)
				args := c.Args
				if len(args) == 0 {
					args = json.RawMessage("{}")
				}
				e.ToolUses = append(e.ToolUses, format.ToolUse{ID: c.ID, Tool: native, Args: vocab.Args(Dialect, translate.Native, c.Name, args)})
			}
			if strings.TrimSpace(e.Text) != "" || len(e.ToolUses) > 0 {
				t.Entries = append(t.Entries, e)
			}
		}
	}
	return t, nil
}

// responseText is a functionResponse's response as the tool produced it
// ({"output": …} without Gemini's <untrusted_context> wrapper and
// notes, {"error": …}) and whether it is an error.
func responseText(raw json.RawMessage) (string, bool) {
	var r struct {
		Output *string `json:"output"`
		Error  *string `json:"error"`
	}
	if json.Unmarshal(raw, &r) != nil {
		return string(raw), false
	}
	if r.Error != nil {
		return *r.Error, true
	}
	if r.Output == nil {
		return string(raw), false
	}
	out := *r.Output
	if o, ok := geminicore.ShellOutcome(strings.SplitN(out, "\n\n[System]", 2)[0]); ok {
		return strings.TrimRight(o.Output, "\n"), o.ExitCode != nil && *o.ExitCode != 0
	}
	out = hookContextTail.Get().ReplaceAllString(out, "")
	return out, false
}

var hookContextTail = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`(?s)\n\n<hook_context>.*</hook_context>$`)
}}

var _ format.HostWorld = geminiFormat{}
