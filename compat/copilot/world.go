package copilot

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"strconv"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Copilot CLI as the host of a converted hook of another format (the
// exec shim's --host copilot) tells the hook its world
// (format.HostWorld), recorded with converted Claude hooks run by Copilot
// 1.0.102 (testdata/cross-agent):
//
//   - the project directory: $COPILOT_PROJECT_DIR, which Copilot sets for
//     hooks, else the payload's cwd;
//   - a new session's sessionStart (source "new") is a start, not a
//     cleared session (Claude Code's "startup");
//   - the tool result: a shell call's textResultForLlm without Copilot's
//     "<shellId: N completed with exit code X>" line is the command's
//     output (both streams, as Copilot captures them), X its exit code;
//     another tool's result is its text;
//   - the transcript: the session's events.jsonl (the payload's
//     transcriptPath) read as the person's prompts, the model's answers
//     and tool calls, and the calls' results; agentStop's hook gets the
//     last answer as the turn's output.

// HostCall implements format.HostWorld.
func (f copilotFormat) HostCall(data []byte, workspace string, env []string, protocol string) (*format.HostCall, error) {
	ev, err := f.ReadHostEvent(data, workspace, protocol)
	if err != nil {
		return nil, err
	}
	call := &format.HostCall{Event: ev, TranscriptPath: ev.TranscriptPath}
	if dir := hookkit.EnvValue(env, EnvProjectDir); dir != "" {
		call.Event.Workspace = dir
	}
	if ev.Name == settings.SessionStart && (ev.Reason == "new" || ev.Reason == "") {
		call.Event.Reason = "startup"
	}
	if ev.Name == settings.PostTool || ev.Name == settings.PostToolFailure {
		call.Outcome = toolOutcome(data, &call.Event)
	}
	if ev.TranscriptPath != "" {
		if t, err := readEvents(ev.TranscriptPath); err == nil {
			call.Transcript = t
			if ev.Name == settings.Stop || ev.Name == settings.SubagentStop {
				for i := len(t.Entries) - 1; i >= 0; i-- {
					if e := t.Entries[i]; e.Role == format.RoleAssistant && e.Text != "" {
						call.Event.Output = e.Text
						break
					}
				}
			}
		}
	}
	return call, nil
}

// toolOutcome is the call's result from the payload's toolResult (its
// textResultForLlm), in neutral terms; nil when the payload has none.
func toolOutcome(data []byte, ev *runner.Event) *format.ToolOutcome {
	var p struct {
		Result *struct {
			Text *string `json:"textResultForLlm"`
		} `json:"toolResult"`
		Error string `json:"error"`
	}
	if json.Unmarshal(bytes.TrimPrefix(data, []byte("\ufeff")), &p) != nil {
		return nil
	}
	if ev.Name == settings.PostToolFailure {
		return &format.ToolOutcome{Error: p.Error}
	}
	if p.Result == nil || p.Result.Text == nil {
		return nil
	}
	text := *p.Result.Text
	if NewProtocol(nil).toolName(ev.Tool) == "bash" {
		o := &format.ToolOutcome{Merged: true, Unknown: []string{"stderr"}}
		if m := shellTrailer.Get().FindStringSubmatchIndex(text); m != nil {
			if m[2] >= 0 {
				if n, err := strconv.Atoi(text[m[2]:m[3]]); err == nil {
					o.ExitCode = &n
				}
			}
			text = text[:m[0]]
		}
		o.Output = text
		return o
	}
	return &format.ToolOutcome{Text: text}
}

// readEvents reads Copilot's session events (events.jsonl: one
// {"type", "data", "timestamp"} object a line) as a transcript: each
// user.message a prompt, each assistant.message the model's text and
// tool calls, each tool.execution_complete a call's result. Lines that
// are not JSON, and other events, are skipped.
func readEvents(path string) (*format.Transcript, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t := &format.Transcript{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 64<<20)
	vocab := translate.DefaultVocabulary
	for sc.Scan() {
		var e struct {
			Type      string `json:"type"`
			Timestamp string `json:"timestamp"`
			Data      struct {
				SessionID    string `json:"sessionId"`
				Content      string `json:"content"`
				ToolRequests []struct {
					ID   string          `json:"toolCallId"`
					Name string          `json:"name"`
					Args json.RawMessage `json:"arguments"`
				} `json:"toolRequests"`
				ToolCallID string `json:"toolCallId"`
				Success    bool   `json:"success"`
				Result     struct {
					Content string `json:"content"`
				} `json:"result"`
				Error struct {
					Message string `json:"message"`
				} `json:"error"`
			} `json:"data"`
		}
		if json.Unmarshal(sc.Bytes(), &e) != nil {
			continue
		}
		ts, _ := time.Parse(time.RFC3339Nano, e.Timestamp)
		d := &e.Data
		switch e.Type {
		case "session.start":
			t.SessionID = d.SessionID
		case "user.message":
			t.Entries = append(t.Entries, format.TranscriptEntry{Role: format.RoleUser, Text: d.Content, Timestamp: ts})
		case "assistant.message":
			en := format.TranscriptEntry{Role: format.RoleAssistant, Text: d.Content, Timestamp: ts}
			for _, r := range d.ToolRequests {
				en.ToolUses = append(en.ToolUses, format.ToolUse{ID: r.ID, Tool: vocab.Name(Dialect, translate.Native, r.Name),
					Args: vocab.Args(Dialect, translate.Native, r.Name, r.Args)})
			}
			t.Entries = append(t.Entries, en)
		case "tool.execution_complete":
			text := d.Result.Content
			if !d.Success {
				text = d.Error.Message
			}
			t.Entries = append(t.Entries, format.TranscriptEntry{Role: format.RoleTool, Text: text, ToolUseID: d.ToolCallID, IsError: !d.Success, Timestamp: ts})
		}
	}
	return t, sc.Err()
}

var _ format.HostWorld = copilotFormat{}
