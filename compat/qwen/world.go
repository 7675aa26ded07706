package qwen

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// Qwen Code as the host of a converted hook of another format (the exec
// shim's --host qwen) tells the hook its world (format.HostWorld):
//
//   - the project directory: $QWEN_PROJECT_DIR, which Qwen Code sets for
//     hooks, else the payload's cwd;
//   - the tool result: a shell call's output (read from its llmContent:
//     "Output: …", both streams interleaved) and exit code, a
//     write_file's or edit's file before and after (returnDisplay), a
//     read_file's content;
//   - the transcript: the chat records (<session>.jsonl) read as
//     prompts, answers, tool calls and their results; a user record that
//     is not a person's (provenance other than real_user) is a meta user
//     entry;
//   - only a person's prompt: UserPromptSubmit without submitted_prompt
//     (the tool-result continuation with prompt "", a Stop continuation
//     with the reason) is skipped, and a person's prompt is the one they
//     typed (submitted_prompt, before a sequential hook's context).

// HostCall implements format.HostWorld.
func (f qwenFormat) HostCall(data []byte, workspace string, env []string, protocol string) (*format.HostCall, error) {
	full, err := agent.FromPayload(data, workspace, nil)
	if err != nil {
		return nil, err
	}
	ev, err := agent.ReadHostEvent(data, workspace, protocol)
	if err != nil {
		return nil, err
	}
	call := &format.HostCall{Event: ev, TranscriptPath: ev.TranscriptPath}
	if dir := hookkit.EnvValue(env, "QWEN_PROJECT_DIR"); dir != "" {
		call.Event.Workspace = dir
	} else if ev.Cwd != "" {
		call.Event.Workspace = ev.Cwd
	}
	r, _ := agent.ForNative(ev.Name)
	if r != nil && r.Prompts != geminicore.PromptsNone {
		var submitted *string
		if raw, ok := full.Extra.Get("submitted_prompt"); ok {
			var s string
			if json.Unmarshal(raw, &s) == nil {
				submitted = &s
			}
		}
		prompt, person := agent.PersonPrompt(r, &call.Event, submitted)
		if !person {
			call.Skip = "a continuation Qwen Code sends as a prompt (no submitted_prompt), not a person's"
		}
		call.Event.Prompt = prompt
		if protocol != agent.Proto {
			call.Event.Extra = withoutKey(call.Event.Extra, "submitted_prompt")
		}
	}
	if ev.TranscriptPath != "" {
		if t, err := readChat(ev.TranscriptPath); err == nil {
			call.Transcript = t
		}
	}
	if r != nil && r.Block == geminicore.Continuation && !r.HasField("agent_transcript_path") && call.Transcript != nil && strings.TrimSpace(ev.Output) != "" {
		// Qwen Code writes the turn's last answer to its chat file after
		// the Stop hooks ran (recorded: a continuation's answer appears
		// only at the next Stop), while Claude Code's transcript holds it
		// when Stop fires: the answer Qwen names in last_assistant_message
		// ends the transcript (Stop's, not a subagent's: SubagentStop's
		// answer is in the subagent's own transcript).
		if lastAnswer(call.Transcript) != ev.Output {
			call.Transcript.Entries = append(call.Transcript.Entries, format.TranscriptEntry{Role: format.RoleAssistant, Text: ev.Output})
		}
	}
	if r != nil && r.HasField("tool_name") && (len(ev.Result) > 0 || ev.Error != "") {
		call.Outcome = geminicore.ToolOutcome(&call.Event)
	}
	return call, nil
}

// chatLine is one record of a Qwen Code chat file.
type chatLine struct {
	Type       string `json:"type"`
	Provenance string `json:"provenance"`
	Timestamp  string `json:"timestamp"`
	SessionID  string `json:"sessionId"`
	Cwd        string `json:"cwd"`
	Model      string `json:"model"`
	Message    *struct {
		Role  string            `json:"role"`
		Parts []json.RawMessage `json:"parts"`
	} `json:"message"`
}

// readChat reads a Qwen Code chat file as a transcript.
func readChat(path string) (*format.Transcript, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	vocab := translate.DefaultVocabulary
	t := &format.Transcript{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 64<<20)
	for sc.Scan() {
		var l chatLine
		if json.Unmarshal(sc.Bytes(), &l) != nil || l.Message == nil {
			continue
		}
		if t.SessionID == "" {
			t.SessionID, t.Cwd = l.SessionID, l.Cwd
		}
		if l.Model != "" {
			t.Model = l.Model
		}
		ts, _ := time.Parse(time.RFC3339Nano, l.Timestamp)
		var text strings.Builder
		var uses []format.ToolUse
		for _, p := range l.Message.Parts {
			var part struct {
				Text         *string `json:"text"`
				Thought      bool    `json:"thought"`
				FunctionCall *struct {
					ID   string          `json:"id"`
					Name string          `json:"name"`
					Args json.RawMessage `json:"args"`
				} `json:"functionCall"`
				FunctionResponse *struct {
					ID       string          `json:"id"`
					Response json.RawMessage `json:"response"`
				} `json:"functionResponse"`
			}
			if json.Unmarshal(p, &part) != nil {
				continue
			}
			switch {
			case part.FunctionCall != nil:
				args := part.FunctionCall.Args
				if len(args) == 0 {
					args = json.RawMessage("{}")
				}
				uses = append(uses, format.ToolUse{ID: part.FunctionCall.ID, Tool: vocab.Name(Dialect, translate.Native, part.FunctionCall.Name),
					Args: vocab.Args(Dialect, translate.Native, part.FunctionCall.Name, args)})
			case part.FunctionResponse != nil:
				out, isErr := responseText(part.FunctionResponse.Response)
				t.Entries = append(t.Entries, format.TranscriptEntry{Role: format.RoleTool, ToolUseID: part.FunctionResponse.ID, Text: out, IsError: isErr, Timestamp: ts})
			case part.Text != nil && !part.Thought:
				text.WriteString(*part.Text)
			}
		}
		switch l.Type {
		case "user":
			if s := text.String(); s != "" {
				t.Entries = append(t.Entries, format.TranscriptEntry{Role: format.RoleUser, Text: s, Meta: l.Provenance != "" && l.Provenance != "real_user", Timestamp: ts})
			}
		case "assistant":
			if s := text.String(); strings.TrimSpace(s) != "" || len(uses) > 0 {
				t.Entries = append(t.Entries, format.TranscriptEntry{Role: format.RoleAssistant, Text: s, ToolUses: uses, Timestamp: ts})
			}
		}
	}
	return t, sc.Err()
}

// responseText is a functionResponse's response as the tool produced it
// (a shell call's output without Qwen's Command/Directory/Exit Code
// lines) and whether the call failed.
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
	if o, ok := geminicore.ShellOutcome(*r.Output); ok {
		return strings.TrimRight(o.Output, "\n"), o.ExitCode != nil && *o.ExitCode != 0
	}
	return *r.Output, false
}

var _ format.HostWorld = qwenFormat{}

func withoutKey(f runner.Fields, key string) runner.Fields {
	var out runner.Fields
	for _, kv := range f {
		if kv.Key != key {
			out = append(out, kv)
		}
	}
	return out
}

// lastAnswer is the transcript's last assistant text ("" for none).
func lastAnswer(t *format.Transcript) string {
	for i := len(t.Entries) - 1; i >= 0; i-- {
		if e := t.Entries[i]; e.Role == format.RoleAssistant && strings.TrimSpace(e.Text) != "" {
			return e.Text
		}
	}
	return ""
}
