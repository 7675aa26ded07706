package cursor

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// Cursor as the host of a converted hook of another format (the exec
// shim's --host cursor) tells the hook its world (format.HostWorld), by
// the same rules as the recorded hosts but from Cursor's documentation
// and integrators' notes only (no Cursor recording exists;
// docs/formats/cursor.md lists what rests on documentation):
//
//   - the project directory: Cursor's first workspace root
//     ([cursorFormat.ReadHostEvent]);
//   - the tool result: a Shell call's output ({output, exitCode} on
//     postToolUse, output on afterShellExecution) as both streams
//     interleaved, and its exit code (Cursor has a postToolUseFailure
//     step of its own for failed calls); a Read call's content;
//   - the transcript: the agent transcript JSONL (one {"role",
//     "message": {"content": [...]}} a line: text, tool_use and
//     tool_result segments) read as prompts, answers, tool calls and their
//     results.
//
// Cursor fires beforeSubmitPrompt for what the person sends only (its
// stop step's followup_message is documented as a new message of the
// agent's loop, not a prompt event), so no prompt is skipped.

// HostCall implements format.HostWorld.
func (f cursorFormat) HostCall(data []byte, workspace string, _ []string, protocol string) (*format.HostCall, error) {
	ev, err := f.ReadHostEvent(data, workspace, protocol)
	if err != nil {
		return nil, err
	}
	call := &format.HostCall{Event: ev, TranscriptPath: ev.TranscriptPath}
	if ev.TranscriptPath != "" {
		if t, err := readTranscript(ev.TranscriptPath); err == nil {
			call.Transcript = t
		}
	}
	if len(ev.Result) > 0 || ev.Error != "" {
		// The result as Cursor gave it: ReadHostEvent has already put a
		// Shell result in Bash's shape for the Claude hook, without its
		// exit code.
		raw := ev
		if r, err := f.ReadHostEvent(data, workspace, string(translate.Native)); err == nil {
			raw = r
		}
		call.Outcome = toolOutcome(&raw)
	}
	return call, nil
}

// toolOutcome reads a Cursor tool result: a shell's {output, exitCode}
// (or its stdout/stderr when Cursor gives them apart), a read's text,
// any other tool's result as text.
func toolOutcome(ev *runner.Event) *format.ToolOutcome {
	res := gjson.ParseBytes(ev.Result)
	o := &format.ToolOutcome{Error: ev.Error}
	switch ev.Tool {
	case "shell":
		switch {
		case res.IsObject() && res.Get("stdout").Exists():
			o.Output, o.Stderr = res.Get("stdout").String(), res.Get("stderr").String()
		case res.IsObject():
			o.Output, o.Merged = res.Get("output").String(), true
		default:
			o.Output, o.Merged = res.String(), true
		}
		for _, k := range []string{"exitCode", "exit_code"} {
			if v := res.Get(k); v.Exists() && v.Type == gjson.Number {
				n := int(v.Int())
				o.ExitCode = &n
			}
		}
	case "read":
		c := res.String()
		if res.IsObject() {
			c = res.Get("content").String()
		}
		o.Content = &c
	default:
		o.Text = resultString(ev.Result)
	}
	return o
}

// readTranscript reads a Cursor agent transcript (JSONL of {"role",
// "message": {"content": string | [segments]}}).
func readTranscript(path string) (*format.Transcript, error) {
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
		l := gjson.ParseBytes(sc.Bytes())
		role := l.Get("role").String()
		content := l.Get("message.content")
		if role == "" || !content.Exists() {
			continue
		}
		var text strings.Builder
		var uses []format.ToolUse
		if content.Type == gjson.String {
			text.WriteString(content.String())
		}
		for _, seg := range content.Array() {
			switch seg.Get("type").String() {
			case "text":
				text.WriteString(seg.Get("text").String())
			case "tool_use":
				name := seg.Get("name").String()
				args := json.RawMessage(seg.Get("input").Raw)
				if len(args) == 0 {
					args = json.RawMessage("{}")
				}
				uses = append(uses, format.ToolUse{ID: seg.Get("id").String(), Tool: vocab.Name(Dialect, translate.Native, name),
					Args: vocab.Args(Dialect, translate.Native, name, args)})
			case "tool_result":
				c := seg.Get("content")
				out := c.String()
				if c.IsArray() {
					var b strings.Builder
					for _, p := range c.Array() {
						b.WriteString(p.Get("text").String())
					}
					out = b.String()
				}
				t.Entries = append(t.Entries, format.TranscriptEntry{Role: format.RoleTool, ToolUseID: seg.Get("tool_use_id").String(), Text: out, IsError: seg.Get("is_error").Bool()})
			}
		}
		switch role {
		case "user":
			if s := text.String(); s != "" {
				t.Entries = append(t.Entries, format.TranscriptEntry{Role: format.RoleUser, Text: s})
			}
		case "assistant":
			if s := text.String(); strings.TrimSpace(s) != "" || len(uses) > 0 {
				t.Entries = append(t.Entries, format.TranscriptEntry{Role: format.RoleAssistant, Text: s, ToolUses: uses})
			}
		}
	}
	return t, sc.Err()
}

var _ format.HostWorld = cursorFormat{}
