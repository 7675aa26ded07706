package copilot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// The payloads (recorded hc_*_camel, hc_*_pascal, i, h, r): compact JSON
// without a trailing newline, in Copilot's key order. The camelCase
// dialect: sessionId, timestamp (milliseconds since the epoch), cwd,
// then the event's keys (toolName "bash", toolArgs as an object,
// toolResult {resultType, textResultForLlm}). The PascalCase dialect:
// hook_event_name, session_id, timestamp (ISO 8601, UTC), cwd, then the
// event's keys in snake_case (tool_name "Bash" — Claude's tool names —
// tool_input with Copilot's argument names, tool_result {result_type,
// text_result_for_llm}). permissionRequest has one payload for both
// (hookName, sessionId, timestamp, cwd, toolName, toolInput,
// permissionSuggestions), notification its camelCase payload with
// hook_event_name and notification_type. Events inside a subagent end
// with agentId, agentType and parentAgentId.

// Event fields a native event keeps in Extra under Copilot's camelCase
// keys.
const (
	extraTimestamp = "timestamp"
)

// nowMS is the clock of payload timestamps (a test may fix it).
var nowMS = func() int64 { return time.Now().UnixMilli() }

// timestampMS is the event's timestamp in milliseconds: Extra's, else
// now.
func timestampMS(ev *runner.Event) int64 {
	if v, ok := ev.Extra.Get(extraTimestamp); ok {
		if n, err := strconv.ParseInt(strings.TrimSpace(string(v)), 10, 64); err == nil {
			return n
		}
		var s string
		if json.Unmarshal(v, &s) == nil {
			if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
				return t.UnixMilli()
			}
		}
	}
	return nowMS()
}

// isoTime writes ms as Copilot's PascalCase timestamp.
func isoTime(ms int64) string {
	return time.UnixMilli(ms).UTC().Format("2006-01-02T15:04:05.000Z")
}

// payload is the stdin of a hook of row r in the dialect (pascal) for
// ev.
func (p *Protocol) payload(r *row, ev *runner.Event, pascal bool) ([]byte, error) {
	o := jsonwire.NewObject(jsonwire.Serde)
	// Outside the common shape the PascalCase dialect is the camelCase
	// payload with the agent keys in snake_case (recorded
	// hc_sub_pascal_all, hc_x_subagent_pascal).
	mixed := pascal && r.Shape != shapeCommon
	if r.Shape != shapeCommon {
		pascal = false
	}
	ts := timestampMS(ev)
	cwd := ev.Cwd
	if cwd == "" {
		cwd = ev.Workspace
	}
	switch {
	case r.Shape == shapePermission:
		o.Str("hookName", r.Camel)
		o.Str("sessionId", ev.SessionID)
		o.Raw("timestamp", json.RawMessage(strconv.FormatInt(ts, 10)))
		o.Str("cwd", cwd)
	case pascal:
		o.Str("hook_event_name", r.Pascal)
		o.Str("session_id", ev.SessionID)
		o.Str("timestamp", isoTime(ts))
		o.Str("cwd", cwd)
	default:
		o.Str("sessionId", ev.SessionID)
		o.Raw("timestamp", json.RawMessage(strconv.FormatInt(ts, 10)))
		o.Str("cwd", cwd)
	}
	keys := r.Keys
	if pascal {
		// The agent keys go right after cwd, then the event's own keys in
		// the dialect's order.
		for _, k := range agentTail {
			if v, ok := ev.Extra.Get(k); ok && !r.hasKey(k) {
				o.Raw(snake(k), v)
			}
		}
		keys = r.pascalKeys()
	}
	for _, k := range keys {
		name := k.Camel
		if pascal || (mixed && k.Agent) {
			name = k.pascalKey()
		}
		v, ok, err := p.value(r, k, ev, pascal)
		if err != nil {
			return nil, fmt.Errorf("%s payload: %s: %w", r.Camel, name, err)
		}
		if ok {
			o.Raw(name, v)
		}
	}
	if !pascal {
		for _, k := range agentTail {
			if v, ok := ev.Extra.Get(k); ok && !r.hasKey(k) {
				name := k
				if mixed {
					name = snake(k)
				}
				o.Raw(name, v)
			}
		}
	}
	return o.Bytes()
}

// pascalKeys are the row's keys in the PascalCase dialect's order: the
// agent keys first, then PascalOrder's (or the camelCase order).
func (r *row) pascalKeys() []key {
	var agents, rest []key
	for _, k := range r.Keys {
		if k.Agent {
			agents = append(agents, k)
		} else {
			rest = append(rest, k)
		}
	}
	if len(r.PascalOrder) > 0 {
		rest = rest[:0]
		for _, name := range r.PascalOrder {
			for _, k := range r.Keys {
				if k.Camel == name {
					rest = append(rest, k)
				}
			}
		}
	}
	return append(agents, rest...)
}

func (r *row) hasKey(camel string) bool {
	for _, k := range r.Keys {
		if k.Camel == camel {
			return true
		}
	}
	return false
}

// value is the raw JSON of key k for ev, and whether it is written.
func (p *Protocol) value(r *row, k key, ev *runner.Event, pascal bool) (json.RawMessage, bool, error) {
	str := func(s string) (json.RawMessage, bool, error) { return jsonwire.RawString(s), true, nil }
	dflt := func() (json.RawMessage, bool, error) {
		if k.Default == "" {
			return nil, false, nil
		}
		return json.RawMessage(k.Default), true, nil
	}
	if v, ok := ev.Extra.Get(k.Camel); ok && k.From == fExtra {
		return v, true, nil
	}
	switch k.From {
	case fConst:
		return dflt()
	case fTool:
		name := p.toolName(ev.Tool)
		if pascal {
			name = pascalName(name)
		}
		return str(name)
	case fArgs:
		if len(ev.Args) == 0 {
			return dflt()
		}
		return p.vocab.Args(translate.Native, Dialect, ev.Tool, ev.Args), true, nil
	case fPermInput:
		return p.permissionInput(ev), true, nil
	case fResult:
		res := ev.Result
		if len(res) == 0 {
			return dflt()
		}
		if pascal {
			res = snakeKeys(res)
		}
		return res, true, nil
	case fError:
		if v, ok := ev.Extra.Get(k.Camel); ok {
			return v, true, nil
		}
		return str(ev.Error)
	case fPrompt:
		if ev.Prompt == "" {
			return dflt()
		}
		return str(ev.Prompt)
	case fReason:
		if ev.Reason == "" {
			return dflt()
		}
		return str(ev.Reason)
	case fTranscript:
		return str(ev.TranscriptPath)
	case fStopActive:
		return json.RawMessage(strconv.FormatBool(ev.StopHookActive)), true, nil
	case fOutput:
		if ev.Output == "" {
			return dflt()
		}
		return str(ev.Output)
	case fSubagent:
		if ev.Subagent == "" {
			return dflt()
		}
		return str(ev.Subagent)
	case fMessage:
		if ev.Message == "" {
			return dflt()
		}
		return str(ev.Message)
	case fType:
		if ev.Type == "" {
			return dflt()
		}
		return str(ev.Type)
	}
	return dflt()
}

// toolName is Copilot's camelCase name of native tool t.
func (p *Protocol) toolName(t string) string {
	return p.vocab.Name(translate.Native, Dialect, t)
}

// permissionInput is permissionRequest's toolInput (recorded
// hc_perm_view_allowall, h, i): a shell call's command alone; for a file
// change, Copilot's edit request {file_path, diff} (a create is a diff
// from /dev/null); other tools' arguments in Copilot's names. A toolInput
// read from a Copilot payload is kept as it is.
func (p *Protocol) permissionInput(ev *runner.Event) json.RawMessage {
	if v, ok := ev.Extra.Get(extraToolInput); ok {
		return v
	}
	args := p.vocab.Args(translate.Native, Dialect, ev.Tool, ev.Args)
	var m map[string]json.RawMessage
	if json.Unmarshal(args, &m) != nil {
		if len(args) == 0 {
			return json.RawMessage("{}")
		}
		return args
	}
	str := func(k string) string {
		var s string
		_ = json.Unmarshal(m[k], &s)
		return s
	}
	switch p.toolName(ev.Tool) {
	case "bash", "powershell":
		o := jsonwire.NewObject(jsonwire.Serde)
		if c, ok := m["command"]; ok {
			o.Raw("command", c)
		}
		b, _ := o.Bytes()
		if b == nil {
			return json.RawMessage("{}")
		}
		return b
	case "create":
		o := jsonwire.NewObject(jsonwire.Serde)
		path := str("path")
		o.Str("file_path", path)
		o.Str("diff", createDiff(path, str("file_text")))
		b, _ := o.Bytes()
		return b
	case "edit":
		if _, ok := m["diff"]; ok {
			return args
		}
		o := jsonwire.NewObject(jsonwire.Serde)
		path := str("path")
		o.Str("file_path", path)
		o.Str("diff", editDiff(path, str("old_str"), str("new_str")))
		b, _ := o.Bytes()
		return b
	}
	return args
}

// extraToolInput keeps a permissionRequest payload's toolInput as read.
const extraToolInput = "toolInput"

// createDiff is the diff Copilot shows for a new file (recorded).
func createDiff(path, text string) string {
	lines := splitLines(text)
	var b strings.Builder
	fmt.Fprintf(&b, "\ndiff --git a%s b%s\ncreate file mode 100644\nindex 0000000..0000000\n--- a/dev/null\n+++ b%s\n@@ -1,0 +1,%d @@\n", path, path, path, len(lines))
	for _, l := range lines {
		b.WriteString("+" + l + "\n")
	}
	return b.String()
}

// editDiff is a diff of one replacement, in the shape Copilot writes
// (without the file's other lines, which only Copilot reads).
func editDiff(path, old, new string) string {
	o, n := splitLines(old), splitLines(new)
	var b strings.Builder
	fmt.Fprintf(&b, "\ndiff --git a%s b%s\nindex 0000000..0000000 100644\n--- a%s\n+++ b%s\n@@ -1,%d +1,%d @@\n", path, path, path, path, len(o), len(n))
	for _, l := range o {
		b.WriteString("-" + l + "\n")
	}
	for _, l := range n {
		b.WriteString("+" + l + "\n")
	}
	return b.String()
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// snakeKeys rewrites the keys of a JSON object in snake_case (one level:
// toolResult's resultType, textResultForLlm).
func snakeKeys(raw json.RawMessage) json.RawMessage {
	var f runner.Fields
	if json.Unmarshal(raw, &f) != nil {
		return raw
	}
	o := jsonwire.NewObject(jsonwire.Serde)
	for _, kv := range f {
		o.Raw(snake(kv.Key), kv.Value)
	}
	b, err := o.Bytes()
	if err != nil {
		return raw
	}
	return b
}

// camelKeys is snakeKeys' inverse.
func camelKeys(raw json.RawMessage) json.RawMessage {
	var f runner.Fields
	if json.Unmarshal(raw, &f) != nil {
		return raw
	}
	o := jsonwire.NewObject(jsonwire.Serde)
	for _, kv := range f {
		o.Raw(camel(kv.Key), kv.Value)
	}
	b, err := o.Bytes()
	if err != nil {
		return raw
	}
	return b
}

func camel(s string) string {
	var b strings.Builder
	up := false
	for _, c := range s {
		switch {
		case c == '_':
			up = true
		case up:
			b.WriteString(strings.ToUpper(string(c)))
			up = false
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// FromPayload reads a Copilot hook payload of either dialect into a
// native event (workspace fills Workspace; a payload without cwd gets
// it too). Which event it is comes from hook_event_name (PascalCase),
// hookName (permissionRequest) or the keys it has; keys the native event
// has no field for are kept in Extra under their camelCase names, so
// that the payload rebuilt from the event is the same. It returns the
// row and whether the payload was PascalCase.
func (p *Protocol) FromPayload(data []byte, workspace string) (runner.Event, *row, bool, error) {
	var fields runner.Fields
	if err := json.Unmarshal(bytes.TrimPrefix(data, []byte("\ufeff")), &fields); err != nil {
		return runner.Event{}, nil, false, fmt.Errorf("copilot payload: %w", err)
	}
	r, pascal := guessRow(fields)
	if r == nil {
		return runner.Event{}, nil, false, fmt.Errorf("copilot payload: cannot tell which Copilot event it is")
	}
	ev := runner.Event{Name: r.Native, Workspace: workspace}
	str := func(v json.RawMessage) string {
		var s string
		_ = json.Unmarshal(v, &s)
		return s
	}
	byName := map[string]key{}
	for _, k := range r.Keys {
		byName[k.Camel] = k
		if pascal || k.Agent {
			byName[k.pascalKey()] = k
		}
	}
	var copilotTool string
	for _, f := range fields {
		switch f.Key {
		case "hook_event_name":
			if r.Shape == shapeCommon {
				continue
			}
		case "hookName":
			continue
		case "sessionId", "session_id":
			ev.SessionID = str(f.Value)
			continue
		case "cwd":
			ev.Cwd = str(f.Value)
			continue
		case "timestamp":
			v := f.Value
			if s := str(v); s != "" {
				if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
					v = json.RawMessage(strconv.FormatInt(t.UnixMilli(), 10))
				}
			}
			ev.Extra.Set(extraTimestamp, v)
			continue
		}
		k, ok := byName[f.Key]
		if !ok {
			name := f.Key
			if pascal || strings.Contains(name, "_") && r.Shape != shapeCommon && r.Shape != shapeNotification {
				name = camel(name)
			}
			ev.Extra.Set(name, f.Value)
			continue
		}
		switch k.From {
		case fTool:
			copilotTool = str(f.Value)
			if pascal {
				copilotTool = camelName(copilotTool)
			}
			ev.Tool = p.vocab.Name(Dialect, translate.Native, copilotTool)
		case fArgs:
			ev.Args = f.Value
		case fPermInput:
			ev.Extra.Set(extraToolInput, f.Value)
			ev.Args = f.Value
		case fResult:
			ev.Result = f.Value
			if pascal {
				ev.Result = camelKeys(f.Value)
			}
		case fError:
			if s, isStr := strOf(f.Value); isStr {
				ev.Error = s
			} else {
				ev.Extra.Set(k.Camel, f.Value)
			}
		case fPrompt:
			ev.Prompt = str(f.Value)
		case fReason:
			ev.Reason = str(f.Value)
		case fTranscript:
			ev.TranscriptPath = str(f.Value)
		case fStopActive:
			ev.StopHookActive = string(bytes.TrimSpace(f.Value)) == "true"
		case fOutput:
			ev.Output = str(f.Value)
		case fSubagent:
			ev.Subagent = str(f.Value)
		case fMessage:
			ev.Message = str(f.Value)
		case fType:
			ev.Type = str(f.Value)
		case fConst:
		default:
			ev.Extra.Set(k.Camel, f.Value)
		}
	}
	if len(ev.Args) > 0 && copilotTool != "" {
		ev.Args = p.vocab.Args(Dialect, translate.Native, copilotTool, ev.Args)
	}
	if ev.Cwd == "" {
		ev.Cwd = workspace
	}
	if v, ok := ev.Extra.Get("agentType"); ok && !r.hasKey("agentType") {
		ev.Agent = str(v) // the subagent the hook runs inside
	}
	return ev, r, pascal, nil
}

// guessRow finds the row of a payload: hookName (permissionRequest),
// hook_event_name (a PascalCase event; notification's own payload has
// it too, with notification_type), else the row all of whose keys the
// payload has, the one with most keys (postToolUse over preToolUse).
func guessRow(fields runner.Fields) (*row, bool) {
	has := map[string]bool{}
	for _, f := range fields {
		has[f.Key] = true
	}
	if v, ok := fields.Get("hookName"); ok {
		if s, _ := strOf(v); s != "" {
			if r, _, ok := rowOf(s); ok {
				return r, false
			}
		}
	}
	if v, ok := fields.Get("hook_event_name"); ok {
		s, _ := strOf(v)
		for i := range events.Get().rows {
			r := &events.Get().rows[i]
			if r.Shape == shapeNotification && r.Pascal == s && has[r.Keys[len(r.Keys)-1].Camel] {
				return r, false
			}
		}
		if r, pascal, ok := rowOf(s); ok {
			return r, pascal
		}
		return nil, false
	}
	var best *row
	for i := range events.Get().rows {
		r := &events.Get().rows[i]
		if r.Shape != shapeCommon && r.Shape != shapeMixed {
			continue
		}
		all := true
		for _, k := range r.Keys {
			all = all && (has[k.Camel] || (k.Agent && has[k.pascalKey()]))
		}
		if all && (best == nil || len(r.Keys) > len(best.Keys)) {
			best = r
		}
	}
	return best, false
}

func strOf(v json.RawMessage) (string, bool) {
	var s string
	if json.Unmarshal(v, &s) != nil {
		return "", false
	}
	return s, true
}
