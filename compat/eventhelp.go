package compat

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/settings"
)

// CommonEventFields are the fields every native event carries (HK-50).
var CommonEventFields = []string{"event", "session_id", "workspace", "cwd", "prompt_id", "transcript_path", "permission_mode", "agent"}

// nativeEventFields are the fields of each native event beyond
// CommonEventFields (HK-51, HK-52, and the extensions runner.Event
// documents), each with what it holds.
var nativeEventFields = map[settings.Event][]string{
	settings.SessionStart:      {"reason: startup|resume|new (Claude Code's source)"},
	settings.PromptSubmit:      {"prompt"},
	settings.PreTool:           {"tool", "tool_call_id", "args: an object"},
	settings.PermissionRequest: {"tool", "tool_call_id", "args: an object"},
	settings.PostTool:          {"tool", "tool_call_id", "args: an object", "result"},
	settings.PostToolFailure:   {"tool", "tool_call_id", "args: an object", "error"},
	settings.SubagentStart:     {"subagent"},
	settings.SubagentStop:      {"subagent", "output", "stop_hook_active: a boolean"},
	settings.Stop:              {"stop_hook_active: a boolean", "output: the last assistant message"},
	settings.PreCompact:        {"reason: manual|rewind (Claude Code's trigger)"},
	settings.PostCompact:       {"reason: manual|rewind (Claude Code's trigger)"},
	settings.Notification:      {"type", "message"},
	settings.SessionEnd:        {"reason: new|load|exit"},
}

// NativeEventFields returns the fields a native event e carries beyond
// [CommonEventFields], each "name" or "name: what it holds"; an extension
// event (one the native spec lacks) carries its foreign fields under
// "extra", which is also returned for it.
func NativeEventFields(e settings.Event) []string {
	if f, ok := nativeEventFields[e]; ok {
		return f
	}
	return []string{"extra: the foreign payload's own fields, in their order"}
}

// foreignFieldHint is the native field an agent's payload field is, for
// a native event written with it.
var foreignFieldHint = map[string]string{
	"source":                 "reason",
	"trigger":                "reason",
	"tool_name":              "tool",
	"tool_input":             "args",
	"tool_response":          "result",
	"tool_output":            "result",
	"last_assistant_message": "output",
	"agent_type":             "subagent",
	"agent_id":               "subagent",
	"notification_type":      "type",
	"user_prompt":            "prompt",
	"arguments":              "args",
}

var unknownFieldRe = regexp.MustCompile(`unknown field "([^"]*)"`)

// eventFieldHint adds to err, a native event's decoding error naming an
// unknown field, the native field it stands for and the fields of the
// event's kind.
func eventFieldHint(err error, name settings.Event) error {
	m := unknownFieldRe.FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	var hint []string
	if native, ok := foreignFieldHint[m[1]]; ok {
		hint = append(hint, fmt.Sprintf("the native field is %q", native))
	}
	if name.Known() {
		var names []string
		for _, f := range NativeEventFields(name) {
			n, _, _ := strings.Cut(f, ":")
			names = append(names, n)
		}
		hint = append(hint, fmt.Sprintf("%s carries %s besides the common fields", name, strings.Join(names, ", ")))
	}
	hint = append(hint, "hookcompat event --help lists every event's fields")
	return fmt.Errorf("%w (%s)", err, strings.Join(hint, "; "))
}

// eventName is the "event" of a native event's JSON, or "".
func eventName(data []byte) settings.Event {
	return settings.Event(gjson.GetBytes(data, "event").String())
}
