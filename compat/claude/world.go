package claude

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// A Claude hook under another agent (the exec shim with --host) gets
// Claude Code's world (format.HookWorld): tool_input with Claude's
// defaults, tool_response in Claude's shape per tool, the error text of a
// failed call as Claude writes it, and a transcript in Claude Code's
// JSONL format. The shapes are Claude Code 2.1.332's, recorded:
//
//   - Bash: {stdout, stderr, interrupted, isImage, noOutputExpected};
//     stdout holds the command's standard output and standard error
//     interleaved, trailing newlines trimmed; stderr is "" (Claude's own
//     notices only); noOutputExpected when the command printed nothing.
//     A failed command's PostToolUseFailure error is "Exit code N\n"
//     followed by that output.
//   - Write: {type: "create"|"update", filePath, content, structuredPatch,
//     originalFile (null for a new file), userModified: false}.
//   - Edit: {filePath, oldString, newString, originalFile,
//     structuredPatch, userModified: false, replaceAll}; tool_input gets
//     replace_all: false when the model gave none.
//   - Read: {type: "text", file: {filePath, content, numLines, startLine,
//     totalLines}}.
//   - MCP tools: the content blocks as the server sent them.
//   - WebFetch: {bytes, code, codeText, result, durationMs, url}.
//
// Other tools (Claude Code 2.1.332 has no Glob or Grep tool) keep the
// host's result as it is.

// worldDefaults are payload keys Claude Code writes with these values
// where the host has nothing for them (a stop's background tasks and
// session crons: none).
var worldDefaults = [][2]string{{"background_tasks", "[]"}, {"session_crons", "[]"}}

// WorldEvent gives a Claude hook Claude's payload fields the host has no
// value for (worldDefaults) and, on a tool event, Claude's tool input,
// result and error for the call of ev that ended as o (nil before the
// call: the input only). It implements format.HookWorld.
func (claudeFormat) WorldEvent(ev *runner.Event, o *format.ToolOutcome) {
	row := eventOf(ev.Name)
	if row == nil {
		return
	}
	for _, kv := range worldDefaults {
		if _, ok := ev.Extra.Get(kv[0]); !ok && hasKey(row.fields, kv[0]) {
			ev.Extra.Set(kv[0], json.RawMessage(kv[1]))
		}
	}
	if ev.Tool == "" {
		return
	}
	ev.Args = worldArgs(ev.Tool, ev.Args)
	if o == nil {
		return
	}
	if hasKey(row.fields, "tool_response") {
		if r := worldResult(ev, o); r != nil {
			ev.Result = r
		}
	}
	if hasKey(row.fields, "error") && ev.Error == "" {
		ev.Error = worldError(ev.Tool, o)
	}
	if hasKey(row.fields, "is_interrupt") {
		if _, ok := ev.Extra.Get("is_interrupt"); !ok {
			ev.Extra.Set("is_interrupt", json.RawMessage(strconv.FormatBool(o.Interrupted)))
		}
	}
	if hasKey(row.fields, "duration_ms") && o.Duration > 0 {
		if _, ok := ev.Extra.Get("duration_ms"); !ok {
			ev.Extra.Set("duration_ms", json.RawMessage(fmt.Sprint(o.Duration.Milliseconds())))
		}
	}
}

func hasKey(keys []string, k string) bool {
	for _, x := range keys {
		if x == k {
			return true
		}
	}
	return false
}

// worldArgs adds the defaults Claude Code writes into a tool's input
// (Edit's replace_all) to native args.
func worldArgs(tool string, args json.RawMessage) json.RawMessage {
	if tool != "edit" || len(bytes.TrimSpace(args)) == 0 {
		return args
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(args, &m) != nil {
		return args
	}
	if _, ok := m["replace_all"]; ok {
		return args
	}
	o := jsonwire.NewObject(jsonwire.JS)
	var f runner.Fields
	if json.Unmarshal(args, &f) != nil {
		return args
	}
	for _, kv := range f {
		o.Raw(kv.Key, kv.Value)
	}
	o.Bool("replace_all", false)
	b, err := o.Bytes()
	if err != nil {
		return args
	}
	return b
}

// nativeArg is one argument of native args ("" when absent or not a
// string).
func nativeArg(args json.RawMessage, key string) (string, bool) {
	var m map[string]json.RawMessage
	if json.Unmarshal(args, &m) != nil {
		return "", false
	}
	var s string
	if json.Unmarshal(m[key], &s) != nil {
		return "", false
	}
	return s, true
}

// worldResult is Claude's tool_response for the call, or nil for a tool
// Claude has no shape for.
func worldResult(ev *runner.Event, o *format.ToolOutcome) json.RawMessage {
	out := jsonwire.NewObject(jsonwire.JS)
	file := o.File
	if file == "" {
		file, _ = nativeArg(ev.Args, "path")
	}
	switch ev.Tool {
	case "shell", "powershell":
		stdout := o.Output
		if !o.Merged && o.Stderr != "" {
			stdout = strings.TrimRight(stdout, "\n") + "\n" + o.Stderr
		}
		stdout = strings.TrimRight(stdout, "\n")
		out.Str("stdout", stdout)
		out.Str("stderr", "")
		out.Bool("interrupted", o.Interrupted)
		out.Bool("isImage", false)
		out.Bool("noOutputExpected", stdout == "")
	case "write":
		content := ""
		if o.Content != nil {
			content = *o.Content
		} else if c, ok := nativeArg(ev.Args, "content"); ok {
			content = c
		}
		kind := "create"
		if o.OriginalKnown && o.Original != nil {
			kind = "update"
		}
		out.Str("type", kind)
		out.Str("filePath", file)
		out.Str("content", content)
		patch := []hunk{}
		if kind == "update" {
			patch = structuredPatch(*o.Original, content)
		}
		out.Raw("structuredPatch", mustJSON(patch))
		if kind == "update" {
			out.Str("originalFile", *o.Original)
		} else {
			out.Raw("originalFile", json.RawMessage("null"))
		}
		out.Bool("userModified", false)
	case "edit", "multi_edit":
		oldS, _ := nativeArg(ev.Args, "old_string")
		newS, _ := nativeArg(ev.Args, "new_string")
		var m map[string]json.RawMessage
		_ = json.Unmarshal(ev.Args, &m)
		replaceAll := string(bytes.TrimSpace(m["replace_all"])) == "true"
		out.Str("filePath", file)
		out.Str("oldString", oldS)
		out.Str("newString", newS)
		orig, content := "", ""
		if o.Original != nil {
			orig = *o.Original
		}
		if o.Content != nil {
			content = *o.Content
		}
		if o.OriginalKnown && o.Original != nil {
			out.Str("originalFile", orig)
		} else {
			out.Str("originalFile", "")
		}
		patch := []hunk{}
		if o.OriginalKnown && o.Original != nil && o.Content != nil {
			patch = structuredPatch(orig, content)
		}
		out.Raw("structuredPatch", mustJSON(patch))
		out.Bool("userModified", false)
		out.Bool("replaceAll", replaceAll)
	case "read":
		if o.Content == nil {
			return nil
		}
		content := *o.Content
		start := o.StartLine
		if start < 1 {
			start = 1
		}
		lines := strings.Count(content, "\n") + 1
		total := o.TotalLines
		if total < lines {
			total = lines + start - 1
		}
		f := jsonwire.NewObject(jsonwire.JS)
		f.Str("filePath", file)
		f.Str("content", content)
		f.Raw("numLines", num(int64(lines)))
		f.Raw("startLine", num(int64(start)))
		f.Raw("totalLines", num(int64(total)))
		fb, err := f.Bytes()
		if err != nil {
			return nil
		}
		out.Str("type", "text")
		out.Raw("file", fb)
	case "web_fetch":
		url, _ := nativeArg(ev.Args, "url")
		out.Raw("bytes", num(int64(len(o.Text))))
		out.Raw("code", num(200))
		out.Str("codeText", "OK")
		out.Str("result", o.Text)
		out.Raw("durationMs", num(o.Duration.Milliseconds()))
		out.Str("url", url)
	default:
		if len(o.Blocks) > 0 {
			return o.Blocks
		}
		return nil
	}
	b, err := out.Bytes()
	if err != nil {
		return nil
	}
	return b
}

// worldError is Claude's PostToolUseFailure error for a failed call:
// "Exit code N" and the output for a command, else the failure text.
func worldError(tool string, o *format.ToolOutcome) string {
	switch tool {
	case "shell", "powershell":
		out := o.Output
		if !o.Merged && o.Stderr != "" {
			out = strings.TrimRight(o.Stderr, "\n") + "\n" + out
		}
		out = strings.TrimRight(out, "\n")
		if o.ExitCode != nil {
			if out == "" {
				return fmt.Sprintf("Exit code %d", *o.ExitCode)
			}
			return fmt.Sprintf("Exit code %d\n%s", *o.ExitCode, out)
		}
		if o.Error != "" {
			return o.Error
		}
		return out
	}
	if o.Error != "" {
		return o.Error
	}
	return o.Text
}

func num(n int64) json.RawMessage { return json.RawMessage(strconv.FormatInt(n, 10)) }

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		return json.RawMessage("null")
	}
	return b
}

// transcriptVersion is the Claude Code version a translated transcript's
// entries name.
const transcriptVersion = RenderVersion

// WorldTranscript writes t as Claude Code's transcript (JSONL, one
// compact object a line; format.HookWorld): a person's prompt as a user
// entry whose content is the text; each assistant text and each tool
// call as an assistant entry of its own (one content block a line, as
// Claude Code writes them, with Claude's tool names and input); a tool
// result as a user entry with a tool_result block; a continuation the
// host sent as the user as a meta user entry "Stop hook feedback:\n…".
// Entries are chained by parentUuid; their uuids are derived from the
// session and the entry's position, so that writing the same
// conversation again gives the same bytes. The file is named
// claude-<host file name>.jsonl, beside the host's.
func (claudeFormat) WorldTranscript(t *format.Transcript, ev *runner.Event, hostBase string) (string, []byte, error) {
	vocab := translate.DefaultVocabulary
	session := t.SessionID
	if session == "" {
		session = ev.SessionID
	}
	cwd := t.Cwd
	if cwd == "" {
		cwd = ev.Cwd
	}
	if cwd == "" {
		cwd = ev.Workspace
	}
	model := t.Model
	name := "claude-" + strings.TrimSuffix(hostBase, filepath.Ext(hostBase)) + ".jsonl"
	var buf bytes.Buffer
	parent := ""
	n := 0
	uuid := func() string {
		n++
		sum := sha256.Sum256([]byte(fmt.Sprintf("%s\x00%d", session, n)))
		h := hex.EncodeToString(sum[:16])
		return h[0:8] + "-" + h[8:12] + "-4" + h[13:16] + "-8" + h[17:20] + "-" + h[20:32]
	}
	stamp := func(e *format.TranscriptEntry) string {
		ts := e.Timestamp
		if ts.IsZero() {
			ts = time.Unix(0, 0).UTC()
		}
		return ts.UTC().Format("2006-01-02T15:04:05.000Z")
	}
	tail := func(o *jsonwire.Object) {
		o.Str("userType", "external")
		o.Str("cwd", cwd)
		o.Str("sessionId", session)
		o.Str("version", transcriptVersion)
	}
	line := func(o *jsonwire.Object) error {
		b, err := o.Bytes()
		if err != nil {
			return err
		}
		buf.Write(b)
		buf.WriteByte('\n')
		return nil
	}
	msgN := 0
	for i := range t.Entries {
		e := &t.Entries[i]
		switch e.Role {
		case format.RoleUser:
			id := uuid()
			o := jsonwire.NewObject(jsonwire.JS)
			putParent(o, parent)
			o.Bool("isSidechain", false)
			o.Str("type", "user")
			msg := jsonwire.NewObject(jsonwire.JS)
			msg.Str("role", "user")
			text := e.Text
			if e.Meta {
				text = "Stop hook feedback:\n" + text
			}
			msg.Str("content", text)
			mb, err := msg.Bytes()
			if err != nil {
				return "", nil, err
			}
			o.Raw("message", mb)
			if e.Meta {
				o.Bool("isMeta", true)
			}
			o.Str("uuid", id)
			o.Str("timestamp", stamp(e))
			tail(o)
			if err := line(o); err != nil {
				return "", nil, err
			}
			parent = id
		case format.RoleAssistant:
			msgN++
			blocks := []json.RawMessage{}
			if strings.TrimSpace(e.Text) != "" {
				blk := jsonwire.NewObject(jsonwire.JS)
				blk.Str("type", "text")
				blk.Str("text", e.Text)
				b, err := blk.Bytes()
				if err != nil {
					return "", nil, err
				}
				blocks = append(blocks, b)
			}
			for _, u := range e.ToolUses {
				blk := jsonwire.NewObject(jsonwire.JS)
				blk.Str("type", "tool_use")
				blk.Str("id", u.ID)
				blk.Str("name", vocab.Name(translate.Native, Dialect, u.Tool))
				args := u.Args
				if len(bytes.TrimSpace(args)) == 0 {
					args = json.RawMessage("{}")
				}
				blk.Raw("input", vocab.Args(translate.Native, Dialect, u.Tool, worldArgs(u.Tool, args)))
				b, err := blk.Bytes()
				if err != nil {
					return "", nil, err
				}
				blocks = append(blocks, b)
			}
			stop := "end_turn"
			if len(e.ToolUses) > 0 {
				stop = "tool_use"
			}
			for _, blk := range blocks {
				id := uuid()
				o := jsonwire.NewObject(jsonwire.JS)
				putParent(o, parent)
				o.Bool("isSidechain", false)
				msg := jsonwire.NewObject(jsonwire.JS)
				msg.Str("id", fmt.Sprintf("msg_hookcompat_%s_%d", shortHash(session), msgN))
				msg.Str("type", "message")
				msg.Str("role", "assistant")
				if model != "" {
					msg.Str("model", model)
				}
				msg.Raw("content", append(append([]byte("["), blk...), ']'))
				msg.Str("stop_reason", stop)
				msg.Raw("stop_sequence", json.RawMessage("null"))
				mb, err := msg.Bytes()
				if err != nil {
					return "", nil, err
				}
				o.Raw("message", mb)
				o.Str("type", "assistant")
				o.Str("uuid", id)
				o.Str("timestamp", stamp(e))
				tail(o)
				if err := line(o); err != nil {
					return "", nil, err
				}
				parent = id
			}
		case format.RoleTool:
			id := uuid()
			o := jsonwire.NewObject(jsonwire.JS)
			putParent(o, parent)
			o.Bool("isSidechain", false)
			o.Str("type", "user")
			blk := jsonwire.NewObject(jsonwire.JS)
			blk.Str("tool_use_id", e.ToolUseID)
			blk.Str("type", "tool_result")
			blk.Str("content", e.Text)
			blk.Bool("is_error", e.IsError)
			bb, err := blk.Bytes()
			if err != nil {
				return "", nil, err
			}
			msg := jsonwire.NewObject(jsonwire.JS)
			msg.Str("role", "user")
			msg.Raw("content", append(append([]byte("["), bb...), ']'))
			mb, err := msg.Bytes()
			if err != nil {
				return "", nil, err
			}
			o.Raw("message", mb)
			o.Str("uuid", id)
			o.Str("timestamp", stamp(e))
			tail(o)
			if err := line(o); err != nil {
				return "", nil, err
			}
			parent = id
		}
	}
	return name, buf.Bytes(), nil
}

func putParent(o *jsonwire.Object, parent string) {
	if parent == "" {
		o.Raw("parentUuid", json.RawMessage("null"))
		return
	}
	o.Str("parentUuid", parent)
}

func shortHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:6])
}

var _ format.HookWorld = claudeFormat{}
